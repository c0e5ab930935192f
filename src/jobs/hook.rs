//! [`use_stepped_job`]: a component's sliced job, started when its inputs change.

use yew::prelude::*;

use super::slicer::{later, Ticket};

/// Starts a job whenever `deps` change: after `wait_ms`, in a task of its own (so the change's own
/// task stays short; the Ring's statistics also wait for the keys' flight to land), `start` gets
/// a [`Ticket`], builds the job and hands it to [`slicer::run`](super::slicer::run) with that
/// ticket, which runs the first slice in the same task. A newer change of `deps`, or the
/// component's going, stops the job before its next task: the one cancel rule.
#[hook]
pub fn use_stepped_job<D>(deps: D, wait_ms: u32, start: impl FnOnce(Ticket) + 'static)
where
    D: PartialEq + 'static,
{
    use_effect_with(deps, move |_| {
        let ticket = Ticket::default();
        let starting = ticket.clone();
        later(wait_ms, move || {
            if starting.is_current() {
                start(starting);
            }
        });
        move || ticket.cancel()
    });
}

/// `false` on a page's first render and `true` from the task after its first paint
/// ([`after_paint`](super::slicer::after_paint)): a page leaves its costly parts (below the first
/// screen, or costly to draw) out until then, so its first paint and first interactive render do
/// not wait for them.
#[hook]
pub fn use_painted() -> bool {
    let painted = use_state(|| false);
    {
        let set = painted.setter();
        use_effect_with((), move |_| {
            super::slicer::after_paint(move || set.set(true))
        });
    }
    *painted
}
