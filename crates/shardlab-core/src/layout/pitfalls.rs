//! The two classic ways to get a 64-bit ID wrong, as data: reading it into a JavaScript `Number`
//! (an IEEE-754 double, which holds integers exactly only up to 2^53), and taking the local ID
//! with a 32-bit mask when the local field is wider.
//!
//! The one double in this module is the subject itself: `id as f64` is IEEE round-to-nearest-even,
//! exact and identical on every target, and converting the (integral) result back is exact. There
//! is no floating-point arithmetic.

use super::{BitLayout, FieldRole};

/// The largest power of two below which every integer is exactly a double: 2^53. An ID at or
/// above it survives `Number(id)` only if its low bits happen to be zero.
pub const F64_EXACT_INTEGERS: u64 = 1 << 53;

/// What a 32-bit mask keeps: `0xFFFF_FFFF`.
pub const MASK_32: u64 = 0xFFFF_FFFF;

/// 2^32, the smallest local ID a 32-bit mask gets wrong.
const TWO_TO_32: u64 = 1 << 32;

/// What `Number(id)` makes of an ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberRounding {
    /// What JavaScript prints for the double, `String(Number(id))`: the shortest digits that read
    /// back as the same double.
    pub printed: String,
    /// The exact integer the nearest double holds (up to 2^64, one past every ID).
    pub nearest: u128,
    /// [`nearest`](Self::nearest) as an ID, when it is still one (below 2^64).
    pub as_id: Option<u64>,
    /// How far the double is off: `nearest − id`.
    pub error: i128,
}

impl NumberRounding {
    /// Whether the double holds the ID exactly.
    pub fn exact(&self) -> bool {
        self.error == 0
    }
}

/// `Number(id)`: the nearest double to `id`, as JavaScript prints it and as the integer it is.
pub fn number_rounding(id: u64) -> NumberRounding {
    let nearest = nearest_double(id);
    NumberRounding {
        printed: js_number_string(id as f64),
        nearest,
        as_id: u64::try_from(nearest).ok(),
        error: i128::try_from(nearest)
            .unwrap_or(i128::MAX)
            .saturating_sub(i128::from(id)),
    }
}

/// The exact integer `Number(id)` holds.
fn nearest_double(id: u64) -> u128 {
    // A double at or above 2^53 is an integer, and one below it is `id` itself, so this is exact;
    // the largest case, 2^64, still fits a u128.
    id as f64 as u128
}

/// Whether `Number(id)` holds `id` exactly: [`number_rounding`]'s test without its text, for
/// counting many IDs.
pub(crate) fn survives_number(id: u64) -> bool {
    nearest_double(id) == u128::from(id)
}

/// JavaScript's `String(x)` for a non-negative integral double below 10^21 (every double near a
/// u64 is): the shortest round-trip digits, padded with zeros, which is also Rust's choice.
fn js_number_string(double: f64) -> String {
    format!("{double}")
}

/// What `id & 0xFFFF_FFFF` does to the local field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mask32 {
    /// The local field's position in the layout.
    pub position: usize,
    /// The local field's width in bits.
    pub width: u32,
    /// The real local ID.
    pub local: u64,
    /// What the mask gives instead: `id & 0xFFFF_FFFF`.
    pub masked: u64,
}

impl Mask32 {
    /// Whether the mask happens to give the real local ID.
    pub fn matches(&self) -> bool {
        self.masked == self.local
    }

    /// A local ID that shows the mistake, when this one hides it: the same value with bit 32
    /// set (2^32 more), if the field is wide enough to hold it.
    pub fn revealing_local(&self) -> Option<u64> {
        (self.width > 32 && self.local <= MASK_32).then_some(self.local | TWO_TO_32)
    }
}

impl BitLayout {
    /// What a 32-bit mask makes of `id`'s local field; `None` when the layout has no local field.
    pub fn mask32(&self, id: u64) -> Option<Mask32> {
        let position = self.position_of_role(FieldRole::Local)?;
        let field = self.field(position)?;
        Some(Mask32 {
            position,
            width: field.width,
            local: self.value_at(id, position)?,
            masked: id & MASK_32,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Preset, EXAMPLE_PIN};

    #[test]
    fn number_rounds_the_pinterest_example() {
        let rounding = number_rounding(EXAMPLE_PIN);
        assert_eq!(rounding.printed, "241294492511762340");
        assert_eq!(rounding.nearest, 241_294_492_511_762_336);
        assert_eq!(rounding.as_id, Some(241_294_492_511_762_336));
        assert_eq!(rounding.error, 11);
        assert!(!rounding.exact());
    }

    #[test]
    fn number_keeps_small_ids_and_rounds_the_largest_past_every_id() {
        assert!(number_rounding(5).exact());
        assert!(number_rounding(F64_EXACT_INTEGERS).exact());
        assert_eq!(number_rounding(F64_EXACT_INTEGERS | 1).error, -1);
        let top = number_rounding(u64::MAX);
        assert_eq!(top.as_id, None);
        assert_eq!(top.nearest, 1u128 << 64);
        assert_eq!(top.printed, "18446744073709552000");
        assert_eq!(top.error, 1);
    }

    #[test]
    fn the_32_bit_mask_hides_until_local_passes_2_to_the_32() {
        let layout = Preset::Pinterest.layout();
        let mask = layout.mask32(EXAMPLE_PIN).unwrap();
        assert_eq!(
            (mask.local, mask.masked, mask.width),
            (7_075_733, 7_075_733, 36)
        );
        assert!(mask.matches());
        let revealing = mask.revealing_local().unwrap();
        assert_eq!(revealing, (1 << 32) + 7_075_733);
        let big = layout.compose(&[0, 3429, 1, revealing]).unwrap();
        let wrong = layout.mask32(big).unwrap();
        assert_eq!((wrong.local, wrong.masked), (revealing, 7_075_733));
        assert!(!wrong.matches());
        assert_eq!(wrong.revealing_local(), None);
    }

    #[test]
    fn a_layout_without_a_local_field_has_nothing_to_mask() {
        let snowflake = Preset::Snowflake.layout();
        assert_eq!(snowflake.mask32(1), None);
    }
}
