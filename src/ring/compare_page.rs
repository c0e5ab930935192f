//! The Ring's plots and measures, a page of their own (`compare.html`): the comparisons (the
//! moved share of N → N+1 for every scheme and ring balance against vnodes), the literature's
//! metric table and "Vnodes and balance", over the state in the address. The full Ring frames
//! the comparisons and the table for its "Comparisons" section, and the `ring/compare`,
//! `ring/metrics` and `ring/vnodes` widgets are this page, so `ring.html` carries none of the
//! sweeps, the plotting or the timing, and this page none of the ring drawing.

use std::rc::Rc;

use yew::prelude::*;

use super::drawn::use_drawn;
use super::measure::use_measurement;
use super::parts::metrics_table::MetricsTable;
use super::parts::moved_plot::MovedPlot;
use super::parts::number_field::{number_field, NumberFieldProps};
use super::parts::settings::vnodes_help;
use super::parts::stats::{stats, StatsProps};
use super::parts::vnode_plot::VnodePlot;
use super::state::{Field, RingState};
use super::{snapshot, url_state};
use crate::catalogue::{RingWidget, Widget};
use crate::jobs::hook::use_painted;
use crate::route::View;
use crate::shell::view_page::{view_or_widget, ViewPage};
use crate::widgets::in_view::InView;

/// What stands in for the plots until they come near the screen.
const WAITING: &str = "The movement and balance plots are measured when you scroll to them.";
/// What stands in for the metric table until it comes near the screen.
const METRICS_WAITING: &str = "Every scheme is measured when you scroll to the table.";

/// What a page of measures (the `ring/compare` and `ring/metrics` widgets) works from.
struct Measures {
    url: url_state::RingUrl,
    /// Whether the first paint is done: the costly parts wait for it.
    painted: bool,
    snapshot: String,
}

/// The state in the address, with the same counts as the Ring's page behind the snapshot, so
/// the snapshot a chapter or a test reads is whole.
#[hook]
fn use_measures(widget: RingWidget) -> Measures {
    let url = url_state::use_ring_url(Some(widget));
    let painted = use_painted();
    let drawn = use_drawn(Rc::clone(&url.state), &[RingState::warm]);
    let measurement = use_measurement(Some((*drawn).clone()));
    let snapshot = snapshot::use_attr(&drawn, measurement.measured.as_deref());
    Measures {
        url,
        painted,
        snapshot,
    }
}

impl Measures {
    /// The widget's frame around `body`, which waits (with `waiting` said) until the first
    /// paint and until it comes near the screen.
    fn page(self, widget: RingWidget, waiting: &'static str, body: Html) -> Html {
        let page = ViewPage {
            view: View::Ring,
            snapshot: self.snapshot,
            query: &self.url.url.encoded,
            lead: super::compose::LEAD,
        };
        let body = html! {
            <div class="rv-plots">
                if self.painted {
                    <InView {waiting}>{ body }</InView>
                } else {
                    <p class="rv-progress">{ "Preparing the measures…" }</p>
                }
            </div>
        };
        view_or_widget(page, Some(Widget::Ring(widget)), body)
    }
}

/// The comparisons: the `ring/compare` widget.
#[function_component(CompareView)]
pub fn compare_view() -> Html {
    let measures = use_measures(RingWidget::Compare);
    let state = Rc::clone(&measures.url.state);
    let servers = u32::try_from(state.servers.len()).unwrap_or(u32::MAX);
    let body = html! {
        <>
            <MovedPlot vnodes={state.vnodes} seed={state.seed} />
            <VnodePlot {servers} seed={state.seed} />
        </>
    };
    measures.page(RingWidget::Compare, WAITING, body)
}

/// Every scheme by the literature's measures: the `ring/metrics` widget.
#[function_component(MetricsView)]
pub fn metrics_view() -> Html {
    let measures = use_measures(RingWidget::Metrics);
    let state = Rc::clone(&measures.url.state);
    let body = html! {
        <MetricsTable servers={state.servers.clone()} settings={state.settings()} seed={state.seed} />
    };
    measures.page(RingWidget::Metrics, METRICS_WAITING, body)
}

/// "Vnodes and balance": the vnode count, the load it gives each server, and the balance sweep.
#[function_component(VnodesView)]
pub fn vnodes_view() -> Html {
    let url_state::RingUrl {
        url,
        state,
        dispatch,
    } = url_state::use_ring_url(Some(RingWidget::Vnodes));
    // The counts read the state a paint ago, as on the Ring's page (see `drawn.rs`).
    let drawn = use_drawn(Rc::clone(&state), &[RingState::warm]);
    let measurement = use_measurement(Some((*drawn).clone()));
    let painted = use_painted();
    let snapshot_attr = snapshot::use_attr(&drawn, measurement.measured.as_deref());
    let servers = u32::try_from(drawn.servers.len()).unwrap_or(u32::MAX);
    let body = html! {
        <div class="rv-widget-cols">
            <div class="rv-side">
                { number_field(&NumberFieldProps { field: Field::Vnodes, id: "rv-vnodes", label: "Vnodes per unit of weight",
                    value: state.vnodes.to_string(), help: Some(vnodes_help(state.scheme.uses_vnodes())),
                    error: state.field_error.clone(), dispatch }) }
                { stats(&StatsProps { measured: measurement.measured.clone(), pinning: measurement.pinning,
                    error: measurement.error.clone(), moved: false }) }
            </div>
            if painted { <VnodePlot {servers} seed={drawn.seed} /> }
        </div>
    };
    let page = ViewPage {
        view: View::Ring,
        snapshot: snapshot_attr,
        query: &url.encoded,
        lead: super::compose::LEAD,
    };
    view_or_widget(page, Some(Widget::Ring(RingWidget::Vnodes)), body)
}
