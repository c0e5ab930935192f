//! A live reshard: one shard's range split onto a new host as a timed operation, with its bill.
//!
//! # Where it lives: on the timeline
//!
//! A reshard is a [`FaultKind::Reshard`] on the design's timeline, beside the instant
//! [`FaultKind::ShardSplit`], rather than a pair of Database settings. The timeline already holds
//! the things that happen once, at a chosen second, to a named shard (a master dies, a range
//! splits); the validator already checks their shard and time, and a design without one writes
//! no `faults` at all. Settings describe the steady state the estimate solves, and a copy is not
//! a steady state. What a copy costs does belong to the database, so its two knobs are settings:
//! [`DatabaseSettings::row_bytes`](super::DatabaseSettings::row_bytes) and
//! [`DatabaseSettings::copy_mb_s`](super::DatabaseSettings::copy_mb_s).
//!
//! # The bill
//!
//! The range that moves is the one the Decoder's config table moves ([`moved_half`]): the upper
//! half of the host's logical shards, so 0 … 511 on `MySQL001A` sends 256 … 511 to `MySQL009A`.
//! Its rows are its share of the catalogue (objects × moved logical shards / 4,096, as the
//! objects are spread evenly over the logical shards), its bytes are rows × `row_bytes`, and the
//! copy runs at the throttle unless the new host writes slower
//! ([`super::model::COPY_WRITE_MB_S_PER_CORE`] per core): seconds = bytes / rate.
//!
//! # What the copy does to the run
//!
//! From the reshard's second the new host exists (and is billed) but serves nothing. The copy
//! reads the source master at the rate, which takes `source_share` = rate / what the host reads
//! ([`super::model::COPY_READ_MB_S_PER_CORE`] per core) of each of its cores: every request the
//! source starts meanwhile is served 1 / (1 − share) slower, so its queue, its p99 and its
//! timeouts grow with the throttle. The new host gives `target_share` of its cores to the
//! writes. When the copy is done the config table changes (the cutover): the moved range's
//! requests go to the new host, and the source keeps half its load. A copy that would end after
//! the run's arrivals has no cutover in the run, and its report says so.

use serde::{Deserialize, Serialize};

use super::design::Design;
use super::model::{compile, host_name, initial_table, DbModel, LOGICAL_SHARDS};
use super::validate::SimError;
use crate::layout::moved_half;
use crate::text::{data_size, rough_duration_s};

/// What a split's copy costs, and which range it moves, named as the Decoder's
/// [`Split`](crate::layout::Split) names it (`from`, `to`, `moved_start`, `moved_end`): the same
/// operation seen from the config table's side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReshardBill {
    /// The physical shard that splits, 0-based.
    pub shard: u32,
    /// Its master, which keeps the lower half: `MySQL001A`.
    pub from: String,
    /// The new host's master, which takes the upper half: `MySQL009A`.
    pub to: String,
    /// The first logical shard that moves.
    pub moved_start: u32,
    /// The last logical shard that moves.
    pub moved_end: u32,
    /// Rows to copy: the moved range's share of the catalogue.
    pub rows: u64,
    /// Bytes to copy: rows × the row size.
    pub bytes: u64,
    /// The throttle set on the database, in MB/s.
    pub throttle_mb_s: f64,
    /// The rate the copy runs at, in MB/s: the throttle, or what the new host can write if less.
    pub rate_mb_s: f64,
    /// How long the copy takes: bytes / rate, in seconds.
    pub seconds: f64,
    /// The share of each source core the copy takes while it runs, 0 … 1.
    pub source_share: f64,
    /// The share of each new-host core the copy's writes take, 0 … 1.
    pub target_share: f64,
}

impl ReshardBill {
    /// Whether the new host, not the throttle, sets the copy's rate.
    pub fn limited_by_target(&self) -> bool {
        self.rate_mb_s < self.throttle_mb_s
    }

    /// The bill as a reader reads it: `copies 4.1 GB at 200 MB/s: 20.5 s`, with the reason when
    /// the new host is slower than the throttle.
    pub fn text(&self) -> String {
        let limit = if self.limited_by_target() {
            format!(
                " (the new host writes no faster than that; the throttle is {:.0} MB/s)",
                self.throttle_mb_s
            )
        } else {
            String::new()
        };
        format!(
            "copies {} at {:.0} MB/s{limit}: {}",
            data_size(self.bytes),
            self.rate_mb_s,
            rough_duration_s(self.seconds)
        )
    }

    /// The config-table change, as the Decoder words a split: `logical shards 256 … 511 move
    /// from MySQL001A to MySQL009A`.
    pub fn moved_text(&self) -> String {
        format!(
            "logical shards {} … {} move from {} to {}",
            self.moved_start, self.moved_end, self.from, self.to
        )
    }
}

/// The bill for splitting host `shard` of the config `table` (logical shard → host) onto a new
/// host numbered `new_host`, or `None` when the host holds fewer than two logical shards. The
/// simulator calls it with the table of the moment, [`reshard_bill`] with the first one.
pub(crate) fn bill_on_table(
    db: &DbModel,
    catalogue_objects: u32,
    table: &[u16],
    shard: u32,
    new_host: usize,
) -> Option<ReshardBill> {
    let host = u16::try_from(shard).ok()?;
    // A host's logical shards are one contiguous run: the first table is, and a split keeps the
    // lower part of a run and hands on the upper part whole.
    let first = table.iter().position(|h| *h == host)?;
    let last = table.iter().rposition(|h| *h == host)?;
    let (moved_start, moved_end) = moved_half(first as u64, last as u64)?;
    // Both are table indices, below 4,096.
    let (moved_start, moved_end) = (
        u32::try_from(moved_start).ok()?,
        u32::try_from(moved_end).ok()?,
    );
    let moved = u64::from(moved_end.saturating_sub(moved_start).saturating_add(1));
    // At most 1,000,000 × 4,096: far inside u64. Rounded to the nearest row.
    let rows = u64::from(catalogue_objects)
        .saturating_mul(moved)
        .saturating_add(u64::from(LOGICAL_SHARDS / 2))
        .checked_div(u64::from(LOGICAL_SHARDS))
        .unwrap_or(0);
    let bytes = rows.saturating_mul(u64::from(db.row_bytes));
    let rate_mb_s = if db.copy_write_mb_s < db.copy_mb_s {
        db.copy_write_mb_s
    } else {
        db.copy_mb_s
    };
    let seconds = if rate_mb_s > 0.0 {
        bytes as f64 / (rate_mb_s * 1e6)
    } else {
        f64::INFINITY
    };
    let share = |capacity: f64| {
        if capacity > 0.0 {
            (rate_mb_s / capacity).clamp(0.0, 1.0)
        } else {
            1.0
        }
    };
    Some(ReshardBill {
        shard,
        from: host_name(db.engine, usize::from(host)),
        to: host_name(db.engine, new_host),
        moved_start,
        moved_end,
        rows,
        bytes,
        throttle_mb_s: db.copy_mb_s,
        rate_mb_s,
        seconds,
        source_share: share(db.copy_read_mb_s),
        target_share: share(db.copy_write_mb_s),
    })
}

/// The bill for splitting physical shard `shard` of `design` from its first config table: what
/// the board shows before a run. `None` when the design has no such shard (or it holds a single
/// logical shard). The run's own bill, on the table of its moment, is in
/// [`ReshardReport::bill`].
pub fn reshard_bill(design: &Design, shard: u32) -> Result<Option<ReshardBill>, SimError> {
    let model = compile(design, design.user_count())?;
    let Some(db) = model.db.as_ref() else {
        return Ok(None);
    };
    if shard >= db.shards {
        return Ok(None);
    }
    let table = initial_table(db.shards);
    Ok(bill_on_table(
        db,
        model.catalogue_objects,
        &table,
        shard,
        db.shards as usize,
    ))
}

/// One phase of a run around a reshard: before the copy, while it runs, or after the cutover.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReshardPhase {
    /// Where the phase starts, in simulated seconds.
    pub from_s: f64,
    /// Where it ends (the run's end, drain included, for the last phase).
    pub to_s: f64,
    /// Requests that arrived in the phase.
    pub arrivals: u64,
    /// Requests answered successfully in the phase.
    pub completed: u64,
    /// Requests that failed in the phase.
    pub errors: u64,
    /// Errors over arrivals in the phase (0 when none arrived).
    pub error_rate: f64,
    /// 99th percentile latency of the phase's successful replies, in ms (0 if none).
    pub p99_ms: f64,
    /// Busy share of the source master's cores serving requests, 0 … 1.
    pub source_utilisation: f64,
    /// Requests per second reaching the source master.
    pub source_requests_per_s: f64,
    /// Requests per second reaching the new host's master (0 until the cutover).
    pub target_requests_per_s: f64,
}

/// A reshard in a run: its bill, its copy window and the run's figures around it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReshardReport {
    /// What the copy costs and which range moves, on the table of the copy's start.
    pub bill: ReshardBill,
    /// When the copy starts, in simulated seconds.
    pub copy_start_s: f64,
    /// When the copy ends and the table changes: start + the bill's seconds.
    pub cutover_s: f64,
    /// Whether the cutover falls after the run's arrivals, so the run ends mid-copy.
    pub outlasts_run: bool,
    /// From the run's start to the copy's.
    pub before: ReshardPhase,
    /// While the copy runs (to the run's end when it outlasts it).
    pub during: ReshardPhase,
    /// From the cutover to the run's end; `None` when the copy outlasts the run.
    pub after: Option<ReshardPhase>,
}

impl ReshardReport {
    /// The copy window as a reader reads it: `copy 10 s … 30.5 s, cut over at 30.5 s`, or
    /// `copy from 10 s; it outlasts the 60 s run (cutover at 2.5 h)`.
    pub fn window_text(&self, run_s: f64) -> String {
        if self.outlasts_run {
            format!(
                "copy from {} s; it outlasts the {} s run (the cutover would come at {})",
                self.copy_start_s,
                run_s,
                rough_duration_s(self.cutover_s)
            )
        } else {
            format!(
                "copy {} s … {:.1} s, then the cutover",
                self.copy_start_s, self.cutover_s
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::design::{InstanceSize, NodeSettings};
    use crate::sim::presets::preset;

    fn pinterest_db(edit: impl Fn(&mut super::super::DatabaseSettings)) -> (Design, DbModel) {
        let mut design = preset("pinterest").map(|p| p.design).unwrap_or_else(|| {
            panic!("the pinterest preset exists");
        });
        for node in &mut design.nodes {
            if let NodeSettings::Database(db) = &mut node.settings {
                edit(db);
            }
        }
        let model = compile(&design, 100).unwrap_or_else(|e| panic!("{e}"));
        let db = model.db.unwrap_or_else(|| panic!("a database"));
        (design, db)
    }

    #[test]
    fn the_bill_follows_the_table_and_the_new_hosts_limit() {
        let (_, db) = pinterest_db(|db| db.size = InstanceSize::Small);
        // A small host writes 2 cores × 0.8 × 100 = 160 MB/s, under the 200 MB/s throttle.
        let table = initial_table(8);
        let bill = bill_on_table(&db, 500_000, &table, 3, 8);
        let Some(bill) = bill else {
            panic!("shard 3 splits");
        };
        assert_eq!((bill.moved_start, bill.moved_end), (1_792, 2_047));
        assert_eq!(
            (bill.from.as_str(), bill.to.as_str()),
            ("MySQL004A", "MySQL009A")
        );
        assert!(bill.limited_by_target());
        assert!((bill.rate_mb_s - 160.0).abs() < 1e-9);
        assert_eq!(bill.seconds, bill.bytes as f64 / (bill.rate_mb_s * 1e6));
        assert!(bill
            .text()
            .contains("at 160 MB/s (the new host writes no faster"));
        // An odd run keeps the larger half, as the Decoder's table does: 0 … 2 moves 2 alone.
        let odd = [0u16, 0, 0, 1];
        let moved = bill_on_table(&db, 4_096, &odd, 0, 2).map(|b| (b.moved_start, b.rows));
        assert_eq!(moved, Some((2, 1)));
        // A host with one logical shard, or none, cannot split.
        assert!(bill_on_table(&db, 4_096, &odd, 1, 2).is_none());
        assert!(bill_on_table(&db, 4_096, &odd, 7, 2).is_none());
    }

    #[test]
    fn a_bill_reads_in_bytes_and_hours() {
        // The whole catalogue on one shard, 1 MiB rows, the slowest throttle: the upper half
        // is 250,000 of the 500,000 rows, 262 GB, three days at 1 MB/s.
        let (design, _) = pinterest_db(|db| {
            db.shards = 1;
            db.row_bytes = 1_048_576;
            db.copy_mb_s = 1;
        });
        let bill = reshard_bill(&design, 0).unwrap_or_else(|e| panic!("{e}"));
        let Some(bill) = bill else {
            panic!("shard 0 splits");
        };
        assert_eq!(bill.rows, 250_000);
        assert_eq!(bill.bytes, 250_000 * 1_048_576);
        assert_eq!(bill.text(), "copies 262.1 GB at 1 MB/s: 3.0 d");
        assert_eq!(reshard_bill(&design, 1).ok(), Some(None));
    }
}
