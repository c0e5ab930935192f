//! [`use_sweep_plot`]: the one pipeline behind the comparison plots. A sweep starts when its
//! inputs change, unless a finished plot for those inputs is kept ([`Finished`]); its
//! measurements so far are drawn as they stream in, with their progress; the finished plot is
//! kept by its inputs.

use std::cell::RefCell;
use std::rc::Rc;
use std::thread::LocalKey;

use shardlab_core::placement::{MovementSweep, SweepSeries, VnodeSweep, VnodeSweepResult};
use shardlab_core::stepped::Stepped;
use yew::prelude::*;

use super::comparisons::measuring;
use super::plots::Plot;
use crate::jobs::finished::Finished;
use crate::jobs::hook::use_stepped_job;
use crate::jobs::slicer;

/// A sweep whose measurements so far make the same kind of result as its finished run.
pub trait Sweep: Stepped + 'static {
    /// The result of the measurements finished so far.
    fn so_far(&self) -> Self::Output;
}

impl Sweep for MovementSweep {
    fn so_far(&self) -> Vec<SweepSeries> {
        self.series()
    }
}

impl Sweep for VnodeSweep {
    fn so_far(&self) -> VnodeSweepResult {
        self.result()
    }
}

/// The finished plots of one kind of sweep, by the inputs that made them (a `thread_local!`).
pub type Kept<K> = LocalKey<RefCell<Finished<K, Rc<Plot>>>>;

/// A plot, and its progress while its sweep runs.
pub type Shown = (Rc<Plot>, Option<String>);

/// The plot for `key`: kept, or measured by the sweep `build` makes (after `wait_ms`, in slices),
/// drawn by `draw`. `None` until the first measurements are in (or when `build` gives no sweep).
#[hook]
pub fn use_sweep_plot<K, S>(
    kept: &'static Kept<K>,
    key: K,
    wait_ms: u32,
    build: impl FnOnce(&K) -> Option<S> + 'static,
    draw: fn(&S::Output) -> Plot,
) -> Option<Shown>
where
    K: PartialEq + Clone + 'static,
    S: Sweep,
{
    let shown = use_state(|| None::<Shown>);
    let finished = kept.with(|f| f.borrow_mut().get(&key));
    {
        let (set, done) = (shown.setter(), shown.setter());
        let run = finished.is_none();
        let inputs = key.clone();
        use_stepped_job(key, wait_ms, move |ticket| {
            if !run {
                return;
            }
            let Some(sweep) = build(&inputs) else {
                return;
            };
            slicer::run(
                sweep,
                ticket,
                move |sweep: &S, progress| {
                    set.set(Some((Rc::new(draw(&sweep.so_far())), measuring(progress))));
                },
                move |output| {
                    let plot = Rc::new(draw(&output));
                    kept.with(|f| f.borrow_mut().put(inputs, Rc::clone(&plot)));
                    done.set(Some((plot, None)));
                },
            );
        });
    }
    finished
        .map(|plot| (plot, None))
        .or_else(|| (*shown).clone())
}
