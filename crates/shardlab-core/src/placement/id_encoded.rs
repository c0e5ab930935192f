//! ID-encoded placement: the shard is read out of the ID's bits, and a table of shard ranges names
//! the server. Nothing is hashed; growth moves whole ranges of shards, never single keys.

use serde::Serialize;

use super::error::PlacementError;
use super::server::{ServerId, ServerList};
use super::{entry_bytes, HASH_BYTES, SERVER_ID_BYTES};
use super::{Placement, SchemeKind};
use crate::layout::{BitLayout, FieldRole};

/// One server's run of shards, `start ..= end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ShardSpan {
    /// First shard of the run.
    pub start: u64,
    /// Last shard of the run (inclusive).
    pub end: u64,
    /// The server that holds these shards.
    pub server: ServerId,
}

impl ShardSpan {
    fn shard_count(&self) -> u64 {
        self.end.saturating_sub(self.start).saturating_add(1)
    }
}

/// ID-encoded placement, as Pinterest did it in 2015: `shard = (id >> shift) & mask`, then a
/// config table of shard ranges gives the server.
///
/// The key passed to [`Placement::locate`] is the ID itself. The table covers every value of the
/// shard field; [`IdEncoded::even`] splits it into equal runs, and [`IdEncoded::regrown`] follows
/// a membership change the way an operator would: a new server takes the upper half of the largest
/// run (a split), and a removed server's runs go to the neighbour below. No ID ever changes, so the
/// keys that move are exactly those in the runs that changed hands.
///
/// ```
/// use shardlab_core::layout::BitLayout;
/// use shardlab_core::placement::{IdEncoded, Placement, ServerId, ServerList};
/// let layout = BitLayout::preset("pinterest")?;
/// let four = IdEncoded::even(layout, ServerList::uniform(4)?)?;
/// // Pin 241294492511762325 is in shard 3429, in the first quarter of the 65,536 shards.
/// assert_eq!(four.locate(241_294_492_511_762_325), ServerId(0));
/// let five = four.regrown(ServerList::uniform(5)?)?;
/// // The new server took the upper half of server 0's run (shards 8192 ..= 16383).
/// assert_eq!(five.locate(241_294_492_511_762_325), ServerId(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdEncoded {
    layout: BitLayout,
    shard_field: usize,
    servers: ServerList,
    spans: Vec<ShardSpan>,
}

impl IdEncoded {
    /// Equal runs of shards over the whole shard field, in server order.
    pub fn even(layout: BitLayout, servers: ServerList) -> Result<Self, PlacementError> {
        let shard_field = layout
            .position_of_role(FieldRole::Shard)
            .ok_or(PlacementError::NoShardField)?;
        let width = layout.field(shard_field).map_or(0, |f| f.width);
        // Shard fields are at most 64 bits wide; count in u128 so 2^64 shards cannot overflow.
        let shards: u128 = 1u128 << width.min(64);
        let count = servers.len() as u128;
        if count > shards {
            return Err(PlacementError::NotEnoughShards {
                servers: servers.len(),
                shards: u64::try_from(shards).unwrap_or(u64::MAX),
            });
        }
        // i ≤ count ≤ 2^14 servers and shards ≤ 2^64, so the product fits in u128; count > 0.
        let boundary = |i: u128| {
            u64::try_from(i.saturating_mul(shards).checked_div(count).unwrap_or(0))
                .unwrap_or(u64::MAX)
        };
        let spans = servers
            .ids()
            .zip(0u128..)
            .map(|(server, i)| ShardSpan {
                start: boundary(i),
                end: boundary(i.saturating_add(1)).wrapping_sub(1),
                server,
            })
            .collect();
        Ok(Self {
            layout,
            shard_field,
            servers,
            spans,
        })
    }

    /// The table after a membership change: removed servers' runs go to the run below (or above,
    /// for the first), and each added server takes the upper half of the then-largest run.
    pub fn regrown(&self, after: ServerList) -> Result<Self, PlacementError> {
        let mut spans: Vec<ShardSpan> =
            Vec::with_capacity(self.spans.len().saturating_add(after.len()));
        for span in &self.spans {
            let owner = if after.contains(span.server) {
                span.server
            } else {
                match spans.last() {
                    Some(below) => below.server,
                    // The first run has no neighbour below: the next surviving owner takes it.
                    None => self
                        .spans
                        .iter()
                        .map(|s| s.server)
                        .find(|id| after.contains(*id))
                        .ok_or(PlacementError::NoServers)?,
                }
            };
            match spans.last_mut() {
                Some(below) if below.server == owner => below.end = span.end,
                _ => spans.push(ShardSpan {
                    server: owner,
                    ..*span
                }),
            }
        }
        for newcomer in after.ids().filter(|id| !self.servers.contains(*id)) {
            let largest = spans
                .iter()
                .enumerate()
                .max_by(|(ia, a), (ib, b)| a.shard_count().cmp(&b.shard_count()).then(ib.cmp(ia)))
                .map(|(i, _)| i)
                .ok_or(PlacementError::NoServers)?;
            let Some(span) = spans.get_mut(largest) else {
                return Err(PlacementError::NoServers);
            };
            if span.shard_count() < 2 {
                return Err(PlacementError::NotEnoughShards {
                    servers: after.len(),
                    shards: self.shard_count(),
                });
            }
            // The upper part is the smaller one when the count is odd, as in a ShardMap split.
            // A run of at least 2 shards: end − count/2 + 1 lies in start + 1 ..= end, no wrap.
            let upper_start = span
                .end
                .saturating_sub(span.shard_count() / 2)
                .saturating_add(1);
            let upper = ShardSpan {
                start: upper_start,
                end: span.end,
                server: newcomer,
            };
            span.end = upper_start.saturating_sub(1);
            spans.insert(largest.saturating_add(1), upper);
        }
        Ok(Self {
            layout: self.layout.clone(),
            shard_field: self.shard_field,
            servers: after,
            spans,
        })
    }

    /// The runs of shards, lowest first.
    pub fn spans(&self) -> &[ShardSpan] {
        &self.spans
    }

    /// The ID layout the shard is read from.
    pub fn layout(&self) -> &BitLayout {
        &self.layout
    }

    /// How many shards the shard field can name.
    pub fn shard_count(&self) -> u64 {
        self.layout
            .field(self.shard_field)
            .map_or(1, |f| 1u64.checked_shl(f.width).unwrap_or(u64::MAX))
    }

    /// The shard an ID names.
    pub fn shard_of(&self, id: u64) -> u64 {
        self.layout.value_at(id, self.shard_field).unwrap_or(0)
    }
}

impl Placement for IdEncoded {
    fn kind(&self) -> SchemeKind {
        SchemeKind::IdEncoded
    }

    fn servers(&self) -> &ServerList {
        &self.servers
    }

    fn locate(&self, key_hash: u64) -> ServerId {
        let shard = self.shard_of(key_hash);
        let index = self
            .spans
            .partition_point(|s| s.start <= shard)
            .saturating_sub(1);
        self.spans
            .get(index)
            .map_or(ServerId(0), |span| span.server)
    }

    /// The table of shard runs: each run's first and last shard and its server. The layout that
    /// finds the shard in an ID is configuration, not counted.
    fn state_bytes(&self) -> u64 {
        entry_bytes(self.spans.len(), 2 * HASH_BYTES + SERVER_ID_BYTES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::{movement, Server};

    fn pinterest() -> BitLayout {
        BitLayout::preset("pinterest").unwrap()
    }

    #[test]
    fn even_runs_cover_every_shard_once() {
        let placement = IdEncoded::even(pinterest(), ServerList::uniform(3).unwrap()).unwrap();
        let spans = placement.spans();
        assert_eq!(spans.first().unwrap().start, 0);
        assert_eq!(spans.last().unwrap().end, 65_535);
        for pair in spans.windows(2) {
            assert_eq!(pair[0].end + 1, pair[1].start);
        }
    }

    #[test]
    fn growth_moves_one_half_run_and_no_id_changes_shard() {
        let before = IdEncoded::even(pinterest(), ServerList::uniform(4).unwrap()).unwrap();
        let after = before.regrown(ServerList::uniform(5).unwrap()).unwrap();
        // One split of a quarter: an eighth of the shards change hands.
        let result = movement(&before, &after, 100_000, 7).unwrap();
        assert!(
            (result.moved_fraction - 0.125).abs() < 0.01,
            "{}",
            result.moved_fraction
        );
        // Every key that moved went to the new server, and from server 0 (the first largest run).
        for id in (0..2_000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
            if before.locate(id) != after.locate(id) {
                assert_eq!(before.locate(id), ServerId(0));
                assert_eq!(after.locate(id), ServerId(4));
            }
            assert_eq!(before.shard_of(id), after.shard_of(id));
        }
    }

    #[test]
    fn removal_hands_runs_to_the_neighbour_below() {
        let servers = ServerList::uniform(4).unwrap();
        let before = IdEncoded::even(pinterest(), servers.clone()).unwrap();
        let after = before
            .regrown(servers.without_server(ServerId(2)).unwrap())
            .unwrap();
        assert_eq!(after.spans().len(), 3);
        assert_eq!(after.spans()[1].server, ServerId(1));
        assert_eq!(after.spans()[1].end, 49_151);
        let first_gone = before
            .regrown(servers.without_server(ServerId(0)).unwrap())
            .unwrap();
        assert_eq!(first_gone.spans()[0].server, ServerId(1));
        assert_eq!(first_gone.spans()[0].start, 0);
    }

    #[test]
    fn a_layout_without_a_shard_field_is_an_error() {
        let snowflake = BitLayout::preset("snowflake").unwrap();
        assert_eq!(
            IdEncoded::even(snowflake, ServerList::uniform(2).unwrap()),
            Err(PlacementError::NoShardField)
        );
    }

    #[test]
    fn more_servers_than_shards_is_an_error() {
        let tiny = BitLayout::new(vec![
            crate::layout::Field::new("shard", 1, FieldRole::Shard),
            crate::layout::Field::new("local", 10, FieldRole::Local),
        ])
        .unwrap();
        let two = IdEncoded::even(tiny, ServerList::uniform(2).unwrap()).unwrap();
        assert!(matches!(
            two.regrown(
                ServerList::uniform(2)
                    .unwrap()
                    .with_server(Server::new(9))
                    .unwrap()
            ),
            Err(PlacementError::NotEnoughShards { .. })
        ));
    }
}
