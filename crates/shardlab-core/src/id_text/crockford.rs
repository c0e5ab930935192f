//! [`TextForm::Crockford32`]: ULID's text, 26 characters of Crockford's base32 for 128 bits, and
//! [`TextForm::Tsid`]: TSID's, 13 of them for 64 bits.
//!
//! Crockford's alphabet leaves out I, L, O and U: the first three look like 1, 1 and 0, and U
//! keeps accidental words out. The ULID spec reads the look-alikes as the digits they resemble and
//! either case, and so does this module; U stays an error. 26 characters hold 130 bits, two more
//! than a ULID has, so the first character is at most 7 and anything above overflows (the ULID
//! spec's own rule). Written upper case, as the spec writes ULIDs.
//!
//! A TSID (f4b6a3/tsid-creator, `Tsid.java`) uses the same alphabet and the same aliases in 13
//! characters: 65 bits for a 64-bit number, so its first character is 0 to F.

use super::error::IdTextError;
use super::form::TextForm;
use super::input::Span;
use super::positional::{read_exact, symbol_value, write};
use super::wide_id::WideId;

/// Crockford's base32 digits, in order of value.
const SYMBOLS: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Characters of a ULID.
pub(super) const ULID_LEN: usize = 26;

/// Characters of a TSID (`Tsid.TSID_CHARS`).
pub(super) const TSID_LEN: usize = 13;

/// The ID `span` holds in `form`, written as `len` base32 characters.
pub(super) fn parse(span: Span<'_>, form: TextForm, len: usize) -> Result<WideId, IdTextError> {
    read_exact(span, form, len, 32, digit)
}

/// `id` as `len` base32 characters, left-padded with `0`.
pub(super) fn format(id: &WideId, len: usize) -> String {
    write(id.as_bytes(), SYMBOLS, len)
}

/// The value of a base32 character, in either case and with Crockford's aliases.
fn digit(ch: char) -> Option<u8> {
    let canonical = match ch.to_ascii_uppercase() {
        'I' | 'L' => '1',
        'O' => '0',
        other => other,
    };
    symbol_value(SYMBOLS, canonical)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::id_text::expect::{bad_character, message, overflow, wrong_length};
    use crate::id_text::ExpectedLength;

    const FORM: TextForm = TextForm::Crockford32;

    #[test]
    fn the_alphabet_leaves_out_i_l_o_and_u() {
        assert_eq!(SYMBOLS.len(), 32);
        for left_out in [b'I', b'L', b'O', b'U'] {
            assert!(!SYMBOLS.contains(&left_out));
        }
        assert_eq!(digit('U'), None);
        assert_eq!(digit('u'), None);
        assert_eq!(digit('Z'), Some(31));
        assert_eq!(digit('i'), Some(1));
    }

    #[test]
    fn the_first_character_is_at_most_7() {
        let largest = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ";
        assert_eq!(
            FORM.parse(largest).map(|id| id.as_u128()),
            Ok(Some(u128::MAX))
        );
        for first in ['8', 'Z', 'z'] {
            let text = format!("{first}ZZZZZZZZZZZZZZZZZZZZZZZZZ");
            assert_eq!(FORM.parse(&text), overflow(FORM, 128), "{text:?}");
        }
        assert_eq!(
            message(FORM, "80000000000000000000000000"),
            "a ULID holds 128 bits, so its first character is 0 to 7 (26 base32 characters \
                 would hold 130)"
        );
    }

    #[test]
    fn bad_characters_and_lengths() {
        assert_eq!(
            FORM.parse("  01ARZ3NDEKTSV4RRFFQ69G5FAU"),
            bad_character(FORM, 27, 'U')
        );
        // The first of two bad characters.
        assert_eq!(
            FORM.parse("01ARZ3-DEKTSV4RRFFQ69G5F*V"),
            bad_character(FORM, 6, '-')
        );
        assert_eq!(
            message(FORM, "01ARZ3NDEKTSV4RRFFQ69G5FAU"),
            "'U' at position 26 is not in a ULID's Crockford base32: 0-9 and A-Z but U \
                 (I and L read as 1, O as 0)"
        );
        assert_eq!(
            FORM.parse("01ARZ3NDEKTSV4RRFFQ69G5FA"),
            wrong_length(FORM, 25, ExpectedLength::Exactly(26))
        );
        assert_eq!(
            message(FORM, "01ARZ3NDEKTSV4RRFFQ69G5FA"),
            "a ULID has 26 characters; this one has 25"
        );
    }

    #[test]
    fn a_tsid_is_13_characters_whose_first_is_at_most_f() {
        const TSID: TextForm = TextForm::Tsid;
        assert_eq!(
            TSID.parse("FZZZZZZZZZZZZ")
                .map(|id| (id.bits(), id.as_u128())),
            Ok((64, Some(u128::from(u64::MAX))))
        );
        assert_eq!(TSID.parse("GZZZZZZZZZZZZ"), overflow(TSID, 64));
        assert_eq!(
            message(TSID, "G000000000000"),
            "a TSID holds 64 bits, so its first character is 0 to F (13 base32 characters would \
             hold 65)"
        );
        assert_eq!(
            TSID.parse("01226N0640J7"),
            wrong_length(TSID, 12, ExpectedLength::Exactly(13))
        );
        assert_eq!(TSID.parse("01226N0640J7U"), bad_character(TSID, 12, 'U'));
        // Lower case and the aliases read as they do in a ULID.
        assert_eq!(TSID.parse("o1226n0640j7q"), TSID.parse("01226N0640J7Q"));
        let small = WideId::from_u128(1, 64).map(|id| TSID.format(&id));
        assert_eq!(small, Ok(Ok("0000000000001".to_owned())));
    }
}
