//! The Ring's plots, a page of their own (`compare.html`): the comparisons (the moved share of
//! N → N+1 for every scheme and ring balance against vnodes) and
//! "Vnodes and balance", over the state in the address. The full Ring frames the comparisons for
//! its "Comparisons" section, and the `ring/compare` and `ring/vnodes` widgets are this page, so
//! `ring.html` carries none of the sweeps or the plotting, and this page none of the ring
//! drawing.

use std::rc::Rc;

use yew::prelude::*;

use super::drawn::use_drawn;
use super::measure::use_measurement;
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

/// The comparisons page: the `ring/compare` widget.
#[function_component(CompareView)]
pub fn compare_view() -> Html {
    let url_state::RingUrl { url, state, .. } = url_state::use_ring_url(Some(RingWidget::Compare));
    let painted = use_painted();
    // The same counts as the Ring's page, so the snapshot a chapter or a test reads is whole.
    let drawn = use_drawn(Rc::clone(&state), &[RingState::warm]);
    let measurement = use_measurement(Some((*drawn).clone()));
    let snapshot_attr = snapshot::use_attr(&drawn, measurement.measured.as_deref());
    let servers = u32::try_from(state.servers.len()).unwrap_or(u32::MAX);
    let body = html! {
        <>
            <div class="rv-plots">
                if painted {
                    <InView waiting={WAITING}>
                        <MovedPlot vnodes={state.vnodes} seed={state.seed} />
                        <VnodePlot {servers} seed={state.seed} />
                    </InView>
                } else {
                    <p class="rv-progress">{ "Preparing the plots…" }</p>
                }
            </div>
        </>
    };
    let page = ViewPage {
        view: View::Ring,
        snapshot: snapshot_attr,
        query: &url.encoded,
        lead: super::compose::LEAD,
    };
    view_or_widget(page, Some(Widget::Ring(RingWidget::Compare)), body)
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
