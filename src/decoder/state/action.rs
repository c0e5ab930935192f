//! What the reader can do on the Decoder page: the reducer's actions.

use shardlab_core::layout::{BitLayout, FieldRole, Preset};

use super::{DecoderState, TimePart};

/// What the reader can do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The ID input changed.
    TypeId(String),
    /// Flip bit `n` (0 = least significant).
    ToggleBit(u32),
    /// A field value editor changed.
    SetField {
        /// The field's position.
        position: usize,
        /// What was typed.
        text: String,
    },
    /// Switch to a preset's layout, ID and table.
    PickPreset(Preset),
    /// Move the boundary below field `position` by `bits` (positive: the upper field grows).
    MoveBoundary {
        /// The upper field's position.
        position: usize,
        /// How many bits.
        bits: i32,
    },
    /// Set a field's width.
    SetWidth {
        /// The field's position.
        position: usize,
        /// What was typed.
        text: String,
    },
    /// Rename a field.
    RenameField {
        /// The field's position.
        position: usize,
        /// The new name.
        name: String,
    },
    /// Set a field's role.
    SetRole {
        /// The field's position.
        position: usize,
        /// The new role.
        role: FieldRole,
    },
    /// Set one part of a timestamp field's time base.
    SetTimeBase {
        /// The field's position.
        position: usize,
        /// Which part.
        part: TimePart,
        /// What was typed.
        text: String,
    },
    /// A layout file was read: the layout, or why it was refused.
    ImportLayout(Result<BitLayout, String>),
    /// Add a field in the free top bits.
    AddField,
    /// A code language tab was picked.
    PickLang(crate::decoder::code_text::Lang),
    /// Remove a field.
    RemoveField(usize),
    /// Rename a host in the table.
    SetHost {
        /// The range's index.
        index: usize,
        /// True for the master, false for the standby.
        master: bool,
        /// The new name.
        name: String,
    },
    /// Split the range holding the current ID's shard.
    SplitCurrent,
    /// Put the default table back.
    ResetTable,
    /// Insert a new object.
    Insert {
        /// The reader's shard, or `None` for a random one.
        shard: Option<u64>,
        /// The object type (ignored by time-based layouts).
        type_id: u64,
        /// The current Unix time in ms, for time-based layouts.
        now_ms: Option<u64>,
    },
    /// The "Whose ID is this?" input changed.
    Detect(String),
    /// Show this reading's fields in "Whose ID is this?".
    PickReading(shardlab_core::id_family::Reading),
    /// Something in "When generators fail".
    Lab(super::LabAction),
    /// Replace the whole state (from the URL).
    Restore(Box<DecoderState>),
}
