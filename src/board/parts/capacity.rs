//! The capacity plot: the core's capacity search ([`shardlab_core::sim::capacity`]) run in the
//! simulator's worker ([`crate::jobs::worker`]), its figure marked on the estimate's Apdex and p99
//! curve.
//!
//! The search depends on the design alone, as [`searched_design`] reduces it (not the users
//! slider, the seed, the layout or the faults, which it leaves out), so moving the slider or a box
//! keeps it going; a new design cancels it and, after [`WAIT_MS`] without another change, starts
//! it again. The component re-renders for its own progress, not the rest of the plots.

use std::rc::Rc;

use shardlab_core::sim::capacity::{
    searched_design, Capacity, CapacityOptions, DEFAULT_CAPACITY_SEEDS,
};
use shardlab_core::sim::Design;
use shardlab_sim_worker::protocol::{DesignText, Work};
use yew::prelude::*;

use super::plots::{capacity_plot, capacity_points};
use crate::jobs::worker::{use_worker_job, Output, WorkerState, OTHER_BUILD};

/// How long a design must stay unchanged before its search starts, in ms: a reader dragging a
/// setting's slider passes through many designs, and each search costs a few seconds.
const WAIT_MS: u32 = 600;

/// Where the search for a design stands.
#[derive(Clone, Debug, PartialEq)]
pub enum CapacityStatus {
    /// Running: seeds finished of those asked, simulations so far, and the share done.
    Searching {
        /// Seeds finished.
        seeds_done: u32,
        /// Seeds asked for.
        seeds: u32,
        /// Simulations finished.
        runs: u32,
        /// Share done, 0 … 1.
        fraction: f64,
    },
    /// Finished.
    Done(Rc<Capacity>),
    /// The search refused the design.
    Failed(String),
}

/// A search that has not reported yet.
const STARTING: CapacityStatus = CapacityStatus::Searching {
    seeds_done: 0,
    seeds: DEFAULT_CAPACITY_SEEDS,
    runs: 0,
    fraction: 0.0,
};

/// Runs the capacity search for `design` (already [`searched_design`]) in the worker and
/// returns its status.
#[hook]
fn use_capacity(design: Rc<Design>) -> CapacityStatus {
    let work = use_memo(design, |design| {
        Some(Rc::new(Work::Capacity {
            design: DesignText::of(design),
            options: CapacityOptions::default(),
        }))
    });
    match use_worker_job((*work).clone(), WAIT_MS) {
        WorkerState::Idle | WorkerState::Waiting => STARTING,
        WorkerState::Running(progress) => CapacityStatus::Searching {
            seeds_done: progress.seeds_done,
            seeds: progress.seeds.max(progress.seeds_done),
            runs: progress.runs,
            fraction: progress.fraction,
        },
        WorkerState::Done(Output::Capacity(found)) => CapacityStatus::Done(found),
        WorkerState::Done(Output::Simulated(_) | Output::Swept(_)) => {
            CapacityStatus::Failed(OTHER_BUILD.into())
        }
        WorkerState::Failed(reason) => CapacityStatus::Failed(reason),
    }
}

/// The capacity plot's inputs.
#[derive(Properties, PartialEq)]
pub struct CapacityPlotProps {
    /// The board's design.
    pub design: Design,
    /// Current users, marked on the plot.
    pub users: u32,
}

/// The capacity plot, with its search.
#[function_component(CapacityPlot)]
pub fn capacity_plot_view(props: &CapacityPlotProps) -> Html {
    let searched = use_memo(props.design.clone(), |design| {
        Rc::new(searched_design(design))
    });
    let points = use_memo((*searched).clone(), |design| capacity_points(design));
    let status = use_capacity((*searched).clone());
    capacity_plot(&points, props.users, &status, props.design.faults.len())
}
