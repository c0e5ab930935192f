//! The preset boards, each with a reason for every choice, like the seed's settings table.

use serde::Serialize;

use super::design::{
    AppServerSettings, CacheEngine, CacheSettings, CacheStrategy, DatabaseSettings, DbEngine,
    Design, Edge, InstanceSize, Node, NodeSettings, Replication, Setting, ShardKey, UsersSettings,
    DEFAULT_COPY_MB_S, DEFAULT_FAILOVER_DETECT_S, DEFAULT_FAILOVER_PROMOTE_S, DEFAULT_ROW_BYTES,
    DESIGN_VERSION,
};

/// The preset the board opens on.
pub const DEFAULT_PRESET: &str = "pinterest";
/// The seed the board opens on and the CLI's `simulate` defaults to, so both give the same run.
pub const DEFAULT_SEED: u64 = 1;
/// Simulated seconds of arrivals per run: the board's, and the CLI's `--duration` default.
pub const DEFAULT_DURATION_S: f64 = 60.0;

/// The names [`preset`] accepts, in menu order.
pub const PRESET_NAMES: [&str; 3] = ["pinterest", "link-shortener", "one-big-box"];

/// Why a preset sets one knob the way it does.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PresetReason {
    /// The node the setting belongs to.
    pub node_id: &'static str,
    /// The setting.
    pub setting: Setting,
    /// The reason, in one or two sentences.
    pub reason: &'static str,
}

/// A ready-made board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Preset {
    /// The name [`preset`] accepts.
    pub name: &'static str,
    /// A title for the menu.
    pub title: &'static str,
    /// What the board teaches, in a sentence or two.
    pub summary: &'static str,
    /// The board itself.
    pub design: Design,
    /// One reason per setting the preset chose, in panel order.
    pub reasons: Vec<PresetReason>,
}

impl Preset {
    /// The reason for `setting` on `node_id`, if the preset gives one.
    pub fn reason(&self, node_id: &str, setting: Setting) -> Option<&'static str> {
        self.reasons
            .iter()
            .find(|r| r.node_id == node_id && r.setting == setting)
            .map(|r| r.reason)
    }
}

/// The preset called `name`, or `None` (see [`PRESET_NAMES`]).
pub fn preset(name: &str) -> Option<Preset> {
    match name {
        "pinterest" => Some(pinterest()),
        "link-shortener" => Some(link_shortener()),
        "one-big-box" => Some(one_big_box()),
        _ => None,
    }
}

fn node(id: &str, label: &str, x: f64, y: f64, settings: NodeSettings) -> Node {
    Node {
        id: id.to_string(),
        label: label.to_string(),
        x,
        y,
        settings,
    }
}

fn edge(from: &str, to: &str) -> Edge {
    Edge {
        from: from.to_string(),
        to: to.to_string(),
    }
}

fn reason(node_id: &'static str, setting: Setting, reason: &'static str) -> PresetReason {
    PresetReason {
        node_id,
        setting,
        reason,
    }
}

fn pinterest() -> Preset {
    let design = Design {
        version: DESIGN_VERSION,
        name: "Put the shard in the ID: Pinterest".to_string(),
        nodes: vec![
            node(
                "users",
                "Pinners",
                80.0,
                200.0,
                NodeSettings::Users(UsersSettings {
                    count: 4_000,
                    requests_per_user_per_s: 2.0,
                    read_fraction: 0.95,
                    zipf_exponent: 0.9,
                    catalogue_objects: 500_000,
                    user_skew: 1.0,
                    apdex_t_ms: 250.0,
                }),
            ),
            node(
                "app",
                "API (App Server)",
                300.0,
                200.0,
                NodeSettings::AppServer(AppServerSettings {
                    size: InstanceSize::Large,
                    copies: 3,
                    queue_bound: 1_000,
                    timeout_ms: 2_000,
                }),
            ),
            node(
                "cache",
                "Memcached",
                520.0,
                80.0,
                NodeSettings::Cache(CacheSettings {
                    engine: CacheEngine::Memcached,
                    strategy: CacheStrategy::Aside,
                    ttl_s: 60,
                    size: InstanceSize::Medium,
                }),
            ),
            node(
                "db",
                "MySQL shards",
                520.0,
                320.0,
                NodeSettings::Database(DatabaseSettings {
                    engine: DbEngine::Mysql,
                    shards: 8,
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
                }),
            ),
        ],
        edges: vec![
            edge("users", "app"),
            edge("app", "cache"),
            edge("app", "db"),
        ],
        faults: Vec::new(),
    };
    Preset {
        name: "pinterest",
        title: "Put the shard in the ID: Pinterest",
        summary: "The ID-sharded MySQL fleet at board scale: eight master/standby pairs standing for \
                  4,096 logical shards, with Memcached in front. The shard is read off each ID, so \
                  a read needs no lookup service.",
        design,
        reasons: vec![
            reason("users", Setting::UserCount, "4,000 users, the seed board's scale."),
            reason(
                "users",
                Setting::RequestsPerUser,
                "Two requests a second per active pinner, so the fleet carries 8,000 requests a \
                 second.",
            ),
            reason(
                "users",
                Setting::ReadFraction,
                "Browsing dominates: 95 % of requests read a Pin or a board.",
            ),
            reason(
                "users",
                Setting::ZipfExponent,
                "A few Pins go viral while most are rarely seen, which is what lets a cache work.",
            ),
            reason(
                "users",
                Setting::CatalogueObjects,
                "Half a million Pins stand for the billions; each has a Pinterest-style ID with its \
                 shard in bits 61–46.",
            ),
            reason(
                "users",
                Setting::UserSkew,
                "Some pinners are far more active than others. It only matters if rows are placed \
                 by user, so try that shard key.",
            ),
            reason("users", Setting::ApdexT, "A quarter of a second still feels instant."),
            reason(
                "app",
                Setting::AppSize,
                "Large, because the API tier decodes the ID and asks the cache on every request.",
            ),
            reason(
                "app",
                Setting::Copies,
                "Three copies stand for the API tier in front of the shard fleet.",
            ),
            reason(
                "app",
                Setting::QueueBound,
                "A thousand waiting requests per copy absorb a burst without queueing forever.",
            ),
            reason(
                "app",
                Setting::TimeoutMs,
                "Two seconds, after which a reader has given up anyway.",
            ),
            reason(
                "cache",
                Setting::CacheEngine,
                "Memcached holds the objects; Pinterest kept mappings in Redis, and the board folds \
                 both into one cache.",
            ),
            reason(
                "cache",
                Setting::CacheStrategy,
                "Aside: the app fills the cache after a miss, so a popular Pin is read from memory.",
            ),
            reason("cache", Setting::CacheTtl, "A minute bounds how stale a Pin can be."),
            reason(
                "cache",
                Setting::CacheSize,
                "Medium holds 100,000 objects, a fifth of the catalogue but most of the reads.",
            ),
            reason("db", Setting::DbEngine, "MySQL, the engine of every Pinterest shard."),
            reason(
                "db",
                Setting::Shards,
                "Eight masters, as Pinterest started with eight pairs; they stand for its 4,096 \
                 logical shards in ranges of 512.",
            ),
            reason(
                "db",
                Setting::ShardKey,
                "The shard number lives in the top bits of each 64-bit ID, so the app reads it off \
                 the ID and a split only changes the config table.",
            ),
            reason(
                "db",
                Setting::DbSize,
                "Medium for each shard, so a busy shard shows on the plot.",
            ),
            reason(
                "db",
                Setting::ReadReplicas,
                "None: the cache takes most reads off the masters.",
            ),
            reason(
                "db",
                Setting::Standby,
                "Each master has a replicated standby, as Pinterest paired its hosts.",
            ),
            reason(
                "db",
                Setting::Replication,
                "Async, MySQL's default: a write does not wait for the standby.",
            ),
            reason(
                "db",
                Setting::AutoFailover,
                "Off: production reads and writes only the master, and a person fails over a dead \
                 one. Kill a master to see what that costs.",
            ),
            reason(
                "db",
                Setting::FailoverDetect,
                "Used once auto-failover is on: a few missed health checks.",
            ),
            reason(
                "db",
                Setting::FailoverPromote,
                "Used once auto-failover is on: promote the standby, repoint the app.",
            ),
            reason(
                "db",
                Setting::RowBytes,
                "About a kilobyte: our guess for a Pin's row with its index entries.",
            ),
            reason(
                "db",
                Setting::CopyThrottle,
                "200 MB/s: a split's copy leaves each source most of its cores. Add a reshard to \
                 the timeline to see the bill.",
            ),
        ],
    }
}

fn link_shortener() -> Preset {
    let design = Design {
        version: DESIGN_VERSION,
        name: "Link shortener".to_string(),
        nodes: vec![
            node(
                "users",
                "Visitors",
                80.0,
                200.0,
                NodeSettings::Users(UsersSettings {
                    count: 20_000,
                    requests_per_user_per_s: 1.0,
                    read_fraction: 1.0,
                    zipf_exponent: 0.8,
                    catalogue_objects: 1_000_000,
                    user_skew: 0.0,
                    apdex_t_ms: 100.0,
                }),
            ),
            node(
                "lb",
                "Load balancer",
                300.0,
                200.0,
                NodeSettings::LoadBalancer,
            ),
            node(
                "app",
                "Redirect service",
                520.0,
                200.0,
                NodeSettings::AppServer(AppServerSettings {
                    size: InstanceSize::Xlarge,
                    copies: 4,
                    queue_bound: 500,
                    timeout_ms: 1_000,
                }),
            ),
            node(
                "db",
                "Link shards",
                740.0,
                200.0,
                NodeSettings::Database(DatabaseSettings {
                    engine: DbEngine::Mysql,
                    shards: 15,
                    shard_key: ShardKey::HashObject,
                    size: InstanceSize::Xlarge,
                    standby: true,
                    auto_failover: true,
                    read_replicas: 0,
                    replication: Replication::Async,
                    failover_detect_s: DEFAULT_FAILOVER_DETECT_S,
                    failover_promote_s: DEFAULT_FAILOVER_PROMOTE_S,
                    row_bytes: 500,
                    copy_mb_s: DEFAULT_COPY_MB_S,
                }),
            ),
        ],
        edges: vec![edge("users", "lb"), edge("lb", "app"), edge("app", "db")],
        faults: Vec::new(),
    };
    Preset {
        name: "link-shortener",
        title: "A link shortener",
        summary:
            "30 billion links is about 15 TB; at 1 TB a machine that is 15 shards, and 20,000 \
                  redirects a second is about 1,300 per shard. No cache yet: add one and watch the \
                  shards cool down.",
        design,
        reasons: vec![
            reason(
                "users",
                Setting::UserCount,
                "20,000 visitors clicking once a second make the 20,000 reads a second.",
            ),
            reason(
                "users",
                Setting::RequestsPerUser,
                "One click a second each.",
            ),
            reason(
                "users",
                Setting::ReadFraction,
                "Redirects only; creating links is rare enough to leave out.",
            ),
            reason(
                "users",
                Setting::ZipfExponent,
                "A few links are shared widely, most are clicked a handful of times.",
            ),
            reason(
                "users",
                Setting::CatalogueObjects,
                "A million links stand for the 30 billion.",
            ),
            reason(
                "users",
                Setting::UserSkew,
                "Visitors are anonymous and alike.",
            ),
            reason(
                "users",
                Setting::ApdexT,
                "100 ms, because a redirect should feel like no wait at all.",
            ),
            reason(
                "app",
                Setting::AppSize,
                "Xlarge: a redirect is cheap, but 20,000 a second still needs about 40 cores.",
            ),
            reason(
                "app",
                Setting::Copies,
                "Four copies give 64 cores, room for a burst.",
            ),
            reason(
                "app",
                Setting::QueueBound,
                "A short queue, because a redirect that waits long is worse than a quick error.",
            ),
            reason(
                "app",
                Setting::TimeoutMs,
                "One second, then the browser has given up.",
            ),
            reason(
                "db",
                Setting::DbEngine,
                "MySQL; any engine that does key lookups would do.",
            ),
            reason(
                "db",
                Setting::Shards,
                "15 shards of about 1 TB hold the 15 TB of links.",
            ),
            reason(
                "db",
                Setting::ShardKey,
                "A hash of the short code spreads links evenly, and a redirect knows its code.",
            ),
            reason(
                "db",
                Setting::DbSize,
                "Xlarge, so about 1,300 reads a second leave each shard under half busy.",
            ),
            reason(
                "db",
                Setting::ReadReplicas,
                "None yet: add two and each master serves a third of its shard's redirects.",
            ),
            reason(
                "db",
                Setting::Standby,
                "A standby per shard keeps links resolvable.",
            ),
            reason(
                "db",
                Setting::Replication,
                "Async: a link made a second before a crash is rarely missed.",
            ),
            reason(
                "db",
                Setting::AutoFailover,
                "On, because a redirect service has no one awake to fail over at night.",
            ),
            reason(
                "db",
                Setting::FailoverDetect,
                "A few seconds of failed health checks before the standby is told.",
            ),
            reason(
                "db",
                Setting::FailoverPromote,
                "A few more to promote it; the shard's redirects fail for both.",
            ),
            reason(
                "db",
                Setting::RowBytes,
                "About 500 bytes: 30 billion links in about 15 TB.",
            ),
            reason(
                "db",
                Setting::CopyThrottle,
                "200 MB/s, so a split's copy leaves the redirects most of each source's cores.",
            ),
        ],
    }
}

fn one_big_box() -> Preset {
    let design = Design {
        version: DESIGN_VERSION,
        name: "One big box (shard later)".to_string(),
        nodes: vec![
            node(
                "users",
                "Users",
                80.0,
                200.0,
                NodeSettings::Users(UsersSettings {
                    count: 2_000,
                    requests_per_user_per_s: 2.0,
                    read_fraction: 0.9,
                    zipf_exponent: 0.9,
                    catalogue_objects: 200_000,
                    user_skew: 0.0,
                    apdex_t_ms: 250.0,
                }),
            ),
            node(
                "app",
                "App Server",
                300.0,
                200.0,
                NodeSettings::AppServer(AppServerSettings {
                    size: InstanceSize::Large,
                    copies: 2,
                    queue_bound: 1_000,
                    timeout_ms: 2_000,
                }),
            ),
            node(
                "cache",
                "Redis",
                520.0,
                80.0,
                NodeSettings::Cache(CacheSettings {
                    engine: CacheEngine::Redis,
                    strategy: CacheStrategy::Aside,
                    ttl_s: 300,
                    size: InstanceSize::Large,
                }),
            ),
            node(
                "db",
                "One database",
                520.0,
                320.0,
                NodeSettings::Database(DatabaseSettings {
                    engine: DbEngine::Postgres,
                    shards: 1,
                    shard_key: ShardKey::IdEncoded,
                    size: InstanceSize::Xlarge,
                    standby: true,
                    auto_failover: true,
                    read_replicas: 0,
                    replication: Replication::Async,
                    failover_detect_s: DEFAULT_FAILOVER_DETECT_S,
                    failover_promote_s: DEFAULT_FAILOVER_PROMOTE_S,
                    row_bytes: DEFAULT_ROW_BYTES,
                    copy_mb_s: DEFAULT_COPY_MB_S,
                }),
            ),
        ],
        edges: vec![
            edge("users", "app"),
            edge("app", "cache"),
            edge("app", "db"),
        ],
        faults: Vec::new(),
    };
    Preset {
        name: "one-big-box",
        title: "One big box (shard later)",
        summary: "Before sharding, try a bigger machine and a cache. One xlarge database behind a \
                  cache carries 4,000 requests a second with room to spare; raise the users to \
                  find where it stops.",
        design,
        reasons: vec![
            reason("users", Setting::UserCount, "2,000 users, a young product."),
            reason(
                "users",
                Setting::RequestsPerUser,
                "Two requests a second each.",
            ),
            reason(
                "users",
                Setting::ReadFraction,
                "Nine reads for every write.",
            ),
            reason(
                "users",
                Setting::ZipfExponent,
                "Typical skew: the front page is read far more than the archive.",
            ),
            reason(
                "users",
                Setting::CatalogueObjects,
                "200,000 objects, all of which fit in one machine's memory and disk.",
            ),
            reason("users", Setting::UserSkew, "No power users yet."),
            reason(
                "users",
                Setting::ApdexT,
                "A quarter of a second still feels instant.",
            ),
            reason(
                "app",
                Setting::AppSize,
                "Large, so two copies cover the load twice over.",
            ),
            reason(
                "app",
                Setting::Copies,
                "Two, so one can be deployed while the other serves.",
            ),
            reason(
                "app",
                Setting::QueueBound,
                "A thousand waiting requests absorb a burst.",
            ),
            reason(
                "app",
                Setting::TimeoutMs,
                "Two seconds, after which users have left.",
            ),
            reason(
                "cache",
                Setting::CacheEngine,
                "Redis: one thread, but each command is fast, and it is the common first cache.",
            ),
            reason(
                "cache",
                Setting::CacheStrategy,
                "Aside: fill after a miss, delete on write, so the database sees few reads.",
            ),
            reason(
                "cache",
                Setting::CacheTtl,
                "Five minutes; the data changes slowly and deletes on write keep it fresh.",
            ),
            reason(
                "cache",
                Setting::CacheSize,
                "Large holds the whole catalogue, so only the first read of an object misses.",
            ),
            reason(
                "db",
                Setting::DbEngine,
                "PostgreSQL, a common single-box choice; the model prices it a little above MySQL.",
            ),
            reason(
                "db",
                Setting::Shards,
                "One: no shard key to pick, no cross-shard queries, no resharding. Shard later.",
            ),
            reason(
                "db",
                Setting::ShardKey,
                "Irrelevant with one shard; set to ID-encoded so a later split needs no rewrite.",
            ),
            reason(
                "db",
                Setting::DbSize,
                "Xlarge: a bigger machine is the cheapest way to grow, until it is the biggest.",
            ),
            reason(
                "db",
                Setting::ReadReplicas,
                "None: the cache answers most reads; a replica is the step before sharding.",
            ),
            reason(
                "db",
                Setting::Standby,
                "With one box, a standby is the only thing between a crash and an outage.",
            ),
            reason(
                "db",
                Setting::Replication,
                "Async: a write returns as soon as the one box has it.",
            ),
            reason(
                "db",
                Setting::AutoFailover,
                "On, as a managed database does it for you.",
            ),
            reason(
                "db",
                Setting::FailoverDetect,
                "A managed database notices a dead primary within seconds.",
            ),
            reason(
                "db",
                Setting::FailoverPromote,
                "And promotes its standby in a few more.",
            ),
            reason(
                "db",
                Setting::RowBytes,
                "A kilobyte a row; it matters once the one box must split.",
            ),
            reason(
                "db",
                Setting::CopyThrottle,
                "200 MB/s: the speed a split would copy at, if the box ever splits.",
            ),
        ],
    }
}
