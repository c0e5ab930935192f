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
