//! What the Decoder's state holds besides its layout and ID: the last insert, the last split,
//! and each input's last refusal.

use shardlab_core::layout::{GenerateStep, HostPair, ShardId};

/// The last generated ID and how it was made.
#[derive(Clone, Debug)]
pub struct Generated {
    /// Counts inserts, so the view can restart its step animation for each one.
    pub serial: u64,
    /// The steps, in order, as the core made them.
    pub steps: Vec<GenerateStep>,
    /// The composed ID.
    pub id: u64,
}

/// Two inserts are the same insert when their serials are: each insert takes a new one.
impl PartialEq for Generated {
    fn eq(&self, other: &Self) -> bool {
        self.serial == other.serial
    }
}

/// The last split, for the before → after panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitShown {
    /// Counts splits, so the highlight restarts each time.
    pub serial: u64,
    /// The ID at the time of the split (it does not change).
    pub id: u64,
    /// Its shard.
    pub shard: ShardId,
    /// The master that served it before.
    pub before: String,
    /// The master that serves it after.
    pub after: String,
    /// The shards that moved, inclusive.
    pub moved: (ShardId, ShardId),
    /// The pair that took them.
    pub to: HostPair,
    /// The index of the moved range in the new table.
    pub moved_index: usize,
}

/// A refused edit: what was typed and why it was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused<K> {
    /// Which input it was.
    pub key: K,
    /// The text that was refused, kept in the input so it can be fixed.
    pub text: String,
    /// The reason, in plain words.
    pub message: String,
}

/// The last error of each input, cleared by the next good edit of that input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Errors {
    /// The ID input.
    pub id: Option<String>,
    /// A field value editor (position).
    pub field: Option<Refused<usize>>,
    /// The layout editor.
    pub layout: Option<String>,
    /// A host cell of the table: (range index, true for the master).
    pub host: Option<Refused<(usize, bool)>>,
    /// The split action.
    pub split: Option<String>,
    /// The generator.
    pub generate: Option<String>,
    /// The last layout import.
    pub import: Option<String>,
    /// The time base editor: which part of which field's time base.
    pub time: Option<Refused<(usize, TimePart)>>,
}

/// One input of a timestamp field's time base.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimePart {
    /// Milliseconds per tick.
    Unit,
    /// The epoch as Unix milliseconds.
    EpochMs,
    /// The epoch as an ISO-8601 UTC date.
    EpochIso,
}
