//! A set of IDs that remembers where each was first seen, for finding duplicates in issue order.
//! Open addressing over a power-of-two table twice the size of what it holds: one small
//! non-generic type where a sort or a `HashMap` would add their generic code to every page.

/// No index: an empty slot.
const EMPTY: u32 = u32::MAX;

/// The set.
pub(super) struct FirstSeen {
    ids: Vec<u64>,
    firsts: Vec<u32>,
    /// 64 − log2(table size): the mixed ID's top bits pick the slot.
    shift: u32,
}

impl FirstSeen {
    /// A set for up to `count` IDs.
    pub(super) fn for_count(count: usize) -> FirstSeen {
        let size = count
            .saturating_mul(2)
            .max(16)
            .checked_next_power_of_two()
            .unwrap_or(1 << 20);
        FirstSeen {
            ids: vec![0; size],
            firsts: vec![EMPTY; size],
            shift: 64u32.saturating_sub(size.trailing_zeros()),
        }
    }

    /// Forgets every ID, keeping the table.
    pub(super) fn clear(&mut self) {
        self.firsts.fill(EMPTY);
    }

    /// Where `id` was first seen, or `None` after noting `index` as its first sighting.
    pub(super) fn first_or_note(&mut self, id: u64, index: u32) -> Option<u32> {
        let size = self.firsts.len();
        // Fibonacci hashing: IDs differ mostly in their low or middle bits, and the product's
        // top bits mix them all. The shift keeps the slot below the table's size.
        let mut slot = usize::try_from(
            id.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .checked_shr(self.shift)
                .unwrap_or(0),
        )
        .unwrap_or(0);
        for _ in 0..size {
            match (self.ids.get_mut(slot), self.firsts.get_mut(slot)) {
                (Some(held), Some(first)) if *first == EMPTY => {
                    (*held, *first) = (id, index);
                    return None;
                }
                (Some(held), Some(first)) if *held == id => return Some(*first),
                _ => slot = slot.wrapping_add(1).checked_rem(size).unwrap_or(0),
            }
        }
        // Unreachable while the table is twice the IDs noted; a full table reports no duplicate.
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_sighting_is_kept_through_collisions_and_clearing() {
        let mut seen = FirstSeen::for_count(1_000);
        // IDs 4,096 apart differ only above their low bits, as a sequence's do.
        for index in 0..1_000u32 {
            assert_eq!(seen.first_or_note(u64::from(index) << 12, index), None);
        }
        assert_eq!(seen.first_or_note(7 << 12, 5_000), Some(7));
        assert_eq!(seen.first_or_note(999 << 12, 5_001), Some(999));
        assert_eq!(seen.first_or_note(1_000 << 12, 5_002), None);
        seen.clear();
        assert_eq!(seen.first_or_note(7 << 12, 1), None);
    }
}
