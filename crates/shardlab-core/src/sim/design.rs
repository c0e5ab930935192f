//! The board's design as it is stored: nodes, edges, per-node settings and the fault timeline.
//!
//! The JSON form is documented in `docs/design-format.md`. A node's settings are read by
//! `settings_reader`, which gives every knob left out its default, so a hand-written file may leave
//! out any; [`super::validate`] then checks the ranges.

use serde::{Deserialize, Serialize};

use super::faults::Fault;

mod object_reader;
mod read;
mod settings_reader;
mod spec;
mod value;
pub use read::{
    Dropped, JsonParser, Loaded, Newer, ReadError, ReadRules, Refuse, DROPPED_NAMED,
    MAX_DESIGN_BYTES,
};
pub use spec::{setting_specs, Choice, NumberRange, SettingSpec};
pub use value::{SetError, SettingValue};

/// The only design format version this crate reads and writes.
pub const DESIGN_VERSION: u32 = 1;

/// A whole board: what the reader drew, plus the faults to inject while it runs. Read by
/// `object_reader`, which refuses a field it does not know as `deny_unknown_fields` did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Design {
    /// Format version; must be [`DESIGN_VERSION`].
    pub version: u32,
    /// A human name for the board, shown in the title; may be empty.
    pub name: String,
    /// The boxes on the board.
    pub nodes: Vec<Node>,
    /// The wires between boxes, directed from caller to callee.
    pub edges: Vec<Edge>,
    /// Failures to inject on the simulation's timeline; empty for a healthy run.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<Fault>,
}

/// One box on the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Node {
    /// Unique, non-empty id (at most 64 bytes); edges and errors refer to it.
    pub id: String,
    /// The text drawn on the box.
    pub label: String,
    /// Horizontal position of the box's centre in board units.
    pub x: f64,
    /// Vertical position of the box's centre in board units.
    pub y: f64,
    /// What the box is, with its knobs.
    pub settings: NodeSettings,
}

/// A directed wire: `from` calls `to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Edge {
    /// Id of the calling node.
    pub from: String,
    /// Id of the called node.
    pub to: String,
}

/// A node's kind together with its settings; serialised with a `"kind"` tag, and read by
/// `settings_reader` in the same form.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NodeSettings {
    /// The population sending requests.
    Users(UsersSettings),
    /// A load balancer in front of the App Server copies.
    LoadBalancer,
    /// The stateless application tier.
    AppServer(AppServerSettings),
    /// An object cache in front of the database.
    Cache(CacheSettings),
    /// The sharded database.
    Database(DatabaseSettings),
}

/// A node's kind without its settings, for messages and grouping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    /// See [`NodeSettings::Users`].
    Users,
    /// See [`NodeSettings::LoadBalancer`].
    LoadBalancer,
    /// See [`NodeSettings::AppServer`].
    AppServer,
    /// See [`NodeSettings::Cache`].
    Cache,
    /// See [`NodeSettings::Database`].
    Database,
}

impl NodeKind {
    /// Every kind, in the order of the model's pipeline (see [`super::model`]) and the palette.
    pub const ALL: [NodeKind; 5] = [
        NodeKind::Users,
        NodeKind::LoadBalancer,
        NodeKind::AppServer,
        NodeKind::Cache,
        NodeKind::Database,
    ];

    /// Whether a design needs exactly one node of this kind; the others are optional, at most one
    /// (the pipeline [`super::model`] compiles).
    pub fn required(self) -> bool {
        match self {
            NodeKind::Users | NodeKind::AppServer | NodeKind::Database => true,
            NodeKind::LoadBalancer | NodeKind::Cache => false,
        }
    }

    /// Whether a node of this kind passes each request it gets on to one callee, so it can be
    /// put on an existing edge ([`Design::splice_point`]). A cache is not: cache-aside needs the
    /// App Server's own edge to the database too.
    pub fn passes_through(self) -> bool {
        match self {
            NodeKind::LoadBalancer => true,
            NodeKind::Users | NodeKind::AppServer | NodeKind::Cache | NodeKind::Database => false,
        }
    }

    /// The kinds a node of this kind may call, and the rule, in words, that another edge from it
    /// breaks.
    pub fn callees(self) -> (&'static [NodeKind], &'static str) {
        match self {
            NodeKind::Users => (
                &[NodeKind::LoadBalancer, NodeKind::AppServer],
                "users call the load balancer or the App Server",
            ),
            NodeKind::LoadBalancer => (
                &[NodeKind::AppServer],
                "a load balancer calls the App Server",
            ),
            NodeKind::AppServer => (
                &[NodeKind::Cache, NodeKind::Database],
                "an App Server calls the cache or the database",
            ),
            NodeKind::Cache => (
                &[NodeKind::Database],
                "a cache may only call the database (read-through)",
            ),
            NodeKind::Database => (&[], "the database calls nothing; it is the end of the path"),
        }
    }

    /// The snake_case name used in JSON and reports.
    pub fn name(self) -> &'static str {
        match self {
            NodeKind::Users => "users",
            NodeKind::LoadBalancer => "load_balancer",
            NodeKind::AppServer => "app_server",
            NodeKind::Cache => "cache",
            NodeKind::Database => "database",
        }
    }

    /// The kind whose [`NodeKind::name`] is `name`.
    pub fn from_name(name: &str) -> Option<NodeKind> {
        NodeKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The default label for a new box of this kind.
    pub fn title(self) -> &'static str {
        match self {
            NodeKind::Users => "Users",
            NodeKind::LoadBalancer => "Load balancer",
            NodeKind::AppServer => "App Server",
            NodeKind::Cache => "Cache",
            NodeKind::Database => "Database",
        }
    }

    /// One sentence on what the box does in the model.
    pub fn why(self) -> &'static str {
        match self {
            NodeKind::Users => "The people sending requests; their number and habits set the load.",
            NodeKind::LoadBalancer => {
                "It sends each request to the least busy App Server copy, so one slow copy does not \
                 collect a queue while another idles."
            }
            NodeKind::AppServer => {
                "The stateless code that decodes the ID and decides where to read; copies add cores."
            }
            NodeKind::Cache => {
                "Memory in front of the database, so a popular object is read without touching a \
                 shard."
            }
            NodeKind::Database => {
                "The rows themselves, split over shards; each shard is a master, with an optional \
                 standby and read replicas."
            }
        }
    }

    /// The settings the panel shows for this kind, in display order.
    pub fn settings(self) -> &'static [Setting] {
        match self {
            NodeKind::Users => &[
                Setting::UserCount,
                Setting::RequestsPerUser,
                Setting::ReadFraction,
                Setting::ZipfExponent,
                Setting::CatalogueObjects,
                Setting::UserSkew,
                Setting::ApdexT,
            ],
            NodeKind::LoadBalancer => &[],
            NodeKind::AppServer => &[
                Setting::AppSize,
                Setting::Copies,
                Setting::QueueBound,
                Setting::TimeoutMs,
            ],
            NodeKind::Cache => &[
                Setting::CacheEngine,
                Setting::CacheStrategy,
                Setting::CacheTtl,
                Setting::CacheSize,
            ],
            NodeKind::Database => &[
                Setting::DbEngine,
                Setting::Shards,
                Setting::ShardKey,
                Setting::DbSize,
                Setting::ReadReplicas,
                Setting::Standby,
                Setting::Replication,
                Setting::AutoFailover,
                Setting::FailoverDetect,
                Setting::FailoverPromote,
                Setting::RowBytes,
                Setting::CopyThrottle,
            ],
        }
    }
}

impl NodeSettings {
    /// The Users node's settings, if this is one.
    pub fn users(&self) -> Option<&UsersSettings> {
        if let NodeSettings::Users(u) = self {
            Some(u)
        } else {
            None
        }
    }

    /// The Cache node's settings, if this is one.
    pub fn cache(&self) -> Option<&CacheSettings> {
        if let NodeSettings::Cache(c) = self {
            Some(c)
        } else {
            None
        }
    }

    /// The Database node's settings, if this is one.
    pub fn database(&self) -> Option<&DatabaseSettings> {
        if let NodeSettings::Database(d) = self {
            Some(d)
        } else {
            None
        }
    }

    /// This node's kind.
    pub fn kind(&self) -> NodeKind {
        match self {
            NodeSettings::Users(_) => NodeKind::Users,
            NodeSettings::LoadBalancer => NodeKind::LoadBalancer,
            NodeSettings::AppServer(_) => NodeKind::AppServer,
            NodeSettings::Cache(_) => NodeKind::Cache,
            NodeSettings::Database(_) => NodeKind::Database,
        }
    }

    /// Default settings for a new box of `kind`, as the palette adds it.
    pub fn default_for(kind: NodeKind) -> NodeSettings {
        match kind {
            NodeKind::Users => NodeSettings::Users(UsersSettings::default()),
            NodeKind::LoadBalancer => NodeSettings::LoadBalancer,
            NodeKind::AppServer => NodeSettings::AppServer(AppServerSettings::default()),
            NodeKind::Cache => NodeSettings::Cache(CacheSettings::default()),
            NodeKind::Database => NodeSettings::Database(DatabaseSettings::default()),
        }
    }
}

/// Every knob on the board, for the settings panel's Setting and Why columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Setting {
    /// [`UsersSettings::count`].
    UserCount,
    /// [`UsersSettings::requests_per_user_per_s`].
    RequestsPerUser,
    /// [`UsersSettings::read_fraction`].
    ReadFraction,
    /// [`UsersSettings::zipf_exponent`].
    ZipfExponent,
    /// [`UsersSettings::catalogue_objects`].
    CatalogueObjects,
    /// [`UsersSettings::user_skew`].
    UserSkew,
    /// [`UsersSettings::apdex_t_ms`].
    ApdexT,
    /// [`AppServerSettings::size`].
    AppSize,
    /// [`AppServerSettings::copies`].
    Copies,
    /// [`AppServerSettings::queue_bound`].
    QueueBound,
    /// [`AppServerSettings::timeout_ms`].
    TimeoutMs,
    /// [`CacheSettings::engine`].
    CacheEngine,
    /// [`CacheSettings::strategy`].
    CacheStrategy,
    /// [`CacheSettings::ttl_s`].
    CacheTtl,
    /// [`CacheSettings::size`].
    CacheSize,
    /// [`DatabaseSettings::engine`].
    DbEngine,
    /// [`DatabaseSettings::shards`].
    Shards,
    /// [`DatabaseSettings::shard_key`].
    ShardKey,
    /// [`DatabaseSettings::size`].
    DbSize,
    /// [`DatabaseSettings::standby`].
    Standby,
    /// [`DatabaseSettings::auto_failover`].
    AutoFailover,
    /// [`DatabaseSettings::read_replicas`].
    ReadReplicas,
    /// [`DatabaseSettings::replication`].
    Replication,
    /// [`DatabaseSettings::failover_detect_s`].
    FailoverDetect,
    /// [`DatabaseSettings::failover_promote_s`].
    FailoverPromote,
    /// [`DatabaseSettings::row_bytes`].
    RowBytes,
    /// [`DatabaseSettings::copy_mb_s`].
    CopyThrottle,
}

impl Setting {
    /// The JSON field name inside the node's `settings` object.
    pub fn key(self) -> &'static str {
        match self {
            Setting::UserCount => "count",
            Setting::RequestsPerUser => "requests_per_user_per_s",
            Setting::ReadFraction => "read_fraction",
            Setting::ZipfExponent => "zipf_exponent",
            Setting::CatalogueObjects => "catalogue_objects",
            Setting::UserSkew => "user_skew",
            Setting::ApdexT => "apdex_t_ms",
            Setting::AppSize | Setting::CacheSize | Setting::DbSize => "size",
            Setting::Copies => "copies",
            Setting::QueueBound => "queue_bound",
            Setting::TimeoutMs => "timeout_ms",
            Setting::CacheEngine | Setting::DbEngine => "engine",
            Setting::CacheStrategy => "strategy",
            Setting::CacheTtl => "ttl_s",
            Setting::Shards => "shards",
            Setting::ShardKey => "shard_key",
            Setting::Standby => "standby",
            Setting::AutoFailover => "auto_failover",
            Setting::ReadReplicas => "read_replicas",
            Setting::Replication => "replication",
            Setting::FailoverDetect => "failover_detect_s",
            Setting::FailoverPromote => "failover_promote_s",
            Setting::RowBytes => "row_bytes",
            Setting::CopyThrottle => "copy_mb_s",
        }
    }

    /// The label in the panel's Setting column.
    pub fn label(self) -> &'static str {
        match self {
            Setting::UserCount => "Users",
            Setting::RequestsPerUser => "Requests per user per second",
            Setting::ReadFraction => "Read fraction",
            Setting::ZipfExponent => "Key popularity (Zipf exponent)",
            Setting::CatalogueObjects => "Objects in the catalogue",
            Setting::UserSkew => "User skew (Zipf exponent)",
            Setting::ApdexT => "Apdex T (ms)",
            Setting::AppSize | Setting::CacheSize | Setting::DbSize => "Instance size",
            Setting::Copies => "Copies",
            Setting::QueueBound => "Queue bound",
            Setting::TimeoutMs => "Timeout (ms)",
            Setting::CacheEngine | Setting::DbEngine => "Engine",
            Setting::CacheStrategy => "Cache strategy",
            Setting::CacheTtl => "TTL (seconds)",
            Setting::Shards => "Shards",
            Setting::ShardKey => "Shard key",
            Setting::Standby => "Standby",
            Setting::AutoFailover => "Auto-failover",
            Setting::ReadReplicas => "Read replicas per shard",
            Setting::Replication => "Replication",
            Setting::FailoverDetect => "Failover detection (s)",
            Setting::FailoverPromote => "Failover promotion (s)",
            Setting::RowBytes => "Row size (bytes)",
            Setting::CopyThrottle => "Copy throttle (MB/s)",
        }
    }

    /// One sentence, in our words, on why the knob matters.
    pub fn why(self) -> &'static str {
        match self {
            Setting::UserCount => {
                "More people means more requests per second, and every queue on the path grows with \
                 them."
            }
            Setting::RequestsPerUser => {
                "How chatty each person is; users times this rate is the load the board must carry."
            }
            Setting::ReadFraction => {
                "Reads can be served from the cache, but every write must reach the shard's master."
            }
            Setting::ZipfExponent => {
                "A higher exponent piles the traffic onto a few famous objects, which helps a cache \
                 and can overload one shard."
            }
            Setting::CatalogueObjects => {
                "The number of distinct objects; a cache that holds a small share of them still \
                 catches most reads when popularity is skewed."
            }
            Setting::UserSkew => {
                "A few very active users make a hot shard when rows are placed by user."
            }
            Setting::ApdexT => {
                "Replies faster than T count as satisfied and up to 4T as tolerated; the rest, and \
                 all errors, as frustrated."
            }
            Setting::AppSize => {
                "A bigger instance has more cores, so more requests are served at once, at a higher \
                 price per hour."
            }
            Setting::Copies => {
                "Copies multiply the App Server's cores and its price; without a load balancer each \
                 copy gets a random share."
            }
            Setting::QueueBound => {
                "How many requests may wait for a core on each copy; past it a request is turned \
                 away at once instead of waiting."
            }
            Setting::TimeoutMs => {
                "A request still unanswered after this long counts as an error, so an overloaded \
                 queue fails fast instead of forever."
            }
            Setting::CacheEngine => {
                "Memcached spreads work over all cores; Redis answers each command on one thread, \
                 faster per command but with one core."
            }
            Setting::CacheStrategy => {
                "Aside: the app fills the cache after a miss and deletes on write; through: the cache \
                 sits in the path and writes refresh it; none: the box is unused."
            }
            Setting::CacheTtl => {
                "An entry expires this long after it was stored, which bounds staleness but costs a \
                 miss per object per TTL."
            }
            Setting::CacheSize => {
                "A bigger instance holds more objects before the least recently used one is evicted, \
                 and has more cores."
            }
            Setting::DbEngine => {
                "MySQL or PostgreSQL; the model treats both as equally fast, so the engine changes \
                 the label and the price only."
            }
            Setting::Shards => {
                "Each physical shard is one master with its own cores; more shards split the rows \
                 and the load, and add to the bill."
            }
            Setting::ShardKey => {
                "What decides a row's shard: the shard bits in the ID, a hash of the object or of the \
                 user, or a time range that sends new rows to the last shard."
            }
            Setting::DbSize => {
                "A bigger instance gives every shard more cores and a little more speed, at a higher \
                 price per shard."
            }
            Setting::Standby => {
                "A replicated spare per shard doubles the database bill and serves nothing, until the \
                 master dies."
            }
            Setting::AutoFailover => {
                "With a standby, a dead master is replaced after a short gap; without it the shard's \
                 requests fail until someone acts."
            }
            Setting::ReadReplicas => {
                "Each replica, billed like the master, takes a turn at the shard's reads; every write \
                 still goes to the master."
            }
            Setting::Replication => {
                "Sync: a write waits until a copy has it too, a round trip more. Async: it does not \
                 wait, and a dead master takes its newest writes with it."
            }
            Setting::FailoverDetect => {
                "How long before a dead master is noticed; every request to it fails meanwhile."
            }
            Setting::FailoverPromote => {
                "How long the standby takes to become the master once the death is noticed; the \
                 shard's requests keep failing until then."
            }
            Setting::RowBytes => {
                "What one row takes on disk, its indexes included; splitting a shard copies every \
                 row of the range that moves, so this sets the copy's size."
            }
            Setting::CopyThrottle => {
                "How fast a split may copy. Faster ends the copy sooner, but meanwhile it takes more \
                 of the source's cores, so the shard's requests wait longer."
            }
        }
    }
}

/// Instance sizes shared by App Servers, caches and databases.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum InstanceSize {
    /// 2 cores, a little slower per core.
    Small,
    /// 4 cores.
    #[default]
    Medium,
    /// 8 cores.
    Large,
    /// 16 cores, a little faster per core.
    Xlarge,
}

impl InstanceSize {
    /// All sizes, smallest first.
    pub const ALL: [InstanceSize; 4] = [
        InstanceSize::Small,
        InstanceSize::Medium,
        InstanceSize::Large,
        InstanceSize::Xlarge,
    ];

    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            InstanceSize::Small => "small",
            InstanceSize::Medium => "medium",
            InstanceSize::Large => "large",
            InstanceSize::Xlarge => "xlarge",
        }
    }

    /// Cores, i.e. servers in the instance's queue.
    pub fn cores(self) -> u32 {
        match self {
            InstanceSize::Small => 2,
            InstanceSize::Medium => 4,
            InstanceSize::Large => 8,
            InstanceSize::Xlarge => 16,
        }
    }

    /// Per-core speed relative to `large`; service times are divided by it. Bigger boxes get more
    /// memory and newer cores in our model, so they are slightly faster per core.
    pub fn speed(self) -> f64 {
        match self {
            InstanceSize::Small => 0.8,
            InstanceSize::Medium => 0.9,
            InstanceSize::Large => 1.0,
            InstanceSize::Xlarge => 1.1,
        }
    }

    /// How many objects a cache instance of this size holds before LRU eviction.
    pub fn cache_capacity_objects(self) -> u32 {
        match self {
            InstanceSize::Small => 25_000,
            InstanceSize::Medium => 100_000,
            InstanceSize::Large => 400_000,
            InstanceSize::Xlarge => 1_600_000,
        }
    }
}

/// The Users node's knobs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UsersSettings {
    /// Number of users, 1 … 1,000,000. `estimate`/`simulate` take an override.
    pub count: u32,
    /// Requests each user sends per second, 0.001 … 100 (open loop, Poisson).
    pub requests_per_user_per_s: f64,
    /// Share of requests that are reads, 0 … 1; the rest are writes.
    pub read_fraction: f64,
    /// Zipf exponent of object popularity, 0 (uniform) … 2.
    pub zipf_exponent: f64,
    /// Objects in the catalogue, 1 … 1,000,000; each has a Pinterest-style 64-bit ID.
    pub catalogue_objects: u32,
    /// Zipf exponent of how active users are, 0 (all alike) … 2.
    pub user_skew: f64,
    /// Apdex threshold T in milliseconds, 1 … 60,000.
    pub apdex_t_ms: f64,
}

impl Default for UsersSettings {
    fn default() -> Self {
        UsersSettings {
            count: 1_000,
            requests_per_user_per_s: 1.0,
            read_fraction: 0.9,
            zipf_exponent: 0.9,
            catalogue_objects: 100_000,
            user_skew: 0.0,
            apdex_t_ms: 250.0,
        }
    }
}

/// The App Server node's knobs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AppServerSettings {
    /// Instance size, which sets cores and per-core speed.
    pub size: InstanceSize,
    /// Number of identical copies, 1 … 64.
    pub copies: u32,
    /// Requests allowed to wait for a core on each copy, 0 … 100,000.
    pub queue_bound: u32,
    /// End-to-end timeout in milliseconds, 1 … 600,000.
    pub timeout_ms: u32,
}

impl Default for AppServerSettings {
    fn default() -> Self {
        AppServerSettings {
            size: InstanceSize::Medium,
            copies: 2,
            queue_bound: 1_000,
            timeout_ms: 2_000,
        }
    }
}

/// Cache engines.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum CacheEngine {
    /// Multi-threaded: one server per core.
    #[default]
    Memcached,
    /// Single-threaded: one server, faster per command.
    Redis,
}

impl CacheEngine {
    /// Every value, in the settings panel's order.
    pub const ALL: [CacheEngine; 2] = [CacheEngine::Memcached, CacheEngine::Redis];

    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            CacheEngine::Memcached => "memcached",
            CacheEngine::Redis => "redis",
        }
    }
}

/// How the application uses the cache.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum CacheStrategy {
    /// The cache box is on the board but nobody calls it.
    None,
    /// Cache-aside: read the cache, on a miss read the shard and fill; writes go to the shard and
    /// then delete the cached copy.
    #[default]
    Aside,
    /// Read/write-through: the cache is in the path; it reads the shard on a miss, and writes pass
    /// through it to the shard and refresh the cached copy.
    Through,
}

impl CacheStrategy {
    /// Every value, in the settings panel's order.
    pub const ALL: [CacheStrategy; 3] = [
        CacheStrategy::None,
        CacheStrategy::Aside,
        CacheStrategy::Through,
    ];

    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            CacheStrategy::None => "none",
            CacheStrategy::Aside => "aside",
            CacheStrategy::Through => "through",
        }
    }
}

/// The Cache node's knobs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CacheSettings {
    /// Memcached or Redis.
    pub engine: CacheEngine,
    /// None, aside or through.
    pub strategy: CacheStrategy,
    /// Seconds an entry lives after it is stored, 1 … 86,400.
    pub ttl_s: u32,
    /// Instance size, which sets capacity (objects), cores and speed.
    pub size: InstanceSize,
}

impl Default for CacheSettings {
    fn default() -> Self {
        CacheSettings {
            engine: CacheEngine::Memcached,
            strategy: CacheStrategy::Aside,
            ttl_s: 60,
            size: InstanceSize::Medium,
        }
    }
}

/// Database engines.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum DbEngine {
    /// MySQL.
    #[default]
    Mysql,
    /// PostgreSQL.
    Postgres,
}

impl DbEngine {
    /// Every value, in the settings panel's order.
    pub const ALL: [DbEngine; 2] = [DbEngine::Mysql, DbEngine::Postgres];

    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            DbEngine::Mysql => "mysql",
            DbEngine::Postgres => "postgres",
        }
    }

    /// Host name prefix, in the style of Pinterest's `MySQL001A`.
    pub fn host_prefix(self) -> &'static str {
        match self {
            DbEngine::Mysql => "MySQL",
            DbEngine::Postgres => "Postgres",
        }
    }
}

/// What decides which shard holds a row.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum ShardKey {
    /// The shard number is read from bits 61–46 of the object's Pinterest-style ID.
    #[default]
    IdEncoded,
    /// A hash of the object's ID.
    HashObject,
    /// A hash of the requesting user's ID (rows are grouped per user).
    HashUser,
    /// Ranges of creation time; the newest objects are on the last shard.
    RangeTime,
}

impl ShardKey {
    /// Every value, in the settings panel's order.
    pub const ALL: [ShardKey; 4] = [
        ShardKey::IdEncoded,
        ShardKey::HashObject,
        ShardKey::HashUser,
        ShardKey::RangeTime,
    ];

    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            ShardKey::IdEncoded => "id_encoded",
            ShardKey::HashObject => "hash_object",
            ShardKey::HashUser => "hash_user",
            ShardKey::RangeTime => "range_time",
        }
    }
}

/// How a master ships its writes to its standby and replicas.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Replication {
    /// A write is answered once the master has it; its copies catch up within
    /// [`super::model::REPLICATION_LAG_S`].
    #[default]
    Async,
    /// A write is answered once one copy (the standby, else a replica) has applied it too.
    Sync,
}

impl Replication {
    /// Every value, in the settings panel's order.
    pub const ALL: [Replication; 2] = [Replication::Async, Replication::Sync];

    /// The JSON name.
    pub fn name(self) -> &'static str {
        match self {
            Replication::Async => "async",
            Replication::Sync => "sync",
        }
    }
}

/// The Database node's knobs. The board keeps one node per kind: replicas and standbys are
/// settings of this node, not boxes of their own.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DatabaseSettings {
    /// MySQL or PostgreSQL.
    pub engine: DbEngine,
    /// Physical shards (master hosts), 1 … 64, standing for 4,096 logical shards.
    pub shards: u32,
    /// How a row's shard is chosen.
    pub shard_key: ShardKey,
    /// Instance size of every master (and standby).
    pub size: InstanceSize,
    /// One replicated standby per master.
    pub standby: bool,
    /// Promote the standby automatically when a master dies (needs `standby`).
    pub auto_failover: bool,
    /// Read replicas per shard, 0 … 5, each the master's size and price; the shard's reads take
    /// turns over the master and its replicas. Left out of the JSON when 0, as every field below
    /// is when it has its default, so a design that does not use them reads in older builds.
    #[serde(skip_serializing_if = "is_zero")]
    pub read_replicas: u32,
    /// Whether a write waits for a copy (sync) or not (async).
    #[serde(skip_serializing_if = "is_async")]
    pub replication: Replication,
    /// Seconds, 1 … 300, from a master's death until auto-failover notices it.
    #[serde(skip_serializing_if = "is_default_detect")]
    pub failover_detect_s: u32,
    /// Seconds, 1 … 300, from noticing the death until the standby serves as master.
    #[serde(skip_serializing_if = "is_default_promote")]
    pub failover_promote_s: u32,
    /// Bytes per row on disk, 64 … 1,048,576, indexes included: with the objects a split moves,
    /// the size of its copy ([`super::reshard`]).
    #[serde(skip_serializing_if = "is_default_row_bytes")]
    pub row_bytes: u32,
    /// MB/s, 1 … 2,000: the throttle a split's copy runs at, at most what the new host can write.
    #[serde(skip_serializing_if = "is_default_copy_mb_s")]
    pub copy_mb_s: u32,
}

/// [`DatabaseSettings::failover_detect_s`]'s default. With the promotion's, it is the 10 s gap
/// every design had before the two were settings.
pub const DEFAULT_FAILOVER_DETECT_S: u32 = 5;
/// [`DatabaseSettings::failover_promote_s`]'s default.
pub const DEFAULT_FAILOVER_PROMOTE_S: u32 = 5;
/// [`DatabaseSettings::row_bytes`]'s default: a kilobyte, a small row with its index entries.
pub const DEFAULT_ROW_BYTES: u32 = 1_024;
/// [`DatabaseSettings::copy_mb_s`]'s default: a copy that leaves the source most of its cores.
pub const DEFAULT_COPY_MB_S: u32 = 200;

fn is_zero(value: &u32) -> bool {
    *value == 0
}

fn is_async(value: &Replication) -> bool {
    *value == Replication::Async
}

fn is_default_detect(value: &u32) -> bool {
    *value == DEFAULT_FAILOVER_DETECT_S
}

fn is_default_promote(value: &u32) -> bool {
    *value == DEFAULT_FAILOVER_PROMOTE_S
}

fn is_default_row_bytes(value: &u32) -> bool {
    *value == DEFAULT_ROW_BYTES
}

fn is_default_copy_mb_s(value: &u32) -> bool {
    *value == DEFAULT_COPY_MB_S
}

impl Default for DatabaseSettings {
    fn default() -> Self {
        DatabaseSettings {
            engine: DbEngine::Mysql,
            shards: 4,
            shard_key: ShardKey::IdEncoded,
            size: InstanceSize::Medium,
            standby: true,
            auto_failover: false,
            read_replicas: 0,
            replication: Replication::Async,
            failover_detect_s: DEFAULT_FAILOVER_DETECT_S,
            failover_promote_s: DEFAULT_FAILOVER_PROMOTE_S,
            row_bytes: DEFAULT_ROW_BYTES,
            copy_mb_s: DEFAULT_COPY_MB_S,
        }
    }
}

impl DatabaseSettings {
    /// Whether a dead master's standby takes over on its own: auto-failover on, and a standby to
    /// promote (the validator refuses auto-failover without one).
    pub fn fails_over(&self) -> bool {
        self.standby && self.auto_failover
    }

    /// Seconds from a master's death to its standby serving, under auto-failover.
    pub fn failover_gap_s(&self) -> f64 {
        f64::from(self.failover_detect_s) + f64::from(self.failover_promote_s)
    }

    /// Instances billed per shard: the master, its standby if on, and its read replicas.
    pub fn instances_per_shard(&self) -> u32 {
        u32::from(self.standby)
            .saturating_add(1)
            .saturating_add(self.read_replicas)
    }

    /// Whether writes wait for a copy: sync replication with a standby or a replica to wait for.
    pub fn writes_wait_for_a_copy(&self) -> bool {
        self.replication == Replication::Sync && (self.standby || self.read_replicas > 0)
    }
}

impl Design {
    /// The first node with this id.
    pub fn node(&self, id: &str) -> Option<&Node> {
        self.nodes.iter().find(|n| n.id == id)
    }

    /// The first node of `kind`.
    pub fn first_of(&self, kind: NodeKind) -> Option<&Node> {
        self.nodes.iter().find(|n| n.settings.kind() == kind)
    }

    /// The Users node's count, the default for `estimate`/`simulate`'s `users` argument; 0 when the
    /// design has no Users node (validation reports that).
    pub fn user_count(&self) -> u32 {
        self.nodes
            .iter()
            .find_map(|n| n.settings.users())
            .map_or(0, |u| u.count)
    }

    /// Whether an edge `from → to` exists.
    pub fn has_edge(&self, from: &str, to: &str) -> bool {
        self.edges.iter().any(|e| e.from == from && e.to == to)
    }

    /// The nodes `from` may be wired to next: those of a kind it may call
    /// ([`NodeKind::callees`]) that it does not call yet. Empty for a node that is not there.
    pub fn connect_targets(&self, from: &str) -> Vec<&Node> {
        let Some(callees) = self.node(from).map(|n| n.settings.kind().callees().0) else {
            return Vec::new();
        };
        self.nodes
            .iter()
            .filter(|n| callees.contains(&n.settings.kind()) && !self.has_edge(from, &n.id))
            .collect()
    }

    /// The edge a new node of `kind` can be put on, so the design stays wired: the first edge
    /// whose caller may call `kind` and whose callee `kind` may call ([`NodeKind::callees`]), for
    /// a kind that passes every request on ([`NodeKind::passes_through`]). A load balancer added
    /// to users → App Server goes between them.
    pub fn splice_point(&self, kind: NodeKind) -> Option<usize> {
        let kind_of = |id: &str| self.node(id).map(|n| n.settings.kind());
        if !kind.passes_through() {
            return None;
        }
        self.edges.iter().position(|e| {
            let (from, to) = (kind_of(&e.from), kind_of(&e.to));
            from.is_some_and(|f| f.callees().0.contains(&kind))
                && to.is_some_and(|t| kind.callees().0.contains(&t))
        })
    }

    /// Puts node `id` on the edge at `index`: `from → to` becomes `from → id → to`. False, and
    /// nothing changed, when there is no such edge or node, or `id` is an end of it.
    pub fn splice(&mut self, id: &str, index: usize) -> bool {
        let Some(edge) = self.edges.get(index).cloned() else {
            return false;
        };
        if self.node(id).is_none() || edge.from == id || edge.to == id {
            return false;
        }
        self.edges.remove(index);
        self.edges.push(Edge {
            from: edge.from,
            to: id.to_string(),
        });
        self.edges.push(Edge {
            from: id.to_string(),
            to: edge.to,
        });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_every_node_kind_once() {
        crate::assert_lists_every_variant!(
            NodeKind,
            NodeKind::ALL,
            [Users, LoadBalancer, AppServer, Cache, Database]
        );
    }

    #[test]
    fn all_lists_every_instance_size_once() {
        crate::assert_lists_every_variant!(
            InstanceSize,
            InstanceSize::ALL,
            [Small, Medium, Large, Xlarge]
        );
    }

    #[test]
    fn all_lists_every_cache_engine_once() {
        crate::assert_lists_every_variant!(CacheEngine, CacheEngine::ALL, [Memcached, Redis]);
    }

    #[test]
    fn all_lists_every_cache_strategy_once() {
        crate::assert_lists_every_variant!(
            CacheStrategy,
            CacheStrategy::ALL,
            [None, Aside, Through]
        );
    }

    #[test]
    fn all_lists_every_db_engine_once() {
        crate::assert_lists_every_variant!(DbEngine, DbEngine::ALL, [Mysql, Postgres]);
    }

    #[test]
    fn all_lists_every_shard_key_once() {
        crate::assert_lists_every_variant!(
            ShardKey,
            ShardKey::ALL,
            [IdEncoded, HashObject, HashUser, RangeTime]
        );
    }

    #[test]
    fn all_lists_every_replication_once() {
        crate::assert_lists_every_variant!(Replication, Replication::ALL, [Async, Sync]);
    }
}
