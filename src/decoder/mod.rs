//! The Decoder view: the 64-bit strip, the layout, compose and decompose, shard → host, and ID
//! generation.

pub mod preview;

use yew::prelude::*;

/// The Decoder page.
#[function_component(DecoderView)]
pub fn decoder_view() -> Html {
    html! {
        <section class="page">
            <h1>{ "Decoder" }</h1>
            <p class="lead">
                { "A Pinterest ID is 64 bits: 2 reserved, 16 for the shard, 10 for the type and 36 for the \
                   local row. Reading an object's home is a shift and a mask." }
            </p>
            <preview::DecoderPreview />
        </section>
    }
}
