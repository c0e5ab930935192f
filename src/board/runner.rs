//! The simulation, run in slices on the main thread: each slice steps the core's [`Simulation`]
//! until about 16 ms have passed, then yields to the browser with a 0 ms timeout, so input and
//! painting never wait more than one slice. A new design, users or seed drops the run in flight.
//!
//! Publishing the progress re-renders the whole page, so it happens at most every
//! [`PROGRESS_EVERY_MS`], in a slice cut to half length; the finished report is assembled and
//! published in a task of its own, after the last slice. Each task then stays well under the
//! 50 ms the Board promises, with room for a loaded machine.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use shardlab_core::sim::{Design, SimReport, Simulation};
use yew::prelude::*;

/// Events per `step` call inside a slice; the clock is checked between calls.
const EVENTS_PER_STEP: u64 = 2_048;
/// Wall-clock budget of one slice, in ms.
const SLICE_MS: f64 = 16.0;
/// Least time between two progress updates, in ms. Each one re-renders the page (about 10 ms on
/// an idle machine), so a slice that ends with one steps the simulation for half as long.
pub const PROGRESS_EVERY_MS: f64 = 200.0;

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

struct Slicer {
    sim: RefCell<Simulation>,
    /// When the progress was last published (`Date.now()`, ms).
    shown_at: Cell<f64>,
    pending: RefCell<Option<Timeout>>,
    finished: RefCell<Option<Timeout>>,
    set: UseStateSetter<Run>,
    key: Rc<RunKey>,
}

fn slice(slicer: Rc<Slicer>) {
    let start = js_sys::Date::now();
    let publish = start - slicer.shown_at.get() >= PROGRESS_EVERY_MS;
    let budget = if publish { SLICE_MS / 2.0 } else { SLICE_MS };
    let progress = loop {
        let progress = slicer.sim.borrow_mut().step(EVENTS_PER_STEP);
        if progress.done || js_sys::Date::now() - start > budget {
            break progress;
        }
    };
    if progress.done {
        // The report and the page's render of it get a task of their own.
        schedule(&slicer, finish);
        return;
    }
    if publish {
        slicer.shown_at.set(js_sys::Date::now());
        slicer.set.set(Run {
            key: Some(slicer.key.clone()),
            status: RunStatus::Running(progress.fraction),
        });
    }
    schedule(&slicer, slice);
}

/// Assembles the finished run's report and publishes it.
fn finish(slicer: Rc<Slicer>) {
    let report = slicer.sim.borrow().report();
    slicer.set.set(Run {
        key: Some(slicer.key.clone()),
        status: RunStatus::Done(Rc::new(report)),
    });
}

/// Runs `next` in a task of its own, after the browser has had its turn.
fn schedule(slicer: &Rc<Slicer>, next: fn(Rc<Slicer>)) {
    let again = slicer.clone();
    let timeout = Timeout::new(0, move || next(again));
    // The timeout running now must not be dropped while it runs: park it one slice.
    let running = slicer.pending.replace(Some(timeout));
    slicer.finished.replace(running);
}

/// Runs the simulation for `key` unless `cancelled`, and returns its latest status.
#[hook]
pub fn use_simulation(key: Rc<RunKey>, cancelled: bool) -> Run {
    let run = use_state(|| Run {
        key: None,
        status: RunStatus::Idle,
    });
    {
        let set = run.setter();
        use_effect_with((key, cancelled), move |(key, cancelled)| {
            let mut slicer: Option<Rc<Slicer>> = None;
            if *cancelled {
                set.set(Run {
                    key: Some(key.clone()),
                    status: RunStatus::Idle,
                });
            } else {
                match Simulation::new(&key.design, key.users, key.seed, key.duration_s) {
                    Ok(sim) => {
                        set.set(Run {
                            key: Some(key.clone()),
                            status: RunStatus::Running(0.0),
                        });
                        let s = Rc::new(Slicer {
                            sim: RefCell::new(sim),
                            // Running(0.0) was just published.
                            shown_at: Cell::new(js_sys::Date::now()),
                            pending: RefCell::new(None),
                            finished: RefCell::new(None),
                            set,
                            key: key.clone(),
                        });
                        let first = s.clone();
                        s.pending
                            .replace(Some(Timeout::new(0, move || slice(first))));
                        slicer = Some(s);
                    }
                    Err(err) => set.set(Run {
                        key: Some(key.clone()),
                        status: RunStatus::Failed(err.to_string()),
                    }),
                }
            }
            move || {
                if let Some(s) = slicer {
                    // Cancels the next slice and breaks the Rc cycle through its closure.
                    s.pending.replace(None);
                    s.finished.replace(None);
                }
            }
        });
    }
    (*run).clone()
}
