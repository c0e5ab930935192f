//! The Board's snapshot for `data-shardlab-snapshot` (see `snapshot`).

use shardlab_core::sim::{Estimate, HotShard, NodeKind, SimError};

use super::runner::RunStatus;
use super::state::BoardState;
use crate::snapshot::{BoardSnapshot, HotShardSnapshot};

fn hot(shard: Option<&HotShard>) -> Option<HotShardSnapshot> {
    shard.map(|h| HotShardSnapshot {
        shard: h.shard,
        share: h.share,
        over_mean: h.over_mean,
    })
}

/// The snapshot of what the Board shows: the finished simulation's numbers when the run for this
/// very state is done (the caption shows those), else the estimate's.
pub fn of(
    state: &BoardState,
    estimated: &Result<Estimate, SimError>,
    status: &RunStatus,
) -> BoardSnapshot {
    let database = state
        .design
        .nodes
        .iter()
        .find_map(|n| n.settings.database());
    let user_skew = state
        .design
        .nodes
        .iter()
        .find_map(|n| n.settings.users())
        .map(|u| u.user_skew);
    let mut snapshot = BoardSnapshot {
        preset: state.preset.clone(),
        design_is_preset: state.design_is_preset(),
        users: state.users,
        seed: state.seed,
        source: "none".to_owned(),
        shards: state.shard_count(),
        shard_key: database.map(|d| d.shard_key.name().to_owned()),
        user_skew,
        auto_failover: state.auto_failover(),
        read_replicas: database.map(|d| d.read_replicas),
        failover_gap_s: database
            .filter(|d| d.fails_over())
            .map(|d| d.failover_gap_s()),
        faults: state
            .design
            .faults
            .iter()
            .map(|f| f.kind.name().to_owned())
            .collect(),
        ..BoardSnapshot::default()
    };
    // The simulation's outcome once it is done, else the estimate's.
    let outcome = match (status, estimated) {
        (RunStatus::Done(report), _) => Some(("simulation", &report.outcome)),
        (_, Ok(e)) => Some(("estimate", &e.outcome)),
        _ => None,
    };
    if let Some((source, outcome)) = outcome {
        snapshot.source = source.to_owned();
        snapshot.apdex = Some(outcome.apdex);
        snapshot.p99_ms = Some(outcome.p99_ms);
        snapshot.error_rate = Some(outcome.error_rate);
        snapshot.shard_down_rate = Some(outcome.errors_by_cause.shard_down);
        snapshot.hottest = hot(outcome.hottest_shard.as_ref());
        snapshot.db_utilisation = outcome
            .nodes
            .iter()
            .find(|n| n.kind == NodeKind::Database)
            .and_then(|n| n.utilisation);
    }
    if let RunStatus::Done(report) = status {
        snapshot.stale_reads = Some(report.stale_reads);
        snapshot.reshard_copy_s = report.reshards.first().map(|r| r.bill.seconds);
    }
    snapshot
}

/// [`of`] as the attribute's JSON text.
///
/// Written by hand rather than through serde's derive: the board page sits at the edge of its
/// size budget, and this costs a fraction of the derived serializer. The test below reads it back
/// with serde, so the two cannot disagree.
pub fn attr(
    state: &BoardState,
    estimated: &Result<Estimate, SimError>,
    status: &RunStatus,
) -> String {
    to_json(&of(state, estimated, status))
}

fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len().saturating_add(2));
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn number(value: Option<f64>) -> String {
    match value {
        Some(v) if v.is_finite() => format!("{v}"),
        _ => "null".to_owned(),
    }
}

fn optional(value: Option<&str>) -> String {
    value.map_or_else(|| "null".to_owned(), text)
}

/// The snapshot as JSON, in the shape serde reads as [`BoardSnapshot`].
pub fn to_json(s: &BoardSnapshot) -> String {
    let hottest = s.hottest.as_ref().map_or_else(
        || "null".to_owned(),
        |h| {
            format!(
                "{{\"shard\":{},\"share\":{},\"over_mean\":{}}}",
                h.shard,
                number(Some(h.share)),
                number(Some(h.over_mean))
            )
        },
    );
    let faults: Vec<String> = s.faults.iter().map(|f| text(f)).collect();
    format!(
        "{{\"preset\":{},\"design_is_preset\":{},\"users\":{},\"seed\":{},\"source\":{},\"apdex\":{},\"p99_ms\":{},\"error_rate\":{},\"shard_down_rate\":{},\"hottest\":{},\"shards\":{},\"shard_key\":{},\"user_skew\":{},\"auto_failover\":{},\"faults\":[{}],\"read_replicas\":{},\"failover_gap_s\":{},\"stale_reads\":{},\"db_utilisation\":{},\"reshard_copy_s\":{}}}",
        optional(s.preset.as_deref()),
        s.design_is_preset,
        s.users,
        s.seed,
        text(&s.source),
        number(s.apdex),
        number(s.p99_ms),
        number(s.error_rate),
        number(s.shard_down_rate),
        hottest,
        s.shards,
        optional(s.shard_key.as_deref()),
        number(s.user_skew),
        s.auto_failover.map_or_else(|| "null".to_owned(), |b| b.to_string()),
        faults.join(","),
        s.read_replicas.map_or_else(|| "null".to_owned(), |n| n.to_string()),
        number(s.failover_gap_s),
        s.stale_reads.map_or_else(|| "null".to_owned(), |n| n.to_string()),
        number(s.db_utilisation),
        number(s.reshard_copy_s),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use shardlab_core::sim::estimate;

    #[test]
    fn an_estimate_is_labelled_as_one() {
        let state = BoardState::default();
        let estimated = estimate(&state.design, state.users);
        let snapshot = of(&state, &estimated, &RunStatus::Running(0.5));
        assert_eq!(snapshot.source, "estimate");
        assert_eq!(snapshot.preset.as_deref(), Some("pinterest"));
        assert_eq!(snapshot.shards, 8);
        assert_eq!(snapshot.auto_failover, Some(false));
        assert!(snapshot.apdex.is_some_and(|a| (0.0..=1.0).contains(&a)));
    }

    #[test]
    fn the_hand_written_json_reads_back_as_the_same_snapshot() {
        let mut snapshot = BoardSnapshot {
            preset: Some("one \"big\" box\\\n".into()),
            design_is_preset: true,
            users: 5_012,
            seed: u64::MAX,
            source: "simulation".into(),
            apdex: Some(0.5561),
            p99_ms: Some(279.25),
            error_rate: Some(1e-9),
            shard_down_rate: None,
            hottest: Some(HotShardSnapshot {
                shard: 7,
                share: 0.3,
                over_mean: 2.4,
            }),
            shards: 8,
            shard_key: Some("hash_user".into()),
            user_skew: Some(1.0),
            auto_failover: Some(false),
            faults: vec!["master_down".into(), "cache_flush".into()],
            read_replicas: Some(2),
            failover_gap_s: Some(10.0),
            stale_reads: Some(u64::from(u32::MAX) + 3),
            db_utilisation: Some(0.391),
            reshard_copy_s: Some(10.24),
        };
        let back: BoardSnapshot = serde_json::from_str(&to_json(&snapshot)).unwrap();
        assert_eq!(back, snapshot);
        snapshot.apdex = Some(f64::NAN);
        snapshot.hottest = None;
        snapshot.preset = None;
        snapshot.faults.clear();
        snapshot.read_replicas = None;
        snapshot.stale_reads = None;
        let back: BoardSnapshot = serde_json::from_str(&to_json(&snapshot)).unwrap();
        assert_eq!((back.read_replicas, back.stale_reads), (None, None));
        assert_eq!(back.apdex, None);
        assert_eq!(back.hottest, None);
        assert!(back.faults.is_empty());
    }
}
