//! The numbers behind the picture: vnodes per weight, replicas, keys counted, keys drawn, seed.

use shardlab_core::placement::{MAX_VNODES, MIN_VNODES};
use yew::prelude::*;

use super::state::{Action, MAX_KEYS, MAX_REPLICAS, MAX_SAMPLE, MIN_KEYS};
use crate::components::draft_input::DraftInput;

/// What [`settings`] draws.
#[derive(PartialEq)]
pub struct SettingsProps {
    pub vnodes: u32,
    pub replicas: u32,
    pub keys: u64,
    pub sample: u64,
    pub seed: u64,
    /// Whether the scheme is the ring (vnodes matter only there).
    pub ring: bool,
    pub dispatch: Callback<Action>,
}

fn number_input<T: std::str::FromStr + 'static>(
    dispatch: &Callback<Action>,
    make: fn(T) -> Action,
) -> Callback<String> {
    let dispatch = dispatch.clone();
    Callback::from(move |text: String| {
        if let Ok(n) = text.trim().replace([',', '_'], "").parse::<T>() {
            dispatch.emit(make(n));
        }
    })
}

/// The settings panel.
pub fn settings(props: &SettingsProps) -> Html {
    let d = &props.dispatch;
    html! {
        <section class="panel rv-settings" aria-labelledby="rv-settings-title">
            <h2 id="rv-settings-title">{ "Settings" }</h2>
            <div class="rv-field">
                <label for="rv-vnodes">{ "Vnodes per unit of weight" }</label>
                <DraftInput id="rv-vnodes" min={MIN_VNODES.to_string()} max={MAX_VNODES.to_string()}
                    value={props.vnodes.to_string()} on_commit={number_input(d, Action::SetVnodes)}
                    describedby="rv-vnodes-help" />
                <p id="rv-vnodes-help" class="help">
                    { if props.ring { "1 … 1000. More vnodes, evener load: σ/mean ≈ 1/√V." }
                      else { "Only the ring uses vnodes." } }
                </p>
            </div>
            <div class="rv-field">
                <label for="rv-replicas">{ "Replicas R" }</label>
                <DraftInput id="rv-replicas" min="1" max={MAX_REPLICAS.to_string()}
                    value={props.replicas.to_string()} on_commit={number_input(d, Action::SetReplicas)} />
            </div>
            <div class="rv-field">
                <label for="rv-keys">{ "Keys counted" }</label>
                <DraftInput id="rv-keys" min={MIN_KEYS.to_string()} max={MAX_KEYS.to_string()} step="1000"
                    value={props.keys.to_string()} on_commit={number_input(d, Action::SetKeys)} />
            </div>
            <div class="rv-field">
                <label for="rv-sample">{ "Keys drawn" }</label>
                <DraftInput id="rv-sample" min="0" max={MAX_SAMPLE.to_string()} step="100"
                    value={props.sample.to_string()} on_commit={number_input(d, Action::SetSample)} />
            </div>
            <div class="rv-field">
                <label for="rv-seed">{ "Seed" }</label>
                <DraftInput id="rv-seed" min="0"
                    value={props.seed.to_string()} on_commit={number_input(d, Action::SetSeed)} />
            </div>
        </section>
    }
}
