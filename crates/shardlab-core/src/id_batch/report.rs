//! What a batch reports: counts, the time span, a histogram, and each kind of finding with its
//! first few examples.

use super::line::{BatchField, CountedBy, LineProblem};

/// How many examples each kind of finding keeps (the count goes on).
pub const MAX_BATCH_EXAMPLES: usize = 10;

/// The most bars a histogram has; the rarer values share one "other" bar. Enough for every shard
/// of a small cluster, few enough to draw and to read.
pub const MAX_HISTOGRAM_BARS: usize = 64;

/// How often something was found, and where, for the first [`MAX_BATCH_EXAMPLES`] times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Findings<T> {
    /// How many times, in all.
    pub count: u64,
    /// The first few, in the order they were found.
    pub examples: Vec<T>,
}

impl<T> Findings<T> {
    pub(super) fn new() -> Self {
        Findings {
            count: 0,
            examples: Vec::new(),
        }
    }

    /// Counts one more, and keeps it while there is room; `example` is only called then.
    pub(super) fn note(&mut self, example: impl FnOnce() -> T) {
        self.count = self.count.saturating_add(1);
        if self.examples.len() < MAX_BATCH_EXAMPLES {
            self.examples.push(example());
        }
    }
}

/// A line that gave no ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedLine {
    /// The line's number in the text, from 1 (blank lines and a header counted).
    pub line: u64,
    /// The text read as the ID (the CSV field, for a column), cut to the longest ID text.
    pub text: String,
    /// Why it was refused.
    pub problem: LineProblem,
}

/// An ID's time and the line it stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedLine {
    /// The line's number, from 1.
    pub line: u64,
    /// The ID's time in Unix ms.
    pub unix_ms: i64,
}

/// The earliest and latest times the IDs hold (the first line of each, on a tie).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeSpan {
    /// The earliest.
    pub earliest: TimedLine,
    /// The latest.
    pub latest: TimedLine,
}

/// An ID earlier than one on a line before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfOrder {
    /// Its line.
    pub line: u64,
    /// The ID.
    pub id: String,
    /// Its time in Unix ms.
    pub unix_ms: i64,
    /// The latest ID before it: its line and its time.
    pub after: TimedLine,
}

/// An ID seen before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    /// The line of this copy.
    pub line: u64,
    /// The ID.
    pub id: String,
    /// The line it was first seen on.
    pub first_line: u64,
}

/// How many IDs have each value of the counted fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Histogram {
    /// Shard or worker.
    pub counted_by: CountedBy,
    /// The counted fields, most significant first (a Snowflake's datacenter and worker).
    pub fields: Vec<BatchField>,
    /// The bars in order of value: every value, or the [`MAX_HISTOGRAM_BARS`] most frequent.
    pub bars: Vec<Bar>,
    /// The values left out, when there are more than [`MAX_HISTOGRAM_BARS`].
    pub other: Option<OtherBar>,
}

/// One value of the counted fields and its IDs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    /// One value per counted field, in the order of [`Histogram::fields`].
    pub values: Vec<u64>,
    /// How many IDs have them.
    pub ids: u64,
}

/// The values without a bar of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherBar {
    /// How many distinct values.
    pub values: u64,
    /// How many IDs have one of them.
    pub ids: u64,
}

/// Sequence values missing between two seen in the same tick of the same shard or worker.
///
/// Only values between two seen ones count: not every generator starts a tick at 0 (Instagram's
/// sequence is a table sequence modulo 1024, Discord's increment runs across milliseconds), so
/// a first value above 0 proves nothing missing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceGap {
    /// The tick's time in Unix ms.
    pub unix_ms: i64,
    /// The counted fields' values (empty when the layout has none).
    pub group: Vec<u64>,
    /// The value seen below the gap.
    pub after: u64,
    /// The value seen above it.
    pub before: u64,
    /// How many values are missing: `before − after − 1`.
    pub missing: u64,
    /// The line of the ID below the gap.
    pub line_after: u64,
    /// The line of the ID above it.
    pub line_before: u64,
}

/// A tick in which one shard or worker used the sequence's largest value: the generator had no
/// more IDs for that tick, and must wait for the next (or wrap, and repeat itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExhaustedTick {
    /// The tick's time in Unix ms.
    pub unix_ms: i64,
    /// The counted fields' values (empty when the layout has none).
    pub group: Vec<u64>,
    /// How many distinct IDs of the pile fall in the tick.
    pub ids: u64,
    /// The line of the ID with the largest value.
    pub line: u64,
}

/// What the sequence field says, per tick and per shard or worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceReport {
    /// The sequence field.
    pub field: BatchField,
    /// Its largest value.
    pub max: u64,
    /// The gaps, in order of time, then shard or worker.
    pub gaps: Findings<SequenceGap>,
    /// Sequence values missing in all the gaps.
    pub missing: u64,
    /// The ticks that reached the largest value, in order of time, then shard or worker.
    pub exhausted: Findings<ExhaustedTick>,
}

/// The summary of a pile of IDs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchReport {
    /// Lines in the text, blank ones and a header included.
    pub lines: u64,
    /// IDs read.
    pub parsed: u64,
    /// Lines that held no ID.
    pub refused: Findings<RefusedLine>,
    /// The span of the IDs' times; `None` when no ID has a time.
    pub time: Option<TimeSpan>,
    /// IDs read without a time (a layout without one, a UUIDv4, a time past the year 292 million).
    pub without_time: u64,
    /// IDs earlier than one before them in the text; `None` when the layout has no time.
    pub out_of_order: Option<Findings<OutOfOrder>>,
    /// IDs that occur more than once: every copy after the first.
    pub duplicates: Findings<Duplicate>,
    /// IDs per shard or worker; `None` when the layout has neither.
    pub histogram: Option<Histogram>,
    /// Gaps and exhausted ticks; `None` when the layout has no sequence and time.
    pub sequence: Option<SequenceReport>,
}
