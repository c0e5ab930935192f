//! A logarithmic slider: positions 0 … [`POSITIONS`] spread evenly over the powers of ten between a
//! minimum and a maximum, so 100 users and 1,000,000 users are both a small drag away.

/// The slider's last position.
pub const POSITIONS: u32 = 1000;

/// The value at `position` (clamped to 0 … [`POSITIONS`]) on a log scale from `min` to `max`.
pub fn value_at(position: u32, min: u32, max: u32) -> u32 {
    let (lo, hi) = (
        libm::log10(f64::from(min.max(1))),
        libm::log10(f64::from(max.max(1))),
    );
    let exponent = lo + (hi - lo) * f64::from(position.min(POSITIONS)) / f64::from(POSITIONS);
    // 10^exponent lies between min and max, so the cast cannot overflow.
    libm::round(libm::pow(10.0, exponent)) as u32
}

/// The position nearest to `value` on a log scale from `min` to `max`.
pub fn position_of(value: u32, min: u32, max: u32) -> u32 {
    let (lo, hi) = (
        libm::log10(f64::from(min.max(1))),
        libm::log10(f64::from(max.max(1))),
    );
    if hi <= lo {
        return 0;
    }
    let exponent = libm::log10(f64::from(value.max(1))).clamp(lo, hi);
    libm::round((exponent - lo) / (hi - lo) * f64::from(POSITIONS)) as u32
}

#[cfg(test)]
mod tests {
    use super::{position_of, value_at};

    #[test]
    fn ends_and_middle_of_the_scale() {
        assert_eq!(value_at(0, 100, 1_000_000), 100);
        assert_eq!(value_at(500, 100, 1_000_000), 10_000);
        assert_eq!(value_at(9_999, 100, 1_000_000), 1_000_000);
        assert_eq!(position_of(1, 100, 1_000_000), 0);
        assert_eq!(position_of(5, 7, 7), 0, "an empty range has one position");
    }
}
