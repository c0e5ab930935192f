//! What the solvers return: the simulation report and the pieces it shares with the estimate.

use serde::{Deserialize, Serialize};

use super::design::NodeKind;
use super::reshard::ReshardReport;
use crate::text::{burn, percent_one_decimal, thousands};

/// The share over the mean at which a shard counts as hot: the board's plot marks it in red, and
/// a Learn task asks the reader to make one.
pub const HOT_OVER_MEAN: f64 = 1.5;
/// Apdex below this marks the capacity curve's knee.
pub const KNEE_APDEX: f64 = 0.85;

/// Requests that failed, by cause.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorCounts {
    /// Turned away because a station's queue was at its bound.
    pub queue_full: u64,
    /// Still unanswered when the App Server's timeout passed.
    pub timeout: u64,
    /// Sent to a shard whose master was down.
    pub shard_down: u64,
}

impl ErrorCounts {
    /// All errors.
    pub fn total(&self) -> u64 {
        self.queue_full
            .saturating_add(self.timeout)
            .saturating_add(self.shard_down)
    }

    /// The causes that failed a request, the most frequent first (in this order on ties:
    /// queue full, timeout, no master), each with its count; a cause that failed none is left out.
    ///
    /// ```
    /// use shardlab_core::sim::{DropCause, ErrorCounts};
    /// let errors = ErrorCounts { queue_full: 0, timeout: 40, shard_down: 3_000 };
    /// assert_eq!(errors.causes(), vec![(DropCause::NoMaster, 3_000), (DropCause::Timeout, 40)]);
    /// ```
    pub fn causes(&self) -> Vec<(DropCause, u64)> {
        let mut causes = [
            (DropCause::QueueFull, self.queue_full),
            (DropCause::Timeout, self.timeout),
            (DropCause::NoMaster, self.shard_down),
        ];
        // Three passes of a bubble sort order three, and swapping only the strictly smaller
        // keeps ties in the order above; a library sort would add kilobytes to the Board's page.
        for i in [0, 1, 0] {
            if let (Some(a), Some(b)) = (causes.get(i), causes.get(i.saturating_add(1))) {
                if b.1 > a.1 {
                    causes.swap(i, i.saturating_add(1));
                }
            }
        }
        causes.into_iter().filter(|(_, count)| *count > 0).collect()
    }

    /// What a node's badge says when it dropped requests: the count and the main cause
    /// ("312 dropped: queue full"), and every cause with its count for its longer description.
    ///
    /// ```
    /// use shardlab_core::sim::ErrorCounts;
    /// let dropped = ErrorCounts { queue_full: 300, timeout: 1_200, shard_down: 0 };
    /// assert_eq!(
    ///     dropped.badge(),
    ///     Some(("1,500 dropped: timeout".to_string(), "1,200 timeout, 300 queue full".to_string()))
    /// );
    /// assert_eq!(ErrorCounts::default().badge(), None);
    /// ```
    pub fn badge(&self) -> Option<(String, String)> {
        let causes = self.causes();
        let (main, _) = causes.first()?;
        let all: Vec<String> = causes
            .iter()
            .map(|(cause, count)| format!("{} {}", thousands(*count), cause.name()))
            .collect();
        Some((
            format!("{} dropped: {}", thousands(self.total()), main.name()),
            all.join(", "),
        ))
    }
}

/// Why the simulation failed a request: the three causes [`ErrorCounts`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropCause {
    /// A station's queue was at its bound ([`ErrorCounts::queue_full`]).
    QueueFull,
    /// The App Server's timeout passed first ([`ErrorCounts::timeout`]).
    Timeout,
    /// The request's shard had no master ([`ErrorCounts::shard_down`]).
    NoMaster,
}

impl DropCause {
    /// The cause in two words, as a node's badge names it.
    pub fn name(self) -> &'static str {
        match self {
            DropCause::QueueFull => "queue full",
            DropCause::Timeout => "timeout",
            DropCause::NoMaster => "no master",
        }
    }
}

/// Errors by cause as fractions of all requests.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ErrorRates {
    /// See [`ErrorCounts::queue_full`].
    pub queue_full: f64,
    /// See [`ErrorCounts::timeout`].
    pub timeout: f64,
    /// See [`ErrorCounts::shard_down`].
    pub shard_down: f64,
}

/// Load on one node of the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NodeLoad {
    /// The node's id.
    pub id: String,
    /// The node's kind.
    pub kind: NodeKind,
    /// Busy share of the node's cores, 0 … 1 (averaged over copies or shards); `None` for nodes
    /// that do not queue (users, load balancer).
    pub utilisation: Option<f64>,
    /// Requests (visits) the node handled per second.
    pub requests_per_s: f64,
}

/// Load on one physical shard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardLoad {
    /// Physical shard index, 0-based (splits append new indices).
    pub shard: u32,
    /// Host name, e.g. `MySQL001A`.
    pub host: String,
    /// Requests per second reaching this master.
    pub requests_per_s: f64,
    /// This shard's share of all database requests, 0 … 1.
    pub share: f64,
    /// Busy share of the master's cores, 0 … 1.
    pub utilisation: f64,
    /// Whether the master was serving at the end of the run.
    pub up: bool,
}

/// The shard with the largest share of database requests.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HotShard {
    /// Physical shard index.
    pub shard: u32,
    /// Host name.
    pub host: String,
    /// Its share of database requests.
    pub share: f64,
    /// Its share divided by the mean share (1.0 = perfectly even).
    pub over_mean: f64,
}

/// One second of the run, for the time-series plot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SecondStats {
    /// Start of the second, in simulated seconds.
    pub t_s: u32,
    /// Requests that arrived in this second.
    pub arrivals: u64,
    /// Requests answered successfully in this second (throughput, per second).
    pub completed: u64,
    /// Requests that failed in this second.
    pub errors: u64,
    /// 99th percentile latency of this second's successful replies, in ms (0 if none).
    pub p99_ms: f64,
}

/// One node of the board in one second of the run: what the time scrubber shows on its box.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NodeSecond {
    /// Busy share of the node's cores in the second, 0 … 1 (the mean over its copies, or over
    /// the database's masters and replicas); `None` for nodes that do not queue.
    pub utilisation: Option<f64>,
    /// Requests (visits) the node took in the second; for a node that does not queue, the
    /// second's arrivals.
    pub requests: u64,
    /// Requests waiting in the node's queues when the second ended.
    pub queued: u64,
    /// Requests the node turned away or lost in the second, by cause: its queue was full, a
    /// request's time ran out while it waited there or was served there, or (on the database)
    /// its shard had no master.
    pub dropped: ErrorCounts,
}

/// One physical shard in one second of the run: the per-shard plot at that second.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ShardSecond {
    /// Requests its master and replicas took in the second.
    pub requests: u64,
    /// Its share of the second's database requests, 0 … 1.
    pub share: f64,
    /// Busy share of the master's cores in the second, 0 … 1.
    pub utilisation: f64,
    /// Requests waiting on its master and replicas when the second ended.
    pub queued: u64,
    /// Requests it turned away or lost in the second, by cause.
    pub dropped: ErrorCounts,
    /// Whether its master was serving when the second ended.
    pub up: bool,
}

/// Where the load was in one second of the run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SecondLoads {
    /// Start of the second, in simulated seconds.
    pub t_s: u32,
    /// Each node, in the order of [`Outcome::nodes`].
    pub nodes: Vec<NodeSecond>,
    /// Each physical shard that existed in the second, by shard index (a split's new host
    /// joins from its second on).
    pub shards: Vec<ShardSecond>,
}

/// One point of the latency CDF.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CdfPoint {
    /// Latency, in ms.
    pub ms: f64,
    /// Share of successful replies at or below `ms`.
    pub fraction: f64,
}

/// What both solvers report for a design at some number of users: the estimate
/// ([`super::Estimate`], approximately) and the simulation ([`SimReport`], as measured). The
/// caption ([`Outcome::caption`]), the CLI's report lines and the board's plots read these. Each
/// report holds it as a field (`report.outcome.p99_ms`: no `Deref`, so what is shared and what
/// is the report's own stays visible at every use); in JSON its fields sit among the report's own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Users solved for.
    pub users: u32,
    /// Apdex over all requests: (satisfied + tolerating / 2) / requests; errors count as
    /// frustrated.
    pub apdex: f64,
    /// The Apdex threshold T, in ms.
    pub apdex_t_ms: f64,
    /// Median latency of successful replies, in ms.
    pub p50_ms: f64,
    /// 95th percentile latency, in ms.
    pub p95_ms: f64,
    /// 99th percentile latency, in ms.
    pub p99_ms: f64,
    /// Mean latency, in ms.
    pub mean_ms: f64,
    /// Share of requests that failed.
    pub error_rate: f64,
    /// Share of requests that failed, by cause (the estimate's `shard_down` is always 0: faults
    /// are not estimated).
    pub errors_by_cause: ErrorRates,
    /// Successful replies per second.
    pub throughput_rps: f64,
    /// Arrivals per second.
    pub offered_rps: f64,
    /// Share of cache lookups that hit, if a cache is in use.
    pub cache_hit_rate: Option<f64>,
    /// Burn, in $/s (the simulation's averages a split's new host over the run).
    pub burn_per_s: f64,
    /// The same burn over an average month, in $.
    pub burn_per_month: f64,
    /// Per-node load, in design order.
    pub nodes: Vec<NodeLoad>,
    /// Per-shard load, by shard index.
    pub shards: Vec<ShardLoad>,
    /// The busiest shard, if the design has a database.
    pub hottest_shard: Option<HotShard>,
}

impl Outcome {
    /// The board's caption sentence, naming the solver (`estimate` or `simulation`).
    pub fn caption(&self, solver: &str) -> String {
        caption(
            solver,
            self.users,
            self.apdex,
            self.apdex_t_ms,
            self.p99_ms,
            self.error_rate,
            self.burn_per_s,
        )
    }
}

/// The result of [`super::simulate`]: its [`Outcome`] and what only a run measures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimReport {
    /// What the estimate reports too.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The seed.
    pub seed: u64,
    /// Simulated seconds of arrivals (the run then drains in-flight requests).
    pub duration_s: f64,
    /// Failed requests, by cause.
    pub errors: ErrorCounts,
    /// Reads the database answered from a row whose newest write a dead master took with it
    /// (async replication); left out of the JSON when there were none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stale_reads: u64,
    /// Each reshard that started in the run: its bill, its copy window and p99 and errors before,
    /// during and after; left out of the JSON when the run had none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reshards: Vec<ReshardReport>,
    /// Requests that arrived.
    pub requests: u64,
    /// Requests answered successfully. `requests == completed + errors.total()`.
    pub completed: u64,
    /// Per-second buckets, from 0 to the end of the drain.
    pub series: Vec<SecondStats>,
    /// Where the load was in each second, aligned with `series`; empty for runs made only for
    /// their headline figures (a seed sweep's, a capacity search's), and then left out of the
    /// JSON.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loads: Vec<SecondLoads>,
    /// The latency CDF of successful replies, at fixed quantiles.
    pub latency_cdf: Vec<CdfPoint>,
    /// Events processed.
    pub events: u64,
}

fn is_zero(count: &u64) -> bool {
    *count == 0
}

/// The caption sentence shared by the estimate and the simulation.
fn caption(
    source: &str,
    users: u32,
    apdex: f64,
    apdex_t_ms: f64,
    p99_ms: f64,
    error_rate: f64,
    burn_per_s: f64,
) -> String {
    format!(
        "At {} users the {} solves this design to Apdex {:.2} (T = {:.0} ms), p99 of successes \
         {:.0} ms, {} errors and {} burn",
        thousands(u64::from(users)),
        source,
        apdex,
        apdex_t_ms,
        p99_ms,
        percent_one_decimal(error_rate),
        burn(burn_per_s)
    )
}

impl SimReport {
    /// The board's caption sentence for this run.
    pub fn caption(&self) -> String {
        self.outcome.caption("simulation")
    }

    /// The second of arrivals that hurt most: the most errors, then the highest p99 (the
    /// earliest on ties), where the time scrubber jumps to; `None` for a run without loads.
    pub fn worst_second(&self) -> Option<usize> {
        let arrivals = self
            .loads
            .len()
            .min(self.duration_s.ceil().max(0.0) as usize);
        let mut worst: Option<(usize, &SecondStats)> = None;
        for (t, second) in self.series.iter().enumerate().take(arrivals) {
            let worse =
                worst.is_none_or(|(_, w)| (second.errors, second.p99_ms) > (w.errors, w.p99_ms));
            if worse {
                worst = Some((t, second));
            }
        }
        worst.map(|(t, _)| t)
    }

    /// Each shard's load in second `t` alone, as [`Outcome::shards`] gives it for the whole
    /// run (a shard a split has not made yet is left out); `None` past the run or for a run
    /// without loads.
    pub fn shards_at(&self, t: usize) -> Option<Vec<ShardLoad>> {
        let second = self.loads.get(t)?;
        Some(
            self.outcome
                .shards
                .iter()
                .zip(&second.shards)
                .map(|(shard, load)| ShardLoad {
                    shard: shard.shard,
                    host: shard.host.clone(),
                    requests_per_s: load.requests as f64,
                    share: load.share,
                    utilisation: load.utilisation,
                    up: load.up,
                })
                .collect(),
        )
    }

    /// The first and the last second of arrivals in which a request failed, if any did: where a
    /// failure's cost shows on the timeline (a failover's gap, say).
    pub fn error_window(&self) -> Option<(u32, u32)> {
        let mut failing = self
            .series
            .iter()
            .filter(|s| s.errors > 0 && f64::from(s.t_s) < self.duration_s)
            .map(|s| s.t_s);
        let first = failing.next()?;
        Some((first, failing.next_back().unwrap_or(first)))
    }
}

/// Picks the shard with the largest share (lowest index on ties).
pub(crate) fn hottest(shards: &[ShardLoad]) -> Option<HotShard> {
    let mut best: Option<&ShardLoad> = None;
    for s in shards {
        if best.is_none_or(|b| s.share > b.share) {
            best = Some(s);
        }
    }
    let count = shards.len().max(1) as f64;
    best.map(|s| HotShard {
        shard: s.shard,
        host: s.host.clone(),
        share: s.share,
        over_mean: s.share * count,
    })
}
