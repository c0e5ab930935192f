//! Renders its children only once its box has come within a screen of the viewport, so work that
//! only a reader scrolling down will see (the Ring's comparison sweeps) does not compete with the
//! part they are using. An `IntersectionObserver` watches the box; inside an embed it measures
//! against the host page's viewport too. Where the browser has none, the children render at once.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit};
use yew::prelude::*;

/// How far outside the viewport the box may still be: a reader scrolling towards it finds it
/// started, not starting.
const MARGIN: &str = "100% 0px";

/// The children, and what stands in for them until the box is near.
#[derive(Properties, PartialEq)]
pub struct InViewProps {
    pub children: Html,
    /// Shown until the box comes near: says what will appear and why it has not yet.
    pub waiting: AttrValue,
}

/// See the module doc.
#[function_component(InView)]
pub fn in_view(props: &InViewProps) -> Html {
    let node = use_node_ref();
    let near = use_state(|| false);
    let near_now = *near;
    {
        let (node, near) = (node.clone(), near.clone());
        use_effect_with((), move |_| {
            let once = Rc::new(Cell::new(false));
            let seen = {
                let near = near.clone();
                move || {
                    if !once.replace(true) {
                        near.set(true);
                    }
                }
            };
            let watching = node
                .cast::<Element>()
                .and_then(|element| watch(&element, seen.clone()));
            if watching.is_none() {
                seen();
            }
            move || {
                if let Some((observer, callback)) = watching {
                    observer.disconnect();
                    drop(callback);
                }
            }
        });
    }
    html! {
        // Once near it has done its job: `near` makes the box `display: contents`, so the
        // children sit in the parent's grid as if there were no box.
        <div ref={node} class={classes!("in-view", near_now.then_some("near"))}>
            if near_now { { props.children.clone() } } else { <p class="muted in-view-waiting">{ &props.waiting }</p> }
        </div>
    }
}

type Callback = Closure<dyn FnMut(js_sys::Array)>;

/// Calls `seen` when `element` first comes within [`MARGIN`] of the viewport; `None` where the
/// browser cannot watch it.
fn watch(element: &Element, seen: impl Fn() + 'static) -> Option<(IntersectionObserver, Callback)> {
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let near = entries.iter().any(|entry| {
            entry
                .dyn_into::<IntersectionObserverEntry>()
                .is_ok_and(|entry| entry.is_intersecting())
        });
        if near {
            seen();
        }
    });
    let options = IntersectionObserverInit::new();
    options.set_root_margin(MARGIN);
    let observer =
        IntersectionObserver::new_with_options(callback.as_ref().unchecked_ref(), &options).ok()?;
    observer.observe(element);
    Some((observer, callback))
}
