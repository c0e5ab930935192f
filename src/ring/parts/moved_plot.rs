//! The moved fraction of N → N+1 servers for every scheme, measured by a streamed
//! [`MovementSweep`] (a sliced job, restarted when the seed or the vnodes change).

use std::cell::RefCell;
use std::rc::Rc;

use shardlab_core::placement::{MovementSweep, SchemeKind, SchemeSpec};
use shardlab_core::text::thousands;
use yew::prelude::*;

use super::plot_view::PlotView;
use crate::jobs::finished::Finished;
use crate::jobs::hook::use_stepped_job;
use crate::jobs::slicer;
use crate::ring::comparisons::{measuring, movement_plot, SWEEP_COUNTS, SWEEP_KEYS, SWEEP_SEEDS};
use crate::ring::plots::Plot;

/// Props for [`MovedPlot`].
#[derive(Properties, PartialEq)]
pub struct MovedPlotProps {
    pub vnodes: u32,
    pub seed: u64,
}

thread_local! {
    /// Finished sweeps by (seed, vnodes): only the ring's curve depends on the vnodes.
    static FINISHED: RefCell<Finished<(u64, u32), Rc<Plot>>> = const { RefCell::new(Finished::new()) };
}

/// The movement plot. A component of its own, so the sweep's progress re-renders only it.
#[function_component(MovedPlot)]
pub fn moved_plot(props: &MovedPlotProps) -> Html {
    let moved = use_state(|| None::<(Rc<Plot>, Option<String>)>);
    let key = (props.seed, props.vnodes);
    let kept = FINISHED.with(|f| f.borrow_mut().get(&key));
    {
        let (set, done) = (moved.setter(), moved.setter());
        let (seed, vnodes) = key;
        let run = kept.is_none();
        use_stepped_job(key, 0, move |ticket| {
            if !run {
                return;
            }
            let specs: Vec<SchemeSpec> = SchemeKind::ALL
                .into_iter()
                .map(|kind| SchemeSpec::from_kind(kind, vnodes))
                .collect();
            let seeds = (0..SWEEP_SEEDS).map(|i| seed.wrapping_add(i)).collect();
            if let Ok(sweep) = MovementSweep::new(specs, SWEEP_COUNTS.to_vec(), seeds, SWEEP_KEYS) {
                slicer::run(
                    sweep,
                    ticket,
                    move |s: &MovementSweep, p| {
                        set.set(Some((Rc::new(movement_plot(&s.series())), measuring(p))))
                    },
                    move |series| {
                        let plot = Rc::new(movement_plot(&series));
                        FINISHED.with(|f| f.borrow_mut().put(key, Rc::clone(&plot)));
                        done.set(Some((plot, None)));
                    },
                );
            }
        });
    }
    let Some((plot, progress)) = kept.map(|plot| (plot, None)).or_else(|| (*moved).clone()) else {
        return html! {};
    };
    html! {
        <PlotView id="moved" {plot} {progress} caption={format!(
            "Each point is the mean over {SWEEP_SEEDS} seeds of {} keys, with the whiskers at min and max. \
             Mod and range move most keys; ring, jump and rendezvous stay near the dashed ideal. \
             The directory moves none: existing entries stay until someone moves them.", thousands(SWEEP_KEYS))} />
    }
}
