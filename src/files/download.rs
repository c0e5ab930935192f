//! Offers text as a file download, the same way in every view: a Blob, an object URL and a
//! clicked `<a download>`. No data leaves the page.

use wasm_bindgen::JsCast;

/// How long the object URL stays alive after the click, so the browser can start the download.
const KEEP_URL_MS: u32 = 10_000;

/// Offers `text` as a download called `name` with the MIME type `mime`.
pub fn download_text(name: &str, mime: &str, text: &str) {
    let blob = gloo::file::Blob::new_with_options(text, Some(mime));
    let url = gloo::file::ObjectUrl::from(blob);
    let document = gloo::utils::document();
    if let Ok(anchor) = document.create_element("a") {
        let _ = anchor.set_attribute("href", &url);
        let _ = anchor.set_attribute("download", name);
        if let Ok(anchor) = anchor.dyn_into::<web_sys::HtmlElement>() {
            anchor.click();
        }
    }
    gloo::timers::callback::Timeout::new(KEEP_URL_MS, move || drop(url)).forget();
}
