//! The bit strip's pure half: which field owns each bit, the label runs and boundary handles of
//! each half of the strip, and the keyboard and drag state machine. The component in
//! `parts/bit_strip.rs` draws what these return and does the DOM work (focus, pointer capture).
//!
//! Every width comes from the layout and the strip's size from the core's [`ID_BITS`]. The strip
//! is drawn in rows of [`row_bits`] bits, chosen from its measured width: 64 or 32 in a row when
//! each cell keeps a pointer's 16 px (a desktop, a 680 px column), else the widest of 16 or 8 whose
//! cells are a finger's target (24 px: a phone).

use std::rc::Rc;

use shardlab_core::layout::{BitLayout, Field, FieldRole, ID_BITS};
use yew::Reducible;

/// The most significant bit, where the strip starts.
pub const TOP_BIT: u32 = ID_BITS.saturating_sub(1);

/// The narrowest cell a mouse points at comfortably, in CSS pixels (a row of 64 needs it).
const POINTER_CELL_PX: f64 = 16.0;

/// The narrowest cell a finger can tap (WCAG 2.5.8's 24 px target), in CSS pixels.
const TAP_CELL_PX: f64 = 24.0;

/// The bits in one row of a strip `width_px` wide: 64, else 32, when each cell gets
/// [`POINTER_CELL_PX`]; else the widest of 16 and 8 whose cells get [`TAP_CELL_PX`] (8 when
/// neither does).
pub fn row_bits(width_px: f64) -> u32 {
    let half = ID_BITS.div_euclid(2);
    for bits in [ID_BITS, half] {
        if width_px / f64::from(bits) >= POINTER_CELL_PX {
            return bits;
        }
    }
    let mut bits = half.div_euclid(2);
    while bits > 8 && width_px / f64::from(bits) < TAP_CELL_PX {
        bits = bits.div_euclid(2);
    }
    bits.max(1)
}

/// The top bit of every row, highest first, for rows of `row_bits`.
pub fn row_tops(row_bits: u32) -> Vec<u32> {
    let step = row_bits.clamp(1, ID_BITS);
    (0..ID_BITS.div_ceil(step))
        .map(|row| TOP_BIT.saturating_sub(row.saturating_mul(step)))
        .collect()
}

/// Whether a label of `chars` characters fits over `span` cells of `cell_px` pixels (about
/// 7.5 px a character at the label's 0.8 rem, plus its padding).
pub fn label_fits(chars: usize, span: u32, cell_px: f64) -> bool {
    let chars = u32::try_from(chars).unwrap_or(u32::MAX);
    f64::from(span) * cell_px >= f64::from(chars) * 7.5 + 8.0
}

/// One bit cell's box on screen, in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellBox {
    /// The bit.
    pub bit: u32,
    /// Left edge.
    pub left: f64,
    /// Right edge.
    pub right: f64,
    /// Top edge.
    pub top: f64,
    /// Bottom edge.
    pub bottom: f64,
}

/// The bit a dragged pointer at (`x`, `y`) stands for: in the row of cells nearest `y`, the cell
/// nearest `x`. A pointer anywhere (on the handles' row, beside the strip) maps to a bit.
pub fn bit_nearest(cells: &[CellBox], x: f64, y: f64) -> Option<u32> {
    let off = |value: f64, low: f64, high: f64| (low - value).max(value - high).max(0.0);
    cells
        .iter()
        .map(|c| (off(y, c.top, c.bottom), off(x, c.left, c.right), c.bit))
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)))
        .map(|(_, _, bit)| bit)
}

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

/// One label above a run of bits with the same owner inside a row.
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
    /// Whether the field continues above this row.
    pub continued: bool,
}

/// The label runs of the row of `row_bits` whose top bit is `high`, highest first.
pub fn label_runs<'a>(
    layout: &'a BitLayout,
    owners: &[Owner],
    high: u32,
    row_bits: u32,
) -> Vec<LabelRun<'a>> {
    let low = high.saturating_sub(row_bits.saturating_sub(1));
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

/// The handles of the row of `row_bits` whose top bit is `high`: below every field but the
/// last, when the field's lowest bit is in this row.
pub fn handles(layout: &BitLayout, high: u32, row_bits: u32) -> Vec<Handle<'_>> {
    let low = high.saturating_sub(row_bits.saturating_sub(1));
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
    /// The strip's measured width in CSS pixels (0 until measured).
    pub width: u32,
}

impl Strip {
    /// The bits in each row: [`row_bits`] of the measured width, 32 until it is measured.
    pub fn row(&self) -> u32 {
        match self.width {
            0 => ID_BITS.div_euclid(2),
            width => row_bits(f64::from(width)),
        }
    }

    /// One cell's width in CSS pixels (0 until measured).
    pub fn cell_px(&self) -> f64 {
        f64::from(self.width) / f64::from(self.row())
    }
}

impl Default for Strip {
    fn default() -> Self {
        Strip {
            focus: TOP_BIT,
            active: None,
            dragging: None,
            width: 0,
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
    /// The strip was measured (on mount and on each resize), in CSS pixels.
    Measured(u32),
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
            StripAction::Measured(width) => next.width = width,
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
        assert_eq!(strip.row(), 32);
        let strip = reduce(strip, StripAction::Measured(342));
        assert_eq!((strip.row(), strip.cell_px()), (8, 42.75));
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
        let high: Vec<_> = label_runs(&layout, &owners, 63, 32)
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
        let low = label_runs(&layout, &owners, 31, 32);
        assert_eq!(low.len(), 1);
        assert!(low[0].continued);
        let grips: Vec<_> = handles(&layout, 63, 32)
            .iter()
            .map(|h| (h.position, h.lowest))
            .collect();
        assert_eq!(grips, [(0, 62), (1, 46), (2, 36)]);
        assert_eq!(handles(&layout, 63, 32)[1].max_width(), 25);
        assert!(handles(&layout, 31, 32).is_empty());
        // A layout that leaves the top bits free labels them "unused".
        let freed = layout.remove_field(0).unwrap();
        let runs = label_runs(&freed, &super::owners(&freed), 63, 32);
        assert_eq!(runs[0].name, "unused");
        assert_eq!(runs[0].role, FieldRole::Reserved);
    }

    #[test]
    fn one_row_of_64_labels_each_field_once() {
        // At the 32-bit wrap local was labelled twice ("local | …local"); a row of 64 has no wrap.
        let layout = Preset::Pinterest.layout();
        let owners = owners(&layout);
        let runs = label_runs(&layout, &owners, TOP_BIT, row_bits(1200.0));
        let names: Vec<_> = runs.iter().map(|r| r.name).collect();
        assert_eq!(names, ["reserved", "shard", "type", "local"]);
        assert!(runs.iter().all(|r| !r.continued));
        assert_eq!(handles(&layout, TOP_BIT, 64).len(), 3);
        assert_eq!(row_tops(64), [63]);
        assert_eq!(row_tops(8), [63, 55, 47, 39, 31, 23, 15, 7]);
    }

    #[test]
    fn a_phone_gets_rows_whose_cells_a_finger_can_tap() {
        for width in [320.0, 342.0, 390.0, 640.0, 800.0, 1000.0, 1200.0] {
            let bits = row_bits(width);
            assert_eq!(ID_BITS % bits, 0, "{width} px: {bits}");
            let cell = width / f64::from(bits);
            assert!(cell >= 16.0, "{width} px: {bits} bits of {cell} px");
            if bits < ID_BITS.div_euclid(2) && width >= 8.0 * 24.0 {
                assert!(cell >= 24.0, "{width} px: {bits} bits of {cell} px");
            }
        }
        assert_eq!(row_bits(342.0), 8);
        // A 680 px column keeps two rows of 32, so its widgets stay short.
        assert_eq!(row_bits(630.0), 32);
        assert_eq!(row_bits(1200.0), 64);
        // "reserved" does not fit over two 18 px cells, and does over two 60 px ones.
        assert!(!label_fits(8, 2, 18.0));
        assert!(label_fits(8, 2, 60.0));
    }

    #[test]
    fn a_drag_maps_the_pointer_s_x_to_a_bit_from_any_height() {
        // Two rows of two cells, 20 px wide, the second row 60 px below the first.
        let cell = |bit, left: f64, top: f64| CellBox {
            bit,
            left,
            right: left + 20.0,
            top,
            bottom: top + 40.0,
        };
        let cells = [
            cell(3, 0.0, 0.0),
            cell(2, 20.0, 0.0),
            cell(1, 0.0, 60.0),
            cell(0, 20.0, 60.0),
        ];
        // On the handles' row, just below the first row's cells: x picks the bit.
        assert_eq!(bit_nearest(&cells, 5.0, 48.0), Some(3));
        assert_eq!(bit_nearest(&cells, 35.0, 48.0), Some(2));
        // Past the strip's right end: the last cell of the row.
        assert_eq!(bit_nearest(&cells, 300.0, 10.0), Some(2));
        // Below the second row.
        assert_eq!(bit_nearest(&cells, 25.0, 130.0), Some(0));
        assert_eq!(bit_nearest(&[], 0.0, 0.0), None);
    }
}
