//! [`SimWorker`]: the gloo-worker that runs the page's jobs. It works in slices ([`Pace`]) and
//! between two slices posts itself a message through a `MessageChannel`, so the page's messages
//! (a Cancel, a newer job) are read between slices: a loop, or a chain of promises, would hold
//! them until the job ended. A new job replaces the one in hand; a closed bridge drops its job.

use gloo_worker::{HandlerId, Worker, WorkerScope};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::job::Job;
use crate::pace::Pace;
use crate::protocol::{Envelope, Reply, Request};

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `performance.now()`, which a worker has as a page does.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn clock() -> f64;
}

/// The job in hand, who asked for it, and its pace.
struct Current {
    to: HandlerId,
    id: u32,
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
}

/// The worker's message to itself: run a slice.
pub struct Slice;

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
            scope.send_message(Slice);
        }
    }
}

impl Worker for SimWorker {
    type Message = Slice;
    type Input = Envelope<Request>;
    type Output = Envelope<Reply>;

    fn create(scope: &WorkerScope<Self>) -> Self {
        let next_slice = web_sys::MessageChannel::new().ok();
        if let Some(channel) = &next_slice {
            let scope = scope.clone();
            let on_message = Closure::<dyn FnMut()>::new(move || scope.send_message(Slice));
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
        }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, _: Slice) {
        self.posted = false;
        let Some(mut current) = self.current.take() else {
            return;
        };
        let started = clock();
        let progress = current.job.step(current.pace.budget());
        let now = clock();
        current.pace.record(now - started);
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
        if current.pace.report_due(now) {
            scope.respond(
                current.to,
                Envelope::of(Reply::Progress {
                    job: current.id,
                    progress,
                }),
            );
        }
        self.current = Some(current);
        self.post_slice(scope);
    }

    fn received(&mut self, scope: &WorkerScope<Self>, message: Envelope<Request>, from: HandlerId) {
        match message.0 {
            Some(Request::Start { job: id, work }) => match Job::start(&work) {
                Ok(job) => {
                    self.current = Some(Current {
                        to: from,
                        id,
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
        }
    }
}
