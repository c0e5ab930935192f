//! The ID the fields make, read only, in decimal and hex: what the *compose* and *generate*
//! widgets show instead of the ID input. Announced politely as it changes.

use yew::prelude::*;

use shardlab_core::text::group;

/// `id` in decimal and grouped hex.
pub fn id_readout(id: u64) -> Html {
    html! {
        <section class="panel id-readout" aria-labelledby="id-readout-title">
            <h2 id="id-readout-title">{ "The ID" }</h2>
            <dl class="id-bases" aria-live="polite">
                <div><dt>{ "decimal" }</dt><dd class="mono id-decimal" data-testid="id-decimal">{ id }</dd></div>
                <div><dt>{ "hex" }</dt><dd class="mono" data-testid="id-hex">{ format!("0x{}", group(&format!("{id:016X}"), 4, '_')) }</dd></div>
            </dl>
        </section>
    }
}
