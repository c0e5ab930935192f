//! Failures injected on the simulation's timeline, and the two operations that happen there too:
//! an instant shard split and a live reshard ([`super::reshard`] says why a reshard lives here).
//!
//! Faults live in [`super::Design::faults`], so a shared link restores the broken run as well as the
//! board. The analytic [`super::estimate`] describes the steady state and ignores them.

use serde::{Deserialize, Serialize};

/// One failure, starting `at_s` seconds into the run.
///
/// Written as one flat object, `{"at_s": 5, "kind": "master_down", "shard": 0}`. It is read through
/// [`FaultFields`] rather than serde's derive for a flattened, tagged enum: that derive buffers the
/// object into serde's generic `Content` first, and its code was the largest single function of
/// the board page's wasm (about 10 kB).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "FaultFields")]
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
    /// With a standby and auto-failover the standby takes over after the database's detection
    /// and promotion times ([`super::design::DatabaseSettings::failover_gap_s`]); otherwise the
    /// shard's requests fail until the run ends. Read replicas go on serving their turns.
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
    /// Physical shard `shard` splits live: the same upper half as [`FaultKind::ShardSplit`]
    /// moves to a new host, but first its rows are copied there at the database's throttle, which
    /// slows the source meanwhile; the config table changes only at the cutover, when the copy is
    /// done. Its bill and its before, during and after figures are in the report
    /// ([`super::reshard`]).
    Reshard {
        /// Physical shard index, 0-based, below the design's shard count.
        shard: u32,
    },
}

/// A fault's JSON object as written: the kind's name and every field any kind has. Fields a kind
/// does not use are ignored, as they were when faults were read through serde's tagged enum. The
/// kind is kept as text, so that a reader of a newer design can leave out a fault of a kind this
/// build lacks and read the rest (`design::object_reader`).
#[derive(Deserialize)]
pub(crate) struct FaultFields {
    at_s: f64,
    kind: String,
    shard: Option<u32>,
    share: Option<f64>,
    duration_s: Option<f64>,
    factor: Option<f64>,
}

/// The kinds of [`FaultKind`] without their fields, to read a `"kind"` name.
#[derive(Clone, Copy)]
enum KindName {
    MasterDown,
    CacheFlush,
    HotKey,
    TrafficSpike,
    ShardSplit,
    Reshard,
}

impl KindName {
    const ALL: [KindName; 6] = [
        KindName::MasterDown,
        KindName::CacheFlush,
        KindName::HotKey,
        KindName::TrafficSpike,
        KindName::ShardSplit,
        KindName::Reshard,
    ];

    /// The name in JSON; [`FaultKind::name`] of the kind.
    fn name(self) -> &'static str {
        match self {
            KindName::MasterDown => "master_down",
            KindName::CacheFlush => "cache_flush",
            KindName::HotKey => "hot_key",
            KindName::TrafficSpike => "traffic_spike",
            KindName::ShardSplit => "shard_split",
            KindName::Reshard => "reshard",
        }
    }
}

/// Why a fault's object is not a fault; the messages are serde's own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnreadFault {
    /// A field the fault's kind needs is missing.
    MissingField(&'static str),
    /// The kind is not one this build has.
    UnknownKind(String),
}

impl std::fmt::Display for UnreadFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UnreadFault::MissingField(name) => write!(f, "missing field `{name}`"),
            UnreadFault::UnknownKind(name) => {
                write!(f, "unknown variant `{name}`, expected one of ")?;
                for (i, known) in KindName::ALL.into_iter().enumerate() {
                    let comma = if i == 0 { "" } else { ", " };
                    write!(f, "{comma}`{}`", known.name())?;
                }
                Ok(())
            }
        }
    }
}

impl TryFrom<FaultFields> for Fault {
    type Error = UnreadFault;

    fn try_from(fields: FaultFields) -> Result<Fault, UnreadFault> {
        use UnreadFault::MissingField;
        let need = |value: Option<f64>, name: &'static str| value.ok_or(MissingField(name));
        let shard = || fields.shard.ok_or(MissingField("shard"));
        let Some(name) = KindName::ALL
            .into_iter()
            .find(|known| known.name() == fields.kind)
        else {
            return Err(UnreadFault::UnknownKind(fields.kind));
        };
        let kind = match name {
            KindName::MasterDown => FaultKind::MasterDown { shard: shard()? },
            KindName::CacheFlush => FaultKind::CacheFlush,
            KindName::HotKey => FaultKind::HotKey {
                share: need(fields.share, "share")?,
                duration_s: need(fields.duration_s, "duration_s")?,
            },
            KindName::TrafficSpike => FaultKind::TrafficSpike {
                factor: need(fields.factor, "factor")?,
                duration_s: need(fields.duration_s, "duration_s")?,
            },
            KindName::ShardSplit => FaultKind::ShardSplit { shard: shard()? },
            KindName::Reshard => FaultKind::Reshard { shard: shard()? },
        };
        Ok(Fault {
            at_s: fields.at_s,
            kind,
        })
    }
}

impl FaultKind {
    /// The snake_case name used in JSON.
    pub fn name(&self) -> &'static str {
        let kind = match self {
            FaultKind::MasterDown { .. } => KindName::MasterDown,
            FaultKind::CacheFlush => KindName::CacheFlush,
            FaultKind::HotKey { .. } => KindName::HotKey,
            FaultKind::TrafficSpike { .. } => KindName::TrafficSpike,
            FaultKind::ShardSplit { .. } => KindName::ShardSplit,
            FaultKind::Reshard { .. } => KindName::Reshard,
        };
        kind.name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_survives_json_and_reads_as_one_flat_object() {
        let faults = vec![
            Fault {
                at_s: 1.0,
                kind: FaultKind::MasterDown { shard: 3 },
            },
            Fault {
                at_s: 2.5,
                kind: FaultKind::CacheFlush,
            },
            Fault {
                at_s: 3.0,
                kind: FaultKind::HotKey {
                    share: 0.25,
                    duration_s: 4.0,
                },
            },
            Fault {
                at_s: 4.0,
                kind: FaultKind::TrafficSpike {
                    factor: 3.0,
                    duration_s: 5.0,
                },
            },
            Fault {
                at_s: 5.0,
                kind: FaultKind::ShardSplit { shard: 0 },
            },
            Fault {
                at_s: 6.0,
                kind: FaultKind::Reshard { shard: 2 },
            },
        ];
        let json = serde_json::to_string(&faults).unwrap();
        assert!(
            json.contains(r#"{"at_s":1.0,"kind":"master_down","shard":3}"#),
            "{json}"
        );
        let back: Vec<Fault> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, faults);
    }

    #[test]
    fn a_missing_field_is_named_and_unused_fields_are_ignored() {
        let read = |json: &str| serde_json::from_str::<Fault>(json).map_err(|e| e.to_string());
        for (json, field) in [
            (r#"{"at_s":1,"kind":"master_down"}"#, "shard"),
            (r#"{"at_s":1,"kind":"reshard"}"#, "shard"),
            (r#"{"at_s":1,"kind":"hot_key","share":0.5}"#, "duration_s"),
            (
                r#"{"at_s":1,"kind":"traffic_spike","duration_s":2}"#,
                "factor",
            ),
            (r#"{"kind":"cache_flush"}"#, "at_s"),
            (r#"{"at_s":1}"#, "kind"),
        ] {
            let error = read(json).unwrap_err();
            assert!(
                error.contains(&format!("missing field `{field}`")),
                "{json}: {error}"
            );
        }
        assert!(read(r#"{"at_s":1,"kind":"meteor"}"#)
            .unwrap_err()
            .contains("unknown variant `meteor`"));
        assert!(read(r#"{"at_s":1,"kind":"master_down","shard":"x"}"#)
            .unwrap_err()
            .contains("invalid type"));
        assert_eq!(
            read(r#"{"at_s":1,"kind":"cache_flush","shard":2,"note":"x"}"#),
            Ok(Fault {
                at_s: 1.0,
                kind: FaultKind::CacheFlush
            })
        );
    }

    #[test]
    fn all_lists_every_fault_kind_name_once() {
        crate::assert_lists_every_variant!(
            KindName,
            KindName::ALL,
            [
                MasterDown,
                CacheFlush,
                HotKey,
                TrafficSpike,
                ShardSplit,
                Reshard
            ]
        );
    }
}
