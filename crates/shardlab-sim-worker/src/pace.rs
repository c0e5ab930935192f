//! How much the worker does between two looks at its messages: a slice of about [`SLICE_MS`],
//! so a Cancel or a newer job waits at most that long, and how often it reports progress. Pure,
//! with the clock passed in, so the rule is tested natively.

/// The time a slice aims at, in ms. The worker is off the main thread, so a slice may be long;
/// it is the longest wait a Cancel or a newer job sees.
pub const SLICE_MS: f64 = 40.0;

/// The least time between two progress reports, in ms: each one re-renders the page's caption.
pub const PUBLISH_EVERY_MS: f64 = 100.0;

/// The first slice's budget, in simulated events: small, since nothing is known of the job yet.
const FIRST_BUDGET: u64 = 2_000;
/// Bounds on a slice's budget.
const MIN_BUDGET: u64 = 64;
const MAX_BUDGET: u64 = 50_000_000;

/// The slice budget and the progress clock of the job in hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Pace {
    budget: u64,
    last_report_ms: Option<f64>,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            budget: FIRST_BUDGET,
            last_report_ms: None,
        }
    }
}

impl Pace {
    /// The budget of the next slice.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Learns from a slice that took `elapsed_ms`: the next budget is scaled toward
    /// [`SLICE_MS`], at most doubling and at least halving, since one slice may be an outlier (a
    /// run's setup, a report's assembly).
    pub fn record(&mut self, elapsed_ms: f64) {
        let scale = if elapsed_ms.is_finite() && elapsed_ms > 0.0 {
            (SLICE_MS / elapsed_ms).clamp(0.5, 2.0)
        } else {
            2.0
        };
        let next = (self.budget as f64 * scale).round() as u64;
        self.budget = next.clamp(MIN_BUDGET, MAX_BUDGET);
    }

    /// Whether a progress report is due at `now_ms`; the first always is. Records it if so.
    pub fn report_due(&mut self, now_ms: f64) -> bool {
        let due = self
            .last_report_ms
            .is_none_or(|last| now_ms - last >= PUBLISH_EVERY_MS);
        if due {
            self.last_report_ms = Some(now_ms);
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_settles_where_a_slice_takes_its_aim() {
        // A job doing 1,000 events per ms: the aim is 40,000 events.
        let mut pace = Pace::default();
        for _ in 0..30 {
            let elapsed = pace.budget() as f64 / 1_000.0;
            pace.record(elapsed);
        }
        let settled = pace.budget();
        assert!((39_000..=41_000).contains(&settled), "{settled}");
    }

    #[test]
    fn one_slow_slice_halves_the_budget_at_most() {
        let mut pace = Pace::default();
        pace.record(SLICE_MS);
        let before = pace.budget();
        pace.record(SLICE_MS * 100.0);
        assert_eq!(pace.budget(), before / 2);
        // A slice too quick to time doubles it.
        pace.record(0.0);
        assert_eq!(pace.budget(), before);
    }

    #[test]
    fn the_budget_stays_in_bounds() {
        let mut pace = Pace::default();
        for _ in 0..100 {
            pace.record(1e9);
        }
        assert_eq!(pace.budget(), MIN_BUDGET);
        for _ in 0..100 {
            pace.record(f64::NAN);
        }
        assert_eq!(pace.budget(), MAX_BUDGET);
    }

    #[test]
    fn progress_is_reported_at_most_every_publish_interval() {
        let mut pace = Pace::default();
        assert!(pace.report_due(5.0));
        assert!(!pace.report_due(5.0 + PUBLISH_EVERY_MS - 1.0));
        assert!(pace.report_due(5.0 + PUBLISH_EVERY_MS));
        assert!(!pace.report_due(5.0 + PUBLISH_EVERY_MS + 1.0));
    }
}
