//! A link to another view with a query, as `<a href="#/ring?…">`.
//!
//! Inside the router a click navigates in place (so the page that lacks the view hands over
//! straight to the one that has it, see `other_page`); outside any router, as in component tests
//! or an embed without one, it is a plain link. Unlike yew-router's `Link`, it never needs a
//! navigator to render.

use yew::prelude::*;
use yew_router::prelude::*;
use yew_router::query::Raw;

use crate::route::Route;
use crate::url::url_query::form_query;

/// Props for [`RouteLink`].
#[derive(Properties, PartialEq)]
pub struct RouteLinkProps {
    /// The view to open.
    pub to: Route,
    /// Its query pairs (none for a plain link to the route).
    #[prop_or_default]
    pub query: Vec<(&'static str, String)>,
    /// Classes for the `<a>`.
    #[prop_or_default]
    pub classes: Classes,
    /// The link text.
    #[prop_or_default]
    pub children: Html,
}

/// The link.
#[function_component(RouteLink)]
pub fn route_link(props: &RouteLinkProps) -> Html {
    let navigator = use_navigator();
    let href = if props.query.is_empty() {
        format!("#{}", props.to.to_path())
    } else {
        format!("#{}?{}", props.to.to_path(), form_query(&props.query))
    };
    let onclick = navigator.map(|navigator| {
        let to = props.to;
        let query = props.query.clone();
        Callback::from(move |e: MouseEvent| {
            // Let the browser open new tabs and windows itself.
            if e.meta_key() || e.ctrl_key() || e.shift_key() || e.alt_key() {
                return;
            }
            if query.is_empty() {
                navigator.push(&to);
            } else {
                let Ok(()) = navigator.push_with_query(&to, Raw(form_query(&query)));
            }
            e.prevent_default();
        })
    });
    html! {
        <a {href} class={props.classes.clone()} {onclick}>{ props.children.clone() }</a>
    }
}
