//! Numbers as a reader sees them, in one place for the app, the CLI and the core's own captions:
//! digit grouping, percentages, dollars and hex. Each function is one display rule; where two
//! rules differ (a percentage that keeps small shares visible, or one fixed decimal), both are
//! here, named for what they do, so a figure reads the same wherever it appears.

/// A count with thousands separators: 1048576 → "1,048,576".
pub fn thousands(count: u64) -> String {
    let digits = count.to_string();
    let mut grouped = String::with_capacity(digits.len().saturating_add(digits.len() / 3));
    for (index, digit) in digits.chars().enumerate() {
        // `index` counts the digits, so it stays below their number and the subtraction is exact.
        if index > 0 && digits.len().saturating_sub(index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// A count in three significant digits the way a caption reads it: 950, 4.00k, 1.00M.
pub fn count_short(count: u32) -> String {
    let value = f64::from(count);
    if count < 1_000 {
        count.to_string()
    } else if count < 1_000_000 {
        format!("{:.2}k", value / 1_000.0)
    } else {
        format!("{:.2}M", value / 1_000_000.0)
    }
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

/// A 64-bit value as `0x` and 16 hex digits in groups of four: `0x0359_4010_006b_f795`.
pub fn hex_u64_grouped(value: u64) -> String {
    let digits = format!("{value:016x}");
    let mut grouped = String::from("0x");
    for (index, ch) in digits.chars().enumerate() {
        if index > 0 && index.is_multiple_of(4) {
            grouped.push('_');
        }
        grouped.push(ch);
    }
    grouped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_get_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(20_000), "20,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn short_counts_have_three_digits() {
        assert_eq!(count_short(950), "950");
        assert_eq!(count_short(4_000), "4.00k");
        assert_eq!(count_short(1_000_000), "1.00M");
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
    fn hex_has_sixteen_digits_in_groups() {
        assert_eq!(
            hex_u64_grouped(241_294_492_511_762_325),
            "0x0359_4010_006b_f795"
        );
        assert_eq!(hex_u64_grouped(0), "0x0000_0000_0000_0000");
    }
}
