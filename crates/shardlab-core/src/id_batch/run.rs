//! [`BatchRun`]: a pile of IDs read a bounded number of lines at a time, and [`analyse`], which
//! reads it all at once.

use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};

use crate::id_text::MAX_ID_TEXT_CHARS;
use crate::stepped::{Progress, Stepped};

use super::input::{BatchError, Cursor, IdSource};
use super::line::LineProblem;
use super::line::{BatchField, BatchLayout, IdKey, Observation, Plan};
use super::report::{
    Bar, BatchReport, Duplicate, ExhaustedTick, Findings, Histogram, OtherBar, OutOfOrder,
    RefusedLine, SequenceGap, SequenceReport, TimeSpan, TimedLine, MAX_HISTOGRAM_BARS,
};

/// One ID with a tick, a sequence value and (if the layout has them) its counted fields, kept
/// for the gap and exhaustion tally at the end. Ordered by tick, then group, then value, then
/// line, which is the order of that tally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct SequenceSeen {
    ticks: u128,
    group: u128,
    sequence: u64,
    line: u64,
    unix_ms: i64,
}

/// Everything counted so far.
#[derive(Debug)]
struct Tally {
    parsed: u64,
    refused: Findings<RefusedLine>,
    earliest: Option<TimedLine>,
    latest: Option<TimedLine>,
    without_time: u64,
    out_of_order: Findings<OutOfOrder>,
    /// Each ID and the line it was first seen on.
    seen: HashMap<IdKey, u64>,
    duplicates: Findings<Duplicate>,
    /// IDs per joined value of the counted fields.
    per_group: BTreeMap<u128, u64>,
    sequences: Vec<SequenceSeen>,
    /// The gap and exhaustion tally, once every line is read.
    sequence: Option<SequenceReport>,
}

/// A batch in progress: a [`Stepped`] job whose units are lines of the text, blank ones
/// included. Create it with [`BatchRun::new`], [`step`](Stepped::step) it until done, then
/// [`finish`](Stepped::finish) it. However it is sliced, the report is the same.
///
/// ```
/// use shardlab_core::id_batch::{BatchLayout, BatchRun, IdSource};
/// use shardlab_core::layout::BitLayout;
/// use shardlab_core::stepped::Stepped;
/// let snowflake = BatchLayout::Bits(BitLayout::preset("snowflake")?);
/// let text = "1541815603606036480\n1541815603606036480\n\nnot an ID\n";
/// let mut run = BatchRun::new(text, &snowflake, &IdSource::Lines)?;
/// while !run.step(2).is_done() {} // one slice per task in the browser
/// let report = run.finish();
/// assert_eq!((report.parsed, report.duplicates.count, report.refused.count), (2, 1, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct BatchRun {
    lines: Cursor,
    plan: Plan,
    tally: Tally,
}

impl BatchRun {
    /// Checks the text against the limits ([`MAX_BATCH_BYTES`](super::MAX_BATCH_BYTES) first,
    /// on its length alone, then [`MAX_BATCH_IDS`](super::MAX_BATCH_IDS) in one scan that
    /// allocates nothing per line), finds a named column in the header, and prepares to read.
    pub fn new(text: &str, layout: &BatchLayout, source: &IdSource) -> Result<Self, BatchError> {
        let lines = Cursor::new(text, source)?;
        Ok(BatchRun {
            plan: Plan::new(layout),
            tally: Tally {
                parsed: 0,
                refused: Findings::new(),
                earliest: None,
                latest: None,
                without_time: 0,
                out_of_order: Findings::new(),
                seen: HashMap::with_capacity(lines.id_lines()),
                duplicates: Findings::new(),
                per_group: BTreeMap::new(),
                sequences: Vec::new(),
                sequence: None,
            },
            lines,
        })
    }

    /// The report of a finished run.
    fn report(self) -> BatchReport {
        let plan = self.plan;
        let tally = self.tally;
        let time = match (tally.earliest, tally.latest) {
            (Some(earliest), Some(latest)) => Some(TimeSpan { earliest, latest }),
            (None, _) | (_, None) => None,
        };
        BatchReport {
            lines: self.lines.progress().total,
            parsed: tally.parsed,
            refused: tally.refused,
            time,
            without_time: tally.without_time,
            out_of_order: plan.has_time.then_some(tally.out_of_order),
            duplicates: tally.duplicates,
            histogram: plan
                .counted
                .map(|(counted_by, fields)| histogram(&tally.per_group, counted_by, fields)),
            sequence: tally.sequence,
        }
    }
}

impl Tally {
    /// Reads line `number`, whose ID is in `field`, and counts what it holds.
    fn read(
        &mut self,
        number: u64,
        line: &str,
        field: Result<Cow<'_, str>, LineProblem>,
        plan: &Plan,
    ) {
        let outcome = match &field {
            Ok(text) => plan.reader.read(text),
            Err(problem) => Err(problem.clone()),
        };
        match outcome {
            Ok(observation) => self.count(number, observation, plan),
            Err(problem) => self.refused.note(|| RefusedLine {
                line: number,
                text: field
                    .as_deref()
                    .unwrap_or(line)
                    .chars()
                    .take(MAX_ID_TEXT_CHARS)
                    .collect(),
                problem,
            }),
        }
    }

    /// Counts one ID, read from line `line`.
    fn count(&mut self, line: u64, observation: Observation, plan: &Plan) {
        self.parsed = self.parsed.saturating_add(1);
        let show = || plan.reader.show(&observation.key);
        match observation.unix_ms {
            Some(unix_ms) => {
                let here = TimedLine { line, unix_ms };
                if let Some(after) = self.latest.filter(|latest| unix_ms < latest.unix_ms) {
                    self.out_of_order.note(|| OutOfOrder {
                        line,
                        id: show(),
                        unix_ms,
                        after,
                    });
                }
                if self.latest.is_none_or(|latest| unix_ms > latest.unix_ms) {
                    self.latest = Some(here);
                }
                if self
                    .earliest
                    .is_none_or(|earliest| unix_ms < earliest.unix_ms)
                {
                    self.earliest = Some(here);
                }
            }
            None => self.without_time = self.without_time.saturating_add(1),
        }
        match self.seen.entry(observation.key) {
            Entry::Occupied(first) => {
                let first_line = *first.get();
                self.duplicates.note(|| Duplicate {
                    line,
                    id: show(),
                    first_line,
                });
            }
            Entry::Vacant(slot) => {
                slot.insert(line);
            }
        }
        if let Some(group) = observation.group {
            let ids = self.per_group.entry(group).or_insert(0);
            *ids = ids.saturating_add(1);
        }
        if plan.sequence.is_some() {
            if let (Some(ticks), Some(sequence), Some(unix_ms)) =
                (observation.ticks, observation.sequence, observation.unix_ms)
            {
                self.sequences.push(SequenceSeen {
                    ticks,
                    group: observation.group.unwrap_or(0),
                    sequence,
                    line,
                    unix_ms,
                });
            }
        }
    }
}

/// The joined value of the counted fields taken apart again, most significant first.
fn split(joined: u128, fields: &[BatchField]) -> Vec<u64> {
    let mut values = vec![0u64; fields.len()];
    let mut rest = joined;
    for (slot, field) in values.iter_mut().zip(fields).rev() {
        let mask = 1u128
            .checked_shl(field.width)
            .map_or(u128::MAX, |bit| bit.saturating_sub(1));
        *slot = u64::try_from(rest & mask).unwrap_or(u64::MAX);
        rest = rest.checked_shr(field.width).unwrap_or(0);
    }
    values
}

/// The histogram of the counts per group: every value in order, or the most frequent
/// [`MAX_HISTOGRAM_BARS`] (ties to the lower value) and an "other" bar.
fn histogram(
    per_group: &BTreeMap<u128, u64>,
    counted_by: super::CountedBy,
    fields: Vec<BatchField>,
) -> Histogram {
    let mut kept: Vec<(u128, u64)> = per_group.iter().map(|(&key, &ids)| (key, ids)).collect();
    let mut other = None;
    if kept.len() > MAX_HISTOGRAM_BARS {
        // The last bar kept, in order of IDs (most first, ties to the lower value); the bars are
        // then taken from the map in order of value, so one sort does.
        let mut by_ids = kept.clone();
        by_ids.sort_unstable_by(|(key_a, ids_a), (key_b, ids_b)| {
            ids_b.cmp(ids_a).then(key_a.cmp(key_b))
        });
        let last = by_ids
            .get(MAX_HISTOGRAM_BARS.saturating_sub(1))
            .copied()
            .unwrap_or((0, 0));
        let makes_it = |&(key, ids): &(u128, u64)| ids > last.1 || (ids == last.1 && key <= last.0);
        let (shown, left_out): (Vec<_>, Vec<_>) = kept.into_iter().partition(makes_it);
        kept = shown;
        other = Some(OtherBar {
            values: u64::try_from(left_out.len()).unwrap_or(u64::MAX),
            ids: left_out
                .iter()
                .fold(0u64, |sum, (_, ids)| sum.saturating_add(*ids)),
        });
    }
    Histogram {
        counted_by,
        bars: kept
            .into_iter()
            .map(|(key, ids)| Bar {
                values: split(key, &fields),
                ids,
            })
            .collect(),
        fields,
        other,
    }
}

/// The gaps and exhausted ticks among `seen`, which this sorts.
fn tally_sequences(
    seen: &mut [SequenceSeen],
    field: BatchField,
    max: u64,
    counted: &[BatchField],
) -> SequenceReport {
    seen.sort_unstable();
    let mut gaps = Findings::new();
    let mut missing: u64 = 0;
    let mut exhausted = Findings::new();
    let mut rest: &[SequenceSeen] = seen;
    while let Some(first) = rest.first().copied() {
        let same_tick = rest
            .iter()
            .take_while(|seen| seen.ticks == first.ticks && seen.group == first.group)
            .count();
        let (tick, after_tick) = rest.split_at_checked(same_tick).unwrap_or((rest, &[]));
        rest = after_tick;
        let mut distinct: u64 = 0;
        let mut previous: Option<SequenceSeen> = None;
        for &seen in tick {
            // Copies of one value are one ID seen twice: the duplicates count them.
            if previous.is_some_and(|previous| previous.sequence == seen.sequence) {
                continue;
            }
            if let Some(below) = previous {
                let gap = seen
                    .sequence
                    .saturating_sub(below.sequence)
                    .saturating_sub(1);
                if gap > 0 {
                    missing = missing.saturating_add(gap);
                    gaps.note(|| SequenceGap {
                        unix_ms: seen.unix_ms,
                        group: split(seen.group, counted),
                        after: below.sequence,
                        before: seen.sequence,
                        missing: gap,
                        line_after: below.line,
                        line_before: seen.line,
                    });
                }
            }
            distinct = distinct.saturating_add(1);
            previous = Some(seen);
        }
        if let Some(top) = previous.filter(|top| top.sequence == max) {
            exhausted.note(|| ExhaustedTick {
                unix_ms: top.unix_ms,
                group: split(top.group, counted),
                ids: distinct,
                line: top.line,
            });
        }
    }
    SequenceReport {
        field,
        max,
        gaps,
        missing,
        exhausted,
    }
}

impl Stepped for BatchRun {
    type Output = BatchReport;

    /// Reads up to `max_lines` more lines; the step that reads the last one also tallies the
    /// gaps and exhausted ticks (a sort of at most 100,000 entries).
    fn step(&mut self, max_lines: u64) -> Progress {
        let (plan, tally) = (&self.plan, &mut self.tally);
        let progress = self.lines.step(max_lines, |number, line, field| {
            tally.read(number, line, field, plan)
        });
        if progress.is_done() && self.tally.sequence.is_none() {
            if let Some((field, max)) = self.plan.sequence.clone() {
                let counted = self
                    .plan
                    .counted
                    .as_ref()
                    .map_or(&[][..], |(_, fields)| fields.as_slice());
                self.tally.sequence = Some(tally_sequences(
                    &mut self.tally.sequences,
                    field,
                    max,
                    counted,
                ));
            }
        }
        progress
    }

    /// Lines read so far, out of all the text's lines.
    fn progress(&self) -> Progress {
        self.lines.progress()
    }

    fn finish(mut self) -> BatchReport {
        self.step(u64::MAX);
        self.report()
    }
}

/// The summary of `text` (one ID per line, or a CSV column, as `source` says) read in `layout`,
/// in one go: [`BatchRun`] run to the end.
///
/// ```
/// use shardlab_core::id_batch::{analyse, BatchError, BatchLayout, IdSource};
/// use shardlab_core::id_family::IdFamily;
/// let ulids = BatchLayout::Family(IdFamily::Ulid);
/// let report = analyse("01ARZ3NDEKTSV4RRFFQ69G5FAV\n01ARZ3NDEKTSV4RRFFQ69G5FA!\n", &ulids, &IdSource::Lines)?;
/// assert_eq!((report.parsed, report.refused.count), (1, 1));
/// assert_eq!(report.time.map(|span| span.earliest.unix_ms), Some(1_469_922_850_259));
/// assert_eq!(analyse("\n\n", &ulids, &IdSource::Lines), Err(BatchError::NoIds));
/// # Ok::<(), BatchError>(())
/// ```
pub fn analyse(
    text: &str,
    layout: &BatchLayout,
    source: &IdSource,
) -> Result<BatchReport, BatchError> {
    Ok(BatchRun::new(text, layout, source)?.finish())
}
