//! `#/debug/panic`: a page whose button panics on purpose, so the end-to-end suite can prove that
//! the crash banner appears and its reload button works (issue 8, item 3).
//!
//! Compiled only with the `debug-panic` cargo feature, which no page of the release site enables:
//! `cargo xtask test` builds one extra page with it into `dist-debug/` and serves it under `/debug/`.

use yew::prelude::*;

/// The forced-panic page.
#[function_component(DebugPanic)]
pub fn debug_panic() -> Html {
    // A click, not the render, panics: the app is fully up first, as it would be for a real bug.
    let onclick = Callback::from(|_: MouseEvent| {
        panic!("a panic forced on purpose from #/debug/panic");
    });
    html! {
        <div class="page">
            <h1>{ "Forced panic" }</h1>
            <p>{ "This page exists only in the test build. The button stops the app with a panic; \
                  the crash banner should then appear and offer a reload." }</p>
            <button type="button" id="debug-panic" {onclick}>{ "Panic now" }</button>
        </div>
    }
}
