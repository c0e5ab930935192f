//! Stored values kept aside rather than lost: the rule behind the Board's autosave and Learn's
//! progress, so that a value the reader has not seen is never overwritten.
//!
//! A value is kept aside before it is replaced when this build cannot read all of it (a newer
//! version's save, a damaged one, one nested too deep) or when the reader replaces it on purpose
//! (importing a progress file over their progress). At most [`MAX_KEPT`] are kept, each in a
//! slot of its own with the time it was kept and why: a new one goes in the first empty slot,
//! else over the one kept longest ago ([`slot_for_new`]). A value already kept is not kept twice.
//!
//! The slots' times and reasons are stored together as one short line ([`Slots::to_text`]),
//! read back field by field ([`Slots::from_text`]): anything it cannot read counts as a value of
//! unknown time (the oldest), so a damaged line never hides a kept value.

/// The most values kept aside per stored value.
pub const MAX_KEPT: usize = 3;

/// Why a value was kept aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeptWhy {
    /// This build could not read all of it: damaged, nested too deep, or written by another
    /// version, with parts this build does not know.
    Unreadable,
    /// The reader replaced it (an imported progress file).
    Replaced,
}

impl KeptWhy {
    /// Its letter in [`Slots::to_text`].
    fn letter(self) -> char {
        match self {
            KeptWhy::Unreadable => 'u',
            KeptWhy::Replaced => 'r',
        }
    }

    /// The reason a letter names; an unknown letter reads as [`KeptWhy::Unreadable`].
    fn from_letter(letter: &str) -> KeptWhy {
        match letter {
            "r" => KeptWhy::Replaced,
            _ => KeptWhy::Unreadable,
        }
    }
}

/// One slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Nothing kept here.
    Empty,
    /// A value is kept here.
    Kept {
        /// When it was kept (Unix ms); `None` when not known (kept by an older build).
        at_ms: Option<i64>,
        /// Why.
        why: KeptWhy,
    },
}

/// The [`MAX_KEPT`] slots of one stored value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots(pub [Slot; MAX_KEPT]);

impl Slots {
    /// No value kept.
    pub const EMPTY: Slots = Slots([Slot::Empty; MAX_KEPT]);

    /// The slots as their line: one field per slot, separated by commas: empty for an empty
    /// slot, else the time in Unix ms (or `?`) and the reason's letter, `1733560000000u`.
    pub fn to_text(&self) -> String {
        let fields: Vec<String> = self
            .0
            .iter()
            .map(|slot| match slot {
                Slot::Empty => String::new(),
                Slot::Kept { at_ms, why } => {
                    let at = at_ms.map_or_else(|| "?".to_owned(), |ms| ms.to_string());
                    format!("{at}{}", why.letter())
                }
            })
            .collect();
        fields.join(",")
    }

    /// The slots a line describes, given which slots hold a value (`filled`, as found in
    /// storage: the stored values decide, the line only dates them). A slot with a value whose
    /// field is missing or unreadable is of unknown time, kept because unreadable.
    pub fn from_text(text: Option<&str>, filled: [bool; MAX_KEPT]) -> Slots {
        let mut fields = text.unwrap_or_default().split(',');
        let mut slots = Slots::EMPTY;
        for (slot, filled) in slots.0.iter_mut().zip(filled) {
            let field = fields.next().unwrap_or_default();
            if !filled {
                continue;
            }
            let digits = field.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            let letter = field.get(digits.len()..).unwrap_or_default();
            *slot = Slot::Kept {
                at_ms: digits.parse().ok(),
                why: KeptWhy::from_letter(letter),
            };
        }
        slots
    }

    /// Where a new value goes: see [`slot_for_new`].
    pub fn slot_for_new(&self) -> usize {
        slot_for_new(&self.0)
    }

    /// The filled slots, the most recently kept first (unknown times last, in slot order).
    pub fn newest_first(&self) -> Vec<(usize, Option<i64>, KeptWhy)> {
        let mut kept: Vec<(usize, Option<i64>, KeptWhy)> = self
            .0
            .iter()
            .enumerate()
            .filter_map(|(index, slot)| match slot {
                Slot::Empty => None,
                Slot::Kept { at_ms, why } => Some((index, *at_ms, *why)),
            })
            .collect();
        kept.sort_by_key(|(index, at_ms, _)| (std::cmp::Reverse(*at_ms), *index));
        kept
    }
}

/// Which slot a newly kept value goes in: the first empty one, else the one kept longest ago
/// (a slot of unknown time counts as the oldest; a tie goes to the first).
pub fn slot_for_new(slots: &[Slot; MAX_KEPT]) -> usize {
    if let Some(empty) = slots.iter().position(|slot| *slot == Slot::Empty) {
        return empty;
    }
    slots
        .iter()
        .enumerate()
        .min_by_key(|(index, slot)| match slot {
            Slot::Empty => (None, *index),
            Slot::Kept { at_ms, .. } => (*at_ms, *index),
        })
        .map_or(0, |(index, _)| index)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(at_ms: Option<i64>) -> Slot {
        Slot::Kept {
            at_ms,
            why: KeptWhy::Unreadable,
        }
    }

    #[test]
    fn a_new_value_fills_the_first_empty_slot_then_replaces_the_oldest() {
        assert_eq!(slot_for_new(&[Slot::Empty; MAX_KEPT]), 0);
        assert_eq!(slot_for_new(&[kept(Some(5)), Slot::Empty, Slot::Empty]), 1);
        assert_eq!(slot_for_new(&[kept(Some(5)), Slot::Empty, kept(None)]), 1);
        assert_eq!(
            slot_for_new(&[kept(Some(5)), kept(Some(3)), kept(Some(9))]),
            1
        );
        // A value of unknown time (an older build kept it) is the oldest.
        assert_eq!(slot_for_new(&[kept(Some(5)), kept(Some(3)), kept(None)]), 2);
        assert_eq!(slot_for_new(&[kept(None), kept(None), kept(Some(1))]), 0);
    }

    #[test]
    fn the_line_round_trips_and_a_damaged_one_still_dates_what_is_kept() {
        let slots = Slots([
            Slot::Kept {
                at_ms: Some(1_733_560_000_000),
                why: KeptWhy::Replaced,
            },
            Slot::Empty,
            kept(None),
        ]);
        let text = slots.to_text();
        assert_eq!(text, "1733560000000r,,?u");
        assert_eq!(Slots::from_text(Some(&text), [true, false, true]), slots);
        // The stored values decide which slots are filled; the line only dates them.
        assert_eq!(
            Slots::from_text(Some(&text), [false, true, true]),
            Slots([Slot::Empty, kept(None), kept(None)])
        );
        for damaged in [
            None,
            Some(""),
            Some("x,,,,,"),
            Some("99999999999999999999999u"),
        ] {
            assert_eq!(
                Slots::from_text(damaged, [true, false, false]),
                Slots([kept(None), Slot::Empty, Slot::Empty]),
                "{damaged:?}"
            );
        }
    }

    #[test]
    fn the_newest_comes_first_and_unknown_times_last() {
        let slots = Slots([kept(None), kept(Some(7)), kept(Some(9))]);
        let order: Vec<usize> = slots.newest_first().iter().map(|k| k.0).collect();
        assert_eq!(order, [2, 1, 0]);
        assert!(Slots::EMPTY.newest_first().is_empty());
    }
}
