//! [`ShardMap`]: the config table that says which master/standby pair serves each range of shards,
//! plus the names a reader sees for a located row (database, table, query).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::text::quote;

use super::bits::{BitLayout, FieldRole};
use super::presets::table_for_type;

/// A logical shard number, as read from an ID's shard field.
pub type ShardId = u64;

/// The most ranges a table may hold. Pinterest's has 8, and each split adds one. The Decoder
/// shows the table as a row of host boxes per range, and it must open and redraw within the 50 ms
/// task rule: a link with 4,096 ranges (one per shard in use) held the main thread for 1.46 s,
/// 256 ranges for about 70 ms in a release build, 64 no longer than the page with Pinterest's 8
/// (about 12 ms of CPU per task, under 50 at 4× slow-down).
pub const MAX_RANGES: usize = 64;
/// The longest host name, in characters.
pub const MAX_HOST_NAME_CHARS: usize = 64;

/// The two MySQL hosts that serve a range: production reads and writes only the master; the
/// standby is a replica kept for manual failover.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostPair {
    /// The host that serves every read and write.
    pub master: String,
    /// The replica that takes over when someone fails over.
    pub standby: String,
}

impl HostPair {
    /// A pair from two names.
    pub fn new(master: impl Into<String>, standby: impl Into<String>) -> HostPair {
        HostPair {
            master: master.into(),
            standby: standby.into(),
        }
    }

    /// The pair numbered `number` in the `MySQL{n:03}A` / `MySQL{n:03}B` scheme.
    ///
    /// ```
    /// use shardlab_core::layout::HostPair;
    /// assert_eq!(HostPair::numbered(9), HostPair::new("MySQL009A", "MySQL009B"));
    /// ```
    pub fn numbered(number: u64) -> HostPair {
        HostPair::new(format!("MySQL{number:03}A"), format!("MySQL{number:03}B"))
    }
}

/// One row of the config table: the shards `start ..= end` live on `hosts`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardRange {
    /// The first shard of the range.
    pub start: ShardId,
    /// The last shard of the range (inclusive).
    pub end: ShardId,
    /// Who serves it.
    pub hosts: HostPair,
}

impl ShardRange {
    /// A range from its bounds (inclusive) and host pair.
    pub fn new(start: ShardId, end: ShardId, hosts: HostPair) -> ShardRange {
        ShardRange { start, end, hosts }
    }

    /// Whether `shard` falls in the range.
    pub fn contains(&self, shard: ShardId) -> bool {
        self.start <= shard && shard <= self.end
    }

    /// How many shards the range holds, saturating at `u64::MAX` for the full 0 ..= 2^64−1 range.
    pub fn shard_count(&self) -> u64 {
        self.end
            .checked_sub(self.start)
            .map_or(0, |span| span.saturating_add(1))
    }
}

/// Why a config table, a split or a lookup was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShardMapError {
    /// A table with no ranges.
    #[error("the config table needs at least one range")]
    Empty,
    /// More ranges than [`MAX_RANGES`].
    #[error("the config table holds at most {max} ranges; this one has {count}")]
    TooManyRanges {
        /// How many ranges there are (or would be).
        count: usize,
        /// The limit.
        max: usize,
    },
    /// A range whose start is after its end.
    #[error("the range {start}–{end} is empty: it starts after it ends")]
    EmptyRange {
        /// Its start.
        start: ShardId,
        /// Its end.
        end: ShardId,
    },
    /// A blank master or standby name.
    #[error("the range {start}–{end} has a host with no name")]
    EmptyHostName {
        /// The range's start.
        start: ShardId,
        /// The range's end.
        end: ShardId,
    },
    /// A host name over [`MAX_HOST_NAME_CHARS`].
    #[error("the host name {} is longer than {max} characters", quote(name))]
    HostNameTooLong {
        /// The name.
        name: String,
        /// The limit.
        max: usize,
    },
    /// The same host as master and standby, which would be no standby at all.
    #[error("{} cannot be its own standby", quote(name))]
    OwnStandby {
        /// The host's name.
        name: String,
    },
    /// Shards below the first range are mapped to nothing.
    #[error("shards 0–{} are not mapped to any host; the first range must start at 0", first_start.saturating_sub(1))]
    MissingStart {
        /// Where the first range starts.
        first_start: ShardId,
    },
    /// Two ranges share shards.
    #[error("the ranges {first_start}–{first_end} and {second_start}–{second_end} overlap")]
    Overlap {
        /// The lower range's start.
        first_start: ShardId,
        /// The lower range's end.
        first_end: ShardId,
        /// The higher range's start.
        second_start: ShardId,
        /// The higher range's end.
        second_end: ShardId,
    },
    /// Shards between two ranges are mapped to nothing.
    #[error("shards {from}–{to} are not mapped to any host")]
    Gap {
        /// The first unmapped shard.
        from: ShardId,
        /// The last unmapped shard.
        to: ShardId,
    },
    /// A range index the table does not have.
    #[error("there is no range {}; the table has {count}", index.saturating_add(1))]
    NoSuchRange {
        /// The 0-based index asked for.
        index: usize,
        /// How many ranges there are.
        count: usize,
    },
    /// A master name the table does not have.
    #[error("no range has the master {}", quote(name))]
    UnknownHost {
        /// The name asked for.
        name: String,
    },
    /// A split of a range that holds one shard.
    #[error("shard {shard} is alone in its range, so there is nothing to split off")]
    SingleShard {
        /// The shard.
        shard: ShardId,
    },
    /// The host numbering has reached `u64::MAX`.
    #[error("the host numbers are used up, so a new pair cannot be named")]
    NumberingExhausted,
    /// The layout has no shard field to read.
    #[error("this layout has no shard field, so an ID does not name a host")]
    NoShardField,
    /// A shard the table does not map.
    #[error("shard {shard} is not in the config table (it maps shards 0–{last})")]
    Unmapped {
        /// The shard looked up.
        shard: ShardId,
        /// The last shard the table maps.
        last: ShardId,
    },
    /// The table maps shards the layout's shard field cannot hold.
    #[error("the table maps shards up to {last}, but the shard field holds only 0–{max}")]
    BeyondShardField {
        /// The last shard the table maps.
        last: ShardId,
        /// The largest shard number the layout holds.
        max: ShardId,
    },
}

/// The serialized form of a [`ShardMap`]; deserializing goes through [`ShardMap::new`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShardMapSpec {
    ranges: Vec<ShardRange>,
}

/// The config table: contiguous ranges of shards from 0, each served by a [`HostPair`].
///
/// A valid table maps every shard from 0 to its last shard exactly once. The ranges are kept sorted
/// by start, so [`host_of`](Self::host_of) is a binary search. Splitting changes the table and never
/// an ID.
///
/// ```
/// use shardlab_core::layout::ShardMap;
/// let table = ShardMap::pinterest_2015();
/// assert_eq!(table.host_of(3429).map(|pair| pair.master.as_str()), Some("MySQL007A"));
/// let split = table.split_host("MySQL001A")?;
/// assert_eq!(split.map.host_of(300).map(|pair| pair.master.as_str()), Some("MySQL009A"));
/// assert_eq!(split.map.host_of(255).map(|pair| pair.master.as_str()), Some("MySQL001A"));
/// # Ok::<(), shardlab_core::layout::ShardMapError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ShardMapSpec", into = "ShardMapSpec")]
pub struct ShardMap {
    ranges: Vec<ShardRange>,
}

impl TryFrom<ShardMapSpec> for ShardMap {
    type Error = ShardMapError;

    fn try_from(spec: ShardMapSpec) -> Result<Self, Self::Error> {
        ShardMap::new(spec.ranges)
    }
}

impl From<ShardMap> for ShardMapSpec {
    fn from(map: ShardMap) -> Self {
        ShardMapSpec { ranges: map.ranges }
    }
}

/// The result of a split: the new table, and what moved where (for the UI's animation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Split {
    /// The table after the split.
    pub map: ShardMap,
    /// The index, in the new table, of the range that moved (the old range's index + 1).
    pub moved_index: usize,
    /// The first shard that moved.
    pub moved_start: ShardId,
    /// The last shard that moved.
    pub moved_end: ShardId,
    /// The pair that used to serve the moved shards and still serves the lower half.
    pub from: HostPair,
    /// The new pair.
    pub to: HostPair,
}

/// The shards that move when the range `start ..= end` splits: its upper half, the smaller half
/// when the count is odd, as `(moved_start, end)`; `None` for a single shard (or `start > end`).
///
/// The one rule for a split, read by [`ShardMap::split`] (the Decoder's config table) and by the
/// Board's simulator (`sim::reshard`), so both move the same range: 0 … 511 moves 256 … 511.
pub fn moved_half(start: ShardId, end: ShardId) -> Option<(ShardId, ShardId)> {
    if start >= end {
        return None;
    }
    // start < end, so the lower half keeps start ..= lower_end, at least one shard, and the
    // upper half gets at least one; no step overflows.
    let lower_end = start.saturating_add(end.saturating_sub(start) / 2);
    Some((lower_end.saturating_add(1), end))
}

/// Where a row lives: everything the Decoder's placement panel shows for an ID.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    /// The shard from the ID.
    pub shard: ShardId,
    /// The pair that serves it.
    pub hosts: HostPair,
    /// The shard's database, e.g. `db03429`.
    pub database: String,
    /// The type from the ID, when the layout has a type field.
    pub type_id: Option<u64>,
    /// The local ID, when the layout has a local field.
    pub local_id: Option<u64>,
    /// The query that reads the row, when the layout has a local field.
    pub query: Option<String>,
}

impl ShardMap {
    /// Checks the ranges (in any order) and builds the table, sorted by start.
    ///
    /// ```
    /// use shardlab_core::layout::{HostPair, ShardMap, ShardMapError, ShardRange};
    /// let gap = ShardMap::new(vec![
    ///     ShardRange::new(0, 9, HostPair::numbered(1)),
    ///     ShardRange::new(20, 29, HostPair::numbered(2)),
    /// ]);
    /// assert_eq!(gap, Err(ShardMapError::Gap { from: 10, to: 19 }));
    /// ```
    pub fn new(ranges: Vec<ShardRange>) -> Result<ShardMap, ShardMapError> {
        if ranges.is_empty() {
            return Err(ShardMapError::Empty);
        }
        if ranges.len() > MAX_RANGES {
            return Err(ShardMapError::TooManyRanges {
                count: ranges.len(),
                max: MAX_RANGES,
            });
        }
        for range in &ranges {
            validate_range(range)?;
        }
        // Sort by (start, end) so the result does not depend on the input order of equal starts.
        let ranges = sorted_by_bounds(ranges);
        if let Some(first) = ranges.first() {
            if first.start != 0 {
                return Err(ShardMapError::MissingStart {
                    first_start: first.start,
                });
            }
        }
        for pair in ranges.windows(2) {
            if let [lower, upper] = pair {
                if upper.start <= lower.end {
                    return Err(ShardMapError::Overlap {
                        first_start: lower.start,
                        first_end: lower.end,
                        second_start: upper.start,
                        second_end: upper.end,
                    });
                }
                // upper.start > lower.end, so lower.end + 1 cannot overflow.
                let next = lower.end.saturating_add(1);
                if upper.start != next {
                    return Err(ShardMapError::Gap {
                        from: next,
                        to: upper.start.saturating_sub(1),
                    });
                }
            }
        }
        Ok(ShardMap { ranges })
    }

    /// Pinterest's table as the 2015 post describes it: shards 0–4095 on eight pairs,
    /// 0–511 → MySQL001A/B, …, 3584–4095 → MySQL008A/B.
    pub fn pinterest_2015() -> ShardMap {
        let ranges = (1..=8u64)
            .zip((0..4096u64).step_by(512))
            .map(|(number, start)| {
                ShardRange::new(start, start.saturating_add(511), HostPair::numbered(number))
            })
            .collect();
        // Fixed data; a unit test runs it through `new`.
        ShardMap { ranges }
    }

    /// The ranges, sorted by start.
    pub fn ranges(&self) -> &[ShardRange] {
        &self.ranges
    }

    /// The last shard the table maps; every shard from 0 to it is mapped.
    pub fn last_shard(&self) -> ShardId {
        self.ranges.last().map_or(0, |range| range.end)
    }

    /// The index of the range holding `shard`.
    pub fn range_index_of(&self, shard: ShardId) -> Option<usize> {
        // The first range starting after `shard`; the one before it is the only candidate.
        let after = self.ranges.partition_point(|range| range.start <= shard);
        let index = after.checked_sub(1)?;
        self.ranges
            .get(index)
            .filter(|range| range.contains(shard))
            .map(|_| index)
    }

    /// The pair that serves `shard`, by binary search.
    pub fn host_of(&self, shard: ShardId) -> Option<&HostPair> {
        let index = self.range_index_of(shard)?;
        self.ranges.get(index).map(|range| &range.hosts)
    }

    /// Splits range `index`: its upper half (the smaller half when the count is odd) moves to a new
    /// pair, numbered one past the highest number in any host name.
    pub fn split(&self, index: usize) -> Result<Split, ShardMapError> {
        let range = self.ranges.get(index).ok_or(ShardMapError::NoSuchRange {
            index,
            count: self.ranges.len(),
        })?;
        if range.start == range.end {
            return Err(ShardMapError::SingleShard { shard: range.start });
        }
        if self.ranges.len() >= MAX_RANGES {
            return Err(ShardMapError::TooManyRanges {
                count: self.ranges.len().saturating_add(1),
                max: MAX_RANGES,
            });
        }
        let (moved_start, _) = moved_half(range.start, range.end)
            .ok_or(ShardMapError::SingleShard { shard: range.start })?;
        // moved_start > start here, so the lower half keeps at least one shard.
        let lower_end = moved_start.saturating_sub(1);
        let to = HostPair::numbered(self.next_pair_number()?);
        let lower = ShardRange::new(range.start, lower_end, range.hosts.clone());
        let upper = ShardRange::new(moved_start, range.end, to.clone());
        let mut ranges = self.ranges.clone();
        ranges.splice(index..=index, [lower, upper]);
        Ok(Split {
            map: ShardMap::new(ranges)?,
            moved_index: index.saturating_add(1),
            moved_start,
            moved_end: range.end,
            from: range.hosts.clone(),
            to,
        })
    }

    /// Splits the first range whose master is `master` (see [`split`](Self::split)).
    pub fn split_host(&self, master: &str) -> Result<Split, ShardMapError> {
        let index = self
            .ranges
            .iter()
            .position(|range| range.hosts.master == master)
            .ok_or_else(|| ShardMapError::UnknownHost {
                name: master.to_owned(),
            })?;
        self.split(index)
    }

    /// Replaces the host pair of range `index` (e.g. after a manual failover swaps master and
    /// standby).
    pub fn set_hosts(&self, index: usize, hosts: HostPair) -> Result<ShardMap, ShardMapError> {
        let mut ranges = self.ranges.clone();
        let range = ranges.get_mut(index).ok_or(ShardMapError::NoSuchRange {
            index,
            count: self.ranges.len(),
        })?;
        range.hosts = hosts;
        ShardMap::new(ranges)
    }

    /// Checks that every shard the table maps fits in `layout`'s shard field.
    pub fn check_against(&self, layout: &BitLayout) -> Result<(), ShardMapError> {
        let field = layout
            .position_of_role(FieldRole::Shard)
            .and_then(|position| layout.field(position))
            .ok_or(ShardMapError::NoShardField)?;
        let max = field.max_value();
        let last = self.last_shard();
        if last > max {
            return Err(ShardMapError::BeyondShardField { last, max });
        }
        Ok(())
    }

    /// Finds where the row with `id` lives: shard, host pair, database and query.
    ///
    /// ```
    /// use shardlab_core::layout::{BitLayout, ShardMap};
    /// let location = ShardMap::pinterest_2015()
    ///     .locate(&BitLayout::preset("pinterest")?, 241_294_492_511_762_325)?;
    /// assert_eq!(location.hosts.master, "MySQL007A");
    /// assert_eq!(location.database, "db03429");
    /// assert_eq!(location.query.as_deref(), Some("SELECT * FROM pins WHERE local_id = 7075733;"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn locate(&self, layout: &BitLayout, id: u64) -> Result<Location, ShardMapError> {
        let value_of = |role| {
            layout
                .position_of_role(role)
                .and_then(|position| layout.value_at(id, position))
        };
        let shard = value_of(FieldRole::Shard).ok_or(ShardMapError::NoShardField)?;
        let hosts = self
            .host_of(shard)
            .ok_or(ShardMapError::Unmapped {
                shard,
                last: self.last_shard(),
            })?
            .clone();
        let type_id = value_of(FieldRole::Type);
        let local_id = value_of(FieldRole::Local);
        // Without a type field every row sits in the catch-all table.
        let query = local_id.map(|local| query_line(type_id.unwrap_or(0), local));
        Ok(Location {
            shard,
            hosts,
            database: database_name(shard),
            type_id,
            local_id,
            query,
        })
    }

    /// One past the highest number found in any host name (1 for a table without numbers).
    fn next_pair_number(&self) -> Result<u64, ShardMapError> {
        let highest = self
            .ranges
            .iter()
            .flat_map(|range| [&range.hosts.master, &range.hosts.standby])
            .filter_map(|name| last_number_in(name))
            .max()
            .unwrap_or(0);
        highest
            .checked_add(1)
            .ok_or(ShardMapError::NumberingExhausted)
    }
}

/// The last run of ASCII digits in `name`, e.g. 8 in `MySQL008B`. Runs too long for `u64` are
/// skipped.
fn last_number_in(name: &str) -> Option<u64> {
    name.rsplit(|ch: char| !ch.is_ascii_digit())
        .find(|run| !run.is_empty())
        .and_then(|run| run.parse().ok())
}

/// The ranges in (start, end) order, equal ones in their input order. A binary insertion of
/// positions rather than `sort_by_key`: a table has at most [`MAX_RANGES`] ranges, usually in
/// order already, and the sort compiled a whole driftsort (7.6 kB of the Decoder's wasm) for
/// this one call.
fn sorted_by_bounds(ranges: Vec<ShardRange>) -> Vec<ShardRange> {
    let bounds = |index: usize| ranges.get(index).map(|range| (range.start, range.end));
    let mut order: Vec<usize> = Vec::with_capacity(ranges.len());
    for index in 0..ranges.len() {
        let at = order.partition_point(|&earlier| bounds(earlier) <= bounds(index));
        order.insert(at, index);
    }
    let mut taken: Vec<Option<ShardRange>> = ranges.into_iter().map(Some).collect();
    order
        .into_iter()
        .filter_map(|index| taken.get_mut(index).and_then(Option::take))
        .collect()
}

fn validate_range(range: &ShardRange) -> Result<(), ShardMapError> {
    if range.start > range.end {
        return Err(ShardMapError::EmptyRange {
            start: range.start,
            end: range.end,
        });
    }
    for name in [&range.hosts.master, &range.hosts.standby] {
        if name.trim().is_empty() {
            return Err(ShardMapError::EmptyHostName {
                start: range.start,
                end: range.end,
            });
        }
        if name.chars().count() > MAX_HOST_NAME_CHARS {
            return Err(ShardMapError::HostNameTooLong {
                name: name.clone(),
                max: MAX_HOST_NAME_CHARS,
            });
        }
    }
    if range.hosts.master == range.hosts.standby {
        return Err(ShardMapError::OwnStandby {
            name: range.hosts.master.clone(),
        });
    }
    Ok(())
}

/// The MySQL database that holds a shard: `db` and the shard number, zero-padded to five digits.
///
/// ```
/// use shardlab_core::layout::database_name;
/// assert_eq!(database_name(3429), "db03429");
/// assert_eq!(database_name(0), "db00000");
/// ```
pub fn database_name(shard: ShardId) -> String {
    format!("db{shard:05}")
}

/// The query that reads one row, using the type's table (`objects` for an unknown type).
///
/// ```
/// use shardlab_core::layout::query_line;
/// assert_eq!(query_line(1, 7_075_733), "SELECT * FROM pins WHERE local_id = 7075733;");
/// ```
pub fn query_line(type_id: u64, local_id: u64) -> String {
    format!(
        "SELECT * FROM {} WHERE local_id = {local_id};",
        table_for_type(type_id)
    )
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // test arithmetic uses fixed, known values
mod tests {
    use super::*;

    const PIN: u64 = 241_294_492_511_762_325;

    fn range(start: ShardId, end: ShardId, number: u64) -> ShardRange {
        ShardRange::new(start, end, HostPair::numbered(number))
    }

    fn master_of(map: &ShardMap, shard: ShardId) -> Option<&str> {
        map.host_of(shard).map(|pair| pair.master.as_str())
    }

    #[test]
    fn pinterest_table_matches_the_post() {
        let table = ShardMap::pinterest_2015();
        assert_eq!(ShardMap::new(table.ranges().to_vec()), Ok(table.clone()));
        assert_eq!(table.ranges().len(), 8);
        assert_eq!(table.last_shard(), 4095);
        assert_eq!(master_of(&table, 0), Some("MySQL001A"));
        assert_eq!(master_of(&table, 511), Some("MySQL001A"));
        assert_eq!(master_of(&table, 512), Some("MySQL002A"));
        assert_eq!(master_of(&table, 3429), Some("MySQL007A"));
        assert_eq!(
            table.host_of(3429).map(|pair| pair.standby.as_str()),
            Some("MySQL007B")
        );
        assert_eq!(master_of(&table, 3584), Some("MySQL008A"));
        assert_eq!(master_of(&table, 4095), Some("MySQL008A"));
        assert_eq!(table.host_of(4096), None);
        assert_eq!(table.host_of(u64::MAX), None);
        assert_eq!(table.range_index_of(3429), Some(6));
        assert!(table
            .check_against(&crate::layout::Preset::Pinterest.layout())
            .is_ok());
    }

    #[test]
    fn pinterest_example_locates() {
        let layout = crate::layout::Preset::Pinterest.layout();
        let location = ShardMap::pinterest_2015().locate(&layout, PIN).unwrap();
        assert_eq!(location.shard, 3429);
        assert_eq!(location.hosts, HostPair::numbered(7));
        assert_eq!(location.database, "db03429");
        assert_eq!(location.type_id, Some(1));
        assert_eq!(location.local_id, Some(7_075_733));
        assert_eq!(
            location.query.as_deref(),
            Some("SELECT * FROM pins WHERE local_id = 7075733;")
        );
        let board = layout.compose(&[0, 10, 2, 5]).unwrap();
        assert_eq!(
            ShardMap::pinterest_2015()
                .locate(&layout, board)
                .unwrap()
                .query
                .as_deref(),
            Some("SELECT * FROM boards WHERE local_id = 5;")
        );
        assert_eq!(
            query_line(999, 1),
            "SELECT * FROM objects WHERE local_id = 1;"
        );
        assert_eq!(database_name(65_535), "db65535");
    }

    #[test]
    fn locate_errors_and_other_layouts() {
        let table = ShardMap::pinterest_2015();
        let discord = crate::layout::Preset::Discord.layout();
        assert_eq!(table.locate(&discord, 1), Err(ShardMapError::NoShardField));
        assert_eq!(
            table.check_against(&discord),
            Err(ShardMapError::NoShardField)
        );
        let pinterest = crate::layout::Preset::Pinterest.layout();
        let far = pinterest.compose(&[0, 5000, 1, 1]).unwrap();
        let err = table.locate(&pinterest, far).unwrap_err();
        assert_eq!(
            err,
            ShardMapError::Unmapped {
                shard: 5000,
                last: 4095
            }
        );
        assert_eq!(
            err.to_string(),
            "shard 5000 is not in the config table (it maps shards 0–4095)"
        );
        // Instagram has a shard but no type or local field: a host, but no query.
        let instagram = crate::layout::Preset::Instagram.layout();
        let id = instagram.compose(&[1, 100, 1]).unwrap();
        let location = table.locate(&instagram, id).unwrap();
        assert_eq!(location.hosts.master, "MySQL001A");
        assert_eq!(location.query, None);
        assert_eq!(location.type_id, None);
        // Instagram's 13-bit shard field holds shards 0–8191, so a table reaching 8192 does not fit.
        let wide = ShardMap::new(vec![range(0, 8192, 1)]).unwrap();
        assert_eq!(
            wide.check_against(&instagram),
            Err(ShardMapError::BeyondShardField {
                last: 8192,
                max: 8191
            })
        );
    }

    #[test]
    fn split_matches_the_post() {
        let table = ShardMap::pinterest_2015();
        let split = table.split_host("MySQL001A").unwrap();
        assert_eq!(split.moved_start, 256);
        assert_eq!(split.moved_end, 511);
        assert_eq!(split.moved_index, 1);
        assert_eq!(split.from, HostPair::numbered(1));
        assert_eq!(split.to, HostPair::numbered(9));
        let after = &split.map;
        assert_eq!(after.ranges().len(), 9);
        assert_eq!(after.ranges()[0], range(0, 255, 1));
        assert_eq!(after.ranges()[1], range(256, 511, 9));
        for shard in 0..4096 {
            let expected = if (256..=511).contains(&shard) {
                Some(&split.to)
            } else {
                table.host_of(shard)
            };
            assert_eq!(after.host_of(shard), expected, "shard {shard}");
        }
        // The next split continues the numbering.
        let again = after.split_host("MySQL007A").unwrap();
        assert_eq!(again.to, HostPair::numbered(10));
        assert_eq!(master_of(&again.map, 3429), Some("MySQL010A"));
        assert_eq!(again.moved_start, 3328);
    }

    #[test]
    fn odd_ranges_and_single_shards() {
        let table = ShardMap::new(vec![range(0, 2, 1), range(3, 3, 2)]).unwrap();
        let split = table.split(0).unwrap();
        assert_eq!(split.map.ranges()[0], range(0, 1, 1));
        assert_eq!(split.map.ranges()[1], range(2, 2, 3));
        assert_eq!(table.split(1), Err(ShardMapError::SingleShard { shard: 3 }));
        assert!(table
            .split(1)
            .unwrap_err()
            .to_string()
            .contains("nothing to split"));
        // The widest possible range splits without overflow.
        let everything = ShardMap::new(vec![range(0, u64::MAX, 1)]).unwrap();
        let halves = everything.split(0).unwrap();
        assert_eq!(halves.moved_start, 1 << 63);
        assert_eq!(halves.map.last_shard(), u64::MAX);
        assert_eq!(everything.ranges()[0].shard_count(), u64::MAX);
        assert_eq!(range(3, 3, 1).shard_count(), 1);
        assert_eq!(range(5, 3, 1).shard_count(), 0);
    }

    #[test]
    fn split_errors() {
        let table = ShardMap::pinterest_2015();
        assert_eq!(
            table.split(8),
            Err(ShardMapError::NoSuchRange { index: 8, count: 8 })
        );
        assert_eq!(
            table.split_host("MySQL001B"),
            Err(ShardMapError::UnknownHost {
                name: "MySQL001B".into()
            })
        );
        let numbered_out = ShardMap::new(vec![ShardRange::new(
            0,
            9,
            HostPair::new("a18446744073709551615", "b"),
        )])
        .unwrap();
        assert_eq!(
            numbered_out.split(0),
            Err(ShardMapError::NumberingExhausted)
        );
        let full = ShardMap::new(
            (0..MAX_RANGES as u64)
                .map(|i| ShardRange::new(i * 2, i * 2 + 1, HostPair::new(format!("m{i}"), "s")))
                .collect(),
        )
        .unwrap();
        assert_eq!(
            full.split(0),
            Err(ShardMapError::TooManyRanges {
                count: MAX_RANGES + 1,
                max: MAX_RANGES
            })
        );
        for err in [
            ShardMapError::NumberingExhausted,
            ShardMapError::NoSuchRange { index: 8, count: 8 },
            ShardMapError::UnknownHost { name: "x".into() },
            ShardMapError::NoShardField,
            ShardMapError::BeyondShardField { last: 9, max: 7 },
        ] {
            assert!(err.to_string().len() > 10, "{err}");
        }
    }

    #[test]
    fn numbering_reads_any_names() {
        assert_eq!(last_number_in("MySQL008B"), Some(8));
        assert_eq!(last_number_in("db-12-east"), Some(12));
        assert_eq!(last_number_in("alpha"), None);
        assert_eq!(last_number_in("99999999999999999999x"), None);
        let unnumbered =
            ShardMap::new(vec![ShardRange::new(0, 9, HostPair::new("alpha", "beta"))]).unwrap();
        assert_eq!(unnumbered.split(0).unwrap().to, HostPair::numbered(1));
    }

    #[test]
    fn validation_errors() {
        let pair = HostPair::numbered;
        let cases: Vec<(Vec<ShardRange>, ShardMapError)> = vec![
            (vec![], ShardMapError::Empty),
            (
                vec![range(0, 5, 1), range(9, 3, 2)],
                ShardMapError::EmptyRange { start: 9, end: 3 },
            ),
            (
                vec![ShardRange::new(0, 5, HostPair::new(" ", "b"))],
                ShardMapError::EmptyHostName { start: 0, end: 5 },
            ),
            (
                vec![ShardRange::new(0, 5, HostPair::new("a", ""))],
                ShardMapError::EmptyHostName { start: 0, end: 5 },
            ),
            (
                vec![ShardRange::new(0, 5, HostPair::new("h".repeat(65), "b"))],
                ShardMapError::HostNameTooLong {
                    name: "h".repeat(65),
                    max: 64,
                },
            ),
            (
                vec![ShardRange::new(0, 5, HostPair::new("a", "a"))],
                ShardMapError::OwnStandby { name: "a".into() },
            ),
            (
                vec![range(4, 9, 1)],
                ShardMapError::MissingStart { first_start: 4 },
            ),
            (
                vec![range(0, 9, 1), range(5, 12, 2)],
                ShardMapError::Overlap {
                    first_start: 0,
                    first_end: 9,
                    second_start: 5,
                    second_end: 12,
                },
            ),
            (
                vec![range(0, 9, 1), ShardRange::new(0, 9, pair(2))],
                ShardMapError::Overlap {
                    first_start: 0,
                    first_end: 9,
                    second_start: 0,
                    second_end: 9,
                },
            ),
            (
                vec![range(0, 9, 1), range(11, 12, 2)],
                ShardMapError::Gap { from: 10, to: 10 },
            ),
        ];
        for (ranges, expected) in cases {
            assert_eq!(
                ShardMap::new(ranges.clone()),
                Err(expected.clone()),
                "{ranges:?}"
            );
            assert!(expected.to_string().len() > 10, "{expected}");
        }
        let too_many: Vec<ShardRange> = (0..=MAX_RANGES as u64)
            .map(|i| range(i, i, i + 1))
            .collect();
        assert_eq!(
            ShardMap::new(too_many),
            Err(ShardMapError::TooManyRanges {
                count: MAX_RANGES + 1,
                max: MAX_RANGES
            })
        );
        assert_eq!(
            ShardMapError::MissingStart { first_start: 4 }.to_string(),
            "shards 0–3 are not mapped to any host; the first range must start at 0"
        );
        assert_eq!(
            ShardMapError::Gap { from: 10, to: 19 }.to_string(),
            "shards 10–19 are not mapped to any host"
        );
        // Order does not matter; the table comes back sorted.
        let shuffled = ShardMap::new(vec![range(10, 19, 2), range(0, 9, 1)]).unwrap();
        assert_eq!(shuffled.ranges()[0].start, 0);
    }

    #[test]
    fn one_range_per_shard_in_use_is_refused_with_the_limit() {
        // The table of issue 44: Pinterest's 4,096 shards, one range each, which froze the
        // Decoder that drew it. Every way in (a link, a file, a split) goes through `new`.
        let per_shard: Vec<ShardRange> = (0..4_096)
            .map(|shard| range(shard, shard, shard + 1))
            .collect();
        let refused = ShardMap::new(per_shard);
        assert_eq!(
            refused,
            Err(ShardMapError::TooManyRanges {
                count: 4_096,
                max: MAX_RANGES
            })
        );
        assert_eq!(
            refused.err().map(|e| e.to_string()),
            Some(format!(
                "the config table holds at most {MAX_RANGES} ranges; this one has 4096"
            ))
        );
        // Pinterest's table can still be split until the limit, one range at a time.
        let mut table = ShardMap::pinterest_2015();
        while table.ranges().len() < MAX_RANGES {
            let widest = (0..table.ranges().len())
                .max_by_key(|&i| table.ranges()[i].shard_count())
                .unwrap();
            table = table.split(widest).unwrap().map;
        }
        assert_eq!(
            table.split(0),
            Err(ShardMapError::TooManyRanges {
                count: MAX_RANGES + 1,
                max: MAX_RANGES
            })
        );
    }

    #[test]
    fn ranges_sort_by_bounds_and_equal_ones_keep_their_order() {
        let input = vec![
            range(20, 29, 1),
            range(0, 9, 2),
            range(10, 19, 3),
            range(0, 4, 4),
            range(10, 19, 5),
            range(0, 9, 6),
        ];
        let numbers: Vec<(ShardId, ShardId, String)> = sorted_by_bounds(input)
            .into_iter()
            .map(|r| (r.start, r.end, r.hosts.master))
            .collect();
        let expected = [
            (0, 4, 4),
            (0, 9, 2),
            (0, 9, 6),
            (10, 19, 3),
            (10, 19, 5),
            (20, 29, 1),
        ]
        .map(|(start, end, n)| (start, end, HostPair::numbered(n).master));
        assert_eq!(numbers, expected);
        // The limit's worth of ranges in reverse order sorts too.
        let reversed: Vec<ShardRange> = (0..MAX_RANGES as u64)
            .rev()
            .map(|shard| range(shard, shard, 1))
            .collect();
        let table = ShardMap::new(reversed).unwrap();
        assert!(table
            .ranges()
            .iter()
            .zip(0..)
            .all(|(r, shard)| r.start == shard));
    }

    #[test]
    fn set_hosts_paths() {
        let table = ShardMap::pinterest_2015();
        let failed_over = table
            .set_hosts(6, HostPair::new("MySQL007B", "MySQL007A"))
            .unwrap();
        assert_eq!(master_of(&failed_over, 3429), Some("MySQL007B"));
        assert_eq!(
            table.set_hosts(6, HostPair::new("x", "x")),
            Err(ShardMapError::OwnStandby { name: "x".into() })
        );
        assert_eq!(
            table.set_hosts(99, HostPair::numbered(1)),
            Err(ShardMapError::NoSuchRange {
                index: 99,
                count: 8
            })
        );
    }

    #[test]
    fn serde_round_trip_and_validation() {
        let table = ShardMap::pinterest_2015().split(3).unwrap().map;
        let json = serde_json::to_string(&table).unwrap();
        let back: ShardMap = serde_json::from_str(&json).unwrap();
        assert_eq!(back, table);
        let overlapping = r#"{"ranges":[
            {"start":0,"end":9,"hosts":{"master":"a","standby":"b"}},
            {"start":5,"end":19,"hosts":{"master":"c","standby":"d"}}]}"#;
        let err = serde_json::from_str::<ShardMap>(overlapping).unwrap_err();
        assert!(err.to_string().contains("overlap"), "{err}");
        assert!(serde_json::from_str::<ShardMap>(r#"{"ranges":[]}"#).is_err());
    }
}
