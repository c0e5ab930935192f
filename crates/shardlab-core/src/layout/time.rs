//! Timestamps inside IDs: the tick → Unix-milliseconds conversion and an integer-only ISO-8601
//! formatter.
//!
//! Everything here works on `u64` milliseconds since 1970-01-01T00:00:00Z. Nothing reads a clock: a
//! caller that wants "now" passes it in.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::text::quote;

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
    /// Milliseconds per tick, 1 ..= [`MAX_UNIT_MS`] (a layout outside that is rejected).
    pub unit_ms: u64,
    /// The Unix time in milliseconds of tick 0.
    pub epoch_ms: u64,
}

/// The longest tick a timestamp field may have: one day. Longer units exist nowhere, and the cap
/// keeps `ticks × unit` readable; a layout with a longer one is refused, typed or imported.
pub const MAX_UNIT_MS: u64 = 86_400_000;

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

impl TimeBase {
    /// Whether `unit_ms` is a tick length a timestamp field may have: 1 ..= [`MAX_UNIT_MS`].
    pub const fn unit_allowed(unit_ms: u64) -> bool {
        unit_ms >= 1 && unit_ms <= MAX_UNIT_MS
    }

    /// Whether the last tick of a timestamp field whose largest tick count is `ticks_max`
    /// (`Field::max_value`) still has a Unix time in this time base, so that every ID the field
    /// allows can be decoded.
    ///
    /// ```
    /// use shardlab_core::layout::TimeBase;
    /// let late = TimeBase { unit_ms: 1, epoch_ms: u64::MAX - 10 };
    /// assert!(late.check_span(10).is_ok());
    /// assert!(late.check_span(11).is_err());
    /// ```
    pub fn check_span(self, ticks_max: u64) -> Result<(), PastLargestTime> {
        match self.unix_ms(ticks_max) {
            Some(_) => Ok(()),
            None => Err(PastLargestTime {
                ticks_max,
                unit_ms: self.unit_ms,
                epoch_ms: self.epoch_ms,
            }),
        }
    }
}

/// A time base whose field's last tick falls after the largest Unix millisecond a `u64` holds
/// ([`TimeBase::check_span`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{ticks_max} ticks of {unit_ms} ms after {} would pass the largest time this page can show ({})", format_unix_ms(*epoch_ms), format_unix_ms(u64::MAX))]
pub struct PastLargestTime {
    /// The field's largest tick count.
    pub ticks_max: u64,
    /// The unit asked for.
    pub unit_ms: u64,
    /// The epoch asked for, Unix ms.
    pub epoch_ms: u64,
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

/// The latest year [`parse_iso_utc`] accepts: four-digit years only, as people type them.
const MAX_PARSED_YEAR: u64 = 9999;

/// Why a date typed as ISO-8601 UTC could not become Unix milliseconds.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IsoParseError {
    /// Nothing was typed.
    #[error("the date is empty")]
    Empty,
    /// The text does not have the shape `YYYY-MM-DD` with an optional `THH:MM[:SS[.sss]]` and `Z`.
    #[error(
        "{} is not a UTC date like 2015-06-01 or 2015-06-01T12:30:00.000Z",
        quote(text)
    )]
    Shape {
        /// The text as given, trimmed.
        text: String,
    },
    /// A part is out of its range, such as month 13 or 30 February.
    #[error("{part} {value} does not exist; {allowed}")]
    OutOfRange {
        /// Which part: "month", "day", "hour", "minute" or "second".
        part: &'static str,
        /// The value given.
        value: u64,
        /// What is allowed, in words.
        allowed: String,
    },
    /// A year before 1970, which Unix milliseconds (unsigned here) cannot hold.
    #[error("year {year} is before 1970; epochs here are Unix milliseconds, which start in 1970")]
    BeforeUnixEpoch {
        /// The year given.
        year: u64,
    },
}

/// Reads an ISO-8601 UTC date, the inverse of [`format_unix_ms`] for four-digit years.
///
/// Accepts `YYYY-MM-DD`, then optionally `T` (or a space) and `HH:MM`, `:SS` and `.s` to `.sss`,
/// and a trailing `Z`. Time-zone offsets other than `Z` are refused rather than guessed.
///
/// ```
/// use shardlab_core::layout::{format_unix_ms, parse_iso_utc};
/// assert_eq!(parse_iso_utc("2010-11-04T01:42:54.657Z"), Ok(1_288_834_974_657));
/// assert_eq!(parse_iso_utc("2014-09-01"), Ok(1_409_529_600_000));
/// assert_eq!(format_unix_ms(parse_iso_utc("2000-02-29T12:00Z").unwrap()), "2000-02-29T12:00:00.000Z");
/// ```
pub fn parse_iso_utc(text: &str) -> Result<u64, IsoParseError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(IsoParseError::Empty);
    }
    let shape = || IsoParseError::Shape {
        text: trimmed.to_owned(),
    };
    let body = trimmed
        .strip_suffix('Z')
        .or_else(|| trimmed.strip_suffix('z'))
        .unwrap_or(trimmed);
    let (date, time) = match body.split_once(['T', 't', ' ']) {
        Some((date, time)) => (date, Some(time)),
        None => (body, None),
    };
    let number = |part: &str, digits: usize| -> Result<u64, IsoParseError> {
        if part.len() != digits || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(shape());
        }
        part.parse().map_err(|_| shape())
    };
    let mut date_parts = date.split('-');
    let (Some(year), Some(month), Some(day), None) = (
        date_parts.next(),
        date_parts.next(),
        date_parts.next(),
        date_parts.next(),
    ) else {
        return Err(shape());
    };
    let (year, month, day) = (number(year, 4)?, number(month, 2)?, number(day, 2)?);
    let (mut hour, mut minute, mut second, mut milli) = (0, 0, 0, 0);
    if let Some(time) = time {
        let (clock, fraction) = match time.split_once('.') {
            Some((clock, fraction)) => (clock, Some(fraction)),
            None => (time, None),
        };
        let mut clock_parts = clock.split(':');
        match (
            clock_parts.next(),
            clock_parts.next(),
            clock_parts.next(),
            clock_parts.next(),
        ) {
            (Some(h), Some(m), s, None) => {
                hour = number(h, 2)?;
                minute = number(m, 2)?;
                if let Some(s) = s {
                    second = number(s, 2)?;
                } else if fraction.is_some() {
                    return Err(shape());
                }
            }
            _ => return Err(shape()),
        }
        if let Some(fraction) = fraction {
            if fraction.is_empty() || fraction.len() > 3 {
                return Err(shape());
            }
            // ".5" is 500 ms: pad to three digits before reading.
            milli = number(&format!("{fraction:0<3}"), 3)?;
        }
    }
    if year < 1970 {
        return Err(IsoParseError::BeforeUnixEpoch { year });
    }
    if year > MAX_PARSED_YEAR {
        return Err(shape());
    }
    let out_of_range = |part: &'static str, value: u64, allowed: String| {
        Err(IsoParseError::OutOfRange {
            part,
            value,
            allowed,
        })
    };
    if !(1..=12).contains(&month) {
        return out_of_range("month", month, "months are 01 … 12".to_owned());
    }
    let length = days_in_month(year, month);
    if day == 0 || day > length {
        return out_of_range(
            "day",
            day,
            format!("{year}-{month:02} has days 01 … {length}"),
        );
    }
    if hour > 23 {
        return out_of_range("hour", hour, "hours are 00 … 23".to_owned());
    }
    if minute > 59 {
        return out_of_range("minute", minute, "minutes are 00 … 59".to_owned());
    }
    if second > 59 {
        return out_of_range(
            "second",
            second,
            "seconds are 00 … 59 (Unix time has no leap seconds)".to_owned(),
        );
    }
    let days = days_from_civil(year, month, day);
    // Years up to 9999 keep every product below 2^48, far inside u64.
    Ok(days
        .saturating_mul(MS_PER_DAY)
        .saturating_add(hour.saturating_mul(3_600_000))
        .saturating_add(minute.saturating_mul(60_000))
        .saturating_add(second.saturating_mul(1_000))
        .saturating_add(milli))
}

/// Days in a month of the proleptic Gregorian calendar (`month` is 1 … 12).
fn days_in_month(year: u64, month: u64) -> u64 {
    let leap = (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a valid date from 1970 on: the inverse of [`civil_from_days`], by the
/// same March-based era method.
#[allow(clippy::arithmetic_side_effects)] // callers pass 1970 ≤ year ≤ 9999 and a valid month and day
fn days_from_civil(year: u64, month: u64, day: u64) -> u64 {
    // January and February count as months 10 and 11 of the previous March-based year.
    let year = if month <= 2 { year - 1 } else { year };
    let era = year / 400;
    let year_of_era = year % 400;
    let month_from_march = if month > 2 { month - 3 } else { month + 9 };
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
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

    #[test]
    fn iso_dates_parse_back_to_what_was_formatted() {
        for ms in [
            0,
            951_782_400_000,
            1_288_834_974_657,
            1_409_529_600_000,
            1_433_116_800_000,
            253_402_300_799_999,
        ] {
            assert_eq!(parse_iso_utc(&format_unix_ms(ms)), Ok(ms), "{ms}");
        }
        // Every day from 1970 to 2400 survives the trip at noon.
        for days in (0..157_000u64).step_by(7) {
            let ms = days * MS_PER_DAY + 43_200_000;
            assert_eq!(parse_iso_utc(&format_unix_ms(ms)), Ok(ms), "{ms}");
        }
        assert_eq!(parse_iso_utc(" 2014-09-01 "), Ok(1_409_529_600_000));
        assert_eq!(parse_iso_utc("2014-09-01 00:00"), Ok(1_409_529_600_000));
        assert_eq!(
            parse_iso_utc("2014-09-01T00:00:01.5z"),
            Ok(1_409_529_601_500)
        );
    }

    #[test]
    fn iso_errors_say_what_is_wrong() {
        assert_eq!(parse_iso_utc("  "), Err(IsoParseError::Empty));
        for shape in [
            "2014",
            "2014-9-01",
            "2014-09-01T1:00",
            "2014-09-01T10",
            "2014-09-01T10:00:00.1234",
            "2014-09-01T10:00.5",
            "2014-09-01T10:00:00+02:00",
            "2014-09-01-05",
            "20140-09-01",
            "２０１４-09-01",
        ] {
            assert!(
                matches!(parse_iso_utc(shape), Err(IsoParseError::Shape { .. })),
                "{shape}"
            );
        }
        assert_eq!(
            parse_iso_utc("1969-12-31"),
            Err(IsoParseError::BeforeUnixEpoch { year: 1969 })
        );
        let feb = parse_iso_utc("2015-02-29").unwrap_err();
        assert!(feb.to_string().contains("01 … 28"), "{feb}");
        assert!(parse_iso_utc("2016-02-29").is_ok());
        assert!(parse_iso_utc("1900-02-29").is_err());
        for (text, part) in [
            ("2015-13-01", "month"),
            ("2015-00-01", "month"),
            ("2015-04-31", "day"),
            ("2015-04-00", "day"),
            ("2015-04-01T24:00", "hour"),
            ("2015-04-01T23:60", "minute"),
            ("2015-04-01T23:59:60", "second"),
        ] {
            match parse_iso_utc(text) {
                Err(IsoParseError::OutOfRange { part: got, .. }) => assert_eq!(got, part, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_time_base_suits_a_field_only_when_every_tick_has_a_time() {
        assert!(TimeBase::unit_allowed(1));
        assert!(TimeBase::unit_allowed(MAX_UNIT_MS));
        assert!(!TimeBase::unit_allowed(0));
        assert!(!TimeBase::unit_allowed(MAX_UNIT_MS + 1));
        let base = |unit_ms, epoch_ms| TimeBase { unit_ms, epoch_ms };
        assert_eq!(base(1, 0).check_span(u64::MAX), Ok(()));
        // 41 bits of 1 ms ticks: the epoch may be at most u64::MAX - (2^41 - 1).
        let ticks_max = (1u64 << 41) - 1;
        assert_eq!(base(1, u64::MAX - ticks_max).check_span(ticks_max), Ok(()));
        let past = base(1, u64::MAX - ticks_max + 1).check_span(ticks_max);
        assert_eq!(past.map_err(|e| e.ticks_max), Err(ticks_max));
        assert_eq!(
            base(2, 0).check_span(u64::MAX).unwrap_err().to_string(),
            format!(
                "{} ticks of 2 ms after 1970-01-01T00:00:00.000Z would pass the largest time this page can show ({})",
                u64::MAX,
                format_unix_ms(u64::MAX)
            )
        );
    }
}
