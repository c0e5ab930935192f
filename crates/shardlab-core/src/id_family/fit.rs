//! What a reading's fields besides the time say about it ([`Fit`]), and where the scheme's IDs
//! are met ([`Source`]): the two tie-breakers of [`rank`](super::rank) after the time's verdict.
//!
//! The time alone cannot split some readings. Discord's layout is Twitter's with an epoch 4.2
//! years later, so every Twitter ID from mid-2022 on is also a plausible Discord ID from mid-2026
//! on; TSID's is Discord's again, five years later still. The other fields can speak:
//!
//! - **a reserved bit that is set**: Twitter's and Sonyflake's sign bit, Pinterest's two
//!   reserved bits. Their generators never set them, so a reading that needs one set is unusual.
//! - **a sequence that restarts every tick**: Twitter's, Discord's and Sonyflake's generators
//!   start the sequence at 0 in each tick and count the IDs one worker makes in it
//!   (twitter-archive/snowflake `IdWorker.scala`, sony/sonyflake `NextID`). So nearly every ID
//!   holds a small one: below the square root of the field's range (64 of Twitter's 4,096, 16 of
//!   Sonyflake's 256), which the reading then explains as well as its time. A value of a quarter
//!   of the range or more (1,024 IDs from one worker in one millisecond) is unusual.
//! - **nothing**: random bits, Instagram's sequence (a database sequence modulo 1,024, from
//!   Instagram Engineering's "Sharding & IDs at Instagram"), TSID's counter (tsid-creator starts it
//!   at a random value every millisecond) and ObjectId's (random at process start) are uniform, so
//!   no value of theirs speaks for or against.

use serde::Serialize;

use crate::layout::Preset;

use super::detect::Reading;
use super::family::IdFamily;

/// What a reading's fields other than the time say about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "fit")]
pub enum Fit {
    /// A sequence that restarts every tick holds a small value, as nearly every ID's does.
    Usual {
        /// The sequence field's name.
        field: &'static str,
        /// Its value.
        value: u128,
    },
    /// No field but the time speaks for or against the reading.
    Silent,
    /// A field holds a value the scheme's generators never or seldom write.
    Unusual {
        /// The field's name.
        field: &'static str,
        /// Its value.
        value: u128,
        /// What is unusual about it.
        why: Oddity,
    },
}

/// Why a field's value is unusual for its scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Oddity {
    /// A reserved bit that generators leave 0 is set.
    ReservedSet,
    /// The sequence says one worker made at least a quarter of the IDs a tick can hold in one
    /// tick: `value + 1` of `capacity`.
    BusyTick {
        /// How many IDs one tick can hold: 2^width.
        capacity: u128,
    },
}

impl Fit {
    /// Where the fit ranks: usual first, then silent, then unusual.
    pub(super) fn standing(self) -> u8 {
        match self {
            Fit::Usual { .. } => 0,
            Fit::Silent => 1,
            Fit::Unusual { .. } => 2,
        }
    }

    /// The fit of a reading whose fields are `fields` (name, width, value): its reserved field
    /// first, then its restarting sequence.
    pub(super) fn judge(reading: Reading, fields: &[(&str, u32, u128)]) -> Fit {
        let find = |wanted: &str| fields.iter().find(|(name, _, _)| *name == wanted);
        let (reserved, sequence) = reading.telling_fields();
        if let Some(field) = reserved {
            if let Some(&(_, _, value)) = find(field).filter(|(_, _, value)| *value != 0) {
                return Fit::Unusual {
                    field,
                    value,
                    why: Oddity::ReservedSet,
                };
            }
        }
        let Some(field) = sequence else {
            return Fit::Silent;
        };
        let Some(&(_, width, value)) = find(field) else {
            return Fit::Silent;
        };
        let capacity = 1u128.checked_shl(width).unwrap_or(u128::MAX);
        let small = 1u128.checked_shl(width.div_ceil(2)).unwrap_or(u128::MAX);
        if value < small {
            Fit::Usual { field, value }
        } else if value >= capacity / 4 {
            Fit::Unusual {
                field,
                value,
                why: Oddity::BusyTick { capacity },
            }
        } else {
            Fit::Silent
        }
    }
}

/// Where a scheme's IDs are met, the last tie-breaker: a reader who pastes a number is far more
/// likely to hold one a public service printed than one from inside a system that runs a
/// generator library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// A family with a text form of its own (UUID, ULID, KSUID, ObjectId): the text names it.
    OwnText,
    /// A layout a public service published (Twitter, Discord, Instagram, Pinterest), whose IDs
    /// readers meet in URLs and APIs.
    Service,
    /// A generator library's default layout (Sonyflake, Sonyflake v2, TSID), whose IDs mostly stay
    /// inside the systems that run it.
    Library,
}

impl Source {
    pub(super) fn standing(self) -> u8 {
        match self {
            Source::OwnText => 0,
            Source::Service => 1,
            Source::Library => 2,
        }
    }
}

impl Reading {
    /// Where the scheme's IDs are met.
    pub fn source(self) -> Source {
        match self {
            Reading::Family(
                IdFamily::Uuid | IdFamily::Ulid | IdFamily::Ksuid | IdFamily::ObjectId,
            ) => Source::OwnText,
            Reading::Preset(
                Preset::Snowflake | Preset::Discord | Preset::Instagram | Preset::Pinterest,
            ) => Source::Service,
            Reading::Preset(Preset::Sonyflake)
            | Reading::Family(IdFamily::Tsid | IdFamily::SonyflakeV2) => Source::Library,
        }
    }

    /// The fields whose values speak for or against the reading: the reserved field its
    /// generators always leave 0, and the sequence they restart at 0 every tick, each when it
    /// has one.
    pub(super) fn telling_fields(self) -> (Option<&'static str>, Option<&'static str>) {
        match self {
            Reading::Preset(Preset::Snowflake | Preset::Sonyflake)
            | Reading::Family(IdFamily::SonyflakeV2) => (Some("sign"), Some("sequence")),
            Reading::Preset(Preset::Discord) => (None, Some("increment")),
            Reading::Preset(Preset::Pinterest) => (Some("reserved"), None),
            Reading::Preset(Preset::Instagram)
            | Reading::Family(
                IdFamily::Uuid
                | IdFamily::Ulid
                | IdFamily::Ksuid
                | IdFamily::ObjectId
                | IdFamily::Tsid,
            ) => (None, None),
        }
    }
}
