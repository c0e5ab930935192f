//! Reader-supplied text as a message shows it.
//!
//! Notes and errors quote what a reader typed, a link carried or a file held: a name, a value, a
//! file name. That text can be a megabyte long, and it can hold characters that change how the
//! whole message renders: a right-to-left override (U+202E) in the file name `invoice`, U+202E,
//! `nosj.exe` turns the rest of the line around (the name reads `invoiceexe.json`), a zero-width
//! space hides where two values differ, a line break or a terminal escape splits the CLI's one
//! `error:` line. A message must stay short and readable whatever was put in, so every message
//! quotes such text through [`quote`], and a message that another library wrote around the input
//! (serde_json's, clap's) goes through [`bounded_message`], the same rule without the quotes.
//!
//! The rule of [`quote`]:
//! - the value stands in double quotes, as it is, when it has at most [`QUOTED_CHARS`] characters
//!   (Unicode scalar values, so a cut never splits one);
//! - a longer value is cut after [`QUOTED_CHARS`] characters, with `…` before the closing quote
//!   and its full length after it: `"xxxx…" (1,048,576 characters)`;
//! - a hidden character (below) is written as its code point, `U+202E`, and counts as one
//!   character. Every other character, `é` or `日本` included, stays as it is: a quoted name is
//!   meant to be read.
//!
//! A character is hidden when it is invisible or rearranges the text around it: the controls (C0,
//! DEL and C1), the line and paragraph separators (U+2028, U+2029), the format characters
//! (Unicode's category Cf: the bidi marks, embeddings, overrides and isolates U+061C, U+200E,
//! U+200F, U+202A–U+202E, U+2066–U+2069, the zero-width space and joiners U+200B–U+200D, the word
//! joiner U+2060, U+FEFF, the soft hyphen, …) and Unicode's other default-ignorable code points
//! (fillers, variation selectors, tags).
//!
//! [`describe_char`] is the stricter rule for the one character an error points at (the ID
//! parser's): everything but printable ASCII by code point. Both write a code point the same way.

use std::fmt::{self, Write as _};

mod elapsed;
mod number;
pub use elapsed::{ago, span};
pub use number::{
    approx_count, burn, data_size, dollars, dollars_significant, duration_ms, group,
    hex_u64_grouped, milliseconds, percent, percent_one_decimal, rough_duration_s, round_to_spread,
    thousands, whole_rate, Rounded,
};

/// How many characters of a value [`quote`] shows: enough to recognise it, short enough that a
/// message stays one line.
pub const QUOTED_CHARS: usize = 40;

/// How many characters of a message [`bounded_message`] shows: room for what went wrong, where,
/// and what was expected, around a short quoted value.
pub const MESSAGE_CHARS: usize = 200;

/// The hidden characters as ranges of first and last, in code point order: Cc, Zl, Zp, Cf and
/// Unicode's Default_Ignorable_Code_Point (Unicode 16).
const HIDDEN: [(char, char); 27] = [
    ('\u{0}', '\u{1F}'),
    ('\u{7F}', '\u{9F}'),
    ('\u{AD}', '\u{AD}'),
    ('\u{34F}', '\u{34F}'),
    ('\u{600}', '\u{605}'),
    ('\u{61C}', '\u{61C}'),
    ('\u{6DD}', '\u{6DD}'),
    ('\u{70F}', '\u{70F}'),
    ('\u{890}', '\u{891}'),
    ('\u{8E2}', '\u{8E2}'),
    ('\u{115F}', '\u{1160}'),
    ('\u{17B4}', '\u{17B5}'),
    ('\u{180B}', '\u{180F}'),
    ('\u{200B}', '\u{200F}'),
    ('\u{2028}', '\u{202E}'),
    ('\u{2060}', '\u{206F}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{FE00}', '\u{FE0F}'),
    ('\u{FEFF}', '\u{FEFF}'),
    ('\u{FFA0}', '\u{FFA0}'),
    ('\u{FFF0}', '\u{FFFB}'),
    ('\u{110BD}', '\u{110BD}'),
    ('\u{110CD}', '\u{110CD}'),
    ('\u{13430}', '\u{1343F}'),
    ('\u{1BCA0}', '\u{1BCA3}'),
    ('\u{1D173}', '\u{1D17A}'),
    ('\u{E0000}', '\u{E0FFF}'),
];

/// `value` as a message quotes it: in double quotes, cut after [`QUOTED_CHARS`] characters with
/// its length, hidden characters by code point (the module's rule). Formatted in place, so a
/// message makes no copy of the value.
pub fn quote(value: &str) -> Shown<'_, true> {
    Shown(value)
}

/// A message another library wrote, which may quote its input whole (serde_json's "unknown
/// variant `…`", clap's "invalid value '…'"), by [`quote`]'s rule without the quotes and at
/// [`MESSAGE_CHARS`] characters: hidden characters by code point, and a longer message cut with
/// `…` and its length.
pub fn bounded_message(message: &str) -> Shown<'_, false> {
    Shown(message)
}

/// Text as [`quote`] (`QUOTED`) or [`bounded_message`] writes it. A parameter rather than a field,
/// so that a message formats a bare reference to the text.
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a, const QUOTED: bool>(&'a str);

impl<const QUOTED: bool> fmt::Display for Shown<'_, QUOTED> {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        if QUOTED {
            write_cut(out, self.0, "\"", QUOTED_CHARS)
        } else {
            write_cut(out, self.0, "", MESSAGE_CHARS)
        }
    }
}

/// The one rule of [`quote`] and [`bounded_message`]: `text` between `marks`, its first
/// `shown_chars` characters with hidden ones named, and after a cut `…` and the full length.
fn write_cut(
    out: &mut fmt::Formatter<'_>,
    text: &str,
    marks: &str,
    shown_chars: usize,
) -> fmt::Result {
    out.write_str(marks)?;
    // A character boundary, so the cut never splits a character.
    match text.char_indices().nth(shown_chars) {
        None => {
            write_named(out, text)?;
            out.write_str(marks)
        }
        Some((cut, _)) => {
            write_named(out, text.get(..cut).unwrap_or_default())?;
            let chars = u64::try_from(text.chars().count()).unwrap_or(u64::MAX);
            write!(out, "…{marks} ({} characters)", thousands(chars))
        }
    }
}

/// `text` whole, with every hidden character written as its code point: for a line whose length
/// is already bounded, such as the CLI's `error:` line.
pub fn name_hidden(text: &str) -> String {
    let mut named = String::with_capacity(text.len());
    // Writing into a String cannot fail.
    let _ = write_named(&mut named, text);
    named
}

/// The one character an error points at: quoted when it is printable ASCII, else by its code
/// point. Why stricter than [`quote`]: a pasted ID's stray character is often invisible (a no-break
/// or zero-width space), which quotes would show as nothing; and a page that echoes a glyph no
/// font on the machine has (an emoji, say) makes the browser search every font family of the
/// message's font stack for it, a costly round of font lookups for a message.
pub fn describe_char(ch: char) -> String {
    let mut described = String::new();
    // Writing into a String cannot fail.
    let _ = if ch.is_ascii_graphic() {
        write!(described, "'{ch}'")
    } else {
        write_code_point(&mut described, ch)
    };
    described
}

/// `U+202E`: four hex digits at least, as Unicode writes code points.
fn write_code_point(out: &mut dyn fmt::Write, ch: char) -> fmt::Result {
    write!(out, "U+{:04X}", u32::from(ch))
}

/// Whether `ch` is hidden (the module's rule).
fn is_hidden(ch: char) -> bool {
    HIDDEN
        .iter()
        .any(|&(first, last)| first <= ch && ch <= last)
}

/// `text` with every hidden character as its code point.
fn write_named(out: &mut dyn fmt::Write, text: &str) -> fmt::Result {
    for ch in text.chars() {
        if is_hidden(ch) {
            write_code_point(out, ch)?;
        } else {
            out.write_char(ch)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_value_is_only_quoted() {
        assert_eq!(quote("pinterest").to_string(), "\"pinterest\"");
        assert_eq!(quote("").to_string(), "\"\"");
        assert_eq!(quote("shärd 日本").to_string(), "\"shärd 日本\"");
        let forty = "x".repeat(40);
        assert_eq!(quote(&forty).to_string(), format!("\"{forty}\""));
    }

    #[test]
    fn a_long_value_is_cut_with_its_length() {
        let quoted = quote(&"x".repeat(1_048_576)).to_string();
        assert_eq!(
            quoted,
            format!("\"{}…\" (1,048,576 characters)", "x".repeat(40))
        );
        assert!(quoted.chars().count() < 100, "{quoted}");
        assert_eq!(
            quote(&"é".repeat(41)).to_string(),
            format!("\"{}…\" (41 characters)", "é".repeat(40))
        );
    }

    #[test]
    fn hidden_characters_are_named_by_code_point() {
        let quoted = quote("invoice\u{202E}nosj.exe").to_string();
        assert_eq!(quoted, "\"invoiceU+202Enosj.exe\"");
        for (hidden, name) in [
            ('\u{0}', "U+0000"),
            ('\n', "U+000A"),
            ('\u{1B}', "U+001B"),
            ('\u{85}', "U+0085"),
            ('\u{61C}', "U+061C"),
            ('\u{200B}', "U+200B"),
            ('\u{200D}', "U+200D"),
            ('\u{200E}', "U+200E"),
            ('\u{200F}', "U+200F"),
            ('\u{2028}', "U+2028"),
            ('\u{202A}', "U+202A"),
            ('\u{2060}', "U+2060"),
            ('\u{2066}', "U+2066"),
            ('\u{2069}', "U+2069"),
            ('\u{FEFF}', "U+FEFF"),
            ('\u{E0041}', "U+E0041"),
        ] {
            assert_eq!(
                quote(&format!("a{hidden}b")).to_string(),
                format!("\"a{name}b\"")
            );
        }
        // A named character counts as one of the forty.
        let named = quote(&"\u{202E}".repeat(41)).to_string();
        assert!(
            named.starts_with("\"U+202EU+202E") && named.ends_with("…\" (41 characters)"),
            "{named}"
        );
    }

    #[test]
    fn a_long_message_is_cut_like_a_value() {
        let message = format!(
            "unknown variant `{}`, expected `ring` at line 1 column 1048600",
            "x".repeat(1_048_576)
        );
        let bounded = bounded_message(&message).to_string();
        assert_eq!(
            bounded,
            format!(
                "unknown variant `{}… (1,048,636 characters)",
                "x".repeat(183)
            )
        );
        let short = "expected value at line 1 column 1";
        assert_eq!(bounded_message(short).to_string(), short);
        assert_eq!(
            bounded_message("unknown field `a\u{202E}b`").to_string(),
            "unknown field `aU+202Eb`"
        );
        let longest_whole = "y".repeat(MESSAGE_CHARS);
        assert_eq!(bounded_message(&longest_whole).to_string(), longest_whole);
    }

    #[test]
    fn a_whole_text_has_its_hidden_characters_named() {
        assert_eq!(name_hidden("a\u{1B}[31mb"), "aU+001B[31mb");
        assert_eq!(name_hidden("日本"), "日本");
    }

    #[test]
    fn one_character_is_quoted_only_when_printable_ascii() {
        assert_eq!(describe_char('x'), "'x'");
        assert_eq!(describe_char(' '), "U+0020");
        assert_eq!(describe_char('é'), "U+00E9");
        assert_eq!(describe_char('\u{1F600}'), "U+1F600");
    }

    #[test]
    fn the_hidden_ranges_are_in_order_and_apart() {
        for pair in HIDDEN.windows(2) {
            let [(first, last), (next, _)] = pair else {
                continue;
            };
            assert!(
                first <= last && last < next,
                "{first:?} … {last:?}, then {next:?}"
            );
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_value_quotes_short_and_without_hidden_characters(value in "(?s).{0,120}") {
            let quoted = quote(&value).to_string();
            // 40 characters of at most 7 each (U+E0FFF), then the quotes, `…` and the length.
            prop_assert!(quoted.chars().count() <= 320, "{}", quoted);
            prop_assert!(!quoted.chars().any(is_hidden));
            let kept: String = value.chars().take(QUOTED_CHARS).collect();
            let shown = name_hidden(&kept);
            prop_assert!(quoted.starts_with(&format!("\"{shown}")), "{}", quoted);
        }

        #[test]
        fn any_message_is_bounded(message in "(?s).{0,400}") {
            let bounded = bounded_message(&message).to_string();
            // 200 characters of at most 7 each (U+E0FFF), then `…` and the length.
            prop_assert!(bounded.chars().count() <= 1_440, "{}", bounded);
            prop_assert!(!bounded.chars().any(is_hidden));
        }
    }
}
