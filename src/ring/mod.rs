//! The Ring view: placement schemes, the animated ring, movement and balance statistics.

pub mod preview;

use yew::prelude::*;

/// The Ring page.
#[function_component(RingView)]
pub fn ring_view() -> Html {
    html! {
        <section class="page">
            <h1>{ "Ring" }</h1>
            <p class="lead">
                { "Hash each key to a point on a circle and walk clockwise to the first server. Adding a \
                   server moves only the keys it takes over." }
            </p>
            <preview::RingPreview />
        </section>
    }
}
