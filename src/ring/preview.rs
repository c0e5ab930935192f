//! A small live preview of the Ring for the home page.

use yew::prelude::*;

/// A ring of four servers.
#[function_component(RingPreview)]
pub fn ring_preview() -> Html {
    html! { <p class="preview-fallback">{ "ring" }</p> }
}
