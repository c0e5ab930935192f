//! One design over K seeds: each headline figure as its median with the band the seeds span, so
//! a reader sees how much a number moves with the seed before trusting its last digit.
//!
//! The seeds are `first, first + 1, …, first + K − 1` (wrapping), so a sweep is named by its first
//! seed and its count, and seed `first` alone gives the single run the board shows. Each run is a
//! full [`Simulation`]; [`SeedSweep`] steps them one after another, so a browser can slice the
//! sweep like any other job, and its output does not depend on the slicing.

use serde::{Deserialize, Serialize};

use super::des::Simulation;
use super::design::Design;
use super::report::{NodeLoad, Outcome, SimReport};
use super::validate::SimError;
use crate::stepped::{Progress, Stepped};
use crate::text::{dollars_significant, milliseconds, percent, whole_rate};

/// Seeds a sweep runs unless told otherwise.
pub const DEFAULT_SPREAD_SEEDS: u32 = 10;

/// The most seeds a sweep runs: each is a full simulation.
pub const MAX_SPREAD_SEEDS: u32 = 100;

/// Why a sweep cannot start.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SpreadError {
    /// A seed count outside 1 ..= [`MAX_SPREAD_SEEDS`].
    #[error("seeds is {0}; accepted 1 … {max}", max = MAX_SPREAD_SEEDS)]
    Seeds(u32),
    /// The run itself is refused (its design, users or duration).
    #[error(transparent)]
    Run(#[from] SimError),
}

/// A headline figure of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    /// Apdex, 0 … 1.
    Apdex,
    /// Median latency of successes, ms.
    P50Ms,
    /// 95th percentile latency of successes, ms.
    P95Ms,
    /// 99th percentile latency of successes, ms.
    P99Ms,
    /// Share of requests that failed.
    ErrorRate,
    /// Successful replies per second.
    ThroughputRps,
    /// Burn, $/s.
    BurnPerS,
}

impl Figure {
    /// Every figure, in the order the caption states them.
    pub const ALL: [Figure; 7] = [
        Figure::Apdex,
        Figure::P50Ms,
        Figure::P95Ms,
        Figure::P99Ms,
        Figure::ErrorRate,
        Figure::ThroughputRps,
        Figure::BurnPerS,
    ];

    /// The key the CLI's JSON uses, the same as the single run's field.
    pub const fn key(self) -> &'static str {
        match self {
            Figure::Apdex => "apdex",
            Figure::P50Ms => "p50_ms",
            Figure::P95Ms => "p95_ms",
            Figure::P99Ms => "p99_ms",
            Figure::ErrorRate => "error_rate",
            Figure::ThroughputRps => "throughput_rps",
            Figure::BurnPerS => "burn_per_s",
        }
    }

    /// The figure's name in a table row.
    pub const fn label(self) -> &'static str {
        match self {
            Figure::Apdex => "Apdex",
            Figure::P50Ms => "p50",
            Figure::P95Ms => "p95",
            Figure::P99Ms => "p99",
            Figure::ErrorRate => "Errors",
            Figure::ThroughputRps => "Throughput",
            Figure::BurnPerS => "Burn",
        }
    }

    /// `value` of this figure as the CLI and the page write it: `0.943`, `31.4 ms`, `0.020 %`,
    /// `12,345/s`, `$0.0021/s`.
    pub fn text(self, value: f64) -> String {
        match self {
            Figure::Apdex => format!("{value:.3}"),
            Figure::P50Ms | Figure::P95Ms | Figure::P99Ms => milliseconds(value),
            Figure::ErrorRate => percent(value),
            Figure::ThroughputRps => format!("{}/s", whole_rate(value)),
            Figure::BurnPerS => format!("{}/s", dollars_significant(value)),
        }
    }

    /// The figure's value in one run's outcome.
    pub fn of(self, outcome: &Outcome) -> f64 {
        match self {
            Figure::Apdex => outcome.apdex,
            Figure::P50Ms => outcome.p50_ms,
            Figure::P95Ms => outcome.p95_ms,
            Figure::P99Ms => outcome.p99_ms,
            Figure::ErrorRate => outcome.error_rate,
            Figure::ThroughputRps => outcome.throughput_rps,
            Figure::BurnPerS => outcome.burn_per_s,
        }
    }
}

/// How one figure spreads over the seeds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    /// The middle value (the mean of the two middle ones for an even count).
    pub median: f64,
    /// The smallest.
    pub min: f64,
    /// The largest.
    pub max: f64,
    /// The 10th percentile, nearest rank: a tenth of the seeds are at or below it.
    pub p10: f64,
    /// The 90th percentile, nearest rank.
    pub p90: f64,
}

impl Spread {
    /// The spread of some values; `None` for none.
    pub fn of(values: &[f64]) -> Option<Spread> {
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let count = sorted.len();
        let at = |rank: usize| sorted.get(rank).copied();
        let half = count / 2;
        let median = if count % 2 == 1 {
            at(half)?
        } else {
            (at(half.checked_sub(1)?)? + at(half)?) / 2.0
        };
        // Nearest rank: the ⌈q·n⌉-th value, counted from 1.
        let nearest = |tenths: usize| {
            let rank = count.saturating_mul(tenths).div_ceil(10).max(1);
            at(rank.saturating_sub(1))
        };
        Some(Spread {
            median,
            min: at(0)?,
            max: at(count.checked_sub(1)?)?,
            p10: nearest(1)?,
            p90: nearest(9)?,
        })
    }

    /// Whether every seed gave the same value.
    pub fn is_flat(&self) -> bool {
        self.min == self.max
    }
}

/// What a sweep gives: each figure's spread, and the run that stands for the sweep.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpreadReport {
    /// Users simulated.
    pub users: u32,
    /// The Apdex threshold T, in ms (the design's, the same in every run).
    pub apdex_t_ms: f64,
    /// The seeds run, in order.
    pub seeds: Vec<u64>,
    /// Each figure's spread, in [`Figure::ALL`] order.
    pub figures: Vec<(Figure, Spread)>,
    /// The seed of the run whose p99 is the median one (the lower middle for an even count): its
    /// per-node loads stand for the sweep's, since a median of loads from different runs would
    /// describe no run.
    pub median_seed: u64,
    /// That run's per-node loads.
    pub nodes: Vec<NodeLoad>,
}

impl SpreadReport {
    /// The spread of one figure.
    pub fn spread(&self, figure: Figure) -> Option<Spread> {
        self.figures
            .iter()
            .find(|(f, _)| *f == figure)
            .map(|(_, spread)| *spread)
    }

    /// The spread of finished runs.
    pub fn of(reports: &[SimReport]) -> Option<SpreadReport> {
        let first = reports.first()?;
        let figures = Figure::ALL
            .into_iter()
            .map(|figure| {
                let values: Vec<f64> = reports.iter().map(|r| figure.of(&r.outcome)).collect();
                Spread::of(&values).map(|spread| (figure, spread))
            })
            .collect::<Option<Vec<_>>>()?;
        // The run with the median p99: sort the runs by p99 (then seed) and take the lower middle.
        let mut by_p99: Vec<&SimReport> = reports.iter().collect();
        by_p99.sort_by(|a, b| {
            a.outcome
                .p99_ms
                .total_cmp(&b.outcome.p99_ms)
                .then(a.seed.cmp(&b.seed))
        });
        let middle = by_p99.get(by_p99.len().saturating_sub(1) / 2).copied()?;
        Some(SpreadReport {
            users: first.outcome.users,
            apdex_t_ms: first.outcome.apdex_t_ms,
            seeds: reports.iter().map(|r| r.seed).collect(),
            figures,
            median_seed: middle.seed,
            nodes: middle.outcome.nodes.clone(),
        })
    }
}

/// `count` if a sweep may run that many seeds (1 ..= [`MAX_SPREAD_SEEDS`]).
pub fn check_seeds(count: u32) -> Result<u32, SpreadError> {
    if (1..=MAX_SPREAD_SEEDS).contains(&count) {
        Ok(count)
    } else {
        Err(SpreadError::Seeds(count))
    }
}

/// The seeds of a sweep: `first` and the `count − 1` after it, wrapping past `u64::MAX`.
pub fn sweep_seeds(first: u64, count: u32) -> Vec<u64> {
    (0..u64::from(count))
        .map(|i| first.wrapping_add(i))
        .collect()
}

/// K runs of one design, one after another, as a [`Stepped`] job.
pub struct SeedSweep {
    design: Design,
    users: u32,
    duration_s: f64,
    seeds: Vec<u64>,
    /// The run in progress, and the finished runs before it.
    current: Option<Simulation>,
    finished: Vec<SimReport>,
    /// A run that could not start after the first did (should not happen: all share the design).
    failed: Option<SimError>,
}

impl SeedSweep {
    /// A sweep of `count` seeds from `first`. The first run is set up at once, so a refused
    /// design, user count or duration is an error here, not halfway through.
    pub fn new(
        design: &Design,
        users: u32,
        first: u64,
        count: u32,
        duration_s: f64,
    ) -> Result<SeedSweep, SpreadError> {
        check_seeds(count)?;
        let seeds = sweep_seeds(first, count);
        let current = Simulation::new(design, users, first, duration_s)?.without_loads();
        Ok(SeedSweep {
            design: design.clone(),
            users,
            duration_s,
            seeds,
            current: Some(current),
            finished: Vec::new(),
            failed: None,
        })
    }

    /// Seeds asked for.
    pub fn seeds(&self) -> u32 {
        u32::try_from(self.seeds.len()).unwrap_or(u32::MAX)
    }

    /// Finished runs so far, in seed order.
    pub fn finished(&self) -> &[SimReport] {
        &self.finished
    }

    /// One run's progress units (simulated microseconds of its window).
    fn per_run(&self) -> u64 {
        // 1 s … 3,600 s, as `Simulation::progress` counts it.
        (self.duration_s * 1e6) as u64
    }
}

impl Stepped for SeedSweep {
    type Output = Result<SpreadReport, SpreadError>;

    /// Advances at most `max_events` simulated events, across as many runs as they reach.
    fn step(&mut self, max_events: u64) -> Progress {
        let mut left = max_events;
        while left > 0 && self.failed.is_none() {
            let Some(run) = self.current.as_mut() else {
                break;
            };
            // A run counts its budget in events but reports progress in time; give it the whole
            // remainder and let it stop when done.
            let before = run.events();
            run.step(left);
            left = left.saturating_sub(run.events().saturating_sub(before).max(1));
            if !run.is_done() {
                continue;
            }
            if let Some(done) = self.current.take() {
                self.finished.push(done.finish());
            }
            if let Some(&seed) = self.seeds.get(self.finished.len()) {
                match Simulation::new(&self.design, self.users, seed, self.duration_s)
                    .map(Simulation::without_loads)
                {
                    Ok(next) => self.current = Some(next),
                    Err(err) => self.failed = Some(err),
                }
            }
        }
        self.progress()
    }

    fn progress(&self) -> Progress {
        let per_run = self.per_run();
        let total = per_run.saturating_mul(self.seeds.len() as u64);
        if self.failed.is_some() {
            return Progress { done: total, total };
        }
        let finished = per_run.saturating_mul(self.finished.len() as u64);
        let current = self.current.as_ref().map_or(0, |run| run.progress().done);
        Progress {
            done: finished.saturating_add(current).min(total),
            total,
        }
    }

    fn finish(self) -> Self::Output {
        let reports = self.reports()?;
        SpreadReport::of(&reports).ok_or(SpreadError::Seeds(0))
    }
}

impl SeedSweep {
    /// Runs whatever is left and gives each seed's report, in seed order: what a sweep split
    /// over several workers hands back, to be put together with [`SpreadReport::of`] (which is
    /// what [`Stepped::finish`] does with one sweep's).
    pub fn reports(mut self) -> Result<Vec<SimReport>, SpreadError> {
        self.step(u64::MAX);
        match self.failed {
            Some(err) => Err(SpreadError::Run(err)),
            None => Ok(self.finished),
        }
    }
}

/// Runs `count` seeds from `first` to the end: the CLI's `simulate --seeds K`.
pub fn spread(
    design: &Design,
    users: u32,
    first: u64,
    count: u32,
    duration_s: f64,
) -> Result<SpreadReport, SpreadError> {
    SeedSweep::new(design, users, first, count, duration_s)?.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{preset, simulate, DEFAULT_PRESET};

    #[test]
    fn a_spread_is_the_order_statistics_of_its_values() {
        let values: Vec<f64> = (1..=10).rev().map(f64::from).collect();
        assert_eq!(
            Spread::of(&values),
            Some(Spread {
                median: 5.5,
                min: 1.0,
                max: 10.0,
                p10: 1.0,
                p90: 9.0
            })
        );
        let odd = Spread::of(&[3.0, 1.0, 2.0]);
        assert_eq!(odd.map(|s| (s.median, s.p10, s.p90)), Some((2.0, 1.0, 3.0)));
        assert_eq!(Spread::of(&[]), None);
        assert!(Spread::of(&[4.0]).is_some_and(|s| s.is_flat() && s.median == 4.0));
    }

    #[test]
    fn each_seed_of_a_sweep_is_the_single_run_of_that_seed() {
        let Some(board) = preset(DEFAULT_PRESET) else {
            unreachable!()
        };
        let design = board.design;
        let Ok(report) = spread(&design, 2_000, 41, 3, 10.0) else {
            unreachable!()
        };
        assert_eq!(report.seeds, [41, 42, 43]);
        let singles: Vec<SimReport> = [41, 42, 43]
            .into_iter()
            .filter_map(|seed| simulate(&design, 2_000, seed, 10.0).ok())
            .collect();
        assert_eq!(singles.len(), 3);
        for figure in Figure::ALL {
            let values: Vec<f64> = singles.iter().map(|r| figure.of(&r.outcome)).collect();
            assert_eq!(report.spread(figure), Spread::of(&values), "{figure:?}");
        }
        // The seeds do move p99: the band is not a single value.
        assert!(report.spread(Figure::P99Ms).is_some_and(|s| !s.is_flat()));
        let middle = singles
            .iter()
            .find(|r| r.seed == report.median_seed)
            .map(|r| r.outcome.p99_ms);
        assert_eq!(
            middle,
            report.spread(Figure::P99Ms).map(|s| s.median),
            "with three seeds the median run's p99 is the median p99"
        );
    }

    #[test]
    fn slicing_does_not_change_the_sweep() {
        let Some(board) = preset(DEFAULT_PRESET) else {
            unreachable!()
        };
        let Ok(mut sliced) = SeedSweep::new(&board.design, 1_000, 7, 2, 5.0) else {
            unreachable!()
        };
        let mut steps = 0;
        while !sliced.step(997).is_done() {
            steps += 1;
        }
        assert!(steps > 2, "{steps}");
        assert_eq!(sliced.finished().len(), 2);
        assert_eq!(
            sliced.finish(),
            spread(&board.design, 1_000, 7, 2, 5.0),
            "sliced and one-go sweeps differ"
        );
    }

    #[test]
    fn seed_counts_outside_the_limits_are_refused() {
        let Some(board) = preset(DEFAULT_PRESET) else {
            unreachable!()
        };
        for bad in [0, MAX_SPREAD_SEEDS + 1] {
            assert!(matches!(
                SeedSweep::new(&board.design, 1_000, 1, bad, 5.0),
                Err(SpreadError::Seeds(n)) if n == bad
            ));
        }
        assert!(matches!(
            SeedSweep::new(&board.design, 1_000, 1, 3, 0.5),
            Err(SpreadError::Run(SimError::Duration { .. }))
        ));
        assert_eq!(sweep_seeds(u64::MAX, 2), [u64::MAX, 0]);
    }

    #[test]
    fn all_lists_every_figure_once() {
        crate::assert_lists_every_variant!(
            Figure,
            Figure::ALL,
            [
                Apdex,
                P50Ms,
                P95Ms,
                P99Ms,
                ErrorRate,
                ThroughputRps,
                BurnPerS
            ]
        );
    }
}
