//! The page for an address the app does not know.

use crate::route::Route;
use crate::widgets::route_link::RouteLink;
use yew::prelude::*;

/// Shown for an unknown route, with a way back.
pub fn not_found() -> Html {
    html! {
        <section class="page narrow">
            <h1>{ "No such page" }</h1>
            <p>{ "This address does not name a shardlab view. It may come from a newer or older link." }</p>
            <p><RouteLink to={Route::Home}>{ "Go to the home page" }</RouteLink></p>
        </section>
    }
}
