//! Auto-height for an embedded view: tells the host page how tall the document is, so the host's
//! iframe can fit it with no scrollbar.
//!
//! The message is `{type: "shardlab:height", height}`, posted only when the page runs inside a
//! frame, and only when the height changes. The embed's other messages (its state, for a host
//! that drives it) are `embed_host`'s.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// The `type` of the one message an embed posts.
pub const HEIGHT_MESSAGE: &str = "shardlab:height";

/// The height a `shardlab:height` message reports, in whole CSS pixels; `None` for any other
/// message. The receiver checks who sent it.
pub fn reported_height(data: &JsValue) -> Option<u32> {
    let field = |name: &str| js_sys::Reflect::get(data, &name.into()).ok();
    if field("type")?.as_string()? != HEIGHT_MESSAGE {
        return None;
    }
    let height = field("height")?.as_f64()?;
    // In range, so the conversion is exact.
    (height.is_finite() && height > 0.0 && height <= f64::from(u32::MAX))
        .then(|| libm::ceil(height) as u32)
}

/// The window this page is framed by, if it is in a frame at all.
pub(super) fn parent_window() -> Option<web_sys::Window> {
    let window = gloo::utils::window();
    let parent = window.parent().ok().flatten()?;
    // A top-level page is its own parent.
    let own: &JsValue = window.as_ref();
    (own != AsRef::<JsValue>::as_ref(&parent)).then_some(parent)
}

/// The document's content height in CSS pixels, rounded up.
fn content_height() -> u32 {
    let document = gloo::utils::document();
    let body = document.body().map_or(0, |b| b.scroll_height());
    let root = document
        .document_element()
        .map_or(0.0, |e| e.get_bounding_client_rect().height());
    let root = libm::ceil(root.max(0.0).min(f64::from(u32::MAX))) as u32;
    root.max(u32::try_from(body).unwrap_or(0))
}

/// Posts `{type: "shardlab:height", height}` to `parent`.
fn post_height(parent: &web_sys::Window, height: u32) {
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &HEIGHT_MESSAGE.into());
    let _ = js_sys::Reflect::set(&message, &"height".into(), &height.into());
    // The height is no secret, and the host's origin is not known here; embed.js checks ours.
    let _ = parent.post_message(&message, "*");
}

/// While its component is mounted in a framed page, reports the document's height on every
/// change. The embed frame's hook: a component of its own, rendering nothing, cost every page
/// about 0.3 kB of brotli.
#[hook]
pub fn use_embed_height() {
    use_effect_with((), |_| {
        let observer = parent_window().and_then(|parent| {
            if let Some(root) = gloo::utils::document().document_element() {
                // Framed: the host sizes the frame, so the page itself never scrolls.
                let _ = root.set_attribute("data-embed-framed", "");
            }
            let last = Rc::new(Cell::new(0u32));
            let report = Closure::<dyn FnMut()>::new(move || {
                let height = content_height();
                if height != last.get() {
                    last.set(height);
                    post_height(&parent, height);
                }
            });
            let observer = web_sys::ResizeObserver::new(report.as_ref().unchecked_ref()).ok()?;
            let document = gloo::utils::document();
            if let Some(root) = document.document_element() {
                observer.observe(&root);
            }
            if let Some(body) = document.body() {
                observer.observe(&body);
            }
            Some((observer, report))
        });
        move || {
            if let Some((observer, report)) = observer {
                observer.disconnect();
                drop(report);
            }
        }
    });
}

/// The other side: the height our page framed at `frame` asks for, once it has asked. Only that
/// frame's own window may size it, so a second frame or a foreign page cannot.
#[hook]
pub fn use_framed_height(frame: &NodeRef) -> Option<u32> {
    let height = use_state(|| None::<u32>);
    {
        let (frame, height) = (frame.clone(), height.clone());
        use_effect_with((), move |_| {
            let listener =
                gloo::events::EventListener::new(&gloo::utils::window(), "message", move |event| {
                    let Some(event) = event.dyn_ref::<web_sys::MessageEvent>() else {
                        return;
                    };
                    let window = frame
                        .cast::<web_sys::HtmlIFrameElement>()
                        .and_then(|iframe| iframe.content_window());
                    let ours = match (event.source(), window) {
                        (Some(source), Some(window)) => {
                            JsValue::from(source) == JsValue::from(window)
                        }
                        _ => false,
                    };
                    if let (true, Some(h)) = (ours, reported_height(&event.data())) {
                        height.set(Some(h));
                    }
                });
            move || drop(listener)
        });
    }
    *height
}
