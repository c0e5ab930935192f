//! The one frame every widget renders in: its title, the share bar (outside an embed) and the
//! widget's own markup, on a root that carries `data-widget` and the view's snapshot.
//!
//! The widget is the whole page, so its title is the page's `h1`. The root is not a named region:
//! a widget's first panel often bears the same title (a second landmark of one name), and the
//! page's `main` already holds the widget alone.
//!
//! A plain function rather than a component: it is a few lines of markup, and a component costs
//! each page about 0.7 kB (ARCHITECTURE.md, "Page size").

use yew::prelude::*;

use super::share_bar::ShareBar;
use crate::catalogue::Widget;

/// What [`widget_page`] needs from the view.
pub struct WidgetPage<'a> {
    /// The widget shown.
    pub widget: Widget,
    /// The view's snapshot attribute, as the full view writes it.
    pub snapshot: String,
    /// The view's query pairs (for the share bar).
    pub query: &'a [(&'static str, String)],
}

/// The widget's frame around `body`.
pub fn widget_page(page: WidgetPage<'_>, body: Html) -> Html {
    let WidgetPage {
        widget,
        snapshot,
        query,
    } = page;
    html! {
        <section class={classes!("widget", widget.view().class())} data-widget={widget.address()}
            data-shardlab-snapshot={snapshot}>
            <div class="widget-head">
                <h1 class="widget-title">{ widget.title() }</h1>
                <ShareBar view={widget.view()} query={query.to_vec()} widget={Some(widget)} />
            </div>
            { body }
        </section>
    }
}
