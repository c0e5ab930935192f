//! Placement: which server owns a row.
//!
//! Every scheme answers one question through the [`Placement`] trait: given a 64-bit key hash (or
//! an ID, for schemes that read the key itself), which server owns it? The schemes:
//!
//! - [`Mod`]: hash mod N, the trap (4 → 5 servers moves about 80 % of the keys);
//! - [`Ring`]: consistent hashing with virtual nodes, weights and distinct replicas;
//! - [`Jump`]: Lamping & Veach's jump consistent hash;
//! - [`Rendezvous`]: highest random weight, weighted;
//! - [`Range`]: split points over the ordered key, with its sequential-key hot spot;
//! - [`Directory`]: an explicit table, with its extra hop counted;
//! - [`IdEncoded`]: the shard read from the ID's bits, then a table of shard ranges;
//! - [`Maglev`]: Google's lookup table of prime size, filled from each backend's preferences;
//! - [`MultiProbe`]: one point per server and k probes per key, the nearest point winning;
//! - [`BoundedLoad`]: the ring with a capacity per server, keys walking on past full servers in
//!   arrival order (stateful: [`BoundedLoad::assign`], and [`place`] runs it).
//!
//! [`scheme_metrics`] measures a scheme the way the literature compares them: balance, resize
//! balance, monotonicity, the moved share against the least possible and the state kept per
//! server (lookup time is the benches').
//!
//! [`route_requests`] sends a request stream with uniform or Zipf key popularity over a ring by
//! one choice, two choices, bounded loads or a salted hot key, and counts requests per server.
//!
//! String keys become `u64` through [`key_hash`]. The experiments ([`movement`], [`balance`],
//! [`place`] and the sweeps) generate keys from a seed and are [`Stepped`](crate::stepped::Stepped)
//! jobs ([`MovementRun`], [`BalanceRun`], [`MovementSweep`], [`VnodeSweep`], and the directory's
//! [`DirectoryChange`]) so a browser can process a million keys without blocking.
//!
//! Everything here is pure and deterministic: no I/O, no clocks, no hash-map iteration order, and
//! floats only through IEEE-exact operations or `libm`, so native and wasm agree bit for bit.

// Server lists, weights, vnodes and key counts come from readers (URL state, the CLI): every sum,
// product and index on them is checked or saturating; the crate's no-panic lints (lib.rs) keep
// it so.

mod bounded_load;
mod budget;
mod directory;
mod error;
mod experiment;
mod hot_key;
mod id_encoded;
mod jump;
mod key_hash;
mod kind;
mod maglev;
mod metrics;
mod modulo;
mod multi_probe;
mod point_index;
mod range;
mod rendezvous;
mod replicas;
mod requests;
mod ring;
mod ring_diff;
mod scheme;
mod server;
mod sweep;

pub use bounded_load::{
    Arrival, BoundedAssigner, BoundedAssignment, BoundedLoad, BoundedMovementRun, LoadFactor,
    Loaded, Loading, Placed, SpillStep, DEFAULT_LOAD_FACTOR, MAX_LOAD_FACTOR,
};
pub use budget::{
    check_metrics_budget, check_place_budget, OverBudget, MAX_DIRECTORY_KEYS, MAX_PLACE_KEYS,
    MAX_PROBE_LOOKUPS, MAX_RENDEZVOUS_SCORES,
};
pub use directory::{Directory, DirectoryChange, DirectoryDefault, DirectoryLookup};
pub use error::PlacementError;
pub use experiment::{
    balance, ideal_fraction, movement, place, place_under, BalanceRun, KeyStream, LoadStats,
    LoadSummary, Monotonicity, MovementResult, MovementRun, PlaceReport, ServerLoad, Yardstick,
};
pub use hot_key::{
    compare_cures, more_vnodes, Cure, CureComparison, CureRow, CureSettings, HottestKey,
    DEFAULT_SUB_KEYS, MORE_VNODES_FACTOR,
};
pub use id_encoded::{IdEncoded, ShardSpan};
pub use jump::{jump_bucket, Jump};
pub use key_hash::{hash_bytes, key_hash, KEY_HASH_SEED};
pub use kind::{CircleShape, ReplicaRule, SchemeKind, SCHEME_NAMES};
pub use maglev::{
    check_table, check_table_size, is_prime, Churn, FillStep, Maglev, MaglevError, MaglevFill,
    MaglevTable, Preference, SlotChange, DEFAULT_TABLE_SIZE, MAX_STEPPED_TABLE_SIZE,
    MAX_TABLE_SIZE,
};
pub use metrics::{scheme_metrics, Balance, MetricsRun, ResizeMetrics, SchemeMetrics};
pub use modulo::Mod;
pub use multi_probe::{check_probes, MultiProbe, Probe, DEFAULT_PROBES, MAX_PROBES};
pub use point_index::PointIndex;
pub use range::{Range, RangeSpan};
pub use rendezvous::{Rendezvous, RendezvousScore};
pub use replicas::{choose_replicas, min_distinct_owners, ReplicaChoice, ReplicaShortfall};
pub use requests::{
    request_loads, route_requests, Popularity, RequestLoads, RequestReport, Router, Workload,
    MAX_SUB_KEYS, MAX_ZIPF_EXPONENT,
};
pub use ring::{
    Ring, RingArc, RingTrace, SearchProbe, ServerShare, Vnode, WalkOutcome, WalkStep,
    DEFAULT_VNODES, MAX_RING_POINTS, MAX_VNODES, MIN_VNODES,
};
pub use ring_diff::{ring_diff, ArcHandover, Handover, RingDiff};
pub use scheme::{id_encoded_change, SchemeSettings, SchemeSpec};
pub use server::{Server, ServerId, ServerList, MAX_SERVERS, MAX_WEIGHT};
pub use sweep::{
    expected_stddev_over_mean, sweep_moved_fraction, sweep_vnodes, MovementSweep, SweepPoint,
    SweepSeries, VnodeSweep, VnodeSweepResult,
};

/// A placement scheme: which server owns a 64-bit key.
///
/// The argument is a `u64` rather than a key string so that hashing happens once, outside, and so
/// that schemes that read the key itself (range over IDs, ID-encoded placement) fit the same
/// trait: for them the `u64` is the ID. The trait is object safe; the experiments take
/// `Box<dyn Placement>` as readily as a concrete scheme.
pub trait Placement {
    /// Which scheme this is.
    fn kind(&self) -> SchemeKind;

    /// The scheme's short name, as the CLI's `--scheme` spells it (`"ring"`, `"jump"`, …).
    fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// The servers the scheme places onto.
    fn servers(&self) -> &ServerList;

    /// The owner of a key. Never panics and never allocates.
    fn locate(&self, key_hash: u64) -> ServerId;

    /// The owner and up to `count − 1` replicas, owner first, as the scheme's
    /// [`ReplicaRule`] names them; a scheme with one owner per key gives just the owner.
    fn owners(&self, key_hash: u64, count: u32) -> Vec<ServerId> {
        let _ = count;
        vec![self.locate(key_hash)]
    }

    /// Whether server weights change the placement (ring and rendezvous). The ideal movement of a
    /// membership change is weighted only for such schemes.
    fn uses_weights(&self) -> bool {
        self.kind().uses_weights()
    }

    /// The bytes of state the scheme keeps to answer a lookup, beyond the server list itself,
    /// counted from its structure (never measured): each stored entry at the size of its fields
    /// ([`HASH_BYTES`], [`SERVER_ID_BYTES`]), without padding, allocator or hash-table overhead,
    /// and without what only speeds a lookup up or draws it (the ring's bucket index, a vnode's
    /// index). Hash mod N, jump and rendezvous keep nothing; a ring keeps its points; Maglev its
    /// table. Required of every scheme, so a new one has to say what it keeps.
    fn state_bytes(&self) -> u64;
}

/// The bytes of one stored key hash, ring point or split point: a `u64`.
pub const HASH_BYTES: u64 = std::mem::size_of::<u64>() as u64;

/// The bytes of one stored server id: a `u32`.
pub const SERVER_ID_BYTES: u64 = std::mem::size_of::<ServerId>() as u64;

/// `count` entries of `each` bytes, saturating (a count is at most a few million).
pub(crate) fn entry_bytes(count: usize, each: u64) -> u64 {
    u64::try_from(count)
        .unwrap_or(u64::MAX)
        .saturating_mul(each)
}

/// A scheme chosen at run time (by name, from the CLI or the URL).
pub type BoxedPlacement = Box<dyn Placement>;

/// A reference to a scheme, boxed or shared, places as the scheme does: the browser keeps a built
/// ring behind an `Rc` and hands it to the experiments without building it again.
macro_rules! forward_placement {
    ($($pointer:ty),*) => {$(
        impl<P: Placement + ?Sized> Placement for $pointer {
            fn kind(&self) -> SchemeKind {
                (**self).kind()
            }

            fn servers(&self) -> &ServerList {
                (**self).servers()
            }

            fn locate(&self, key_hash: u64) -> ServerId {
                (**self).locate(key_hash)
            }

            fn owners(&self, key_hash: u64, count: u32) -> Vec<ServerId> {
                (**self).owners(key_hash, count)
            }

            fn state_bytes(&self) -> u64 {
                (**self).state_bytes()
            }
        }
    )*};
}

forward_placement!(&P, Box<P>, std::rc::Rc<P>);
