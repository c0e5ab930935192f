//! A pile of IDs at once (issue 22, §3): up to [`MAX_BATCH_IDS`] IDs, one per line or in a CSV
//! column, read in one layout (a 64-bit [`BitLayout`](crate::layout::BitLayout) or an ID
//! family) and summarised: how many were read and which lines were refused (with the parser's
//! message, which names the character and its position), the time span, IDs per shard or worker,
//! IDs out of time order, duplicates, sequence gaps within a tick and ticks whose sequence ran
//! out.
//!
//! - [`BatchRun`]: the work as a [`Stepped`](crate::stepped::Stepped) job, a bounded number of
//!   lines per step, so the page can read 100,000 IDs in short tasks; [`analyse`] runs it to the
//!   end.
//! - [`BatchLayout`], [`IdSource`]: the layout, and where on each line the ID is.
//! - [`BatchReport`] and its parts: the findings as data, each with a count and its first
//!   [`MAX_BATCH_EXAMPLES`] examples by line number.
//! - [`BatchRows`]: every ID decoded into its fields, a row each, in bounded steps (an export).
//! - [`BatchError`]: why a text is no batch at all (over [`MAX_BATCH_BYTES`] or
//!   [`MAX_BATCH_IDS`], no IDs, no such column); [`LineProblem`]: why one line is refused.
//!
//! Nothing here panics on any text, and the limits are checked before anything is allocated
//! per line.

#![warn(missing_docs)]

mod input;
mod line;
mod report;
mod rows;
mod run;

pub use input::{
    batch_size, check_batch_bytes, check_batch_limits, BatchError, BatchSize, IdSource,
    MAX_BATCH_BYTES, MAX_BATCH_IDS,
};
pub use line::{BatchField, BatchLayout, CountedBy, LineProblem};
pub use report::{
    Bar, BatchReport, Duplicate, ExhaustedTick, Findings, Histogram, OtherBar, OutOfOrder,
    RefusedLine, SequenceGap, SequenceReport, TimeSpan, TimedLine, MAX_BATCH_EXAMPLES,
    MAX_HISTOGRAM_BARS,
};
pub use rows::{BatchRows, DecodedRow};
pub use run::{analyse, BatchRun};

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties;
#[cfg(test)]
mod tests;
