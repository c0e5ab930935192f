//! "When generators fail": the fault picked, its parameters as typed, the fix shown beside the
//! naive run, and the two runs' reports. The runs are the core's (`layout::run_lab`), made here
//! when the layout or a setting changes, so a render and the snapshot only read them.
//!
//! A layout without a timestamp (Pinterest's) makes no IDs from a clock, so the lab runs
//! Snowflake's layout then and says so.

use std::rc::Rc;

use shardlab_core::layout::{
    birthday, identity_bits, rollover, run_lab, Birthday, BitLayout, Fault, FaultKind, FieldRole,
    LabReport, Policy, Preset, Rollover, Scenario, BIRTHDAY_TRIALS, LAB_SEED,
};
use shardlab_core::text::quote;

/// A parameter box of the lab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabParam {
    /// When generator 0's clock steps back, ms into the run.
    StepAt,
    /// How far it steps back, ms.
    StepBy,
    /// The burst's IDs per generator.
    Burst,
    /// K, the generators drawing random worker IDs.
    Generators,
}

impl LabParam {
    /// The fault each parameter belongs to.
    pub fn kind(self) -> FaultKind {
        match self {
            LabParam::StepAt | LabParam::StepBy => FaultKind::ClockStepBack,
            LabParam::Burst => FaultKind::Burst,
            LabParam::Generators => FaultKind::RandomWorkers,
        }
    }
}

/// What the reader does in the lab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabAction {
    /// Pick a fault.
    PickFault(FaultKind),
    /// Pick the fix shown beside the naive run.
    PickFix(Policy),
    /// A parameter box changed.
    SetParam(LabParam, String),
}

/// The two runs and the numbers beside them, for one layout and one setting.
#[derive(Clone, Debug)]
pub struct LabShown {
    /// The layout run: the Decoder's, or Snowflake's when it has no timestamp.
    pub layout: BitLayout,
    /// Whether the Decoder's layout was swapped for Snowflake's.
    pub fallback: bool,
    /// The fault run.
    pub fault: Fault,
    /// The fix run beside the naive policy.
    pub fix: Policy,
    /// The naive run, or why it could not run.
    pub naive: Result<LabReport, String>,
    /// The fixed run, or why it could not run.
    pub fixed: Result<LabReport, String>,
    /// The birthday chance for this many generators over the layout's worker bits.
    pub birthday: Option<Birthday>,
    /// When the layout's timestamp runs out.
    pub rollover: Option<Rollover>,
}

/// Runs are the same when they ran the same layout, fault and fix: the core's runs are seeded,
/// so their reports are then equal too, and comparing them would cost a page its code.
impl PartialEq for LabShown {
    fn eq(&self, other: &Self) -> bool {
        (&self.layout, self.fallback, self.fault, self.fix)
            == (&other.layout, other.fallback, other.fault, other.fix)
    }
}

/// The lab's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Lab {
    /// The fault picked.
    pub kind: FaultKind,
    /// The last good step: (at ms, by ms).
    pub step: (u64, u64),
    /// The last good burst.
    pub burst: u64,
    /// The last good K.
    pub generators: u32,
    /// The fix picked for the current fault.
    pub fix: Policy,
    /// A box's refused text and why, while it stays refused.
    pub refused: Option<(LabParam, String, String)>,
    /// The runs for [`fault`](Self::fault) and [`fix`](Self::fix) on the layout last refreshed.
    pub shown: Option<Rc<LabShown>>,
}

impl Default for Lab {
    fn default() -> Self {
        let (step, burst, generators) = example_params();
        let kind = FaultKind::ClockStepBack;
        Lab {
            kind,
            step,
            burst,
            generators,
            fix: kind.example().fix(),
            refused: None,
            shown: None,
        }
    }
}

/// The examples' parameters, from the core.
fn example_params() -> ((u64, u64), u64, u32) {
    let step = match FaultKind::ClockStepBack.example() {
        Fault::ClockStepBack { at_ms, by_ms } => (at_ms, by_ms),
        Fault::Burst { .. } | Fault::SharedWorker | Fault::RandomWorkers { .. } => (500, 100),
    };
    let burst = match FaultKind::Burst.example() {
        Fault::Burst { per_tick } => per_tick,
        Fault::ClockStepBack { .. } | Fault::SharedWorker | Fault::RandomWorkers { .. } => 5_000,
    };
    let generators = match FaultKind::RandomWorkers.example() {
        Fault::RandomWorkers { generators } => generators,
        Fault::ClockStepBack { .. } | Fault::Burst { .. } | Fault::SharedWorker => 32,
    };
    (step, burst, generators)
}

impl Lab {
    /// The fault with its last good parameters.
    pub fn fault(&self) -> Fault {
        self.fault_of(self.kind)
    }

    fn fault_of(&self, kind: FaultKind) -> Fault {
        match kind {
            FaultKind::ClockStepBack => Fault::ClockStepBack {
                at_ms: self.step.0,
                by_ms: self.step.1,
            },
            FaultKind::Burst => Fault::Burst {
                per_tick: self.burst,
            },
            FaultKind::SharedWorker => Fault::SharedWorker,
            FaultKind::RandomWorkers => Fault::RandomWorkers {
                generators: self.generators,
            },
        }
    }

    /// The last good value of a parameter, as a box shows it.
    pub fn value(&self, param: LabParam) -> u64 {
        match param {
            LabParam::StepAt => self.step.0,
            LabParam::StepBy => self.step.1,
            LabParam::Burst => self.burst,
            LabParam::Generators => u64::from(self.generators),
        }
    }

    /// What a box holds: its refused text, or its value.
    pub fn text(&self, param: LabParam) -> String {
        match &self.refused {
            Some((refused, text, _)) if *refused == param => text.clone(),
            _ => self.value(param).to_string(),
        }
    }

    /// The refusal of a box, if it holds one.
    pub fn error(&self, param: LabParam) -> Option<&str> {
        match &self.refused {
            Some((refused, _, message)) if *refused == param => Some(message),
            _ => None,
        }
    }

    /// Applies the reader's action; a refused parameter keeps the last good run.
    pub fn apply(&mut self, action: LabAction) {
        match action {
            LabAction::PickFault(kind) => {
                self.kind = kind;
                self.fix = kind.example().fix();
                self.refused = None;
            }
            LabAction::PickFix(policy) => {
                if self.fault().policies().iter().skip(1).any(|p| *p == policy) {
                    self.fix = policy;
                }
            }
            LabAction::SetParam(param, text) => self.set_param(param, text),
        }
    }

    fn set_param(&mut self, param: LabParam, text: String) {
        let value = match text.trim().parse::<u64>() {
            Ok(value) => value,
            Err(_) => {
                let message = format!("{} is not a whole number", quote(text.trim()));
                self.refused = Some((param, text, message));
                return;
            }
        };
        let mut next = self.clone();
        match param {
            LabParam::StepAt => next.step.0 = value,
            LabParam::StepBy => next.step.1 = value,
            LabParam::Burst => next.burst = value,
            LabParam::Generators => {
                next.generators = u32::try_from(value).unwrap_or(u32::MAX);
            }
        }
        // The core's check names the range: the fault's own, and the run's ID limit.
        let fault = next.fault_of(param.kind());
        match Scenario::new(fault, fault.naive()).check() {
            Ok(()) => {
                next.refused = None;
                next.shown = self.shown.clone();
                *self = next;
            }
            Err(error) => self.refused = Some((param, text, format!("{error}"))),
        }
    }

    /// Makes the runs again when the layout or a setting changed since the last ones.
    pub fn refresh(&mut self, layout: &BitLayout) {
        let (run_on, fallback) = if layout.position_of_role(FieldRole::Timestamp).is_some() {
            (layout.clone(), false)
        } else {
            (Preset::Snowflake.layout(), true)
        };
        let fault = self.fault();
        let current = self.shown.as_ref().is_some_and(|shown| {
            shown.layout == run_on
                && shown.fallback == fallback
                && shown.fault == fault
                && shown.fix == self.fix
        });
        if current {
            return;
        }
        let run = |policy: Policy| {
            run_lab(&run_on, &Scenario::new(fault, policy), LAB_SEED).map_err(|e| e.to_string())
        };
        let count = Scenario::new(fault, fault.naive()).generator_count();
        self.shown = Some(Rc::new(LabShown {
            naive: run(fault.naive()),
            fixed: run(self.fix),
            birthday: birthday(count, identity_bits(&run_on), BIRTHDAY_TRIALS, LAB_SEED).ok(),
            rollover: rollover(&run_on),
            layout: run_on,
            fallback,
            fault,
            fix: self.fix,
        }));
    }

    /// Whether the reader changed nothing (the link then carries nothing of the lab).
    pub fn is_default(&self) -> bool {
        let fresh = Lab::default();
        (self.kind, self.step, self.burst, self.generators, self.fix)
            == (
                fresh.kind,
                fresh.step,
                fresh.burst,
                fresh.generators,
                fresh.fix,
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duplicates(report: &Result<LabReport, String>) -> u64 {
        report.as_ref().map_or(u64::MAX, |r| r.duplicates)
    }

    #[test]
    fn the_clock_step_shows_duplicates_beside_a_fix_without_them() {
        let mut lab = Lab::default();
        lab.refresh(&Preset::Snowflake.layout());
        let Some(shown) = lab.shown.clone() else {
            unreachable!()
        };
        assert!(duplicates(&shown.naive) > 0);
        assert_eq!(duplicates(&shown.fixed), 0);
        assert!(!shown.fallback);
        // Pinterest has no clock: the lab runs Snowflake's layout and says so.
        lab.refresh(&Preset::Pinterest.layout());
        assert!(lab.shown.as_ref().is_some_and(|s| s.fallback));
        lab.apply(LabAction::PickFix(Policy::Refuse));
        lab.refresh(&Preset::Pinterest.layout());
        let refused = lab.shown.as_ref().and_then(|s| s.fixed.as_ref().ok());
        assert!(refused.is_some_and(|r| r.refused > 0 && r.duplicates == 0));
        // A fix of another fault is ignored.
        lab.apply(LabAction::PickFix(Policy::Stall));
        assert_eq!(lab.fix, Policy::Refuse);
    }

    #[test]
    fn a_bad_parameter_names_its_range_and_keeps_the_last_run() {
        let mut lab = Lab::default();
        lab.refresh(&Preset::Snowflake.layout());
        let before = lab.shown.clone();
        lab.apply(LabAction::SetParam(LabParam::StepBy, "20000".to_owned()));
        assert_eq!(
            lab.error(LabParam::StepBy),
            Some("the step back (ms) is 1 … 10,000; 20,000 is not")
        );
        assert_eq!(lab.text(LabParam::StepBy), "20000");
        assert_eq!(lab.step, (500, 100));
        lab.refresh(&Preset::Snowflake.layout());
        assert_eq!(lab.shown, before);
        lab.apply(LabAction::SetParam(LabParam::StepAt, "5x".to_owned()));
        assert_eq!(
            lab.error(LabParam::StepAt),
            Some("\"5x\" is not a whole number")
        );
        assert_eq!(lab.error(LabParam::StepBy), None);
        lab.apply(LabAction::SetParam(LabParam::StepBy, " 250 ".to_owned()));
        assert_eq!((lab.step, lab.refused.clone()), ((500, 250), None));
        lab.refresh(&Preset::Snowflake.layout());
        assert_ne!(lab.shown, before);
        assert!(!lab.is_default());
    }
}
