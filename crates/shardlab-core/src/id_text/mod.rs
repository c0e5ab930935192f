//! The text forms of wide IDs: ID text to big-endian bytes and back, for IDs of up to 192 bits.
//!
//! - [`WideId`]: up to [`MAX_ID_BITS`] bits as big-endian bytes, with its width.

mod wide_id;

pub use wide_id::{WideId, WideIdError, MAX_ID_BITS, MAX_ID_BYTES};
