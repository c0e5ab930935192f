//! One line of a batch: the ID read from it under the batch's layout, or why it was refused.

use thiserror::Error;

use crate::id_family::{FamilyError, IdFamily, WideFieldRole};
use crate::id_text::{WideId, MAX_ID_TEXT_CHARS};
use crate::layout::{parse_id, BitLayout, FieldRole, ParseIdError, TimeBase};

/// Why one line gave no ID. The messages are the parsers' own, which name the offending
/// character and its position within the ID's text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineProblem {
    /// Not a 64-bit ID.
    #[error("{0}")]
    Id(ParseIdError),
    /// Not an ID of the family.
    #[error("{0}")]
    Family(FamilyError),
    /// Longer than any ID's text; refused before it is scanned.
    #[error("an ID is at most {limit} characters long; this one is longer")]
    TooLong {
        /// [`MAX_ID_TEXT_CHARS`].
        limit: usize,
    },
    /// A CSV record with fewer fields than the column read.
    #[error("this line has {columns} columns, so no column {position}")]
    MissingColumn {
        /// The column read, from 1.
        position: usize,
        /// How many the line has.
        columns: usize,
    },
    /// A CSV field opened with a quote and never closed.
    #[error("a quoted field has no closing quote")]
    UnclosedQuote,
}

/// The layout a batch is read in: a 64-bit layout (a preset or the reader's own), or an ID family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchLayout {
    /// A 64-bit [`BitLayout`].
    Bits(BitLayout),
    /// An [`IdFamily`]; for a UUID, each ID's own version decides its fields.
    Family(IdFamily),
}

/// Which field a batch counts IDs by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CountedBy {
    /// The layout's shard field.
    Shard,
    /// The layout's worker fields (taken together, as they name one generator), or a family's
    /// machine field.
    Worker,
}

impl CountedBy {
    /// The word for it: `"shard"` or `"worker"`.
    pub fn label(self) -> &'static str {
        match self {
            CountedBy::Shard => "shard",
            CountedBy::Worker => "worker",
        }
    }
}

/// An ID as the batch compares them for duplicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum IdKey {
    /// A 64-bit layout's ID.
    Narrow(u64),
    /// A family's ID.
    Wide(WideId),
}

/// What the batch keeps of one ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Observation {
    pub(super) key: IdKey,
    /// The time field's value, in the layout's own ticks.
    pub(super) ticks: Option<u128>,
    pub(super) unix_ms: Option<i64>,
    /// The counted fields' values joined, most significant first.
    pub(super) group: Option<u128>,
    pub(super) sequence: Option<u64>,
}

/// A field of a 64-bit layout, ready to be cut out of an ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slice {
    shift: u32,
    width: u32,
    max: u64,
}

impl Slice {
    fn of(layout: &BitLayout, position: usize) -> Option<Slice> {
        let field = layout.field(position)?;
        Some(Slice {
            shift: layout.shift(position)?,
            width: field.width,
            max: field.max_value(),
        })
    }

    fn read(self, id: u64) -> u64 {
        id.checked_shr(self.shift).unwrap_or(0) & self.max
    }
}

/// A named field the batch reads, with its width: the counted fields and the sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchField {
    /// The field's name.
    pub name: String,
    /// Its width in bits.
    pub width: u32,
}

/// How to read a line's ID and what to keep of it, worked out once per batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Reader {
    Bits {
        time: Option<(Slice, TimeBase)>,
        group: Vec<Slice>,
        sequence: Option<Slice>,
    },
    Family {
        family: IdFamily,
        /// Positions of the counted fields in the family's fixed layout.
        group: Vec<usize>,
        sequence: Option<usize>,
    },
}

/// What a batch's layout lets it report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Plan {
    pub(super) reader: Reader,
    pub(super) has_time: bool,
    /// The counted fields, most significant first; `None` when the layout has none.
    pub(super) counted: Option<(CountedBy, Vec<BatchField>)>,
    /// The sequence field and its largest value, when the layout has one and a time.
    pub(super) sequence: Option<(BatchField, u64)>,
}

impl Plan {
    pub(super) fn new(layout: &BatchLayout) -> Plan {
        match layout {
            BatchLayout::Bits(bits) => bits_plan(bits),
            BatchLayout::Family(family) => family_plan(*family),
        }
    }
}

/// The shard field, else every worker field (a Snowflake's datacenter and worker together).
fn counted_positions(layout: &BitLayout) -> Option<(CountedBy, Vec<usize>)> {
    if let Some(shard) = layout.position_of_role(FieldRole::Shard) {
        return Some((CountedBy::Shard, vec![shard]));
    }
    let workers: Vec<usize> = (0..layout.field_count())
        .filter(|&position| {
            layout
                .field(position)
                .is_some_and(|field| field.role == FieldRole::Worker)
        })
        .collect();
    (!workers.is_empty()).then_some((CountedBy::Worker, workers))
}

fn bits_plan(layout: &BitLayout) -> Plan {
    let time = layout
        .position_of_role(FieldRole::Timestamp)
        .and_then(|position| {
            let base = layout.field(position)?.time?;
            Some((Slice::of(layout, position)?, base))
        });
    let counted = counted_positions(layout);
    let group = counted
        .iter()
        .flat_map(|(_, positions)| positions.iter())
        .filter_map(|&position| Slice::of(layout, position))
        .collect();
    let named = |position: usize| {
        layout.field(position).map(|field| BatchField {
            name: field.name.clone(),
            width: field.width,
        })
    };
    // Gaps and exhaustion are per tick, so a sequence without a time says nothing.
    let sequence_position = layout
        .position_of_role(FieldRole::Sequence)
        .filter(|_| time.is_some());
    Plan {
        has_time: time.is_some(),
        counted: counted
            .map(|(by, positions)| (by, positions.into_iter().filter_map(named).collect())),
        sequence: sequence_position
            .and_then(|position| Some((named(position)?, layout.field(position)?.max_value()))),
        reader: Reader::Bits {
            time,
            group,
            sequence: sequence_position.and_then(|position| Slice::of(layout, position)),
        },
    }
}

/// A family with one layout counts by its machine field and reads its counter as the sequence.
/// A UUID's fields depend on each ID's version, so a batch of UUIDs reports times, order and
/// duplicates only.
fn family_plan(family: IdFamily) -> Plan {
    let Some(layout) = family.fixed_layout() else {
        return Plan {
            reader: Reader::Family {
                family,
                group: Vec::new(),
                sequence: None,
            },
            has_time: true,
            counted: None,
            sequence: None,
        };
    };
    let fields = layout.fields();
    let positions = |role: WideFieldRole| -> Vec<usize> {
        fields
            .iter()
            .enumerate()
            .filter(|(_, field)| field.role == role)
            .map(|(position, _)| position)
            .collect()
    };
    let group = positions(WideFieldRole::Machine);
    let has_time = layout.time_base().is_some();
    let sequence = positions(WideFieldRole::Counter)
        .first()
        .copied()
        .filter(|_| has_time);
    let named = |position: usize| {
        fields.get(position).map(|field| BatchField {
            name: field.name.to_owned(),
            width: field.width,
        })
    };
    Plan {
        has_time,
        counted: (!group.is_empty()).then(|| {
            (
                CountedBy::Worker,
                group
                    .iter()
                    .filter_map(|&position| named(position))
                    .collect(),
            )
        }),
        sequence: sequence.and_then(|position| {
            let field = named(position)?;
            let max = low_ones(field.width);
            Some((field, max))
        }),
        reader: Reader::Family {
            family,
            group,
            sequence,
        },
    }
}

/// 2^width − 1, all ones for 64 bits and more.
fn low_ones(width: u32) -> u64 {
    1u64.checked_shl(width)
        .map_or(u64::MAX, |bit| bit.saturating_sub(1))
}

/// `values` joined into one number, each taking `width` bits.
fn join(values: impl Iterator<Item = (u128, u32)>) -> u128 {
    values.fold(0u128, |joined, (value, width)| {
        joined.checked_shl(width).unwrap_or(0) | value
    })
}

impl Reader {
    /// The ID in `text`, or why there is none.
    pub(super) fn read(&self, text: &str) -> Result<Observation, LineProblem> {
        // At most one character past the limit is decoded, however long the line.
        if text.chars().nth(MAX_ID_TEXT_CHARS).is_some() {
            return Err(LineProblem::TooLong {
                limit: MAX_ID_TEXT_CHARS,
            });
        }
        match self {
            Reader::Bits {
                time,
                group,
                sequence,
            } => {
                let id = parse_id(text).map_err(LineProblem::Id)?;
                let ticks = time.map(|(slice, _)| slice.read(id));
                let unix_ms = time
                    .and_then(|(slice, base)| i64::try_from(base.unix_ms(slice.read(id))?).ok());
                let group = (!group.is_empty()).then(|| {
                    join(
                        group
                            .iter()
                            .map(|slice| (u128::from(slice.read(id)), slice.width)),
                    )
                });
                Ok(Observation {
                    key: IdKey::Narrow(id),
                    ticks: ticks.map(u128::from),
                    unix_ms,
                    group,
                    sequence: sequence.map(|slice| slice.read(id)),
                })
            }
            Reader::Family {
                family,
                group,
                sequence,
            } => {
                let decoded = family.read(text).map_err(LineProblem::Family)?;
                let value = |position: usize| decoded.fields.get(position);
                let group = (!group.is_empty()).then(|| {
                    join(group.iter().filter_map(|&position| {
                        value(position).map(|field| (field.value, field.field.width))
                    }))
                });
                Ok(Observation {
                    key: IdKey::Wide(decoded.id),
                    ticks: decoded.time.map(|time| time.ticks),
                    unix_ms: decoded.time.map(|time| time.unix_ms),
                    group,
                    sequence: sequence
                        .and_then(value)
                        .and_then(|field| u64::try_from(field.value).ok()),
                })
            }
        }
    }

    /// The ID as the report shows it: decimal for a 64-bit layout, the family's own form.
    pub(super) fn show(&self, key: &IdKey) -> String {
        match key {
            IdKey::Narrow(id) => id.to_string(),
            IdKey::Wide(id) => {
                let form = match self {
                    Reader::Family { family, .. } => family.canonical_form(),
                    Reader::Bits { .. } => crate::id_text::TextForm::Hex,
                };
                form.format(id)
                    .or_else(|_| crate::id_text::TextForm::Hex.format(id))
                    .unwrap_or_default()
            }
        }
    }
}
