//! [`TextForm::Base62`]: KSUID's text, 27 characters of base62 (`0-9A-Za-z`) for 160 bits.
//!
//! A KSUID is a 32-bit timestamp and a 128-bit payload, 160 bits in all, so this is the one form
//! wider than a `u128`. 27 base62 characters hold a little over 160 bits, so the largest text is
//! [`LARGEST_KSUID`] and anything above it overflows. The alphabet is case-sensitive (`a` is 36,
//! `A` is 10), and a KSUID is always written 27 characters long, left-padded with `0`.

use super::error::IdTextError;
use super::form::TextForm;
use super::input::Span;
use super::positional::{read_exact, symbol_value, write};
use super::wide_id::WideId;

const FORM: TextForm = TextForm::Base62;

/// The base62 digits, in order of value: KSUID's alphabet.
const SYMBOLS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Characters of a KSUID.
const LEN: usize = 27;

/// 2^160 − 1 in base62, the largest KSUID (segmentio/ksuid's `maxStringEncoded`).
pub const LARGEST_KSUID: &str = "aWgEPTl1tmebfsQzFP4bxwgy80V";

pub(super) fn parse(span: Span<'_>) -> Result<WideId, IdTextError> {
    read_exact(span, FORM, LEN, 62, |ch| symbol_value(SYMBOLS, ch))
}

pub(super) fn format(id: &WideId) -> String {
    write(id.as_bytes(), SYMBOLS, LEN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::id_text::expect::{bad_character, message, overflow, wrong_length};
    use crate::id_text::ExpectedLength;

    #[test]
    fn the_largest_ksuid_is_all_ones() {
        let all_ones = WideId::from_be_bytes(&[0xff; 20]);
        assert_eq!(all_ones.map(|id| format(&id)), Ok(LARGEST_KSUID.to_owned()));
        assert_eq!(FORM.parse(LARGEST_KSUID).ok(), all_ones.ok());
    }

    #[test]
    fn zero_is_27_zeros() {
        let zero = WideId::from_be_bytes(&[0; 20]);
        assert_eq!(zero.map(|id| format(&id)), Ok("0".repeat(27)));
        assert_eq!(FORM.parse(&"0".repeat(27)).ok(), zero.ok());
    }

    #[test]
    fn the_case_of_a_letter_is_its_value() {
        let mut upper = "0".repeat(26);
        upper.push('A');
        let mut lower = "0".repeat(26);
        lower.push('a');
        assert_eq!(
            FORM.parse(&upper).map(|id| id.as_bytes().last().copied()),
            Ok(Some(10))
        );
        assert_eq!(
            FORM.parse(&lower).map(|id| id.as_bytes().last().copied()),
            Ok(Some(36))
        );
    }

    #[test]
    fn above_the_largest_is_an_overflow() {
        for text in ["aWgEPTl1tmebfsQzFP4bxwgy80W", "zzzzzzzzzzzzzzzzzzzzzzzzzzz"] {
            assert_eq!(FORM.parse(text), overflow(FORM, 160), "{text:?}");
        }
        assert_eq!(
            message(FORM, "zzzzzzzzzzzzzzzzzzzzzzzzzzz"),
            "a KSUID holds 160 bits, so it is at most aWgEPTl1tmebfsQzFP4bxwgy80V; this one \
                 is larger"
        );
    }

    #[test]
    fn bad_characters_and_lengths() {
        assert_eq!(
            FORM.parse("0ujtsYcgvSTl8PAuAdqWYSMnLO_"),
            bad_character(FORM, 26, '_')
        );
        assert_eq!(
            message(FORM, "0ujtsYcgvSTl8PAuAdqWYSMnLO_"),
            "'_' at position 27 is not in a KSUID's base62: 0-9, A-Z and a-z"
        );
        assert_eq!(
            FORM.parse("ujtsYcgvSTl8PAuAdqWYSMnLOv"),
            wrong_length(FORM, 26, ExpectedLength::Exactly(27))
        );
        assert_eq!(
            message(FORM, "ujtsYcgvSTl8PAuAdqWYSMnLOv"),
            "a KSUID has 27 characters; this one has 26"
        );
    }
}
