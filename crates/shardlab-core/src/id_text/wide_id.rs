//! [`WideId`]: an ID of up to 192 bits as big-endian bytes, with the width it was read at.
//!
//! Why bytes and not a `u128`: a KSUID is 160 bits, so the widest family already passes the
//! largest integer Rust has; 192 bits (24 bytes) leaves room for one more family without a change
//! of type. The width travels with the bytes because it is part of what was read: the hex text
//! `0x00ff` is a 16-bit ID, not 8, and a UUID is 128 bits even when its first bytes are zero.

use thiserror::Error;

/// The widest ID, in bits.
pub const MAX_ID_BITS: u32 = 192;

/// The widest ID, in bytes.
pub const MAX_ID_BYTES: usize = 24;

/// An ID of 1 to [`MAX_ID_BITS`] bits: its value as big-endian bytes and its width.
///
/// The value is always below 2^width, so two IDs are equal when their widths and values are.
///
/// ```
/// use shardlab_core::id_text::WideId;
/// let id = WideId::from_u128(0x0123, 12)?;
/// assert_eq!(id.bits(), 12);
/// assert_eq!(id.as_bytes(), &[0x01, 0x23]);
/// assert_eq!(id.as_u128(), Some(0x0123));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WideId {
    /// The value, right-aligned: the last `byte_len(bits)` bytes hold it, the rest are zero.
    bytes: [u8; MAX_ID_BYTES],
    /// The width, 1 to [`MAX_ID_BITS`].
    bits: u32,
}

/// Why bytes and a width make no [`WideId`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum WideIdError {
    /// A width of 0 bits, or wider than the type allows.
    #[error("an ID is 1 to {most} bits wide; this width is {bits}")]
    Width {
        /// The width asked for.
        bits: u32,
        /// The widest allowed: [`MAX_ID_BITS`], or 128 for a `u128`.
        most: u32,
    },
    /// A value that needs more bits than the width.
    #[error("this value needs more than {bits} bits")]
    DoesNotFit {
        /// The width asked for.
        bits: u32,
    },
}

impl WideId {
    /// The ID whose value is `bytes` (big-endian, any length; leading zero bytes are allowed) and
    /// whose width is `bits`.
    pub fn with_bits(bytes: &[u8], bits: u32) -> Result<WideId, WideIdError> {
        if bits == 0 || bits > MAX_ID_BITS {
            return Err(WideIdError::Width {
                bits,
                most: MAX_ID_BITS,
            });
        }
        if significant_bits(bytes) > u64::from(bits) {
            return Err(WideIdError::DoesNotFit { bits });
        }
        // The value fits in `bits` ≤ 192, so its significant bytes fit in the 24.
        let first_nonzero = bytes.iter().position(|&byte| byte != 0);
        let value = first_nonzero
            .and_then(|start| bytes.get(start..))
            .unwrap_or_default();
        let mut aligned = [0; MAX_ID_BYTES];
        let start = MAX_ID_BYTES.saturating_sub(value.len());
        if let Some(tail) = aligned.get_mut(start..) {
            tail.copy_from_slice(value);
        }
        Ok(WideId {
            bytes: aligned,
            bits,
        })
    }

    /// The ID whose value is `bytes` (big-endian), 8 bits a byte wide: 1 to [`MAX_ID_BYTES`]
    /// bytes.
    pub fn from_be_bytes(bytes: &[u8]) -> Result<WideId, WideIdError> {
        let bits = u32::try_from(bytes.len())
            .ok()
            .and_then(|len| len.checked_mul(8))
            .unwrap_or(u32::MAX);
        WideId::with_bits(bytes, bits)
    }

    /// The ID `value`, `bits` wide: 1 to 128 bits, and `value` below 2^`bits`.
    pub fn from_u128(value: u128, bits: u32) -> Result<WideId, WideIdError> {
        if bits > u128::BITS {
            return Err(WideIdError::Width {
                bits,
                most: u128::BITS,
            });
        }
        WideId::with_bits(&value.to_be_bytes(), bits)
    }

    /// The width in bits.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The value as big-endian bytes: as many as the width needs (a 12-bit ID has 2).
    pub fn as_bytes(&self) -> &[u8] {
        let start = MAX_ID_BYTES.saturating_sub(byte_len(self.bits));
        self.bytes.get(start..).unwrap_or_default()
    }

    /// The value as a `u128`, when the ID is at most 128 bits wide (a KSUID's 160 never is, even
    /// when its value is small).
    pub fn as_u128(&self) -> Option<u128> {
        if self.bits > u128::BITS {
            return None;
        }
        // At most 128 bits wide, the value is in the last 16 bytes.
        self.bytes.last_chunk().map(|&low| u128::from_be_bytes(low))
    }
}

/// How many bytes `bits` bits take.
pub(super) fn byte_len(bits: u32) -> usize {
    usize::try_from(bits.div_ceil(8)).unwrap_or(usize::MAX)
}

/// How many bits the big-endian value `bytes` needs: 0 for zero.
fn significant_bits(bytes: &[u8]) -> u64 {
    let Some(start) = bytes.iter().position(|&byte| byte != 0) else {
        return 0;
    };
    let whole_bytes = u64::try_from(bytes.len().saturating_sub(start)).unwrap_or(u64::MAX);
    let leading_zeros = bytes
        .get(start)
        .map_or(0, |&first| u64::from(first.leading_zeros()));
    whole_bytes.saturating_mul(8).saturating_sub(leading_zeros)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_width_decides_the_bytes() {
        let id = WideId::from_u128(0x0123, 12);
        assert_eq!(id.map(|id| id.as_bytes().to_vec()), Ok(vec![0x01, 0x23]));
        let wide = WideId::with_bits(&[0, 0, 0xff], 160);
        assert_eq!(
            wide.map(|id| (
                id.bits(),
                id.as_bytes().len(),
                id.as_bytes().last().copied()
            )),
            Ok((160, 20, Some(0xff)))
        );
        assert_eq!(WideId::from_be_bytes(&[0; 24]).map(|id| id.bits()), Ok(192));
        assert_eq!(
            WideId::from_be_bytes(&[7; 3]).map(|id| id.as_bytes().to_vec()),
            Ok(vec![7, 7, 7])
        );
    }

    #[test]
    fn equal_values_of_other_widths_differ() {
        assert_ne!(WideId::from_u128(5, 64), WideId::from_u128(5, 128));
        assert_eq!(WideId::from_u128(5, 64), WideId::with_bits(&[5], 64));
    }

    #[test]
    fn a_u128_comes_back_only_from_128_bits_or_fewer() {
        assert_eq!(
            WideId::from_u128(u128::MAX, 128).map(|id| id.as_u128()),
            Ok(Some(u128::MAX))
        );
        assert_eq!(
            WideId::with_bits(&[1], 160).map(|id| id.as_u128()),
            Ok(None)
        );
        assert_eq!(
            WideId::from_u128(1 << 95, 96).map(|id| id.as_u128()),
            Ok(Some(1 << 95))
        );
    }

    #[test]
    fn bad_widths_and_values_are_refused() {
        assert_eq!(
            WideId::from_u128(0, 0),
            Err(WideIdError::Width { bits: 0, most: 192 })
        );
        assert_eq!(
            WideId::from_u128(0, 129),
            Err(WideIdError::Width {
                bits: 129,
                most: 128
            })
        );
        assert_eq!(
            WideId::from_be_bytes(&[0; 25]),
            Err(WideIdError::Width {
                bits: 200,
                most: 192
            })
        );
        assert_eq!(
            WideId::from_be_bytes(&[]),
            Err(WideIdError::Width { bits: 0, most: 192 })
        );
        assert_eq!(
            WideId::from_u128(0x1000, 12),
            Err(WideIdError::DoesNotFit { bits: 12 })
        );
        assert_eq!(
            WideId::with_bits(&[1, 0, 0, 0, 0, 0, 0, 0, 0], 64),
            Err(WideIdError::DoesNotFit { bits: 64 })
        );
        assert_eq!(
            WideIdError::Width { bits: 0, most: 192 }.to_string(),
            "an ID is 1 to 192 bits wide; this width is 0"
        );
        assert_eq!(
            WideIdError::DoesNotFit { bits: 12 }.to_string(),
            "this value needs more than 12 bits"
        );
    }

    #[test]
    fn significant_bits_count_from_the_first_set_bit() {
        assert_eq!(significant_bits(&[]), 0);
        assert_eq!(significant_bits(&[0, 0]), 0);
        assert_eq!(significant_bits(&[0, 1]), 1);
        assert_eq!(significant_bits(&[0x80, 0]), 16);
        assert_eq!(significant_bits(&[0, 0x10, 0]), 13);
    }
}
