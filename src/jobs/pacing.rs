//! When a sliced job works and when it shows its progress, as pure arithmetic over clock readings
//! (milliseconds), so the rule is tested natively.
//!
//! A slice steps its job [`UNITS_PER_LOOK`] units at a time and looks at the clock after each, so
//! however slow (or loaded) the machine, it stops near [`SLICE_MS`] instead of running a chunk
//! size that was right a moment ago. A running job shows its progress in its first slice and then
//! at most every [`PUBLISH_EVERY_MS`]; a slice that publishes (a re-render, and for a plot a canvas
//! redraw) works for half the budget, so work and render together stay one slice long.
//!
//! A showing costs what the page takes to render it, which a slow phone multiplies: a plot
//! redrawn every 200 ms at 40–80 ms a redraw leaves the job a fraction of the thread. So the
//! pacer times each showing (from the slice that showed to the start of the next, which is when
//! the render and any frame it asked for are done) and spaces the next one by
//! [`PUBLISH_COST_FACTOR`] times that, keeping showings to about a tenth of the job's time.

/// How long one slice may step its job, in milliseconds.
///
/// The Ring's statistics used 8 ms and the Board's simulation 16 ms. One budget for both, 8 ms:
/// measured on the release build (2 cores, load 2-3), the Board's 40,000-user Pinterest run took
/// 896-1,375 ms with 8 ms slices and 903-975 ms with 16 ms, the same within the noise, and neither
/// made a task over 50 ms; 8 ms halves each slice's hold on the main thread, so a publishing slice
/// (4 ms of work, then a re-render or a plot redraw of 10-20 ms) keeps its margin under 50 ms on
/// a loaded machine.
pub const SLICE_MS: f64 = 8.0;

/// The least time between two showings of a running job's progress, in milliseconds.
pub const PUBLISH_EVERY_MS: f64 = 200.0;

/// The next showing waits at least this many times as long as the last one took, so showing
/// progress takes at most about 1 / (1 + this) of a job's time however costly the render.
pub const PUBLISH_COST_FACTOR: f64 = 9.0;

/// Units (keys placed or pinned, IDs read, CSV rows written) a job does between two looks at the
/// clock: small enough that a slice overshoots its budget by a millisecond or two. The costliest
/// unit is a line of the pile of IDs (about 10 µs in the size-optimised build), where 2,048 units
/// made slices of 20-30 ms against the 8 ms budget; a look at the clock costs well under a
/// microsecond, so 256 units between looks cost the cheapest jobs (a key, about 0.1 µs) little.
pub const UNITS_PER_LOOK: u64 = 256;

/// When a sliced job last showed its progress.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pacer {
    /// `-∞` before the first publication, so the first slice publishes.
    last_published: f64,
    /// Set by a publication until the next slice starts, which times it.
    timing_since: Option<f64>,
    /// How long the last publication took, in milliseconds (0 before the first is timed).
    last_cost: f64,
}

impl Default for Pacer {
    fn default() -> Self {
        Self {
            last_published: f64::NEG_INFINITY,
            timing_since: None,
            last_cost: 0.0,
        }
    }
}

/// One slice: when it must stop and whether it ends by publishing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slice {
    ends_at: f64,
    publishes: bool,
}

impl Pacer {
    /// The slice that starts at `now`: it publishes if it is the job's first, or if
    /// [`PUBLISH_EVERY_MS`] and [`PUBLISH_COST_FACTOR`] times the last publication's cost have
    /// passed since it, and then works for half the budget. The first slice after a publication
    /// times it.
    pub fn slice(&mut self, now: f64) -> Slice {
        if let Some(since) = self.timing_since.take() {
            self.last_cost = (now - since).max(0.0);
        }
        let gap = PUBLISH_EVERY_MS.max(PUBLISH_COST_FACTOR * self.last_cost);
        let publishes = now - self.last_published >= gap;
        let budget_ms = if publishes { SLICE_MS / 2.0 } else { SLICE_MS };
        Slice {
            ends_at: now + budget_ms,
            publishes,
        }
    }

    /// Records a publication at `now`, just after the job's progress was handed to the page.
    pub fn published(&mut self, now: f64) {
        self.last_published = now;
        self.timing_since = Some(now);
    }
}

impl Slice {
    /// Whether the slice ends by showing the job's progress.
    pub fn publishes(&self) -> bool {
        self.publishes
    }

    /// Whether the slice may step its job again at `now`.
    pub fn goes_on(&self, now: f64) -> bool {
        now < self.ends_at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_slice_publishes_then_one_every_200_ms() {
        let mut pacer = Pacer::default();
        let first = pacer.slice(1_000.0);
        assert!(first.publishes());
        pacer.published(1_004.0);
        assert!(!pacer.slice(1_010.0).publishes());
        assert!(!pacer.slice(1_203.9).publishes());
        assert!(pacer.slice(1_204.0).publishes());
    }

    #[test]
    fn a_costly_publication_spaces_the_next_by_nine_times_its_cost() {
        let mut pacer = Pacer::default();
        assert!(pacer.slice(0.0).publishes());
        pacer.published(4.0);
        // The render and its frame took 60 ms: the next slice starts at 64.
        assert!(!pacer.slice(64.0).publishes());
        assert!(!pacer.slice(300.0).publishes());
        assert!(!pacer.slice(4.0 + 539.0).publishes());
        let next = pacer.slice(4.0 + 540.0);
        assert!(next.publishes());
        // A cheap publication brings the gap back to the floor.
        pacer.published(550.0);
        assert!(!pacer.slice(551.0).publishes());
        assert!(pacer.slice(750.0).publishes());
    }

    #[test]
    fn a_publishing_slice_works_half_as_long() {
        let mut pacer = Pacer::default();
        let publishing = pacer.slice(0.5);
        assert!(publishing.publishes());
        assert!(publishing.goes_on(0.5 + SLICE_MS / 2.0 - 0.1));
        assert!(!publishing.goes_on(0.5 + SLICE_MS / 2.0));
        pacer.published(5.0);
        let working = pacer.slice(10.0);
        assert!(!working.publishes());
        assert!(working.goes_on(10.0 + SLICE_MS - 0.1));
        assert!(!working.goes_on(10.0 + SLICE_MS));
    }
}
