//! "Insert a new object": how a layout makes a new ID, as a list of steps a page can narrate.
//!
//! A layout with shard, type and local fields takes the counted path (Pinterest): pick a shard,
//! insert the row on the shard's master, take its auto-increment local ID, compose. A layout with
//! a timestamp field takes the clock path (Snowflake and the others): read the clock, then fill
//! each field by its role (a shard from the table, a sequence counter, a worker number) and
//! compose. Random choices come from [`SplitMix64`] seeded with [`GENERATOR_SEED`], so one page load
//! shows the same shards in every browser; the clock is read by the caller and passed in.

use thiserror::Error;

use super::allocator::{AllocError, IdAllocator};
use super::bits::{BitLayout, ComposeError, FieldRole};
use super::presets::table_for_type;
use super::shard_map::{database_name, ShardId, ShardMap};
use super::time::{TimeBase, TimeError};

/// The seed of the generator's random choices: the year of Pinterest's post.
pub const GENERATOR_SEED: u64 = 2015;

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by a fixed odd constant and
/// mixed into each output. Tiny, seeded and the same on every platform, which is all the
/// generator needs; the simulator's streams use `rand`'s generators instead.
///
/// ```
/// use shardlab_core::layout::SplitMix64;
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first output is the mix of `seed + γ`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// What a new ID asks for: the reader's shard (`None` for a random one), the object type (used by
/// the counted path only) and the current Unix time in ms (needed by the clock path only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InsertRequest {
    /// The shard the reader chose, or `None` for a seeded random one.
    pub shard: Option<ShardId>,
    /// The object type.
    pub type_id: u64,
    /// Now, as Unix ms; `None` when the clock could not be read.
    pub now_ms: Option<u64>,
}

/// One step of making an ID, with the numbers it used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateStep {
    /// A shard was picked.
    PickShard {
        /// The shard.
        shard: ShardId,
        /// `None` when the reader chose it; else how many shards the random draw chose among.
        drawn_among: Option<u64>,
    },
    /// The row was inserted on the shard's master.
    InsertRow {
        /// The table named by the object type.
        table: &'static str,
        /// The master host.
        host: String,
        /// The shard's database.
        database: String,
    },
    /// The database handed back the row's auto-increment local ID.
    TakeLocalId {
        /// The local ID.
        local: u64,
        /// Whose counter it is: the shard …
        shard: ShardId,
        /// … and the type.
        type_id: u64,
    },
    /// The clock was read and turned into ticks.
    ReadClock {
        /// Now, Unix ms.
        now_ms: u64,
        /// Ticks since the field's epoch.
        ticks: u64,
        /// Milliseconds per tick.
        unit_ms: u64,
    },
    /// A sequence counter gave its next value.
    TakeSequence {
        /// The field's name.
        field: String,
        /// The value, masked to the field.
        value: u64,
    },
    /// The generator named itself in a worker field (drawn at random).
    NameWorker {
        /// The field's name.
        field: String,
        /// The value.
        value: u64,
    },
    /// The fields were composed into the ID.
    Compose {
        /// The ID.
        id: u64,
        /// Its nonzero fields as (value, shift), most significant first: the ID is their OR.
        terms: Vec<(u64, u32)>,
    },
}

impl GenerateStep {
    /// The compose step for `id` in `layout`.
    fn compose(layout: &BitLayout, id: u64) -> GenerateStep {
        let terms = layout
            .decode(id)
            .fields
            .iter()
            .filter(|f| f.value != 0)
            .map(|f| (f.value, f.shift))
            .collect();
        GenerateStep::Compose { id, terms }
    }
}

/// A new ID and the steps that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedId {
    /// The ID.
    pub id: u64,
    /// The steps, in order; the last one is [`GenerateStep::Compose`].
    pub steps: Vec<GenerateStep>,
}

/// Why no ID was made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The layout has neither the counted path's fields nor a timestamp.
    #[error("Generating an ID needs shard, type and local fields, or a timestamp field. This layout has neither.")]
    NoRule,
    /// The counted path has no table to pick a shard from.
    #[error("there is no config table to pick a shard from")]
    NoTable,
    /// The chosen shard is not in the table.
    #[error("shard {shard} is not in the config table")]
    ShardNotInTable {
        /// The shard.
        shard: ShardId,
    },
    /// The allocator refused the insert.
    #[error("Not inserted: {0}.")]
    Alloc(AllocError),
    /// The clock path was not given the time.
    #[error("the clock could not be read")]
    NoClock,
    /// Now has no tick count in the field's time base.
    #[error("Not generated: {0}.")]
    Time(TimeError),
    /// A value does not fit its field.
    #[error("Not generated: {0}.")]
    Compose(ComposeError),
}

/// The generator's lasting state: its random stream and the clock path's sequence counter. The
/// counted path's counters live in the [`IdAllocator`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdGenerator {
    rng: SplitMix64,
    sequence: u64,
}

impl Default for IdGenerator {
    fn default() -> Self {
        IdGenerator {
            rng: SplitMix64::new(GENERATOR_SEED),
            sequence: 0,
        }
    }
}

impl IdGenerator {
    /// Makes a new ID for `layout`: the counted path when `allocator` is given, else the clock path
    /// when the layout has a timestamp.
    ///
    /// A refused request may still have used random draws and sequence values (as a real
    /// generator that failed half-way would), so the next ID does not repeat them.
    pub fn generate(
        &mut self,
        layout: &BitLayout,
        table: Option<&ShardMap>,
        allocator: Option<&mut IdAllocator>,
        request: InsertRequest,
    ) -> Result<GeneratedId, GenerateError> {
        if let Some(allocator) = allocator {
            self.counted(table, allocator, request)
        } else if layout.position_of_role(FieldRole::Timestamp).is_some() {
            self.timed(layout, table, request)
        } else {
            Err(GenerateError::NoRule)
        }
    }

    /// A shard from the table (at random when `chosen` is `None`); `None` without a table.
    fn pick_shard(
        &mut self,
        table: Option<&ShardMap>,
        chosen: Option<ShardId>,
        steps: &mut Vec<GenerateStep>,
    ) -> Option<ShardId> {
        let last = table.map(ShardMap::last_shard)?;
        let (shard, drawn_among) = match chosen {
            Some(shard) => (shard, None),
            None => {
                // `last + 1` shards, saturating: the table's last shard is below u64::MAX anyway.
                let among = last.saturating_add(1);
                (
                    self.rng.next_u64().checked_rem(among).unwrap_or(0),
                    Some(among),
                )
            }
        };
        steps.push(GenerateStep::PickShard { shard, drawn_among });
        Some(shard)
    }

    fn counted(
        &mut self,
        table: Option<&ShardMap>,
        allocator: &mut IdAllocator,
        request: InsertRequest,
    ) -> Result<GeneratedId, GenerateError> {
        let mut steps = Vec::new();
        let shard = self
            .pick_shard(table, request.shard, &mut steps)
            .ok_or(GenerateError::NoTable)?;
        let host = table
            .and_then(|t| t.host_of(shard))
            .map(|pair| pair.master.clone())
            .ok_or(GenerateError::ShardNotInTable { shard })?;
        let type_id = request.type_id;
        let allocated = allocator
            .insert(shard, type_id)
            .map_err(GenerateError::Alloc)?;
        steps.push(GenerateStep::InsertRow {
            table: table_for_type(type_id),
            host,
            database: database_name(shard),
        });
        steps.push(GenerateStep::TakeLocalId {
            local: allocated.local,
            shard,
            type_id,
        });
        steps.push(GenerateStep::compose(allocator.layout(), allocated.id));
        Ok(GeneratedId {
            id: allocated.id,
            steps,
        })
    }

    fn timed(
        &mut self,
        layout: &BitLayout,
        table: Option<&ShardMap>,
        request: InsertRequest,
    ) -> Result<GeneratedId, GenerateError> {
        let now_ms = request.now_ms.ok_or(GenerateError::NoClock)?;
        let mut steps = Vec::new();
        let mut values = vec![0u64; layout.field_count()];
        for (position, field) in layout.fields().iter().enumerate() {
            let value = match field.role {
                FieldRole::Timestamp => {
                    let base = field.time.unwrap_or(TimeBase::UNIX_MS);
                    let ticks = base.ticks_at(now_ms).map_err(GenerateError::Time)?;
                    steps.push(GenerateStep::ReadClock {
                        now_ms,
                        ticks,
                        unit_ms: base.unit_ms,
                    });
                    ticks
                }
                FieldRole::Shard => self
                    .pick_shard(table, request.shard, &mut steps)
                    .unwrap_or_else(|| self.rng.next_u64() & field.max_value()),
                FieldRole::Sequence => {
                    let value = self.sequence & field.max_value();
                    self.sequence = self.sequence.wrapping_add(1);
                    steps.push(GenerateStep::TakeSequence {
                        field: field.name.clone(),
                        value,
                    });
                    value
                }
                FieldRole::Worker => {
                    let value = self.rng.next_u64() & field.max_value();
                    steps.push(GenerateStep::NameWorker {
                        field: field.name.clone(),
                        value,
                    });
                    value
                }
                FieldRole::Reserved | FieldRole::Type | FieldRole::Local | FieldRole::Other => 0,
            };
            if let Some(slot) = values.get_mut(position) {
                *slot = value;
            }
        }
        let id = layout.compose(&values).map_err(GenerateError::Compose)?;
        steps.push(GenerateStep::compose(layout, id));
        Ok(GeneratedId { id, steps })
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // fixed, known test values
mod tests {
    use super::*;
    use crate::layout::{default_table, starting_allocator, Preset};

    /// The first outputs from the generator's seed, as the Decoder drew them before its
    /// generator moved into the core.
    #[test]
    fn splitmix64_from_the_seed_gives_the_same_stream_as_before() {
        let mut rng = SplitMix64::new(GENERATOR_SEED);
        let first: Vec<u64> = (0..4).map(|_| rng.next_u64() % 4096).collect();
        // The Pinterest transcript's random shards: 3645, 1723, 3851 (and 578 after a refusal).
        assert_eq!(first[..3], [3645, 1723, 3851]);
        // The reference vector of SplitMix64 from seed 0 (as in Vigna's splitmix64.c).
        let mut zero = SplitMix64::new(0);
        assert_eq!(zero.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(zero.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    fn pinterest() -> (BitLayout, ShardMap, IdAllocator) {
        let layout = Preset::Pinterest.layout();
        let table = default_table(Preset::Pinterest, &layout).unwrap();
        let allocator = starting_allocator(&layout).unwrap();
        (layout, table, allocator)
    }

    #[test]
    fn the_counted_path_picks_inserts_takes_and_composes() {
        let (layout, table, mut allocator) = pinterest();
        let mut generator = IdGenerator::default();
        let request = InsertRequest {
            shard: None,
            type_id: 1,
            now_ms: None,
        };
        let made = generator
            .generate(&layout, Some(&table), Some(&mut allocator), request)
            .unwrap();
        assert_eq!(made.id, 256_494_141_247_062_017);
        assert_eq!(
            made.steps,
            [
                GenerateStep::PickShard {
                    shard: 3645,
                    drawn_among: Some(4096)
                },
                GenerateStep::InsertRow {
                    table: "pins",
                    host: "MySQL008A".into(),
                    database: "db03645".into()
                },
                GenerateStep::TakeLocalId {
                    local: 1,
                    shard: 3645,
                    type_id: 1
                },
                GenerateStep::Compose {
                    id: 256_494_141_247_062_017,
                    terms: vec![(3645, 46), (1, 36), (1, 0)]
                },
            ]
        );
        let chosen = InsertRequest {
            shard: Some(3429),
            ..request
        };
        let next = generator
            .generate(&layout, Some(&table), Some(&mut allocator), chosen)
            .unwrap();
        assert_eq!(next.id, 241_294_492_511_762_326);
        let outside = InsertRequest {
            shard: Some(5000),
            ..request
        };
        assert_eq!(
            generator.generate(&layout, Some(&table), Some(&mut allocator), outside),
            Err(GenerateError::ShardNotInTable { shard: 5000 })
        );
        assert_eq!(
            generator.generate(&layout, None, Some(&mut allocator), request),
            Err(GenerateError::NoTable)
        );
    }

    #[test]
    fn the_clock_path_fills_each_field_by_its_role() {
        let layout = Preset::Snowflake.layout();
        let mut generator = IdGenerator::default();
        let request = InsertRequest {
            shard: None,
            type_id: 1,
            now_ms: Some(1_656_432_460_105),
        };
        let made = generator.generate(&layout, None, None, request).unwrap();
        assert_eq!(made.id, 1_541_815_603_608_399_872);
        assert_eq!(
            made.steps[..3],
            [
                GenerateStep::ReadClock {
                    now_ms: 1_656_432_460_105,
                    ticks: 367_597_485_448,
                    unit_ms: 1
                },
                GenerateStep::NameWorker {
                    field: "datacenter".into(),
                    value: 29
                },
                GenerateStep::NameWorker {
                    field: "worker".into(),
                    value: 27
                },
            ]
        );
        let second = generator.generate(&layout, None, None, request).unwrap();
        assert_eq!(
            second.steps[3],
            GenerateStep::TakeSequence {
                field: "sequence".into(),
                value: 1
            }
        );
        let no_clock = InsertRequest {
            now_ms: None,
            ..request
        };
        assert_eq!(
            generator.generate(&layout, None, None, no_clock),
            Err(GenerateError::NoClock)
        );
        let early = InsertRequest {
            now_ms: Some(0),
            ..request
        };
        assert!(matches!(
            generator.generate(&layout, None, None, early),
            Err(GenerateError::Time(TimeError::BeforeEpoch { .. }))
        ));
    }

    #[test]
    fn a_layout_with_neither_path_makes_nothing() {
        let layout = Preset::Pinterest
            .layout()
            .set_role(1, FieldRole::Other)
            .unwrap();
        let request = InsertRequest {
            shard: None,
            type_id: 1,
            now_ms: Some(0),
        };
        assert_eq!(
            IdGenerator::default().generate(&layout, None, None, request),
            Err(GenerateError::NoRule)
        );
    }
}
