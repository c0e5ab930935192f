//! The simulation of the board, a core `Simulation` run in the simulator's Web Worker
//! ([`crate::jobs::worker`]), so the page's main thread never waits for it. A new design, users or
//! seed replaces the run in flight.

use std::rc::Rc;

use shardlab_core::sim::{Design, SimReport};
use shardlab_sim_worker::protocol::{DesignText, Work};
use yew::prelude::*;

use crate::jobs::worker::{use_worker_job, Output, WorkerState, OTHER_BUILD};

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
#[derive(Clone, Debug)]
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

/// A finished run is compared by its report's identity: the worker's answer is one `Rc`, kept
/// until the next run, and comparing two reports field by field (as the caption's props do on
/// every render) cost the Board page about 1 kB of brotli.
impl PartialEq for RunStatus {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (RunStatus::Idle, RunStatus::Idle) => true,
            (RunStatus::Running(a), RunStatus::Running(b)) => a == b,
            (RunStatus::Done(a), RunStatus::Done(b)) => Rc::ptr_eq(a, b),
            (RunStatus::Failed(a), RunStatus::Failed(b)) => a == b,
            (
                RunStatus::Idle | RunStatus::Running(_) | RunStatus::Done(_) | RunStatus::Failed(_),
                _,
            ) => false,
        }
    }
}

/// Runs the simulation for `key` in the worker unless `cancelled`, and returns its status (a
/// run not yet heard of is at 0).
#[hook]
pub fn use_simulation(key: Rc<RunKey>, cancelled: bool) -> RunStatus {
    let work = use_memo((key, cancelled), |(key, cancelled)| {
        (!cancelled).then(|| {
            Rc::new(Work::Simulate {
                design: DesignText::of(&key.design),
                users: key.users,
                seed: key.seed,
                duration_s: key.duration_s,
            })
        })
    });
    match use_worker_job((*work).clone(), 0) {
        WorkerState::Idle => RunStatus::Idle,
        WorkerState::Waiting => RunStatus::Running(0.0),
        WorkerState::Running(progress) => RunStatus::Running(progress.fraction),
        WorkerState::Done(Output::Simulated(report)) => RunStatus::Done(report),
        WorkerState::Done(Output::Swept(_) | Output::Capacity(_)) => {
            RunStatus::Failed(OTHER_BUILD.into())
        }
        WorkerState::Failed(reason) => RunStatus::Failed(reason),
    }
}
