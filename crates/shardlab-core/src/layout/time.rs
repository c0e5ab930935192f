//! Timestamps inside IDs: the tick → Unix-milliseconds conversion and an integer-only ISO-8601
//! formatter.
//!
//! Everything here works on `u64` milliseconds since 1970-01-01T00:00:00Z. Nothing reads a clock: a
//! caller that wants "now" passes it in.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Milliseconds in one civil day (no leap seconds, as in Unix time).
const MS_PER_DAY: u64 = 86_400_000;

/// How a timestamp field counts time: the length of one tick and the instant that tick 0 stands for.
///
/// Snowflake counts 1 ms ticks from 2010-11-04T01:42:54.657Z; Sonyflake counts 10 ms ticks from
/// 2014-09-01T00:00:00Z.
///
/// ```
/// use shardlab_core::layout::TimeBase;
/// let sonyflake = TimeBase { unit_ms: 10, epoch_ms: 1_409_529_600_000 };
/// assert_eq!(sonyflake.unix_ms(3), Some(1_409_529_600_030));
/// assert_eq!(sonyflake.ticks_at(1_409_529_600_035), Ok(3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeBase {
    /// Milliseconds per tick; at least 1 (a layout with 0 is rejected).
    pub unit_ms: u64,
    /// The Unix time in milliseconds of tick 0.
    pub epoch_ms: u64,
}

impl TimeBase {
    /// Plain Unix milliseconds: 1 ms ticks from 1970. The default a field gets when its role is set
    /// to timestamp and it had no time base yet.
    pub const UNIX_MS: TimeBase = TimeBase {
        unit_ms: 1,
        epoch_ms: 0,
    };

    /// The Unix time in milliseconds that `ticks` stands for, or `None` when it does not fit in a
    /// `u64` (possible for wide fields or long units).
    pub fn unix_ms(self, ticks: u64) -> Option<u64> {
        ticks.checked_mul(self.unit_ms)?.checked_add(self.epoch_ms)
    }

    /// The tick count for the Unix time `unix_ms`, rounded down to whole ticks.
    ///
    /// Errors when the instant lies before the epoch or the unit is zero. Whether the count fits the
    /// field is for [`BitLayout::compose`](super::BitLayout::compose) to say.
    pub fn ticks_at(self, unix_ms: u64) -> Result<u64, TimeError> {
        let since_epoch = unix_ms
            .checked_sub(self.epoch_ms)
            .ok_or(TimeError::BeforeEpoch {
                unix_ms,
                epoch_ms: self.epoch_ms,
            })?;
        since_epoch
            .checked_div(self.unit_ms)
            .ok_or(TimeError::ZeroUnit)
    }
}

impl Default for TimeBase {
    fn default() -> Self {
        TimeBase::UNIX_MS
    }
}

/// Why a Unix time could not become a tick count.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TimeError {
    /// The instant lies before the layout's epoch, so it has no tick count.
    #[error("{} is before this layout's epoch ({}), so it has no timestamp here", format_unix_ms(*unix_ms), format_unix_ms(*epoch_ms))]
    BeforeEpoch {
        /// The instant asked about, Unix ms.
        unix_ms: u64,
        /// The layout's epoch, Unix ms.
        epoch_ms: u64,
    },
    /// The time base has a zero-length tick.
    #[error("a tick of 0 ms cannot count time")]
    ZeroUnit,
}

/// Formats Unix milliseconds as an ISO-8601 UTC string such as `2012-08-15T12:34:56.789Z`.
///
/// Years past 9999 get the ISO "expanded" form with a leading `+`, so every `u64` formats.
///
/// ```
/// use shardlab_core::layout::format_unix_ms;
/// assert_eq!(format_unix_ms(0), "1970-01-01T00:00:00.000Z");
/// assert_eq!(format_unix_ms(1_345_034_096_789), "2012-08-15T12:34:56.789Z");
/// ```
pub fn format_unix_ms(unix_ms: u64) -> String {
    let days = unix_ms / MS_PER_DAY;
    let ms_of_day = unix_ms % MS_PER_DAY;
    let (year, month, day) = civil_from_days(days);
    let hour = ms_of_day / 3_600_000;
    let minute = ms_of_day / 60_000 % 60;
    let second = ms_of_day / 1_000 % 60;
    let milli = ms_of_day % 1_000;
    let year_text = if year <= 9999 {
        format!("{year:04}")
    } else {
        format!("+{year}")
    };
    format!("{year_text}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{milli:03}Z")
}

/// The proleptic Gregorian (year, month, day) of a day count since 1970-01-01.
///
/// This is the well-known era-based method: shift the calendar so years start on 1 March (putting the
/// leap day last), split days into 400-year eras of 146,097 days, then find the year of the era and
/// the day of that year. All values stay non-negative because Unix days here are unsigned, and the
/// largest input (`u64::MAX` ms ≈ 2.1e11 days) keeps every product far below `u64::MAX`; the
/// `largest_instant_formats_without_overflow` test runs it in a debug build to prove that.
#[allow(clippy::arithmetic_side_effects)]
fn civil_from_days(days_since_1970: u64) -> (u64, u64, u64) {
    // 719,468 days separate 0000-03-01 from 1970-01-01.
    let shifted = days_since_1970 + 719_468;
    let era = shifted / 146_097;
    let day_of_era = shifted % 146_097; // 0 ..= 146_096
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365; // 0 ..= 399
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100); // 0 ..= 365
    let month_from_march = (5 * day_of_year + 2) / 153; // 0 ..= 11, March = 0
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1; // 1 ..= 31
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    // January and February belong to the next civil year in the March-based count.
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // test arithmetic uses fixed, known values
mod tests {
    use super::*;

    #[test]
    fn formats_known_instants() {
        assert_eq!(format_unix_ms(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(
            format_unix_ms(1_288_834_974_657),
            "2010-11-04T01:42:54.657Z"
        );
        assert_eq!(
            format_unix_ms(1_314_220_021_721),
            "2011-08-24T21:07:01.721Z"
        );
        assert_eq!(
            format_unix_ms(1_420_070_400_000),
            "2015-01-01T00:00:00.000Z"
        );
        assert_eq!(
            format_unix_ms(1_409_529_600_000),
            "2014-09-01T00:00:00.000Z"
        );
        assert_eq!(format_unix_ms(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(
            format_unix_ms(253_402_300_799_999),
            "9999-12-31T23:59:59.999Z"
        );
        assert_eq!(
            format_unix_ms(253_402_300_800_000),
            "+10000-01-01T00:00:00.000Z"
        );
    }

    #[test]
    fn largest_instant_formats_without_overflow() {
        // Debug builds panic on overflow, so reaching the assertion is the test.
        let text = format_unix_ms(u64::MAX);
        assert!(text.starts_with('+'), "{text}");
        assert!(text.ends_with(".615Z"), "{text}");
    }

    #[test]
    fn day_walk_matches_a_simple_calendar() {
        // Walk day by day across 1970 ..= 2404 (two 400-year leap cycles' worth of edge cases) and
        // compare with a naive month-length calendar.
        let (mut year, mut month, mut day) = (1970u64, 1u64, 1u64);
        for days in 0..158_000u64 {
            assert_eq!(civil_from_days(days), (year, month, day), "day {days}");
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
            let length = match month {
                2 if leap => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            day += 1;
            if day > length {
                day = 1;
                month += 1;
                if month > 12 {
                    month = 1;
                    year += 1;
                }
            }
        }
    }

    #[test]
    fn ticks_round_trip_and_errors() {
        let base = TimeBase {
            unit_ms: 10,
            epoch_ms: 1_000,
        };
        assert_eq!(base.ticks_at(1_000), Ok(0));
        assert_eq!(base.ticks_at(1_019), Ok(1));
        assert_eq!(base.unix_ms(1), Some(1_010));
        assert_eq!(
            base.ticks_at(999),
            Err(TimeError::BeforeEpoch {
                unix_ms: 999,
                epoch_ms: 1_000
            })
        );
        assert_eq!(base.unix_ms(u64::MAX), None);
        let zero = TimeBase {
            unit_ms: 0,
            epoch_ms: 0,
        };
        assert_eq!(zero.ticks_at(5), Err(TimeError::ZeroUnit));
        assert!(TimeError::ZeroUnit.to_string().contains("0 ms"));
        let before = base.ticks_at(0).unwrap_err().to_string();
        assert!(before.contains("1970-01-01T00:00:00.000Z"), "{before}");
        assert_eq!(TimeBase::default(), TimeBase::UNIX_MS);
    }
}
