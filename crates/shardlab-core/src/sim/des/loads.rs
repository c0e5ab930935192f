//! Where the load was in each second of a run (issue 23 §4): each station's busy time, visits,
//! queue and drops over one second, and the board's nodes and shards made of them. A node's
//! 60-second average hides a 20-second hot key; its second-by-second load shows which box it
//! burned.

use std::ops::Range;

use super::super::report::{ErrorCounts, NodeSecond, SecondLoads, ShardSecond};
use super::{Host, Station};

/// One station over one second, or over the part of it the run has reached.
#[derive(Clone, Debug, Default)]
pub(super) struct StationSecond {
    /// Busy server-seconds.
    busy: f64,
    /// Server-seconds the station was open.
    open: f64,
    visits: u64,
    queued: u64,
    dropped: ErrorCounts,
    up: bool,
}

impl StationSecond {
    /// `station` from `from` to `until`, measured from its marks at `from`.
    pub(super) fn of(station: &Station, from: f64, until: f64) -> StationSecond {
        let opened = from.max(station.opened_at);
        StationSecond {
            busy: (station.area_at(until) - station.second_mark.0).max(0.0),
            open: f64::from(station.servers) * (until - opened).max(0.0),
            visits: station.visits.saturating_sub(station.second_mark.1),
            queued: station.queue.len() as u64,
            dropped: station.second_dropped.clone(),
            up: station.up,
        }
    }

    fn utilisation(&self) -> f64 {
        if self.open > 0.0 {
            (self.busy / self.open).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}

/// Adds `more` to `sum`, cause by cause.
fn add(sum: &mut ErrorCounts, more: &ErrorCounts) {
    sum.queue_full = sum.queue_full.saturating_add(more.queue_full);
    sum.timeout = sum.timeout.saturating_add(more.timeout);
    sum.shard_down = sum.shard_down.saturating_add(more.shard_down);
}

/// A node made of `stations` (`None` for a node that does not queue, which is given the
/// second's `arrivals`): its utilisation is their mean, as the run's
/// [`NodeLoad`](super::super::report::NodeLoad) averages it; its requests, queue and drops are
/// their sums.
fn node(stations: Option<&[StationSecond]>, arrivals: u64) -> NodeSecond {
    let Some(stations) = stations else {
        return NodeSecond {
            requests: arrivals,
            ..NodeSecond::default()
        };
    };
    let mut second = NodeSecond {
        utilisation: Some(
            stations.iter().map(StationSecond::utilisation).sum::<f64>()
                / stations.len().max(1) as f64,
        ),
        ..NodeSecond::default()
    };
    for station in stations {
        second.requests = second.requests.saturating_add(station.visits);
        second.queued = second.queued.saturating_add(station.queued);
        add(&mut second.dropped, &station.dropped);
    }
    second
}

/// The second starting at `t_s`, with its `arrivals`, from each station's part of it: the nodes, each given by the
/// range of stations it is made of, and the shards, each a host's master and its replicas.
pub(super) fn second(
    t_s: u64,
    arrivals: u64,
    stations: &[StationSecond],
    nodes: &[Option<Range<usize>>],
    hosts: &[Host],
    db_first: usize,
) -> SecondLoads {
    let db_requests: u64 = stations
        .get(db_first..)
        .unwrap_or_default()
        .iter()
        .map(|s| s.visits)
        .sum();
    let shards = hosts
        .iter()
        .map(|host| {
            let own = stations
                .get(host.master..host.replica_stations().end)
                .unwrap_or_default();
            let mut shard = ShardSecond {
                utilisation: own.first().map_or(0.0, StationSecond::utilisation),
                up: own.first().is_some_and(|master| master.up),
                ..ShardSecond::default()
            };
            for station in own {
                shard.requests = shard.requests.saturating_add(station.visits);
                shard.queued = shard.queued.saturating_add(station.queued);
                add(&mut shard.dropped, &station.dropped);
            }
            shard.share = shard.requests as f64 / db_requests.max(1) as f64;
            shard
        })
        .collect();
    SecondLoads {
        t_s: u32::try_from(t_s).unwrap_or(u32::MAX),
        nodes: nodes
            .iter()
            .map(|range| {
                node(
                    range.clone().map(|r| stations.get(r).unwrap_or_default()),
                    arrivals,
                )
            })
            .collect(),
        shards,
    }
}
