//! Range placement: sorted split points over the ordered key.

use serde::Serialize;

use super::error::PlacementError;
use super::server::{ServerId, ServerList};
use super::{entry_bytes, HASH_BYTES};
use super::{Placement, SchemeKind};

/// One server's range of keys, `start ..= end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RangeSpan {
    /// The server.
    pub server: ServerId,
    /// First key of the range.
    pub start: u64,
    /// Last key of the range (inclusive, so the last range can end at `u64::MAX`).
    pub end: u64,
}

/// Range placement: server `i` owns the keys in `[split[i−1], split[i])`.
///
/// Ranges are over the **raw key value**, not over a hash of it, because that is what range
/// sharding is: neighbouring keys live together, so range scans are cheap. A numeric key (an ID,
/// a timestamp) is its own `u64` under [`key_hash`](super::key_hash), so `"1000"` sorts before
/// `"1001"`. A non-numeric key falls back to its hash, which scatters it like hash placement.
///
/// The hot spot: when the splits were drawn over the keys that exist today, every new key from a
/// counter or a clock is larger than the last split point, so all new writes go to the last server.
///
/// ```
/// use shardlab_core::placement::{Placement, Range, ServerList, ServerId};
/// // Four servers splitting the IDs issued so far, 0 .. 1,000,000.
/// let range = Range::over_span(ServerList::uniform(4)?, 0, 1_000_000)?;
/// // Tomorrow's IDs keep counting up, and all land on the last server.
/// assert!((1_000_000..1_000_100).all(|id| range.locate(id) == ServerId(3)));
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
    servers: ServerList,
    splits: Vec<u64>,
}

impl Range {
    /// Range placement with explicit split points: N − 1 strictly increasing values above 0 for N
    /// servers, so that no range is empty.
    pub fn new(servers: ServerList, splits: Vec<u64>) -> Result<Self, PlacementError> {
        // A ServerList is never empty.
        let expected = servers.len().saturating_sub(1);
        if splits.len() != expected {
            return Err(PlacementError::SplitPointCount {
                servers: servers.len(),
                expected,
                got: splits.len(),
            });
        }
        if splits.first() == Some(&0) {
            return Err(PlacementError::SplitAtZero);
        }
        if let Some(position) = splits
            .windows(2)
            .position(|pair| pair.first() >= pair.last())
        {
            return Err(PlacementError::SplitPointsUnsorted {
                index: position.saturating_add(1),
            });
        }
        Ok(Self { servers, splits })
    }

    /// Equal ranges over the whole `u64` key space.
    pub fn even(servers: ServerList) -> Self {
        let count = servers.len() as u128;
        // i × 2^64 / N, for i in 1 .. N: strictly increasing because N ≤ 10,000 ≪ 2^64.
        let splits = (1..count)
            .map(|i| u64::try_from((i << 64).checked_div(count).unwrap_or(0)).unwrap_or(u64::MAX))
            .collect();
        Self { servers, splits }
    }

    /// Equal ranges over the keys `low .. high` (the keys that exist today). Keys below `low` go to
    /// the first server, keys at or above `high` to the last.
    pub fn over_span(servers: ServerList, low: u64, high: u64) -> Result<Self, PlacementError> {
        let count = servers.len();
        let width = u128::from(high.saturating_sub(low));
        if width < count as u128 {
            return Err(PlacementError::SpanTooNarrow {
                low,
                high,
                servers: count,
            });
        }
        let splits = (1..count as u128)
            .map(|i| {
                let offset = i
                    .saturating_mul(width)
                    .checked_div(count as u128)
                    .unwrap_or(0);
                // offset < width ≤ u64::MAX − low, so the sum stays in range.
                low.saturating_add(u64::try_from(offset).unwrap_or(u64::MAX))
            })
            .collect();
        Self::new(servers, splits)
    }

    /// The split points.
    pub fn splits(&self) -> &[u64] {
        &self.splits
    }

    /// Each server's range, in list order.
    pub fn spans(&self) -> Vec<RangeSpan> {
        let starts = std::iter::once(0).chain(self.splits.iter().copied());
        let ends = self
            .splits
            .iter()
            // Every split is above 0 (checked in `new`), so this never saturates.
            .map(|&split| split.saturating_sub(1))
            .chain(std::iter::once(u64::MAX));
        self.servers
            .ids()
            .zip(starts.zip(ends))
            .map(|(server, (start, end))| RangeSpan { server, start, end })
            .collect()
    }

    /// The range a key falls in, counted from 0 as the server list's positions are (and as mod
    /// and jump count their buckets): range `i` belongs to the `i`-th server of the list.
    pub fn range_index(&self, key: u64) -> usize {
        self.splits.partition_point(|&split| split <= key)
    }
}

impl Placement for Range {
    fn kind(&self) -> SchemeKind {
        SchemeKind::Range
    }

    fn servers(&self) -> &ServerList {
        &self.servers
    }

    fn locate(&self, key_hash: u64) -> ServerId {
        self.servers.id_at(self.range_index(key_hash))
    }

    /// The N − 1 split points; a range's owner is its position in the server list.
    fn state_bytes(&self) -> u64 {
        entry_bytes(self.splits.len(), HASH_BYTES)
    }
}
