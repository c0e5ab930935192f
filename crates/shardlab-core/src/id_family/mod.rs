//! The ID families beyond the 64-bit presets: UUID (RFC 9562), ULID, KSUID, MongoDB ObjectId,
//! TSID and Sonyflake v2, decoded into their fields and time and composed back, and "whose ID is
//! this?" over them and the presets.
//!
//! The 64-bit [`layout`](crate::layout) module is built for a `u64` and for layouts a reader
//! edits; these families are fixed by their specifications, up to 160 bits wide, and a UUID's
//! layout depends on its own version bits. So they are tables of fields over a
//! [`WideId`](crate::id_text::WideId) (whose text forms [`id_text`](crate::id_text) reads), not
//! `BitLayout`s, and the 64-bit API keeps its speed.
//!
//! - [`IdFamily`]: names (`uuid`, `uuidv7` as an alias, `ulid`, `ksuid`, `objectid`, `tsid`,
//!   `sonyflake-v2`), widths, text forms, [`parse`](IdFamily::parse) and
//!   [`decode`](IdFamily::decode) into a [`DecodedId`].
//! - [`WideLayout`]: a family's fields (for a UUID, its version's), most significant first, the
//!   time fields and their [`WideTimeBase`] (epoch and [`TickUnit`]), and
//!   [`compose`](WideLayout::compose), which round-trips with decode;
//!   [`IdFamily::compose_named`] composes from named values, as `encode` does.
//! - [`UuidVariant`], [`UuidVersion`], [`UuidKind`]: what a UUID's variant and version bits say,
//!   and the Nil and Max UUIDs.
//! - [`rank`]: the readings a text parses under, with each one's time, [`Plausibility`] and
//!   [`Fit`]; [`unread`]: why none does, naming the character and its position.
//!
//! Every epoch, width and field order cites the specification or reference implementation it
//! was taken from, beside the table that holds it (`layout.rs`, `uuid.rs`). Nothing here
//! panics on any input.

// IDs come from readers: the crate's no-panic lints hold here too, and every item is documented.
#![warn(missing_docs)]

mod bits;
mod clock;
mod compose;
mod decode;
mod detect;
mod family;
mod field;
mod fit;
mod layout;
mod unread;
mod uuid;

pub use clock::{TickUnit, WideTime, WideTimeBase};
pub use compose::ComposeNamedError;
pub use decode::{ComposeWideError, DecodedId, DecodedWideField, FamilyError};
pub use detect::{epoch_tie, rank, Candidate, EpochTie, Plausibility, Reading, UnknownLayout};
pub use family::{IdFamily, UnknownFamily};
pub use field::{WideField, WideFieldRole};
pub use fit::{Fit, Oddity, Source};
pub use layout::{
    WideLayout, GREGORIAN_EPOCH_UNIX_MS, KSUID_EPOCH_UNIX_MS, SONYFLAKE_V2_EPOCH_UNIX_MS,
    TSID_EPOCH_UNIX_MS,
};
pub use unread::{unread, Unread};
pub use uuid::{UuidKind, UuidVariant, UuidVersion};

#[cfg(test)]
mod tests;
// The published vectors and the properties lean on the `uuid` and `ulid` crates and proptest,
// which are native-only dev-dependencies.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod vectors;
