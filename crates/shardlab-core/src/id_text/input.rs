//! The text a form reads: the length limit, the framing every form accepts, and [`Span`], a run of
//! characters that remembers where it stands in the whole text.
//!
//! Every form reads the same way before its own rules: a text over [`MAX_ID_TEXT_CHARS`] is
//! refused before anything else looks at it, whitespace at both ends and one pair of quotes are
//! dropped (an ID copied out of JSON or a log line), and what is left must not be empty. A form then
//! peels its own wrapper (`{…}`, `urn:uuid:`, `ObjectId("…")`, `0x`) off the span, and every
//! error still names a position in the text the reader typed.

use crate::layout::{trim, unwrap_quotes};

use super::error::IdTextError;
use super::form::TextForm;

/// The longest text read as an ID, in characters. The longest form, 192 bits of hex after `0x`,
/// has 50; the rest is room for whitespace and quotes around it. A longer text is refused before
/// it is scanned, so a 100 MB paste costs as little as a short one.
pub const MAX_ID_TEXT_CHARS: usize = 256;

/// The characters of `text`, when it has at most [`MAX_ID_TEXT_CHARS`].
pub(super) fn chars_within_limit(text: &str) -> Result<Vec<char>, IdTextError> {
    // Decodes at most one character past the limit, however long the text is.
    if text.chars().nth(MAX_ID_TEXT_CHARS).is_some() {
        return Err(IdTextError::TooLong {
            limit: MAX_ID_TEXT_CHARS,
        });
    }
    Ok(text.chars().collect())
}

/// A run of the text's characters, and how many characters of the text come before it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Span<'a> {
    chars: &'a [char],
    offset: usize,
}

impl<'a> Span<'a> {
    /// `chars` without whitespace at both ends and one pair of quotes; [`IdTextError::Empty`] when
    /// nothing is left.
    pub(super) fn framed(chars: &'a [char]) -> Result<Span<'a>, IdTextError> {
        let (chars, offset) = unwrap_quotes(trim(chars, 0));
        if chars.is_empty() {
            return Err(IdTextError::Empty);
        }
        Ok(Span { chars, offset })
    }

    /// The characters.
    pub(super) fn chars(self) -> &'a [char] {
        self.chars
    }

    /// How many characters there are.
    pub(super) fn len(self) -> usize {
        self.chars.len()
    }

    /// The span after `prefix`, when it starts with it (ASCII, in any case).
    pub(super) fn after(self, prefix: &str) -> Option<Span<'a>> {
        let count = prefix.chars().count();
        let head = self.chars.get(..count)?;
        let matches = head
            .iter()
            .zip(prefix.chars())
            .all(|(ch, expected)| ch.eq_ignore_ascii_case(&expected));
        matches.then(|| Span {
            chars: self.chars.get(count..).unwrap_or_default(),
            offset: self.offset.saturating_add(count),
        })
    }

    /// The span inside `open` and `close`, when it starts with `open` (in any case) and ends with
    /// `close`.
    pub(super) fn inside(self, open: &str, close: char) -> Option<Span<'a>> {
        let after = self.after(open)?;
        match after.chars {
            [inner @ .., last] if *last == close => Some(Span {
                chars: inner,
                offset: after.offset,
            }),
            _ => None,
        }
    }

    /// The span without whitespace at both ends and one pair of quotes, as a wrapper's inside may
    /// have them: `ObjectId( "…" )`.
    pub(super) fn unquoted(self) -> Span<'a> {
        let (chars, offset) = unwrap_quotes(trim(self.chars, self.offset));
        Span { chars, offset }
    }

    /// The first character for which `allowed(index, character)` is false, as
    /// [`IdTextError::BadCharacter`] for `form`.
    pub(super) fn check(
        self,
        form: TextForm,
        allowed: impl Fn(usize, char) -> bool,
    ) -> Result<(), IdTextError> {
        match self
            .chars
            .iter()
            .enumerate()
            .find(|&(index, &ch)| !allowed(index, ch))
        {
            Some((index, &found)) => Err(IdTextError::BadCharacter {
                form,
                position: self.offset.saturating_add(index),
                found,
            }),
            None => Ok(()),
        }
    }

    /// Every character's digit value under `digit`, or the first character that has none as
    /// [`IdTextError::BadCharacter`] for `form`.
    pub(super) fn digits(
        self,
        form: TextForm,
        digit: impl Fn(char) -> Option<u8>,
    ) -> Result<Vec<u8>, IdTextError> {
        self.check(form, |_, ch| digit(ch).is_some())?;
        Ok(self.chars.iter().filter_map(|&ch| digit(ch)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::positional::ascii_digit;
    use super::*;
    use crate::id_text::expect::bad_character;

    fn chars(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    #[test]
    fn framing_drops_whitespace_and_one_pair_of_quotes() {
        let text = chars("  \" abc \"\n");
        let span = Span::framed(&text);
        assert_eq!(
            span.map(|span| (span.chars().iter().collect::<String>(), span.offset)),
            Ok(("abc".to_owned(), 4))
        );
        for empty in ["", " \t ", "\"\"", "' '"] {
            assert_eq!(
                Span::framed(&chars(empty)).map(|span| span.len()),
                Err(IdTextError::Empty),
                "{empty:?}"
            );
        }
    }

    #[test]
    fn prefixes_and_wrappers_keep_the_position() {
        let text = chars("URN:uuid:x");
        let after = Span::framed(&text)
            .ok()
            .and_then(|span| span.after("urn:uuid:"));
        assert_eq!(
            after.map(|span| (span.chars().to_vec(), span.offset)),
            Some((vec!['x'], 9))
        );
        let text = chars("objectid( 'ab' )");
        let inside = Span::framed(&text)
            .ok()
            .and_then(|span| span.inside("ObjectId(", ')'))
            .map(Span::unquoted);
        assert_eq!(
            inside.map(|span| (span.chars().to_vec(), span.offset)),
            Some((vec!['a', 'b'], 11))
        );
        let text = chars("{ab");
        assert!(Span::framed(&text)
            .ok()
            .and_then(|span| span.inside("{", '}'))
            .is_none());
    }

    #[test]
    fn the_first_bad_character_is_reported_by_character_index() {
        // Characters, not bytes, and counted from the start of the text, whitespace included.
        for (text, radix, form, position, found) in [
            (" éé1x2y", 16, TextForm::Hex, 1, 'é'),
            ("  1x2y", 10, TextForm::Decimal, 3, 'x'),
        ] {
            let text = chars(text);
            let result =
                Span::framed(&text).and_then(|span| span.digits(form, |ch| ascii_digit(ch, radix)));
            assert_eq!(result.err(), bad_character(form, position, found).err());
        }
    }

    #[test]
    fn the_limit_is_checked_in_characters() {
        let longest = "é".repeat(MAX_ID_TEXT_CHARS);
        assert_eq!(
            chars_within_limit(&longest).map(|chars| chars.len()),
            Ok(MAX_ID_TEXT_CHARS)
        );
        let over = "1".repeat(MAX_ID_TEXT_CHARS + 1);
        assert_eq!(
            chars_within_limit(&over),
            Err(IdTextError::TooLong {
                limit: MAX_ID_TEXT_CHARS
            })
        );
    }
}
