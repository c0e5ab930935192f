//! The last resort: a panic in wasm stops the whole app, so the panic hook reveals a banner (kept in
//! `index.html`, outside the Yew tree) that says so and offers a reload. The reload button is wired by
//! `www/crash.js`, because after a panic no wasm code can be trusted to run.

/// Installs the hook. It logs the panic to the console and shows the banner.
///
/// Through yew's `set_custom_panic_hook`, not `std::panic::set_hook`: yew's renderer installs its
/// own console hook at the first render unless a custom one was set this way, and that would
/// silently replace this one (the forced-panic e2e test, `crash.spec.js`, caught exactly that).
pub fn install_panic_hook() {
    yew::set_custom_panic_hook(Box::new(|info| {
        let message = info.to_string();
        web_sys::console::error_1(&format!("shardlab crashed: {message}").into());
        show_banner(&message);
    }));
}

fn show_banner(message: &str) {
    let document = gloo::utils::document();
    if let Some(detail) = document.get_element_by_id("crash-detail") {
        detail.set_text_content(Some(message));
    }
    if let Some(banner) = document.get_element_by_id("crash-banner") {
        let _ = banner.remove_attribute("hidden");
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    #![allow(clippy::unwrap_used)]
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    wasm_bindgen_test_configure!(run_in_browser);

    /// The banner markup lives in `index.html`; the test page builds the same elements.
    #[wasm_bindgen_test]
    fn the_banner_appears_with_the_panic_message() {
        let document = gloo::utils::document();
        let banner = document.create_element("div").unwrap();
        banner.set_id("crash-banner");
        banner.set_attribute("hidden", "").unwrap();
        let detail = document.create_element("pre").unwrap();
        detail.set_id("crash-detail");
        banner.append_child(&detail).unwrap();
        gloo::utils::document()
            .body()
            .unwrap()
            .append_child(&banner)
            .unwrap();

        super::show_banner("index out of bounds");

        assert!(!banner.has_attribute("hidden"), "the banner is visible");
        assert_eq!(
            detail.text_content().as_deref(),
            Some("index out of bounds")
        );
    }
}
