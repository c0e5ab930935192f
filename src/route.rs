//! The routes. The app uses a hash router (`#/decoder`), so any static host and any subpath work
//! without server-side rewrites.

use yew::{html, Html};
use yew_router::Routable;

/// Every page of the app.
#[derive(Clone, Copy, Routable, PartialEq, Eq, Debug)]
pub enum Route {
    /// What each view teaches, with live previews.
    #[at("/")]
    Home,
    /// The self-paced course.
    #[at("/learn")]
    Learn,
    /// One chapter of the course.
    #[at("/learn/:slug")]
    LearnChapter {
        /// Which chapter.
        slug: crate::learn::progress::ChapterSlug,
    },
    /// The 64-bit ID decoder.
    #[at("/decoder")]
    Decoder,
    /// Placement schemes on the ring.
    #[at("/ring")]
    Ring,
    /// The system-design board.
    #[at("/board")]
    Board,
    /// A page that panics on purpose; only in the `debug-panic` test build, never in the release site.
    #[cfg(feature = "debug-panic")]
    #[at("/debug/panic")]
    DebugPanic,
    /// Anything else.
    #[not_found]
    #[at("/404")]
    NotFound,
}

impl Route {
    /// The routes in the navigation, in order.
    pub const NAVIGATION: [Route; 4] = [Route::Learn, Route::Decoder, Route::Ring, Route::Board];

    /// The name shown in the navigation and the page title.
    pub fn label(self) -> &'static str {
        match self {
            Route::Home => "Home",
            Route::Learn | Route::LearnChapter { .. } => "Learn",
            Route::Decoder => "Decoder",
            Route::Ring => "Ring",
            Route::Board => "Board",
            #[cfg(feature = "debug-panic")]
            Route::DebugPanic => "Forced panic",
            Route::NotFound => "Not found",
        }
    }
}

/// Renders the page for a route.
///
/// The release site is split into pages (`index.html`, `decoder.html`, `ring.html`, `board.html`),
/// each built with only its own view, so a reader never downloads the code of views they do not
/// open. A route whose view is not in this page's build hands over to the page that has it, with
/// the same `#/…` address, so links and shared states work from any page.
pub fn switch(route: Route) -> Html {
    match route {
        Route::Home => home_page(),
        Route::Learn => learn_page(),
        Route::LearnChapter { slug } => learn_chapter_page(slug),
        Route::Decoder => decoder_page(),
        Route::Ring => ring_page(),
        Route::Board => board_page(),
        #[cfg(feature = "debug-panic")]
        Route::DebugPanic => html! { <crate::debug_panic::DebugPanic /> },
        Route::NotFound => html! { <crate::components::not_found::NotFound /> },
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
            html! { <crate::components::other_page::OtherPage page={$page} /> }
        }
    };
}

page!(home_page, "home", "index.html", crate::home::Home);
page!(learn_page, "home", "index.html", crate::learn::LearnView);

#[cfg(feature = "home")]
fn learn_chapter_page(slug: crate::learn::progress::ChapterSlug) -> Html {
    html! { <crate::learn::chapter_page::ChapterPage key={slug.0} {slug} /> }
}

#[cfg(not(feature = "home"))]
fn learn_chapter_page(_: crate::learn::progress::ChapterSlug) -> Html {
    html! { <crate::components::other_page::OtherPage page="index.html" /> }
}
page!(
    decoder_page,
    "decoder",
    "decoder.html",
    crate::decoder::DecoderView
);
page!(ring_page, "ring", "ring.html", crate::ring::RingView);
page!(board_page, "board", "board.html", crate::board::BoardView);
