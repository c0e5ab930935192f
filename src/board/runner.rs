//! The simulation of the board, a core [`Simulation`] run as a sliced job
//! ([`crate::jobs`]), so input and painting never wait more than one slice. A new design, users or
//! seed drops the run in flight; the finished report is assembled in a task of its own.

use std::rc::Rc;

use shardlab_core::sim::{Design, SimReport, Simulation};
use yew::prelude::*;

use crate::jobs::hook::use_stepped_job;
use crate::jobs::slicer;

/// What a run is for: the design without its layout, the users, the seed and the duration.
#[derive(Clone, Debug, PartialEq)]
pub struct RunKey {
    /// The design with positions and labels blanked, so dragging a box does not rerun.
    pub design: Design,
    /// Users.
    pub users: u32,
    /// Seed.
    pub seed: u64,
    /// Simulated seconds.
    pub duration_s: f64,
}

impl RunKey {
    /// The key for a board: layout-only fields are blanked.
    pub fn new(design: &Design, users: u32, seed: u64, duration_s: f64) -> RunKey {
        let mut design = design.clone();
        design.name.clear();
        for node in &mut design.nodes {
            node.x = 0.0;
            node.y = 0.0;
            node.label.clear();
        }
        RunKey {
            design,
            users,
            seed,
            duration_s,
        }
    }
}

/// Where the run for a key stands.
#[derive(Clone, Debug, PartialEq)]
pub enum RunStatus {
    /// Not started (or cancelled).
    Idle,
    /// Running; share of simulated time done, 0 … 1.
    Running(f64),
    /// Finished.
    Done(Rc<SimReport>),
    /// The simulator refused the design or the load.
    Failed(String),
}

/// A run's status together with the key it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The key the status is for.
    pub key: Option<Rc<RunKey>>,
    /// The status.
    pub status: RunStatus,
}

/// Runs the simulation for `key` unless `cancelled`, and returns its latest status.
#[hook]
pub fn use_simulation(key: Rc<RunKey>, cancelled: bool) -> Run {
    let run = use_state(|| Run {
        key: None,
        status: RunStatus::Idle,
    });
    let set = run.setter();
    let of = key.clone();
    use_stepped_job((key, cancelled), 0, move |ticket| {
        let (design, users, seed, duration_s) = (&of.design, of.users, of.seed, of.duration_s);
        let started = (!cancelled).then(|| Simulation::new(design, users, seed, duration_s));
        // One publisher for the start, the progress and the report: the status of this key's run.
        let publish: Rc<dyn Fn(RunStatus)> = Rc::new(move |status| {
            set.set(Run {
                key: Some(of.clone()),
                status,
            })
        });
        match started {
            None => publish(RunStatus::Idle),
            Some(Err(err)) => publish(RunStatus::Failed(err.to_string())),
            Some(Ok(sim)) => {
                // The first slice, run now, publishes the progress.
                let done = publish.clone();
                slicer::run(
                    sim,
                    ticket,
                    move |_: &Simulation, progress| {
                        publish(RunStatus::Running(progress.fraction()))
                    },
                    move |report| done(RunStatus::Done(Rc::new(report))),
                );
            }
        }
    });
    (*run).clone()
}
