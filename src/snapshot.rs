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
use shardlab_core::placement::{Cure, SchemeKind};

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
    #[serde(deserialize_with = "browser_u64::map")]
    pub fields: BTreeMap<String, u64>,
    /// The shard field's value, if the layout has one.
    #[serde(default, deserialize_with = "browser_u64::option")]
    pub shard: Option<u64>,
    /// The master host of that shard under the config table.
    pub master: Option<String>,
    /// Ranges in the config table.
    pub ranges: usize,
    /// The last ID made by "Insert a new object", in decimal, if any.
    pub last_inserted: Option<String>,
    /// "When generators fail": the fault picked (`clock`, `burst`, `shared`, `random`).
    #[serde(default)]
    pub lab_fault: String,
    /// The fix run beside the naive one (`wait`, `refuse`, `stall`, `unique`).
    #[serde(default)]
    pub lab_fix: String,
    /// Duplicates the naive run issued; none when it could not run.
    #[serde(default, deserialize_with = "browser_u64::option")]
    pub lab_duplicates: Option<u64>,
    /// Duplicates the fixed run issued; none when it could not run.
    #[serde(default, deserialize_with = "browser_u64::option")]
    pub lab_fixed_duplicates: Option<u64>,
    /// "Whose ID is this?": the likeliest reading of the text it ranks, by name (`uuid`,
    /// `ulid`, `snowflake`, …).
    #[serde(default)]
    pub detect_top: String,
    /// That reading's UUID version, when it is a UUID of RFC 9562's variant.
    #[serde(default)]
    pub detect_version: Option<u8>,
    /// That reading's time in Unix ms, only when it is plausible (after its epoch, not after
    /// now): none for a UUIDv4, which has no time.
    #[serde(default, deserialize_with = "browser_u64::option")]
    pub detect_ms: Option<u64>,
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
    /// Maglev's table size (kept whatever the scheme; it places keys only under Maglev).
    #[serde(default)]
    pub table_size: u32,
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
    /// Under Maglev, after a change: the table's slots that changed owner.
    #[serde(default)]
    pub slots_moved: Option<u32>,
    /// Of those, the slots that moved between two servers that both stayed.
    #[serde(default)]
    pub slots_moved_between_stayers: Option<u32>,
    /// The hot-key comparison, where the view shows it and has worked it out.
    #[serde(default)]
    pub hot: Option<HotKeysSnapshot>,
}

/// The hot-key comparison as the Ring shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HotKeysSnapshot {
    /// The popularity exponent (0: every key alike).
    pub exponent: f64,
    /// The cure the bars show.
    pub cure: Cure,
    /// Bounded loads' c.
    pub load_factor: f64,
    /// The salted hot key's sub-keys.
    pub sub_keys: u32,
    /// The hottest key's share of the requests (0 … 1).
    pub hottest_share: f64,
    /// The server that owns it.
    pub hottest_owner: u32,
    /// The busiest server's requests over the mean, under no cure.
    pub uncured_max_over_mean: f64,
    /// The same under the cure shown.
    pub max_over_mean: f64,
    /// Lookups one read of the hot key takes under the cure shown.
    pub read_fan_out: u32,
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
    #[serde(deserialize_with = "browser_u64::one")]
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
    /// Read replicas per shard of the database.
    pub read_replicas: Option<u32>,
    /// Seconds from a master's death to its standby serving, when the database fails over.
    pub failover_gap_s: Option<f64>,
    /// Reads of rows a dead master's lost writes left stale (a finished run only).
    pub stale_reads: Option<u64>,
    /// How busy the database's masters were, 0 … 1.
    pub db_utilisation: Option<f64>,
    /// How long the run's first reshard copied, in seconds (a finished run only).
    pub reshard_copy_s: Option<f64>,
}

/// Reading the snapshots' 64-bit numbers as the browser's `JSON.parse` leaves them, for Learn's
/// reader (`learn::live_frame`), which parses in the browser to keep serde_json's parser (about
/// 10 kB brotli) off the index page. A number past 2^53 arrives as the nearest double, which
/// serde-wasm-bindgen would refuse as a `u64` and so lose the whole snapshot; here it reads as
/// that double's value. No task compares a value that large (a seed, a 64-bit field); natively,
/// and below 2^53, the value is exact.
mod browser_u64 {
    use std::collections::BTreeMap;
    use std::fmt;

    use serde::de::{self, Deserializer, MapAccess, Visitor};

    /// A `u64`, or a whole non-negative double up to 2^64 (which `u64::MAX` rounds to).
    struct WholeNumber;

    impl Visitor<'_> for WholeNumber {
        type Value = u64;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a whole number from 0 to 2^64 - 1")
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            u64::try_from(v).map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
            // `as` is exact for a whole double below 2^64 and saturates 2^64 to `u64::MAX`.
            if (0.0..=18_446_744_073_709_551_616.0).contains(&v) && v.fract() == 0.0 {
                Ok(v as u64)
            } else {
                Err(E::invalid_value(de::Unexpected::Float(v), &self))
            }
        }
    }

    struct Whole(u64);

    impl<'de> serde::Deserialize<'de> for Whole {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Whole, D::Error> {
            deserializer.deserialize_any(WholeNumber).map(Whole)
        }
    }

    pub fn one<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        deserializer.deserialize_any(WholeNumber)
    }

    pub fn option<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
        let value: Option<Whole> = serde::Deserialize::deserialize(deserializer)?;
        Ok(value.map(|Whole(v)| v))
    }

    pub fn map<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<BTreeMap<String, u64>, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = BTreeMap<String, u64>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of whole numbers")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries = BTreeMap::new();
                while let Some((key, Whole(value))) = map.next_entry::<String, Whole>()? {
                    entries.insert(key, value);
                }
                Ok(entries)
            }
        }
        deserializer.deserialize_map(Entries)
    }
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

    /// Learn reads snapshots after `JSON.parse`, which leaves a number past 2^53 a double: here a
    /// serde_json `Value` holding the same doubles stands in for it.
    #[test]
    fn sixty_four_bit_numbers_read_as_the_browser_rounds_them() {
        let board = r#"{"preset": null, "design_is_preset": false, "users": 1, "seed": 1.8446744073709552e19,
            "source": "none", "apdex": null, "p99_ms": null, "error_rate": null,
            "shard_down_rate": null, "hottest": null, "shards": 1, "shard_key": null,
            "user_skew": null, "auto_failover": null, "faults": []}"#;
        let value: serde_json::Value = serde_json::from_str(board).unwrap();
        let read = BoardSnapshot::deserialize(&value).unwrap();
        assert_eq!(read.seed, u64::MAX);
        let decoder = r#"{"layout": "pinterest", "edited": false, "id": "1",
            "fields": {"type": 2, "local": 9.007199254740994e15}, "shard": 3.0, "master": null,
            "ranges": 8, "last_inserted": null}"#;
        let value: serde_json::Value = serde_json::from_str(decoder).unwrap();
        let read = DecoderSnapshot::deserialize(&value).unwrap();
        assert_eq!(read.fields.get("local"), Some(&9_007_199_254_740_994));
        assert_eq!(read.fields.get("type"), Some(&2));
        assert_eq!(read.shard, Some(3));
        // Exact where serde_json reads the text itself; a missing shard is none; a fraction or a
        // negative number is refused.
        let exact = decoder.replace("9.007199254740994e15", "18446744073709551615");
        let read: DecoderSnapshot = serde_json::from_str(&exact).unwrap();
        assert_eq!(read.fields.get("local"), Some(&u64::MAX));
        let without_shard = decoder.replace(r#""shard": 3.0,"#, "");
        let read: DecoderSnapshot = serde_json::from_str(&without_shard).unwrap();
        assert_eq!(read.shard, None);
        for bad in ["2.5", "-1", "\"2\""] {
            let text = decoder.replace(r#""type": 2"#, &format!(r#""type": {bad}"#));
            assert!(
                serde_json::from_str::<DecoderSnapshot>(&text).is_err(),
                "{bad}"
            );
        }
    }

    /// The limit on JSON depth (`shardlab_core::input_text::MAX_JSON_DEPTH`) must leave ample
    /// room for every document the app writes: the snapshots here, an edited board's autosave
    /// (`board::url_state`'s test) and Learn's stored progress and its file
    /// (`learn::progress_file`'s). None is over 3 deep (the core measures its designs and layouts
    /// at 4); the snapshots are 2.
    #[test]
    fn the_snapshots_nest_far_below_the_json_limit() {
        use shardlab_core::input_text::{json_depth, MAX_JSON_DEPTH};

        let ring = RingSnapshot {
            before: Some(vec![1]),
            ..RingSnapshot::default()
        };
        let board_snapshot = BoardSnapshot {
            faults: vec!["cache".into()],
            ..BoardSnapshot::default()
        };
        let written = [
            attribute(&DecoderSnapshot::default()),
            attribute(&ring),
            attribute(&board_snapshot),
        ];
        let deepest = written
            .iter()
            .map(|text| json_depth(text.as_bytes()).deepest)
            .max();
        assert_eq!(deepest, Some(2), "{written:?}");
        assert!(deepest.unwrap_or(usize::MAX) * 16 <= MAX_JSON_DEPTH);
    }
}
