//! [`WideLayout`]: the fields of one family's IDs, and the time field's parts and base.
//!
//! Every family but the UUID has one layout. A UUID's depends on its version, so its layout is
//! known only once the variant and version bits are read; [`WideLayout::Uuid`] carries that kind.

use serde::Serialize;

use super::clock::{TickUnit, WideTimeBase};
use super::family::IdFamily;
use super::field::{field, WideField, WideFieldRole};
use super::uuid::{UuidKind, UuidVersion};

use WideFieldRole::{Counter, Machine, Random, Reserved, Time};

/// The layout of one ID: a family's, or for a UUID, the layout of its version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WideLayout {
    /// A UUID of this kind.
    Uuid(UuidKind),
    /// A ULID.
    Ulid,
    /// A KSUID.
    Ksuid,
    /// A MongoDB ObjectId.
    ObjectId,
    /// A TSID with tsid-creator's default split of its 22 low bits.
    Tsid,
    /// A Sonyflake v2 ID with the package's default settings.
    SonyflakeV2,
}

/// 1970-01-01T00:00:00Z.
const UNIX_EPOCH_MS: i64 = 0;

/// 1582-10-15T00:00:00Z in Unix ms: RFC 9562, section 5.1, gives the offset to 1970 as
/// 122,192,928,000,000,000 ticks of 100 ns.
pub const GREGORIAN_EPOCH_UNIX_MS: i64 = -12_219_292_800_000;

/// KSUID's epoch, 2014-05-13T16:53:20Z: `epochStamp = 1400000000` seconds (segmentio/ksuid,
/// `ksuid.go`).
pub const KSUID_EPOCH_UNIX_MS: i64 = 1_400_000_000_000;

/// TSID's epoch, 2020-01-01T00:00:00Z: `Tsid.TSID_EPOCH` (f4b6a3/tsid-creator, `Tsid.java`).
pub const TSID_EPOCH_UNIX_MS: i64 = 1_577_836_800_000;

/// Sonyflake v2's default start time, 2025-01-01T00:00:00Z (sony/sonyflake, `v2/sonyflake.go`:
/// `New` sets it when `Settings.StartTime` is zero; version 1 started at 2014-09-01).
pub const SONYFLAKE_V2_EPOCH_UNIX_MS: i64 = 1_735_689_600_000;

/// The ULID spec: a 48-bit timestamp in Unix milliseconds, then 80 bits of randomness.
const ULID: [WideField; 2] = [
    field("timestamp", 48, Time),
    field("randomness", 80, Random),
];

/// segmentio/ksuid's README and `ksuid.go`: a 32-bit timestamp in seconds since its epoch
/// (`timestampLengthInBytes = 4`), then a 128-bit random payload (`payloadLengthInBytes = 16`).
const KSUID: [WideField; 2] = [field("timestamp", 32, Time), field("payload", 128, Random)];

/// MongoDB's ObjectId: 4 bytes of Unix seconds, 5 random bytes drawn once per process (so they
/// name the process, as a machine field does), 3 bytes of a counter that starts at random.
const OBJECT_ID: [WideField; 3] = [
    field("timestamp", 32, Time),
    field("random", 40, Machine),
    field("counter", 24, Counter),
];

/// tsid-creator's README ("TSID Structure") and `TsidFactory`: 42 bits of milliseconds since
/// 2020, then 22 bits split into a node and a counter; the factory's default gives the node 10
/// (`NODE_BITS_1024`) and the counter the other 12.
const TSID: [WideField; 3] = [
    field("time", 42, Time),
    field("node", 10, Machine),
    field("counter", 12, Counter),
];

/// sony/sonyflake, `v2/sonyflake.go`: the defaults `defaultBitsTime = 39` (in
/// `defaultTimeUnit`, 10 ms), `defaultBitsSequence = 8` and `defaultBitsMachine = 16`, laid out
/// by `toID` as time, sequence, machine below an unused sign bit (`63 - BitsSequence -
/// BitsMachineID` bits of time in an `int64`).
const SONYFLAKE_V2: [WideField; 4] = [
    field("sign", 1, Reserved),
    field("time", 39, Time),
    field("sequence", 8, Counter),
    field("machine", 16, Machine),
];

impl WideLayout {
    /// The family the layout belongs to.
    pub fn family(self) -> IdFamily {
        match self {
            WideLayout::Uuid(_) => IdFamily::Uuid,
            WideLayout::Ulid => IdFamily::Ulid,
            WideLayout::Ksuid => IdFamily::Ksuid,
            WideLayout::ObjectId => IdFamily::ObjectId,
            WideLayout::Tsid => IdFamily::Tsid,
            WideLayout::SonyflakeV2 => IdFamily::SonyflakeV2,
        }
    }

    /// The fields, most significant first; their widths add up to the family's.
    pub fn fields(self) -> &'static [WideField] {
        match self {
            WideLayout::Uuid(kind) => kind.fields(),
            WideLayout::Ulid => &ULID,
            WideLayout::Ksuid => &KSUID,
            WideLayout::ObjectId => &OBJECT_ID,
            WideLayout::Tsid => &TSID,
            WideLayout::SonyflakeV2 => &SONYFLAKE_V2,
        }
    }

    /// The names of the fields that make up the time, most significant first; empty when the
    /// layout has no time.
    pub fn time_fields(self) -> &'static [&'static str] {
        match self {
            WideLayout::Uuid(kind) => kind.time_fields(),
            WideLayout::Ulid | WideLayout::Ksuid | WideLayout::ObjectId => &["timestamp"],
            WideLayout::Tsid | WideLayout::SonyflakeV2 => &["time"],
        }
    }

    /// The time field's epoch and unit; `None` when the layout has no time.
    pub fn time_base(self) -> Option<WideTimeBase> {
        let (epoch_unix_ms, unit) = match self {
            WideLayout::Uuid(kind) => uuid_time_base(kind)?,
            WideLayout::Ulid => (UNIX_EPOCH_MS, TickUnit::Milliseconds),
            WideLayout::Ksuid => (KSUID_EPOCH_UNIX_MS, TickUnit::Seconds),
            WideLayout::ObjectId => (UNIX_EPOCH_MS, TickUnit::Seconds),
            WideLayout::Tsid => (TSID_EPOCH_UNIX_MS, TickUnit::Milliseconds),
            WideLayout::SonyflakeV2 => (SONYFLAKE_V2_EPOCH_UNIX_MS, TickUnit::TenMilliseconds),
        };
        Some(WideTimeBase {
            epoch_unix_ms,
            unit,
        })
    }

    /// The value a field with `role` must hold in this layout: a UUID's version and variant, the
    /// Nil and Max UUIDs' bits, which say which layout the UUID has. `None` when the minter fills
    /// it. Sonyflake's sign bit is not fixed: a generator never sets it, but a decode shows it as
    /// it is, so a negative ID read as Sonyflake still round-trips.
    pub fn fixed_value(self, role: WideFieldRole) -> Option<u128> {
        match self {
            WideLayout::Uuid(kind) => kind.fixed_value(role),
            WideLayout::Ulid
            | WideLayout::Ksuid
            | WideLayout::ObjectId
            | WideLayout::Tsid
            | WideLayout::SonyflakeV2 => None,
        }
    }

    /// What a reader calls the layout: "UUID version 7 (Unix time)".
    pub fn title(self) -> String {
        match self {
            WideLayout::Uuid(UuidKind::Nil) => "the Nil UUID".to_owned(),
            WideLayout::Uuid(UuidKind::Max) => "the Max UUID".to_owned(),
            WideLayout::Uuid(UuidKind::Rfc9562(version)) => {
                format!("UUID version {} ({})", version.number(), version.label())
            }
            WideLayout::Ulid
            | WideLayout::Ksuid
            | WideLayout::ObjectId
            | WideLayout::Tsid
            | WideLayout::SonyflakeV2 => self.family().title().to_owned(),
        }
    }
}

/// A UUID kind's epoch and tick: 100 ns since 1582 for versions 1 and 6 (RFC 9562, section 5.1),
/// Unix milliseconds for version 7 (section 5.7), none for the rest.
fn uuid_time_base(kind: UuidKind) -> Option<(i64, TickUnit)> {
    match kind {
        UuidKind::Rfc9562(UuidVersion::GregorianTime | UuidVersion::ReorderedTime) => {
            Some((GREGORIAN_EPOCH_UNIX_MS, TickUnit::HundredNanoseconds))
        }
        UuidKind::Rfc9562(UuidVersion::UnixTime) => Some((UNIX_EPOCH_MS, TickUnit::Milliseconds)),
        UuidKind::Nil
        | UuidKind::Max
        | UuidKind::Rfc9562(
            UuidVersion::DceSecurity
            | UuidVersion::NameMd5
            | UuidVersion::Random
            | UuidVersion::NameSha1
            | UuidVersion::Custom,
        ) => None,
    }
}
