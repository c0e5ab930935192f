//! Numbers as a reader sees them, in one place for the app, the CLI and the core's own captions:
//! digit grouping, percentages, dollars and hex. Each function is one display rule; where two
//! rules differ (a percentage that keeps small shares visible, or one fixed decimal), both are
//! here, named for what they do, so a figure reads the same wherever it appears.

/// `digits` with `separator` between groups of `size`, counted from the right: the one digit
/// grouping every display form uses (`group("12345", 3, ',')` is "12,345"). A `size` of 0 groups
/// nothing.
pub fn group(digits: &str, size: usize, separator: char) -> String {
    let len = digits.chars().count();
    let mut grouped = String::with_capacity(
        digits
            .len()
            .saturating_add(len.checked_div(size).unwrap_or(0)),
    );
    for (index, digit) in digits.chars().enumerate() {
        // `index` counts the characters, so it stays below `len` and the subtraction is exact.
        if index > 0 && size > 0 && len.saturating_sub(index).is_multiple_of(size) {
            grouped.push(separator);
        }
        grouped.push(digit);
    }
    grouped
}

/// A count with thousands separators: 1048576 → "1,048,576".
pub fn thousands(count: u64) -> String {
    group(&count.to_string(), 3, ',')
}

/// A fraction as a percentage with one decimal, `0.198 → "19.8 %"`, or three below 1 % so that
/// the small shares of large clusters (1 of 10,000 servers is 0.010 %) do not read as zero.
pub fn percent(fraction: f64) -> String {
    let percent = fraction * 100.0;
    if percent != 0.0 && percent.abs() < 1.0 {
        format!("{percent:.3} %")
    } else {
        format!("{percent:.1} %")
    }
}

/// A fraction as a percentage with exactly one decimal, `0.001 → "0.1 %"`: the caption's form,
/// where an error rate below 0.05 % reads as 0.0 %.
pub fn percent_one_decimal(fraction: f64) -> String {
    format!("{:.1} %", fraction * 100.0)
}

/// A latency in ms: one decimal below a second (`31.4 ms`), whole with separators above
/// (`1,250 ms`).
pub fn milliseconds(value: f64) -> String {
    if (1_000.0..1e15).contains(&value) {
        // In range and non-negative, so the cast neither wraps nor saturates.
        format!("{} ms", thousands(value.round() as u64))
    } else {
        format!("{value:.1} ms")
    }
}

/// A rate rounded to whole units with thousands separators (`12,345`), below 10^15.
pub fn whole_rate(rate: f64) -> String {
    if (0.0..1e15).contains(&rate) {
        // In range and non-negative, so the cast is exact enough and never wraps.
        thousands(rate.round() as u64)
    } else {
        format!("{rate}")
    }
}

/// Dollars to two significant digits, `$36`, `$0.0021`; `$0` for nothing, a negative or a
/// non-finite amount.
pub fn dollars_significant(amount: f64) -> String {
    if amount.is_nan() || amount <= 0.0 || amount.is_infinite() {
        return "$0".to_string();
    }
    // A positive finite amount has a finite log10 within ±324, so the cast is exact.
    let digits = (-libm::floor(libm::log10(amount)) as i32).saturating_add(1);
    // Clamped to 0..=12, so the cast cannot wrap.
    let decimals = digits.clamp(0, 12) as usize;
    format!("${amount:.decimals$}")
}

/// Whole dollars with separators from $100 (a month's burn reads `$12,960`), else
/// [`dollars_significant`].
pub fn dollars(amount: f64) -> String {
    if (100.0..1e15).contains(&amount) {
        // In range and positive, so the cast neither wraps nor truncates a whole part.
        let whole = libm::round(amount) as u64;
        format!("${}", thousands(whole))
    } else {
        dollars_significant(amount)
    }
}

/// A burn rate as a reader weighs it: the price table's $/s with the same amount per hour and
/// per month beside it, `$0.0012/s ($4.3/hour, $3,156/month)`; a second's fraction of a cent
/// alone says nothing.
pub fn burn(per_s: f64) -> String {
    format!(
        "{}/s ({}/hour, {}/month)",
        dollars_significant(per_s),
        dollars(crate::sim::prices::per_hour(per_s)),
        dollars(crate::sim::prices::per_month(per_s))
    )
}

/// A count rounded to the precision its spread supports: [`round_to_spread`]'s result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Rounded {
    /// The count, rounded to a multiple of `step`.
    pub value: u64,
    /// The place it is rounded to: a power of ten, 1 for an exact count.
    pub step: u64,
}

/// Rounds `value` to the largest power of ten no bigger than `spread` (how far the count may be
/// off either way), keeping at least its first digit: 4,137 ± 300 → 4,100 (to the hundred),
/// ± 30 → 4,140, ± 0 → 4,137, and 800 ± 3,000 → 800.
pub fn round_to_spread(value: u64, spread: u64) -> Rounded {
    let mut step: u64 = 1;
    while let Some(next) = step.checked_mul(10) {
        if next > spread || next > value {
            break;
        }
        step = next;
    }
    // `step` ≥ 1, so the remainder exists; the rounded value stays within one step of `value`.
    let remainder = value.checked_rem(step).unwrap_or(0);
    let down = value.saturating_sub(remainder);
    let value = if remainder.saturating_mul(2) >= step {
        down.saturating_add(step)
    } else {
        down
    };
    Rounded { value, step }
}

/// A count with its spread as a reader sees it: `≈ 4.1k` for 4,137 ± 300, `≈ 4,140` for ± 30
/// (a short form only while it needs at most one decimal), `4,137` for an exact count, `≈ 1.0M`.
pub fn approx_count(value: u64, spread: u64) -> String {
    let Rounded { value, step } = round_to_spread(value, spread);
    let prefix = if step > 1 { "≈ " } else { "" };
    let short = |unit: u64, suffix: &str| {
        // The unit and the step are powers of ten, so the digits the step keeps past the unit's
        // point are the difference of their exponents.
        let decimals = unit.ilog10().saturating_sub(step.ilog10());
        (decimals <= 1).then(|| {
            let decimals = decimals as usize;
            format!("{:.decimals$}{suffix}", value as f64 / unit as f64)
        })
    };
    let text = if value >= 1_000_000 {
        short(1_000_000, "M")
    } else if value >= 1_000 {
        short(1_000, "k")
    } else {
        None
    };
    format!("{prefix}{}", text.unwrap_or_else(|| thousands(value)))
}

/// A 64-bit value as `0x` and 16 hex digits in groups of four: `0x0359_4010_006b_f795`.
pub fn hex_u64_grouped(value: u64) -> String {
    format!("0x{}", group(&format!("{value:016x}"), 4, '_'))
}

/// A span of time given in milliseconds, as a reader reads it: `250 ms`, `12.345 s`, and from a
/// minute on the larger units that are not zero, `3 min 2.500 s`, `2 d 0 h 5 min 0.000 s`
/// (every unit below the largest shown, so the parts line up).
///
/// ```
/// use shardlab_core::text::duration_ms;
/// assert_eq!(duration_ms(250), "250 ms");
/// assert_eq!(duration_ms(12_345), "12.345 s");
/// assert_eq!(duration_ms(182_500), "3 min 2.500 s");
/// assert_eq!(duration_ms(172_800_000 + 300_000), "2 d 0 h 5 min 0.000 s");
/// ```
pub fn duration_ms(ms: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(86_400_000, "d"), (3_600_000, "h"), (60_000, "min")];
    if ms < 1_000 {
        return format!("{ms} ms");
    }
    let mut parts = Vec::new();
    let mut rest = ms;
    for (size, unit) in UNITS {
        let whole = rest.checked_div(size).unwrap_or(0);
        if whole > 0 || !parts.is_empty() {
            parts.push(format!("{whole} {unit}"));
        }
        rest = rest.checked_rem(size).unwrap_or(rest);
    }
    parts.push(format!("{}.{:03} s", rest / 1_000, rest % 1_000));
    parts.join(" ")
}

/// A size in bytes with decimal units, one decimal from a kilobyte up: `512 B`, `32.0 MB`,
/// `1.8 TB` (a copy's size, beside a throttle in MB/s).
pub fn data_size(bytes: u64) -> String {
    const UNITS: [(f64, &str); 6] = [
        (1e18, "EB"),
        (1e15, "PB"),
        (1e12, "TB"),
        (1e9, "GB"),
        (1e6, "MB"),
        (1e3, "kB"),
    ];
    let value = bytes as f64;
    for (size, unit) in UNITS {
        if value >= size {
            return format!("{:.1} {unit}", value / size);
        }
    }
    format!("{bytes} B")
}

/// A span of seconds rounded as a reader weighs a long job: `160 ms`, `20.5 s`, `4.3 min`,
/// `2.5 h`, `1.2 d`; `0 ms` for a negative or NaN span, `forever` for an infinite one.
pub fn rough_duration_s(seconds: f64) -> String {
    if seconds.is_infinite() && seconds > 0.0 {
        return "forever".to_string();
    }
    if seconds.is_nan() || seconds <= 0.0 {
        return "0 ms".to_string();
    }
    if seconds < 1.0 {
        return format!("{:.0} ms", seconds * 1_000.0);
    }
    for (size, unit) in [(86_400.0, "d"), (3_600.0, "h"), (60.0, "min")] {
        if seconds >= size {
            return format!("{:.1} {unit}", seconds / size);
        }
    }
    format!("{seconds:.1} s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_counted_from_the_right() {
        assert_eq!(group("12345", 4, '_'), "1_2345");
        assert_eq!(group("abcd", 4, '_'), "abcd");
        assert_eq!(group("", 4, '_'), "");
        assert_eq!(group("1234567", 3, ' '), "1 234 567");
        assert_eq!(group("123", 0, ','), "123");
    }

    #[test]
    fn counts_get_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(20_000), "20,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn a_burn_reads_per_second_hour_and_month() {
        // $4.32 an hour is $0.0012 a second and $3,156 over the 730.5-hour month.
        let per_s = 4.32 / 3_600.0;
        assert_eq!(burn(per_s), "$0.0012/s ($4.3/hour, $3,156/month)");
        assert_eq!(burn(0.0), "$0/s ($0/hour, $0/month)");
    }

    #[test]
    fn percentages_keep_small_shares_visible() {
        assert_eq!(percent(0.198_34), "19.8 %");
        assert_eq!(percent(0.2), "20.0 %");
        assert_eq!(percent(0.0001), "0.010 %");
        assert_eq!(percent(0.0), "0.0 %");
        assert_eq!(percent_one_decimal(0.001), "0.1 %");
        assert_eq!(percent_one_decimal(0.0001), "0.0 %");
    }

    #[test]
    fn dollars_read_as_whole_or_two_digits() {
        assert_eq!(dollars_significant(36.0), "$36");
        assert_eq!(dollars_significant(0.00213), "$0.0021");
        assert_eq!(dollars_significant(-1.0), "$0");
        assert_eq!(dollars_significant(f64::NAN), "$0");
        assert_eq!(dollars(12_960.4), "$12,960");
        assert_eq!(dollars(42.0), "$42");
        assert_eq!(dollars(0.5), "$0.50");
    }

    #[test]
    fn counts_round_to_their_spread() {
        assert_eq!(
            round_to_spread(4_137, 300),
            Rounded {
                value: 4_100,
                step: 100
            }
        );
        assert_eq!(
            round_to_spread(4_137, 30),
            Rounded {
                value: 4_140,
                step: 10
            }
        );
        assert_eq!(
            round_to_spread(4_137, 0),
            Rounded {
                value: 4_137,
                step: 1
            }
        );
        assert_eq!(
            round_to_spread(4_150, 100),
            Rounded {
                value: 4_200,
                step: 100
            }
        );
        assert_eq!(
            round_to_spread(800, 3_000),
            Rounded {
                value: 800,
                step: 100
            }
        );
        assert_eq!(round_to_spread(0, 50), Rounded { value: 0, step: 1 });
        assert_eq!(
            round_to_spread(u64::MAX, u64::MAX).step,
            10_000_000_000_000_000_000
        );
        assert_eq!(approx_count(4_137, 300), "≈ 4.1k");
        assert_eq!(approx_count(4_137, 1_000), "≈ 4k");
        assert_eq!(approx_count(4_137, 30), "≈ 4,140");
        assert_eq!(approx_count(4_137, 0), "4,137");
        assert_eq!(approx_count(56_234, 2_500), "≈ 56k");
        assert_eq!(approx_count(999_960, 120_000), "≈ 1.0M");
        assert_eq!(approx_count(640, 20), "≈ 640");
    }

    #[test]
    fn sizes_and_long_spans_read_at_a_glance() {
        assert_eq!(data_size(512), "512 B");
        assert_eq!(data_size(32_000_000), "32.0 MB");
        assert_eq!(data_size(1_800_000_000_000), "1.8 TB");
        assert_eq!(data_size(u64::MAX), "18.4 EB");
        assert_eq!(rough_duration_s(0.16), "160 ms");
        assert_eq!(rough_duration_s(20.48), "20.5 s");
        assert_eq!(rough_duration_s(9_000.0), "2.5 h");
        assert_eq!(rough_duration_s(259.0), "4.3 min");
        assert_eq!(rough_duration_s(104_000.0), "1.2 d");
        assert_eq!(rough_duration_s(f64::NAN), "0 ms");
        assert_eq!(rough_duration_s(f64::INFINITY), "forever");
    }

    #[test]
    fn hex_has_sixteen_digits_in_groups() {
        assert_eq!(
            hex_u64_grouped(241_294_492_511_762_325),
            "0x0359_4010_006b_f795"
        );
        assert_eq!(hex_u64_grouped(0), "0x0000_0000_0000_0000");
    }
}
