//! "Insert a new object": pick a shard, insert the row, take its auto-increment local ID, compose
//! the ID. Time-based layouts read the clock instead. The steps appear one after another.

use shardlab_core::layout::{parse_id, PINTEREST_TYPES};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::dom::target_value;
use super::state::{Action, Generated};

/// Props for [`Generator`].
#[derive(Properties, PartialEq)]
pub struct GeneratorProps {
    /// Whether the layout has shard, type and local fields (the counter path).
    pub counted: bool,
    /// Whether the layout has a timestamp field (the clock path).
    pub timed: bool,
    /// Whether the layout has a shard field and a table to pick from.
    pub has_shards: bool,
    /// The largest shard in the table.
    pub last_shard: u64,
    /// The last insert.
    pub generated: Option<Generated>,
    /// Why the last insert was refused.
    pub error: Option<String>,
    /// Sends an action to the reducer.
    pub dispatch: Callback<Action>,
}

/// The generator.
#[function_component(Generator)]
pub fn generator(props: &GeneratorProps) -> Html {
    let shard_text = use_state(String::new);
    let type_id = use_state(|| 1u64);
    let local_error = use_state(|| None::<String>);
    if !props.counted && !props.timed {
        return html! {
            <section class="panel generator" aria-labelledby="gen-title">
                <h2 id="gen-title">{ "Make a new ID" }</h2>
                <p>{ "This layout has neither shard, type and local fields nor a timestamp, so there is no rule here for making a new ID." }</p>
            </section>
        };
    }
    let on_shard = {
        let shard_text = shard_text.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            shard_text.set(input.value());
        })
    };
    let on_type = {
        let type_id = type_id.clone();
        Callback::from(move |e: Event| {
            if let Some(Ok(t)) = target_value(&e).map(|v| v.parse()) {
                type_id.set(t);
            }
        })
    };
    let on_insert = {
        let dispatch = props.dispatch.clone();
        let shard_text = shard_text.clone();
        let type_id = type_id.clone();
        let local_error = local_error.clone();
        let timed = props.timed && !props.counted;
        Callback::from(move |_| {
            let text = shard_text.trim();
            let shard = if text.is_empty() {
                None
            } else {
                match parse_id(text) {
                    Ok(shard) => Some(shard),
                    Err(err) => {
                        local_error.set(Some(format!(
                            "A shard is a number, or leave it empty for a random one; {err}."
                        )));
                        return;
                    }
                }
            };
            local_error.set(None);
            let now_ms = timed.then(|| js_sys::Date::now().max(0.0) as u64);
            dispatch.emit(Action::Insert {
                shard,
                type_id: *type_id,
                now_ms,
            });
        })
    };
    let error = (*local_error).clone().or_else(|| props.error.clone());
    let steps = props.generated.as_ref().map(|g| {
        html! {
            <ol key={g.serial.to_string()} class="gen-steps" aria-live="polite" data-testid="gen-steps">
                { for g.steps.iter().enumerate().map(|(i, step)| html! {
                    <li style={format!("--step: {i}")}>
                        <strong>{ step.title.clone() }</strong>
                        <span class="mono-nums">{ step.detail.clone() }</span>
                    </li>
                }) }
            </ol>
        }
    });
    html! {
        <section class="panel generator" aria-labelledby="gen-title">
            <h2 id="gen-title">{ "Insert a new object" }</h2>
            <div class="gen-controls">
                if props.has_shards {
                    <label>
                        { format!("Shard (0 … {}, empty for random)", props.last_shard) }
                        <input class="mono" type="text" inputmode="numeric" value={(*shard_text).clone()}
                            oninput={on_shard} placeholder="random" />
                    </label>
                }
                if props.counted {
                    <label>
                        { "Type" }
                        <select onchange={on_type}>
                            { for PINTEREST_TYPES.iter().map(|t| html! {
                                <option value={t.id.to_string()} selected={t.id == *type_id}>{ format!("{} {}", t.id, t.name) }</option>
                            }) }
                        </select>
                    </label>
                }
                <button type="button" class="primary" onclick={on_insert}>
                    { if props.counted { "Insert a new object" } else { "Make an ID now" } }
                </button>
            </div>
            <p class="error" role="alert">{ error.unwrap_or_default() }</p>
            { for steps }
        </section>
    }
}
