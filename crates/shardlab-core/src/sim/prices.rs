//! Our own, illustrative price table, in US dollars per hour.
//!
//! The figures are round numbers modelled on 2026 on-demand cloud list prices for general-purpose
//! VMs, managed caches and managed relational databases. They are illustrative, not quotes: they
//! exist so the board can show that a standby doubles the database bill and a shard split adds a
//! host. `docs/prices.md` states the same table.

use serde::Serialize;

use super::design::{CacheEngine, DbEngine, Design, InstanceSize, NodeSettings};

/// Date the table was last reviewed, shown next to the burn figure.
pub const PRICES_AS_OF: &str = "2026-01";

/// Hours in the average month (365.25 × 24 / 12), used for $/month.
pub const HOURS_PER_MONTH: f64 = 730.5;

/// Seconds in an hour.
const SECONDS_PER_HOUR: f64 = 3_600.0;

/// $/hour of one App Server copy (a general-purpose VM).
pub fn app_server_per_hour(size: InstanceSize) -> f64 {
    match size {
        InstanceSize::Small => 0.10,
        InstanceSize::Medium => 0.20,
        InstanceSize::Large => 0.40,
        InstanceSize::Xlarge => 0.80,
    }
}

/// $/hour of one managed cache node. Both engines cost the same in our table.
pub fn cache_per_hour(engine: CacheEngine, size: InstanceSize) -> f64 {
    match (engine, size) {
        (_, InstanceSize::Small) => 0.08,
        (_, InstanceSize::Medium) => 0.16,
        (_, InstanceSize::Large) => 0.32,
        (_, InstanceSize::Xlarge) => 0.64,
    }
}

/// $/hour of one managed database instance (a master, a standby or a read replica, each billed
/// alike).
pub fn database_per_hour(engine: DbEngine, size: InstanceSize) -> f64 {
    match (engine, size) {
        (DbEngine::Mysql, InstanceSize::Small) => 0.09,
        (DbEngine::Mysql, InstanceSize::Medium) => 0.18,
        (DbEngine::Mysql, InstanceSize::Large) => 0.36,
        (DbEngine::Mysql, InstanceSize::Xlarge) => 0.72,
        (DbEngine::Postgres, InstanceSize::Small) => 0.10,
        (DbEngine::Postgres, InstanceSize::Medium) => 0.19,
        (DbEngine::Postgres, InstanceSize::Large) => 0.38,
        (DbEngine::Postgres, InstanceSize::Xlarge) => 0.76,
    }
}

/// $/hour of the load balancer (a flat hourly charge; traffic charges are left out).
pub const LOAD_BALANCER_PER_HOUR: f64 = 0.03;

/// Converts $/hour to $/second.
pub fn per_second(per_hour: f64) -> f64 {
    per_hour / SECONDS_PER_HOUR
}

/// Converts $/second to $/hour.
pub fn per_hour(per_second: f64) -> f64 {
    per_second * SECONDS_PER_HOUR
}

/// Converts $/second to $/month.
pub fn per_month(per_second: f64) -> f64 {
    per_second * SECONDS_PER_HOUR * HOURS_PER_MONTH
}

/// One line of a design's bill.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BillLine {
    /// The node billed.
    pub node_id: String,
    /// What is billed, e.g. "3 × large App Server".
    pub item: String,
    /// Instances billed for this node.
    pub instances: u32,
    /// $/hour for all of them.
    pub per_hour: f64,
}

/// The bill of a design, one line per priced node, in node order.
pub fn bill(design: &Design) -> Vec<BillLine> {
    let mut lines = Vec::new();
    for node in &design.nodes {
        let line = match &node.settings {
            NodeSettings::Users(_) => None,
            NodeSettings::LoadBalancer => {
                Some(("load balancer".to_string(), 1, LOAD_BALANCER_PER_HOUR))
            }
            NodeSettings::AppServer(a) => Some((
                format!("{} × {} App Server", a.copies, a.size.name()),
                a.copies,
                app_server_per_hour(a.size) * f64::from(a.copies),
            )),
            NodeSettings::Cache(c) => Some((
                format!("{} {} cache", c.size.name(), c.engine.name()),
                1,
                cache_per_hour(c.engine, c.size),
            )),
            NodeSettings::Database(d) => {
                let instances = d.shards.saturating_mul(d.instances_per_shard());
                let replicas = match d.read_replicas {
                    0 => String::new(),
                    1 => " + 1 replica".to_string(),
                    n => format!(" + {n} replicas"),
                };
                Some((
                    format!(
                        "{} × {} {} ({}{replicas})",
                        d.shards,
                        d.size.name(),
                        d.engine.name(),
                        match (d.standby, d.read_replicas) {
                            (true, _) => "master + standby",
                            (false, 0) => "master only",
                            (false, _) => "master",
                        }
                    ),
                    instances,
                    database_per_hour(d.engine, d.size) * f64::from(instances),
                ))
            }
        };
        if let Some((item, instances, per_hour)) = line {
            lines.push(BillLine {
                node_id: node.id.clone(),
                item,
                instances,
                per_hour,
            });
        }
    }
    lines
}

/// The design's whole burn in $/hour.
pub fn design_per_hour(design: &Design) -> f64 {
    bill(design).iter().map(|l| l.per_hour).sum()
}
