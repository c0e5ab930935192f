//! The page for an address the app does not know.

use yew::prelude::*;
use yew_router::prelude::*;

use crate::route::Route;

/// Shown for an unknown route, with a way back.
#[function_component(NotFound)]
pub fn not_found() -> Html {
    html! {
        <section class="page narrow">
            <h1>{ "No such page" }</h1>
            <p>{ "This address does not name a shardlab view. It may come from a newer or older link." }</p>
            <p><Link<Route> to={Route::Home}>{ "Go to the home page" }</Link<Route>></p>
        </section>
    }
}
