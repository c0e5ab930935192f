//! The scheme switch: seven radio buttons, the same servers and keys under each.

use shardlab_core::placement::SCHEME_NAMES;
use yew::prelude::*;

use super::state::{scheme_label, Action};

/// What [`scheme_picker`] draws.
#[derive(PartialEq)]
pub struct SchemePickerProps {
    pub scheme: &'static str,
    pub dispatch: Callback<Action>,
}

/// The scheme switch.
pub fn scheme_picker(props: &SchemePickerProps) -> Html {
    let options = SCHEME_NAMES.iter().map(|&name| {
        let onchange = props.dispatch.reform(move |_: Event| Action::SetScheme(name.to_owned()));
        let id = format!("rv-scheme-{name}");
        html! {
            <label class={classes!("rv-scheme", (props.scheme == name).then_some("active"))} for={id.clone()}>
                <input type="radio" name="rv-scheme" id={id} value={name}
                    checked={props.scheme == name} {onchange} />
                <span class="mono">{ name }</span>
                <span class="rv-scheme-label">{ scheme_label(name) }</span>
            </label>
        }
    });
    html! {
        <fieldset class="rv-schemes">
            <legend>{ "Placement scheme" }</legend>
            { for options }
        </fieldset>
    }
}
