//! The state snapshot every view publishes on its root element, as JSON in the attribute
//! `data-shardlab-snapshot`, rewritten on every render.
//!
//! The Learn path shows views in same-origin iframes and reads this attribute to tell whether a
//! task is done: the check looks at what the widget really shows, never at which button was
//! pressed. The structs here are the whole contract. Each view builds its own from the state it
//! renders (`decoder::snapshot`, `ring::snapshot`, `board::snapshot`), and the Learn checks read
//! them back (`learn::tasks`), so the two sides cannot drift apart.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use shardlab_core::placement::SchemeKind;

/// The attribute that carries the snapshot.
pub const ATTRIBUTE: &str = "data-shardlab-snapshot";

/// The attribute's text for a snapshot; a snapshot that cannot be serialised (none can) becomes
/// `{}`, which every check reads as "not done".
pub fn attribute<T: Serialize>(snapshot: &T) -> String {
    serde_json::to_string(snapshot).unwrap_or_else(|_| "{}".to_owned())
}

/// The Decoder's live state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DecoderSnapshot {
    /// The base preset's name (`pinterest`, …).
    pub layout: String,
    /// Whether the layout was edited away from its preset.
    pub edited: bool,
    /// The ID on screen, in decimal (a string: JSON numbers lose bits past 2^53).
    pub id: String,
    /// Every field's value by name.
    pub fields: BTreeMap<String, u64>,
    /// The shard field's value, if the layout has one.
    pub shard: Option<u64>,
    /// The master host of that shard under the config table.
    pub master: Option<String>,
    /// Ranges in the config table.
    pub ranges: usize,
    /// The last ID made by "Insert a new object", in decimal, if any.
    pub last_inserted: Option<String>,
}

/// The Ring's live state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RingSnapshot {
    /// The scheme, written as its name (`mod`, `ring`, …).
    pub scheme: SchemeKind,
    /// Server ids now.
    pub servers: Vec<u32>,
    /// Server ids before the last change, if there was one.
    pub before: Option<Vec<u32>>,
    /// Servers added in the last change.
    pub added: Vec<u32>,
    /// Servers killed (removed) in the last change.
    pub killed: Vec<u32>,
    /// Vnodes per unit of weight.
    pub vnodes: u32,
    /// Replicas a lookup asks for.
    pub replicas: u32,
    /// The looked-up key and its owners, in order.
    pub key: String,
    /// See `key`.
    pub owners: Vec<u32>,
    /// Keys the statistics count.
    pub keys: u64,
    /// Whether the statistics below cover every key (not a run still in progress).
    pub measured: bool,
    /// Share of keys that changed owner in the last change (0 … 1).
    pub moved_fraction: Option<f64>,
    /// The least share any scheme must move for that change.
    pub ideal_fraction: Option<f64>,
    /// Busiest server's keys over the mean, after the last change.
    pub max_over_mean: Option<f64>,
    /// The fewest distinct owners any drawn key has with `replicas` replicas.
    pub min_distinct_owners: Option<u32>,
}

/// The busiest database shard.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HotShardSnapshot {
    /// Physical shard index, 0-based.
    pub shard: u32,
    /// Its share of database requests (0 … 1).
    pub share: f64,
    /// Its share over the mean share (1 is even).
    pub over_mean: f64,
}

/// The Board's live state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BoardSnapshot {
    /// The preset the design came from, if any.
    pub preset: Option<String>,
    /// Whether the design is still the preset's (users and seed aside).
    pub design_is_preset: bool,
    /// The users the numbers are for.
    pub users: u32,
    /// The simulation's seed.
    pub seed: u64,
    /// Where the numbers come from: `simulation` (a finished run), `estimate`, or `none`.
    pub source: String,
    /// Apdex, 0 … 1.
    pub apdex: Option<f64>,
    /// 99th percentile latency, in ms.
    pub p99_ms: Option<f64>,
    /// Share of requests that failed.
    pub error_rate: Option<f64>,
    /// Share of requests that failed because their shard's master was down.
    pub shard_down_rate: Option<f64>,
    /// The busiest shard.
    pub hottest: Option<HotShardSnapshot>,
    /// Physical shards of the first database.
    pub shards: u32,
    /// Its shard key (`id_encoded`, `hash_object`, `hash_user`, `range_time`).
    pub shard_key: Option<String>,
    /// The users' activity skew (Zipf exponent).
    pub user_skew: Option<f64>,
    /// Whether the database fails over on its own.
    pub auto_failover: Option<bool>,
    /// The faults on the timeline, by name (`master_down`, …).
    pub faults: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshots_round_trip_through_the_attribute() {
        let ring = RingSnapshot {
            scheme: SchemeKind::Mod,
            servers: vec![0, 1, 2, 3, 4],
            moved_fraction: Some(0.8),
            ..RingSnapshot::default()
        };
        let text = attribute(&ring);
        assert!(text.contains("\"scheme\":\"mod\""));
        assert_eq!(serde_json::from_str::<RingSnapshot>(&text).ok(), Some(ring));
    }
}
