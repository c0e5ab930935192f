//! [`TextForm::Decimal`]: an ID as a decimal integer, up to 128 bits.
//!
//! Snowflake-style IDs travel as decimal text, and some systems print a UUID or a ULID as the
//! 128-bit integer it is. Leading zeros are allowed (a zero-padded column); separators are not,
//! unlike the 64-bit parser's, since a wide ID's text is copied, not typed.

use super::error::IdTextError;
use super::form::TextForm;
use super::input::Span;
use super::positional::{ascii_digit, read_id, write};
use super::wide_id::WideId;

const FORM: TextForm = TextForm::Decimal;

/// The digits, in order of value.
const SYMBOLS: &[u8] = b"0123456789";

pub(super) fn parse(span: Span<'_>) -> Result<WideId, IdTextError> {
    let digits = span.digits(FORM, |ch| ascii_digit(ch, 10))?;
    read_id(&digits, 10, FORM, FORM.max_bits())
}

pub(super) fn format(id: &WideId) -> String {
    write(id.as_bytes(), SYMBOLS, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::id_text::expect::{bad_character, message, overflow, written};

    #[test]
    fn reads_and_writes_128_bit_integers() {
        let largest = u128::MAX.to_string();
        let id = FORM.parse(&largest);
        assert_eq!(id.map(|id| id.as_u128()), Ok(Some(u128::MAX)));
        assert_eq!(id.map(|id| id.bits()), Ok(128));
        assert_eq!(id.map(|id| format(&id)), Ok(largest));
        assert_eq!(
            FORM.parse(" 000241294492511762325\n")
                .map(|id| id.as_u128()),
            Ok(Some(241_294_492_511_762_325))
        );
        assert_eq!(FORM.parse("0").map(|id| format(&id)), Ok("0".to_owned()));
    }

    #[test]
    fn a_narrow_id_is_written_without_padding() {
        assert_eq!(
            written(FORM, 1_541_815_603_606_036_480, 64).as_deref(),
            Some("1541815603606036480")
        );
    }

    #[test]
    fn above_128_bits_is_an_overflow() {
        // 2^128, one more than u128::MAX.
        let two_to_128 = "340282366920938463463374607431768211456";
        assert_eq!(FORM.parse(two_to_128), overflow(FORM, 128));
        assert_eq!(
            message(FORM, two_to_128),
            "a decimal ID holds 128 bits, so it is at most \
                 340282366920938463463374607431768211455; this one is larger"
        );
    }

    #[test]
    fn a_typo_is_named_before_the_size() {
        let long_with_typo = format!("{}x", "9".repeat(100));
        assert_eq!(FORM.parse(&long_with_typo), bad_character(FORM, 100, 'x'));
        assert_eq!(
            message(FORM, "12a4"),
            "'a' at position 3 is not a decimal digit"
        );
        assert_eq!(FORM.parse("-1"), bad_character(FORM, 0, '-'));
    }
}
