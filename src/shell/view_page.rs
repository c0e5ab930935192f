//! The one frame every full view renders in: the view's heading, its lead paragraph and the share
//! bar, on a root that carries the view's class and snapshot. The widget frame is
//! [`widget_page`](super::widget_page); between them they are every layout a view page has.
//!
//! A plain function rather than a component, like the widget frame: a few lines of markup, and a
//! component costs each page about 0.7 kB (ARCHITECTURE.md, "Page size").

use yew::prelude::*;

use super::share_bar::ShareBar;
use super::widget_page::{widget_page, WidgetPage};
use crate::catalogue::Widget;
use crate::route::View;

/// What [`view_page`] needs from the view.
pub struct ViewPage<'a> {
    /// The view shown.
    pub view: View,
    /// The view's snapshot attribute ([`crate::snapshot`]).
    pub snapshot: String,
    /// The view's query pairs (for the share bar).
    pub query: &'a [(&'static str, String)],
    /// One paragraph under the heading: what the view shows and what to try first.
    pub lead: &'static str,
}

/// The frame of whatever a view page shows: one widget's frame when `widget` is given, else the
/// full view's. Every view's page ends in this call.
pub fn view_or_widget(page: ViewPage<'_>, widget: Option<Widget>, body: Html) -> Html {
    match widget {
        Some(widget) => widget_page(
            WidgetPage {
                widget,
                snapshot: page.snapshot,
                query: page.query,
            },
            body,
        ),
        None => view_page(page, body),
    }
}

/// The full view's frame around `body`.
pub fn view_page(page: ViewPage<'_>, body: Html) -> Html {
    let ViewPage {
        view,
        snapshot,
        query,
        lead,
    } = page;
    html! {
        <div class={classes!("page", view.class())} data-shardlab-snapshot={snapshot}>
            <h1>{ view.full_route().label() }</h1>
            <p class="lead">{ lead }</p>
            <ShareBar {view} query={query.to_vec()} />
            { body }
        </div>
    }
}
