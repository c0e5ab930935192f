//! The Learn path: chapters that embed the three views in chosen states, with try-it tasks.

pub mod preview;

use yew::prelude::*;

/// The Learn page.
#[function_component(LearnView)]
pub fn learn_view() -> Html {
    html! {
        <section class="page">
            <h1>{ "Learn" }</h1>
            <preview::LearnPreview />
        </section>
    }
}
