//! One number box of the Ring's settings: its label, its range, its help and the message when its
//! last commit was refused. The settings panel lists five; the vnodes and replicas widgets show one.

use yew::prelude::*;

use crate::ring::state::{Action, Field};
use crate::widgets::draft_input::DraftInput;

/// Props for [`number_field`].
pub struct NumberFieldProps {
    pub field: Field,
    /// The input's id (`rv-vnodes`); the help and the refusal hang off it.
    pub id: &'static str,
    pub label: &'static str,
    /// The value the box shows: digits, or a decimal for a decimal field.
    pub value: String,
    pub help: Option<&'static str>,
    /// The box whose last commit was refused, and why (shown only when it is this one).
    pub error: Option<(Field, String)>,
    pub dispatch: Callback<Action>,
}

/// The number box.
pub fn number_field(props: &NumberFieldProps) -> Html {
    let field = props.field;
    let id = props.id;
    let (low, high) = field.range();
    let error = props
        .error
        .as_ref()
        .filter(|(f, _)| *f == field)
        .map(|(_, m)| m.clone());
    let error_id = format!("{id}-error");
    let help_id = format!("{id}-help");
    let describedby = match (&props.help, &error) {
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
            <label for={id}>{ props.label }</label>
            <DraftInput {id} min={low.to_string()} max={(field != Field::Seed).then(|| high.to_string())}
                step={field.decimal().then_some("0.05")} value={props.value.clone()} {on_commit} invalid={error.is_some()}
                describedby={(!describedby.is_empty()).then_some(describedby)} />
            if let Some(help) = props.help {
                <p id={help_id} class="help">{ help }</p>
            }
            if let Some(message) = error {
                <p id={error_id} class="field-error" role="alert">{ message }</p>
            }
        </div>
    }
}
