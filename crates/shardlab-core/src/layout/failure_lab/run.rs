//! One seeded run of the lab: the generators, their simulated clocks, and what came out.
//!
//! Each simulated ms, each generator is asked for a seeded random number of IDs (0 ..= twice the
//! average, the same draws whatever the policy, so a naive run and its fix see the same load),
//! then issues what it can: a new tick starts its sequence at 0, a used-up sequence stalls or
//! wraps, a clock behind the last tick used is trusted, waited out or refused. A request not
//! issued this ms waits in the generator's backlog.

use std::cmp::Ordering;

use super::first_seen::FirstSeen;

use crate::layout::bits::{BitLayout, FieldRole};
use crate::layout::generate::SplitMix64;
use crate::layout::pitfalls::{number_rounding, survives_number, NumberRounding};
use crate::layout::time::TimeBase;

use super::{Fault, LabError, Policy, Scenario, LAB_START_MS, MAX_STEP_BACK_MS};

/// How many windows the run's IDs-per-window series has at most.
pub const LAB_WINDOWS: u64 = 40;
/// How many duplicates a report lists (it counts them all).
pub const MAX_DUPLICATE_EXAMPLES: usize = 5;

/// Mixed into the seed for the worker-ID draws, so they do not share the load's stream.
const WORKER_STREAM: u64 = 0x5EED_0F3A_11ED;

/// An ID issued twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Duplicate {
    /// The ID.
    pub id: u64,
    /// The generator that issued it first …
    pub first_by: u32,
    /// … and when, in ms since the run started.
    pub first_at_ms: u64,
    /// The generator that issued it again …
    pub again_by: u32,
    /// … and when.
    pub again_at_ms: u64,
}

/// What a stretch of the run issued.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Window {
    /// Where the window starts, in ms since the run started.
    pub start_ms: u64,
    /// IDs issued in it.
    pub issued: u64,
    /// Of those, IDs issued before (by anyone).
    pub duplicates: u64,
}

/// What `Number(id)` does to the run's IDs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NumberRounded {
    /// How many issued IDs a double does not hold exactly.
    pub count: u64,
    /// The first of them, and what `Number(id)` makes of it.
    pub first: Option<(u64, NumberRounding)>,
}

/// What one run did.
#[derive(Clone, Debug, PartialEq)]
pub struct LabReport {
    /// The settings it ran.
    pub scenario: Scenario,
    /// IDs asked for.
    pub requested: u64,
    /// IDs issued.
    pub issued: u64,
    /// Issued IDs equal to one issued earlier.
    pub duplicates: u64,
    /// The first few duplicates, in the order they were issued.
    pub examples: Vec<Duplicate>,
    /// IDs smaller than one their own generator issued earlier.
    pub out_of_order: u64,
    /// Ticks in which a generator used up its sequence and waited for the next.
    pub stalled_ticks: u64,
    /// Generator-ms spent waiting for the clock to pass the last tick used.
    pub waited_ms: u64,
    /// Requests refused.
    pub refused: u64,
    /// Requests still waiting when the run ended.
    pub pending: u64,
    /// Each generator's worker ID.
    pub workers: Vec<u64>,
    /// Generators whose worker ID an earlier generator also has.
    pub shared_workers: u32,
    /// How many IDs one generator can issue per tick: 2^(sequence bits), or 1 with none.
    pub capacity_per_tick: u64,
    /// The timestamp's tick, ms.
    pub unit_ms: u64,
    /// The length of each window, ms.
    pub window_ms: u64,
    /// IDs per window, in time order.
    pub windows: Vec<Window>,
    /// What `Number(id)` does to them.
    pub number: NumberRounded,
}

/// How many bits tell generators apart: the worker fields' widths summed, or the shard field's
/// when there is no worker field (Instagram's generators are its shards), or 0.
pub fn identity_bits(layout: &BitLayout) -> u32 {
    let workers: u32 = layout
        .fields()
        .iter()
        .filter(|field| field.role == FieldRole::Worker)
        .map(|field| field.width)
        .sum();
    if workers > 0 {
        return workers;
    }
    layout
        .position_of_role(FieldRole::Shard)
        .and_then(|position| layout.field(position))
        .map_or(0, |field| field.width)
}

/// Where each field the run fills sits in the layout.
struct Plan {
    time: TimeBase,
    ts_shift: u32,
    ts_max: u64,
    /// The sequence field's shift and largest value, when there is one.
    sequence: Option<(u32, u64)>,
    capacity: u64,
    /// (shift, width) of each identity field, least significant first.
    identity: Vec<(u32, u32)>,
}

impl Plan {
    fn of(layout: &BitLayout) -> Result<Plan, LabError> {
        let ts = layout
            .position_of_role(FieldRole::Timestamp)
            .ok_or(LabError::NoTimestamp)?;
        let ts_field = layout.field(ts).ok_or(LabError::NoTimestamp)?;
        let sequence = layout.position_of_role(FieldRole::Sequence).and_then(|p| {
            let field = layout.field(p)?;
            Some((layout.shift(p)?, field.max_value()))
        });
        let capacity = sequence.map_or(1, |(_, max)| max.saturating_add(1));
        let identity_role = if layout.position_of_role(FieldRole::Worker).is_some() {
            FieldRole::Worker
        } else {
            FieldRole::Shard
        };
        let identity = (0..layout.field_count())
            .rev()
            .filter_map(|p| {
                let field = layout.field(p)?;
                (field.role == identity_role).then_some((layout.shift(p)?, field.width))
            })
            .collect();
        Ok(Plan {
            time: ts_field.time.unwrap_or(TimeBase::UNIX_MS),
            ts_shift: layout.shift(ts).unwrap_or(0),
            ts_max: ts_field.max_value(),
            sequence,
            capacity,
            identity,
        })
    }

    /// The worker ID's bits in place, spread over the identity fields.
    fn worker_part(&self, worker: u64) -> u64 {
        let mut rest = worker;
        let mut part = 0u64;
        for &(shift, width) in &self.identity {
            let max = 1u64
                .checked_shl(width)
                .map_or(u64::MAX, |b| b.saturating_sub(1));
            part |= (rest & max).checked_shl(shift).unwrap_or(0);
            rest = rest.checked_shr(width).unwrap_or(0);
        }
        part
    }

    fn compose(&self, tick: u64, sequence: u64, worker_part: u64) -> u64 {
        let seq_part = self.sequence.map_or(0, |(shift, max)| {
            (sequence & max).checked_shl(shift).unwrap_or(0)
        });
        (tick & self.ts_max).checked_shl(self.ts_shift).unwrap_or(0) | seq_part | worker_part
    }
}

/// Each generator's worker ID under the scenario's fault and policy.
fn assign_workers(scenario: &Scenario, bits: u32, seed: u64) -> Result<Vec<u64>, LabError> {
    let count = scenario.generator_count();
    let ids = 1u64.checked_shl(bits);
    let mask = ids.map_or(u64::MAX, |n| n.saturating_sub(1));
    let distinct = |needed: u32| match ids {
        Some(n) if u64::from(needed) > n => Err(LabError::TooFewWorkerIds {
            generators: needed,
            bits,
        }),
        _ => Ok(()),
    };
    let unique = || (0..u64::from(count)).collect::<Vec<u64>>();
    match (scenario.fault, scenario.policy) {
        (Fault::RandomWorkers { .. }, Policy::AsGiven) => {
            let mut rng = SplitMix64::new(seed ^ WORKER_STREAM);
            Ok((0..count).map(|_| rng.next_u64() & mask).collect())
        }
        (Fault::SharedWorker, Policy::AsGiven) => {
            // Generator 1 was configured with generator 0's ID; the others stay distinct.
            distinct(count.saturating_sub(1))?;
            let mut workers = unique();
            if let Some(second) = workers.get_mut(1) {
                *second = 0;
            }
            for worker in workers.iter_mut().skip(2) {
                *worker = worker.saturating_sub(1);
            }
            Ok(workers)
        }
        // Every other pairing gives each generator its own ID: the fix of the two worker faults,
        // and the setup of the faults that are not about worker IDs.
        (
            Fault::RandomWorkers { .. } | Fault::SharedWorker,
            Policy::Unique
            | Policy::Trust
            | Policy::WaitOut
            | Policy::Refuse
            | Policy::Wrap
            | Policy::Stall,
        )
        | (
            Fault::ClockStepBack { .. } | Fault::Burst { .. },
            Policy::Trust
            | Policy::WaitOut
            | Policy::Refuse
            | Policy::Wrap
            | Policy::Stall
            | Policy::AsGiven
            | Policy::Unique,
        ) => {
            distinct(count)?;
            Ok(unique())
        }
    }
}

/// One generator's running state.
#[derive(Default)]
struct Generator {
    worker_part: u64,
    last_tick: Option<u64>,
    /// The next sequence number in `last_tick`.
    sequence: u64,
    stalled_in_tick: bool,
    backlog: u64,
    largest: Option<u64>,
}

/// Runs `scenario` on `layout` with the load drawn from `seed`. Same inputs, same report.
pub fn run_lab(layout: &BitLayout, scenario: &Scenario, seed: u64) -> Result<LabReport, LabError> {
    scenario.check()?;
    let plan = Plan::of(layout)?;
    let workers = assign_workers(scenario, identity_bits(layout), seed)?;
    let mut generators: Vec<Generator> = workers
        .iter()
        .map(|&worker| Generator {
            worker_part: plan.worker_part(worker),
            ..Generator::default()
        })
        .collect();
    // Late enough that a step back never crosses the epoch.
    let start_ms = LAB_START_MS.max(plan.time.epoch_ms.saturating_add(MAX_STEP_BACK_MS));
    let span = scenario.span_ms;
    let window_ms = span.div_ceil(LAB_WINDOWS).max(1);
    let mut windows: Vec<Window> = (0..span.div_ceil(window_ms))
        .map(|w| Window {
            start_ms: w.saturating_mul(window_ms),
            ..Window::default()
        })
        .collect();
    let burst_at = span.checked_div(2).unwrap_or(0);
    let spread = scenario.per_ms.saturating_mul(2).saturating_add(1);
    let mut load = SplitMix64::new(seed);
    let mut issued: Vec<(u64, u32, u64)> = Vec::new();
    let mut report = LabReport {
        scenario: *scenario,
        requested: 0,
        issued: 0,
        duplicates: 0,
        examples: Vec::new(),
        out_of_order: 0,
        stalled_ticks: 0,
        waited_ms: 0,
        refused: 0,
        pending: 0,
        shared_workers: shared(&workers),
        workers,
        capacity_per_tick: plan.capacity,
        unit_ms: plan.time.unit_ms,
        window_ms,
        windows: Vec::new(),
        number: NumberRounded::default(),
    };
    for t in 0..span {
        for (index, generator) in (0u32..).zip(generators.iter_mut()) {
            let mut asked = load.next_u64().checked_rem(spread).unwrap_or(0);
            if let (Fault::Burst { per_tick }, true) = (scenario.fault, t == burst_at) {
                asked = asked.saturating_add(per_tick);
            }
            report.requested = report.requested.saturating_add(asked);
            generator.backlog = generator.backlog.saturating_add(asked);
            let behind = match scenario.fault {
                Fault::ClockStepBack { at_ms, by_ms } if index == 0 && t >= at_ms => by_ms,
                Fault::ClockStepBack { .. }
                | Fault::Burst { .. }
                | Fault::SharedWorker
                | Fault::RandomWorkers { .. } => 0,
            };
            let wall = start_ms.saturating_add(t).saturating_sub(behind);
            let tick = plan
                .time
                .ticks_at(wall)
                .ok()
                .filter(|&tick| tick <= plan.ts_max)
                .ok_or(LabError::TimestampRanOut { at_ms: wall })?;
            let made = step(generator, tick, scenario.policy, &plan, &mut report);
            for id in made {
                issued.push((id, index, t));
                if let Some(window) = t
                    .checked_div(window_ms)
                    .and_then(|w| usize::try_from(w).ok())
                    .and_then(|w| windows.get_mut(w))
                {
                    window.issued = window.issued.saturating_add(1);
                }
            }
        }
    }
    report.pending = generators.iter().map(|g| g.backlog).sum();
    report.issued = u64::try_from(issued.len()).unwrap_or(u64::MAX);
    find_duplicates(&issued, window_ms, &mut windows, &mut report);
    report.windows = windows;
    report.number = number_rounded(&issued);
    Ok(report)
}

/// Generators whose worker ID an earlier one has.
fn shared(workers: &[u64]) -> u32 {
    let mut count = 0u32;
    for (index, worker) in workers.iter().enumerate() {
        if workers.iter().take(index).any(|earlier| earlier == worker) {
            count = count.saturating_add(1);
        }
    }
    count
}

/// One generator's ms at `tick`: the IDs it issues, counting its waits, stalls and refusals.
fn step(
    generator: &mut Generator,
    tick: u64,
    policy: Policy,
    plan: &Plan,
    report: &mut LabReport,
) -> Vec<u64> {
    let mut made = Vec::new();
    match generator.last_tick.map(|last| tick.cmp(&last)) {
        Some(Ordering::Less) => match policy {
            // The naive generator sees a tick it has used as a new one.
            Policy::Trust => start_tick(generator, tick),
            Policy::Refuse => {
                report.refused = report.refused.saturating_add(generator.backlog);
                generator.backlog = 0;
                return made;
            }
            Policy::WaitOut | Policy::Wrap | Policy::Stall | Policy::AsGiven | Policy::Unique => {
                report.waited_ms = report.waited_ms.saturating_add(1);
                return made;
            }
        },
        Some(Ordering::Equal) => {}
        Some(Ordering::Greater) | None => start_tick(generator, tick),
    }
    while generator.backlog > 0 {
        if generator.sequence >= plan.capacity {
            match policy {
                Policy::Wrap => {}
                Policy::Trust
                | Policy::WaitOut
                | Policy::Refuse
                | Policy::Stall
                | Policy::AsGiven
                | Policy::Unique => {
                    if !generator.stalled_in_tick {
                        generator.stalled_in_tick = true;
                        report.stalled_ticks = report.stalled_ticks.saturating_add(1);
                    }
                    break;
                }
            }
        }
        let sequence = generator.sequence.checked_rem(plan.capacity).unwrap_or(0);
        let id = plan.compose(tick, sequence, generator.worker_part);
        if generator.largest.is_some_and(|largest| id < largest) {
            report.out_of_order = report.out_of_order.saturating_add(1);
        }
        generator.largest = generator.largest.max(Some(id));
        made.push(id);
        generator.sequence = generator.sequence.saturating_add(1);
        generator.backlog = generator.backlog.saturating_sub(1);
    }
    made
}

fn start_tick(generator: &mut Generator, tick: u64) {
    generator.last_tick = Some(tick);
    generator.sequence = 0;
    generator.stalled_in_tick = false;
}

/// Counts the IDs issued before, fills each window's duplicates and keeps the first few.
fn find_duplicates(
    issued: &[(u64, u32, u64)],
    window_ms: u64,
    windows: &mut [Window],
    report: &mut LabReport,
) {
    let mut seen = FirstSeen::for_count(issued.len());
    for (index, &(id, by, at)) in (0u32..).zip(issued) {
        let Some(first) = seen.first_or_note(id, index) else {
            continue;
        };
        report.duplicates = report.duplicates.saturating_add(1);
        if let Some(window) = at
            .checked_div(window_ms)
            .and_then(|w| usize::try_from(w).ok())
            .and_then(|w| windows.get_mut(w))
        {
            window.duplicates = window.duplicates.saturating_add(1);
        }
        let original = usize::try_from(first).ok().and_then(|i| issued.get(i));
        if let (Some(&(_, first_by, first_at)), true) =
            (original, report.examples.len() < MAX_DUPLICATE_EXAMPLES)
        {
            report.examples.push(Duplicate {
                id,
                first_by,
                first_at_ms: first_at,
                again_by: by,
                again_at_ms: at,
            });
        }
    }
}

fn number_rounded(issued: &[(u64, u32, u64)]) -> NumberRounded {
    let mut rounded = issued.iter().filter(|(id, _, _)| !survives_number(*id));
    let first = rounded.next().map(|&(id, _, _)| (id, number_rounding(id)));
    let count = u64::try_from(rounded.count())
        .unwrap_or(u64::MAX)
        .saturating_add(u64::from(first.is_some()));
    NumberRounded { count, first }
}
