//! A small preview of the Learn path for the home page: the first chapters, in order.

use yew::prelude::*;

use super::CHAPTERS;

/// The opening chapters of the course.
#[function_component(LearnPreview)]
pub fn learn_preview() -> Html {
    html! {
        <ol class="chapter-list compact">
            { for CHAPTERS.iter().take(5).map(|chapter| html! {
                <li>
                    <strong>{ chapter.title }</strong>
                    <span class="chapter-task">{ chapter.task }</span>
                </li>
            }) }
            <li class="more">{ format!("… and {} more", CHAPTERS.len().saturating_sub(5)) }</li>
        </ol>
    }
}
