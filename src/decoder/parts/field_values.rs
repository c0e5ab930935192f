//! The fields of an ID, read only: each field's name, width, value and what the value means (a
//! time, an object type), most significant first, styled as the home page's preview. The *paste*
//! widget reads an ID with this; [`field_editor`](super::field_editor) is the editable form.

use shardlab_core::layout::{object_type, BitLayout, Decoded, DecodedField, FieldRole};
use yew::prelude::*;

use crate::widgets::palette::role_class;

/// What a field's value means, when it means something: the instant of a timestamp, or the
/// object type of Pinterest's type field.
pub fn meaning(field: &DecodedField, pinterest: bool) -> Option<String> {
    match (&field.time, field.role) {
        (Some(time), _) => Some(time.iso8601.clone()),
        (None, FieldRole::Type) if pinterest => Some(
            object_type(field.value)
                .map_or_else(|| "no Pinterest type".to_owned(), |t| t.name.to_owned()),
        ),
        _ => None,
    }
}

/// The decoded fields of `id` under `layout` (`pinterest`: the layout is Pinterest's).
pub fn field_values(layout: &BitLayout, id: u64, pinterest: bool) -> Html {
    let decoded = layout.decode(id);
    let values = decoded.fields.iter().map(|field| {
        html! {
            <div class={classes!("field-value", role_class(field.role))} data-field={field.name.clone()}>
                <dt>{ format!("{} · {} bits", field.name, field.width) }</dt>
                <dd class="mono" data-testid={format!("value-{}", field.name)}>{ field.value }</dd>
                { for meaning(field, pinterest).map(|m| html! { <dd class="field-meaning">{ m }</dd> }) }
            </div>
        }
    });
    html! {
        <section class="panel values-panel" aria-labelledby="values-title">
            <h2 id="values-title">{ "The fields" }</h2>
            <dl class="field-values" aria-live="polite">{ for values }</dl>
            { warnings(&decoded) }
        </section>
    }
}

/// What is odd about the decoded ID (reserved bits set, a time out of range), as a list; nothing
/// when all is well.
pub fn warnings(decoded: &Decoded) -> Html {
    if decoded.warnings.is_empty() {
        return Html::default();
    }
    html! {
        <ul class="warnings">
            { for decoded.warnings.iter().map(|w| html! { <li>{ w.to_string() }</li> }) }
        </ul>
    }
}
