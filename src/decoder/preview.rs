//! A small live preview of the Decoder for the home page: the Pinterest example ID, its 64 bits
//! grouped by field, and the host the config table gives its shard. Every figure is computed by
//! `shardlab_core::layout` when the page renders.

use shardlab_core::layout::{BitLayout, ShardMap, EXAMPLE_PIN};
use yew::prelude::*;

use crate::widgets::palette::role_class;

/// The Pinterest example ID as a strip of fields.
#[function_component(DecoderPreview)]
pub fn decoder_preview() -> Html {
    let Ok(layout) = BitLayout::preset("pinterest") else {
        return html! {};
    };
    let decoded = layout.decode(EXAMPLE_PIN);
    let host = ShardMap::pinterest_2015()
        .locate(&layout, EXAMPLE_PIN)
        .map(|location| format!("{} ({})", location.hosts.master, location.database))
        .unwrap_or_else(|err| err.to_string());
    let summary = decoded
        .fields
        .iter()
        .map(|f| format!("{} {} bits = {}", f.name, f.width, f.value))
        .collect::<Vec<_>>()
        .join(", ");
    html! {
        <figure class="decoder-preview">
            <div class="bit-strip mini" role="img"
                aria-label={format!("The 64 bits of ID {EXAMPLE_PIN}: {summary}")}>
                { for decoded.fields.iter().map(|field| {
                    let bits = (0..field.width).rev().map(|i| {
                        let bit = field.value.checked_shr(i).unwrap_or(0) & 1;
                        html! { <span class={classes!("bit", (bit == 1).then_some("one"))}>{ bit }</span> }
                    });
                    html! {
                        <span class={classes!("field", role_class(field.role))}
                            style={format!("flex-grow: {}", field.width)}>
                            { for bits }
                        </span>
                    }
                }) }
            </div>
            <dl class="field-values">
                { for decoded.fields.iter().map(|field| html! {
                    <div class={classes!("field-value", role_class(field.role))}>
                        <dt>{ format!("{} · {} bits", field.name, field.width) }</dt>
                        <dd class="mono">{ field.value }</dd>
                    </div>
                }) }
            </dl>
            <figcaption>
                { "Pin " }<code>{ EXAMPLE_PIN }</code>{ " lives on " }<strong>{ host }</strong>
            </figcaption>
        </figure>
    }
}
