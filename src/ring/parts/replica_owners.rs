//! Where a key's R copies go: the key, the replica count, the distinct owners first to last, and the note
//! when the scheme or the server count gives fewer than R.

use shardlab_core::text::quote;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::number_field::{number_field, NumberFieldProps};
use crate::ring::state::{key_cut_message, Action, Field};
use crate::widgets::palette::server_class;

/// Props for [`replica_owners`].
pub struct ReplicaOwnersProps {
    pub key_text: String,
    /// The typed key's length when it was cut to `key_text`, said under the box.
    pub key_cut: Option<usize>,
    pub replicas: u32,
    /// The distinct owners, owner first.
    pub owners: Vec<u32>,
    pub note: Option<String>,
    /// The box whose last commit was refused, and why.
    pub error: Option<(Field, String)>,
    /// How many servers there are: the last one cannot be killed.
    pub servers: usize,
    pub dispatch: Callback<Action>,
}

/// The replicas panel.
pub fn replica_owners(props: &ReplicaOwnersProps) -> Html {
    let owners = props.owners.iter().map(|id| {
        html! { <li class={classes!("rv-replica", server_class(*id as usize))} data-testid="replica">
            <span class="rv-swatch" aria-hidden="true"></span>{ format!("S{id}") }</li> }
    });
    let oninput = props.dispatch.reform(|e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        Action::SetKey(input.value())
    });
    html! {
        <section class="panel rv-replicas-panel" aria-labelledby="rv-replicas-title">
            <h2 id="rv-replicas-title">{ "Where its copies go" }</h2>
            { number_field(&NumberFieldProps { field: Field::Replicas, id: "rv-replicas", label: "Replicas R",
                value: props.replicas.to_string(), help: None, error: props.error.clone(), dispatch: props.dispatch.clone() }) }
            <div class="rv-field">
                <label for="rv-replicas-key">{ "Key" }</label>
                <input id="rv-replicas-key" class="mono" type="text" spellcheck="false" autocomplete="off"
                    aria-describedby={props.key_cut.map(|_| "rv-replicas-key-cut")}
                    value={props.key_text.clone()} {oninput} />
                if let Some(typed) = props.key_cut {
                    <p id="rv-replicas-key-cut" class="help" role="status" data-testid="key-cut">
                        { key_cut_message("This key", typed) }</p>
                }
            </div>
            <p>{ format!("Owners of {}, first to last:", quote(&props.key_text)) }</p>
            <ol class="rv-replicas" data-testid="replicas" aria-live="polite">{ for owners }</ol>
            // Killing the owner is the change that shows what replicas are for: the walk finds
            // the key a new copy further on, and no key is left without R owners.
            if let Some(&first) = props.owners.first() {
                <button type="button" class="rv-kill" disabled={props.servers <= 1}
                    onclick={props.dispatch.reform(move |_: MouseEvent| Action::RemoveServer(first))}>
                    { format!("Kill S{first}, the key's first owner") }
                </button>
            }
            if let Some(note) = &props.note { <p class="help">{ note }</p> }
            <p class="help">{ "The ring walks on clockwise past the owner and skips vnodes of servers it already has, \
                               so the R copies land on R different machines." }</p>
        </section>
    }
}
