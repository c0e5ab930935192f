//! Fields as runs of bits in a [`WideId`]: reading one out as a `u128` and writing one in.
//!
//! A 64-bit layout shifts and masks a `u64`; a KSUID is 160 bits, past any integer Rust has, so
//! the families read their fields bit by bit from the big-endian bytes instead. A field is at most
//! 128 bits (KSUID's payload), an ID at most 192, so a decode is a few hundred steps.

use crate::id_text::{WideId, MAX_ID_BYTES};

/// The `width` bits of `id` that start `offset` bits below its most significant bit, as a
/// number; `None` when they do not lie inside the ID or are wider than 128.
pub(super) fn read_field(id: &WideId, offset: u32, width: u32) -> Option<u128> {
    if width > u128::BITS || offset.checked_add(width)? > id.bits() {
        return None;
    }
    let bytes = id.as_bytes();
    let mut value: u128 = 0;
    for step in 0..width {
        let from_top = offset.checked_add(step)?;
        let bit = bit_at(bytes, id.bits(), from_top)?;
        value = value.checked_shl(1)? | u128::from(bit);
    }
    Some(value)
}

/// The bytes of a `bits`-wide ID being composed, with the `width` low bits of `value` written
/// `offset` bits below its most significant bit; `None` when they do not lie inside it.
pub(super) fn write_field(
    bytes: &mut [u8; MAX_ID_BYTES],
    bits: u32,
    offset: u32,
    width: u32,
    value: u128,
) -> Option<()> {
    if width > u128::BITS || offset.checked_add(width)? > bits {
        return None;
    }
    for step in 0..width {
        // The field's most significant bit goes first.
        let shift = width.checked_sub(step)?.checked_sub(1)?;
        let bit = value.checked_shr(shift)? & 1 == 1;
        let from_top = offset.checked_add(step)?;
        let (index, mask) = locate(MAX_ID_BYTES, bits, from_top)?;
        let byte = bytes.get_mut(index)?;
        if bit {
            *byte |= mask;
        } else {
            *byte &= !mask;
        }
    }
    Some(())
}

/// The bit `from_top` bits below the most significant of a `bits`-wide number held
/// right-aligned in `bytes`.
fn bit_at(bytes: &[u8], bits: u32, from_top: u32) -> Option<u8> {
    let (index, mask) = locate(bytes.len(), bits, from_top)?;
    bytes.get(index).map(|byte| u8::from(byte & mask != 0))
}

/// The byte index and the mask of the bit `from_top` bits below the top of a `bits`-wide number
/// right-aligned in `len` bytes.
fn locate(len: usize, bits: u32, from_top: u32) -> Option<(usize, u8)> {
    let from_bottom = bits.checked_sub(from_top)?.checked_sub(1)?;
    let byte_from_end = usize::try_from(from_bottom.checked_div(8)?).ok()?;
    let index = len.checked_sub(1)?.checked_sub(byte_from_end)?;
    let mask = 1u8.checked_shl(from_bottom.checked_rem(8)?)?;
    Some((index, mask))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_from_the_top() {
        let id = WideId::from_u128(0xABCD, 16);
        let field = |offset, width| id.ok().and_then(|id| read_field(&id, offset, width));
        assert_eq!(field(0, 4), Some(0xA));
        assert_eq!(field(4, 8), Some(0xBC));
        assert_eq!(field(12, 4), Some(0xD));
        assert_eq!(field(0, 16), Some(0xABCD));
        assert_eq!(field(3, 2), Some(0b01));
        assert_eq!(field(12, 5), None, "past the bottom");
        // A width that is not a whole number of bytes counts from its own top.
        let narrow = WideId::from_u128(0b1_0110, 5).ok();
        assert_eq!(narrow.and_then(|id| read_field(&id, 0, 2)), Some(0b10));
        assert_eq!(narrow.and_then(|id| read_field(&id, 1, 4)), Some(0b0110));
    }

    #[test]
    fn a_160_bit_id_reads_past_128() {
        let mut bytes = [0u8; 20];
        bytes[0] = 0x06;
        bytes[19] = 0x35;
        let id = WideId::from_be_bytes(&bytes).ok();
        assert_eq!(id.and_then(|id| read_field(&id, 0, 32)), Some(0x0600_0000));
        assert_eq!(id.and_then(|id| read_field(&id, 32, 128)), Some(0x35));
        assert_eq!(id.and_then(|id| read_field(&id, 0, 129)), None);
    }

    #[test]
    fn writing_is_reading_backwards() {
        let mut bytes = [0u8; MAX_ID_BYTES];
        assert_eq!(write_field(&mut bytes, 16, 4, 8, 0xBC), Some(()));
        assert_eq!(write_field(&mut bytes, 16, 0, 4, 0xA), Some(()));
        assert_eq!(
            write_field(&mut bytes, 16, 12, 4, 0xFD),
            Some(()),
            "high bits dropped"
        );
        assert_eq!(bytes[22..], [0xAB, 0xCD]);
        // Zeros clear what was there.
        assert_eq!(write_field(&mut bytes, 16, 0, 4, 0), Some(()));
        assert_eq!(bytes[22..], [0x0B, 0xCD]);
        assert_eq!(write_field(&mut bytes, 16, 14, 4, 0), None);
    }
}
