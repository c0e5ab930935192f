//! Long texts (a pasted pile of IDs, the text box that holds one) copied from the browser into the
//! page's memory by the browser's own `TextEncoder`.
//!
//! wasm-bindgen copies a string into wasm memory one UTF-16 unit at a time in JavaScript while it
//! is ASCII: a paste of a million lines (2 MB) spent 22 ms of a single task there in Chromium's
//! profiler. `TextEncoder.encode` writes the UTF-8 bytes in one native call, and the copy into wasm
//! memory is then a `memcpy`.

use js_sys::{JsString, Uint8Array};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsCast;
use web_sys::HtmlTextAreaElement;

#[wasm_bindgen]
extern "C" {
    /// The browser's `TextEncoder`, taking the browser's string as it is.
    #[wasm_bindgen(js_name = TextEncoder)]
    type Utf8Encoder;

    #[wasm_bindgen(constructor, js_class = "TextEncoder")]
    fn new() -> Utf8Encoder;

    #[wasm_bindgen(method, js_class = "TextEncoder")]
    fn encode(this: &Utf8Encoder, text: &JsString) -> Uint8Array;

    /// A text box, for its value as the browser's string.
    type TextBox;

    #[wasm_bindgen(method, getter, js_name = value)]
    fn value_text(this: &TextBox) -> JsString;
}

/// `text` as a Rust string. The encoder replaces a lone surrogate with U+FFFD, as wasm-bindgen's
/// own copy does, so the bytes are always UTF-8.
pub fn long_text(text: &JsString) -> String {
    let bytes = Utf8Encoder::new().encode(text).to_vec();
    String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// What the text box holds, copied as [`long_text`] copies.
pub fn text_area_value(area: &HtmlTextAreaElement) -> String {
    long_text(&text_area_text(area))
}

/// What a one-line input holds, copied as [`long_text`] copies: a reader may paste megabytes
/// into a box that refuses them, and the box keeps them.
pub fn input_value(input: &web_sys::HtmlInputElement) -> String {
    long_text(&input.unchecked_ref::<TextBox>().value_text())
}

/// What the text box holds, as the browser's string: nothing is copied into the page's memory.
pub fn text_area_text(area: &HtmlTextAreaElement) -> JsString {
    area.unchecked_ref::<TextBox>().value_text()
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    #![allow(clippy::expect_used)]

    use super::*;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    fn copies_ascii_and_beyond_as_utf8() {
        for text in [
            "",
            "1541815603606036480\n1",
            "é 🦀 \u{3000}",
            &"1\n".repeat(100_000),
        ] {
            assert_eq!(long_text(&JsString::from(text)), text);
        }
    }

    #[wasm_bindgen_test]
    fn a_lone_surrogate_becomes_the_replacement_character() {
        let lone = JsString::from_char_code(&[0x31, 0xD800, 0x32]);
        assert_eq!(long_text(&lone), "1\u{FFFD}2");
    }

    #[wasm_bindgen_test]
    fn reads_a_text_box() {
        let document = web_sys::window()
            .and_then(|w| w.document())
            .expect("a document");
        let area: HtmlTextAreaElement = document
            .create_element("textarea")
            .expect("a text area")
            .unchecked_into();
        area.set_value("12\r\n34");
        assert_eq!(text_area_value(&area), area.value());
    }
}
