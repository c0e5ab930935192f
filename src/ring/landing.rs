//! Whether a change's keys are in flight, and work that waits for them to land. The statistics'
//! counting runs in 8 ms slices whose results re-render the page; started during the flight (it
//! used to start a fixed 620 ms after the change, while the flight starts only once its keys'
//! layer is painted), its slices and renders took whole frames from the flight's last stretch.
//! [`super::key_dots`] holds an [`InFlight`] from the moment it holds a change until the keys
//! land, and [`super::measure`] starts counting [`after_landing`].

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use crate::jobs::slicer;

/// How long work waits for a flight at most: a page in a background tab gets no frames, and its
/// numbers must still come.
const LANDING_WAIT_MS: u32 = 2_000;

/// Work waiting for the flights to land.
type Waiting = Vec<Box<dyn FnOnce()>>;

thread_local! {
    /// How many flights are under way, and what waits for them.
    static FLIGHTS: RefCell<(usize, Waiting)> = RefCell::new((0, Vec::new()));
}

/// A flight under way, until this is dropped.
#[derive(Debug)]
pub struct InFlight(());

impl InFlight {
    /// Marks a flight as under way.
    pub fn start() -> InFlight {
        FLIGHTS.with(|f| {
            let mut f = f.borrow_mut();
            f.0 = f.0.saturating_add(1);
        });
        InFlight(())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let landed = FLIGHTS.with(|f| {
            let mut f = f.borrow_mut();
            f.0 = f.0.saturating_sub(1);
            if f.0 == 0 {
                std::mem::take(&mut f.1)
            } else {
                Vec::new()
            }
        });
        // In a task of its own: not in the flight's last frame.
        for next in landed {
            slicer::later(0, next);
        }
    }
}

/// Runs `next` once no flight is under way (at once when none is), or after [`LANDING_WAIT_MS`],
/// whichever comes first; once.
pub fn after_landing(next: impl FnOnce() + 'static) {
    let flying = FLIGHTS.with(|f| f.borrow().0 > 0);
    if !flying {
        next();
        return;
    }
    let slot = Rc::new(Cell::new(Some(next)));
    let on_landing = Rc::clone(&slot);
    FLIGHTS.with(|f| {
        f.borrow_mut().1.push(Box::new(move || {
            if let Some(next) = on_landing.take() {
                next();
            }
        }));
    });
    slicer::later(LANDING_WAIT_MS, move || {
        if let Some(next) = slot.take() {
            next();
        }
    });
}
