//! The Board view: a draggable design board, its settings, the simulator and its caption.

pub mod preview;

use yew::prelude::*;

/// The Board page.
#[function_component(BoardView)]
pub fn board_view() -> Html {
    html! {
        <section class="page">
            <h1>{ "Board" }</h1>
            <p class="lead">
                { "Users, app servers, a cache and a sharded database, solved by a seeded simulation." }
            </p>
            <preview::BoardPreview />
        </section>
    }
}
