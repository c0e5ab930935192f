//! The Board's snapshot for `data-shardlab-snapshot` (see `components::snapshot`).

use shardlab_core::sim::{Estimate, HotShard, NodeSettings, SimError};

use super::runner::RunStatus;
use super::state::BoardState;
use crate::components::snapshot::{attribute, BoardSnapshot, HotShardSnapshot};

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
    let database = state.design.nodes.iter().find_map(|n| match &n.settings {
        NodeSettings::Database(d) => Some(d),
        _ => None,
    });
    let user_skew = state.design.nodes.iter().find_map(|n| match &n.settings {
        NodeSettings::Users(u) => Some(u.user_skew),
        _ => None,
    });
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
        faults: state
            .design
            .faults
            .iter()
            .map(|f| f.kind.name().to_owned())
            .collect(),
        ..BoardSnapshot::default()
    };
    match (status, estimated) {
        (RunStatus::Done(report), _) => {
            snapshot.source = "simulation".to_owned();
            snapshot.apdex = Some(report.apdex);
            snapshot.p99_ms = Some(report.p99_ms);
            snapshot.error_rate = Some(report.error_rate);
            snapshot.shard_down_rate = Some(report.errors_by_cause.shard_down);
            snapshot.hottest = hot(report.hottest_shard.as_ref());
        }
        (_, Ok(e)) => {
            snapshot.source = "estimate".to_owned();
            snapshot.apdex = Some(e.apdex);
            snapshot.p99_ms = Some(e.p99_ms);
            snapshot.error_rate = Some(e.error_rate);
            snapshot.shard_down_rate = Some(e.errors_by_cause.shard_down);
            snapshot.hottest = hot(e.hottest_shard.as_ref());
        }
        _ => {}
    }
    snapshot
}

/// [`of`] as the attribute's JSON text.
pub fn attr(
    state: &BoardState,
    estimated: &Result<Estimate, SimError>,
    status: &RunStatus,
) -> String {
    attribute(&of(state, estimated, status))
}

#[cfg(test)]
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
}
