//! The drawn state: the state the Ring's costly parts show (the drawing and its scene, the lookup,
//! the statistics, the scheme's picture, the plots and the snapshot). It follows the reader's state
//! one paint later ([`use_drawn`]): the control the reader used (the server list, the scheme
//! switch, a number box) shows its change in the next frame, and the placements, the scene and the
//! components that read them are built in a task after that frame. On a slow phone building them
//! takes over 100 ms, which the reader would otherwise wait through before seeing the click do
//! anything (issue 20). At the largest ring the limits accept that build is still too long for one
//! task, so the costliest pieces (the ring of the new servers, then the scene) are each built in a
//! task of their own first (`prepare`), and the render that shows them only reads them.

use std::rc::Rc;

use yew::prelude::*;

use crate::jobs::slicer;

/// `latest` as the costly parts show it: the same value from the first render on, and after a
/// change the previous value until the frame that shows the controls' change has been painted.
/// Changes that come faster than frames are shown as the newest one, never one by one. Each step
/// of `prepare` runs on the newest value in a task of its own, in order, before the task that
/// shows it: they warm what the costly parts would otherwise build in that render.
#[hook]
pub fn use_drawn<T: PartialEq + 'static>(latest: Rc<T>, prepare: &'static [fn(&T)]) -> Rc<T> {
    let drawn = use_state_eq(|| Rc::clone(&latest));
    // The newest value, read when the paint is done rather than when it was asked for: a change
    // that came in between is not undone by the older one's turn.
    let newest = use_mut_ref(|| Rc::clone(&latest));
    *newest.borrow_mut() = Rc::clone(&latest);
    {
        let setter = drawn.setter();
        use_effect_with(latest, move |_| {
            slicer::after_paint(move || run_steps(prepare, newest, setter));
        });
    }
    Rc::clone(&drawn)
}

/// Runs the first of `steps` on the newest value, then the rest each in a task of its own, then
/// shows the newest value.
fn run_steps<T: 'static>(
    steps: &'static [fn(&T)],
    newest: Rc<std::cell::RefCell<Rc<T>>>,
    setter: UseStateSetter<Rc<T>>,
) {
    match steps.split_first() {
        Some((step, rest)) => {
            step(&newest.borrow());
            slicer::next_task(move || run_steps(rest, newest, setter));
        }
        None => setter.set(Rc::clone(&newest.borrow())),
    }
}
