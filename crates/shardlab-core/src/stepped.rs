//! Resumable work: a job that does a bounded amount at each [`Stepped::step`] and says how far it
//! has got, so a caller with a clock (the web app's slicer) can spread it over many short tasks,
//! and a caller without one (the CLI, the tests) can run it to the end with [`Stepped::finish`].
//!
//! However a job is sliced, its output is the same as in one go: every step continues the one
//! seeded stream where the last stopped, and the determinism fixture runs the one-go path.

use serde::Serialize;

/// How far a stepped job has got: `done` of `total` units of the job's own (keys placed or
/// pinned, microseconds of simulated time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// Units done so far.
    pub done: u64,
    /// Units in all.
    pub total: u64,
}

impl Progress {
    /// Nothing done yet of `total` units.
    pub fn start(total: u64) -> Self {
        Self { done: 0, total }
    }

    /// `done / total`, from 0 to 1 (1 for a job of no units).
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            self.done as f64 / self.total as f64
        }
    }

    /// Whether the job is complete (its output is final).
    pub fn is_done(&self) -> bool {
        self.done >= self.total
    }

    /// Units still to do, capped at `budget`: how much a step of that budget does.
    pub(crate) fn next_chunk(&self, budget: u64) -> u64 {
        self.total.saturating_sub(self.done).min(budget)
    }

    /// Records `units` more done.
    pub(crate) fn advance(&mut self, units: u64) {
        self.done = self.done.saturating_add(units);
    }
}

/// Work that can be advanced a bounded step at a time and finished later.
///
/// ```
/// use shardlab_core::placement::{Mod, MovementRun, ServerList};
/// use shardlab_core::stepped::Stepped;
/// let four = ServerList::uniform(4)?;
/// let mut run = MovementRun::new(Mod::new(four.clone()), Mod::new(four.grown(1)?), 50_000, 1)?;
/// while !run.step(10_000).is_done() {} // one slice per task in the browser
/// assert!((run.finish().moved_fraction - 0.8).abs() < 0.02);
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
pub trait Stepped {
    /// What the finished job gives.
    type Output;

    /// Does at most `budget` units of work (keys, or simulated events) and says how far the job
    /// has got. A done job does nothing.
    fn step(&mut self, budget: u64) -> Progress;

    /// How far the job has got.
    fn progress(&self) -> Progress;

    /// Whether the job is complete.
    fn is_done(&self) -> bool {
        self.progress().is_done()
    }

    /// Does whatever work is left and returns the output.
    fn finish(self) -> Self::Output
    where
        Self: Sized;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_counts_to_its_total() {
        let mut progress = Progress::start(10);
        assert_eq!(progress.fraction(), 0.0);
        assert!(!progress.is_done());
        assert_eq!(progress.next_chunk(4), 4);
        progress.advance(4);
        assert_eq!(progress.fraction(), 0.4);
        assert_eq!(progress.next_chunk(100), 6);
        progress.advance(6);
        assert!(progress.is_done());
        assert_eq!(progress.fraction(), 1.0);
        assert_eq!(progress.next_chunk(100), 0);
    }

    #[test]
    fn a_job_of_nothing_is_done() {
        let empty = Progress::start(0);
        assert!(empty.is_done());
        assert_eq!(empty.fraction(), 1.0);
        let mut full = Progress::start(u64::MAX);
        full.advance(u64::MAX);
        full.advance(1);
        assert!(full.is_done());
    }
}
