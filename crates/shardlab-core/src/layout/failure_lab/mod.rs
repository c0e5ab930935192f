//! The generator's failure lab (issue 22 §4): several clock-path generators issue IDs on a
//! simulated millisecond clock while one fault is injected, once as a naive generator handles it
//! and once with its fix, so a page can put the duplicates beside the cure.
//!
//! - [`Fault`]: the clock steps back, a burst larger than the sequence, two generators with one
//!   worker ID, K generators drawing random worker IDs. Each is built by a constructor that
//!   refuses a parameter out of range with a [`LabError`] naming the range.
//! - [`Policy`]: how a generator answers a fault; [`Fault::policies`] lists the ones that apply,
//!   the naive one first.
//! - [`run_lab`]: one seeded run of a [`Scenario`] as a [`LabReport`] (IDs issued, duplicates and
//!   who made them, IDs out of order, stalls, waits, refusals, IDs per window, `Number(id)`).
//! - [`birthday`]: the chance that K random worker IDs collide, computed and measured.
//! - [`rollover`]: when a layout's timestamp runs out, and when it turns a signed BIGINT negative.
//!
//! No clock is read: the run's clock starts at [`LAB_START_MS`] and counts simulated ms.

use thiserror::Error;

use crate::text::thousands;

mod birthday;
mod first_seen;
mod rollover;
mod run;
#[cfg(test)]
mod tests;

pub use birthday::{birthday, Birthday, BIRTHDAY_TRIALS, MAX_BIRTHDAY_TRIALS};
pub use rollover::{rollover, Rollover};
pub use run::{
    identity_bits, run_lab, Duplicate, LabReport, NumberRounded, Window, LAB_WINDOWS,
    MAX_DUPLICATE_EXAMPLES,
};

/// The most generators a run has (and the most K of [`Fault::RandomWorkers`]).
pub const MAX_GENERATORS: u32 = 64;
/// The most IDs one run may be asked for, bursts included: a run stays a few ms of work.
pub const MAX_LAB_IDS: u64 = 100_000;
/// The longest simulated run, in ms.
pub const MAX_SPAN_MS: u64 = 10_000;
/// The most IDs one generator is asked for per ms, on average.
pub const MAX_PER_MS: u64 = 1_000;
/// The largest clock step back, in ms: ten seconds, well past a leap second or an NTP step.
pub const MAX_STEP_BACK_MS: u64 = 10_000;
/// Where the simulated clock starts, Unix ms (2023-11-14T22:13:20Z): after every preset's epoch.
pub const LAB_START_MS: u64 = 1_700_000_000_000;
/// The seed the views run the lab with.
pub const LAB_SEED: u64 = 22;

/// A fault injected into a run, with its checked parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Generator 0's clock steps back by `by_ms` at `at_ms` into the run (an NTP correction).
    ClockStepBack {
        /// When, in ms since the run started, below the run's span.
        at_ms: u64,
        /// How far back, 1 ..= [`MAX_STEP_BACK_MS`].
        by_ms: u64,
    },
    /// Halfway through the run every generator is asked for `per_tick` IDs in one tick.
    Burst {
        /// IDs asked of each generator in the burst's tick, at least 1.
        per_tick: u64,
    },
    /// Generators 0 and 1 were given the same worker ID.
    SharedWorker,
    /// `generators` generators each draw a random worker ID at start-up.
    RandomWorkers {
        /// How many generators, 2 ..= [`MAX_GENERATORS`].
        generators: u32,
    },
}

/// Which fault, without its parameters: the picker's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// [`Fault::ClockStepBack`].
    ClockStepBack,
    /// [`Fault::Burst`].
    Burst,
    /// [`Fault::SharedWorker`].
    SharedWorker,
    /// [`Fault::RandomWorkers`].
    RandomWorkers,
}

impl FaultKind {
    /// Every fault, in the order a picker lists them.
    pub const ALL: [FaultKind; 4] = [
        FaultKind::ClockStepBack,
        FaultKind::Burst,
        FaultKind::SharedWorker,
        FaultKind::RandomWorkers,
    ];

    /// The lower-case name used in links, e.g. `"clock"`.
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::ClockStepBack => "clock",
            FaultKind::Burst => "burst",
            FaultKind::SharedWorker => "shared",
            FaultKind::RandomWorkers => "random",
        }
    }

    /// The fault called `name`.
    pub fn from_name(name: &str) -> Option<FaultKind> {
        FaultKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// What a picker calls it.
    pub fn title(self) -> &'static str {
        match self {
            FaultKind::ClockStepBack => "The clock steps back",
            FaultKind::Burst => "A burst past the sequence",
            FaultKind::SharedWorker => "Two generators, one worker ID",
            FaultKind::RandomWorkers => "Random worker IDs",
        }
    }

    /// The fault with the parameters a view opens on: a 100 ms step at 500 ms, a burst of
    /// 5,000 IDs, 32 random workers.
    pub fn example(self) -> Fault {
        match self {
            FaultKind::ClockStepBack => Fault::ClockStepBack {
                at_ms: 500,
                by_ms: 100,
            },
            FaultKind::Burst => Fault::Burst { per_tick: 5_000 },
            FaultKind::SharedWorker => Fault::SharedWorker,
            FaultKind::RandomWorkers => Fault::RandomWorkers { generators: 32 },
        }
    }
}

/// How a generator answers a fault: the naive way or a fix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// The clock is believed: a tick seen before starts its sequence again (duplicates).
    Trust,
    /// Issue nothing until the clock passes the last tick used, then go on.
    WaitOut,
    /// Refuse every request until the clock passes the last tick used.
    Refuse,
    /// The sequence wraps to 0 inside the tick (duplicates).
    Wrap,
    /// Wait for the next tick when the sequence is used up.
    Stall,
    /// Keep the worker IDs as configured or drawn.
    AsGiven,
    /// A registry hands each generator its own worker ID.
    Unique,
}

impl Policy {
    /// Every policy.
    pub const ALL: [Policy; 7] = [
        Policy::Trust,
        Policy::WaitOut,
        Policy::Refuse,
        Policy::Wrap,
        Policy::Stall,
        Policy::AsGiven,
        Policy::Unique,
    ];

    /// The lower-case name used in links, e.g. `"wait"`.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Trust => "trust",
            Policy::WaitOut => "wait",
            Policy::Refuse => "refuse",
            Policy::Wrap => "wrap",
            Policy::Stall => "stall",
            Policy::AsGiven => "as-given",
            Policy::Unique => "unique",
        }
    }

    /// The policy called `name`.
    pub fn from_name(name: &str) -> Option<Policy> {
        Policy::ALL.into_iter().find(|policy| policy.name() == name)
    }

    /// What a picker calls it.
    pub fn title(self) -> &'static str {
        match self {
            Policy::Trust => "Trust the clock",
            Policy::WaitOut => "Wait it out",
            Policy::Refuse => "Refuse until then",
            Policy::Wrap => "Wrap the sequence",
            Policy::Stall => "Stall to the next tick",
            Policy::AsGiven => "Keep the worker IDs",
            Policy::Unique => "Assign unique worker IDs",
        }
    }
}

impl Fault {
    /// The clock-step fault, checked: `by_ms` is 1 ..= [`MAX_STEP_BACK_MS`]; `at_ms` is checked
    /// against the run's span by [`Scenario::check`].
    pub fn clock_step_back(at_ms: u64, by_ms: u64) -> Result<Fault, LabError> {
        in_range("the step back (ms)", by_ms, 1, MAX_STEP_BACK_MS)?;
        in_range(
            "the step's time (ms)",
            at_ms,
            0,
            MAX_SPAN_MS.saturating_sub(1),
        )?;
        Ok(Fault::ClockStepBack { at_ms, by_ms })
    }

    /// The burst, checked against the total: 1 ..= [`MAX_LAB_IDS`] IDs per generator (the
    /// scenario checks the total over its generators).
    pub fn burst(per_tick: u64) -> Result<Fault, LabError> {
        in_range("the burst (IDs per tick)", per_tick, 1, MAX_LAB_IDS)?;
        Ok(Fault::Burst { per_tick })
    }

    /// K generators with random worker IDs, checked: 2 ..= [`MAX_GENERATORS`].
    pub fn random_workers(generators: u32) -> Result<Fault, LabError> {
        in_range(
            "the number of generators",
            u64::from(generators),
            2,
            u64::from(MAX_GENERATORS),
        )?;
        Ok(Fault::RandomWorkers { generators })
    }

    /// Which fault this is.
    pub fn kind(self) -> FaultKind {
        match self {
            Fault::ClockStepBack { .. } => FaultKind::ClockStepBack,
            Fault::Burst { .. } => FaultKind::Burst,
            Fault::SharedWorker => FaultKind::SharedWorker,
            Fault::RandomWorkers { .. } => FaultKind::RandomWorkers,
        }
    }

    /// The policies that answer this fault, the naive one first.
    pub fn policies(self) -> &'static [Policy] {
        match self.kind() {
            FaultKind::ClockStepBack => &[Policy::Trust, Policy::WaitOut, Policy::Refuse],
            FaultKind::Burst => &[Policy::Wrap, Policy::Stall],
            FaultKind::SharedWorker | FaultKind::RandomWorkers => {
                &[Policy::AsGiven, Policy::Unique]
            }
        }
    }

    /// The naive answer: the one that lets the fault through.
    pub fn naive(self) -> Policy {
        self.policies().first().copied().unwrap_or(Policy::Trust)
    }

    /// The first fix, the one a view opens on.
    pub fn fix(self) -> Policy {
        self.policies().get(1).copied().unwrap_or(Policy::WaitOut)
    }
}

/// One run's settings: the fault, the policy, and the load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The fault injected.
    pub fault: Fault,
    /// How the generators answer it; one of [`Fault::policies`].
    pub policy: Policy,
    /// How many generators, 1 ..= [`MAX_GENERATORS`] ([`Fault::RandomWorkers`] sets its own).
    pub generators: u32,
    /// IDs each generator is asked for per ms, on average, 1 ..= [`MAX_PER_MS`].
    pub per_ms: u64,
    /// How long the run lasts, 1 ..= [`MAX_SPAN_MS`] ms.
    pub span_ms: u64,
}

impl Scenario {
    /// The load a view runs: 4 generators asked for 1 ID per ms each for one second.
    pub fn new(fault: Fault, policy: Policy) -> Scenario {
        Scenario {
            fault,
            policy,
            generators: 4,
            per_ms: 1,
            span_ms: 1_000,
        }
    }

    /// How many generators run: K for [`Fault::RandomWorkers`], else [`generators`](Self::generators).
    pub fn generator_count(&self) -> u32 {
        match self.fault {
            Fault::RandomWorkers { generators } => generators,
            Fault::ClockStepBack { .. } | Fault::Burst { .. } | Fault::SharedWorker => {
                self.generators
            }
        }
    }

    /// The most IDs the run can be asked for: the steady load at its top (twice the average
    /// per ms, see `run`) plus the burst.
    pub fn most_requested(&self) -> u64 {
        let count = u64::from(self.generator_count());
        let steady = count
            .saturating_mul(self.per_ms.saturating_mul(2))
            .saturating_mul(self.span_ms);
        let burst = match self.fault {
            Fault::Burst { per_tick } => count.saturating_mul(per_tick),
            Fault::ClockStepBack { .. } | Fault::SharedWorker | Fault::RandomWorkers { .. } => 0,
        };
        steady.saturating_add(burst)
    }

    /// Checks every setting and the combination: each in its range, the step inside the run,
    /// the policy one that answers the fault, and at most [`MAX_LAB_IDS`] IDs asked for.
    pub fn check(&self) -> Result<(), LabError> {
        in_range("the load (IDs per ms)", self.per_ms, 1, MAX_PER_MS)?;
        in_range("the run (ms)", self.span_ms, 1, MAX_SPAN_MS)?;
        // As many generators as the ID limit allows at this load's top, up to the maximum.
        let most_generators = MAX_LAB_IDS
            .checked_div(self.per_ms.saturating_mul(2).saturating_mul(self.span_ms))
            .unwrap_or(0)
            .min(u64::from(MAX_GENERATORS));
        let fewest = match self.fault {
            Fault::SharedWorker | Fault::RandomWorkers { .. } => 2,
            Fault::ClockStepBack { .. } | Fault::Burst { .. } => 1,
        };
        in_range(
            "the number of generators",
            u64::from(self.generator_count()),
            fewest,
            most_generators,
        )?;
        match self.fault {
            Fault::ClockStepBack { at_ms, by_ms } => {
                in_range("the step back (ms)", by_ms, 1, MAX_STEP_BACK_MS)?;
                in_range(
                    "the step's time (ms)",
                    at_ms,
                    0,
                    self.span_ms.saturating_sub(1),
                )?;
            }
            Fault::Burst { per_tick } => in_range("the burst (IDs per tick)", per_tick, 1, {
                let steady = self
                    .most_requested()
                    .saturating_sub(u64::from(self.generator_count()).saturating_mul(per_tick));
                MAX_LAB_IDS
                    .saturating_sub(steady)
                    .checked_div(u64::from(self.generator_count()))
                    .unwrap_or(0)
            })?,
            Fault::SharedWorker | Fault::RandomWorkers { .. } => {}
        }
        if !self.fault.policies().contains(&self.policy) {
            return Err(LabError::PolicyDoesNotApply {
                policy: self.policy,
                fault: self.fault.kind(),
            });
        }
        if self.most_requested() > MAX_LAB_IDS {
            return Err(LabError::TooManyIds {
                asked: self.most_requested(),
            });
        }
        Ok(())
    }
}

/// Why a lab setting or run was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LabError {
    /// A parameter outside its range.
    #[error("{what} is {} … {}; {} is not", thousands(*min), thousands(*max), thousands(*value))]
    OutOfRange {
        /// Which parameter, in words.
        what: &'static str,
        /// What was given.
        value: u64,
        /// The smallest allowed.
        min: u64,
        /// The largest allowed.
        max: u64,
    },
    /// A policy that answers another fault.
    #[error("{} does not answer {}", policy.title(), fault.title())]
    PolicyDoesNotApply {
        /// The policy given.
        policy: Policy,
        /// The fault.
        fault: FaultKind,
    },
    /// The run would be asked for too many IDs.
    #[error("a run is asked for at most {} IDs; this one could be asked for {}", thousands(MAX_LAB_IDS), thousands(*asked))]
    TooManyIds {
        /// The most the settings could ask for.
        asked: u64,
    },
    /// The layout has no timestamp, so it has no clock path to fail.
    #[error("this layout has no timestamp field, so its IDs do not come from a clock")]
    NoTimestamp,
    /// Unique worker IDs asked of a layout whose worker bits hold fewer.
    #[error("{generators} generators need {generators} distinct worker IDs, but {bits} worker bits hold {}", thousands(1u64.checked_shl(*bits).unwrap_or(u64::MAX)))]
    TooFewWorkerIds {
        /// How many generators.
        generators: u32,
        /// The layout's worker bits.
        bits: u32,
    },
    /// The timestamp field cannot hold the lab's clock.
    #[error("the timestamp field has run out by the lab's clock ({})", crate::layout::format_unix_ms(*at_ms))]
    TimestampRanOut {
        /// The instant that did not fit, Unix ms.
        at_ms: u64,
    },
}

/// `value` in `min ..= max`, or the error naming that range.
fn in_range(what: &'static str, value: u64, min: u64, max: u64) -> Result<(), LabError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(LabError::OutOfRange {
            what,
            value,
            min,
            max,
        })
    }
}
