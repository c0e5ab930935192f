//! Movement and balance experiments: measured over many seeded keys, each a [`Stepped`] job.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

use super::bounded_load::{BoundedLoad, BoundedMovementRun};
use super::error::PlacementError;
use super::kind::SchemeKind;
use super::requests::{request_loads, route_requests, Popularity, RequestReport, Router, Workload};
use super::scheme::SchemeSpec;
use super::server::{sorted_by_id, ServerId, ServerList};
use super::Placement;
use crate::stepped::{Progress, Stepped};

/// The experiment keys: `u64` key hashes drawn from `StdRng` seeded with `seed_from_u64(seed)`.
///
/// The same seed gives the same keys on every platform (for a given `rand` version: `StdRng`'s
/// algorithm may change between `rand` releases, so upgrading it may change measured numbers).
#[derive(Debug)]
pub struct KeyStream {
    rng: StdRng,
}

impl KeyStream {
    /// The key stream of a seed.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// The next key.
    pub fn next_key(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// The next `count` keys.
    pub fn take_keys(mut self, count: u64) -> impl Iterator<Item = u64> {
        (0..count).map(move |_| self.next_key())
    }
}

/// One server's load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ServerLoad {
    /// The server.
    pub server: ServerId,
    /// Its weight.
    pub weight: u32,
    /// Keys it owns.
    pub keys: u64,
}

/// Load per server and how uneven it is.
///
/// Loads are per server, not per unit of weight: a weight-2 server holding twice the keys shows
/// as max/mean ≈ 2 × (its fair share), which is what the UI plots.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoadStats {
    /// Keys counted.
    pub keys: u64,
    /// Load of each server, in server-list order.
    pub per_server: Vec<ServerLoad>,
    /// Keys per server on average (`keys / servers`).
    pub mean: f64,
    /// The largest load.
    pub max: u64,
    /// `max / mean` (1 is perfect balance; 0 when no keys were counted).
    pub max_over_mean: f64,
    /// Population standard deviation of the loads over the mean (0 is perfect balance).
    pub stddev_over_mean: f64,
}

impl LoadStats {
    /// The largest load over its fair share: `max_i keys_i / (keys · wᵢ / Σw)` when `weighted`,
    /// else [`max_over_mean`](Self::max_over_mean). Under a weighted scheme a server of weight 2 is
    /// meant to hold twice the mean, so max/mean would call a perfect placement unbalanced; this
    /// is 1 for a perfect placement either way (0 when no keys were counted).
    pub fn max_over_fair(&self, weighted: bool) -> f64 {
        if !weighted {
            return self.max_over_mean;
        }
        let total: u64 = self
            .per_server
            .iter()
            .map(|s| u64::from(s.weight))
            .fold(0, u64::saturating_add);
        if self.keys == 0 || total == 0 {
            return 0.0;
        }
        let keys = self.keys as f64;
        self.per_server
            .iter()
            .filter(|s| s.weight > 0)
            .map(|s| s.keys as f64 / (keys * f64::from(s.weight) / total as f64))
            .fold(0.0, f64::max)
    }

    /// The spread of the loads about their fair shares: the population standard deviation of
    /// `keys_i / fairᵢ` (each load over its fair share, `keys · wᵢ / Σw`), whose mean is 1, when
    /// `weighted`; else [`stddev_over_mean`](Self::stddev_over_mean), which is the same number for
    /// equal fair shares. 0 is perfect balance (and no keys counted).
    pub fn stddev_over_fair(&self, weighted: bool) -> f64 {
        if !weighted {
            return self.stddev_over_mean;
        }
        if self.keys == 0 || self.per_server.is_empty() {
            return 0.0;
        }
        let keys = self.keys as f64;
        // Summed in list order, so the result is the same on every platform.
        let squares: f64 = self
            .per_server
            .iter()
            .zip(self.fair_shares(true))
            .map(|(load, (_, share))| {
                let deviation = if share > 0.0 {
                    load.keys as f64 / (keys * share) - 1.0
                } else {
                    0.0
                };
                deviation * deviation
            })
            .sum();
        (squares / self.per_server.len() as f64).sqrt()
    }

    /// Each server's fair share of the keys: `wᵢ / Σw` when `weighted`, else `1 / N`.
    fn fair_shares(&self, weighted: bool) -> Vec<(ServerId, f64)> {
        let weight = |s: &ServerLoad| if weighted { f64::from(s.weight) } else { 1.0 };
        let total: f64 = self.per_server.iter().map(weight).sum();
        self.per_server
            .iter()
            .map(|s| {
                let share = if total > 0.0 { weight(s) / total } else { 0.0 };
                (s.server, share)
            })
            .collect()
    }

    /// Each server's measured share of the keys counted.
    fn measured_shares(&self) -> Vec<(ServerId, f64)> {
        self.per_server
            .iter()
            .map(|s| {
                let share = if self.keys == 0 {
                    0.0
                } else {
                    s.keys as f64 / self.keys as f64
                };
                (s.server, share)
            })
            .collect()
    }

    /// The two numbers the CLI's `place` reports.
    pub fn summary(&self) -> LoadSummary {
        LoadSummary {
            max_over_mean: self.max_over_mean,
            stddev_over_mean: self.stddev_over_mean,
        }
    }
}

/// `{"max_over_mean", "stddev_over_mean"}`, as in the `place` JSON.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LoadSummary {
    /// See [`LoadStats::max_over_mean`].
    pub max_over_mean: f64,
    /// See [`LoadStats::stddev_over_mean`].
    pub stddev_over_mean: f64,
}

/// Counts keys per server without a hash map: ids sorted once, then binary search per key.
#[derive(Debug, Clone)]
pub(super) struct LoadCounter {
    servers: ServerList,
    /// (id, list position), sorted by id.
    lookup: Vec<(ServerId, usize)>,
    counts: Vec<u64>,
}

impl LoadCounter {
    pub(super) fn new(servers: &ServerList) -> Self {
        let lookup = sorted_by_id(servers.ids().enumerate().map(|(slot, id)| (id, slot)));
        Self {
            servers: servers.clone(),
            lookup,
            counts: vec![0; servers.len()],
        }
    }

    pub(super) fn add(&mut self, server: ServerId) {
        // A scheme only returns ids from its own list, so the search always succeeds.
        if let Some(count) = self.slot(server).and_then(|slot| self.counts.get_mut(slot)) {
            *count = count.saturating_add(1);
        }
    }

    /// The count of a server so far (`None` for a server not in the list).
    pub(super) fn count(&self, server: ServerId) -> Option<u64> {
        self.slot(server)
            .and_then(|slot| self.counts.get(slot))
            .copied()
    }

    /// A server's position in the list.
    fn slot(&self, server: ServerId) -> Option<usize> {
        let found = self
            .lookup
            .binary_search_by_key(&server, |&(id, _)| id)
            .ok()?;
        self.lookup.get(found).map(|&(_, slot)| slot)
    }

    pub(super) fn stats(&self) -> LoadStats {
        LoadStats::from_counts(&self.servers, &self.counts)
    }

    /// Whether a server is in the counted list.
    fn contains(&self, server: ServerId) -> bool {
        self.lookup
            .binary_search_by_key(&server, |&(id, _)| id)
            .is_ok()
    }
}

impl LoadStats {
    /// The statistics of per-server counts given in server-list order (a missing count is 0).
    pub fn from_counts(servers: &ServerList, counts: &[u64]) -> LoadStats {
        let per_server: Vec<ServerLoad> = servers
            .as_slice()
            .iter()
            .enumerate()
            .map(|(slot, server)| ServerLoad {
                server: server.id,
                weight: server.weight,
                keys: counts.get(slot).copied().unwrap_or(0),
            })
            .collect();
        let keys: u64 = per_server
            .iter()
            .map(|s| s.keys)
            .fold(0, u64::saturating_add);
        let max = per_server.iter().map(|s| s.keys).max().unwrap_or(0);
        let servers = per_server.len() as f64;
        let mean = keys as f64 / servers;
        let (max_over_mean, stddev_over_mean) = if keys == 0 {
            (0.0, 0.0)
        } else {
            // Summed in list order, so the result is the same on every platform.
            let variance = per_server
                .iter()
                .map(|s| {
                    let deviation = s.keys as f64 - mean;
                    deviation * deviation
                })
                .sum::<f64>()
                / servers;
            (max as f64 / mean, variance.sqrt() / mean)
        };
        LoadStats {
            keys,
            per_server,
            mean,
            max,
            max_over_mean,
            stddev_over_mean,
        }
    }
}

/// A balance experiment in progress: advance it with [`Stepped::step`], one key per unit.
#[derive(Debug)]
pub struct BalanceRun<P> {
    placement: P,
    keys: KeyStream,
    progress: Progress,
    load: LoadCounter,
}

impl<P: Placement> BalanceRun<P> {
    /// Prepares to place `n_keys` keys from `seed`.
    pub fn new(placement: P, n_keys: u64, seed: u64) -> Result<Self, PlacementError> {
        if n_keys == 0 {
            return Err(PlacementError::NoKeys);
        }
        let load = LoadCounter::new(placement.servers());
        Ok(Self {
            placement,
            keys: KeyStream::new(seed),
            progress: Progress::start(n_keys),
            load,
        })
    }

    /// The load so far (final once the run is done).
    pub fn stats(&self) -> LoadStats {
        self.load.stats()
    }

    /// The scheme being measured.
    pub fn placement(&self) -> &P {
        &self.placement
    }
}

impl<P: Placement> Stepped for BalanceRun<P> {
    type Output = LoadStats;

    /// Places up to `max_keys` more keys.
    fn step(&mut self, max_keys: u64) -> Progress {
        let chunk = self.progress.next_chunk(max_keys);
        for _ in 0..chunk {
            let owner = self.placement.locate(self.keys.next_key());
            self.load.add(owner);
        }
        self.progress.advance(chunk);
        self.progress
    }

    /// Keys placed so far, out of the total.
    fn progress(&self) -> Progress {
        self.progress
    }

    fn finish(mut self) -> LoadStats {
        self.step(u64::MAX);
        self.stats()
    }
}

/// The load per server of `n_keys` keys from `seed`.
///
/// ```
/// use shardlab_core::placement::{balance, Jump, ServerList};
/// let stats = balance(&Jump::new(ServerList::uniform(10)?), 10_000, 7)?;
/// assert_eq!(stats.keys, 10_000);
/// assert!(stats.max_over_mean < 1.2);
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
pub fn balance<P: Placement + ?Sized>(
    placement: &P,
    n_keys: u64,
    seed: u64,
) -> Result<LoadStats, PlacementError> {
    Ok(BalanceRun::new(placement, n_keys, seed)?.finish())
}

/// The least fraction of keys a membership change must move, if each server is to hold its fair
/// share afterwards.
///
/// Fair share is `weight / Σ weight` when `weighted`, else `1 / N`. The answer is the total
/// variation distance between the shares before and after: `½ Σ |before_i − after_i|` over every
/// server in either list. Growing N → N+1 equal servers gives `1/(N+1)` (the newcomer must receive
/// its share and nothing else need move); removing one of N gives `1/N` (its keys must go).
///
/// ```
/// use shardlab_core::placement::{ideal_fraction, ServerList};
/// let four = ServerList::uniform(4)?;
/// assert!((ideal_fraction(&four, &four.grown(1)?, false) - 0.2).abs() < 1e-12);
/// assert!((ideal_fraction(&four, &four.shrunk(1)?, false) - 0.25).abs() < 1e-12);
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
pub fn ideal_fraction(before: &ServerList, after: &ServerList, weighted: bool) -> f64 {
    // Exact integer arithmetic, then one division: Σ|w_b/T_b − w_a/T_a| / 2 equals
    // Σ|w_b·T_a − w_a·T_b| / (2·T_b·T_a), so 4 → 5 servers gives exactly 0.2, not 0.19999….
    let weight_of = |server: &super::server::Server| {
        if weighted {
            u128::from(server.weight)
        } else {
            1
        }
    };
    let total = |list: &ServerList| list.as_slice().iter().map(weight_of).sum::<u128>();
    let (total_before, total_after) = (total(before), total(after));
    // Each server's weight before and after, paired by id: id | side | weight in one u128,
    // sorted by the sort the ring's vnodes use (a B-tree map here cost the page its own copy).
    let side = |list: &ServerList, side: u128| -> Vec<u128> {
        list.as_slice()
            .iter()
            .map(|server| u128::from(server.id.0) << 64 | side << 32 | weight_of(server))
            .collect()
    };
    let mut weights = side(before, 0);
    weights.extend(side(after, 1));
    weights.sort_unstable();
    let difference: u128 = weights
        .chunk_by(|x, y| x >> 64 == y >> 64)
        .map(|one_id| {
            let (mut b, mut a) = (0, 0);
            for &packed in one_id {
                let weight = packed & u128::from(u32::MAX);
                if packed >> 32 & 1 == 0 {
                    b = weight;
                } else {
                    a = weight;
                }
            }
            b.saturating_mul(total_after)
                .abs_diff(a.saturating_mul(total_before))
        })
        .sum();
    let denominator = total_before.saturating_mul(total_after).saturating_mul(2);
    if denominator == 0 {
        return 0.0;
    }
    difference as f64 / denominator as f64
}

/// What a change's moved share is read against ([`MovementResult::yardstick`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Yardstick {
    /// Servers left: every key they held had to move, so no scheme moves less than `minimum`
    /// (their measured share, plus what the kept servers' fair shares force).
    Forced {
        /// The least fraction any scheme moves.
        minimum: f64,
    },
    /// Servers joined and none left: a balanced scheme hands the newcomers their fair share and
    /// moves no more; what they `took` is their measured share after the change.
    Newcomers {
        /// How many servers joined.
        count: usize,
        /// Their measured share of the keys after the change.
        took: f64,
        /// Their fair share (by weight when weighted).
        fair: f64,
    },
    /// Only weights changed: the least that moves is what the servers whose fair share fell
    /// give up.
    Reweighted {
        /// The least fraction any scheme moves.
        minimum: f64,
    },
}

/// The outcome of a movement experiment.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MovementResult {
    /// Servers before the change.
    pub servers_before: usize,
    /// Servers after the change.
    pub servers_after: usize,
    /// Keys placed (so far, for a run in progress).
    pub keys: u64,
    /// Keys whose owner changed.
    pub moved: u64,
    /// `moved / keys` (0 when no keys were placed).
    pub moved_fraction: f64,
    /// The least fraction any scheme must move; see [`ideal_fraction`].
    pub ideal_fraction: f64,
    /// Load per server before.
    pub load_before: LoadStats,
    /// Load per server after.
    pub load_after: LoadStats,
    /// The balance after the change, max over fair share ([`LoadStats::max_over_fair`],
    /// weight-normalised for a weighted scheme): the literature's "resize balance".
    pub resize_balance: f64,
    /// Keys that moved between two servers that were there both before and after the change.
    pub monotonicity: Monotonicity,
}

/// Moves a monotone scheme never makes: a key that moved between two servers present both before
/// and after the change. On an add that is a key moved to a server that was not added; on a
/// removal, a key moved from a server that was not removed. The least movement any scheme needs
/// ([`ideal_fraction`]) has none.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Monotonicity {
    /// How many keys moved so.
    pub violations: u64,
    /// `violations / keys` (0 when no keys were placed).
    pub fraction: f64,
}

impl MovementResult {
    /// The fewest keys the change itself forces any scheme to move, as a fraction: every key a
    /// removed server held (its measured share), and from each kept server what the change takes
    /// off its fair share (fair before less fair after, when positive). A kill's minimum is the
    /// killed server's own measured share (22.4 % when it held 22.4 %, not 25 %); an add's is the
    /// newcomer's fair share, 1/(N + 1); a weight change's is what the others give up. Imbalance
    /// that was there before the change is not counted: no change forces a scheme to repair it
    /// (a 3-vnode ring's uneven start would otherwise make the minimum larger than any move).
    /// `weighted` says whether fair means by weight (as for [`ideal_fraction`]).
    pub fn minimum_fraction(&self, weighted: bool) -> f64 {
        let held = self.load_before.measured_shares();
        let fair_before = self.load_before.fair_shares(weighted);
        let fair_after = self.load_after.fair_shares(weighted);
        let share = |list: &[(ServerId, f64)], id: ServerId| {
            list.iter().find(|(s, _)| *s == id).map(|(_, v)| *v)
        };
        held.iter()
            .map(|&(id, measured)| match share(&fair_after, id) {
                None => measured,
                Some(after) => (share(&fair_before, id).unwrap_or(0.0) - after).max(0.0),
            })
            .sum()
    }

    /// What the moved share is to be read against, by the kind of change: an add is judged by
    /// the share the newcomers took against their fair share, not by a "minimum" that an uneven
    /// newcomer can undercut (a 4-vnode ring grown 4 → 5 moves 12.6 %, all of it to the new
    /// server, whose fair share is 20 %).
    pub fn yardstick(&self, weighted: bool) -> Yardstick {
        let before = &self.load_before.per_server;
        let after = &self.load_after.per_server;
        let removed = before
            .iter()
            .any(|b| after.iter().all(|a| a.server != b.server));
        let added: Vec<ServerId> = after
            .iter()
            .filter(|a| before.iter().all(|b| b.server != a.server))
            .map(|a| a.server)
            .collect();
        let minimum = self.minimum_fraction(weighted);
        if removed {
            Yardstick::Forced { minimum }
        } else if added.is_empty() {
            Yardstick::Reweighted { minimum }
        } else {
            let took = self
                .load_after
                .measured_shares()
                .into_iter()
                .filter(|(id, _)| added.contains(id))
                .map(|(_, share)| share)
                .sum();
            Yardstick::Newcomers {
                count: added.len(),
                took,
                fair: minimum,
            }
        }
    }

    /// The keys that had to move whatever the scheme: the measured share of the keys whose
    /// server is gone after the change (0 for a change that removes no server).
    pub fn forced_fraction(&self) -> f64 {
        let after = &self.load_after.per_server;
        self.load_before
            .measured_shares()
            .into_iter()
            .filter(|(id, _)| after.iter().all(|s| s.server != *id))
            .map(|(_, share)| share)
            .sum()
    }

    /// The `place` JSON object of the CLI contract.
    pub fn place_report(&self, scheme: SchemeKind) -> PlaceReport {
        PlaceReport {
            scheme,
            servers_before: self.servers_before,
            servers_after: self.servers_after,
            keys: self.keys,
            moved: self.moved,
            moved_fraction: self.moved_fraction,
            ideal_fraction: self.ideal_fraction,
            load_before: self.load_before.summary(),
            load_after: self.load_after.summary(),
            monotonicity: self.monotonicity,
            resize_balance: self.resize_balance,
            requests: None,
        }
    }
}

/// Exactly the fields of `shardlab place --json`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlaceReport {
    /// The scheme (serialised as its name).
    pub scheme: SchemeKind,
    /// Servers before the change.
    pub servers_before: usize,
    /// Servers after the change.
    pub servers_after: usize,
    /// Keys placed.
    pub keys: u64,
    /// Keys whose owner changed.
    pub moved: u64,
    /// `moved / keys`.
    pub moved_fraction: f64,
    /// The least fraction any scheme must move.
    pub ideal_fraction: f64,
    /// Balance before.
    pub load_before: LoadSummary,
    /// Balance after.
    pub load_after: LoadSummary,
    /// Keys moved between two servers present on both sides.
    pub monotonicity: Monotonicity,
    /// Max over fair share after the change.
    pub resize_balance: f64,
    /// Request-load balance under a popularity, when one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requests: Option<RequestReport>,
}

/// What a membership change did to the keys so far: moves, non-monotone moves and the loads on
/// both sides. Shared by [`MovementRun`] and the bounded-load run, so every scheme's result is
/// counted by one rule.
#[derive(Debug, Clone)]
pub(super) struct ChangeTally {
    moved: u64,
    violations: u64,
    load_before: LoadCounter,
    load_after: LoadCounter,
    ideal: f64,
    weighted: bool,
}

impl ChangeTally {
    /// An empty tally; `weighted` says whether fair shares follow the weights.
    pub(super) fn new(before: &ServerList, after: &ServerList, weighted: bool) -> Self {
        Self {
            moved: 0,
            violations: 0,
            load_before: LoadCounter::new(before),
            load_after: LoadCounter::new(after),
            ideal: ideal_fraction(before, after, weighted),
            weighted,
        }
    }

    /// One key's owner before and after.
    pub(super) fn record(&mut self, before: ServerId, after: ServerId) {
        if before != after {
            self.moved = self.moved.saturating_add(1);
            if self.load_after.contains(before) && self.load_before.contains(after) {
                self.violations = self.violations.saturating_add(1);
            }
        }
        self.load_before.add(before);
        self.load_after.add(after);
    }

    /// The result over `keys` keys recorded.
    pub(super) fn result(&self, keys: u64) -> MovementResult {
        let share = |count: u64| {
            if keys == 0 {
                0.0
            } else {
                count as f64 / keys as f64
            }
        };
        let load_after = self.load_after.stats();
        MovementResult {
            servers_before: self.load_before.servers.len(),
            servers_after: self.load_after.servers.len(),
            keys,
            moved: self.moved,
            moved_fraction: share(self.moved),
            ideal_fraction: self.ideal,
            load_before: self.load_before.stats(),
            resize_balance: load_after.max_over_fair(self.weighted),
            load_after,
            monotonicity: Monotonicity {
                violations: self.violations,
                fraction: share(self.violations),
            },
        }
    }
}

/// A movement experiment in progress: the same keys placed before and after a change, a
/// [`Stepped`] job of one unit per key (see the example there).
#[derive(Debug)]
pub struct MovementRun<B, A> {
    before: B,
    after: A,
    keys: KeyStream,
    progress: Progress,
    tally: ChangeTally,
}

impl<B: Placement, A: Placement> MovementRun<B, A> {
    /// Prepares to place `n_keys` keys from `seed` under both schemes.
    pub fn new(before: B, after: A, n_keys: u64, seed: u64) -> Result<Self, PlacementError> {
        if n_keys == 0 {
            return Err(PlacementError::NoKeys);
        }
        let weighted = before.uses_weights() && after.uses_weights();
        Ok(Self {
            tally: ChangeTally::new(before.servers(), after.servers(), weighted),
            before,
            after,
            keys: KeyStream::new(seed),
            progress: Progress::start(n_keys),
        })
    }

    /// The result so far (final once the run is done).
    pub fn result(&self) -> MovementResult {
        self.tally.result(self.progress.done)
    }

    /// The scheme before the change.
    pub fn before(&self) -> &B {
        &self.before
    }

    /// The scheme after the change.
    pub fn after(&self) -> &A {
        &self.after
    }
}

impl<B: Placement, A: Placement> Stepped for MovementRun<B, A> {
    type Output = MovementResult;

    /// Places up to `max_keys` more keys under both schemes.
    fn step(&mut self, max_keys: u64) -> Progress {
        let chunk = self.progress.next_chunk(max_keys);
        for _ in 0..chunk {
            let key = self.keys.next_key();
            let owner_before = self.before.locate(key);
            let owner_after = self.after.locate(key);
            self.tally.record(owner_before, owner_after);
        }
        self.progress.advance(chunk);
        self.progress
    }

    /// Keys placed so far, out of the total.
    fn progress(&self) -> Progress {
        self.progress
    }

    fn finish(mut self) -> MovementResult {
        self.step(u64::MAX);
        self.result()
    }
}

/// How many of `n_keys` keys from `seed` change owner between two schemes, with the balance on
/// each side.
pub fn movement<B: Placement + ?Sized, A: Placement + ?Sized>(
    before: &B,
    after: &A,
    n_keys: u64,
    seed: u64,
) -> Result<MovementResult, PlacementError> {
    Ok(MovementRun::new(before, after, n_keys, seed)?.finish())
}

/// `shardlab place` in one call: build the scheme on both server lists, place `n_keys` keys from
/// `seed`, and report.
///
/// ```
/// use shardlab_core::placement::{place, SchemeSpec, ServerList};
/// let four = ServerList::uniform(4)?;
/// let report = place(&SchemeSpec::Jump, &four, &four.grown(1)?, 20_000, 1)?;
/// assert!((report.moved_fraction - 0.2).abs() < 0.02);
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
pub fn place(
    spec: &SchemeSpec,
    before: &ServerList,
    after: &ServerList,
    n_keys: u64,
    seed: u64,
) -> Result<PlaceReport, PlacementError> {
    place_under(spec, before, after, n_keys, seed, None)
}

/// [`place`], and with a `popularity` also the request load: `n_keys` requests drawn over a
/// catalogue of `n_keys` keys ([`Workload`]), each served by its key's owner, or for bounded loads
/// each a ball of the bounded assignment (capacities ⌈c · requests · wᵢ / W⌉), on both sides.
///
/// Bounded loads is the one scheme whose owners depend on the other keys, so its movement is the
/// bounded assignment of the key stream before and after ([`BoundedMovementRun`]), not its
/// [`Placement::locate`].
pub fn place_under(
    spec: &SchemeSpec,
    before: &ServerList,
    after: &ServerList,
    n_keys: u64,
    seed: u64,
    popularity: Option<Popularity>,
) -> Result<PlaceReport, PlacementError> {
    if n_keys == 0 {
        return Err(PlacementError::NoKeys);
    }
    let workload = popularity.map(|popularity| Workload {
        catalogue: u32::try_from(n_keys).unwrap_or(u32::MAX),
        requests: n_keys,
        popularity,
        seed,
    });
    match *spec {
        SchemeSpec::BoundedLoad {
            vnodes,
            load_factor,
        } => {
            let scheme_before = BoundedLoad::new(before.clone(), vnodes, load_factor)?;
            let scheme_after = BoundedLoad::new(after.clone(), vnodes, load_factor)?;
            let result =
                BoundedMovementRun::new(&scheme_before, &scheme_after, n_keys, seed)?.finish();
            let mut report = result.place_report(spec.kind());
            if let Some(workload) = workload {
                let router = Router::BoundedLoads { load_factor };
                let loads_before = route_requests(scheme_before.ring(), &workload, router)?;
                let loads_after = route_requests(scheme_after.ring(), &workload, router)?;
                report.requests = Some(RequestReport::new(
                    &workload,
                    &loads_before.loads,
                    &loads_after.loads,
                ));
            }
            Ok(report)
        }
        SchemeSpec::Mod
        | SchemeSpec::Ring { .. }
        | SchemeSpec::Jump
        | SchemeSpec::Rendezvous
        | SchemeSpec::Range
        | SchemeSpec::Directory { .. }
        | SchemeSpec::IdEncoded
        | SchemeSpec::Maglev { .. }
        | SchemeSpec::MultiProbe { .. } => {
            let (scheme_before, scheme_after) =
                spec.build_change(before.clone(), after.clone(), n_keys, seed)?;
            let result = movement(&scheme_before, &scheme_after, n_keys, seed)?;
            let mut report = result.place_report(spec.kind());
            if let Some(workload) = workload {
                report.requests = Some(RequestReport::new(
                    &workload,
                    &request_loads(&scheme_before, &workload),
                    &request_loads(&scheme_after, &workload),
                ));
            }
            Ok(report)
        }
    }
}
