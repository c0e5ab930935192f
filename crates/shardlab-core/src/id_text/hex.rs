//! [`TextForm::Hex`]: an ID as hex digits, 4 bits a digit, up to 192 bits; and the hex digits
//! that the UUID and ObjectId forms write too.
//!
//! The width is the number of digits, not the value: `0x00ff` is a 16-bit ID, so a hex text comes
//! back with as many digits as it went in. Written lower case after `0x`, as shardlab writes hex
//! elsewhere, so an all-digit hex ID does not read as decimal.

use super::error::{ExpectedLength, IdTextError};
use super::form::TextForm;
use super::input::Span;
use super::positional::{ascii_digit, read_id, write};
use super::wide_id::WideId;

const FORM: TextForm = TextForm::Hex;

/// The hex digits, in order of value, as they are written.
const HEX_SYMBOLS: &[u8] = b"0123456789abcdef";

/// The most digits: 192 bits at 4 a digit.
const MOST_DIGITS: usize = 48;

pub(super) fn parse(span: Span<'_>) -> Result<WideId, IdTextError> {
    let body = span.after("0x").unwrap_or(span);
    let digits = body.digits(FORM, |ch| ascii_digit(ch, 16))?;
    ExpectedLength::Between(1, MOST_DIGITS).check(FORM, digits.len())?;
    // At most 48 digits, so at most 192 bits.
    let bits = u32::try_from(digits.len())
        .ok()
        .and_then(|count| count.checked_mul(4))
        .unwrap_or(u32::MAX);
    read_id(&digits, 16, FORM, bits)
}

pub(super) fn format(id: &WideId) -> String {
    format!("0x{}", hex_text(id, id.bits().div_ceil(4)))
}

/// `id` as `digits` lower-case hex digits (more if its value needs them).
pub(super) fn hex_text(id: &WideId, digits: u32) -> String {
    write(
        id.as_bytes(),
        HEX_SYMBOLS,
        usize::try_from(digits).unwrap_or(0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::id_text::expect::{bad_character, message, written, wrong_length};

    #[test]
    fn the_width_is_four_bits_a_digit() {
        let id = FORM.parse("0x00FF");
        assert_eq!(id.map(|id| (id.bits(), id.as_u128())), Ok((16, Some(0xff))));
        assert_eq!(id.map(|id| format(&id)), Ok("0x00ff".to_owned()));
        let odd = FORM.parse("0XaBc");
        assert_eq!(
            odd.map(|id| (id.bits(), id.as_bytes().to_vec())),
            Ok((12, vec![0x0a, 0xbc]))
        );
        assert_eq!(odd.map(|id| format(&id)), Ok("0xabc".to_owned()));
        let widest = "f".repeat(48);
        let id = FORM.parse(&widest);
        assert_eq!(
            id.map(|id| (id.bits(), id.as_bytes() == [0xff; 24])),
            Ok((192, true))
        );
    }

    #[test]
    fn a_narrow_id_keeps_its_width() {
        assert_eq!(
            written(FORM, 241_294_492_511_762_325, 64).as_deref(),
            Some("0x03594010006bf795")
        );
    }

    #[test]
    fn lengths_and_characters() {
        assert_eq!(
            FORM.parse("0x"),
            wrong_length(FORM, 0, ExpectedLength::Between(1, 48))
        );
        let too_wide = format!("0x{}", "0".repeat(49));
        assert_eq!(
            FORM.parse(&too_wide),
            wrong_length(FORM, 49, ExpectedLength::Between(1, 48))
        );
        assert_eq!(
            message(FORM, &too_wide),
            "a hex ID has 1 to 48 digits (4 bits each, after 0x or not); this one has 49"
        );
        assert_eq!(FORM.parse("0x12G"), bad_character(FORM, 4, 'G'));
        assert_eq!(
            message(FORM, "0x1\u{200b}2"),
            "U+200B at position 4 is not a hex digit"
        );
    }
}
