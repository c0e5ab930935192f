//! The last resort: a panic in wasm stops the whole app, so the panic hook reveals a banner (kept in
//! `index.html`, outside the Yew tree) that says so and offers a reload. The reload button is wired by
//! `www/crash.js`, because after a panic no wasm code can be trusted to run.

/// Installs the hook. It logs the panic to the console and shows the banner.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
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
