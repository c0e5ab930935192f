//! The scheme switch: a radio button per scheme, the same servers and keys under each.

use shardlab_core::placement::SchemeKind;
use yew::prelude::*;

use crate::ring::state::Action;

/// Props for [`scheme_picker`].
pub struct SchemePickerProps {
    pub scheme: SchemeKind,
    pub dispatch: Callback<Action>,
}

/// The scheme switch.
pub fn scheme_picker(props: &SchemePickerProps) -> Html {
    let options = SchemeKind::ALL.into_iter().map(|kind| {
        let name = kind.name();
        let onchange = props.dispatch.reform(move |_: Event| Action::SetScheme(kind));
        let id = format!("rv-scheme-{name}");
        html! {
            <label class={classes!("rv-scheme", (props.scheme == kind).then_some("active"))} for={id.clone()}>
                <input type="radio" name="rv-scheme" id={id} value={name}
                    checked={props.scheme == kind} {onchange} />
                <span class="mono">{ name }</span>
                <span class="rv-scheme-label">{ kind.label() }</span>
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
