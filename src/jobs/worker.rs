//! [`use_worker_job`]: a component's job in the simulator's Web Worker
//! ([`shardlab_sim_worker`]), started when its key changes, replaced by the next, cancelled when
//! the component goes. The page keeps only the messages and the spawner: the core's simulator is
//! in the worker's wasm, and the page's main thread never runs a slice of it. In a frame sandboxed
//! without `allow-same-origin` (WordPress's oEmbed frames) no worker may start, so no job runs
//! and each one fails with [`SANDBOXED`]: the Board then shows its estimate and says why.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::worker::{Spawnable, WorkerBridge};
use shardlab_core::sim::capacity::Capacity;
use shardlab_core::sim::spread::SpreadReport;
use shardlab_core::sim::SimReport;
use shardlab_sim_worker::codec::Wire;
use shardlab_sim_worker::protocol::{Envelope, Finished, JobProgress, Reply, Request, Work};
use shardlab_sim_worker::{SimWorker, LOADER};
use yew::prelude::*;

use super::slicer::{later, Ticket};

/// How long a job may go without a word from the worker before the page says it did not start.
/// The first job waits for the worker's wasm to load; every later reply comes within a slice.
pub const SILENCE_LIMIT_MS: u32 = 20_000;

/// What the page says when the worker stays silent.
pub const SILENT: &str = "The simulator's worker did not answer within 20 s, so it may not have \
loaded. The estimate is shown; reloading the page tries again.";

/// What the page says when the worker is of another build (an old `worker.js` in a cache).
pub const OTHER_BUILD: &str = "The simulator's worker is from another version of the site. \
Reloading the page loads the matching one.";

/// What the page says in a frame whose host sandboxed it without `allow-same-origin` (WordPress
/// frames oEmbed content so): its origin is opaque, and no worker may be started from it. The
/// caption puts it after "…so the estimate stays: ".
pub const SANDBOXED: &str = "the page around this frame does not let it start the simulator \
(open it in shardlab to run it)";

/// Whether this page may start a worker from its own origin: not in a frame sandboxed without
/// `allow-same-origin`, whose origin is opaque (`"null"`), where the attempt throws.
fn may_start_workers() -> bool {
    gloo::utils::window().origin() != "null"
}

/// A finished job's result, shared: taken out of the worker's reply once, so a re-render clones
/// a pointer and not a report.
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// One run's report.
    Simulated(Rc<SimReport>),
    /// A seed sweep's figures with their spread.
    Swept(Rc<SpreadReport>),
    /// A capacity search's answer.
    Capacity(Rc<Capacity>),
}

impl Output {
    /// The result of a job the page asks for; `None` for a helper's runs, which only a worker
    /// asks another for.
    fn of(finished: Finished) -> Option<Output> {
        match finished {
            Finished::Simulated(report) => Some(Output::Simulated(Rc::new(report.0))),
            Finished::Swept(spread) => Some(Output::Swept(Rc::from(spread))),
            Finished::Capacity(found) => Some(Output::Capacity(Rc::from(found))),
            Finished::Runs(_) => None,
        }
    }
}

/// Where a worker job stands.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkerState {
    /// No job: the component asked for none.
    Idle,
    /// Asked for, and not heard of yet (the wait before it starts, or the worker loading).
    Waiting,
    /// Running.
    Running(JobProgress),
    /// Finished.
    Done(Output),
    /// The core refused the job, or the worker could not run it; in words for the reader.
    Failed(String),
}

/// The latest job asked for (`None`: none), shared by the effect and the bridge's callback, with
/// its number and whether the worker has spoken of it.
struct Latest {
    job: u32,
    work: Option<Rc<Work>>,
    heard: bool,
}

/// The latest state the worker gave, with the job it is about.
type Shown = Option<(Option<Rc<Work>>, WorkerState)>;

/// Runs `work` in the worker whenever it changes (after `wait_ms` without another change; `None`
/// asks for no job), and returns where `work` stands: a state about an earlier job never reaches
/// the caller. Not generic, so the page carries one copy of it however many components use it.
#[hook]
pub fn use_worker_job(work: Option<Rc<Work>>, wait_ms: u32) -> WorkerState {
    let shown = use_state(|| None::<(Option<Rc<Work>>, WorkerState)>);
    let latest = use_mut_ref(|| Latest {
        job: 0,
        work: None,
        heard: false,
    });
    let bridge = use_mut_ref(|| None::<WorkerBridge<SimWorker>>);
    let set = shown.setter();
    // The worker starts loading as the component mounts, so the first job (a sweep the reader
    // asks for later, say) does not wait for its wasm.
    {
        let (bridge, latest, set) = (bridge.clone(), latest.clone(), set.clone());
        use_effect_with((), move |_| {
            if may_start_workers() {
                bridge
                    .borrow_mut()
                    .get_or_insert_with(|| spawn(latest, set));
            }
        });
    }
    let asked = work.clone();
    use_effect_with(work, move |work| {
        let ticket = Ticket::default();
        let starting = ticket.clone();
        let work = work.clone();
        let (to_bridge, to_latest) = (bridge.clone(), latest.clone());
        later(wait_ms, move || {
            if !starting.is_current() {
                return;
            }
            let job = {
                let mut latest = to_latest.borrow_mut();
                latest.job = latest.job.wrapping_add(1);
                latest.work = work.clone();
                latest.heard = false;
                latest.job
            };
            let request = match &work {
                // No worker could be started (a sandboxed frame): say so, and ask nothing.
                Some(_) if to_bridge.borrow().is_none() => {
                    set.set(Some((work.clone(), WorkerState::Failed(SANDBOXED.into()))));
                    return;
                }
                Some(asked) => {
                    set.set(Some((work.clone(), WorkerState::Waiting)));
                    watch_for_silence(job, to_latest, set);
                    Request::Start {
                        job,
                        work: (**asked).clone(),
                    }
                }
                None => {
                    set.set(Some((None, WorkerState::Idle)));
                    Request::Cancel
                }
            };
            // Spawned as the component mounted, by the effect above (unless it could not be).
            if let Some(bridge) = to_bridge.borrow().as_ref() {
                bridge.send(Envelope::of(request));
            }
        });
        move || {
            ticket.cancel();
            // The job in hand is nobody's now: stop it, and drop whatever it still says.
            let mut latest = latest.borrow_mut();
            latest.job = latest.job.wrapping_add(1);
            if let Some(bridge) = bridge.borrow().as_ref() {
                bridge.send(Envelope::of(Request::Cancel));
            }
        }
    });
    match (&*shown, asked) {
        (Some((of, state)), asked) if *of == asked => state.clone(),
        (_, None) => WorkerState::Idle,
        (_, Some(_)) => WorkerState::Waiting,
    }
}

/// The worker for one component, whose replies about its latest job become `set`'s state.
fn spawn(latest: Rc<RefCell<Latest>>, set: UseStateSetter<Shown>) -> WorkerBridge<SimWorker> {
    SimWorker::spawner()
        .encoding::<Wire>()
        .callback(move |reply: Envelope<Reply>| {
            let mut latest = latest.borrow_mut();
            let state = match reply.0 {
                None => WorkerState::Failed(OTHER_BUILD.into()),
                Some(reply) if reply.job() != latest.job => return,
                Some(Reply::Progress { progress, .. }) => WorkerState::Running(progress),
                Some(Reply::Done { result, .. }) => Output::of(result).map_or_else(
                    || WorkerState::Failed(OTHER_BUILD.into()),
                    WorkerState::Done,
                ),
                Some(Reply::Refused { reason, .. }) => WorkerState::Failed(reason),
            };
            latest.heard = true;
            set.set(Some((latest.work.clone(), state)));
        })
        .spawn_with_loader(LOADER)
}

/// After [`SILENCE_LIMIT_MS`], says so if the worker has not spoken of `job` and it is still
/// the latest.
fn watch_for_silence(job: u32, latest: Rc<RefCell<Latest>>, set: UseStateSetter<Shown>) {
    later(SILENCE_LIMIT_MS, move || {
        let latest = latest.borrow();
        if latest.job == job && !latest.heard {
            set.set(Some((
                latest.work.clone(),
                WorkerState::Failed(SILENT.into()),
            )));
        }
    });
}
