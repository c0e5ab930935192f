//! The Ring's plots and measures, a page of their own (`compare.html`): the comparisons (the
//! moved share of N → N+1 for every scheme and ring balance against vnodes), the literature's
//! metric table and "Vnodes and balance", over the state in the address. The full Ring frames
//! the comparisons and the table for its "Comparisons" section, and the `ring/compare`,
//! `ring/metrics` and `ring/vnodes` widgets are this page, so `ring.html` carries none of the
//! sweeps, the plotting or the timing, and this page none of the ring drawing.

use std::rc::Rc;

use shardlab_core::stepped::Progress;
use yew::prelude::*;

use super::drawn::{use_drawn, Drawn, Prepare};
use super::kept_tables::{fill_tables, stand_in, table_shown_instead};
use super::measure::{use_measurement, Measurement};
use super::parts::metrics_table::MetricsTable;
use super::parts::moved_plot::MovedPlot;
use super::parts::notes::{notes, NotesProps};
use super::parts::settings::setting;
use super::parts::stats::{stats, StatsProps};
use super::parts::vnode_plot::VnodePlot;
use super::state::{Field, RingState};
use super::{snapshot, url_state};
use crate::catalogue::{RingWidget, Widget};
use crate::jobs::hook::use_painted;
use crate::route::View;
use crate::shell::embed_frame::{use_framed_by, FramedBy};
use crate::shell::view_page::{view_or_widget, ViewPage};
use crate::widgets::in_view::InView;

/// What stands in for the plots until they come near the screen.
const WAITING: &str = "The movement and balance plots are measured when you scroll to them.";
/// What stands in for the metric table until it comes near the screen.
const METRICS_WAITING: &str = "Every scheme is measured when you scroll to the table.";

/// What a page of measures (each widget of this page) works from.
struct Measures {
    url: url_state::RingUrl,
    /// The state a paint ago, which the counts read (see `drawn.rs`).
    drawn: Rc<RingState>,
    /// How far Maglev's table for the state in the address has been filled, while it is.
    filling: Option<Progress>,
    /// The Ring page's own counts over `drawn`.
    measurement: Measurement,
    /// Whether the first paint is done: the costly parts wait for it.
    painted: bool,
    snapshot: String,
}

/// The state in the address, with the same counts as the Ring's page behind the snapshot, so
/// the snapshot a chapter or a test reads is whole. Framed by the Ring's own page, which counts
/// the same keys for itself, the plots and the table leave the count out (the vnodes widget,
/// whose load panel shows it, is never framed so).
#[hook]
fn use_measures(widget: RingWidget) -> Measures {
    let url = url_state::use_ring_url(Some(widget));
    let painted = use_painted();
    let Drawn {
        value: drawn,
        preparing,
    } = use_drawn(
        Rc::clone(&url.state),
        &[Prepare::Sliced(fill_tables), Prepare::Task(RingState::warm)],
        stand_in,
    );
    let counted = use_framed_by() != Some(FramedBy::RingPage) || widget == RingWidget::Vnodes;
    let measurement = use_measurement(counted.then(|| (*drawn).clone()));
    let snapshot = snapshot::use_attr(&drawn, measurement.measured.as_deref());
    Measures {
        url,
        drawn,
        filling: preparing,
        measurement,
        painted,
        snapshot,
    }
}

impl Measures {
    /// The widget's frame around `body`, which waits (with `waiting` said) until the first
    /// paint and until it comes near the screen.
    fn page(self, widget: RingWidget, waiting: &'static str, body: Html) -> Html {
        let body = html! {
            <div class="rv-plots">
                if self.painted {
                    <InView {waiting}>{ body }</InView>
                } else {
                    <p class="rv-progress">{ "Preparing the measures…" }</p>
                }
            </div>
        };
        self.frame(widget, body)
    }

    /// The widget's frame around `body`, as it is, after what the link could not give (a link
    /// of another version says so here, as on the Ring's own page).
    fn frame(self, widget: RingWidget, body: Html) -> Html {
        let notes = notes(&NotesProps {
            notes: self.url.state.notes.clone(),
            dispatch: self.url.dispatch.clone(),
        });
        let body = html! { <>{ notes }{ body }</> };
        let page = ViewPage {
            view: View::Ring,
            snapshot: self.snapshot,
            query: &self.url.url.encoded,
            lead: super::compose::LEAD,
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
    let measures = use_measures(RingWidget::Vnodes);
    let (m, drawn) = (&measures.measurement, &measures.drawn);
    let servers = u32::try_from(drawn.servers.len()).unwrap_or(u32::MAX);
    let body = html! {
        <div class="rv-widget-cols">
            <div class="rv-side">
                { setting(&measures.url.state, Field::Vnodes, &measures.url.dispatch) }
                { stats(&StatsProps { measured: m.measured.clone(), pinning: m.pinning,
                    filling: measures.filling, error: m.error.clone(), moved: false,
                    table_shown: table_shown_instead(&measures.url.state, drawn) }) }
            </div>
            if measures.painted { <VnodePlot {servers} seed={drawn.seed} /> }
        </div>
    };
    measures.frame(RingWidget::Vnodes, body)
}
