//! The Decoder's state and its one reducer. Every action returns a new `Rc` when something
//! changed and the same one otherwise. The numbers and rules come from `shardlab_core::layout`;
//! this module only decides which core call to make, keeps the last good value when a call is
//! refused and words the refusal.
//!
//! - [`action`]: what the reader can do;
//! - [`shown`]: what the state holds besides the layout and the ID (last insert, last split,
//!   each input's refusal);
//! - [`detect`]: "Whose ID is this?": its text, the reading picked, the refusal;
//! - [`lab`]: "When generators fail": the fault, its parameters as typed, the fix, and the two
//!   runs the core made for them;
//! - `edits`: the reducer's longer arms (time base, field value, host, split, insert);
//! - [`strip`]: the pure interaction state machine of the bit strip, which its component holds
//!   locally (the generator's player is `crate::widgets::playback`);
//! - [`batch`]: the pile of IDs widget's run (idle → running → done, refused or cancelled) and
//!   its export, held by that widget.

use std::rc::Rc;

use shardlab_core::layout::{
    default_table, parse_id, starting_allocator, BitLayout, IdAllocator, IdGenerator, LayoutError,
    Preset, ShardMap, ID_BITS,
};
use shardlab_core::text::quote;
use yew::Reducible;

pub mod action;
pub mod batch;
pub mod detect;
mod edits;
pub mod lab;
pub mod shown;
pub mod strip;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod transcript;

pub use action::Action;
pub use detect::Detect;
pub use lab::{Lab, LabAction, LabParam};
pub use shown::{Errors, Generated, Refused, SplitShown, TimePart};

/// Everything the Decoder shows.
#[derive(Clone, Debug, PartialEq)]
pub struct DecoderState {
    /// The preset the layout came from (the layout may have been edited since).
    pub base: Preset,
    /// The layout in use; always valid.
    pub layout: BitLayout,
    /// The ID on screen; the last valid one.
    pub id: u64,
    /// What the ID input holds (may be invalid; then `errors.id` says why).
    pub id_text: String,
    /// The config table, for layouts with a shard field.
    pub table: Option<ShardMap>,
    /// The per-(shard, type) counters, for layouts with shard, type and local fields.
    pub allocator: Option<IdAllocator>,
    /// The generator's random stream and sequence counter.
    pub generator: IdGenerator,
    /// Errors next to their inputs.
    pub errors: Errors,
    /// Notes about something the view did on its own (a table reset, a bad link).
    pub notes: Vec<String>,
    /// The last split, if it concerns the current table.
    pub split: Option<SplitShown>,
    /// The last insert.
    pub generated: Option<Generated>,
    /// Counts splits and inserts.
    pub serial: u64,
    /// The language the arithmetic's code is shown in.
    pub lang: crate::decoder::code_text::Lang,
    /// "Whose ID is this?": its input and the reading picked.
    pub detect: Detect,
    /// "When generators fail": the fault, its parameters, the fix and the two runs.
    pub lab: Lab,
}

impl Default for DecoderState {
    fn default() -> Self {
        DecoderState::for_preset(Preset::Pinterest)
    }
}

impl DecoderState {
    /// A preset with its default ID and table.
    pub fn for_preset(preset: Preset) -> DecoderState {
        let id = preset.example_id();
        DecoderState::restored(preset, preset.layout(), id, None)
    }

    /// A state from its persistent parts (what the URL holds). `table` falls back to the default.
    pub fn restored(
        base: Preset,
        layout: BitLayout,
        id: u64,
        table: Option<ShardMap>,
    ) -> DecoderState {
        let table = table
            .filter(|t| t.check_against(&layout).is_ok())
            .or_else(|| default_table(base, &layout));
        let mut lab = Lab::default();
        lab.refresh(&layout);
        DecoderState {
            base,
            allocator: starting_allocator(&layout),
            layout,
            id,
            id_text: id.to_string(),
            table,
            generator: IdGenerator::default(),
            errors: Errors::default(),
            notes: Vec::new(),
            split: None,
            generated: None,
            serial: 0,
            lang: crate::decoder::code_text::Lang::Rust,
            detect: Detect::default(),
            lab,
        }
    }

    /// Whether the layout differs from its base preset's.
    pub fn layout_edited(&self) -> bool {
        self.layout != self.base.layout()
    }

    /// The table the layout would start with; the URL stores the table only when it differs.
    pub fn default_table(&self) -> Option<ShardMap> {
        default_table(self.base, &self.layout)
    }

    fn set_id(&mut self, id: u64) {
        self.id = id;
        self.id_text = id.to_string();
        self.errors.id = None;
        self.errors.field = None;
    }

    /// Puts a new layout in place, keeping the ID's bits and the table when it still fits.
    fn set_layout(&mut self, layout: BitLayout) {
        self.errors.layout = None;
        self.errors.time = None;
        self.errors.field = None;
        self.split = None;
        self.generated = None;
        self.notes.clear();
        let keeps_table = self
            .table
            .as_ref()
            .is_some_and(|t| t.check_against(&layout).is_ok());
        if !keeps_table {
            let had = self.table.is_some();
            self.table = default_table(self.base, &layout);
            if had {
                if let Some(table) = &self.table {
                    self.notes.push(format!(
                        "The old config table mapped shards the new shard field cannot hold, so it was replaced by shards 0–{} on {} pairs.",
                        table.last_shard(),
                        table.ranges().len()
                    ));
                }
            }
        }
        self.allocator = starting_allocator(&layout);
        self.layout = layout;
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::TypeId(text) => match parse_id(&text) {
                Ok(id) => self.set_id(id),
                Err(err) => {
                    self.id_text = text;
                    self.errors.id = Some(err.to_string());
                }
            },
            Action::ToggleBit(bit) => {
                if let Some(mask) = 1u64.checked_shl(bit) {
                    self.set_id(self.id ^ mask);
                }
            }
            Action::SetField { position, text } => self.set_field(position, text),
            Action::PickPreset(preset) => {
                let (serial, detect) = (self.serial, std::mem::take(&mut self.detect));
                let lab = std::mem::take(&mut self.lab);
                *self = DecoderState::for_preset(preset);
                self.serial = serial;
                self.detect = detect;
                self.lab = lab;
            }
            Action::MoveBoundary { position, bits } => {
                self.edit_layout(|layout| layout.move_boundary(position, bits))
            }
            Action::SetWidth { position, text } => match text.trim().parse::<u32>() {
                Ok(width) => self.edit_layout(|layout| layout.set_width(position, width)),
                Err(_) => {
                    self.errors.layout = Some(format!(
                        "a width is a whole number of bits, 1 … {ID_BITS}; {} is not",
                        quote(&text)
                    ))
                }
            },
            Action::RenameField { position, name } => {
                self.edit_layout(|layout| layout.rename_field(position, name.trim()))
            }
            Action::SetRole { position, role } => {
                self.edit_layout(|layout| layout.set_role(position, role))
            }
            Action::SetTimeBase {
                position,
                part,
                text,
            } => self.set_time_base(position, part, text),
            Action::ImportLayout(Ok(layout)) => {
                // A file that holds a preset's layout is that preset again.
                if let Some(preset) = Preset::of_layout(&layout) {
                    self.base = preset;
                }
                self.set_layout(layout);
                self.errors.import = None;
            }
            Action::ImportLayout(Err(message)) => self.errors.import = Some(message),
            Action::AddField => self.add_field(),
            Action::PickLang(lang) => self.lang = lang,
            Action::RemoveField(position) => {
                self.edit_layout(|layout| layout.remove_field(position))
            }
            Action::SetHost {
                index,
                master,
                name,
            } => self.set_host(index, master, name),
            Action::SplitCurrent => self.split_current(),
            Action::ResetTable => {
                self.table = self.default_table();
                self.split = None;
                self.errors.host = None;
                self.errors.split = None;
            }
            Action::Insert {
                shard,
                type_id,
                now_ms,
            } => self.insert(shard, type_id, now_ms),
            Action::Detect(text) => self.detect.type_text(text),
            Action::PickReading(reading) => self.detect.pick(reading),
            Action::Lab(action) => self.lab.apply(action),
            Action::Restore(state) => *self = *state,
        }
    }

    fn edit_layout(&mut self, edit: impl FnOnce(&BitLayout) -> Result<BitLayout, LayoutError>) {
        match edit(&self.layout) {
            Ok(layout) => self.set_layout(layout),
            Err(err) => self.errors.layout = Some(format!("Not applied: {err}.")),
        }
    }
}

impl Reducible for DecoderState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        crate::reducer::changed(self, |next| {
            next.apply(action);
            // Any action may have changed the layout or the lab's settings.
            next.lab.refresh(&next.layout);
        })
    }
}
