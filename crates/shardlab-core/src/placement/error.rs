//! Typed errors for every placement input that can be wrong.
//!
//! The `Display` texts are plain sentences because the UI shows them inline, next to the control
//! that caused them.

use crate::text::quote;

use super::ring::{MAX_RING_POINTS, MAX_VNODES, MIN_VNODES};
use super::server::{ServerId, MAX_SERVERS, MAX_WEIGHT};

/// Everything that can go wrong when building a placement scheme or running an experiment.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// The server list is empty.
    #[error("A placement needs at least one server.")]
    NoServers,
    /// The server list is longer than [`MAX_SERVERS`].
    #[error("At most {max} servers are supported, but {count} were given.", max = MAX_SERVERS)]
    TooManyServers {
        /// How many servers were asked for.
        count: usize,
    },
    /// Two servers share one id, so "which server owns this key" would be ambiguous.
    #[error("Server {0} appears more than once.")]
    DuplicateServer(ServerId),
    /// A server has weight 0.
    #[error("Server {0} has weight 0; a weight must be at least 1.")]
    ZeroWeight(ServerId),
    /// A server's weight is above [`MAX_WEIGHT`].
    #[error("Server {server} has weight {weight}; a weight can be at most {max}.", max = MAX_WEIGHT)]
    WeightTooLarge {
        /// The server.
        server: ServerId,
        /// Its weight.
        weight: u32,
    },
    /// Growing the list would need a server id above `u32::MAX`.
    #[error("There is no free server id left above {0}.")]
    ServerIdOverflow(ServerId),
    /// A server id that is not in the server list.
    #[error("Server {0} is not in the server list.")]
    UnknownServer(ServerId),
    /// Virtual nodes per unit of weight outside [`MIN_VNODES`] ..= [`MAX_VNODES`].
    #[error(
        "Virtual nodes per server must be between {min} and {max}, but {0} was given.",
        min = MIN_VNODES,
        max = MAX_VNODES
    )]
    VnodesOutOfRange(u32),
    /// The ring would hold more than [`MAX_RING_POINTS`] virtual nodes.
    #[error(
        "The ring would have {0} virtual nodes, but at most {max} are supported; use fewer servers, lower weights or fewer virtual nodes.",
        max = MAX_RING_POINTS
    )]
    TooManyRingPoints(u64),
    /// A replica count of zero.
    #[error("The replica count must be at least 1.")]
    ZeroReplicas,
    /// Range placement got the wrong number of split points.
    #[error("Range placement over {servers} servers needs {expected} split points, but {got} were given.")]
    SplitPointCount {
        /// Servers in the list.
        servers: usize,
        /// Split points needed: one fewer than the servers.
        expected: usize,
        /// Split points given.
        got: usize,
    },
    /// Range split points are not strictly increasing.
    #[error("Range split points must be strictly increasing, but point {index} is not greater than the one before it.")]
    SplitPointsUnsorted {
        /// Position (from 0) of the first offending split point.
        index: usize,
    },
    /// A split point at 0, which would leave the first range empty.
    #[error("The first range split point must be above 0, or the first range would be empty.")]
    SplitAtZero,
    /// A key span too narrow to give every server a non-empty range.
    #[error(
        "The key span {low} to {high} is too narrow to split into {servers} non-empty ranges."
    )]
    SpanTooNarrow {
        /// First key of the span.
        low: u64,
        /// One past the last key of the span.
        high: u64,
        /// Servers to split it across.
        servers: usize,
    },
    /// A scheme name that is not one of [`SchemeKind::ALL`](super::SchemeKind::ALL)'s names.
    #[error("Unknown placement scheme {}; choose one of {}.", quote(.0), crate::scheme_name_list!())]
    UnknownScheme(String),
    /// ID-encoded placement over a layout with no shard field.
    #[error("ID-encoded placement needs an ID layout with a shard field.")]
    NoShardField,
    /// More servers than the shard field has shards.
    #[error(
        "{servers} servers cannot each hold a run of shards when the ID has only {shards} shards."
    )]
    NotEnoughShards {
        /// Servers asked for.
        servers: usize,
        /// Shards the ID's shard field can name.
        shards: u64,
    },
    /// An experiment over zero keys.
    #[error("An experiment needs at least one key.")]
    NoKeys,
    /// A multi-probe probe count outside 1 ..= [`MAX_PROBES`](super::MAX_PROBES).
    #[error(
        "Multi-probe hashing takes 1 to {max} probes per key, but {0} was given.",
        max = super::MAX_PROBES
    )]
    ProbesOutOfRange(u32),
    /// A load factor below 1, above [`MAX_LOAD_FACTOR`](super::MAX_LOAD_FACTOR) or not a number.
    #[error(
        "The load factor of bounded loads must be a number from 1 to {max}, but {} was given.",
        quote(.0),
        max = super::MAX_LOAD_FACTOR
    )]
    LoadFactorOutOfRange(String),
    /// HAProxy's hash-balance-factor below 100 % (or absurdly large).
    #[error(
        "A hash-balance-factor is a percentage of the average load from 100 to {max}, but {0} was given.",
        max = super::MAX_LOAD_FACTOR * 100.0
    )]
    BalanceFactorOutOfRange(u64),
    /// A Zipf exponent outside 0 < s ≤ [`MAX_ZIPF_EXPONENT`](super::MAX_ZIPF_EXPONENT).
    #[error(
        "A Zipf exponent must be above 0 and at most {max}, but {} was given.",
        quote(.0),
        max = super::MAX_ZIPF_EXPONENT
    )]
    ZipfOutOfRange(String),
    /// A popularity exponent outside 0 ≤ s ≤ [`MAX_ZIPF_EXPONENT`](super::MAX_ZIPF_EXPONENT),
    /// where 0 is every key alike.
    #[error(
        "The popularity exponent takes a number from 0 (every key alike) to {max}, but {} was given.",
        quote(.0),
        max = super::MAX_ZIPF_EXPONENT
    )]
    ExponentOutOfRange(String),
    /// A hot key salted into a number of sub-keys outside 1 ..= [`MAX_SUB_KEYS`](super::MAX_SUB_KEYS).
    #[error(
        "A hot key can be salted into 1 to {max} sub-keys, but {0} was given.",
        max = super::MAX_SUB_KEYS
    )]
    SubKeysOutOfRange(u32),
    /// A Maglev table that cannot be built (its size).
    #[error(transparent)]
    Maglev(#[from] super::maglev::MaglevError),
    /// The scheme metrics' two changes would cost more than a `place` run may
    /// ([`check_metrics_budget`](super::check_metrics_budget)).
    #[error("{}", super::budget::metrics_refusal(*.0))]
    MetricsOverBudget(super::budget::OverBudget),
    /// A sweep with an empty list of schemes, sizes, vnode counts or seeds.
    #[error("A sweep needs at least one {0}.")]
    NothingToSweep(&'static str),
}
