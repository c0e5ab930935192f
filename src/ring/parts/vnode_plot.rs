//! Ring balance against vnodes, with its spread over seeds, measured by a streamed
//! [`VnodeSweep`] (a sliced job, restarted when the server count or the seed changes).

use std::cell::RefCell;
use std::rc::Rc;

use shardlab_core::placement::{VnodeSweep, MAX_RING_POINTS};
use shardlab_core::text::thousands;
use yew::prelude::*;

use super::plot_view::PlotView;
use crate::jobs::finished::Finished;
use crate::jobs::hook::use_stepped_job;
use crate::jobs::slicer;
use crate::ring::comparisons::{
    measuring, vnode_plot, AFTER_FLIGHT_MS, VNODE_COUNTS, VNODE_KEYS, VNODE_SEEDS,
};
use crate::ring::plots::Plot;

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

/// The balance plot.
#[function_component(VnodePlot)]
pub fn vnode_plot_view(props: &VnodePlotProps) -> Html {
    let balance = use_state(|| None::<(Rc<Plot>, Option<String>)>);
    let vnode_servers = props.servers.clamp(2, 64);
    let key = (vnode_servers, props.seed);
    let kept = FINISHED.with(|f| f.borrow_mut().get(&key));
    {
        let run = kept.is_none();
        let (set, done) = (balance.setter(), balance.setter());
        let seed = props.seed;
        // A server count changes when a server is added or killed, just as the ring's keys start
        // to fly (key_dots.rs): building the rings and the first slices wait for them to land, so
        // they take no frame from the flight.
        use_stepped_job(key, AFTER_FLIGHT_MS, move |ticket| {
            if !run {
                return;
            }
            let counts: Vec<u32> = VNODE_COUNTS
                .iter()
                .copied()
                .filter(|&v| {
                    u64::from(v).saturating_mul(u64::from(vnode_servers)) <= MAX_RING_POINTS
                })
                .collect();
            let seeds = (0..VNODE_SEEDS).map(|i| seed.wrapping_add(i)).collect();
            if let Ok(sweep) = VnodeSweep::new(vnode_servers, counts, seeds, VNODE_KEYS) {
                slicer::run(
                    sweep,
                    ticket,
                    move |s: &VnodeSweep, p| {
                        set.set(Some((Rc::new(vnode_plot(&s.result())), measuring(p))))
                    },
                    move |result| {
                        let plot = Rc::new(vnode_plot(&result));
                        FINISHED.with(|f| f.borrow_mut().put(key, Rc::clone(&plot)));
                        done.set(Some((plot, None)));
                    },
                );
            }
        });
    }
    let Some((plot, progress)) = kept.map(|plot| (plot, None)).or_else(|| (*balance).clone())
    else {
        return html! {};
    };
    html! {
        <PlotView id="vnodes" {plot} {progress} caption={format!(
            "{VNODE_SEEDS} rings per point (other vnode salts and keys), {} keys each; whiskers are min and max. \
             The dashed line is the σ/mean to expect: √((N−1)(1/(N·V+1) + 1/K)) for N servers and K keys, \
             near 1/√V only for many servers and keys.", thousands(VNODE_KEYS))} />
    }
}
