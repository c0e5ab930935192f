//! The hand-over to another page of the site, for a route whose view this page was built without.

use yew::prelude::*;

/// Marks the hand-over so the next page moves focus to its content, as an in-page navigation does.
pub const ARRIVED_KEY: &str = "shardlab.arrived";

/// Properties of [`OtherPage`].
#[derive(Properties, PartialEq)]
pub struct OtherPageProps {
    /// The page that has the view, relative to the site's base URL (`decoder.html`).
    pub page: AttrValue,
}

/// Replaces the current address with the same `#/…` route on `page`. The replace (not a push)
/// keeps Back working as readers expect.
// A component, not a plain function: equal props spare a second render, and a second render
// after the first route's effect would mark the hand-over as an in-app navigation.
#[function_component(OtherPage)]
pub fn other_page(props: &OtherPageProps) -> Html {
    let window = gloo::utils::window();
    let location = window.location();
    let hash = location.hash().unwrap_or_default();
    // Tell the shell not to announce readiness: this page is about to go.
    if let Some(body) = gloo::utils::document().body() {
        let _ = body.set_attribute("data-redirecting", "true");
    }
    // Only an in-app navigation moves focus on arrival; a link opened from outside starts at the top.
    if super::page_focus::has_navigated() {
        if let Ok(Some(storage)) = window.session_storage() {
            let _ = storage.set_item(ARRIVED_KEY, "1");
        }
    }
    let _ = location.replace(&format!("{}{hash}", props.page));
    html! {
        <section class="page narrow">
            <p>{ "Opening " }<a href={format!("{}{hash}", props.page)}>{ props.page.clone() }</a>{ "…" }</p>
        </section>
    }
}
