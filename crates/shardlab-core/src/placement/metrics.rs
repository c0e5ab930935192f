//! The literature's metric set for one scheme (the measures of SUPSI's consistent-hashing
//! comparison, issue 21 §3): balance, resize balance, monotonicity, the moved share against the
//! least possible, and the state a scheme keeps per server.
//!
//! [`MetricsRun`] measures several schemes over one server list as a [`Stepped`] job, one unit
//! per key placed, so a page can measure every scheme in short slices; [`scheme_metrics`] is
//! one scheme's run taken to the end. Each scheme places one seeded key set through two changes
//! of the server list, one server added (N → N + 1, [`ServerList::grown`]) and one removed
//! (N → N − 1, the last server, [`ServerList::shrunk`]), each with the movement experiment every
//! `place` run uses, so its
//! counts follow the same rules: the balance is [`LoadStats`]' max and σ over the mean (over each
//! server's fair share by weight when the scheme follows weights and they differ), the
//! monotonicity is the [`Monotonicity`] tally, and the least move is
//! [`MovementResult::minimum_fraction`]. Memory is [`Placement::state_bytes`], counted from the
//! structure, never measured. Lookup time is a timing, and the core reads no clock: the benches
//! race lookups (`cargo xtask bench`, BENCHMARKS.md).

use serde::Serialize;

use super::bounded_load::{BoundedLoad, BoundedMovementRun};
use super::budget::check_metrics_budget;
use super::error::PlacementError;
use super::experiment::{BalanceRun, LoadStats, Monotonicity, MovementResult, MovementRun};
use super::kind::SchemeKind;
use super::maglev::{check_table, Maglev, MaglevFill};
use super::scheme::SchemeSpec;
use super::server::{ServerList, MAX_SERVERS};
use super::sweep::{Jobs, Measurements};
use super::{BoxedPlacement, Placement};
use crate::stepped::{Progress, Stepped};

/// How evenly keys spread over servers: the largest load and the spread of the loads, each over
/// a server's fair share. 1 and 0 are perfect balance.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Balance {
    /// The largest load over its fair share ([`LoadStats::max_over_fair`]): max/mean when the
    /// fair shares are equal.
    pub max_over_fair: f64,
    /// The spread of the loads over their fair shares ([`LoadStats::stddev_over_fair`]): σ/mean
    /// when the fair shares are equal.
    pub stddev_over_fair: f64,
    /// Whether the fair shares follow the weights: the scheme places by weight and the weights
    /// differ. Otherwise both figures are exactly [`LoadStats`]' max/mean and σ/mean.
    pub weight_normalised: bool,
}

impl Balance {
    /// The balance of `load` under a scheme that does (`uses_weights`) or does not place by
    /// weight. A scheme that ignores weights is judged against equal shares whatever the weights
    /// say, since equal shares are what it aims at.
    pub fn of(load: &LoadStats, uses_weights: bool) -> Balance {
        let mut weights = load.per_server.iter().map(|server| server.weight);
        let first = weights.next();
        let weights_differ = weights.any(|weight| Some(weight) != first);
        let weighted = uses_weights && weights_differ;
        Balance {
            max_over_fair: load.max_over_fair(weighted),
            stddev_over_fair: load.stddev_over_fair(weighted),
            weight_normalised: weighted,
        }
    }
}

/// What one change of the server list (a server added, or one removed) did to the keys.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ResizeMetrics {
    /// Servers after the change.
    pub servers_after: usize,
    /// The balance after the change: the literature's resize balance.
    pub balance: Balance,
    /// The share of the keys whose server changed.
    pub moved_fraction: f64,
    /// The least share any scheme must move for this change
    /// ([`MovementResult::minimum_fraction`]).
    pub minimum_fraction: f64,
    /// `moved_fraction / minimum_fraction`: 1 is the least movement possible, hash mod N's 4 → 5
    /// is about 4. `None` when the change forces no move at all.
    pub moved_over_minimum: Option<f64>,
    /// Keys that moved between two servers present before and after: on an add, keys moved to a
    /// server that was not the one added; on a removal, keys moved away from a server that was
    /// not the one removed. 0 for a monotone scheme.
    pub monotonicity: Monotonicity,
}

impl ResizeMetrics {
    /// The metrics of a movement experiment's result.
    fn of(result: &MovementResult, uses_weights: bool) -> ResizeMetrics {
        let minimum = result.minimum_fraction(uses_weights);
        ResizeMetrics {
            servers_after: result.servers_after,
            balance: Balance::of(&result.load_after, uses_weights),
            moved_fraction: result.moved_fraction,
            minimum_fraction: minimum,
            moved_over_minimum: (minimum > 0.0).then(|| result.moved_fraction / minimum),
            monotonicity: result.monotonicity,
        }
    }
}

/// The literature's metrics of one scheme over N servers and one seeded key set; see the module
/// doc. The `metrics` object of `shardlab place --json`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SchemeMetrics {
    /// The scheme (serialised as its name).
    pub scheme: SchemeKind,
    /// N, the servers measured.
    pub servers: usize,
    /// Keys placed (the same keys on every side of both changes).
    pub keys: u64,
    /// The balance over the N servers.
    pub balance: Balance,
    /// One server added (N → N + 1); `None` when the scheme cannot take another server (see
    /// [`unmeasured`](Self::unmeasured)).
    pub add_one: Option<ResizeMetrics>,
    /// The last server removed (N → N − 1); `None` for a single server.
    pub remove_one: Option<ResizeMetrics>,
    /// The scheme's state over the N servers, in bytes ([`Placement::state_bytes`]).
    pub state_bytes: u64,
    /// `state_bytes / N`: the literature's memory per server.
    pub state_bytes_per_server: f64,
    /// Why a change was not measured, one sentence each (empty when both were).
    pub unmeasured: Vec<String>,
}

/// The metrics of `spec` over `servers` for `keys` keys drawn from `seed`: a [`MetricsRun`] of
/// the one scheme, run to the end.
///
/// Refuses, before any work, keys outside the budget of a `place` run counted for both changes
/// ([`check_metrics_budget`]: [`PlacementError::MetricsOverBudget`]), and any setting the scheme
/// refuses over N servers. A change the scheme cannot make (no server left to remove; no server
/// id, ring point or Maglev slot left for one more) is left out and said why.
///
/// ```
/// use shardlab_core::placement::{scheme_metrics, SchemeSpec, ServerList};
/// let metrics = scheme_metrics(&SchemeSpec::Jump, &ServerList::uniform(4)?, 20_000, 1)?;
/// let add = metrics.add_one.expect("4 → 5 is measured");
/// assert_eq!(add.monotonicity.violations, 0);
/// assert!((add.moved_fraction - 0.2).abs() < 0.02);
/// assert_eq!(metrics.state_bytes, 0);
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
pub fn scheme_metrics(
    spec: &SchemeSpec,
    servers: &ServerList,
    keys: u64,
    seed: u64,
) -> Result<SchemeMetrics, PlacementError> {
    MetricsRun::new(vec![*spec], servers, keys, seed)
        .finish()
        .pop()
        .ok_or(PlacementError::NothingToSweep("scheme"))?
}

/// The metric set of several schemes over one server list and one seeded key set, as a
/// [`Stepped`] job of one unit per key placed, so the Ring page measures every scheme without a
/// long task. Each scheme is one or two movement experiments (a server added, the last one
/// removed) over the same keys; a scheme that refuses the servers or the budget, or fails to
/// build for a change, gives its error in its place and does not stop the others.
pub struct MetricsRun {
    measurements: Measurements<Measure, Measurement>,
    schemes: Schemes,
}

/// What a [`MetricsRun`] measures and what it has collected: the [`Jobs`] its measurements run.
struct Schemes {
    keys: u64,
    seed: u64,
    servers: ServerList,
    specs: Vec<SchemeSpec>,
    /// Each scheme's measurements so far, or why it was not measured.
    outcomes: Vec<Result<Collected, PlacementError>>,
}

#[derive(Default)]
struct Collected {
    load: Option<LoadStats>,
    state_bytes: u64,
    add: Option<MovementResult>,
    remove: Option<MovementResult>,
    unmeasured: Vec<String>,
}

/// What one measurement of a [`MetricsRun`] places: scheme `scheme` before and after a change,
/// or (when the scheme can make neither change) over the N servers alone.
#[derive(Debug, Clone, Copy)]
struct Measure {
    scheme: usize,
    change: Change,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    Add,
    Remove,
    None,
}

/// A measurement in progress, with the state of the scheme it measures.
enum Measurement {
    PerKey(MovementRun<BoxedPlacement, BoxedPlacement>, u64),
    /// Bounded loads places keys in arrival order against capacities. Boxed: its two assigners
    /// make it the largest by far, and there is one measurement at a time.
    Bounded(Box<BoundedMovementRun<'static>>, u64),
    Balance(BalanceRun<BoxedPlacement>),
    /// Maglev's tables before and after the change, still filling: a table of up to a million
    /// slots is too long for one step, so a step's budget goes to slots tried until both are
    /// full, and then to keys, as [`Measurement::PerKey`].
    Filling(Box<MaglevChange>),
    /// A fill's tables that did not make a run (never, for tables filled for their own
    /// servers): done, with nothing to record.
    Unfilled,
}

/// Maglev's two fills of a [`Measurement::Filling`], with what its key run needs after them.
struct MaglevChange {
    before: (MaglevFill, ServerList),
    after: (MaglevFill, ServerList),
    keys: u64,
    seed: u64,
}

impl MaglevChange {
    /// Tries up to `budget` slots, the table before first; once both are full, the budget left.
    fn fill(&mut self, budget: u64) -> Option<u64> {
        let mut left = budget;
        for fill in [&mut self.before.0, &mut self.after.0] {
            let tried = fill.slots_tried();
            if !fill.step(left).is_done() {
                return None;
            }
            left = left.saturating_sub(fill.slots_tried().saturating_sub(tried));
        }
        Some(left)
    }

    /// The key run over the two full tables (`None` only if a table were not its servers').
    fn into_run(self) -> Option<Measurement> {
        let table =
            |(fill, list): (MaglevFill, ServerList)| Maglev::from_table(list, fill.finish());
        let (before, after) = (table(self.before)?, table(self.after)?);
        let state_bytes = before.state_bytes();
        let (before, after): (BoxedPlacement, BoxedPlacement) = (Box::new(before), Box::new(after));
        let run = MovementRun::new(before, after, self.keys, self.seed).ok()?;
        Some(Measurement::PerKey(run, state_bytes))
    }
}

impl Stepped for Measurement {
    /// What it gives is taken by [`Measurement::record`].
    type Output = ();

    fn step(&mut self, budget: u64) -> Progress {
        match self {
            Measurement::PerKey(run, _) => run.step(budget),
            Measurement::Bounded(run, _) => run.step(budget),
            Measurement::Balance(run) => run.step(budget),
            Measurement::Filling(change) => {
                let Some(left) = change.fill(budget) else {
                    // No key placed in this step: the budget went to the tables.
                    return self.progress();
                };
                let filled = std::mem::replace(self, Measurement::Unfilled);
                if let Measurement::Filling(change) = filled {
                    *self = change.into_run().unwrap_or(Measurement::Unfilled);
                }
                // What the tables left of the budget goes to the keys.
                if left > 0 {
                    self.step(left)
                } else {
                    self.progress()
                }
            }
            Measurement::Unfilled => self.progress(),
        }
    }

    fn progress(&self) -> Progress {
        match self {
            Measurement::PerKey(run, _) => run.progress(),
            Measurement::Bounded(run, _) => run.progress(),
            Measurement::Balance(run) => run.progress(),
            Measurement::Filling(change) => Progress::start(change.keys),
            Measurement::Unfilled => Progress { done: 0, total: 0 },
        }
    }

    fn finish(mut self) {
        self.step(u64::MAX);
    }
}

impl Measurement {
    fn record(&self, change: Change, into: &mut Collected) {
        let (result, state_bytes) = match self {
            Measurement::PerKey(run, bytes) => (run.result(), *bytes),
            Measurement::Bounded(run, bytes) => (run.result(), *bytes),
            Measurement::Balance(run) => {
                into.load = Some(run.stats());
                into.state_bytes = run.placement().state_bytes();
                return;
            }
            Measurement::Filling(_) | Measurement::Unfilled => return,
        };
        // Both changes place the same keys on the N servers; either gives their load.
        into.load = Some(result.load_before.clone());
        into.state_bytes = state_bytes;
        match change {
            Change::Add => into.add = Some(result),
            Change::Remove => into.remove = Some(result),
            Change::None => {}
        }
    }
}

impl MetricsRun {
    /// Prepares the metrics of each of `specs` over `servers` for `keys` keys from `seed`.
    pub fn new(specs: Vec<SchemeSpec>, servers: &ServerList, keys: u64, seed: u64) -> Self {
        let mut jobs = Vec::new();
        let outcomes = specs
            .iter()
            .enumerate()
            .map(|(scheme, spec)| {
                plan(spec, servers, keys).map(|(changes, unmeasured)| {
                    jobs.extend(changes.into_iter().map(|change| Measure { scheme, change }));
                    Collected {
                        unmeasured,
                        ..Collected::default()
                    }
                })
            })
            .collect();
        Self {
            measurements: Measurements::new(jobs, keys),
            schemes: Schemes {
                keys,
                seed,
                servers: servers.clone(),
                specs,
                outcomes,
            },
        }
    }

    /// Each scheme's metrics, in the order asked; `None` for one not measured yet.
    pub fn results(&self) -> Vec<Option<Result<SchemeMetrics, PlacementError>>> {
        let pending = self.measurements.pending();
        let schemes = &self.schemes;
        schemes
            .specs
            .iter()
            .zip(&schemes.outcomes)
            .enumerate()
            .map(|(index, (spec, outcome))| match outcome {
                Err(error) => Some(Err(error.clone())),
                Ok(_) if pending.iter().any(|m| m.scheme == index) => None,
                Ok(collected) => Some(Ok(schemes.assemble(spec, collected))),
            })
            .collect()
    }
}

impl Schemes {
    fn assemble(&self, spec: &SchemeSpec, collected: &Collected) -> SchemeMetrics {
        let uses_weights = spec.kind().uses_weights();
        let count = self.servers.len();
        SchemeMetrics {
            scheme: spec.kind(),
            servers: count,
            keys: self.keys,
            balance: collected.load.as_ref().map_or(
                Balance::of(&LoadStats::from_counts(&self.servers, &[]), uses_weights),
                |load| Balance::of(load, uses_weights),
            ),
            add_one: collected
                .add
                .as_ref()
                .map(|r| ResizeMetrics::of(r, uses_weights)),
            remove_one: collected
                .remove
                .as_ref()
                .map(|r| ResizeMetrics::of(r, uses_weights)),
            state_bytes: collected.state_bytes,
            state_bytes_per_server: collected.state_bytes as f64 / count.max(1) as f64,
            unmeasured: collected.unmeasured.clone(),
        }
    }
}

impl Jobs<Measure, Measurement> for Schemes {
    /// Builds the measurement's schemes. A scheme that failed to build keeps that error, and its
    /// other measurements are skipped; the other schemes go on.
    fn start(&mut self, measure: Measure) -> Result<Option<Measurement>, PlacementError> {
        let (Some(spec), Some(outcome)) = (
            self.specs.get(measure.scheme),
            self.outcomes.get_mut(measure.scheme),
        ) else {
            return Ok(None);
        };
        if outcome.is_err() {
            return Ok(None);
        }
        let built = changed(&self.servers, measure.change)
            .and_then(|after| measurement(spec, &self.servers, after, self.keys, self.seed));
        match built {
            Ok(run) => Ok(Some(run)),
            Err(error) => {
                *outcome = Err(error);
                Ok(None)
            }
        }
    }

    fn record(&mut self, measure: Measure, run: &Measurement) {
        if let Some(Ok(collected)) = self.outcomes.get_mut(measure.scheme) {
            run.record(measure.change, collected);
        }
    }
}

/// Which changes `spec` can be measured over, and why any other is not; refuses a scheme whose
/// budget or settings do not fit `servers`.
fn plan(
    spec: &SchemeSpec,
    servers: &ServerList,
    keys: u64,
) -> Result<(Vec<Change>, Vec<String>), PlacementError> {
    check_metrics_budget(spec, keys, servers.len())?;
    // Builds over N first, so a setting the scheme refuses there is the caller's error, not an
    // unmeasured change. Maglev's table is only checked: its fill is a measurement's, in steps.
    let build = |servers: ServerList| match *spec {
        SchemeSpec::Maglev { table_size } => {
            check_table(table_size, servers.len()).map_err(PlacementError::Maglev)
        }
        _ => spec.build(servers).map(|_| ()),
    };
    build(servers.clone())?;
    let mut changes = Vec::new();
    let mut unmeasured = Vec::new();
    let grown = if servers.len() < MAX_SERVERS {
        servers.grown(1)
    } else {
        Err(PlacementError::TooManyServers {
            count: servers.len().saturating_add(1),
        })
    };
    // The one server more may not fit the scheme's own limits (ring points, Maglev slots).
    match grown.and_then(build) {
        Ok(_) => changes.push(Change::Add),
        Err(why) => unmeasured.push(format!("No server can be added: {why}")),
    }
    if servers.len() >= 2 {
        changes.push(Change::Remove);
    } else {
        unmeasured.push("No server can be removed: one server must remain.".to_owned());
    }
    if changes.is_empty() {
        changes.push(Change::None);
    }
    Ok((changes, unmeasured))
}

/// One measurement's run. Bounded loads is placed by its assignment, as [`place`](super::place)
/// places it; every other scheme key by key (a directory before the change holds an entry per
/// key, [`SchemeSpec::build_change`]).
fn measurement(
    spec: &SchemeSpec,
    servers: &ServerList,
    after: Option<ServerList>,
    keys: u64,
    seed: u64,
) -> Result<Measurement, PlacementError> {
    if let (
        SchemeSpec::BoundedLoad {
            vnodes,
            load_factor,
        },
        Some(after),
    ) = (*spec, after.as_ref())
    {
        let before = BoundedLoad::new(servers.clone(), vnodes, load_factor)?;
        let state_bytes = before.state_bytes();
        let after = BoundedLoad::new(after.clone(), vnodes, load_factor)?;
        let run = BoundedMovementRun::owned(before, after, keys, seed)?;
        return Ok(Measurement::Bounded(Box::new(run), state_bytes));
    }
    let Some(after) = after else {
        return Ok(Measurement::Balance(BalanceRun::new(
            spec.build(servers.clone())?,
            keys,
            seed,
        )?));
    };
    if let SchemeSpec::Maglev { table_size } = *spec {
        if keys == 0 {
            return Err(PlacementError::NoKeys);
        }
        let fill = |list: ServerList| {
            MaglevFill::new(&list, table_size)
                .map(|fill| (fill, list))
                .map_err(PlacementError::Maglev)
        };
        return Ok(Measurement::Filling(Box::new(MaglevChange {
            before: fill(servers.clone())?,
            after: fill(after)?,
            keys,
            seed,
        })));
    }
    let (before, after) = spec.build_change(servers.clone(), after, keys, seed)?;
    let state_bytes = before.state_bytes();
    Ok(Measurement::PerKey(
        MovementRun::new(before, after, keys, seed)?,
        state_bytes,
    ))
}

/// The servers after `change`; `None` for no change.
fn changed(servers: &ServerList, change: Change) -> Result<Option<ServerList>, PlacementError> {
    match change {
        Change::Add => servers.grown(1).map(Some),
        Change::Remove => servers.shrunk(1).map(Some),
        Change::None => Ok(None),
    }
}

impl Stepped for MetricsRun {
    type Output = Vec<Result<SchemeMetrics, PlacementError>>;

    /// Places up to `max_keys` keys, across the measurements.
    fn step(&mut self, max_keys: u64) -> Progress {
        self.measurements.step(max_keys, &mut self.schemes)
    }

    fn progress(&self) -> Progress {
        self.measurements.progress()
    }

    /// Every scheme's metrics or error, in the order asked.
    fn finish(mut self) -> Self::Output {
        self.step(u64::MAX);
        self.results().into_iter().flatten().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::budget::OverBudget;
    use crate::placement::{Server, MAX_PLACE_KEYS};

    const KEYS: u64 = 100_000;

    fn four() -> ServerList {
        ServerList::uniform(4).unwrap_or_else(|_| unreachable!())
    }

    fn metrics(kind: SchemeKind) -> SchemeMetrics {
        scheme_metrics(&SchemeSpec::from_kind(kind, 160), &four(), KEYS, 1)
            .unwrap_or_else(|e| unreachable!("{kind}: {e}"))
    }

    fn add(m: &SchemeMetrics) -> ResizeMetrics {
        m.add_one.unwrap_or_else(|| unreachable!("{}", m.scheme))
    }

    fn remove(m: &SchemeMetrics) -> ResizeMetrics {
        m.remove_one.unwrap_or_else(|| unreachable!("{}", m.scheme))
    }

    fn near(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    /// Weights 1, 1, 2 holding 10, 30 and 40 keys: fair shares 20, 20, 40, so the loads over
    /// them are 0.5, 1.5 and 1; max 1.5 and σ = √((0.25 + 0.25 + 0) / 3) = √(1/6). Judged by
    /// equal shares (mean 80/3): max/mean 40 · 3/80 = 1.5 and σ/mean √(4200/27) · 3/80.
    #[test]
    fn balance_matches_a_hand_computed_case() {
        let servers = ServerList::new(vec![
            Server::weighted(0, 1),
            Server::weighted(1, 1),
            Server::weighted(2, 2),
        ])
        .unwrap_or_else(|_| unreachable!());
        let load = LoadStats::from_counts(&servers, &[10, 30, 40]);
        let weighted = Balance::of(&load, true);
        assert!(weighted.weight_normalised);
        assert!(near(weighted.max_over_fair, 1.5, 1e-12), "{weighted:?}");
        assert!(near(
            weighted.stddev_over_fair,
            (1.0f64 / 6.0).sqrt(),
            1e-12
        ));
        let plain = Balance::of(&load, false);
        assert!(!plain.weight_normalised);
        assert!(near(plain.max_over_fair, 1.5, 1e-12), "{plain:?}");
        let sigma_over_mean = (4200.0f64 / 27.0).sqrt() * 3.0 / 80.0;
        assert!(near(plain.stddev_over_fair, sigma_over_mean, 1e-12));
    }

    #[test]
    fn weight_normalised_balance_is_plain_balance_when_weights_are_equal() {
        let servers = ServerList::new((0..5).map(|id| Server::weighted(id, 3)).collect())
            .unwrap_or_else(|_| unreachable!());
        let load = LoadStats::from_counts(&servers, &[7, 19, 3, 11, 40]);
        // Equal weights: nothing to normalise, so exactly LoadStats' own figures.
        let balance = Balance::of(&load, true);
        assert!(!balance.weight_normalised);
        assert_eq!(balance.max_over_fair, load.max_over_mean);
        assert_eq!(balance.stddev_over_fair, load.stddev_over_mean);
        // And normalising anyway gives the same numbers, to rounding.
        assert!(near(load.max_over_fair(true), load.max_over_mean, 1e-12));
        assert!(near(
            load.stddev_over_fair(true),
            load.stddev_over_mean,
            1e-12
        ));
    }

    /// h mod 4 = h mod 5 exactly when h mod 20 < 4, so 4 → 5 keeps 4/20 of the keys and moves
    /// 80 %, four times the least (the newcomer's fifth). The fifth that lands on server 4 moved
    /// rightly; the other 60 % moved between servers that stayed. 4 → 3 keeps h mod 12 < 3,
    /// moves 75 %, and 50 % of it away from servers that stayed.
    #[test]
    fn mod_is_not_monotone_and_moves_four_fifths() {
        let m = metrics(SchemeKind::Mod);
        let grow = add(&m);
        assert!(near(grow.moved_fraction, 0.8, 0.01), "{grow:?}");
        assert!(near(grow.minimum_fraction, 0.2, 1e-12));
        assert!(grow.moved_over_minimum.is_some_and(|r| near(r, 4.0, 0.05)));
        assert!(near(grow.monotonicity.fraction, 0.6, 0.01));
        let shrink = remove(&m);
        assert!(near(shrink.moved_fraction, 0.75, 0.01), "{shrink:?}");
        assert!(near(shrink.minimum_fraction, 0.25, 0.01));
        assert!(near(shrink.monotonicity.fraction, 0.5, 0.01));
        assert_eq!(m.state_bytes, 0);
    }

    /// Jump, the ring, rendezvous and multi-probe move keys only to the server added and only
    /// from the one removed; a removal moves exactly the removed server's keys, the least.
    #[test]
    fn the_monotone_schemes_move_only_what_the_change_forces() {
        for kind in [
            SchemeKind::Jump,
            SchemeKind::Ring,
            SchemeKind::Rendezvous,
            SchemeKind::MultiProbe,
        ] {
            let m = metrics(kind);
            let (grow, shrink) = (add(&m), remove(&m));
            assert_eq!(grow.monotonicity.violations, 0, "{kind}");
            assert_eq!(shrink.monotonicity.violations, 0, "{kind}");
            assert_eq!(shrink.moved_over_minimum, Some(1.0), "{kind}");
            // An add moves the newcomer's measured share; its fair share is the least, 20 %.
            // One point per server (multi-probe) or 160 (the ring) leaves it a few points off.
            assert!(near(grow.moved_fraction, 0.2, 0.03), "{kind}: {grow:?}");
        }
        // Jump and rendezvous hit the fair share to sampling noise (σ ≈ 0.13 % at 100,000 keys).
        for kind in [SchemeKind::Jump, SchemeKind::Rendezvous] {
            assert!(
                near(add(&metrics(kind)).moved_fraction, 0.2, 0.006),
                "{kind}"
            );
        }
    }

    /// Maglev is not perfectly monotone: a change moves a few slots between backends that both
    /// stayed (Eisenbud et al., NSDI 2016, §3.4: the table trades minimal disruption for an even
    /// fill). The share is small, and M > 100 N keeps every backend within about 1 % of its fair
    /// share, so the balance is that of the keys' sampling.
    #[test]
    fn maglev_disrupts_a_small_share_and_stays_even() {
        let m = metrics(SchemeKind::Maglev);
        for change in [add(&m), remove(&m)] {
            assert!(change.monotonicity.violations > 0, "{change:?}");
            assert!(change.monotonicity.fraction < 0.05, "{change:?}");
            assert!(change.balance.max_over_fair < 1.03, "{change:?}");
        }
        assert!(m.balance.max_over_fair < 1.03, "{:?}", m.balance);
    }

    #[test]
    fn bounded_loads_keep_every_server_under_its_capacity_after_a_change() {
        let m = metrics(SchemeKind::BoundedLoad);
        // c = 1.25: at most ⌈1.25 · keys / servers⌉ a server, on every side.
        for balance in [m.balance, add(&m).balance, remove(&m).balance] {
            assert!(balance.max_over_fair <= 1.25 + 1e-9, "{balance:?}");
        }
    }

    #[test]
    fn a_directory_moves_nothing_on_an_add_and_a_range_resplits() {
        let directory = metrics(SchemeKind::Directory);
        let grow = add(&directory);
        assert_eq!(
            (grow.moved_fraction, grow.moved_over_minimum),
            (0.0, Some(0.0))
        );
        // The newcomer stays empty until entries are moved to it by hand.
        assert!(grow.balance.max_over_fair > 1.2, "{grow:?}");
        let range = metrics(SchemeKind::Range);
        assert!(add(&range).monotonicity.violations > 0);
    }

    /// Each scheme's state, counted by hand for 4 servers: 160 points a server at 12 bytes (a
    /// `u64` point and a `u32` owner); 65,537 Maglev slots at 4 bytes; 3 split points at 8; 4
    /// shard runs at 20 (two `u64` bounds and an owner); one multi-probe point a server; bounded
    /// loads' ring and a `u64` counter a server; a directory's 100,000 entries at 12.
    #[test]
    fn memory_per_server_is_counted_from_the_structure() {
        for kind in SchemeKind::ALL {
            let bytes = match kind {
                SchemeKind::Mod => 0,
                SchemeKind::Ring => 640 * 12,
                SchemeKind::Jump => 0,
                SchemeKind::Rendezvous => 0,
                SchemeKind::Range => 3 * 8,
                SchemeKind::Directory => KEYS * 12,
                SchemeKind::IdEncoded => 4 * 20,
                SchemeKind::Maglev => 65_537 * 4,
                SchemeKind::MultiProbe => 4 * 12,
                SchemeKind::BoundedLoad => 640 * 12 + 4 * 8,
            };
            let m = metrics(kind);
            assert_eq!(m.state_bytes, bytes, "{kind}");
            assert_eq!(m.state_bytes_per_server, bytes as f64 / 4.0, "{kind}");
        }
    }

    /// Issue 44: at Maglev's largest table each of a run's four tables (before and after an add
    /// and a removal) was built inside one step, hundreds of milliseconds in a browser. They are
    /// filled a step's budget of slots at a time now, and the metrics are those of one go.
    #[test]
    fn maglevs_tables_fill_within_the_steps_of_a_metrics_run() {
        let spec = SchemeSpec::Maglev { table_size: 65_537 };
        let mut run = MetricsRun::new(vec![spec], &four(), 1_000, 1);
        let mut steps = 0u64;
        while !run.step(4_096).is_done() {
            steps = steps.saturating_add(1);
        }
        // Four tables of 65,537 slots, each slot tried at least once, 4,096 tries a step.
        assert!(steps >= 4 * 65_537 / 4_096, "{steps}");
        assert_eq!(run.finish(), vec![scheme_metrics(&spec, &four(), 1_000, 1)]);
    }

    #[test]
    fn one_server_has_nothing_to_remove_and_the_reason_is_given() {
        let one = ServerList::uniform(1).unwrap_or_else(|_| unreachable!());
        let Ok(m) = scheme_metrics(&SchemeSpec::Jump, &one, 1_000, 3) else {
            unreachable!()
        };
        assert!(m.remove_one.is_none() && m.add_one.is_some());
        assert_eq!(
            m.unmeasured,
            ["No server can be removed: one server must remain."]
        );
        assert_eq!(m.balance.max_over_fair, 1.0);
        // A Maglev table with no slot to spare cannot take a sixth server.
        let five = ServerList::uniform(5).unwrap_or_else(|_| unreachable!());
        let Ok(small) = scheme_metrics(&SchemeSpec::Maglev { table_size: 5 }, &five, 1_000, 3)
        else {
            unreachable!()
        };
        assert!(small.add_one.is_none() && small.remove_one.is_some());
        assert!(
            small.unmeasured.iter().any(|why| why.contains("5 slots")),
            "{:?}",
            small.unmeasured
        );
    }

    /// The page's run of every scheme at once: sliced into small steps it gives, scheme by
    /// scheme, what one call gives; a scheme that refuses the servers (a Maglev table of 3 slots
    /// for 4 servers) holds its error in its place and the others are measured all the same.
    #[test]
    fn a_run_of_several_schemes_in_small_steps_matches_each_alone() {
        let specs: Vec<SchemeSpec> = [
            SchemeKind::Mod,
            SchemeKind::Ring,
            SchemeKind::Directory,
            SchemeKind::BoundedLoad,
        ]
        .into_iter()
        .map(|kind| SchemeSpec::from_kind(kind, 40))
        .chain([SchemeSpec::Maglev { table_size: 3 }, SchemeSpec::Jump])
        .collect();
        let servers = four();
        let mut run = MetricsRun::new(specs.clone(), &servers, 2_000, 9);
        // Two changes for each of the five schemes that fit; the refused one has none.
        assert_eq!(run.progress(), Progress::start(5 * 2 * 2_000));
        let mut steps = 0;
        while !run.step(333).is_done() {
            steps += 1;
            assert!(steps < 1_000, "the run must end");
        }
        assert!(steps >= 29, "{steps} steps of 333 keys for 20,000 keys");
        let results = run.results();
        assert_eq!(results.len(), specs.len());
        for (spec, result) in specs.iter().zip(results) {
            let alone = scheme_metrics(spec, &servers, 2_000, 9);
            assert_eq!(result, Some(alone.clone()), "{spec:?}");
            if let SchemeSpec::Maglev { .. } = spec {
                assert!(alone.is_err(), "3 slots cannot hold 4 servers");
            }
        }
    }

    /// Until a scheme's last change is placed, its row is not ready; the ones before it are.
    #[test]
    fn results_arrive_scheme_by_scheme() {
        let specs = vec![SchemeSpec::Jump, SchemeSpec::Rendezvous];
        let mut run = MetricsRun::new(specs, &four(), 1_000, 2);
        assert_eq!(run.results(), vec![None, None]);
        run.step(2_000);
        let results = run.results();
        assert!(matches!(results.first(), Some(Some(Ok(_)))), "{results:?}");
        assert_eq!(results.get(1), Some(&None));
        run.step(1_999);
        assert_eq!(run.results().get(1), Some(&None));
        assert!(run.step(1).is_done());
        assert!(run.results().iter().all(|r| matches!(r, Some(Ok(_)))));
    }

    #[test]
    fn work_over_the_budget_is_refused_with_its_range() {
        let refused = scheme_metrics(&SchemeSpec::Jump, &four(), 0, 1);
        assert_eq!(
            refused,
            Err(PlacementError::MetricsOverBudget(OverBudget::Keys {
                keys: 0
            }))
        );
        let message = refused.map(|_| ()).unwrap_err().to_string();
        assert_eq!(
            message,
            "The scheme metrics place 1 to 10,000,000 keys, but 0 were asked for."
        );
        let over = scheme_metrics(&SchemeSpec::Jump, &four(), MAX_PLACE_KEYS + 1, 1);
        assert!(matches!(
            over,
            Err(PlacementError::MetricsOverBudget(OverBudget::Keys { .. }))
        ));
        // 10 servers: every key scored 4 · 10 times; 5,000,001 keys is over 200,000,000.
        let ten = ServerList::uniform(10).unwrap_or_else(|_| unreachable!());
        let scores = scheme_metrics(&SchemeSpec::Rendezvous, &ten, 5_000_001, 1);
        assert_eq!(
            scores,
            Err(PlacementError::MetricsOverBudget(
                OverBudget::RendezvousScores {
                    keys: 5_000_001,
                    server_slots: 40
                }
            ))
        );
        assert!(scores
            .map(|_| ())
            .unwrap_err()
            .to_string()
            .contains("5,000,001 keys × 40 scores is over 200,000,000"));
    }

    #[test]
    fn weighted_schemes_normalise_and_others_do_not() {
        let servers = ServerList::new(vec![
            Server::weighted(0, 1),
            Server::weighted(1, 3),
            Server::weighted(2, 2),
        ])
        .unwrap_or_else(|_| unreachable!());
        let ring = scheme_metrics(
            &SchemeSpec::from_kind(SchemeKind::Ring, 100),
            &servers,
            30_000,
            2,
        );
        let jump = scheme_metrics(&SchemeSpec::Jump, &servers, 30_000, 2);
        let (Ok(ring), Ok(jump)) = (ring, jump) else {
            unreachable!()
        };
        assert!(ring.balance.weight_normalised);
        // By weight the ring is near even; judged by equal shares, weight 3 would look 1.5× over.
        assert!(ring.balance.max_over_fair < 1.15, "{:?}", ring.balance);
        assert!(!jump.balance.weight_normalised);
    }
}
