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
    /// The Decoder alone, for an iframe in someone else's page (no header or footer).
    #[at("/embed/decoder")]
    EmbedDecoder,
    /// The Ring alone, for an iframe.
    #[at("/embed/ring")]
    EmbedRing,
    /// The Board alone, for an iframe.
    #[at("/embed/board")]
    EmbedBoard,
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
            Route::EmbedDecoder => "Decoder (embedded)",
            Route::EmbedRing => "Ring (embedded)",
            Route::EmbedBoard => "Board (embedded)",
            #[cfg(feature = "debug-panic")]
            Route::DebugPanic => "Forced panic",
            Route::NotFound => "Not found",
        }
    }

    /// The view this route shows, if it is one of the three shareable views (full or embedded).
    pub fn view(self) -> Option<View> {
        match self {
            Route::Decoder | Route::EmbedDecoder => Some(View::Decoder),
            Route::Ring | Route::EmbedRing => Some(View::Ring),
            Route::Board | Route::EmbedBoard => Some(View::Board),
            Route::Home | Route::Learn | Route::LearnChapter { .. } | Route::NotFound => None,
            #[cfg(feature = "debug-panic")]
            Route::DebugPanic => None,
        }
    }

    /// Whether this is a chrome-less embed route.
    pub fn is_embed(self) -> bool {
        matches!(
            self,
            Route::EmbedDecoder | Route::EmbedRing | Route::EmbedBoard
        )
    }
}

/// The three views a reader can link to and embed, each with a full route and an embed route.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum View {
    /// The 64-bit ID decoder.
    Decoder,
    /// Placement schemes on the ring.
    Ring,
    /// The system-design board.
    Board,
}

impl View {
    /// Every view, in navigation order.
    pub const ALL: [View; 3] = [View::Decoder, View::Ring, View::Board];

    /// The name used in addresses, in `data-shardlab` and in `#/embed/<name>`.
    pub fn name(self) -> &'static str {
        match self {
            View::Decoder => "decoder",
            View::Ring => "ring",
            View::Board => "board",
        }
    }

    /// The route with the site's header and footer.
    pub fn full_route(self) -> Route {
        match self {
            View::Decoder => Route::Decoder,
            View::Ring => Route::Ring,
            View::Board => Route::Board,
        }
    }

    /// The chrome-less route for iframes.
    pub fn embed_route(self) -> Route {
        match self {
            View::Decoder => Route::EmbedDecoder,
            View::Ring => Route::EmbedRing,
            View::Board => Route::EmbedBoard,
        }
    }

    /// The release-site page whose build holds this view (see [`switch`]).
    pub fn page(self) -> &'static str {
        match self {
            View::Decoder => "decoder.html",
            View::Ring => "ring.html",
            View::Board => "board.html",
        }
    }

    /// The page file a link to this view should name from the page running now: the view's own
    /// page, except in a build that holds every view (`trunk serve`, the tests), where only
    /// `index.html` exists.
    pub fn page_from_here(self) -> &'static str {
        if cfg!(all(
            feature = "home",
            feature = "decoder",
            feature = "ring",
            feature = "board"
        )) {
            "index.html"
        } else {
            self.page()
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
        // An embed route is built into the same page as its full view, and hands over the same way.
        Route::Decoder | Route::EmbedDecoder => decoder_page(),
        Route::Ring | Route::EmbedRing => ring_page(),
        Route::Board | Route::EmbedBoard => board_page(),
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

#[cfg(test)]
mod tests {
    use super::{Route, View};
    use yew_router::Routable;

    #[test]
    fn each_view_has_a_full_and_an_embed_route_that_lead_back_to_it() {
        for view in View::ALL {
            let full = view.full_route();
            let embed = view.embed_route();
            assert_eq!(full.view(), Some(view));
            assert_eq!(embed.view(), Some(view));
            assert!(embed.is_embed() && !full.is_embed());
            assert_eq!(full.to_path(), format!("/{}", view.name()));
            assert_eq!(embed.to_path(), format!("/embed/{}", view.name()));
            assert_eq!(Route::recognize(&embed.to_path()), Some(embed));
            assert!(view.page().starts_with(view.name()));
        }
        assert_eq!(Route::Home.view(), None);
        assert!(!Route::NotFound.is_embed());
    }
}
