//! The numbers behind the picture: vnodes per weight, replicas, keys counted, keys drawn, seed.

use yew::prelude::*;

use super::state::{Action, Field};
use crate::widgets::draft_input::DraftInput;

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
    /// The box whose last commit was refused, and why.
    pub error: Option<(Field, String)>,
    pub dispatch: Callback<Action>,
}

/// One number box with its label, its range, and the message when its last commit was refused.
fn number_field(
    props: &SettingsProps,
    field: Field,
    id: &'static str,
    label: &'static str,
    value: u64,
    help: Option<Html>,
) -> Html {
    let (low, high) = field.range();
    let error = props
        .error
        .as_ref()
        .filter(|(f, _)| *f == field)
        .map(|(_, m)| m.clone());
    let error_id = format!("{id}-error");
    let help_id = format!("{id}-help");
    let describedby = match (&help, &error) {
        (Some(_), Some(_)) => format!("{help_id} {error_id}"),
        (Some(_), None) => help_id.clone(),
        (None, Some(_)) => error_id.clone(),
        (None, None) => String::new(),
    };
    let on_commit = props
        .dispatch
        .reform(move |text: String| Action::Type(field, text));
    html! {
        <div class="rv-field">
            <label for={id}>{ label }</label>
            <DraftInput {id} min={low.to_string()} max={(field != Field::Seed).then(|| high.to_string())}
                value={value.to_string()} {on_commit} invalid={error.is_some()}
                describedby={(!describedby.is_empty()).then_some(describedby)} />
            if let Some(help) = help {
                <p id={help_id} class="help">{ help }</p>
            }
            if let Some(message) = error {
                <p id={error_id} class="field-error" role="alert">{ message }</p>
            }
        </div>
    }
}

/// The settings panel.
pub fn settings(props: &SettingsProps) -> Html {
    let vnodes_help = html! {
        { if props.ring { "1 … 1000. More vnodes, evener load: σ/mean ≈ 1/√V." }
          else { "Only the ring uses vnodes." } }
    };
    html! {
        <section class="panel rv-settings" aria-labelledby="rv-settings-title">
            <h2 id="rv-settings-title">{ "Settings" }</h2>
            { number_field(props, Field::Vnodes, "rv-vnodes", "Vnodes per unit of weight", u64::from(props.vnodes), Some(vnodes_help)) }
            { number_field(props, Field::Replicas, "rv-replicas", "Replicas R", u64::from(props.replicas), None) }
            { number_field(props, Field::Keys, "rv-keys", "Keys counted", props.keys, None) }
            { number_field(props, Field::Sample, "rv-sample", "Keys drawn", props.sample, None) }
            { number_field(props, Field::Seed, "rv-seed", "Seed", props.seed, None) }
        </section>
    }
}
