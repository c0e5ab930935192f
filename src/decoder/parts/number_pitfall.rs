//! Pitfall 1: `Number(id)` in JavaScript. The core rounds the ID to the nearest double
//! ([`number_rounding`]); this shows what JavaScript prints, what the double holds, and the
//! fields read back from it.

use shardlab_core::layout::{number_rounding, BitLayout, F64_EXACT_INTEGERS};
use yew::prelude::*;

/// "Off by +11", with the sign always shown.
fn signed(error: i128) -> String {
    if error >= 0 {
        format!("+{error}")
    } else {
        error.to_string()
    }
}

/// The pitfall for `id` under `layout`: a heading of level `tag` (`h3` under the full view's
/// "The arithmetic", `h2` in the widget), the rounding, and the fields it breaks.
pub fn number_pitfall(layout: &BitLayout, id: u64, tag: &'static str) -> Html {
    let rounding = number_rounding(id);
    let body = if rounding.exact() {
        html! {
            <p data-testid="number-exact">{ format!("This ID is exactly {}, so Number(id) happens to keep it. Any ID above 2^53 = {F64_EXACT_INTEGERS} with low bits set does not.", rounding.nearest) }</p>
        }
    } else {
        let decoded = layout.decode(id);
        let read_back = match rounding.as_id.map(|r| layout.decode(r)) {
            Some(rounded) => html! {
                <table class="pitfall-table">
                    <caption>{ "The fields read back from the rounded number" }</caption>
                    <thead><tr><th scope="col">{ "field" }</th><th scope="col">{ "real" }</th><th scope="col">{ "after Number()" }</th></tr></thead>
                    <tbody>
                    { for decoded.fields.iter().zip(&rounded.fields).map(|(a, b)| html! {
                        <tr class={classes!((a.value != b.value).then_some("wrong"))}>
                            <th scope="row">{ a.name.clone() }</th>
                            <td class="mono">{ a.value }</td>
                            <td class="mono">{ b.value }{ if a.value != b.value { " ✗" } else { "" } }</td>
                        </tr>
                    }) }
                    </tbody>
                </table>
            },
            None => {
                html! { <p>{ "It rounds up to 2^64, past every ID, so no field can be read back." }</p> }
            }
        };
        html! {
            <>
                <p data-testid="number-rounded">
                    { "Number(id) rounds to the nearest double. JavaScript prints " }
                    <code>{ rounding.printed.clone() }</code>
                    { "; the double holds exactly " }<code>{ rounding.nearest }</code>
                    { format!(", off by {}.", signed(rounding.error)) }
                </p>
                { read_back }
            </>
        }
    };
    html! {
        <div class="pitfall number-pitfall">
            <@{tag}>{ "Pitfall 1: Number(id) in JavaScript" }</@>
            { body }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::signed;

    #[test]
    fn the_error_always_has_a_sign() {
        assert_eq!(signed(11), "+11");
        assert_eq!(signed(0), "+0");
        assert_eq!(signed(-1), "-1");
    }
}
