//! Pitfall 2: a 32-bit mask on the local ID. The core says what `id & 0xFFFFFFFF` keeps
//! ([`BitLayout::mask32`]) and which local ID would show the mistake; the button sets it.

use shardlab_core::layout::{BitLayout, MASK_32};
use yew::prelude::*;

/// The pitfall for `id` under `layout`, under a heading of level `tag` (as
/// [`super::number_pitfall::number_pitfall`]'s); `on_field` sets a field from its text.
pub fn mask_pitfall(
    layout: &BitLayout,
    id: u64,
    on_field: &Callback<(usize, String)>,
    tag: &'static str,
) -> Html {
    let body = match layout.mask32(id) {
        None => {
            html! { <p>{ "This layout has no local field, so there is no local ID to mask." }</p> }
        }
        Some(mask) => {
            let try_big = mask.revealing_local().map(|big| {
                let (on_field, position) = (on_field.clone(), mask.position);
                html! {
                    <button type="button" data-testid="mask-try"
                        onclick={Callback::from(move |_| on_field.emit((position, big.to_string())))}>
                        { format!("Try local {big} (2^32 + {})", mask.local) }
                    </button>
                }
            });
            let (local, masked) = (mask.local, mask.masked);
            html! {
                <>
                    <p data-testid="mask-result">
                        { format!("The local field has {} bits. Code copied with a 32-bit mask computes ", mask.width) }
                        <code>{ "id & 0xFFFFFFFF" }</code>{ " = " }<code>{ masked }</code>
                        { if mask.matches() {
                            format!(", which matches the real local {local} only because it is below 2^32 = {}.", MASK_32.saturating_add(1))
                        } else {
                            format!(" instead of the real local {local}: the row it reads is the wrong one.")
                        } }
                    </p>
                    { for try_big }
                </>
            }
        }
    };
    html! {
        <div class="pitfall mask-pitfall">
            <@{tag}>{ "Pitfall 2: a 32-bit mask on the local ID" }</@>
            { body }
        </div>
    }
}
