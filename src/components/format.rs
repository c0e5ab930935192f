//! Numbers for display: rounded for reading, with the exact value kept by the caller for tooltips.

/// A count with thousands separators: 20000 → "20,000".
pub fn format_count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len().saturating_add(digits.len() / 3));
    for (i, ch) in digits.chars().enumerate() {
        // `i` counts the digits, so it stays below their number and the subtraction is exact.
        if i > 0 && digits.len().saturating_sub(i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::format_count;

    #[test]
    fn counts_get_thousands_separators() {
        assert_eq!(format_count(0), "0");
        assert_eq!(format_count(999), "999");
        assert_eq!(format_count(20_000), "20,000");
        assert_eq!(format_count(1_234_567), "1,234,567");
    }
}
