//! The web half of a sliced job: each slice after the first runs in a task of its own, so input
//! and painting get their turn between two, paced by [`pacing`](super::pacing) from
//! `performance.now()`. The next slice is posted through a `MessageChannel` ([`next_task`]), not a
//! 0 ms timeout: browsers hold a timeout nested five deep for at least 4 ms, which left an 8 ms
//! slice's job idle a third of the time. The finished job's output is made and handed over in a task of its own
//! after the last slice, since what it feeds (the final report, the plot) is a costly render.
//! [`after_paint`] defers a page's costly first parts the same way.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use shardlab_core::stepped::{Progress, Stepped};
use wasm_bindgen::JsCast;

use super::pacing::{Pacer, UNITS_PER_LOOK};

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds on a clock that never goes back, unlike `Date.now()`.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    pub(crate) fn clock() -> f64;
}

/// Runs `next` in a task of its own after `delay_ms`.
pub fn later(delay_ms: u32, next: impl FnOnce() + 'static) {
    timeout(delay_ms, Box::new(next));
}

/// One timer for every closure: boxed, so the timer glue is compiled once, not once per caller.
fn timeout(delay_ms: u32, next: Box<dyn FnOnce()>) {
    Timeout::new(delay_ms, next).forget();
}

thread_local! {
    /// The tasks [`next_task`] has posted, run one per message in the order posted.
    static POSTED: RefCell<VecDeque<Box<dyn FnOnce()>>> = RefCell::new(VecDeque::new());
    /// The channel whose messages run them; `None` where the browser cannot make one.
    static CHANNEL: Option<web_sys::MessageChannel> = open_channel();
}

fn open_channel() -> Option<web_sys::MessageChannel> {
    let channel = web_sys::MessageChannel::new().ok()?;
    let on_message = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(|| {
        if let Some(next) = POSTED.with(|q| q.borrow_mut().pop_front()) {
            next();
        }
    });
    channel
        .port1()
        .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the page, like the channel.
    on_message.forget();
    Some(channel)
}

/// Runs `next` in a task of its own as soon as the browser has handled what is waiting (input,
/// a due frame): a message to ourselves, which no browser holds back the way it does a timeout
/// nested in timeouts. Falls back to a 0 ms timeout where no channel could be made.
pub fn next_task(next: impl FnOnce() + 'static) {
    let next: Box<dyn FnOnce()> = Box::new(next);
    let refused = CHANNEL.with(move |channel| match channel {
        Some(channel) => {
            POSTED.with(|q| q.borrow_mut().push_back(next));
            // Posting `undefined` to our own port cannot fail.
            let _ = channel
                .port2()
                .post_message(&wasm_bindgen::JsValue::UNDEFINED);
            None
        }
        None => Some(next),
    });
    if let Some(next) = refused {
        timeout(0, next);
    }
}

/// How long [`after_paint`] waits for a frame before it runs its work anyway: a page in a
/// background tab (or an iframe the browser throttles) may get no frames for a long time.
const FRAME_WAIT_MS: u32 = 100;

/// Runs `next` in a task of its own after the next frame is painted (a timeout set from an
/// animation frame fires after that frame is drawn), or after [`FRAME_WAIT_MS`] if no frame
/// comes; whichever is first runs it, once. A page shows its costly parts this way, after a first
/// paint without them.
pub fn after_paint(next: impl FnOnce() + 'static) {
    let slot = Rc::new(Cell::new(Some(next)));
    let from_frame = Rc::clone(&slot);
    let frame = wasm_bindgen::closure::Closure::once_into_js(move || {
        later(0, move || {
            if let Some(next) = from_frame.take() {
                next();
            }
        })
    });
    let _ = gloo::utils::window().request_animation_frame(frame.unchecked_ref());
    later(FRAME_WAIT_MS, move || {
        if let Some(next) = slot.take() {
            next();
        }
    });
}

/// A job's right to go on: its source [`cancel`](Ticket::cancel)s it when a newer job replaces it
/// or the source goes, and the job stops before its next task.
#[derive(Debug, Clone, Default)]
pub struct Ticket {
    cancelled: Rc<Cell<bool>>,
}

impl Ticket {
    /// Whether the job may go on.
    pub fn is_current(&self) -> bool {
        !self.cancelled.get()
    }

    /// Stops the job holding this ticket (and every clone of it).
    pub fn cancel(&self) {
        self.cancelled.set(true);
    }
}

/// A job with where it reports, behind one object-safe face so that the slicing below is
/// compiled once, not once per kind of job.
trait Slicing {
    fn step(&mut self, budget: u64) -> Progress;
    fn show(&self, progress: Progress);
    fn finish(self: Box<Self>);
}

struct Sliced<J, S, D> {
    job: J,
    show: S,
    done: D,
}

impl<J, S, D> Slicing for Sliced<J, S, D>
where
    J: Stepped,
    S: Fn(&J, Progress),
    D: FnOnce(J::Output),
{
    fn step(&mut self, budget: u64) -> Progress {
        self.job.step(budget)
    }

    fn show(&self, progress: Progress) {
        (self.show)(&self.job, progress);
    }

    fn finish(self: Box<Self>) {
        let Sliced { job, done, .. } = *self;
        done(job.finish());
    }
}

/// Steps `job` in slices while `ticket` is current, the first one at once (the caller is a task
/// of its own: [`use_stepped_job`](super::hook::use_stepped_job)'s start, or the end of an earlier
/// job), each later one in a task of its own: `show` gets its progress in the first slice and then at most every
/// [`PUBLISH_EVERY_MS`](super::pacing::PUBLISH_EVERY_MS), `done` its output once it is finished.
pub fn run<J: Stepped + 'static>(
    job: J,
    ticket: Ticket,
    show: impl Fn(&J, Progress) + 'static,
    done: impl FnOnce(J::Output) + 'static,
) {
    slice(
        Box::new(Sliced { job, show, done }),
        ticket,
        Pacer::default(),
    );
}

fn slice(mut job: Box<dyn Slicing>, ticket: Ticket, mut pacer: Pacer) {
    if !ticket.is_current() {
        return;
    }
    let plan = pacer.slice(clock());
    let progress = loop {
        let progress = job.step(UNITS_PER_LOOK);
        if progress.is_done() || !plan.goes_on(clock()) {
            break progress;
        }
    };
    if progress.is_done() {
        next_task(move || {
            if ticket.is_current() {
                job.finish();
            }
        });
        return;
    }
    if plan.publishes() {
        job.show(progress);
        pacer.published(clock());
    }
    next_task(move || slice(job, ticket, pacer));
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_ticket_stops_every_clone() {
        let ticket = Ticket::default();
        let held = ticket.clone();
        assert!(held.is_current());
        ticket.cancel();
        assert!(!held.is_current());
        assert!(Ticket::default().is_current());
    }
}
