//! The moved fraction of N → N+1 servers for every scheme, measured by a streamed
//! [`MovementSweep`] ([`use_sweep_plot`]; restarted when the seed or the vnodes change).

use std::cell::RefCell;
use std::rc::Rc;

use shardlab_core::placement::{MovementSweep, SchemeKind, SchemeSpec};
use shardlab_core::text::thousands;
use yew::prelude::*;

use super::plot_view::{plot_view, PlotViewProps};
use crate::jobs::finished::Finished;
use crate::ring::comparisons::{movement_plot, SWEEP_COUNTS, SWEEP_KEYS, SWEEP_SEEDS};
use crate::ring::plots::Plot;
use crate::ring::sweep_plot::use_sweep_plot;

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

/// The sweep for a seed and a vnode count.
fn sweep(&(seed, vnodes): &(u64, u32)) -> Option<MovementSweep> {
    let specs: Vec<SchemeSpec> = SchemeKind::SWEPT_ON_RING_PAGE
        .into_iter()
        .map(|kind| SchemeSpec::from_kind(kind, vnodes))
        .collect();
    let seeds = (0..SWEEP_SEEDS).map(|i| seed.wrapping_add(i)).collect();
    MovementSweep::new(specs, SWEEP_COUNTS.to_vec(), seeds, SWEEP_KEYS).ok()
}

/// The movement plot. A component of its own, so the sweep's progress re-renders only it.
#[function_component(MovedPlot)]
pub fn moved_plot(props: &MovedPlotProps) -> Html {
    let shown = use_sweep_plot(&FINISHED, (props.seed, props.vnodes), 0, sweep, |series| {
        movement_plot(series)
    });
    let Some((plot, progress)) = shown else {
        return html! {};
    };
    plot_view(&PlotViewProps {
        id: "moved",
        plot,
        progress,
        caption: format!(
            "Each point is the mean over {SWEEP_SEEDS} seeds of {} keys, with the whiskers at min and max. \
             Mod and range move most keys; ring, jump and rendezvous stay near the dashed ideal. \
             The directory moves none: existing entries stay until someone moves them.", thousands(SWEEP_KEYS)),
    })
}
