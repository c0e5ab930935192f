//! The bit strip's pure half: which field owns each bit, the label runs and boundary handles of
//! each half of the strip, and the keyboard and drag state machine. The component in
//! `parts/bit_strip.rs` draws what these return and does the DOM work (focus, pointer capture).
//!
//! Every width comes from the layout and the strip's size from the core's [`ID_BITS`].

use std::rc::Rc;

use shardlab_core::layout::{BitLayout, Field, FieldRole, ID_BITS};
use yew::Reducible;

/// The most significant bit, where the strip starts.
pub const TOP_BIT: u32 = ID_BITS.saturating_sub(1);

/// The bits in each half of the strip (two halves keep it readable on a narrow screen).
pub const HALF_BITS: u32 = ID_BITS.div_euclid(2);

/// What owns one bit: a field position, or the unused top bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The field at this position.
    Field(usize),
    /// No field: the free bits above the layout.
    Unused,
}

/// The owner of every bit, indexed by bit number.
pub fn owners(layout: &BitLayout) -> [Owner; ID_BITS as usize] {
    let mut owners = [Owner::Unused; ID_BITS as usize];
    for position in 0..layout.field_count() {
        let (Some(field), Some(shift)) = (layout.field(position), layout.shift(position)) else {
            continue;
        };
        for bit in shift..shift.saturating_add(field.width) {
            if let Some(slot) = owners.get_mut(bit as usize) {
                *slot = Owner::Field(position);
            }
        }
    }
    owners
}

/// How one bit cell is drawn: its field's role and whether it is the field's top bit.
pub fn cell_look(layout: &BitLayout, owner: Owner, bit: u32) -> (FieldRole, bool) {
    match owner {
        Owner::Field(p) => {
            let field = layout.field(p);
            let shift = layout.shift(p).unwrap_or(0);
            let top = field.is_some_and(|f| shift.saturating_add(f.width).saturating_sub(1) == bit);
            (field.map_or(FieldRole::Other, |f| f.role), top)
        }
        Owner::Unused => (FieldRole::Reserved, bit == TOP_BIT),
    }
}

/// One label above a run of bits with the same owner inside a half.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelRun<'a> {
    /// The run's highest bit.
    pub high: u32,
    /// Its lowest bit.
    pub low: u32,
    /// The field's name, or "unused".
    pub name: &'a str,
    /// The field's role (reserved for unused bits).
    pub role: FieldRole,
    /// Whether the field continues above this half.
    pub continued: bool,
}

/// The label runs of the half whose top bit is `high`, highest first.
pub fn label_runs<'a>(layout: &'a BitLayout, owners: &[Owner], high: u32) -> Vec<LabelRun<'a>> {
    let low = high.saturating_sub(HALF_BITS.saturating_sub(1));
    let owner_of = |bit: u32| owners.get(bit as usize).copied().unwrap_or(Owner::Unused);
    let mut runs = Vec::new();
    let mut bit = i64::from(high);
    while bit >= i64::from(low) {
        let top = u32::try_from(bit).unwrap_or(0);
        let owner = owner_of(top);
        let mut end = top;
        while let Some(below) = end.checked_sub(1).filter(|_| end > low) {
            if owner_of(below) != owner {
                break;
            }
            end = below;
        }
        let (name, role, continued) = match owner {
            Owner::Field(p) => {
                let field = layout.field(p);
                let shift = layout.shift(p).unwrap_or(0);
                let field_top =
                    field.map_or(0, |f| shift.saturating_add(f.width).saturating_sub(1));
                (
                    field.map_or("", |f| f.name.as_str()),
                    field.map_or(FieldRole::Other, |f| f.role),
                    field_top != top,
                )
            }
            Owner::Unused => ("unused", FieldRole::Reserved, top != TOP_BIT),
        };
        runs.push(LabelRun {
            high: top,
            low: end,
            name,
            role,
            continued,
        });
        bit = i64::from(end).saturating_sub(1);
    }
    runs
}

/// A boundary handle: below field `position`, at that field's lowest bit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handle<'a> {
    /// The upper field's position.
    pub position: usize,
    /// The upper field's lowest bit, where the handle sits.
    pub lowest: u32,
    /// The upper field.
    pub upper: &'a Field,
    /// The lower field.
    pub lower: &'a Field,
}

impl Handle<'_> {
    /// The widest the upper field can get: every bit of both but one.
    pub fn max_width(&self) -> u32 {
        self.upper
            .width
            .saturating_add(self.lower.width)
            .saturating_sub(1)
    }
}

/// The handles of the half whose top bit is `high`: below every field but the last, when the
/// field's lowest bit is in this half.
pub fn handles(layout: &BitLayout, high: u32) -> Vec<Handle<'_>> {
    let low = high.saturating_sub(HALF_BITS.saturating_sub(1));
    (0..layout.field_count().saturating_sub(1))
        .filter_map(|position| {
            let lowest = layout.shift(position)?;
            if lowest < low || lowest > high {
                return None;
            }
            let upper = layout.field(position)?;
            let lower = layout.field(position.saturating_add(1))?;
            Some(Handle {
                position,
                lowest,
                upper,
                lower,
            })
        })
        .collect()
}

/// The bit a key moves the strip's focus to from `bit`: ← is the more significant neighbour,
/// → the less, Home the top and End bit 0. `None` for any other key.
pub fn key_target(bit: u32, key: &str) -> Option<u32> {
    match key {
        "ArrowLeft" => Some(bit.saturating_add(1).min(TOP_BIT)),
        "ArrowRight" => Some(bit.saturating_sub(1)),
        "Home" => Some(TOP_BIT),
        "End" => Some(0),
        _ => None,
    }
}

/// How many bits a key on a boundary handle moves it (positive: the upper field grows).
pub fn grip_key_bits(key: &str) -> Option<i32> {
    match key {
        "ArrowLeft" | "ArrowDown" => Some(-1),
        "ArrowRight" | "ArrowUp" => Some(1),
        _ => None,
    }
}

/// How many bits dragging the handle at `lowest` onto `bit` moves it; `None` when it stays.
pub fn drag_bits(lowest: u32, bit: u32) -> Option<i32> {
    let bits = i64::from(lowest).saturating_sub(i64::from(bit));
    i32::try_from(bits).ok().filter(|&bits| bits != 0)
}

/// Where the strip's focus, readout and drag stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strip {
    /// The bit that holds the strip's one Tab stop (roving tabindex).
    pub focus: u32,
    /// The bit the readout describes (pointed at or focused), if any.
    pub active: Option<u32>,
    /// The handle being dragged (its upper field's position), if any.
    pub dragging: Option<usize>,
}

impl Default for Strip {
    fn default() -> Self {
        Strip {
            focus: TOP_BIT,
            active: None,
            dragging: None,
        }
    }
}

/// What happens on the strip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StripAction {
    /// A bit was clicked (it flips; the strip's Tab stop follows).
    Click(u32),
    /// A bit got focus, by Tab or by an arrow key.
    Focus(u32),
    /// The pointer entered a bit.
    Hover(u32),
    /// The pointer left the strip.
    Leave,
    /// A handle was pressed.
    Grab(usize),
    /// The pointer was released.
    Release,
}

impl Reducible for Strip {
    type Action = StripAction;

    fn reduce(self: Rc<Self>, action: StripAction) -> Rc<Self> {
        crate::reducer::changed(self, |next| match action {
            StripAction::Click(bit) => next.focus = bit,
            StripAction::Focus(bit) => {
                next.focus = bit;
                next.active = Some(bit);
            }
            StripAction::Hover(bit) => next.active = Some(bit),
            StripAction::Leave => next.active = None,
            StripAction::Grab(position) => next.dragging = Some(position),
            StripAction::Release => next.dragging = None,
        })
    }
}

#[cfg(test)]
mod tests {
    use shardlab_core::layout::Preset;

    use super::*;

    fn reduce(strip: Strip, action: StripAction) -> Strip {
        *Rc::new(strip).reduce(action)
    }

    #[test]
    fn the_arrow_keys_walk_the_strip_and_stop_at_its_ends() {
        assert_eq!(key_target(46, "ArrowLeft"), Some(47));
        assert_eq!(key_target(46, "ArrowRight"), Some(45));
        assert_eq!(key_target(63, "ArrowLeft"), Some(63));
        assert_eq!(key_target(0, "ArrowRight"), Some(0));
        assert_eq!(key_target(5, "Home"), Some(63));
        assert_eq!(key_target(5, "End"), Some(0));
        assert_eq!(key_target(5, " "), None);
        assert_eq!(grip_key_bits("ArrowUp"), Some(1));
        assert_eq!(grip_key_bits("ArrowLeft"), Some(-1));
        assert_eq!(grip_key_bits("Enter"), None);
    }

    #[test]
    fn dragging_a_handle_moves_it_by_the_bits_passed() {
        // Pinterest's shard field starts at bit 46: dropping its handle on bit 40 gives it 6 bits.
        assert_eq!(drag_bits(46, 40), Some(6));
        assert_eq!(drag_bits(46, 50), Some(-4));
        assert_eq!(drag_bits(46, 46), None);
    }

    #[test]
    fn focus_hover_and_drag_are_remembered() {
        let strip = Strip::default();
        assert_eq!(strip.focus, TOP_BIT);
        let strip = reduce(strip, StripAction::Focus(46));
        assert_eq!((strip.focus, strip.active), (46, Some(46)));
        let strip = reduce(strip, StripAction::Hover(3));
        assert_eq!((strip.focus, strip.active), (46, Some(3)));
        let strip = reduce(strip, StripAction::Click(7));
        assert_eq!((strip.focus, strip.active), (7, Some(3)));
        let strip = reduce(strip, StripAction::Leave);
        assert_eq!(strip.active, None);
        let strip = reduce(strip, StripAction::Grab(1));
        assert_eq!(strip.dragging, Some(1));
        assert_eq!(reduce(strip, StripAction::Release).dragging, None);
    }

    #[test]
    fn the_halves_label_pinterest_s_fields_and_place_its_handles() {
        let layout = Preset::Pinterest.layout();
        let owners = owners(&layout);
        assert_eq!(owners[63], Owner::Field(0));
        assert_eq!(owners[46], Owner::Field(1));
        assert_eq!(owners[0], Owner::Field(3));
        assert_eq!(cell_look(&layout, owners[61], 61), (FieldRole::Shard, true));
        assert_eq!(
            cell_look(&layout, owners[46], 46),
            (FieldRole::Shard, false)
        );
        let high: Vec<_> = label_runs(&layout, &owners, 63)
            .into_iter()
            .map(|r| (r.name, r.high, r.low, r.continued))
            .collect();
        assert_eq!(
            high,
            [
                ("reserved", 63, 62, false),
                ("shard", 61, 46, false),
                ("type", 45, 36, false),
                ("local", 35, 32, false),
            ]
        );
        let low = label_runs(&layout, &owners, 31);
        assert_eq!(low.len(), 1);
        assert!(low[0].continued);
        let grips: Vec<_> = handles(&layout, 63)
            .iter()
            .map(|h| (h.position, h.lowest))
            .collect();
        assert_eq!(grips, [(0, 62), (1, 46), (2, 36)]);
        assert_eq!(handles(&layout, 63)[1].max_width(), 25);
        assert!(handles(&layout, 31).is_empty());
        // A layout that leaves the top bits free labels them "unused".
        let freed = layout.remove_field(0).unwrap();
        let runs = label_runs(&freed, &super::owners(&freed), 63);
        assert_eq!(runs[0].name, "unused");
        assert_eq!(runs[0].role, FieldRole::Reserved);
    }
}
