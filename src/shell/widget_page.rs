//! The one frame every widget renders in: its title, the share bar (outside an embed) and the
//! widget's own markup, on a root that carries `data-widget` and the view's snapshot.
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
    let title_id = format!("widget-title-{}", widget.name());
    html! {
        <section class={classes!("widget", widget.view().class())} data-widget={widget.address()}
            data-shardlab-snapshot={snapshot} aria-labelledby={title_id.clone()}>
            <div class="widget-head">
                <h2 class="widget-title" id={title_id}>{ widget.title() }</h2>
                <ShareBar view={widget.view()} query={query.to_vec()} widget={Some(widget)} />
            </div>
            { body }
        </section>
    }
}
