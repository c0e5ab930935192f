//! [`TextForm::Uuid`]: RFC 9562's text form, 32 hex digits dashed 8-4-4-4-12, and the spellings
//! of it people paste: without dashes, in braces (Microsoft's GUIDs), after `urn:uuid:` (RFC
//! 9562's URN), in either case. Written the RFC's way: lower case, dashed.

use super::error::{ExpectedLength, IdTextError};
use super::form::TextForm;
use super::hex::hex_text;
use super::input::Span;
use super::positional::{ascii_digit, read_id};
use super::wide_id::WideId;

const FORM: TextForm = TextForm::Uuid;

/// Characters of the dashed form.
const DASHED_LEN: usize = 36;

/// Hex digits of the plain form.
const PLAIN_LEN: usize = 32;

/// Where the dashed form's dashes stand.
const DASH_POSITIONS: [usize; 4] = [8, 13, 18, 23];

pub(super) fn parse(span: Span<'_>) -> Result<WideId, IdTextError> {
    let body = span
        .inside("{", '}')
        .or_else(|| span.after("urn:uuid:"))
        .unwrap_or(span);
    body.check(FORM, |_, ch| ch.is_ascii_hexdigit() || ch == '-')?;
    ExpectedLength::Either(PLAIN_LEN, DASHED_LEN).check(FORM, body.len())?;
    let dashed = body.len() == DASHED_LEN;
    // Dashes where the dashed form has them, and nowhere else.
    body.check(FORM, |index, ch| {
        (ch == '-') == (dashed && DASH_POSITIONS.contains(&index))
    })?;
    // The dashes have no digit value and drop out.
    let digits: Vec<u8> = body
        .chars()
        .iter()
        .filter_map(|&ch| ascii_digit(ch, 16))
        .collect();
    read_id(&digits, 16, FORM, FORM.max_bits())
}

pub(super) fn format(id: &WideId) -> String {
    let plain = hex_text(id, 32);
    let mut dashed = String::with_capacity(DASHED_LEN);
    for (index, digit) in plain.chars().enumerate() {
        // The dashed form's dash positions, counted in digits: 8, 4, 4, 4 and 12 of them.
        if matches!(index, 8 | 12 | 16 | 20) {
            dashed.push('-');
        }
        dashed.push(digit);
    }
    dashed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::id_text::expect::{bad_character, message, written, wrong_length};

    #[test]
    fn a_narrow_id_is_padded_to_128_bits() {
        assert_eq!(
            written(FORM, 0xff, 64).as_deref(),
            Some("00000000-0000-0000-0000-0000000000ff")
        );
    }

    #[test]
    fn a_bad_character_is_the_first_out_of_place() {
        for (text, position, found) in [
            // A dash one place early, in a text of the dashed length.
            ("017F22E-279B0-7CC3-98C4-DC0C0C07398F", 7, '-'),
            // A digit where the dashed form has its first dash.
            ("017F22E2079B0-7CC3-98C4-DC0C0C07398F", 8, '0'),
            // A dash in a text of the plain length.
            ("017F22E2-79B07CC398C4DC0C0C07398", 8, '-'),
            // An unmatched brace is no wrapper: it is the first bad character.
            ("{017F22E2-79B0-7CC3-98C4-DC0C0C07398F", 0, '{'),
            // Positions count from the start of the text, past the URN prefix.
            ("urn:uuid:017F22E2-79B0-7CC3-98C4-DC0C0C07398G", 44, 'G'),
        ] {
            assert_eq!(
                FORM.parse(text),
                bad_character(FORM, position, found),
                "{text:?}"
            );
        }
    }

    #[test]
    fn wrong_lengths_and_characters() {
        assert_eq!(
            FORM.parse("017F22E2-79B0-7CC3-98C4-DC0C0C07398"),
            wrong_length(FORM, 35, ExpectedLength::Either(32, 36))
        );
        assert_eq!(
            FORM.parse("{}"),
            wrong_length(FORM, 0, ExpectedLength::Either(32, 36))
        );
        assert_eq!(
            message(FORM, "017F22E2-79B0-7CC3-98C4-DC0C0C07398"),
            "a UUID has 32 or 36 characters (32 hex digits, dashed 8-4-4-4-12 or not); \
                 this one has 35"
        );
        assert_eq!(
            message(FORM, "017F22E2-79B0-7CC3-98C4-DC0C0C07398G"),
            "'G' at position 36 does not belong in a UUID: 32 hex digits, dashed 8-4-4-4-12 \
                 or not"
        );
    }
}
