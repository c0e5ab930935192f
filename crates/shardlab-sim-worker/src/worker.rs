//! [`SimWorker`]: the gloo-worker that runs the page's jobs. It works in slices ([`Pace`]) and
//! between two slices posts itself a message through a `MessageChannel`, so the page's messages
//! (a Cancel, a newer job) are read between slices: a loop, or a chain of promises, would hold
//! them until the job ended. A new job replaces the one in hand; a closed bridge drops its job.
//!
//! A seed sweep on a machine of two cores or more is split ([`Split`]): this worker runs the first
//! half and a helper worker of its own (the same script, spawned from here) the rest, whose
//! reports come back as messages to ourselves. A helper that has not spoken by the time this half
//! is done has not loaded, and the sweep is run here whole instead.

use gloo_worker::{HandlerId, Spawnable, Worker, WorkerBridge, WorkerScope};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::codec::Wire;
use crate::job::{Job, Split};
use crate::pace::Pace;
use crate::protocol::{Envelope, Reply, Request, Work};
use crate::LOADER;

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `performance.now()`, which a worker has as a page does.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn clock() -> f64;
}

/// The job in hand, who asked for it, what it was, and its pace.
struct Current {
    to: HandlerId,
    id: u32,
    work: Work,
    job: Job,
    pace: Pace,
}

/// The worker's state.
pub struct SimWorker {
    current: Option<Current>,
    /// Our own channel: a message on its second port runs the next slice as a task of its own.
    next_slice: Option<web_sys::MessageChannel>,
    /// Whether a slice is already posted, so a new job does not post a second.
    posted: bool,
    /// The helper worker for split sweeps, spawned on the first, and its latest job's number.
    helper: Option<WorkerBridge<SimWorker>>,
    helper_job: u32,
}

/// The worker's messages to itself.
pub enum Message {
    /// Run a slice.
    Slice,
    /// The helper worker's reply.
    Helped(Envelope<Reply>),
}

/// The cores the browser reports (`navigator.hardwareConcurrency`), 1 if it does not say.
fn cores() -> f64 {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("navigator"))
        .and_then(|navigator| {
            js_sys::Reflect::get(&navigator, &JsValue::from_str("hardwareConcurrency"))
        })
        .ok()
        .and_then(|cores| cores.as_f64())
        .unwrap_or(1.0)
}

impl SimWorker {
    fn post_slice(&mut self, scope: &WorkerScope<Self>) {
        if self.posted {
            return;
        }
        if let Some(channel) = &self.next_slice {
            self.posted = channel.port2().post_message(&JsValue::UNDEFINED).is_ok();
        }
        if !self.posted {
            // No channel: run the slice as the next microtask, which still ends the job.
            self.posted = true;
            scope.send_message(Message::Slice);
        }
    }

    /// Starts `work`, split with the helper when it is a sweep worth splitting here.
    fn start(&mut self, scope: &WorkerScope<Self>, work: &Work) -> Result<Job, String> {
        if cores() < 2.0 {
            return Job::start(work);
        }
        let Some((split, rest)) = Split::of(work)? else {
            return Job::start(work);
        };
        self.helper_job = self.helper_job.wrapping_add(1);
        let job = self.helper_job;
        let helper = self.helper.get_or_insert_with(|| {
            let scope = scope.clone();
            SimWorker::spawner()
                .encoding::<Wire>()
                .callback(move |reply| scope.send_message(Message::Helped(reply)))
                .spawn_with_loader(LOADER)
        });
        helper.send(Envelope::of(Request::Start { job, work: rest }));
        Ok(Job::Split(split))
    }

    /// Stops whatever the helper is doing for us.
    fn release_helper(&mut self) {
        self.helper_job = self.helper_job.wrapping_add(1);
        if let Some(helper) = &self.helper {
            helper.send(Envelope::of(Request::Cancel));
        }
    }

    /// A split sweep whose helper cannot help, started again here whole (without a helper);
    /// `None` if the core refuses it, which has been said to the page.
    fn run_whole(&mut self, scope: &WorkerScope<Self>, mut current: Current) -> Option<Current> {
        self.release_helper();
        match Job::start(&current.work) {
            Ok(whole) => {
                current.job = whole;
                Some(current)
            }
            Err(reason) => {
                let refused = Reply::Refused {
                    job: current.id,
                    reason,
                };
                scope.respond(current.to, Envelope::of(refused));
                None
            }
        }
    }

    /// After a slice or a helper's reply: answers a finished job, runs a split sweep whole when
    /// its helper never spoke, reports progress when due, and posts the next slice if there is
    /// work to do here.
    fn settle(&mut self, scope: &WorkerScope<Self>, mut current: Current) {
        if current.job.is_done() {
            let reply = match current.job.finish() {
                Ok(result) => Reply::Done {
                    job: current.id,
                    result,
                },
                Err(reason) => Reply::Refused {
                    job: current.id,
                    reason,
                },
            };
            scope.respond(current.to, Envelope::of(reply));
            return;
        }
        let silent_helper = match &current.job {
            Job::Split(split) => current.job.waiting() && !split.helper_heard(),
            Job::Simulate(_) | Job::Sweep(_) | Job::Runs(_) | Job::Capacity(_) => false,
        };
        if silent_helper {
            let Some(whole) = self.run_whole(scope, current) else {
                return;
            };
            current = whole;
        }
        if current.pace.report_due(clock()) {
            let progress = current.job.progress();
            scope.respond(
                current.to,
                Envelope::of(Reply::Progress {
                    job: current.id,
                    progress,
                }),
            );
        }
        let waiting = current.job.waiting();
        self.current = Some(current);
        if !waiting {
            self.post_slice(scope);
        }
    }
}

impl Worker for SimWorker {
    type Message = Message;
    type Input = Envelope<Request>;
    type Output = Envelope<Reply>;

    fn create(scope: &WorkerScope<Self>) -> Self {
        let next_slice = web_sys::MessageChannel::new().ok();
        if let Some(channel) = &next_slice {
            let scope = scope.clone();
            let on_message =
                Closure::<dyn FnMut()>::new(move || scope.send_message(Message::Slice));
            channel
                .port1()
                .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            // The handler lives as long as the worker, like the channel.
            on_message.forget();
        }
        SimWorker {
            current: None,
            next_slice,
            posted: false,
            helper: None,
            helper_job: 0,
        }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, message: Message) {
        match message {
            Message::Slice => {
                self.posted = false;
                let Some(mut current) = self.current.take() else {
                    return;
                };
                if !current.job.waiting() {
                    let started = clock();
                    current.job.step(current.pace.budget());
                    current.pace.record(clock() - started);
                }
                self.settle(scope, current);
            }
            Message::Helped(reply) => {
                // A reply about an earlier job of the helper's is stale.
                let reply = match reply.0 {
                    Some(reply) if reply.job() != self.helper_job => return,
                    other => other,
                };
                let Some(mut current) = self.current.take() else {
                    return;
                };
                let Job::Split(split) = &mut current.job else {
                    self.current = Some(current);
                    return;
                };
                // A helper of another build, or one that refused: run its half here by running
                // the sweep whole.
                let handed_back = match reply {
                    Some(reply) => split.helped(reply).is_err(),
                    None => true,
                };
                if handed_back {
                    let Some(whole) = self.run_whole(scope, current) else {
                        return;
                    };
                    current = whole;
                }
                self.settle(scope, current);
            }
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, message: Envelope<Request>, from: HandlerId) {
        self.release_helper();
        match message.0 {
            Some(Request::Start { job: id, work }) => match self.start(scope, &work) {
                Ok(job) => {
                    self.current = Some(Current {
                        to: from,
                        id,
                        work,
                        job,
                        pace: Pace::default(),
                    });
                    self.post_slice(scope);
                }
                Err(reason) => {
                    self.current = None;
                    scope.respond(from, Envelope::of(Reply::Refused { job: id, reason }));
                }
            },
            Some(Request::Cancel) => self.current = None,
            // A page of another build: say so, with nothing it could misread.
            None => scope.respond(from, Envelope(None)),
        }
    }

    fn disconnected(&mut self, _: &WorkerScope<Self>, id: HandlerId) {
        if self
            .current
            .as_ref()
            .is_some_and(|current| current.to == id)
        {
            self.current = None;
            self.release_helper();
        }
    }
}
