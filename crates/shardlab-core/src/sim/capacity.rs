//! The capacity search: the most users a design serves while it still meets a target (Apdex at
//! least a threshold, and optionally p99 within an SLO), as the seeded simulation measures it.
//!
//! The estimate is quick but only approximate near overload, so it gives the first guess. From
//! there the first seed steps away by widening factors until one run meets the target and one
//! misses, then bisects between the two ([`bracket`]) until they are [`TOLERANCE`] apart. Each
//! later seed starts at the earlier seeds' median, so it costs three or four runs. The figure is
//! the median over the seeds, with their spread; the node busiest in the figure's seed's first
//! missing run is the one that saturates first.
//!
//! Injected faults are left out: a figure that moved with where a fault sits on the timeline
//! would not be a capacity. [`Capacity::faults_left_out`] says how many there were.
//!
//! [`CapacitySearch`] is a [`Stepped`] job whose budget is simulated events, so the board runs it
//! in slices; [`capacity`] runs it to the end.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::des::Simulation;
use super::design::{Design, NodeKind, NodeSettings};
use super::estimate::estimate;
use super::model::compile;
use super::presets::{DEFAULT_DURATION_S, DEFAULT_SEED};
use super::report::{Outcome, SimReport, KNEE_APDEX};
use super::validate::{SimError, MAX_DURATION_S, MAX_SIM_REQUESTS, MAX_USERS};
use crate::stepped::{Progress, Stepped};
use crate::text::{approx_count, round_to_spread, thousands, Rounded};

mod bracket;
pub use bracket::{step, Bracket, MAX_PROBES_PER_SEED, MAX_STEP_RATIO, TOLERANCE};

/// The Apdex a design must keep unless told otherwise: where the capacity curve's knee is.
pub const DEFAULT_TARGET_APDEX: f64 = KNEE_APDEX;
/// Seeds a search runs unless told otherwise.
pub const DEFAULT_CAPACITY_SEEDS: u32 = 5;
/// The most seeds a search runs: each costs a few full simulations.
pub const MAX_CAPACITY_SEEDS: u32 = 20;
/// The largest p99 target, in ms: the simulator's latencies are exact up to an hour.
pub const MAX_P99_TARGET_MS: f64 = 3_600_000.0;
/// The ratio a search first steps by from its guess: twice the tolerance, about the spread
/// between seeds. The first seed's guess is the estimate's figure, within a few percent of the
/// simulation's on the presets; a later seed's is the earlier seeds' median. When the guess is
/// further off, each step squares the last.
const FIRST_RATIO: f64 = 1.0 + 2.0 * TOLERANCE;
/// Progress units per seed.
const SEED_UNITS: u64 = 1_000;

/// What a design must do at the users counted as within its capacity.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Target {
    /// Apdex at least this, 0 … 1.
    pub min_apdex: f64,
    /// p99 of successful replies at most this, in ms, if set.
    pub max_p99_ms: Option<f64>,
}

impl Default for Target {
    fn default() -> Self {
        Target {
            min_apdex: DEFAULT_TARGET_APDEX,
            max_p99_ms: None,
        }
    }
}

impl Target {
    /// Whether a solved design meets the target.
    pub fn met_by(&self, outcome: &Outcome) -> bool {
        outcome.apdex >= self.min_apdex && self.max_p99_ms.is_none_or(|ms| outcome.p99_ms <= ms)
    }

    /// The target in words: `Apdex ≥ 0.85`, `Apdex ≥ 0.85 and p99 ≤ 500 ms`.
    pub fn text(&self) -> String {
        let apdex = format!("Apdex ≥ {}", self.min_apdex);
        match self.max_p99_ms {
            Some(ms) => format!("{apdex} and p99 ≤ {ms} ms"),
            None => apdex,
        }
    }

    fn check(&self) -> Result<(), CapacityError> {
        if !(0.0..=1.0).contains(&self.min_apdex) {
            return Err(CapacityError::Apdex {
                apdex: self.min_apdex,
            });
        }
        match self.max_p99_ms {
            Some(ms) if !(ms > 0.0 && ms <= MAX_P99_TARGET_MS) => Err(CapacityError::P99 { ms }),
            _ => Ok(()),
        }
    }
}

/// What a search is asked: the target, how many seeds from which, and how long each run is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CapacityOptions {
    /// What the design must do.
    pub target: Target,
    /// Seeds to run, 1 … [`MAX_CAPACITY_SEEDS`].
    pub seeds: u32,
    /// The first seed; the others follow it.
    pub first_seed: u64,
    /// Simulated seconds of each run, as the board's.
    pub duration_s: f64,
}

impl Default for CapacityOptions {
    fn default() -> Self {
        CapacityOptions {
            target: Target::default(),
            seeds: DEFAULT_CAPACITY_SEEDS,
            first_seed: DEFAULT_SEED,
            duration_s: DEFAULT_DURATION_S,
        }
    }
}

/// Why a search cannot start. Messages say what is accepted.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum CapacityError {
    /// The Apdex target is outside 0 … 1.
    #[error("the Apdex target is {apdex}; accepted 0 … 1")]
    Apdex {
        /// The value given.
        apdex: f64,
    },
    /// The p99 target is not a positive number of ms up to an hour.
    #[error("the p99 target is {ms} ms; accepted more than 0 and at most 3,600,000 ms")]
    P99 {
        /// The value given.
        ms: f64,
    },
    /// Too few or too many seeds.
    #[error("seeds is {seeds}; accepted 1 … 20")]
    Seeds {
        /// The value given.
        seeds: u32,
    },
    /// The design or the run length is refused by the simulator.
    #[error(transparent)]
    Sim(#[from] SimError),
}

/// The node busiest in a run: the one that saturates first as the users grow.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saturation {
    /// The node's id.
    pub node_id: String,
    /// Its kind.
    pub kind: NodeKind,
    /// Its busy share, 0 … 1: for the database, its busiest shard's.
    pub utilisation: f64,
}

impl Saturation {
    /// The node in words, as a sentence names it: `the database`.
    pub fn text(&self) -> &'static str {
        match self.kind {
            NodeKind::Users => "the users",
            NodeKind::LoadBalancer => "the load balancer",
            NodeKind::AppServer => "the App Server",
            NodeKind::Cache => "the cache",
            NodeKind::Database => "the database",
        }
    }
}

/// The busiest node of a run by the simulation's per-node utilisation; a sharded database counts
/// by its busiest shard, since one hot shard saturates while the mean looks idle.
fn busiest(report: &SimReport) -> Option<Saturation> {
    let hottest_shard = report
        .outcome
        .shards
        .iter()
        .map(|s| s.utilisation)
        .fold(0.0, f64::max);
    let mut best: Option<Saturation> = None;
    for node in &report.outcome.nodes {
        let Some(mut utilisation) = node.utilisation else {
            continue;
        };
        if node.kind == NodeKind::Database {
            utilisation = utilisation.max(hottest_shard);
        }
        // Strictly greater, so a tie goes to the earlier node on the request's path.
        if best.as_ref().is_none_or(|b| utilisation > b.utilisation) {
            best = Some(Saturation {
                node_id: node.id.clone(),
                kind: node.kind,
                utilisation,
            });
        }
    }
    best
}

/// One seed's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeedCapacity {
    /// The seed.
    pub seed: u64,
    /// The most users at which this seed's run met the target; 0 if it missed even at one.
    pub users: u32,
    /// The fewest users at which it missed; `None` if it met the target at the ceiling.
    pub missed_at: Option<u32>,
    /// The busiest node at `missed_at` (or, if none, at `users`).
    pub busiest: Option<Saturation>,
    /// Simulations this seed ran.
    pub simulations: u32,
}

/// Where the figure lies against the range the simulator can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// The design meets the target up to `users` and misses it just past.
    Found,
    /// It still meets the target at the most users the simulator runs for it.
    AtCeiling,
    /// It misses the target even with one user.
    BelowOneUser,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Capacity {
    /// The figure: the median over the seeds of the most users that met the target (the lower
    /// middle one for an even count).
    pub users: u32,
    /// How far the figure may be off either way: half the seeds' range, at least the search's
    /// own step.
    pub plus_minus: u32,
    /// The lowest seed's figure.
    pub lowest: u32,
    /// The highest seed's figure.
    pub highest: u32,
    /// Whether the figure is a capacity, the simulator's ceiling, or none at all.
    pub bound: Bound,
    /// The most users the simulator runs for this design and run length.
    pub ceiling: u32,
    /// The node that saturates first: the busiest in the figure's seed's first missing run.
    pub first_to_saturate: Option<Saturation>,
    /// Each seed's result, in seed order.
    pub seeds: Vec<SeedCapacity>,
    /// Simulations run in all.
    pub simulations: u32,
    /// The estimate's figure, where the search started.
    pub estimate_users: u32,
    /// Injected faults on the design's timeline, which the search leaves out.
    pub faults_left_out: usize,
    /// The target.
    pub target: Target,
    /// Simulated seconds of each run.
    pub duration_s: f64,
}

impl Capacity {
    /// The figure rounded to the precision its spread supports.
    pub fn rounded(&self) -> Rounded {
        round_to_spread(u64::from(self.users), u64::from(self.plus_minus))
    }

    /// The figure in words: `≈ 4.1k users`, `at least 1,000,000 users`, `not even 1 user`.
    pub fn figure_text(&self) -> String {
        match self.bound {
            Bound::Found => format!(
                "{} users",
                approx_count(u64::from(self.users), u64::from(self.plus_minus))
            ),
            Bound::AtCeiling => format!("at least {} users", thousands(u64::from(self.ceiling))),
            Bound::BelowOneUser => "not even 1 user".to_owned(),
        }
    }

    /// `5 seeds` or `1 seed`.
    pub fn seeds_text(&self) -> String {
        match self.seeds.len() {
            1 => "1 seed".to_owned(),
            many => format!("{many} seeds"),
        }
    }

    /// The figure as the board and the CLI state it: `≈ 4.1k users, simulated, 5 seeds, first to
    /// saturate: the database`.
    pub fn sentence(&self) -> String {
        let mut text = format!("{}, simulated, {}", self.figure_text(), self.seeds_text());
        match (&self.first_to_saturate, self.bound) {
            (Some(node), Bound::Found) => {
                text.push_str(", first to saturate: ");
                text.push_str(node.text());
            }
            (Some(node), Bound::AtCeiling) => {
                text.push_str(", busiest: ");
                text.push_str(node.text());
            }
            (_, Bound::BelowOneUser) | (None, _) => {}
        }
        text
    }
}

/// A capacity search in progress: a [`Stepped`] job whose budget is simulated events. Create it
/// with [`CapacitySearch::new`], step it until done, then [`Stepped::finish`] it. Its
/// [`Progress`] gives each seed an equal share, filled as its probes are run.
#[derive(Clone, Debug)]
pub struct CapacitySearch {
    design: Design,
    options: CapacityOptions,
    ceiling: u32,
    /// The estimate's bisection: the most users known to meet the target (0 for none) and the
    /// fewest known to miss it (one past the ceiling for none); done when they are adjacent.
    estimate_met: u32,
    estimate_missed: u32,
    faults_left_out: usize,
    done: Vec<SeedCapacity>,
    bracket: Bracket,
    /// The busiest node in the run at the bracket's `met` and at its `missed`.
    busiest_met: Option<Saturation>,
    busiest_missed: Option<Saturation>,
    /// The probe being simulated, with its user count.
    running: Option<(u32, Simulation)>,
    seed_simulations: u32,
    simulations: u32,
}

/// The design as the search sees it: without its faults (left out, see the module's doc), its
/// layout (positions, labels, name) and its own user count (the search sets the users), so that
/// a caller can tell when a new search is due by comparing these.
pub fn searched_design(design: &Design) -> Design {
    let mut searched = design.clone();
    searched.faults.clear();
    searched.name.clear();
    for node in &mut searched.nodes {
        node.x = 0.0;
        node.y = 0.0;
        node.label.clear();
        if let NodeSettings::Users(users) = &mut node.settings {
            users.count = 1;
        }
    }
    searched
}

/// What one step of the estimate's bisection counts against a step's budget: an estimate costs
/// about as much as two thousand simulated events, so the slicer looks at the clock between two.
const ESTIMATE_UNITS: u64 = 2_048;

impl CapacitySearch {
    /// Checks the options and the design and finds the simulator's ceiling; the estimate's
    /// figure and the simulations come in [`Stepped::step`].
    pub fn new(design: &Design, options: &CapacityOptions) -> Result<Self, CapacityError> {
        options.target.check()?;
        if !(1..=MAX_CAPACITY_SEEDS).contains(&options.seeds) {
            return Err(CapacityError::Seeds {
                seeds: options.seeds,
            });
        }
        if !(1.0..=MAX_DURATION_S).contains(&options.duration_s) {
            return Err(SimError::Duration {
                duration_s: options.duration_s,
            }
            .into());
        }
        let faults_left_out = design.faults.len();
        let design = searched_design(design);
        // Arrivals grow with the users, so one user's requests set the ceiling.
        let per_user = compile(&design, 1)?.arrival_rate * options.duration_s;
        let most = libm::floor(MAX_SIM_REQUESTS / per_user).min(f64::from(MAX_USERS));
        if most.is_nan() || most < 1.0 {
            return Err(SimError::TooMuchWork { requests: per_user }.into());
        }
        // Between 1 and MAX_USERS, so the cast is exact.
        let ceiling = most as u32;
        Ok(CapacitySearch {
            bracket: Bracket::new(1, FIRST_RATIO, ceiling),
            design,
            options: *options,
            ceiling,
            estimate_met: 0,
            estimate_missed: ceiling.saturating_add(1),
            faults_left_out,
            done: Vec::new(),
            busiest_met: None,
            busiest_missed: None,
            running: None,
            seed_simulations: 0,
            simulations: 0,
        })
    }

    /// Seeds finished.
    pub fn seeds_done(&self) -> u32 {
        u32::try_from(self.done.len()).unwrap_or(u32::MAX)
    }

    /// Seeds asked for.
    pub fn seeds(&self) -> u32 {
        self.options.seeds
    }

    /// Simulations finished so far.
    pub fn simulations(&self) -> u32 {
        self.simulations
    }

    /// The estimate's figure, where the search starts: the most users at which the estimate
    /// meets the target (0 if none), found first by bisection (final once that is done).
    pub fn estimate_users(&self) -> u32 {
        self.estimate_met
    }

    fn estimating(&self) -> bool {
        self.estimate_missed.saturating_sub(self.estimate_met) > 1
    }

    /// One step of the estimate's bisection; its last opens the first seed's bracket there.
    fn estimate_step(&mut self) {
        let (met, missed) = (self.estimate_met, self.estimate_missed);
        let mid = met.saturating_add(missed.saturating_sub(met) / 2);
        let meets =
            estimate(&self.design, mid).is_ok_and(|e| self.options.target.met_by(&e.outcome));
        if meets {
            self.estimate_met = mid;
        } else {
            self.estimate_missed = mid;
        }
        if !self.estimating() {
            self.bracket = Bracket::new(self.estimate_met, FIRST_RATIO, self.ceiling);
        }
    }

    fn complete(&self) -> bool {
        self.seeds_done() >= self.options.seeds
    }

    /// The seed the current bracket is for.
    fn seed(&self) -> u64 {
        self.options
            .first_seed
            .wrapping_add(u64::from(self.seeds_done()))
    }

    /// Starts the current bracket's next probe, or closes the seed when its bracket is done.
    fn start_next(&mut self) {
        let Some(users) = self.bracket.next() else {
            self.close_seed();
            return;
        };
        let seed = self.seed();
        match Simulation::new(&self.design, users, seed, self.options.duration_s)
            .map(Simulation::without_loads)
        {
            Ok(simulation) => self.running = Some((users, simulation)),
            // The design compiled and `users` is within the ceiling, so this does not arise;
            // were it to, a run the simulator refuses counts as a miss and the search goes on.
            Err(_) => self.bracket.record(users, false),
        }
    }

    /// Takes a finished run's verdict.
    fn record(&mut self, users: u32, report: &SimReport) {
        let meets = self.options.target.met_by(&report.outcome);
        self.bracket.record(users, meets);
        self.simulations = self.simulations.saturating_add(1);
        self.seed_simulations = self.seed_simulations.saturating_add(1);
        if meets && self.bracket.met() == Some(users) {
            self.busiest_met = busiest(report);
        } else if !meets && self.bracket.missed() == Some(users) {
            self.busiest_missed = busiest(report);
        }
    }

    /// Files the current seed's result and opens the next seed's bracket beside the median.
    fn close_seed(&mut self) {
        let busiest = self.busiest_missed.take().or(self.busiest_met.take());
        self.done.push(SeedCapacity {
            seed: self.seed(),
            users: self.bracket.met().unwrap_or(0),
            missed_at: self.bracket.missed(),
            busiest,
            simulations: self.seed_simulations,
        });
        self.seed_simulations = 0;
        let guess = median_index(&self.done)
            .and_then(|i| self.done.get(i))
            .map_or(1, |s| s.users);
        self.bracket = Bracket::new(guess, FIRST_RATIO, self.ceiling);
    }

    /// The finished search's result.
    fn result(&self) -> Capacity {
        let figure = median_index(&self.done).and_then(|i| self.done.get(i));
        let users = figure.map_or(0, |s| s.users);
        let lowest = self.done.iter().map(|s| s.users).min().unwrap_or(0);
        let highest = self.done.iter().map(|s| s.users).max().unwrap_or(0);
        let bound = match figure {
            Some(s) if s.users == 0 => Bound::BelowOneUser,
            Some(s) if s.missed_at.is_none() => Bound::AtCeiling,
            _ => Bound::Found,
        };
        let half_range = highest.saturating_sub(lowest).div_ceil(2);
        Capacity {
            users,
            plus_minus: half_range.max(step(users)),
            lowest,
            highest,
            bound,
            ceiling: self.ceiling,
            first_to_saturate: figure.and_then(|s| s.busiest.clone()),
            seeds: self.done.clone(),
            simulations: self.simulations,
            estimate_users: self.estimate_met,
            faults_left_out: self.faults_left_out,
            target: self.options.target,
            duration_s: self.options.duration_s,
        }
    }
}

/// The index of the seed whose figure is the median (the lower middle for an even count).
fn median_index(seeds: &[SeedCapacity]) -> Option<usize> {
    // At most MAX_CAPACITY_SEEDS entries: counting beats sorting a copy.
    let middle = seeds.len().checked_sub(1)? / 2;
    (0..seeds.len()).find(|&i| {
        let users = seeds.get(i).map_or(0, |s| s.users);
        let below = seeds.iter().filter(|s| s.users < users).count();
        let equal = seeds.iter().filter(|s| s.users == users).count();
        below <= middle && middle < below.saturating_add(equal)
    })
}

impl Stepped for CapacitySearch {
    type Output = Capacity;

    /// Simulates at most about `budget` events (a run's setup counts as one, an estimate as
    /// [`ESTIMATE_UNITS`]).
    fn step(&mut self, budget: u64) -> Progress {
        let mut left = budget;
        while left > 0 && !self.complete() {
            if self.estimating() {
                self.estimate_step();
                left = left.saturating_sub(ESTIMATE_UNITS);
                continue;
            }
            let Some((users, simulation)) = &mut self.running else {
                self.start_next();
                left = left.saturating_sub(1);
                continue;
            };
            let before = simulation.events();
            simulation.step(left);
            left = left.saturating_sub(simulation.events().saturating_sub(before).max(1));
            if simulation.is_done() {
                let users = *users;
                if let Some((_, simulation)) = self.running.take() {
                    self.record(users, &simulation.finish());
                }
            }
        }
        self.progress()
    }

    fn progress(&self) -> Progress {
        let total = SEED_UNITS.saturating_mul(u64::from(self.options.seeds));
        if self.complete() {
            return Progress { done: total, total };
        }
        let running = self
            .running
            .as_ref()
            .map_or(0.0, |(_, s)| s.progress().fraction());
        let probes = f64::from(self.bracket.probes());
        let share = (probes + running) / (probes + f64::from(self.bracket.probes_left().max(1)));
        // A share of at most one seed's units (a NaN casts to 0), short of the whole.
        let within = ((share * SEED_UNITS as f64) as u64).min(SEED_UNITS.saturating_sub(1));
        Progress {
            done: SEED_UNITS
                .saturating_mul(u64::from(self.seeds_done()))
                .saturating_add(within),
            total,
        }
    }

    fn finish(mut self) -> Capacity {
        while !self.step(u64::MAX).is_done() {}
        self.result()
    }
}

/// Searches `design`'s capacity to the end (the CLI's and the tests' way).
pub fn capacity(design: &Design, options: &CapacityOptions) -> Result<Capacity, CapacityError> {
    Ok(CapacitySearch::new(design, options)?.finish())
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // test arithmetic on counts far below u32::MAX
mod tests;
