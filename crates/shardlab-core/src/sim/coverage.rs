//! What the simulator models and what it leaves out, written once for the Board's "What the
//! model covers" section and `shardlab simulate --explain`.
//!
//! A number from a model is only as good as the reader's sense of what the model ignores. Each
//! entry here is a fact about this simulator (`docs/design-format.md` states the model in full),
//! and each gap says what the missing effect would do to the figures, so a reader knows which way
//! the real system would differ.

use serde::Serialize;

use super::prices::PRICES_AS_OF;

/// Something the model does, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Modelled {
    /// What (a short noun phrase).
    pub topic: &'static str,
    /// How the simulator does it.
    pub how: &'static str,
}

/// Something the model leaves out, and what that hides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LeftOut {
    /// What (a short noun phrase).
    pub topic: &'static str,
    /// What a real system would show that the figures do not.
    pub effect: &'static str,
}

/// The model's coverage: what it models, what it leaves out, and where its prices come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// What the simulator models.
    pub modelled: Vec<Modelled>,
    /// What it leaves out.
    pub left_out: Vec<LeftOut>,
    /// Where the price table comes from.
    pub prices_source: &'static str,
    /// When the price table was last reviewed (`YYYY-MM`).
    pub prices_as_of: &'static str,
}

/// What the model covers (see the module doc).
pub fn coverage() -> Coverage {
    Coverage {
        modelled: vec![
            Modelled {
                topic: "Arrivals",
                how: "an open Poisson stream at users × requests per user per second; each request is \
                      a read or a write of one object, drawn from a Zipf popularity",
            },
            Modelled {
                topic: "Queues",
                how: "every App Server copy, the cache, every shard master and every read replica is \
                      a multi-server FIFO queue with exponential service times, scaled by the \
                      instance size",
            },
            Modelled {
                topic: "Overload",
                how: QUEUE_AND_TIMEOUT,
            },
            Modelled {
                topic: "Network",
                how: HOPS,
            },
            Modelled {
                topic: "Cache",
                how: "an LRU cache of a set number of objects with a TTL, aside or through; the hit \
                      rate comes from the simulated keys, starting warm",
            },
            Modelled {
                topic: "Shards",
                how: SHARDS,
            },
            Modelled {
                topic: "Replication",
                how: REPLICATION,
            },
            Modelled {
                topic: "Faults",
                how: FAULTS,
            },
            Modelled {
                topic: "Resharding",
                how: RESHARD,
            },
            Modelled {
                topic: "Cost",
                how: "each node's hourly list price from our own illustrative table, summed per second \
                      and per month",
            },
        ],
        left_out: vec![
            LeftOut {
                topic: "Closed-loop users",
                effect: "users keep sending at the same rate however slow the replies are; real users \
                         wait and retry, so overload here is steeper than it would be",
            },
            LeftOut {
                topic: "Retries and backoff",
                effect: "a failed request fails once; real clients retry, which adds load just when the \
                         system is already overloaded",
            },
            LeftOut {
                topic: "Network partitions and loss",
                effect: "every hop takes the same fixed time and always arrives; no packet loss, \
                         tail latency from the network, or split brain",
            },
            LeftOut {
                topic: "Garbage collection and pauses",
                effect: "service times are exponential with no pauses, so a p99 here has no GC or \
                         compaction spikes",
            },
            LeftOut {
                topic: "Replaying writes on copies",
                effect: "replicas spend no cores applying the master's writes and are never behind \
                         while it lives, so a real replica serves fewer reads and can return a \
                         stale row at any time, not only after a failover",
            },
            LeftOut {
                topic: "A reshard's catch-up and checks",
                effect: "the copy reads the master only, at a steady rate, with no catch-up of the \
                         writes made meanwhile, no check of the copy and no cleanup after the \
                         cutover; a real split also replays those writes and deletes the moved \
                         rows, so it runs longer, and a source that dies mid-copy stops it",
            },
            LeftOut {
                topic: "Table size beyond the catalogue",
                effect: "a split copies the moved range's share of the catalogue's objects, at \
                         most a million rows; a real table holds every row ever written, so its \
                         bill is usually far larger than the board's",
            },
            LeftOut {
                topic: "Disks, memory and connections",
                effect: "a station is its cores alone: no disk I/O, buffer pool, memory pressure or \
                         connection-pool limit beyond the queue bound",
            },
            LeftOut {
                topic: "Load balancer capacity",
                effect: "the load balancer picks the least busy App Server copy, but it is a hop \
                         that never queues or fails itself",
            },
            LeftOut {
                topic: "Autoscaling and deploys",
                effect: "the fleet is fixed for the run; nothing scales up, restarts or warms up \
                         except through an injected fault",
            },
            LeftOut {
                topic: "Multi-object requests",
                effect: "each request touches one object; no fan-out, joins or cross-shard queries, \
                         which would make the slowest shard every request's problem",
            },
        ],
        prices_source: "our own round numbers modelled on on-demand cloud list prices for \
                        general-purpose VMs, managed caches and managed relational databases; \
                        illustrative, not quotes",
        prices_as_of: PRICES_AS_OF,
    }
}

// The sentences below quote the model's constants; a test checks each number against the
// model, so changing a constant cannot leave its sentence stale.

/// The queue bound and timeout ([`BACKEND_QUEUE_BOUND`](super::model::BACKEND_QUEUE_BOUND)).
const QUEUE_AND_TIMEOUT: &str = "the cache and each master let up to 1,000 requests wait; a \
    request that finds the queue full fails, and one that outlives the App Server's timeout fails";

/// The network hop ([`HOP_S`](super::model::HOP_S)).
const HOPS: &str = "each call between boxes adds a fixed 0.5 ms that does not queue; the load \
    balancer is one such hop";

/// The faults, with the failover's default times
/// ([`DEFAULT_FAILOVER_DETECT_S`](super::design::DEFAULT_FAILOVER_DETECT_S) and
/// [`DEFAULT_FAILOVER_PROMOTE_S`](super::design::DEFAULT_FAILOVER_PROMOTE_S)).
const FAULTS: &str = "a master going down (with a standby and auto-failover, requests to it fail \
    until the standby serves, after a detection and a promotion time, 5 s and 5 s unless set), a \
    cache flush, a hot key, a traffic spike, an instant shard split and a reshard, each at a \
    chosen second";

/// A reshard's copy, with the per-core rates
/// ([`COPY_READ_MB_S_PER_CORE`](super::model::COPY_READ_MB_S_PER_CORE),
/// [`COPY_WRITE_MB_S_PER_CORE`](super::model::COPY_WRITE_MB_S_PER_CORE)).
const RESHARD: &str = "a split copies the moved range's rows (row size × its share of the \
    objects) to a new host at the throttle, or at what the new host writes (100 MB/s per core) if \
    less; meanwhile the copy's reads (200 MB/s per core) take their share of every source core, \
    so its requests are served slower, until the cutover hands the new host half the range";

/// Read replicas and replication, with the lag
/// ([`REPLICATION_LAG_S`](super::model::REPLICATION_LAG_S)).
const REPLICATION: &str = "a shard's reads take turns over its master and read replicas, its \
    writes go to the master; a sync write also waits a hop and a copy's apply, and under async a \
    master that dies loses the writes of its last 1 s, so later reads of those rows are stale";

/// The logical shards ([`LOGICAL_SHARDS`](super::model::LOGICAL_SHARDS)).
const SHARDS: &str = "Pinterest-style IDs on 4,096 logical shards, a shard key (ID bits, a hash \
    of the object or the user, or a time range) and a config table of ranges to hosts";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::design::{DEFAULT_FAILOVER_DETECT_S, DEFAULT_FAILOVER_PROMOTE_S};
    use crate::sim::model::{
        BACKEND_QUEUE_BOUND, COPY_READ_MB_S_PER_CORE, COPY_WRITE_MB_S_PER_CORE, HOP_S,
        LOGICAL_SHARDS, REPLICATION_LAG_S,
    };

    #[test]
    fn the_sentences_quote_the_models_own_constants() {
        let thousands = |n: u32| crate::text::thousands(u64::from(n));
        let bound = thousands(BACKEND_QUEUE_BOUND);
        assert!(QUEUE_AND_TIMEOUT.contains(&format!("up to {bound} requests")));
        assert!(HOPS.contains(&format!("fixed {} ms", HOP_S * 1e3)));
        assert!(FAULTS.contains(&format!(
            "{DEFAULT_FAILOVER_DETECT_S} s and {DEFAULT_FAILOVER_PROMOTE_S} s unless set"
        )));
        assert!(REPLICATION.contains(&format!("its last {REPLICATION_LAG_S} s")));
        assert!(RESHARD.contains(&format!(
            "writes ({COPY_WRITE_MB_S_PER_CORE} MB/s per core)"
        )));
        assert!(RESHARD.contains(&format!("reads ({COPY_READ_MB_S_PER_CORE} MB/s per core)")));
        assert!(SHARDS.contains(&format!("{} logical shards", thousands(LOGICAL_SHARDS))));
        assert_eq!(coverage().prices_as_of, PRICES_AS_OF);
    }

    #[test]
    fn every_entry_says_something() {
        let covered = coverage();
        assert!(covered.modelled.len() >= 5 && covered.left_out.len() >= 5);
        let mut topics: Vec<&str> = covered
            .modelled
            .iter()
            .map(|m| m.topic)
            .chain(covered.left_out.iter().map(|l| l.topic))
            .collect();
        assert!(topics
            .iter()
            .all(|topic| !topic.is_empty() && topic.len() < 40));
        topics.sort_unstable();
        topics.dedup();
        assert_eq!(
            topics.len(),
            covered.modelled.len() + covered.left_out.len(),
            "a topic twice"
        );
        assert!(covered
            .modelled
            .iter()
            .all(|m| m.how.len() > 40 && !m.how.ends_with('.')));
        assert!(covered
            .left_out
            .iter()
            .all(|l| l.effect.len() > 40 && !l.effect.ends_with('.')));
    }
}
