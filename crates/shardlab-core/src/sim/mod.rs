//! The system-design board's model and its seeded simulator.
//!
//! A [`Design`] is what the reader draws: Users, an optional load balancer, an App Server tier, an
//! optional cache and a sharded database, each node with its knobs. This module turns a design into
//! numbers in two ways:
//!
//! - [`estimate`] solves each station as an M/M/c queue (Erlang C) and the cache with a closed-form
//!   approximation. It answers in well under a millisecond, so the caption can follow a slider.
//! - [`simulate`] (or the sliced [`Simulation`]) runs a discrete-event simulation with real keys, a
//!   real LRU cache with a TTL, real shard routing and an optional fault timeline. Its result replaces
//!   the estimate when it finishes.
//!
//! Both return the same headline fields (Apdex, p50/p95/p99, error rate, throughput, burn, per-node
//! utilisation, per-shard load). Everything is deterministic: the maths goes through `libm`, the
//! random numbers through a seeded `Xoshiro256PlusPlus`, and outputs are ordered `Vec`s, so one seed
//! gives bit-identical reports natively and in wasm.
//!
//! [`spread`] runs one design over K seeds and gives each headline figure as its median with the
//! band the seeds span.
//!
//! [`reshard`] prices a live split (rows, bytes and hours at the copy throttle) and reports what
//! the copy does to a run before, during and after its cutover.
//!
//! [`reference`] runs an App Server tier alone, an M/M/c queue, and sets the simulated mean and
//! p99 beside Erlang C's: the check that ties the simulator to queueing theory.
//!
//! The model's constants (service times, hop latency, replication lag) live in [`model`], the price
//! table in [`prices`]; both are documented in `docs/`.
//!
//! Around them: [`design`] (the stored design, its readers and the settings table),
//! [`validate`](mod@validate), [`presets`], [`faults`] (the fault timeline),
//! [`capacity`](mod@capacity) (the most users a design serves within a target),
//! [`coverage`](mod@coverage) (what the model covers and leaves out) and [`report`].

// Designs, user counts, durations and fault timelines come from readers (the board, URL state,
// imported JSON, the CLI): every integer sum, product and index on them is checked, saturating
// or bounded by construction with the reason beside it. The crate root denies the lints that keep
// it so.

mod cache;
pub mod capacity;
pub mod coverage;
pub mod des;
pub mod design;
pub mod estimate;
pub mod faults;
pub mod model;
pub mod presets;
pub mod prices;
pub mod queueing;
pub mod reference;
pub mod report;
pub mod reshard;
pub mod spread;
pub mod validate;
pub(crate) mod zipf;

pub use capacity::{capacity, Capacity, CapacityError, CapacityOptions, CapacitySearch, Target};
pub use coverage::{coverage, Coverage, LeftOut, Modelled};
pub use des::{simulate, Simulation};
pub use design::{
    setting_specs, AppServerSettings, CacheEngine, CacheSettings, CacheStrategy, Choice,
    DatabaseSettings, DbEngine, Design, Dropped, Edge, InstanceSize, JsonParser, Loaded, Newer,
    Node, NodeKind, NodeSettings, NumberRange, ReadError, ReadRules, Refuse, Replication, SetError,
    Setting, SettingSpec, SettingValue, ShardKey, UsersSettings, DEFAULT_COPY_MB_S,
    DEFAULT_FAILOVER_DETECT_S, DEFAULT_FAILOVER_PROMOTE_S, DEFAULT_ROW_BYTES, DESIGN_VERSION,
    DROPPED_NAMED, MAX_DESIGN_BYTES,
};
pub use estimate::{estimate, Estimate};
pub use faults::{Fault, FaultKind};
pub use model::{compile, Model};
pub use presets::{
    preset, Preset, PresetReason, DEFAULT_DURATION_S, DEFAULT_PRESET, DEFAULT_SEED, PRESET_NAMES,
};
pub use reference::{app_tier_only, erlang_c_check, erlang_c_table, ErlangCheck};
pub use report::{
    CdfPoint, DropCause, ErrorCounts, ErrorRates, HotShard, NodeLoad, NodeSecond, Outcome,
    SecondLoads, SecondStats, ShardLoad, ShardSecond, SimReport,
};
pub use reshard::{reshard_bill, ReshardBill, ReshardPhase, ReshardReport};
pub use spread::{
    spread, Figure, SeedSweep, Spread, SpreadError, SpreadReport, DEFAULT_SPREAD_SEEDS,
    MAX_SPREAD_SEEDS,
};
pub use validate::{validate, DesignError, SimError};
