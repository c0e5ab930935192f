//! A link to another view with a query, as `<a href="#/ring?…">`.
//!
//! Inside the router a click navigates in place (so the page that lacks the view hands over
//! straight to the one that has it, see `other_page`); outside any router, as in component tests
//! or an embed without one, it is a plain link. Unlike yew-router's `Link`, it never needs a
//! navigator to render.

use yew::prelude::*;
use yew_router::prelude::*;

use crate::route::Route;

/// Form-encodes query pairs the way the views' address bars do (`application/x-www-form-urlencoded`):
/// letters, digits and `-._*` stay, a space becomes `+`, every other byte becomes `%XX`.
pub fn encode_query(pairs: &[(&'static str, String)]) -> String {
    fn encode(text: &str, out: &mut String) {
        for byte in text.bytes() {
            match byte {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'*' => {
                    out.push(char::from(byte))
                }
                b' ' => out.push('+'),
                _ => out.push_str(&format!("%{byte:02X}")),
            }
        }
    }
    let mut out = String::new();
    for (i, (key, value)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        encode(key, &mut out);
        out.push('=');
        encode(value, &mut out);
    }
    out
}

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
        format!("#{}?{}", props.to.to_path(), encode_query(&props.query))
    };
    let onclick = navigator.map(|navigator| {
        let to = props.to;
        let query = props.query.clone();
        Callback::from(move |e: MouseEvent| {
            // Let the browser open new tabs and windows itself.
            if e.meta_key() || e.ctrl_key() || e.shift_key() || e.alt_key() {
                return;
            }
            let pushed = if query.is_empty() {
                navigator.push(&to);
                true
            } else {
                navigator.push_with_query(&to, &query).is_ok()
            };
            if pushed {
                e.prevent_default();
            }
        })
    });
    html! {
        <a {href} class={props.classes.clone()} {onclick}>{ props.children.clone() }</a>
    }
}

#[cfg(test)]
mod tests {
    use super::encode_query;

    #[test]
    fn pairs_are_form_encoded() {
        assert_eq!(
            encode_query(&[("v", "1".into()), ("key", "user:42 é&x=1".into())]),
            "v=1&key=user%3A42+%C3%A9%26x%3D1"
        );
        assert_eq!(encode_query(&[]), "");
    }
}
