//! The drawn state: the state the Ring's costly parts show (the drawing and its scene, the lookup,
//! the statistics, the scheme's picture, the plots and the snapshot). It follows the reader's state
//! one paint later ([`use_drawn`]): the control the reader used (the server list, the scheme
//! switch, a number box) shows its change in the next frame, and the placements, the scene and the
//! components that read them are built in a task after that frame. On a slow phone building them
//! takes over 100 ms, which the reader would otherwise wait through before seeing the click do
//! anything (issue 20). At the largest ring the limits accept that build is still too long for one
//! task, so the costliest pieces (the ring of the new servers, then the scene) are each built in a
//! task of their own first (`prepare`), and the render that shows them only reads them. Maglev's
//! table of up to a million slots is too long for any one task: it is filled as a sliced job
//! ([`Prepare::Sliced`]) while the old drawing stays, its progress shown beside it. A page that
//! opens on such a table has no old drawing: it starts on a stand-in ([`use_drawn`]'s `stand_in`,
//! the same state with a table of the default size) and fills its own table the same way.

use std::rc::Rc;

use shardlab_core::stepped::Progress;
use yew::prelude::*;

use crate::jobs::slicer::{self, Ticket};

/// Reports a sliced step's progress.
pub type ShowProgress = Rc<dyn Fn(Progress)>;

/// A sliced step's start: the value, the showing's ticket, where to report, and what comes next.
pub type StartSliced<T> = fn(&T, Ticket, ShowProgress, Box<dyn FnOnce()>);

/// One step of preparing the newest value before it is shown.
pub enum Prepare<T: 'static> {
    /// Work done in one task of its own.
    Task(fn(&T)),
    /// Work too long for one task: started in a task of its own with the showing's [`Ticket`],
    /// where to report its progress, and what comes next, which it calls once it is done (at
    /// once when there is nothing to do). It runs a core job through
    /// [`slicer::run`](crate::jobs::slicer::run) with that ticket, so a newer change stops it.
    Sliced(StartSliced<T>),
}

/// What [`use_drawn`] gives: the value the costly parts show, and how far a sliced step of the
/// newer value's preparation has got while it runs (the old value stays shown till it is done).
pub struct Drawn<T> {
    /// The value to show.
    pub value: Rc<T>,
    /// The progress of the sliced step under way, if one is.
    pub preparing: Option<Progress>,
}

/// `latest` as the costly parts show it: the same value from the first render on, and after a
/// change the previous value until the frame that shows the controls' change has been painted.
/// Changes that come faster than frames are shown as the newest one, never one by one. Each step
/// of `prepare` runs on the newest value in a task (or, sliced, tasks) of its own, in order,
/// before the task that shows it: they warm what the costly parts would otherwise build in that
/// render. A newer change stops the steps of the older one. Where the first value is too costly
/// for the first render, `stand_in` gives a cheap one to show until it is prepared.
#[hook]
pub fn use_drawn<T: PartialEq + 'static>(
    latest: Rc<T>,
    prepare: &'static [Prepare<T>],
    stand_in: fn(&T) -> Option<T>,
) -> Drawn<T> {
    let drawn = use_state_eq(|| stand_in(&latest).map_or_else(|| Rc::clone(&latest), Rc::new));
    let preparing = use_state_eq(|| None::<Progress>);
    // The newest value, read when the paint is done rather than when it was asked for: a change
    // that came in between is not undone by the older one's turn.
    let newest = use_mut_ref(|| Rc::clone(&latest));
    *newest.borrow_mut() = Rc::clone(&latest);
    {
        let steps = Steps {
            left: prepare,
            newest,
            setter: drawn.setter(),
            preparing: preparing.setter(),
            ticket: Ticket::default(),
        };
        use_effect_with(latest, move |_| {
            let ticket = steps.ticket.clone();
            slicer::after_paint(move || steps.run());
            move || ticket.cancel()
        });
    }
    Drawn {
        value: Rc::clone(&drawn),
        preparing: *preparing,
    }
}

/// The steps left of one change's preparation, and where it ends.
struct Steps<T: 'static> {
    left: &'static [Prepare<T>],
    newest: Rc<std::cell::RefCell<Rc<T>>>,
    setter: UseStateSetter<Rc<T>>,
    preparing: UseStateSetter<Option<Progress>>,
    ticket: Ticket,
}

impl<T: 'static> Steps<T> {
    /// Runs the first step on the newest value, then the rest each in a task of its own, then
    /// shows the newest value. Stops when a newer change took over (its own steps show it).
    fn run(self) {
        if !self.ticket.is_current() {
            return;
        }
        let Some((step, rest)) = self.left.split_first() else {
            self.preparing.set(None);
            self.setter.set(Rc::clone(&self.newest.borrow()));
            return;
        };
        let next = Steps { left: rest, ..self };
        match step {
            Prepare::Task(work) => {
                work(&next.newest.borrow());
                slicer::next_task(move || next.run());
            }
            Prepare::Sliced(start) => {
                let value = Rc::clone(&next.newest.borrow());
                let ticket = next.ticket.clone();
                let show = next.preparing.clone();
                let show: ShowProgress = Rc::new(move |p| show.set(Some(p)));
                start(&value, ticket, show, Box::new(move || slicer::next_task(move || next.run())));
            }
        }
    }
}
