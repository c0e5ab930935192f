//! Ring balance against vnodes, with its spread over seeds, measured by a streamed
//! [`VnodeSweep`] ([`use_sweep_plot`]; restarted when the server count or the seed changes).

use std::cell::RefCell;
use std::rc::Rc;

use shardlab_core::placement::{VnodeSweep, MAX_RING_POINTS};
use shardlab_core::text::thousands;
use yew::prelude::*;

use super::plot_view::{plot_view, PlotViewProps};
use crate::jobs::finished::Finished;
use crate::ring::comparisons::{
    vnode_plot, AFTER_FLIGHT_MS, VNODE_COUNTS, VNODE_KEYS, VNODE_SEEDS,
};
use crate::ring::plots::Plot;
use crate::ring::sweep_plot::use_sweep_plot;

/// Props for [`VnodePlot`].
#[derive(Properties, PartialEq)]
pub struct VnodePlotProps {
    /// The servers on screen (the sweep's rings have as many, 2 … 64).
    pub servers: u32,
    pub seed: u64,
}

thread_local! {
    /// Finished sweeps by (servers, seed).
    static FINISHED: RefCell<Finished<(u32, u64), Rc<Plot>>> = const { RefCell::new(Finished::new()) };
}

/// The sweep for a server count and a seed: every vnode count whose ring fits.
fn sweep(&(servers, seed): &(u32, u64)) -> Option<VnodeSweep> {
    let counts: Vec<u32> = VNODE_COUNTS
        .iter()
        .copied()
        .filter(|&v| u64::from(v).saturating_mul(u64::from(servers)) <= MAX_RING_POINTS)
        .collect();
    let seeds = (0..VNODE_SEEDS).map(|i| seed.wrapping_add(i)).collect();
    VnodeSweep::new(servers, counts, seeds, VNODE_KEYS).ok()
}

/// The balance plot.
#[function_component(VnodePlot)]
pub fn vnode_plot_view(props: &VnodePlotProps) -> Html {
    let key = (props.servers.clamp(2, 64), props.seed);
    // A server count changes when a server is added or killed, just as the ring's keys start
    // to fly (key_dots.rs): building the rings and the first slices wait for them to land, so
    // they take no frame from the flight.
    let shown = use_sweep_plot(&FINISHED, key, AFTER_FLIGHT_MS, sweep, |result| {
        vnode_plot(result)
    });
    let Some((plot, progress)) = shown else {
        return html! {};
    };
    plot_view(&PlotViewProps {
        id: "vnodes",
        plot,
        progress,
        caption: format!(
            "{VNODE_SEEDS} rings per point (other vnode salts and keys), {} keys each; whiskers are min and max. \
             The dashed line is the σ/mean to expect: √((N−1)(1/(N·V+1) + 1/K)) for N servers and K keys, \
             near 1/√V only for many servers and keys.", thousands(VNODE_KEYS)),
    })
}
