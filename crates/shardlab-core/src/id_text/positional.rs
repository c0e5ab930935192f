//! Positional notation over big-endian bytes: digit values in a base to bytes and back.
//!
//! Every text form but the UUID's dashes is a number written in some base (10, 16, 32 or 62),
//! and a KSUID's 160 bits pass `u128`, so the forms share this one schoolbook conversion on byte
//! arrays instead of each doing its own: reading multiplies the bytes by the base and adds a digit,
//! writing divides them by the base and keeps the remainder. IDs are at most 24 bytes and 50
//! digits, so the quadratic cost is a few thousand byte steps.

use super::error::{ExpectedLength, IdTextError};
use super::form::TextForm;
use super::input::Span;
use super::wide_id::{byte_len, WideId};

/// The ID whose digits are `digits` (values below `base`, most significant first), `bits` wide;
/// [`IdTextError::Overflow`] for `form` when the number needs more bits.
pub(super) fn read_id(
    digits: &[u8],
    base: u8,
    form: TextForm,
    bits: u32,
) -> Result<WideId, IdTextError> {
    let overflow = IdTextError::Overflow { form, bits };
    let bytes = read(digits, base, byte_len(bits)).map_err(|Overflowed| overflow)?;
    // The value fits the whole bytes; `with_bits` checks it against a width that is not a whole
    // number of bytes too (hex's 4 bits a digit).
    WideId::with_bits(&bytes, bits).map_err(|_| overflow)
}

/// The ID of `form`'s full width written as exactly `len` digits in `base`, each read by `digit`
/// (ULID's, KSUID's and ObjectId's texts): a bad character first, then the length, then overflow.
pub(super) fn read_exact(
    span: Span<'_>,
    form: TextForm,
    len: usize,
    base: u8,
    digit: impl Fn(char) -> Option<u8>,
) -> Result<WideId, IdTextError> {
    let digits = span.digits(form, digit)?;
    ExpectedLength::Exactly(len).check(form, digits.len())?;
    read_id(&digits, base, form, form.max_bits())
}

/// The value of `ch` in an alphabet: its index in `symbols`.
pub(super) fn symbol_value(symbols: &[u8], ch: char) -> Option<u8> {
    let index = symbols
        .iter()
        .position(|&symbol| char::from(symbol) == ch)?;
    u8::try_from(index).ok()
}

/// The number needs more bytes than the width it was read into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Overflowed;

/// The number whose digits are `digits` (values below `base`, most significant first), as
/// `width` big-endian bytes; [`Overflowed`] when it needs more.
pub(super) fn read(digits: &[u8], base: u8, width: usize) -> Result<Vec<u8>, Overflowed> {
    let mut bytes = vec![0u8; width];
    for &digit in digits {
        let mut carry = digit;
        for byte in bytes.iter_mut().rev() {
            (*byte, carry) = multiply_add(*byte, base, carry);
        }
        if carry != 0 {
            return Err(Overflowed);
        }
    }
    Ok(bytes)
}

/// The digits of the big-endian number `bytes` in `symbols.len()`'s base, written with `symbols`
/// (the symbol of digit value d is `symbols[d]`), most significant first and left-padded with the
/// zero symbol to `min_digits`. The forms' alphabets have 10 to 62 symbols; one of fewer than 2
/// writes nothing, since dividing by 1 would never reach zero.
pub(super) fn write(bytes: &[u8], symbols: &[u8], min_digits: usize) -> String {
    let base = u8::try_from(symbols.len()).unwrap_or(u8::MAX);
    if base < 2 {
        return String::new();
    }
    let mut rest = bytes.to_vec();
    let mut digits = Vec::new();
    while digits.len() < min_digits || rest.iter().any(|&byte| byte != 0) {
        let mut remainder = 0;
        for byte in &mut rest {
            (*byte, remainder) = divide(remainder, *byte, base);
        }
        digits.push(remainder);
    }
    digits
        .iter()
        .rev()
        .map(|&digit| {
            symbols
                .get(usize::from(digit))
                .map_or('?', |&s| char::from(s))
        })
        .collect()
}

/// The value of `ch` as a digit in `radix` (2 to 36, ASCII letters in either case).
pub(super) fn ascii_digit(ch: char, radix: u32) -> Option<u8> {
    ch.to_digit(radix)
        .and_then(|digit| u8::try_from(digit).ok())
}

/// `byte × base + carry` as a new byte and the carry out.
#[allow(clippy::arithmetic_side_effects)] // at most 255 × 255 + 255 = 65,280, inside a u32
fn multiply_add(byte: u8, base: u8, carry: u8) -> (u8, u8) {
    let [low, high, ..] = (u32::from(byte) * u32::from(base) + u32::from(carry)).to_le_bytes();
    // With carry < base, the carry out is below base too: (255 × base + base − 1) / 256 < base.
    (low, high)
}

/// `(remainder × 256 + byte) / base` and its remainder: one step of long division.
#[allow(clippy::arithmetic_side_effects)] // base.max(1) is never 0; the dividend is below 65,536
fn divide(remainder: u8, byte: u8, base: u8) -> (u8, u8) {
    let base = u32::from(base.max(1));
    let dividend = u32::from(remainder) * 256 + u32::from(byte);
    let [quotient, ..] = (dividend / base).to_le_bytes();
    let [left, ..] = (dividend % base).to_le_bytes();
    (quotient, left)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECIMAL: &[u8] = b"0123456789";

    #[test]
    fn reads_digits_into_bytes() {
        assert_eq!(read(&[2, 5, 6], 10, 2), Ok(vec![1, 0]));
        assert_eq!(read(&[6, 5, 5, 3, 5], 10, 2), Ok(vec![0xff, 0xff]));
        assert_eq!(read(&[6, 5, 5, 3, 6], 10, 2), Err(Overflowed));
        assert_eq!(read(&[0, 0, 0, 0, 0, 0, 7], 10, 1), Ok(vec![7]));
        assert_eq!(read(&[], 62, 3), Ok(vec![0, 0, 0]));
        assert_eq!(read(&[0xf, 0xe], 16, 1), Ok(vec![0xfe]));
    }

    #[test]
    fn writes_bytes_as_digits() {
        assert_eq!(write(&[1, 0], DECIMAL, 1), "256");
        assert_eq!(write(&[0xff, 0xff], DECIMAL, 1), "65535");
        assert_eq!(write(&[0, 0], DECIMAL, 1), "0");
        assert_eq!(write(&[0, 7], DECIMAL, 4), "0007");
        assert_eq!(write(&[0xfe], b"0123456789abcdef", 4), "00fe");
        assert_eq!(write(&[], DECIMAL, 0), "");
        assert_eq!(write(&[1], b"0", 1), "");
    }

    #[test]
    fn a_u128_reads_and_writes_as_std_does() {
        let value = u128::MAX - 12_345;
        let text = value.to_string();
        let digits: Vec<u8> = text.bytes().map(|b| b.saturating_sub(b'0')).collect();
        assert_eq!(read(&digits, 10, 16), Ok(value.to_be_bytes().to_vec()));
        assert_eq!(write(&value.to_be_bytes(), DECIMAL, 1), text);
    }
}
