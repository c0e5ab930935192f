//! The model's parameters: a validated design compiled into stations, rates and routing rules.
//!
//! [`compile`] is shared by [`super::estimate`] and [`super::simulate`], so the two always solve the
//! same system. The constants below are our own modelling choices and are listed in
//! `docs/design-format.md`; the CLI's `--explain` prints a [`Model`].
//!
//! # The fixed pipeline
//!
//! The board lets a reader drag boxes and wires freely, but the model is not a general graph: it
//! compiles one fixed pipeline, with **at most one node of each kind**, in this order
//! ([`NodeKind::ALL`]):
//!
//! ```text
//! Users → [Load balancer] → App Server → [Cache] → Database
//! ```
//!
//! Users, App Server and Database are required, exactly one each; the load balancer and the cache
//! are optional, at most one each ([`NodeKind::required`]). The wires only have to be ones the
//! pipeline allows ([`NodeKind::callees`]) and the ones the cache strategy needs (aside: App
//! Server → Cache and App Server → Database; through: App Server → Cache → Database); they
//! decide nothing else. The validator ([`super::validate`]) refuses a second node of a kind
//! ("the simulator models at most one") and a missing required one, so a design that validates
//! always compiles. A new kind of node is a new stage of this pipeline: its place here, its
//! station in [`Model`], and its handling in the estimate and the simulator.

use serde::Serialize;
use xxhash_rust::xxh3::xxh3_64_with_seed;

use super::design::{
    CacheEngine, CacheStrategy, DbEngine, Design, NodeKind, NodeSettings, Replication, ShardKey,
};
use super::faults::Fault;
use super::prices;
use super::validate::{check, SimError, MAX_USERS};

/// Mean App Server CPU time per request at speed 1.0, in seconds (decode the ID, call out, render).
pub const APP_SERVICE_S: f64 = 0.002;
/// Mean Memcached time per command at speed 1.0, in seconds; one server per core.
pub const MEMCACHED_OP_S: f64 = 0.000_2;
/// Mean Redis time per command at speed 1.0, in seconds; one server, because Redis runs commands
/// on a single thread.
pub const REDIS_OP_S: f64 = 0.000_05;
/// Mean database time per primary-key read at speed 1.0, in seconds.
pub const DB_READ_S: f64 = 0.005;
/// Mean database time per write at speed 1.0, in seconds (a write also flushes its log).
pub const DB_WRITE_S: f64 = 0.010;
/// Network round trip added for each call between boxes, in seconds. Hops add latency but do not
/// queue.
pub const HOP_S: f64 = 0.000_5;
/// Requests allowed to wait at the cache and at each database master before being turned away.
pub const BACKEND_QUEUE_BOUND: u32 = 1_000;
/// Seconds an async copy trails its master: the writes a master acknowledged in this window
/// before it died never reached its standby or replicas, and are lost. One figure rather than a
/// setting, because async lag under a steady load is well under a second to a few seconds and the
/// lesson (async loses the newest writes, sync none) does not hang on its exact size.
pub const REPLICATION_LAG_S: f64 = 1.0;
/// MB/s one database core at speed 1.0 reads for a split's copy (a scan of the moving rows,
/// sent on). A copy at throttle T takes T / (cores × speed × this) of each source core.
pub const COPY_READ_MB_S_PER_CORE: f64 = 200.0;
/// MB/s one database core at speed 1.0 writes for a split's copy: half the read rate, as a write
/// costs twice a read ([`DB_WRITE_S`]). The new host serves nothing until the cutover, so it may
/// give the copy every core: cores × speed × this is the fastest a copy can go.
pub const COPY_WRITE_MB_S_PER_CORE: f64 = 100.0;
/// The most of a core that copies running at once may take from a host's requests, so that two
/// splits of one host at full speed still leave it serving.
pub const MAX_COPY_SHARE: f64 = 0.9;
/// Logical shards the physical shards stand for, as in Pinterest's first layout.
pub const LOGICAL_SHARDS: u32 = 4_096;
/// [`LOGICAL_SHARDS`] as a `u64`, for the key arithmetic.
const LOGICAL_SHARDS_U64: u64 = LOGICAL_SHARDS as u64;
/// Pinterest type id of the catalogue's objects (1 = Pin).
pub const OBJECT_TYPE: u64 = 1;

/// Salt for the hash that assigns each new object its logical shard.
const ASSIGN_SALT: u64 = 0x5348_4152_444c_4142;
/// Salt for the object and user key hashes.
const KEY_SALT: u64 = 0x4b45_5948_4153_4821;

// TODO(layout): use layout::BitLayout::preset("pinterest") once merged
/// Composes a Pinterest-style ID: 2 reserved bits, 16 shard bits, 10 type bits, 36 local bits.
fn pinterest_id(shard: u64, type_id: u64, local: u64) -> u64 {
    ((shard & 0xFFFF) << 46) | ((type_id & 0x3FF) << 36) | (local & 0xF_FFFF_FFFF)
}

// TODO(layout): use layout::BitLayout::preset("pinterest") once merged
/// Extracts the shard field (bits 61–46) of a Pinterest-style ID.
fn pinterest_shard(id: u64) -> u64 {
    (id >> 46) & 0xFFFF
}

/// A multi-server FIFO station.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StationModel {
    /// Servers (cores) working in parallel.
    pub servers: u32,
    /// Mean service time per visit, in seconds (exponentially distributed).
    pub mean_service_s: f64,
    /// Requests allowed to wait when every server is busy.
    pub queue_bound: u32,
}

/// The cache, when a strategy other than `none` uses it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CacheModel {
    /// The cache's station.
    pub station: StationModel,
    /// Engine, for labels.
    pub engine: CacheEngine,
    /// Aside or through.
    pub strategy: CacheStrategy,
    /// Objects held before LRU eviction.
    pub capacity_objects: u32,
    /// Entry lifetime after it is stored, in seconds.
    pub ttl_s: f64,
}

/// The sharded database.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DbModel {
    /// Engine, for labels and host names.
    pub engine: DbEngine,
    /// Physical shards (masters) at the start of the run.
    pub shards: u32,
    /// Cores per master.
    pub servers: u32,
    /// Mean read time, in seconds.
    pub read_s: f64,
    /// Mean write time, in seconds.
    pub write_s: f64,
    /// Waiting requests allowed per master.
    pub queue_bound: u32,
    /// How rows are placed.
    pub shard_key: ShardKey,
    /// Whether each master has a standby.
    pub standby: bool,
    /// Whether a standby is promoted automatically.
    pub auto_failover: bool,
    /// Read replicas per shard, each a station like the master; a shard's reads take turns over
    /// the master and its replicas.
    pub read_replicas: u32,
    /// Async or sync.
    pub replication: Replication,
    /// Whether each write waits, after the master applies it, for one copy to apply it too (a
    /// hop plus a write's service time, which does not queue): sync replication with a copy.
    pub sync_writes: bool,
    /// Seconds from a master's death until auto-failover notices it.
    pub failover_detect_s: f64,
    /// Seconds from noticing until the standby serves.
    pub failover_promote_s: f64,
    /// Seconds from a master's death to its standby serving, under auto-failover: detection plus
    /// promotion.
    pub failover_gap_s: f64,
    /// Bytes per row on disk, for a split's copy.
    pub row_bytes: u32,
    /// The copy throttle, in MB/s.
    pub copy_mb_s: f64,
    /// MB/s a whole host reads for a copy ([`COPY_READ_MB_S_PER_CORE`] × cores × speed).
    pub copy_read_mb_s: f64,
    /// MB/s a whole host writes for a copy ([`COPY_WRITE_MB_S_PER_CORE`] × cores × speed): the
    /// fastest a copy onto a new host goes, whatever the throttle.
    pub copy_write_mb_s: f64,
}

/// The ids of the design's nodes, so reports can name them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NodeIds {
    /// The Users node.
    pub users: String,
    /// The load balancer, if any.
    pub load_balancer: Option<String>,
    /// The App Server node.
    pub app: String,
    /// The cache node, if on the board (even if unused).
    pub cache: Option<String>,
    /// The Database node.
    pub database: String,
}

/// A validated design compiled into what the solvers need.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Model {
    /// Users sending requests.
    pub users: u32,
    /// Mean arrivals per second before any spike (users × requests per user per second).
    pub arrival_rate: f64,
    /// Share of requests that are reads.
    pub read_fraction: f64,
    /// Zipf exponent of object popularity.
    pub zipf_exponent: f64,
    /// Objects in the catalogue.
    pub catalogue_objects: u32,
    /// Zipf exponent of user activity.
    pub user_skew: f64,
    /// Apdex threshold, in seconds.
    pub apdex_t_s: f64,
    /// End-to-end timeout, in seconds.
    pub timeout_s: f64,
    /// Latency added per call between boxes, in seconds.
    pub hop_s: f64,
    /// Whether a load balancer picks the least busy copy (otherwise each request picks a copy at
    /// random).
    pub load_balancer: bool,
    /// One App Server copy.
    pub app: StationModel,
    /// Number of App Server copies.
    pub app_copies: u32,
    /// The cache, if one is in use.
    pub cache: Option<CacheModel>,
    /// The database. Always present for a validated design.
    pub db: Option<DbModel>,
    /// The fault timeline.
    pub faults: Vec<Fault>,
    /// The design's burn, in $/s.
    pub burn_per_s: f64,
    /// Burn of one more shard host (master, standby if on, and read replicas), in $/s, charged
    /// after a split.
    pub shard_host_per_s: f64,
    /// Node ids for reports.
    pub node_ids: NodeIds,
}

/// Validates `design`, applies the `users` override and compiles the model.
pub fn compile(design: &Design, users: u32) -> Result<Model, SimError> {
    check(design)?;
    if users == 0 || users > MAX_USERS {
        return Err(SimError::Users { users });
    }
    let missing = |what: &str| SimError::Internal(format!("validated design lacks {what}"));
    let users_node = design
        .first_of(NodeKind::Users)
        .ok_or_else(|| missing("users"))?;
    let app_node = design
        .first_of(NodeKind::AppServer)
        .ok_or_else(|| missing("app"))?;
    let db_node = design
        .first_of(NodeKind::Database)
        .ok_or_else(|| missing("database"))?;
    let lb_node = design.first_of(NodeKind::LoadBalancer);
    let cache_node = design.first_of(NodeKind::Cache);

    let (NodeSettings::Users(u), NodeSettings::AppServer(a), NodeSettings::Database(d)) =
        (&users_node.settings, &app_node.settings, &db_node.settings)
    else {
        return Err(missing("node settings"));
    };

    let cache = cache_node
        .and_then(|n| n.settings.cache())
        .filter(|c| c.strategy != CacheStrategy::None)
        .map(|c| {
            let (servers, op) = match c.engine {
                CacheEngine::Memcached => (c.size.cores(), MEMCACHED_OP_S),
                CacheEngine::Redis => (1, REDIS_OP_S),
            };
            CacheModel {
                station: StationModel {
                    servers,
                    mean_service_s: op / c.size.speed(),
                    queue_bound: BACKEND_QUEUE_BOUND,
                },
                engine: c.engine,
                strategy: c.strategy,
                capacity_objects: c.size.cache_capacity_objects(),
                ttl_s: f64::from(c.ttl_s),
            }
        });

    let per_host_hour =
        prices::database_per_hour(d.engine, d.size) * f64::from(d.instances_per_shard());
    Ok(Model {
        users,
        arrival_rate: f64::from(users) * u.requests_per_user_per_s,
        read_fraction: u.read_fraction,
        zipf_exponent: u.zipf_exponent,
        catalogue_objects: u.catalogue_objects,
        user_skew: u.user_skew,
        apdex_t_s: u.apdex_t_ms / 1_000.0,
        timeout_s: f64::from(a.timeout_ms) / 1_000.0,
        hop_s: HOP_S,
        load_balancer: lb_node.is_some(),
        app: StationModel {
            servers: a.size.cores(),
            mean_service_s: APP_SERVICE_S / a.size.speed(),
            queue_bound: a.queue_bound,
        },
        app_copies: a.copies,
        cache,
        db: Some(DbModel {
            engine: d.engine,
            shards: d.shards,
            servers: d.size.cores(),
            read_s: DB_READ_S / d.size.speed(),
            write_s: DB_WRITE_S / d.size.speed(),
            queue_bound: BACKEND_QUEUE_BOUND,
            shard_key: d.shard_key,
            standby: d.standby,
            auto_failover: d.auto_failover,
            read_replicas: d.read_replicas,
            replication: d.replication,
            sync_writes: d.writes_wait_for_a_copy(),
            failover_detect_s: f64::from(d.failover_detect_s),
            failover_promote_s: f64::from(d.failover_promote_s),
            failover_gap_s: d.failover_gap_s(),
            row_bytes: d.row_bytes,
            copy_mb_s: f64::from(d.copy_mb_s),
            copy_read_mb_s: COPY_READ_MB_S_PER_CORE * f64::from(d.size.cores()) * d.size.speed(),
            copy_write_mb_s: COPY_WRITE_MB_S_PER_CORE * f64::from(d.size.cores()) * d.size.speed(),
        }),
        faults: design.faults.clone(),
        burn_per_s: prices::per_second(prices::design_per_hour(design)),
        shard_host_per_s: prices::per_second(per_host_hour),
        node_ids: NodeIds {
            users: users_node.id.clone(),
            load_balancer: lb_node.map(|n| n.id.clone()),
            app: app_node.id.clone(),
            cache: cache_node.map(|n| n.id.clone()),
            database: db_node.id.clone(),
        },
    })
}

impl Model {
    /// The Pinterest-style ID of the object with popularity rank `rank` (1 = most popular). Each
    /// object was given a logical shard at random when it was created, as Pinterest does.
    pub fn object_id(rank: u32) -> u64 {
        let logical =
            xxh3_64_with_seed(&u64::from(rank).to_le_bytes(), ASSIGN_SALT) % LOGICAL_SHARDS_U64;
        pinterest_id(logical, OBJECT_TYPE, u64::from(rank))
    }

    /// The logical shard (0 … 4095) holding the row a request touches, from the shard key and the
    /// request's actual object and user.
    pub fn logical_shard(&self, rank: u32, user: u32) -> u32 {
        let key = self.db.as_ref().map(|d| d.shard_key).unwrap_or_default();
        let logical = match key {
            ShardKey::IdEncoded => pinterest_shard(Self::object_id(rank)),
            ShardKey::HashObject => {
                xxh3_64_with_seed(&Self::object_id(rank).to_le_bytes(), KEY_SALT)
                    % LOGICAL_SHARDS_U64
            }
            ShardKey::HashUser => {
                xxh3_64_with_seed(&u64::from(user).to_le_bytes(), KEY_SALT) % LOGICAL_SHARDS_U64
            }
            ShardKey::RangeTime => {
                // Rank 1 is the newest object (new things are the popular ones), and time ranges
                // put the newest rows on the highest logical shard.
                let n = u64::from(self.catalogue_objects.max(1));
                let position_from_oldest = n.saturating_sub(u64::from(rank.max(1)));
                position_from_oldest
                    .saturating_mul(LOGICAL_SHARDS_U64)
                    .checked_div(n)
                    .unwrap_or(0)
            }
        };
        // The modulus keeps the value below 4,096, so it fits a u32.
        (logical % LOGICAL_SHARDS_U64) as u32
    }
}

/// The initial config table: logical shard → physical host index, in equal contiguous ranges,
/// like Pinterest's 512-shard ranges over 8 hosts.
pub(crate) fn initial_table(hosts: u32) -> Vec<u16> {
    let hosts = u64::from(hosts.max(1));
    (0..u64::from(LOGICAL_SHARDS))
        .map(|l| (l.saturating_mul(hosts) / LOGICAL_SHARDS_U64) as u16)
        .collect()
}

/// The logical shards (inclusive) that physical shard `index` of `hosts` holds under the initial
/// config table, or `None` when there is no such host. The inverse of [`initial_table`]: logical
/// shard `l` sits on host `l × hosts / 4096`, so host `i` holds `⌈i × 4096 / hosts⌉` up to the next
/// host's first shard minus one.
pub fn logical_shards_of_host(hosts: u32, index: u32) -> Option<(u32, u32)> {
    if hosts == 0 || index >= hosts || hosts > LOGICAL_SHARDS {
        return None;
    }
    let first_of = |i: u32| -> u32 {
        let total = u64::from(i).saturating_mul(LOGICAL_SHARDS_U64);
        // The quotient is at most 4,096, so it fits a u32.
        total.div_ceil(u64::from(hosts)) as u32
    };
    let first = first_of(index);
    let end = first_of(index.saturating_add(1)).checked_sub(1)?;
    (first <= end).then_some((first, end))
}

/// Up to `count` catalogue objects whose rows live on physical shard `index` of `hosts` when the
/// shard key is the ID (Pinterest's rule), most popular first, as `(rank, logical shard, id)`.
///
/// The IDs are the catalogue's own ([`Model::object_id`]). Their shard bits name the logical shard,
/// and that shard is in the host's range; the tests check both by decoding the IDs with the
/// Pinterest layout from [`crate::layout`]. (Composing them with that layout here would put the
/// whole layout module, with its validation messages, into the board page's download.)
pub fn sample_ids_on_host(hosts: u32, index: u32, count: usize) -> Vec<(u32, u32, u64)> {
    /// How far down the popularity list to look; with at most 64 hosts, ~1/64 of objects match.
    const SCAN_RANKS: u32 = 20_000;
    let Some((first, end)) = logical_shards_of_host(hosts, index) else {
        return Vec::new();
    };
    (1..=SCAN_RANKS)
        .filter_map(|rank| {
            let id = Model::object_id(rank);
            // The shard field is 16 bits wide, so it fits a u32.
            let logical = pinterest_shard(id) as u32;
            (first..=end)
                .contains(&logical)
                .then_some((rank, logical, id))
        })
        .take(count)
        .collect()
}

/// The host name of physical shard `index`, in Pinterest's style (`MySQL001A`).
pub fn host_name(engine: DbEngine, index: usize) -> String {
    format!("{}{:03}A", engine.host_prefix(), index.saturating_add(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinterest_id_round_trips_the_spec_example() {
        // Pin 241294492511762325 → shard 3429, type 1, local 7075733.
        let id = pinterest_id(3429, 1, 7_075_733);
        assert_eq!(id, 241_294_492_511_762_325);
        assert_eq!(pinterest_shard(id), 3429);
    }

    #[test]
    fn host_ranges_invert_the_initial_table() {
        for hosts in [1u32, 3, 7, 8, 64] {
            let table = initial_table(hosts);
            for index in 0..hosts {
                let (first, end) = logical_shards_of_host(hosts, index).unwrap();
                for l in 0..LOGICAL_SHARDS {
                    let on = u32::from(table[l as usize]) == index;
                    assert_eq!(
                        on,
                        (first..=end).contains(&l),
                        "{hosts} hosts, host {index}, shard {l}"
                    );
                }
            }
            assert_eq!(logical_shards_of_host(hosts, hosts), None);
        }
        assert_eq!(logical_shards_of_host(8, 6), Some((3072, 3583)));
        assert_eq!(logical_shards_of_host(0, 0), None);
    }

    #[test]
    fn sample_ids_are_catalogue_objects_on_their_host() {
        let layout = crate::layout::Preset::Pinterest.layout();
        for (hosts, index) in [(8u32, 6u32), (4, 0), (64, 63)] {
            let samples = sample_ids_on_host(hosts, index, 5);
            assert_eq!(samples.len(), 5);
            let (first, end) = logical_shards_of_host(hosts, index).unwrap();
            let mut last_rank = 0;
            for (rank, logical, id) in samples {
                assert!(rank > last_rank, "most popular first");
                last_rank = rank;
                assert_eq!(id, Model::object_id(rank));
                let composed = layout.compose_named([
                    ("shard", u64::from(logical)),
                    ("type", OBJECT_TYPE),
                    ("local", u64::from(rank)),
                ]);
                assert_eq!(composed, Ok(id));
                let shard = layout.decode(id).value("shard").unwrap();
                assert_eq!(shard, u64::from(logical));
                assert!((first..=end).contains(&logical));
                assert_eq!(u32::from(initial_table(hosts)[logical as usize]), index);
            }
        }
        assert!(sample_ids_on_host(8, 8, 5).is_empty());
    }

    #[test]
    fn initial_table_matches_pinterest_ranges() {
        let table = initial_table(8);
        assert_eq!(table[0], 0);
        assert_eq!(table[511], 0);
        assert_eq!(table[512], 1);
        assert_eq!(table[3429], 6); // MySQL007A
        assert_eq!(table[4095], 7);
        assert_eq!(host_name(DbEngine::Mysql, 6), "MySQL007A");
    }
}
