//! The page switch: what each route renders on the page running now. The one module outside the
//! views that names them (tidy keeps `use crate::<view>` out of the shared folders), so the views
//! and the code they share never import each other through it: `app.rs` frames what [`switch`]
//! returns, and passes [`link_problems`] to the embed frame.
//!
//! The release site is split into pages (`index.html`, `decoder.html`, `ring.html`,
//! `compare.html`, `board.html`), each built with only its own cargo feature, so a reader never
//! downloads the code of views they do not open: a view's modules are gated in its `mod.rs`
//! (`with_feature!`), and here each route reaches its component only in the build that has it,
//! and a hand-over to its page (`shell::other_page`) in every other.

use yew::{html, Html};

use crate::catalogue::Widget;
use crate::course::ChapterSlug;
use crate::route::{Route, View};

/// Renders the page for a route: its view when this page's build holds it, else the hand-over to
/// the page that does, with the same `#/…` address, so links and shared states work from any page.
pub fn switch(route: Route) -> Html {
    match route {
        Route::Home => home_page(),
        Route::Learn => learn_page(),
        Route::LearnChapter { slug } => learn_chapter_page(slug),
        // An embed route is built into the same page as its full view, and hands over the same way.
        Route::Decoder | Route::EmbedDecoder => decoder_page(),
        Route::Ring | Route::EmbedRing => ring_page(),
        Route::Board | Route::EmbedBoard => board_page(),
        Route::Widget { widget, .. } => widget_page(widget),
        Route::UnknownWidget { view, .. } => {
            html! { <crate::shell::unknown_widget::UnknownWidget {view} /> }
        }
        #[cfg(feature = "debug-panic")]
        Route::DebugPanic => html! { <crate::debug_panic::DebugPanic /> },
        Route::NotFound => crate::shell::not_found::not_found(),
    }
}

/// Defines `$name() -> Html`: the view when `$feature` is built in, else a hand-over to `$page`.
macro_rules! page {
    ($name:ident, $feature:literal, $page:literal, $view:path) => {
        #[cfg(feature = $feature)]
        fn $name() -> Html {
            html! { <$view /> }
        }

        #[cfg(not(feature = $feature))]
        fn $name() -> Html {
            html! { <crate::shell::other_page::OtherPage page={$page} /> }
        }
    };
}

page!(home_page, "home", "index.html", crate::home::Home);
page!(learn_page, "home", "index.html", crate::learn::LearnView);

#[cfg(feature = "home")]
fn learn_chapter_page(slug: ChapterSlug) -> Html {
    html! { <crate::learn::chapter_page::ChapterPage key={slug.0} {slug} /> }
}

#[cfg(not(feature = "home"))]
fn learn_chapter_page(_: ChapterSlug) -> Html {
    html! { <crate::shell::other_page::OtherPage page="index.html" /> }
}
page!(
    decoder_page,
    "decoder",
    "decoder.html",
    crate::decoder::DecoderView
);
page!(ring_page, "ring", "ring.html", crate::ring::RingView);
page!(
    compare_page,
    "compare",
    "compare.html",
    crate::ring::CompareView
);
page!(
    metrics_page,
    "compare",
    "compare.html",
    crate::ring::MetricsView
);
page!(
    vnodes_page,
    "compare",
    "compare.html",
    crate::ring::VnodesView
);
page!(board_page, "board", "board.html", crate::board::BoardView);

/// A widget: its view's page component showing only that widget, or the hand-over to its page.
fn widget_page(widget: Widget) -> Html {
    match widget {
        Widget::Decoder(widget) => decoder_widget(widget),
        Widget::Ring(crate::catalogue::RingWidget::Compare) => compare_page(),
        Widget::Ring(crate::catalogue::RingWidget::Metrics) => metrics_page(),
        Widget::Ring(crate::catalogue::RingWidget::Vnodes) => vnodes_page(),
        Widget::Ring(widget) => ring_widget(widget),
        Widget::Board(widget) => board_widget(widget),
    }
}

/// Defines `$name(widget) -> Html`: `$view` showing one widget when `$feature` is built in, else
/// a hand-over to `$page`. The key remounts the view when the reader moves between widgets.
macro_rules! widget {
    ($name:ident, $feature:literal, $page:literal, $view:path, $widget:ty) => {
        #[cfg(feature = $feature)]
        fn $name(widget: $widget) -> Html {
            html! { <$view key={widget.name()} widget={Some(widget)} /> }
        }

        #[cfg(not(feature = $feature))]
        fn $name(_: $widget) -> Html {
            html! { <crate::shell::other_page::OtherPage page={$page} /> }
        }
    };
}

widget!(
    decoder_widget,
    "decoder",
    "decoder.html",
    crate::decoder::DecoderView,
    crate::catalogue::DecoderWidget
);
widget!(
    ring_widget,
    "ring",
    "ring.html",
    crate::ring::RingView,
    crate::catalogue::RingWidget
);
widget!(
    board_widget,
    "board",
    "board.html",
    crate::board::BoardView,
    crate::catalogue::BoardWidget
);

/// Whether a state query a host page sends (`shardlab:set`) reads cleanly under the codec of the
/// route on screen: the notes that route's URL decoder writes for `pairs` (the view's own, frame
/// pairs left out), empty when every value reads. The embed applies a state only when there are
/// none, so a bad value never lands in part.
///
/// Each view's codec is compiled only into its own pages; a route on a page that does not carry
/// its view hands over to that page and never reaches here, so the arms for the other views only
/// have to say so.
pub fn link_problems(route: Route, pairs: &[(String, String)]) -> Vec<String> {
    match route.view() {
        Some(View::Decoder) => decoder_problems(pairs),
        Some(View::Ring) => ring_problems(route.widget(), pairs),
        Some(View::Board) => board_problems(pairs),
        None => vec!["This page shows no widget.".to_owned()],
    }
}

#[cfg(feature = "decoder")]
fn decoder_problems(pairs: &[(String, String)]) -> Vec<String> {
    crate::decoder::url_state::decode(pairs).notes
}

#[cfg(feature = "ring-code")]
fn ring_problems(widget: Option<Widget>, pairs: &[(String, String)]) -> Vec<String> {
    let widget = match widget {
        Some(Widget::Ring(widget)) => Some(widget),
        Some(Widget::Decoder(_) | Widget::Board(_)) | None => None,
    };
    let (_, decode) = crate::ring::url_state::codec_for(widget);
    decode(pairs).notes
}

#[cfg(feature = "board")]
fn board_problems(pairs: &[(String, String)]) -> Vec<String> {
    crate::board::url_state::decode(pairs).1
}

#[cfg(not(feature = "decoder"))]
fn decoder_problems(_: &[(String, String)]) -> Vec<String> {
    vec![elsewhere(View::Decoder)]
}

#[cfg(not(feature = "ring-code"))]
fn ring_problems(_: Option<Widget>, _: &[(String, String)]) -> Vec<String> {
    vec![elsewhere(View::Ring)]
}

#[cfg(not(feature = "board"))]
fn board_problems(_: &[(String, String)]) -> Vec<String> {
    vec![elsewhere(View::Board)]
}

#[cfg(not(all(feature = "decoder", feature = "ring-code", feature = "board")))]
fn elsewhere(view: View) -> String {
    format!(
        "This page does not show the {}; its embed is on {}.",
        view.full_route().label(),
        view.page()
    )
}

#[cfg(test)]
mod tests {
    use super::link_problems;
    use crate::catalogue::{RingWidget, Widget};
    use crate::route::Route;

    fn pairs(query: &str) -> Vec<(String, String)> {
        form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect()
    }

    #[test]
    fn a_state_that_reads_has_no_problems_and_a_bad_value_has_one() {
        let grow = Route::Widget {
            widget: Widget::Ring(RingWidget::Grow),
            embed: true,
        };
        assert_eq!(
            link_problems(grow, &pairs("v=1&vnodes=3")),
            Vec::<String>::new()
        );
        assert_eq!(link_problems(grow, &[]), Vec::<String>::new());
        assert!(!link_problems(grow, &pairs("v=1&vnodes=banana")).is_empty());
        assert!(!link_problems(grow, &pairs("v=9")).is_empty());
        assert!(!link_problems(Route::EmbedDecoder, &pairs("v=1&id=not-an-id")).is_empty());
        assert_eq!(
            link_problems(Route::EmbedDecoder, &pairs("v=1&id=123456789")),
            Vec::<String>::new()
        );
        assert!(!link_problems(Route::EmbedBoard, &pairs("users=-4")).is_empty());
        assert!(!link_problems(Route::Home, &[]).is_empty());
    }
}
