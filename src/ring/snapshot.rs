//! The Ring's snapshot for `data-shardlab-snapshot` (see `snapshot`).

use shardlab_core::placement::{
    choose_replicas, key_hash, min_distinct_owners, Churn, Cure, CureComparison, CureRow,
    KeyStream, Server,
};

use yew::prelude::*;

use super::hot_keys;
use super::kept_tables::maglev_of;
use super::measure::Measured;
use super::state::{build_now, RingState};
use crate::snapshot::{attribute, HotKeysSnapshot, RingSnapshot};

/// What the snapshot derives from the state alone by rebuilding the placement and walking the
/// drawn keys: the looked-up key's owners, the fewest distinct owners any drawn key gets, and for
/// a table scheme the slots the last change moved.
#[derive(Debug, Clone, PartialEq)]
pub struct Owners {
    owners: Vec<u32>,
    min_distinct: Option<u32>,
    churn: Option<Churn>,
}

/// The slots the last change moved in Maglev's table, when the scheme has a table and there was
/// a change.
fn table_churn(state: &RingState) -> Option<Churn> {
    if !state.scheme.uses_table_size() {
        return None;
    }
    // The tables the drawn state's preparation filled in slices.
    let table = |servers: &[Server]| maglev_of(servers, state.table_size).ok();
    let before = table(state.previous.as_deref()?)?;
    Some(before.table().churn(table(&state.servers)?.table()))
}

impl Owners {
    /// Rebuilds the placement and walks the drawn keys: the costly part of a snapshot.
    pub fn of(state: &RingState) -> Self {
        let Ok(placement) = build_now(state) else {
            return Owners {
                owners: Vec::new(),
                min_distinct: None,
                churn: None,
            };
        };
        let looked_up = choose_replicas(&placement, key_hash(&state.key), state.replicas);
        Owners {
            owners: looked_up.owners.iter().map(|id| id.0).collect(),
            min_distinct: min_distinct_owners(
                &placement,
                KeyStream::new(state.seed).take_keys(state.sample),
                state.replicas,
            ),
            churn: table_churn(state),
        }
    }
}

/// The snapshot of what the Ring shows: its state and the streamed statistics, when they belong
/// to the servers on screen (a run for the previous change is ignored until the new one starts).
pub fn of(state: &RingState, measured: Option<&Measured>) -> RingSnapshot {
    of_with(state, measured, Owners::of(state))
}

/// [`of`] with the owners already worked out.
fn of_with(state: &RingState, measured: Option<&Measured>, walked: Owners) -> RingSnapshot {
    let ids = |servers: &[shardlab_core::placement::Server]| -> Vec<u32> {
        servers.iter().map(|s| s.id.0).collect()
    };
    let servers = ids(&state.servers);
    let before = state.previous.as_deref().map(ids);
    let current = measured.filter(|m| {
        m.result.servers_after == servers.len()
            && m.result.servers_before == before.as_ref().map_or(servers.len(), Vec::len)
            && m.change.is_some() == before.is_some()
    });
    let done = current.filter(|m| m.progress.is_done());
    let (added, killed) = match &before {
        Some(before) => (
            servers
                .iter()
                .filter(|id| !before.contains(id))
                .copied()
                .collect(),
            before
                .iter()
                .filter(|id| !servers.contains(id))
                .copied()
                .collect(),
        ),
        None => (Vec::new(), Vec::new()),
    };
    RingSnapshot {
        scheme: state.scheme,
        owners: walked.owners,
        min_distinct_owners: walked.min_distinct,
        servers,
        added,
        killed,
        vnodes: state.vnodes,
        table_size: state.table_size,
        replicas: state.replicas,
        key: state.key.clone(),
        keys: state.keys,
        measured: done.is_some(),
        moved_fraction: done
            .filter(|_| before.is_some())
            .map(|m| m.result.moved_fraction),
        ideal_fraction: done
            .filter(|_| before.is_some())
            .map(|m| m.result.ideal_fraction),
        max_over_mean: done.map(|m| m.result.load_after.max_over_mean),
        slots_moved: walked.churn.map(|c| c.changed),
        slots_moved_between_stayers: walked.churn.map(|c| c.between_stayers),
        hot: hot_keys::kept(state).map(|compared| hot_snapshot(state, &compared)),
        before,
    }
}

/// The hot-key comparison as the snapshot reads it: the cure shown, or no cure when its row was
/// left out, as the bars fall back.
fn hot_snapshot(state: &RingState, compared: &CureComparison) -> HotKeysSnapshot {
    let uncured = compared.row(Cure::None);
    let shown = compared.row(state.hot.cure).or(uncured);
    let peak = |row: Option<&CureRow>| row.map_or(0.0, |r| r.result.loads.max_over_mean);
    HotKeysSnapshot {
        exponent: state.hot.popularity.exponent(),
        cure: shown.map_or(Cure::None, |r| r.cure),
        load_factor: state.hot.settings.load_factor.value(),
        sub_keys: state.hot.settings.sub_keys,
        hottest_share: compared.hottest.share,
        hottest_owner: compared.hottest.owner.0,
        uncured_max_over_mean: peak(uncured),
        max_over_mean: peak(shown),
        read_fan_out: shown.map_or(1, |r| r.result.read_fan_out),
    }
}

/// [`of`] as the attribute's JSON text. The owners are worked out again only when the state
/// changes, not on every render: the streamed statistics re-render the page many times a second,
/// and each walk rebuilds the ring and locates up to 1,000 keys.
#[hook]
pub fn use_attr(state: &RingState, measured: Option<&Measured>) -> String {
    let walked = use_memo(state.clone(), Owners::of);
    attribute(&of_with(state, measured, (*walked).clone()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::ring::state::Action;

    #[test]
    fn killing_a_server_is_seen_and_three_owners_remain() {
        let mut state = RingState::default();
        state.apply(Action::AddServer);
        state.apply(Action::RemoveServer(1));
        let snapshot = of(&state, None);
        assert_eq!(snapshot.killed, vec![1]);
        assert_eq!(snapshot.replicas, 3);
        assert_eq!(snapshot.owners.len(), 3);
        assert_eq!(snapshot.min_distinct_owners, Some(3));
        assert!(!snapshot.measured);
        assert_eq!(snapshot.moved_fraction, None);
        assert_eq!(snapshot.slots_moved, None);
    }

    #[test]
    fn a_change_to_maglevs_table_counts_its_moved_slots() {
        let mut state = RingState::opening(Some(crate::catalogue::RingWidget::Maglev));
        state.apply(Action::RemoveServer(3));
        let snapshot = of(&state, None);
        assert_eq!(snapshot.table_size, 13);
        // The widget's opening table, four servers to three: four slots move, one of them between
        // two servers that stayed (the count the Maglev chapter asks for).
        assert_eq!(snapshot.slots_moved, Some(4));
        assert_eq!(snapshot.slots_moved_between_stayers, Some(1));
    }
}
