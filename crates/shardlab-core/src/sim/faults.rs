//! Failures injected on the simulation's timeline.
//!
//! Faults live in [`super::Design::faults`], so a shared link restores the broken run as well as the
//! board. The analytic [`super::estimate`] describes the steady state and ignores them.

use serde::{Deserialize, Serialize};

/// One failure, starting `at_s` seconds into the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fault {
    /// Simulated time at which the fault starts, in seconds (0 … the run's duration; later faults
    /// never fire).
    pub at_s: f64,
    /// What breaks.
    #[serde(flatten)]
    pub kind: FaultKind,
}

/// The kinds of failure the simulator can inject; serialised with a `"kind"` tag.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FaultKind {
    /// The master of physical shard `shard` (0-based) dies. Its queued and running requests fail.
    /// With a standby and auto-failover the standby takes over after
    /// [`super::model::FAILOVER_GAP_S`]; otherwise the shard's requests fail until the run ends.
    MasterDown {
        /// Physical shard index, 0-based, below the design's shard count.
        shard: u32,
    },
    /// Every cache entry is dropped at once (a restart or a bad deploy).
    CacheFlush,
    /// For `duration_s`, a share of all requests goes to one object that was cold until now (the
    /// last object in the catalogue).
    HotKey {
        /// Share of requests for the hot object, in (0, 1].
        share: f64,
        /// How long the object stays hot, in seconds (> 0).
        duration_s: f64,
    },
    /// For `duration_s`, the arrival rate is multiplied by `factor`.
    TrafficSpike {
        /// Multiplier of the arrival rate, 1 … 100.
        factor: f64,
        /// How long the spike lasts, in seconds (> 0).
        duration_s: f64,
    },
    /// Physical shard `shard` hands the upper half of its logical shards to a new master, as
    /// Pinterest splits a busy range onto a new pair. IDs do not change; only the config table does.
    ShardSplit {
        /// Physical shard index, 0-based, below the design's shard count.
        shard: u32,
    },
}

impl FaultKind {
    /// The snake_case name used in JSON.
    pub fn name(&self) -> &'static str {
        match self {
            FaultKind::MasterDown { .. } => "master_down",
            FaultKind::CacheFlush => "cache_flush",
            FaultKind::HotKey { .. } => "hot_key",
            FaultKind::TrafficSpike { .. } => "traffic_spike",
            FaultKind::ShardSplit { .. } => "shard_split",
        }
    }
}
