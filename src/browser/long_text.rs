//! Long texts (a pasted pile of IDs, the text box that holds one) copied from the browser into the
//! page's memory by the browser's own `TextEncoder`.
//!
//! wasm-bindgen copies a string into wasm memory one UTF-16 unit at a time in JavaScript while it
//! is ASCII: a paste of a million lines (2 MB) spent 22 ms of a single task there in Chromium's
//! profiler. `TextEncoder.encode` writes the UTF-8 bytes in one native call, and the copy into wasm
//! memory is then a `memcpy`.

use std::cell::Cell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use js_sys::{JsString, Uint8Array};
use wasm_bindgen::closure::Closure;
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

/// Copies `text` into the page's memory `slice_units` UTF-16 units at a time, one task per
/// slice, and hands the whole to `done`; the first slice waits for the next frame, so what the
/// caller rendered before is painted first. It stops, and `done` is never called, once
/// `current()` says the copy is no longer wanted. A slice never ends between the two halves of
/// a character outside the Basic Multilingual Plane, so the text reads as [`long_text`] reads it.
pub fn copy_in_slices(
    text: JsString,
    slice_units: u32,
    current: Rc<dyn Fn() -> bool>,
    done: Box<dyn FnOnce(String)>,
) {
    type Start = Box<dyn FnOnce()>;
    let start: Rc<Cell<Option<Start>>> = Rc::new(Cell::new(Some(Box::new(move || {
        copy_from(text, 0, Vec::new(), slice_units.max(2), current, done)
    }))));
    let run = move || {
        if let Some(start) = start.take() {
            start();
        }
    };
    let after_paint = {
        let run = run.clone();
        Closure::once_into_js(move || Timeout::new(0, run).forget())
    };
    if gloo::utils::window()
        .request_animation_frame(after_paint.unchecked_ref())
        .is_err()
    {
        // No frames to wait for: the copy still runs.
        Timeout::new(0, run).forget();
    }
}

/// Where the slice from `at` ends: `slice_units` on, or one unit earlier when that would part a
/// surrogate pair.
fn slice_end(text: &JsString, at: u32, slice_units: u32) -> u32 {
    let length = text.length();
    let end = at.saturating_add(slice_units).min(length);
    let high = |unit: f64| (f64::from(0xD800_u16)..=f64::from(0xDBFF_u16)).contains(&unit);
    let last = end.saturating_sub(1);
    if end < length && last > at && high(text.char_code_at(last)) {
        last
    } else {
        end
    }
}

/// One slice of [`copy_in_slices`], then the next in a task of its own.
fn copy_from(
    text: JsString,
    at: u32,
    mut bytes: Vec<u8>,
    slice_units: u32,
    current: Rc<dyn Fn() -> bool>,
    done: Box<dyn FnOnce(String)>,
) {
    if !current() {
        return;
    }
    let end = slice_end(&text, at, slice_units);
    let encoded = Utf8Encoder::new().encode(&text.slice(at, end));
    let from = bytes.len();
    bytes.resize(from.saturating_add(encoded.length() as usize), 0);
    if let Some(tail) = bytes.get_mut(from..) {
        encoded.copy_to(tail);
    }
    if end >= text.length() {
        done(
            String::from_utf8(bytes)
                .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned()),
        );
    } else {
        Timeout::new(0, move || {
            copy_from(text, end, bytes, slice_units, current, done)
        })
        .forget();
    }
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

    /// Copies `text` in slices of `units` and waits for the whole.
    async fn copied(text: &JsString, units: u32) -> String {
        let out = Rc::new(std::cell::RefCell::new(None));
        let kept = out.clone();
        copy_in_slices(
            text.clone(),
            units,
            Rc::new(|| true),
            Box::new(move |whole| *kept.borrow_mut() = Some(whole)),
        );
        for _ in 0..2_000 {
            if let Some(whole) = out.borrow_mut().take() {
                return whole;
            }
            yew::platform::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        panic!("the copy never ended");
    }

    #[wasm_bindgen_test]
    async fn a_copy_in_slices_reads_as_one_copy_and_parts_no_character() {
        // Crabs (two UTF-16 units each) across every slice boundary, a lone surrogate, and a
        // pile of lines.
        // A browser runs nested timers 4 ms apart at the soonest, so the small slices get small
        // texts.
        let crabs = JsString::from("1🦀2🦀🦀3🦀é\n".repeat(10).as_str());
        let lone = JsString::from_char_code(&[0x31, 0xD800, 0x32, 0xDC00]);
        for text in [&crabs, &lone] {
            for units in [2, 3, 7, 1_000] {
                assert_eq!(copied(text, units).await, long_text(text), "{units}");
            }
        }
        let lines = JsString::from("1\n".repeat(5_000).as_str());
        for units in [1_000, 1 << 20] {
            assert_eq!(copied(&lines, units).await, long_text(&lines), "{units}");
        }
        assert_eq!(copied(&JsString::from(""), 3).await, "");
    }

    #[wasm_bindgen_test]
    async fn a_copy_no_longer_wanted_stops_without_an_answer() {
        let answered = Rc::new(Cell::new(false));
        let heard = answered.clone();
        let slices = Rc::new(Cell::new(0u32));
        let counted = slices.clone();
        copy_in_slices(
            JsString::from("1\n".repeat(100).as_str()),
            10,
            Rc::new(move || {
                counted.set(counted.get().saturating_add(1));
                counted.get() < 3
            }),
            Box::new(move |_| heard.set(true)),
        );
        yew::platform::time::sleep(std::time::Duration::from_millis(300)).await;
        assert!(!answered.get());
        assert_eq!(slices.get(), 3);
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
