//! The analytic estimate: every station an M/M/c queue solved with Erlang C, the cache hit rate
//! from a closed-form approximation, and the latency distribution as a mixture over request paths.
//!
//! It answers in well under a millisecond, so the caption follows a slider while the simulation
//! runs. It describes the steady state: faults on the timeline are ignored. Where it departs
//! from the simulation (overload, bounded queues, the cache under TTL and LRU together) the
//! approximations are named next to the code and in `docs/design-format.md`.

use serde::{Deserialize, Serialize};

use super::design::{CacheStrategy, Design, NodeKind, ShardKey};
use super::model::{compile, host_name, initial_table, Model, LOGICAL_SHARDS};
use super::prices;
use super::queueing::{erlang_c, ShiftedGamma};
use super::report::{hottest, ErrorRates, NodeLoad, Outcome, ShardLoad};
use super::validate::SimError;
use super::zipf::Harmonic;

/// Ranks (of objects or users) treated one by one; beyond them, popularity is grouped.
const EXACT_RANKS: u32 = 64;
/// Width ratio of the geometric rank groups past [`EXACT_RANKS`].
const GROUP_RATIO: f64 = 1.15;

/// The result of [`estimate`]: its [`Outcome`] (the fields the simulation reports too,
/// approximated) and what only the analytic model knows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// What the simulation reports too.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The id of the node with the highest utilisation.
    pub bottleneck: Option<String>,
    /// Whether every station has utilisation below 1 (otherwise queues grow until their bound).
    pub stable: bool,
}

impl Estimate {
    /// The board's caption sentence for this estimate.
    pub fn caption(&self) -> String {
        self.outcome.caption("estimate")
    }
}

/// Estimates `design` with `users` users, analytically.
pub fn estimate(design: &Design, users: u32) -> Result<Estimate, SimError> {
    let model = compile(design, users)?;
    Ok(estimate_model(&model))
}

/// Which limit turns requests away at an overloaded station.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Limit {
    QueueFull,
    Timeout,
}

/// One station solved as M/M/c.
#[derive(Clone, Copy, Debug)]
struct Solved {
    utilisation: f64,
    wait_mean: f64,
    wait_var: f64,
    reject: f64,
    limit: Limit,
}

/// Solves a station with `servers` servers, arrivals `lambda`/s and mean service `mean_s`.
///
/// Below saturation it is exact M/M/c for the wait, and P(queue ≥ bound) = C·ρ^bound for
/// rejections. At or above saturation the queue sits at its bound: the station passes its
/// capacity, turns the rest away, and each request waits about min(bound·S/c, timeout).
fn solve(servers: u32, lambda: f64, mean_s: f64, bound: u32, timeout_s: f64) -> Solved {
    let c = f64::from(servers.max(1));
    if lambda.is_nan() || lambda <= 0.0 || mean_s.is_nan() || mean_s <= 0.0 {
        return Solved {
            utilisation: 0.0,
            wait_mean: 0.0,
            wait_var: 0.0,
            reject: 0.0,
            limit: Limit::QueueFull,
        };
    }
    let offered = lambda * mean_s;
    let rho = offered / c;
    if rho < 1.0 {
        let wait_prob = erlang_c(servers.max(1), offered);
        let alpha = c / mean_s - lambda;
        let wait_mean = wait_prob / alpha;
        let wait_m2 = 2.0 * wait_prob / (alpha * alpha);
        Solved {
            utilisation: rho,
            wait_mean,
            wait_var: (wait_m2 - wait_mean * wait_mean).max(0.0),
            reject: (wait_prob * libm::pow(rho, f64::from(bound))).clamp(0.0, 1.0),
            limit: Limit::QueueFull,
        }
    } else {
        let drain = f64::from(bound) * mean_s / c;
        let (wait, limit) = if drain >= timeout_s {
            (timeout_s, Limit::Timeout)
        } else {
            (drain, Limit::QueueFull)
        };
        Solved {
            utilisation: 1.0,
            wait_mean: wait,
            wait_var: 0.0,
            reject: 1.0 - 1.0 / rho,
            limit,
        }
    }
}

/// A run of consecutive popularity ranks with their share of requests.
#[derive(Clone, Copy, Debug)]
struct Group {
    first: u32,
    count: u32,
    mass: f64,
}

/// Ranks 1 ..= n: the first [`EXACT_RANKS`] one by one, then geometric groups.
fn groups(n: u32, exponent: f64) -> Vec<Group> {
    let sums = Harmonic::new(exponent);
    let total = sums.at(u64::from(n));
    let mut out = Vec::new();
    let mut first = 1u32;
    let mut before = 0.0;
    while first <= n {
        let count = if first <= EXACT_RANKS {
            1
        } else {
            let width = libm::ceil(f64::from(first) * (GROUP_RATIO - 1.0)) as u32;
            width.max(1).min(n.saturating_sub(first).saturating_add(1))
        };
        let last = first.saturating_add(count.saturating_sub(1));
        let through = sums.at(u64::from(last));
        let mass = (through - before) / total;
        before = through;
        out.push(Group { first, count, mass });
        first = match last.checked_add(1) {
            Some(next) => next,
            None => break,
        };
    }
    out
}

/// Hit probability per object group: a TTL cache (with cache-aside invalidation on writes)
/// combined with Che's approximation of LRU when capacity binds.
fn hit_rates(
    groups: &[Group],
    read_rate: f64,
    write_rate: f64,
    capacity: f64,
    ttl_s: f64,
    invalidate_on_write: bool,
) -> Vec<f64> {
    let per_item = |g: &Group, rate: f64| rate * g.mass / f64::from(g.count.max(1));
    let ttl_hits: Vec<f64> = groups
        .iter()
        .map(|g| {
            let r = per_item(g, read_rate);
            let w = per_item(g, write_rate);
            // An entry lives until its TTL or the next write deletes it, whichever is first.
            let life = if invalidate_on_write && w > 0.0 {
                -libm::expm1(-w * ttl_s) / w
            } else {
                ttl_s
            };
            r * life / (1.0 + r * life)
        })
        .collect();
    let occupancy = |horizon: f64| -> f64 {
        groups
            .iter()
            .zip(&ttl_hits)
            .map(|(g, h)| {
                let lru = -libm::expm1(-per_item(g, read_rate) * horizon);
                f64::from(g.count) * lru.min(*h)
            })
            .sum()
    };
    let unbounded: f64 = groups
        .iter()
        .zip(&ttl_hits)
        .map(|(g, h)| f64::from(g.count) * h)
        .sum();
    if unbounded <= capacity {
        return ttl_hits;
    }
    // Che: the characteristic time T where the expected occupancy equals the capacity.
    let (mut lo, mut hi) = (libm::log(1e-9), libm::log(1e9));
    // 30 halvings of a range of e^41 pin T to about 4e-8 of its value.
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if occupancy(libm::exp(mid)) > capacity {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let horizon = libm::exp(0.5 * (lo + hi));
    groups
        .iter()
        .zip(&ttl_hits)
        .map(|(g, h)| (-libm::expm1(-per_item(g, read_rate) * horizon)).min(*h))
        .collect()
}

/// For each group, the share of its traffic landing on each host.
fn host_shares(
    model: &Model,
    groups: &[Group],
    hosts: usize,
    keyed_by_user: bool,
) -> Vec<Vec<f64>> {
    let table = initial_table(u32::try_from(hosts).unwrap_or(1));
    let mut per_host_logical = vec![0u32; hosts];
    for h in &table {
        if let Some(c) = per_host_logical.get_mut(usize::from(*h)) {
            *c = c.saturating_add(1);
        }
    }
    let uniform: Vec<f64> = per_host_logical
        .iter()
        .map(|c| f64::from(*c) / f64::from(LOGICAL_SHARDS))
        .collect();
    let key = model.db.as_ref().map(|d| d.shard_key).unwrap_or_default();
    groups
        .iter()
        .map(|g| {
            let mut shares = vec![0.0; hosts];
            if g.count == 1 {
                let logical = if keyed_by_user {
                    model.logical_shard(1, g.first)
                } else {
                    model.logical_shard(g.first, 1)
                };
                let host = table.get(logical as usize).copied().map_or(0, usize::from);
                if let Some(s) = shares.get_mut(host) {
                    *s = 1.0;
                }
            } else if key == ShardKey::RangeTime && !keyed_by_user {
                // Ranks map to logical shards by age; share the group's rank span by overlap.
                let n = f64::from(model.catalogue_objects.max(1));
                let per_logical = n / f64::from(LOGICAL_SHARDS);
                let (lo, hi) = (f64::from(g.first), f64::from(g.first) + f64::from(g.count));
                let mut start = 0u32;
                for (host, owned) in per_host_logical.iter().enumerate() {
                    let end = start.saturating_add(*owned);
                    // Logical [start, end) holds ranks (n − end·per, n − start·per] + 1.
                    let r_lo = n - f64::from(end) * per_logical + 1.0;
                    let r_hi = n - f64::from(start) * per_logical + 1.0;
                    let overlap = (hi.min(r_hi) - lo.max(r_lo)).max(0.0);
                    if let Some(s) = shares.get_mut(host) {
                        *s = overlap / f64::from(g.count);
                    }
                    start = end;
                }
            } else {
                shares.clone_from(&uniform);
            }
            shares
        })
        .collect()
}

/// Moments of a path's latency: a constant `shift` plus a random part.
#[derive(Clone, Copy, Debug, Default)]
struct PathMoments {
    shift: f64,
    mean: f64,
    var: f64,
}

impl PathMoments {
    fn through(mut self, station: &Solved, service_s: f64) -> PathMoments {
        self.mean += station.wait_mean + service_s;
        self.var += station.wait_var + service_s * service_s;
        self
    }
}

/// A class of requests that take the same path.
#[derive(Clone, Copy, Debug)]
struct Path {
    /// Share of all requests.
    weight: f64,
    /// Share of this path's requests not turned away by a queue bound.
    admitted: f64,
    /// Share of all requests turned away by a full queue on this path.
    lost_full: f64,
    /// Share of all requests lost to an overloaded station's timeout.
    lost_overload: f64,
    dist: ShiftedGamma,
    mean: f64,
}

fn build_path(weight: f64, stations: &[&Solved], moments: PathMoments) -> Path {
    let mut alive = 1.0;
    let (mut full, mut overload) = (0.0, 0.0);
    for s in stations {
        let lost = alive * s.reject;
        match s.limit {
            Limit::QueueFull => full += lost,
            Limit::Timeout => overload += lost,
        }
        alive -= lost;
    }
    Path {
        weight,
        admitted: alive,
        lost_full: weight * full,
        lost_overload: weight * overload,
        dist: ShiftedGamma::fit(moments.shift, moments.mean, moments.var),
        mean: moments.shift + moments.mean,
    }
}

/// Merges paths into one by matching the mixture's first two moments (used to keep one path per
/// shard).
fn merge(paths: &[Path]) -> Option<Path> {
    let weight: f64 = paths.iter().map(|p| p.weight * p.admitted).sum();
    if weight.is_nan() || weight <= 0.0 {
        return None;
    }
    let shift = paths
        .iter()
        .map(|p| p.dist.shift)
        .fold(f64::INFINITY, f64::min);
    let mut m1 = 0.0;
    let mut m2 = 0.0;
    for p in paths {
        let w = p.weight * p.admitted / weight;
        let mean = p.dist.shape * p.dist.scale + p.dist.shift - shift;
        let var = p.dist.shape * p.dist.scale * p.dist.scale;
        m1 += w * mean;
        m2 += w * (var + mean * mean);
    }
    let total_weight: f64 = paths.iter().map(|p| p.weight).sum();
    Some(Path {
        weight: total_weight,
        admitted: weight / total_weight,
        lost_full: paths.iter().map(|p| p.lost_full).sum(),
        lost_overload: paths.iter().map(|p| p.lost_overload).sum(),
        dist: ShiftedGamma::fit(shift, m1, (m2 - m1 * m1).max(0.0)),
        mean: shift + m1,
    })
}

/// The estimate of an already compiled model.
pub(crate) fn estimate_model(model: &Model) -> Estimate {
    let lambda = model.arrival_rate;
    let read = model.read_fraction;
    let write = 1.0 - read;
    let timeout = model.timeout_s;
    let lb_hops = if model.load_balancer { 1.0 } else { 0.0 };
    let hop = model.hop_s;

    // App tier: a load balancer pools the copies (join-the-least-busy behaves close to one big
    // M/M/(c·copies)); without one, each copy gets an independent random share.
    let copies = model.app_copies.max(1);
    let app = if model.load_balancer {
        solve(
            model.app.servers.saturating_mul(copies),
            lambda,
            model.app.mean_service_s,
            model.app.queue_bound.saturating_mul(copies),
            timeout,
        )
    } else {
        solve(
            model.app.servers,
            lambda / f64::from(copies),
            model.app.mean_service_s,
            model.app.queue_bound,
            timeout,
        )
    };
    let past_app = lambda * (1.0 - app.reject);

    let object_groups = groups(model.catalogue_objects, model.zipf_exponent);
    let strategy = model.cache.as_ref().map(|c| c.strategy);

    // Cache: every read looks it up; every write visits it once (delete or write-through).
    let (cache, cache_rate, hits) = match &model.cache {
        Some(c) => {
            let rate = past_app;
            let solved = solve(
                c.station.servers,
                rate,
                c.station.mean_service_s,
                c.station.queue_bound,
                timeout,
            );
            let past = past_app * (1.0 - solved.reject);
            let hits = hit_rates(
                &object_groups,
                past * read,
                past * write,
                f64::from(c.capacity_objects),
                c.ttl_s,
                c.strategy == CacheStrategy::Aside,
            );
            (Some(solved), rate, hits)
        }
        None => (None, 0.0, vec![0.0; object_groups.len()]),
    };
    let cache_pass = cache.map_or(1.0, |c| 1.0 - c.reject);
    let hit_rate: f64 = object_groups
        .iter()
        .zip(&hits)
        .map(|(g, h)| g.mass * h)
        .sum();

    // Database: per-host read misses and writes.
    let db = model.db.as_ref();
    let hosts = db.map_or(0, |d| d.shards.max(1) as usize);
    let key = db.map(|d| d.shard_key).unwrap_or_default();
    let reads_reaching_db = past_app * cache_pass * read;
    let writes_reaching_db = match strategy {
        Some(CacheStrategy::Through) => past_app * cache_pass * write,
        _ => past_app * write,
    };
    let mut host_reads = vec![0.0; hosts];
    let mut host_writes = vec![0.0; hosts];
    if hosts > 0 {
        if key == ShardKey::HashUser {
            let user_groups = groups(model.users, model.user_skew);
            let shares = host_shares(model, &user_groups, hosts, true);
            let miss: f64 = object_groups
                .iter()
                .zip(&hits)
                .map(|(g, h)| g.mass * (1.0 - h))
                .sum();
            for (g, share) in user_groups.iter().zip(&shares) {
                for (h, s) in share.iter().enumerate() {
                    if let Some(r) = host_reads.get_mut(h) {
                        *r += reads_reaching_db * miss * g.mass * s;
                    }
                    if let Some(w) = host_writes.get_mut(h) {
                        *w += writes_reaching_db * g.mass * s;
                    }
                }
            }
        } else {
            let shares = host_shares(model, &object_groups, hosts, false);
            for ((g, hit), share) in object_groups.iter().zip(&hits).zip(&shares) {
                for (h, s) in share.iter().enumerate() {
                    if let Some(r) = host_reads.get_mut(h) {
                        *r += reads_reaching_db * g.mass * (1.0 - hit) * s;
                    }
                    if let Some(w) = host_writes.get_mut(h) {
                        *w += writes_reaching_db * g.mass * s;
                    }
                }
            }
        }
    }
    // A host's reads take turns over its master and its replicas, so each serves an equal share
    // of them; every write is the master's.
    let replicas = db.map_or(0, |d| d.read_replicas);
    let readers = f64::from(replicas) + 1.0;
    let (read_s, write_s, servers, bound) = db.map_or((0.0, 0.0, 1, 0), |d| {
        (d.read_s, d.write_s, d.servers, d.queue_bound)
    });
    let db_solved: Vec<Solved> = host_reads
        .iter()
        .zip(&host_writes)
        .map(|(r, w)| {
            let r = r / readers;
            let total = r + w;
            let mean = if total > 0.0 {
                (r * read_s + w * write_s) / total
            } else {
                read_s
            };
            solve(servers, total, mean, bound, timeout)
        })
        .collect();
    let replica_solved: Vec<Solved> = if replicas > 0 {
        host_reads
            .iter()
            .map(|r| solve(servers, r / readers, read_s, bound, timeout))
            .collect()
    } else {
        Vec::new()
    };
    // Sync replication: a write then waits for a hop and a copy's apply, which does not queue.
    let sync_wait = db.filter(|d| d.sync_writes).map(|d| d.write_s);
    let idle = solve(servers, 0.0, write_s, bound, timeout);
    let replicated = |written: PathMoments| match sync_wait {
        Some(apply_s) => PathMoments {
            shift: written.shift + hop,
            ..written
        }
        .through(&idle, apply_s),
        None => written,
    };

    // Paths. Every request passes the app tier; hops are added as constants.
    let base = PathMoments {
        shift: lb_hops * hop,
        ..PathMoments::default()
    }
    .through(&app, model.app.mean_service_s);
    let mut paths: Vec<Path> = Vec::new();
    let cache_service = model
        .cache
        .as_ref()
        .map_or(0.0, |c| c.station.mean_service_s);
    let total_reads: f64 = host_reads.iter().sum();
    let total_writes: f64 = host_writes.iter().sum();
    match (&cache, db) {
        (_, None) => paths.push(build_path(1.0, &[&app], base)),
        (Some(cache_solved), Some(d)) => {
            let hit_path = PathMoments {
                shift: base.shift + hop,
                ..base
            }
            .through(cache_solved, cache_service);
            paths.push(build_path(read * hit_rate, &[&app, cache_solved], hit_path));
            for (h, solved) in db_solved.iter().enumerate() {
                let r = host_reads.get(h).copied().unwrap_or(0.0);
                let w = host_writes.get(h).copied().unwrap_or(0.0);
                let miss_weight = if total_reads > 0.0 {
                    read * (1.0 - hit_rate) * r / total_reads
                } else {
                    0.0
                };
                let write_weight = if total_writes > 0.0 {
                    write * w / total_writes
                } else {
                    0.0
                };
                let to_db = PathMoments {
                    shift: base.shift + 2.0 * hop,
                    ..base
                }
                .through(cache_solved, cache_service);
                let mut group = vec![
                    build_path(
                        miss_weight / readers,
                        &[&app, cache_solved, solved],
                        to_db.through(solved, d.read_s),
                    ),
                    build_path(
                        write_weight,
                        &[&app, cache_solved, solved],
                        replicated(to_db.through(solved, d.write_s)),
                    ),
                ];
                if let Some(replica) = replica_solved.get(h) {
                    group.push(build_path(
                        miss_weight * f64::from(replicas) / readers,
                        &[&app, cache_solved, replica],
                        to_db.through(replica, d.read_s),
                    ));
                }
                if let Some(p) = merge(&group) {
                    paths.push(p);
                } else {
                    paths.extend(group);
                }
            }
        }
        (None, Some(d)) => {
            for (h, solved) in db_solved.iter().enumerate() {
                let r = host_reads.get(h).copied().unwrap_or(0.0);
                let w = host_writes.get(h).copied().unwrap_or(0.0);
                let read_weight = if total_reads > 0.0 {
                    read * r / total_reads
                } else {
                    0.0
                };
                let write_weight = if total_writes > 0.0 {
                    write * w / total_writes
                } else {
                    0.0
                };
                let one_hop = PathMoments {
                    shift: base.shift + hop,
                    ..base
                };
                let mut group = vec![
                    build_path(
                        read_weight / readers,
                        &[&app, solved],
                        one_hop.through(solved, d.read_s),
                    ),
                    build_path(
                        write_weight,
                        &[&app, solved],
                        replicated(one_hop.through(solved, d.write_s)),
                    ),
                ];
                if let Some(replica) = replica_solved.get(h) {
                    group.push(build_path(
                        read_weight * f64::from(replicas) / readers,
                        &[&app, replica],
                        one_hop.through(replica, d.read_s),
                    ));
                }
                if let Some(p) = merge(&group) {
                    paths.push(p);
                } else {
                    paths.extend(group);
                }
            }
        }
    }
    paths.retain(|p| p.weight > 1e-12);

    // Successful replies are the admitted ones answered before the timeout.
    let answered = |p: &Path, t: f64| p.weight * p.admitted * p.dist.cdf(t.min(timeout));
    let success: f64 = paths.iter().map(|p| answered(p, timeout)).sum();
    let timed_out: f64 = paths
        .iter()
        .map(|p| p.weight * p.admitted * (1.0 - p.dist.cdf(timeout)))
        .sum();
    let lost_full: f64 = paths.iter().map(|p| p.lost_full).sum();
    let lost_overload: f64 = paths.iter().map(|p| p.lost_overload).sum();
    let error_rate = (1.0 - success).clamp(0.0, 1.0);

    let t = model.apdex_t_s;
    let satisfied: f64 = paths.iter().map(|p| answered(p, t)).sum();
    let tolerating: f64 = paths.iter().map(|p| answered(p, 4.0 * t)).sum::<f64>() - satisfied;
    let apdex = (satisfied + tolerating / 2.0).clamp(0.0, 1.0);

    let quantile = |q: f64| -> f64 {
        if success.is_nan() || success <= 0.0 {
            return 0.0;
        }
        let target = q * success;
        // Bisection on a log scale between the shortest constant part and the timeout: 20 halvings
        // of a range of at most e^20 pin the quantile to about 2e-5 of its value.
        let floor = paths
            .iter()
            .map(|p| p.dist.shift)
            .fold(f64::INFINITY, f64::min)
            .max(1e-7)
            .min(timeout);
        let (mut lo, mut hi) = (libm::log(floor), libm::log(timeout));
        for _ in 0..20 {
            let mid = 0.5 * (lo + hi);
            let below: f64 = paths.iter().map(|p| answered(p, libm::exp(mid))).sum();
            if below < target {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        libm::exp(0.5 * (lo + hi))
    };
    let mean_s = if success > 0.0 {
        paths
            .iter()
            .map(|p| answered(p, timeout) * p.mean.min(timeout))
            .sum::<f64>()
            / success
    } else {
        0.0
    };

    // Loads for the report: a host's share counts its replicas' reads, the rest is the master's.
    let host_rates: Vec<f64> = host_reads
        .iter()
        .zip(&host_writes)
        .map(|(r, w)| r + w)
        .collect();
    let db_total: f64 = host_rates.iter().sum();
    let shards: Vec<ShardLoad> = match db {
        Some(d) => host_rates
            .iter()
            .zip(host_reads.iter().zip(&host_writes))
            .zip(&db_solved)
            .enumerate()
            .map(|(i, ((rate, (r, w)), s))| ShardLoad {
                shard: u32::try_from(i).unwrap_or(u32::MAX),
                host: host_name(d.engine, i),
                requests_per_s: r / readers + w,
                share: if db_total > 0.0 { rate / db_total } else { 0.0 },
                utilisation: s.utilisation.min(1.0),
                up: true,
            })
            .collect(),
        None => Vec::new(),
    };
    let ids = &model.node_ids;
    let mut nodes = vec![NodeLoad {
        id: ids.users.clone(),
        kind: NodeKind::Users,
        utilisation: None,
        requests_per_s: lambda,
    }];
    if let Some(lb) = &ids.load_balancer {
        nodes.push(NodeLoad {
            id: lb.clone(),
            kind: NodeKind::LoadBalancer,
            utilisation: None,
            requests_per_s: lambda,
        });
    }
    nodes.push(NodeLoad {
        id: ids.app.clone(),
        kind: NodeKind::AppServer,
        utilisation: Some(app.utilisation.min(1.0)),
        requests_per_s: lambda,
    });
    if let Some(cache_id) = &ids.cache {
        nodes.push(NodeLoad {
            id: cache_id.clone(),
            kind: NodeKind::Cache,
            utilisation: Some(cache.map_or(0.0, |c| c.utilisation.min(1.0))),
            requests_per_s: cache_rate,
        });
    }
    if db.is_some() {
        // The mean over every database instance that serves: masters and replicas.
        let util = db_solved
            .iter()
            .chain(
                replica_solved
                    .iter()
                    .flat_map(|s| std::iter::repeat_n(s, usize::try_from(replicas).unwrap_or(0))),
            )
            .map(|s| s.utilisation.min(1.0))
            .sum::<f64>()
            / (db_solved.len().max(1) as f64 * readers);
        nodes.push(NodeLoad {
            id: ids.database.clone(),
            kind: NodeKind::Database,
            utilisation: Some(util),
            requests_per_s: db_total,
        });
    }
    let stable = app.utilisation < 1.0
        && cache.is_none_or(|c| c.utilisation < 1.0)
        && db_solved.iter().all(|s| s.utilisation < 1.0);
    let mut bottleneck: Option<(f64, String)> = None;
    for (util, id) in std::iter::once((app.utilisation, &ids.app))
        .chain(
            cache
                .iter()
                .zip(&ids.cache)
                .map(|(c, id)| (c.utilisation, id)),
        )
        .chain(
            db_solved
                .iter()
                .map(|s| s.utilisation)
                .fold(None, |m: Option<f64>, u| Some(m.map_or(u, |m| m.max(u))))
                .map(|u| (u, &ids.database)),
        )
    {
        if bottleneck.as_ref().is_none_or(|(best, _)| util > *best) {
            bottleneck = Some((util, id.clone()));
        }
    }

    let hottest_shard = hottest(&shards);
    Estimate {
        outcome: Outcome {
            users: model.users,
            apdex,
            apdex_t_ms: model.apdex_t_s * 1_000.0,
            p50_ms: quantile(0.5) * 1_000.0,
            p95_ms: quantile(0.95) * 1_000.0,
            p99_ms: quantile(0.99) * 1_000.0,
            mean_ms: mean_s * 1_000.0,
            error_rate,
            errors_by_cause: ErrorRates {
                queue_full: lost_full,
                timeout: (timed_out + lost_overload).min(1.0),
                shard_down: 0.0,
            },
            throughput_rps: lambda * success,
            offered_rps: lambda,
            cache_hit_rate: model.cache.as_ref().map(|_| hit_rate),
            burn_per_s: model.burn_per_s,
            burn_per_month: prices::per_month(model.burn_per_s),
            nodes,
            shards,
            hottest_shard,
        },
        bottleneck: bottleneck.map(|(_, id)| id),
        stable,
    }
}
