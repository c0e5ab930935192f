//! A few SVG pieces every picture shares: the frame with its title and lede, wrapped text, and
//! escaping. Colours are fixed (a picture has no theme): dark text on a light card.

use std::fmt::Write as _;

use shardlab_core::layout::FieldRole;

/// The pictures' width in CSS pixels: a blog column, as the embed builder opens at.
pub const WIDTH: u32 = 680;
/// The font every picture names; the PNG loads the same family (png.rs).
pub const FONT: &str = "DejaVu Sans, Verdana, sans-serif";
/// Text colour.
pub const INK: &str = "#1f2328";
/// Muted text colour.
pub const MUTED: &str = "#57606a";
/// One colour per server (or node), repeating past eight: the site's light theme's eight
/// (`--c1` … `--c8` in `www/style.css`, Okabe and Ito's colour-blind-safe set), so a picture's S0
/// is the live widget's S0 when the frame takes its place. A test holds the two together.
pub const PALETTE: [&str; 8] = [
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000",
];

/// The colour of an ID field's role, as the Decoder's `.role-*` rules give it.
pub fn role_colour(role: FieldRole) -> &'static str {
    match role {
        FieldRole::Reserved => "#8a8d93",
        FieldRole::Shard => PALETTE[4],
        FieldRole::Type => PALETTE[0],
        FieldRole::Local => PALETTE[2],
        FieldRole::Timestamp => PALETTE[1],
        FieldRole::Sequence => PALETTE[6],
        FieldRole::Worker => PALETTE[5],
        FieldRole::Other => PALETTE[3],
    }
}

/// The colour of item `i`.
pub fn colour(i: usize) -> &'static str {
    PALETTE.get(i % PALETTE.len()).copied().unwrap_or(INK)
}

/// `text` safe inside an element or a double-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

/// `text` broken into lines of at most `chars` characters, at spaces.
pub fn wrap(text: &str, chars: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > chars {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A `<text>` element of `size` px at (x, y).
pub fn text(out: &mut String, x: f64, y: f64, size: u32, fill: &str, extra: &str, content: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" fill="{fill}"{extra}>{}</text>"#,
        escape(content)
    );
}

/// Wrapped lines of `content` from (x, y) down, `size` px, returning the y below the last line.
pub fn paragraph(out: &mut String, x: f64, y: f64, size: u32, chars: usize, content: &str) -> f64 {
    let step = f64::from(size) * 1.35;
    let mut y = y;
    for line in wrap(content, chars) {
        text(out, x, y, size, INK, "", &line);
        y += step;
    }
    y
}

/// The whole document: a card of `height` with the title, the lede and `body`, and the alt text
/// as its `<desc>` (with `role="img"` and `aria-labelledby`, a screen reader reads both).
pub fn document(title: &str, lede: &str, alt: &str, height: u32, body: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" role="img" aria-labelledby="t d" font-family="{FONT}">"#
    );
    let _ = writeln!(out, r#"<title id="t">{}</title>"#, escape(title));
    let _ = writeln!(out, r#"<desc id="d">{}</desc>"#, escape(alt));
    let _ = writeln!(
        out,
        "<rect width=\"{WIDTH}\" height=\"{height}\" rx=\"8\" fill=\"#ffffff\" stroke=\"#d0d7de\"/>"
    );
    text(
        &mut out,
        24.0,
        40.0,
        22,
        INK,
        r#" font-weight="bold""#,
        title,
    );
    text(&mut out, 24.0, 64.0, 14, MUTED, "", lede);
    out.push_str(body);
    text(
        &mut out,
        f64::from(WIDTH) - 24.0,
        f64::from(height) - 14.0,
        12,
        MUTED,
        r#" text-anchor="end""#,
        "shardlab",
    );
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The site's stylesheet, where the live widgets take their colours.
    const SITE_CSS: &str = include_str!("../../../www/style.css");

    /// The light value of a `--name: …;` or `.class { --var: … }` declaration in the stylesheet.
    fn declared(after: &str) -> String {
        let start = SITE_CSS
            .find(after)
            .unwrap_or_else(|| panic!("{after} is not in style.css"));
        let rest = &SITE_CSS[start + after.len()..];
        let value = rest.split([';', '}']).next().unwrap_or_default().trim();
        // `light-dark(#000000, #d9d9d9)`: a picture is always light.
        let value = value
            .strip_prefix("light-dark(")
            .map_or(value, |v| v.split(',').next().unwrap_or_default());
        value.trim().to_owned()
    }

    #[test]
    fn the_pictures_colours_are_the_live_widgets() {
        for (i, colour) in PALETTE.iter().enumerate() {
            let name = format!("--c{}:", i + 1);
            assert_eq!(
                declared(&name).to_ascii_uppercase(),
                colour.to_ascii_uppercase(),
                "{name}"
            );
        }
        for role in FieldRole::ALL {
            let rule = format!(".role-{} {{ --role:", role.label());
            let css = declared(&rule);
            let expected = match css.strip_prefix("var(--c") {
                Some(n) => {
                    let n: usize = n.trim_end_matches(')').parse().unwrap_or(0);
                    PALETTE
                        .get(n.wrapping_sub(1))
                        .copied()
                        .unwrap_or("?")
                        .to_owned()
                }
                None => css,
            };
            assert_eq!(
                role_colour(role).to_ascii_uppercase(),
                expected.to_ascii_uppercase(),
                "{rule}"
            );
        }
    }

    #[test]
    fn wrapping_keeps_every_word_within_the_width() {
        let lines = wrap("one two three four five six seven", 10);
        assert_eq!(lines.join(" "), "one two three four five six seven");
        assert!(lines.iter().all(|l| l.chars().count() <= 10), "{lines:?}");
    }

    #[test]
    fn escaping_covers_markup_and_quotes() {
        assert_eq!(escape(r#"a<b & "c">"#), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
