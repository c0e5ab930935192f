//! Time-budgeted slices for the Ring's streamed work (the statistics, the directory's pinning,
//! the comparison sweeps). A slice does small fixed chunks and looks at the clock after each, so
//! however slow the machine (or however loaded), one slice stops near its budget instead of
//! running a chunk size that was right a moment ago. Each slice runs in a task of its own, and a
//! slice that publishes (which re-renders, and for a plot redraws a canvas) gets half the budget
//! and happens at most every [`PUBLISH_MS`], so a task stays well under 50 ms.

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;

/// How long one slice may work, in milliseconds.
pub const BUDGET_MS: f64 = 8.0;
/// How often a running job shows its progress, at most, in milliseconds.
pub const PUBLISH_MS: f64 = 200.0;

/// `performance.now()`, or 0 where there is no clock (the budget then ends every slice after
/// one chunk, which is slow but never long).
pub fn now() -> f64 {
    gloo::utils::window().performance().map_or(0.0, |p| p.now())
}

/// Calls `chunk` until it says the job is done (`true`) or `budget_ms` has passed; returns
/// whether the job is done.
pub fn work_for(budget_ms: f64, mut chunk: impl FnMut() -> bool) -> bool {
    let started = now();
    loop {
        if chunk() {
            return true;
        }
        if now() - started >= budget_ms || started == 0.0 {
            return false;
        }
    }
}

/// When a sliced job last published and whether this slice should: the first slice, the last,
/// and at most one every [`PUBLISH_MS`] in between.
#[derive(Debug, Clone, Copy, Default)]
pub struct Publisher {
    last: Option<f64>,
}

impl Publisher {
    /// Whether a slice starting now publishes (it then works for half the budget).
    pub fn due(&self) -> bool {
        self.last.is_none_or(|last| now() - last >= PUBLISH_MS)
    }

    /// Records a publication.
    pub fn published(&mut self) {
        self.last = Some(now());
    }

    /// The budget of a slice that does or does not publish.
    pub fn budget(publishing: bool) -> f64 {
        if publishing {
            BUDGET_MS / 2.0
        } else {
            BUDGET_MS
        }
    }
}

/// Runs `next` in a task of its own after `delay_ms`.
pub fn later(delay_ms: u32, next: impl FnOnce() + 'static) {
    Timeout::new(delay_ms, next).forget();
}

/// How long [`after_paint`] waits for a frame before it runs its work anyway: a page in a
/// background tab (or an iframe the browser throttles) may get no frames for a long time.
const FRAME_WAIT_MS: u32 = 100;

/// Runs `next` in a task of its own after the next frame is painted (a timeout set from an
/// animation frame fires after that frame is drawn), or after [`FRAME_WAIT_MS`] if no frame
/// comes; whichever is first runs it, once.
pub fn after_paint(next: impl FnOnce() + 'static) {
    let slot = std::rc::Rc::new(std::cell::Cell::new(Some(next)));
    let from_frame = std::rc::Rc::clone(&slot);
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
