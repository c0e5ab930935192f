//! A small live preview of the Decoder for the home page.

use yew::prelude::*;

/// The Pinterest example ID as a strip of fields.
#[function_component(DecoderPreview)]
pub fn decoder_preview() -> Html {
    html! { <p class="preview-fallback">{ "241294492511762325" }</p> }
}
