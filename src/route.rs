//! The routes. The app uses a hash router (`#/decoder`), so any static host and any subpath work
//! without server-side rewrites.

use yew::{html, Html};
use yew_router::Routable;

use crate::{board::BoardView, decoder::DecoderView, home::Home, learn::LearnView, ring::RingView};

/// Every page of the app.
#[derive(Clone, Copy, Routable, PartialEq, Eq, Debug)]
pub enum Route {
    /// What each view teaches, with live previews.
    #[at("/")]
    Home,
    /// The self-paced course.
    #[at("/learn")]
    Learn,
    /// The 64-bit ID decoder.
    #[at("/decoder")]
    Decoder,
    /// Placement schemes on the ring.
    #[at("/ring")]
    Ring,
    /// The system-design board.
    #[at("/board")]
    Board,
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
            Route::Learn => "Learn",
            Route::Decoder => "Decoder",
            Route::Ring => "Ring",
            Route::Board => "Board",
            Route::NotFound => "Not found",
        }
    }
}

/// Renders the page for a route.
pub fn switch(route: Route) -> Html {
    match route {
        Route::Home => html! { <Home /> },
        Route::Learn => html! { <LearnView /> },
        Route::Decoder => html! { <DecoderView /> },
        Route::Ring => html! { <RingView /> },
        Route::Board => html! { <BoardView /> },
        Route::NotFound => html! { <crate::components::not_found::NotFound /> },
    }
}
