//! Keeps the document title in step with the route and, after a navigation, moves focus to the new
//! page so keyboard and screen-reader users land on its content rather than on a stale link.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::other_page::ARRIVED_KEY;
use crate::route::Route;

thread_local! {
    /// Whether the reader has moved between routes in this page (the first route is the load).
    static NAVIGATED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the reader has moved between routes in this page, so a hand-over to another page
/// continues an in-app navigation rather than a page load.
pub fn has_navigated() -> bool {
    NAVIGATED.with(std::cell::Cell::get)
}

/// Moves keyboard focus to the `<main>` element.
pub fn focus_main() {
    let main = gloo::utils::document()
        .get_element_by_id("main")
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(main) = main {
        let _ = main.focus();
    }
}

/// Whether the previous page handed over to this one (and forget it, so a reload does not count).
fn arrived_from_another_page() -> bool {
    let Ok(Some(storage)) = gloo::utils::window().session_storage() else {
        return false;
    };
    let arrived = storage.get_item(ARRIVED_KEY).ok().flatten().is_some();
    let _ = storage.remove_item(ARRIVED_KEY);
    arrived
}

/// Watches the route. The header's hook: every page has the header, and a component of its own
/// that rendered nothing cost every page about 0.4 kB of brotli.
#[hook]
pub fn use_page_focus(route: Option<Route>) {
    let route = route.unwrap_or(Route::NotFound);
    // The first render is a page load, where focus should stay at the top of the document.
    let first = use_mut_ref(|| true);
    use_effect_with(route, move |route| {
        let title = match route {
            Route::Home => "shardlab: where does a row live?".to_string(),
            other => format!("{} · shardlab", other.label()),
        };
        gloo::utils::document().set_title(&title);
        let mut first = first.borrow_mut();
        if !*first || arrived_from_another_page() {
            focus_main();
        }
        // From here on, a route change is the reader's doing (the first route came with the load).
        NAVIGATED.with(|n| n.set(true));
        *first = false;
    });
}
