//! How long ago an instant was, in the words a reader says: "3 years ago", "in 8 months".

/// Milliseconds in each unit the wording uses, longest first, with its name. A month is a
/// twelfth of a Julian year and a year 365.25 days: the wording is rounded down, so the
/// calendar's unevenness never shows.
const UNITS: [(i64, &str); 6] = [
    (31_557_600_000, "year"),
    (2_629_800_000, "month"),
    (86_400_000, "day"),
    (3_600_000, "hour"),
    (60_000, "minute"),
    (1_000, "second"),
];

/// `then_ms` seen from `now_ms` (both Unix ms), in the largest whole unit: "3 years ago", "1 day
/// ago", "in 8 months", or "just now" within a second.
///
/// ```
/// use shardlab_core::text::ago;
/// let year = 31_557_600_000;
/// assert_eq!(ago(0, 3 * year + 5), "3 years ago");
/// assert_eq!(ago(90_000_000, 0), "in 1 day");
/// assert_eq!(ago(500, 0), "just now");
/// ```
pub fn ago(then_ms: i64, now_ms: i64) -> String {
    let Some(span) = span(now_ms.abs_diff(then_ms)) else {
        return "just now".to_owned();
    };
    if then_ms <= now_ms {
        format!("{span} ago")
    } else {
        format!("in {span}")
    }
}

/// A length of time in ms in the largest whole unit ("4 years", "1 day"), as [`ago`] words it;
/// `None` under a second.
///
/// ```
/// use shardlab_core::text::span;
/// assert_eq!(span(131_235_425_343).as_deref(), Some("4 years"));
/// assert_eq!(span(999), None);
/// ```
pub fn span(ms: u64) -> Option<String> {
    let (count, name) = UNITS.iter().find_map(|&(unit, name)| {
        let count = ms.checked_div(unit.unsigned_abs())?;
        (count >= 1).then_some((count, name))
    })?;
    let plural = if count == 1 { "" } else { "s" };
    Some(format!("{count} {name}{plural}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_whole_unit_names_the_span() {
        let day = 86_400_000;
        assert_eq!(ago(0, 45 * day), "1 month ago");
        assert_eq!(ago(0, 2 * day - 1), "1 day ago");
        assert_eq!(ago(0, 59_999), "59 seconds ago");
        assert_eq!(ago(i64::MIN, i64::MAX), "584542046 years ago");
        assert_eq!(ago(i64::MAX, i64::MIN), "in 584542046 years");
    }
}
