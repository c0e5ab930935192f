//! The time in an ID: each family's tick unit and epoch, and ticks to Unix milliseconds.
//!
//! The 64-bit layouts' [`TimeBase`](crate::layout::TimeBase) counts whole milliseconds from an
//! epoch after 1970, in a `u64`. The families need more: UUIDv1 and v6 count 100-nanosecond ticks
//! from 1582-10-15, before the Unix epoch, so the epoch here is signed and the unit can be shorter
//! than a millisecond. A time is rounded down to whole milliseconds, as `uuid::Timestamp` and
//! every tool that prints one do.

use serde::Serialize;

use crate::layout::format_unix_ms;

/// How long one tick of a time field lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TickUnit {
    /// 100 ns: UUIDv1 and v6 (RFC 9562, section 5.1).
    HundredNanoseconds,
    /// 1 ms: UUIDv7, ULID, TSID.
    Milliseconds,
    /// 10 ms: Sonyflake.
    TenMilliseconds,
    /// 1 s: KSUID and ObjectId.
    Seconds,
}

impl TickUnit {
    /// The tick in nanoseconds.
    pub fn nanoseconds(self) -> u64 {
        match self {
            TickUnit::HundredNanoseconds => 100,
            TickUnit::Milliseconds => 1_000_000,
            TickUnit::TenMilliseconds => 10_000_000,
            TickUnit::Seconds => 1_000_000_000,
        }
    }

    /// The unit as a reader reads it: "100 ns".
    pub fn label(self) -> &'static str {
        match self {
            TickUnit::HundredNanoseconds => "100 ns",
            TickUnit::Milliseconds => "1 ms",
            TickUnit::TenMilliseconds => "10 ms",
            TickUnit::Seconds => "1 s",
        }
    }
}

/// A time field's tick 0 and tick length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct WideTimeBase {
    /// The Unix time in milliseconds of tick 0; negative before 1970.
    pub epoch_unix_ms: i64,
    /// How long a tick lasts.
    pub unit: TickUnit,
}

/// Nanoseconds in a millisecond.
const NANOS_PER_MS: u128 = 1_000_000;

impl WideTimeBase {
    /// The Unix time in milliseconds that `ticks` stand for, rounded down; `None` past `i64`.
    pub fn unix_ms(self, ticks: u128) -> Option<i64> {
        let nanos = ticks.checked_mul(u128::from(self.unit.nanoseconds()))?;
        let since_epoch = i64::try_from(nanos.checked_div(NANOS_PER_MS)?).ok()?;
        self.epoch_unix_ms.checked_add(since_epoch)
    }

    /// The ticks at the Unix time `unix_ms`, rounded down; `None` before the epoch.
    pub fn ticks_at(self, unix_ms: i64) -> Option<u128> {
        let since_epoch = u128::try_from(unix_ms.checked_sub(self.epoch_unix_ms)?).ok()?;
        since_epoch
            .checked_mul(NANOS_PER_MS)?
            .checked_div(u128::from(self.unit.nanoseconds()))
    }
}

/// An ID's time: its ticks and the Unix milliseconds they stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct WideTime {
    /// The time field's value (for UUIDv1 and v6, its three parts joined).
    pub ticks: u128,
    /// The Unix time in milliseconds, rounded down; negative before 1970.
    pub unix_ms: i64,
}

impl WideTime {
    /// The instant as ISO-8601 UTC, e.g. `2022-02-22T19:22:22.000Z`; `None` before 1970, which
    /// the one date formatter ([`format_unix_ms`]) does not write.
    pub fn iso8601(&self) -> Option<String> {
        u64::try_from(self.unix_ms).ok().map(format_unix_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1582-10-15T00:00:00Z, the Gregorian calendar's first day, in Unix ms: RFC 9562 gives the
    /// offset as 122,192,928,000,000,000 100-ns ticks.
    const GREGORIAN: WideTimeBase = WideTimeBase {
        epoch_unix_ms: -12_219_292_800_000,
        unit: TickUnit::HundredNanoseconds,
    };

    #[test]
    fn ticks_become_unix_ms_rounded_down() {
        assert_eq!(GREGORIAN.unix_ms(122_192_928_000_000_000), Some(0));
        assert_eq!(GREGORIAN.unix_ms(122_192_928_000_009_999), Some(0));
        assert_eq!(GREGORIAN.unix_ms(0), Some(-12_219_292_800_000));
        let ksuid = WideTimeBase {
            epoch_unix_ms: 1_400_000_000_000,
            unit: TickUnit::Seconds,
        };
        assert_eq!(ksuid.unix_ms(107_608_047), Some(1_507_608_047_000));
        assert_eq!(ksuid.unix_ms(u128::MAX), None);
    }

    #[test]
    fn unix_ms_become_ticks_rounded_down() {
        assert_eq!(GREGORIAN.ticks_at(0), Some(122_192_928_000_000_000));
        let sonyflake = WideTimeBase {
            epoch_unix_ms: 1_735_689_600_000,
            unit: TickUnit::TenMilliseconds,
        };
        assert_eq!(sonyflake.ticks_at(1_735_689_600_035), Some(3));
        assert_eq!(sonyflake.ticks_at(0), None);
    }

    #[test]
    fn only_times_after_1970_have_an_iso_form() {
        let at = |unix_ms| WideTime { ticks: 0, unix_ms }.iso8601();
        assert_eq!(at(0).as_deref(), Some("1970-01-01T00:00:00.000Z"));
        assert_eq!(at(-1), None);
    }
}
