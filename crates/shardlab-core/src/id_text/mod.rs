//! The text forms of wide IDs: ID text to big-endian bytes and back, for IDs of up to 192 bits.
//!
//! The 64-bit parser ([`crate::layout::parse_id`]) reads the numbers snowflake-style IDs are
//! written as. The other families an engineer meets are wider and are written otherwise: a UUID
//! as dashed hex, a ULID (and a TSID) in Crockford's base32, a KSUID in base62 (160 bits, more than a `u128`),
//! a MongoDB ObjectId as 24 hex digits or `ObjectId("…")`. This module reads and writes those
//! texts and nothing more: a [`WideId`] is bytes and a width, and what the bits mean (a
//! timestamp, a version, a shard) is for the layouts to say.
//!
//! - [`TextForm`]: decimal, hex, UUID, Crockford base32 (ULID's 26 characters and TSID's 13),
//!   base62 and ObjectId, each with [`parse`](TextForm::parse), [`format`](TextForm::format)
//!   and the width it carries ([`max_bits`](TextForm::max_bits)).
//! - [`WideId`]: up to [`MAX_ID_BITS`] bits as big-endian bytes, with its width.
//! - [`detect_forms`]: the forms a text parses under, for "whose ID is this?".
//! - [`IdTextError`]: why a text is not an ID in a form, naming the limit or the offending
//!   character and its position; [`TooWide`]: why an ID has no text in a form.
//!
//! Pasted text comes from readers, so nothing here panics, and a text over [`MAX_ID_TEXT_CHARS`]
//! is refused before it is scanned.
//!
//! ```
//! use shardlab_core::id_text::TextForm;
//! let ulid = TextForm::Crockford32.parse("01ARZ3NDEKTSV4RRFFQ69G5FAV")?;
//! assert_eq!(TextForm::Uuid.format(&ulid)?, "01563e3a-b5d3-d676-4c61-efb99302bd5b");
//! assert_eq!(TextForm::Decimal.format(&ulid)?, "1777027686520646174104517696511196507");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod base62;
mod crockford;
mod decimal;
mod error;
mod form;
mod hex;
mod input;
mod object_id;
mod positional;
mod uuid;
mod wide_id;

pub use base62::LARGEST_KSUID;
pub use error::{ExpectedLength, IdTextError, TooWide};
pub use form::{detect_forms, TextForm};
pub use input::MAX_ID_TEXT_CHARS;
pub use wide_id::{WideId, WideIdError, MAX_ID_BITS, MAX_ID_BYTES};

#[cfg(test)]
mod expect;
#[cfg(test)]
mod tests;
// The published vectors and the properties lean on the `uuid` and `ulid` crates and proptest,
// which are native-only dev-dependencies.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod vectors;
