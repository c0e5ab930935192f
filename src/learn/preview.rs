//! A small preview of the Learn path for the home page.

use yew::prelude::*;

/// The chapter list.
#[function_component(LearnPreview)]
pub fn learn_preview() -> Html {
    html! { <p class="preview-fallback">{ "chapters" }</p> }
}
