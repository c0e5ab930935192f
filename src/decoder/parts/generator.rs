//! "Insert a new object": pick a shard, insert the row, take its auto-increment local ID, compose
//! the ID. Time-based layouts read the clock instead.
//!
//! The core's generator makes the ID and its steps at once (the reducer calls it); this component
//! reads the reader's shard and type, passes the clock in, and hands the steps to the
//! step player ([`use_step_player`]).

use shardlab_core::layout::PINTEREST_TYPES;
use shardlab_core::text::quote;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::step_player::use_step_player;
use crate::decoder::dom::target_value;
use crate::decoder::state::{Action, Generated};

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
    let player = use_step_player(props.generated.as_ref());
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
                match text.parse::<u64>() {
                    Ok(shard) => Some(shard),
                    Err(_) => {
                        local_error.set(Some(format!(
                            "A shard is a whole number, or leave it empty for a random one; {} is not.",
                            quote(text)
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
            { player }
        </section>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use shardlab_core::layout::GenerateStep;

    use super::*;
    use crate::test_support::{find, mount_with, texts};

    wasm_bindgen_test_configure!(run_in_browser);

    fn click(root: &web_sys::Element, selector: &str) {
        find(root, selector)
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
    }

    #[wasm_bindgen_test]
    async fn the_step_button_reveals_the_next_step_and_pause_stops_the_timer() {
        let steps = vec![
            GenerateStep::PickShard {
                shard: 3429,
                drawn_among: None,
            },
            GenerateStep::InsertRow {
                table: "pins",
                host: "MySQL007A".into(),
                database: "db03429".into(),
            },
            GenerateStep::TakeLocalId {
                local: 1,
                shard: 3429,
                type_id: 1,
            },
            GenerateStep::Compose {
                id: 1,
                terms: vec![(1, 0)],
            },
        ];
        let props = GeneratorProps {
            counted: true,
            timed: false,
            has_shards: true,
            last_shard: 4095,
            generated: Some(Generated {
                serial: 1,
                steps,
                id: 1,
            }),
            error: None,
            dispatch: Callback::noop(),
        };
        let root = mount_with::<Generator>(props).await;
        // Headless Chromium does not ask for reduced motion: the first step plays.
        assert_eq!(texts(&root, "[data-testid=gen-play]"), ["Pause"]);
        assert_eq!(
            texts(&root, ".gen-steps li.current strong"),
            ["Pick a shard"]
        );
        click(&root, "[data-testid=gen-play]");
        yew::scheduler::flush().await;
        assert_eq!(texts(&root, "[data-testid=gen-play]"), ["Play"]);
        click(&root, "[data-testid=gen-step]");
        yew::scheduler::flush().await;
        assert_eq!(
            texts(&root, ".gen-steps li.current strong"),
            ["Insert the row"]
        );
        assert_eq!(
            texts(&root, "[data-testid=gen-status]"),
            ["Step 2 of 4: Insert the row"]
        );
        assert_eq!(texts(&root, ".gen-steps li.pending").len(), 2);
        click(&root, "[data-testid=gen-step]");
        click(&root, "[data-testid=gen-step]");
        yew::scheduler::flush().await;
        assert_eq!(texts(&root, ".gen-steps li.done").len(), 3);
        assert!(find(&root, "[data-testid=gen-step]").has_attribute("disabled"));
        click(&root, "[data-testid=gen-start-over]");
        yew::scheduler::flush().await;
        assert_eq!(
            texts(&root, ".gen-steps li.current strong"),
            ["Pick a shard"]
        );
    }
}
