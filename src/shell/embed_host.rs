//! The host API of an embed: what it tells the page framing it, and what that page may ask.
//!
//! To its parent the embed posts `{type: "shardlab:ready", name, state, summary}` once it is up,
//! and `{type: "shardlab:change", state, summary}` whenever its state query or its snapshot
//! changes (`state` is the view's own query, as in a link; `summary` the view's snapshot, the
//! JSON of `crate::snapshot`). The parent may send `{type: "shardlab:set", state}`, answered with
//! a `change` once the state is on screen or with `{type: "shardlab:error", message}` when the
//! query does not read cleanly under the route's codec ([`LinkProblems`]), in which case nothing
//! of it is applied; and `{type: "shardlab:theme", theme}` with `light`, `dark` or `auto` (back to
//! the address's theme). A message is read only when its source is the parent window, and only in
//! these shapes; the rest is ignored. Nothing here reads or writes the reader's storage.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;
use yew_router::prelude::*;
use yew_router::query::Raw;

use super::embed_height::parent_window;
use crate::browser::theme::Theme;
use crate::route::Route;
use crate::snapshot::ATTRIBUTE;
use crate::url::url_query::{form_query, split_frame_pairs, Pairs};

/// The embed is up: `{type, name, state, summary}`.
pub const READY: &str = "shardlab:ready";
/// The state or what it shows changed: `{type, state, summary}`.
pub const CHANGE: &str = "shardlab:change";
/// A host's `set` was refused: `{type, message}`.
pub const ERROR: &str = "shardlab:error";
/// From the host: show this state query.
pub const SET: &str = "shardlab:set";
/// From the host: take this theme.
pub const THEME: &str = "shardlab:theme";

/// How long the embed's state and snapshot must hold still before a `change` goes out, in ms:
/// the Ring's snapshot follows its controls a paint later, and one change should be one message.
const SETTLE_MS: u32 = 120;

/// A message the host page may send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostMessage {
    /// Show the state this query describes (the whole state: keys left out take their defaults).
    Set(String),
    /// Take this theme; `None` (`auto`) goes back to the theme the address names.
    Theme(Option<Theme>),
}

impl HostMessage {
    /// The message a `type` and its field (`state` for a set, `theme` for a theme) make, each
    /// field only if it was a string; `None` for any other shape.
    pub fn read(kind: &str, state: Option<String>, theme: Option<String>) -> Option<HostMessage> {
        match kind {
            SET => state.map(|s| HostMessage::Set(s.trim_start_matches(['?', '#']).to_owned())),
            THEME => match theme.as_deref() {
                Some("auto") => Some(HostMessage::Theme(None)),
                Some(text) => Theme::parse(text).map(|t| HostMessage::Theme(Some(t))),
                None => None,
            },
            _ => None,
        }
    }

    /// The message in a `message` event's data.
    fn of(data: &JsValue) -> Option<HostMessage> {
        if !data.is_object() {
            return None;
        }
        let text = |name: &str| {
            js_sys::Reflect::get(data, &name.into())
                .ok()
                .and_then(|v| v.as_string())
        };
        HostMessage::read(&text("type")?, text("state"), text("theme"))
    }
}

/// The pairs of a query as a link carries it, split into the view's own and the frame's.
pub fn split_query(query: &str) -> (Pairs, Pairs) {
    split_frame_pairs(
        form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect(),
    )
}

/// The view's own query in the address now (frame pairs left out), as a link writes it.
fn own_query() -> String {
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    let query = hash.split_once('?').map_or("", |(_, q)| q);
    form_query(&split_query(query).0)
}

/// The snapshot on screen, as the JSON value its attribute holds (null without one).
fn snapshot_text() -> String {
    gloo::utils::document()
        .query_selector(&format!("[{ATTRIBUTE}]"))
        .ok()
        .flatten()
        .and_then(|root| root.get_attribute(ATTRIBUTE))
        .unwrap_or_default()
}

/// Posts `{type, …fields}` to `parent`. Nothing in it is a secret of the reader's, and the host's
/// origin is not known here; embed.js checks ours.
fn post(parent: &web_sys::Window, kind: &str, fields: &[(&str, JsValue)]) {
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &kind.into());
    for (name, value) in fields {
        let _ = js_sys::Reflect::set(&message, &(*name).into(), value);
    }
    let _ = parent.post_message(&message, "*");
}

fn summary_value(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap_or(JsValue::NULL)
}

/// What the last `change` (or `ready`) said, and whether a `set` still owes its answer.
#[derive(Default)]
struct Told {
    said: Option<(String, String)>,
    owed: bool,
    timer: Option<Timeout>,
}

/// Posts a `change` when the state or snapshot differs from what was last said, or a set owes it.
fn tell(parent: &web_sys::Window, told: &RefCell<Told>) {
    let now = (own_query(), snapshot_text());
    let mut told = told.borrow_mut();
    if told.said.as_ref() == Some(&now) && !told.owed {
        return;
    }
    post(
        parent,
        CHANGE,
        &[
            ("state", now.0.as_str().into()),
            ("summary", summary_value(&now.1)),
        ],
    );
    told.said = Some(now);
    told.owed = false;
}

/// Tells the host after the embed has held still for [`SETTLE_MS`].
fn tell_soon(parent: &web_sys::Window, told: &Rc<RefCell<Told>>) {
    let (parent, later) = (parent.clone(), told.clone());
    let timer = Timeout::new(SETTLE_MS, move || tell(&parent, &later));
    told.borrow_mut().timer = Some(timer);
}

/// The notes the URL decoder of a route's view writes for a state query, empty when every value
/// reads: `pages::link_problems`, passed in by the app so the shell names no view.
#[derive(Clone, Copy)]
pub struct LinkProblems(pub fn(Route, &[Pair]) -> Vec<String>);

/// One `key=value` pair of a query.
type Pair = (String, String);

impl PartialEq for LinkProblems {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

/// While the embed frame is mounted in a framed page: posts `ready` and each `change` to the
/// parent, and answers its `set` (applied only when `link_problems` finds none) and `theme`.
/// Returns the theme the host asked for last (`None` before any, or after `auto`).
#[hook]
pub fn use_embed_host(link_problems: LinkProblems) -> Option<Theme> {
    let theme = use_state(|| None::<Theme>);
    let navigator = use_navigator();
    let route = use_route::<Route>();
    // The route now, for the listener set up once.
    let route_now = use_mut_ref(|| route);
    *route_now.borrow_mut() = route;
    let told = use_mut_ref(Told::default);
    let location = use_location();
    let query = location.as_ref().map(|l| l.query_str().to_owned());
    {
        // Each address change may be a change of state.
        let told = told.clone();
        use_effect_with(query, move |_| {
            if let Some(parent) = parent_window() {
                if told.borrow().said.is_some() {
                    tell_soon(&parent, &told);
                }
            }
        });
    }
    {
        let setter = theme.setter();
        use_effect_with((), move |_| {
            let hooked = parent_window().map(|parent| {
                let state = own_query();
                let snapshot = snapshot_text();
                post(
                    &parent,
                    READY,
                    &[
                        ("name", route.map_or(String::new(), name_of).as_str().into()),
                        ("state", state.as_str().into()),
                        ("summary", summary_value(&snapshot)),
                    ],
                );
                told.borrow_mut().said = Some((state, snapshot));
                let listener = listen(
                    parent.clone(),
                    navigator,
                    route_now,
                    told.clone(),
                    setter,
                    link_problems,
                );
                let observer = watch_snapshot(parent, told);
                (listener, observer)
            });
            move || {
                // Disconnected before its callback is dropped, which it must not call after.
                if let Some((_, Some((observer, _)))) = &hooked {
                    observer.disconnect();
                }
                drop(hooked);
            }
        });
    }
    *theme
}

/// `ring/grow`, or `ring` for a whole view.
fn name_of(route: Route) -> String {
    match (route.widget(), route.view()) {
        (Some(widget), _) => widget.address(),
        (None, Some(view)) => view.name().to_owned(),
        (None, None) => String::new(),
    }
}

/// The listener for the parent's messages.
fn listen(
    parent: web_sys::Window,
    navigator: Option<Navigator>,
    route: Rc<RefCell<Option<Route>>>,
    told: Rc<RefCell<Told>>,
    theme: UseStateSetter<Option<Theme>>,
    link_problems: LinkProblems,
) -> gloo::events::EventListener {
    gloo::events::EventListener::new(&gloo::utils::window(), "message", move |event| {
        let Some(event) = event.dyn_ref::<web_sys::MessageEvent>() else {
            return;
        };
        let from_parent = event
            .source()
            .is_some_and(|source| JsValue::from(source) == JsValue::from(parent.clone()));
        if !from_parent {
            return;
        }
        match HostMessage::of(&event.data()) {
            Some(HostMessage::Theme(asked)) => theme.set(asked),
            Some(HostMessage::Set(query)) => {
                let Some(route) = *route.borrow() else {
                    return;
                };
                let (own, _) = split_query(&query);
                let problems = (link_problems.0)(route, &own);
                if !problems.is_empty() {
                    post(&parent, ERROR, &[("message", problems.join(" ").into())]);
                    return;
                }
                let hash = gloo::utils::window().location().hash().unwrap_or_default();
                let (_, frame) = split_query(hash.split_once('?').map_or("", |(_, q)| q));
                let pairs: Pairs = own.into_iter().chain(frame).collect();
                told.borrow_mut().owed = true;
                if let Some(navigator) = &navigator {
                    let Ok(()) = navigator.replace_with_query(&route, Raw(form_query(&pairs)));
                }
                tell_soon(&parent, &told);
            }
            None => {}
        }
    })
}

/// Tells the host when the snapshot changes, as views rewrite it after their work finishes.
fn watch_snapshot(
    parent: web_sys::Window,
    told: Rc<RefCell<Told>>,
) -> Option<(web_sys::MutationObserver, Closure<dyn FnMut()>)> {
    let changed = Closure::<dyn FnMut()>::new(move || tell_soon(&parent, &told));
    let observer = web_sys::MutationObserver::new(changed.as_ref().unchecked_ref()).ok()?;
    let options = web_sys::MutationObserverInit::new();
    options.set_attributes(true);
    options.set_subtree(true);
    options.set_attribute_filter(&js_sys::Array::of1(&ATTRIBUTE.into()));
    let body = gloo::utils::document().body()?;
    observer.observe_with_options(&body, &options).ok()?;
    Some((observer, changed))
}

#[cfg(test)]
mod tests {
    use super::{split_query, HostMessage, SET, THEME};
    use crate::browser::theme::Theme;

    #[test]
    fn only_the_two_host_messages_in_their_shapes_are_read() {
        let s = |text: &str| Some(text.to_owned());
        assert_eq!(
            HostMessage::read(SET, s("?v=1&vnodes=3"), None),
            Some(HostMessage::Set("v=1&vnodes=3".to_owned()))
        );
        assert_eq!(HostMessage::read(SET, None, s("dark")), None);
        assert_eq!(
            HostMessage::read(THEME, None, s("dark")),
            Some(HostMessage::Theme(Some(Theme::Dark)))
        );
        assert_eq!(
            HostMessage::read(THEME, None, s("auto")),
            Some(HostMessage::Theme(None))
        );
        assert_eq!(HostMessage::read(THEME, None, s("purple")), None);
        assert_eq!(
            HostMessage::read("shardlab:height", s("x"), s("dark")),
            None
        );
    }

    #[test]
    fn a_query_splits_into_the_views_pairs_and_the_frames() {
        let (own, frame) = split_query("v=1&theme=dark&key=a+b&within=ring");
        assert_eq!(
            own,
            vec![
                ("v".to_owned(), "1".to_owned()),
                ("key".to_owned(), "a b".to_owned())
            ]
        );
        assert_eq!(frame.len(), 2);
    }
}
