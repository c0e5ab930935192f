//! Keys owned by each server, as a plot of the page's own statistics (once they are counted).

use std::rc::Rc;

use shardlab_core::placement::LoadStats;
use shardlab_core::text::thousands;
use yew::prelude::*;

use super::plot_view::{plot_view, PlotViewProps};
use crate::ring::comparisons::load_plot;

/// Props for [`LoadPlot`].
#[derive(Properties, PartialEq)]
pub struct LoadPlotProps {
    /// The current load, once measured.
    pub load: Option<Rc<LoadStats>>,
}

/// The load plot; nothing until the load is measured.
#[function_component(LoadPlot)]
pub fn load_plot_view(props: &LoadPlotProps) -> Html {
    let plot = use_memo(props.load.clone(), |load| {
        load.as_ref().map(|l| Rc::new(load_plot(l)))
    });
    let (Some(plot), Some(l)) = ((*plot).clone(), props.load.as_ref()) else {
        return html! {};
    };
    plot_view(&PlotViewProps {
        id: "load",
        plot,
        progress: None,
        caption: format!(
            "Keys owned by each server, counted over {} keys; the dashed line is the mean. \
             Under the ring, raise the vnodes and the bars even out.",
            thousands(l.keys)
        ),
    })
}
