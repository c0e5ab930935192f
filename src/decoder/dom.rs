//! A small DOM helper shared by the Decoder's components.

use wasm_bindgen::JsValue;
use yew::prelude::*;

/// The `value` of an event's target (an `<input>` or a `<select>`), read by property so that no
/// extra web-sys element type is needed.
pub fn target_value(event: &Event) -> Option<String> {
    let target: JsValue = event.target()?.into();
    js_sys::Reflect::get(&target, &JsValue::from_str("value"))
        .ok()?
        .as_string()
}

/// Whether the reader asked for less motion (`prefers-reduced-motion: reduce`). Read when needed
/// rather than cached, so a change in the system setting takes effect on the next action.
pub fn prefers_reduced_motion() -> bool {
    gloo::utils::window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|query| query.matches())
}
