//! The ID input: anything `parse_id` reads, the ID in three bases, and an inline error that leaves
//! the last good ID on screen.

use shardlab_core::text::group;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Props for [`id_input`].
pub struct IdInputProps {
    /// What the input holds.
    pub text: String,
    /// The last valid ID.
    pub id: u64,
    /// Why `text` is not an ID, if it is not.
    pub error: Option<String>,
    /// Called with the new text on every edit.
    pub on_input: Callback<String>,
    /// Whether to show the ID in its three bases (a widget that shows it otherwise leaves them out).
    pub bases: bool,
}

/// The ID input and its three readings.
pub fn id_input(props: &IdInputProps) -> Html {
    let oninput = {
        let on_input = props.on_input.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            on_input.emit(input.value());
        })
    };
    let invalid = props.error.is_some();
    let id = props.id;
    html! {
        <section class="panel id-panel" aria-labelledby="id-label">
            <label id="id-label" for="id-input" class="big-label">{ "ID" }</label>
            <div class="id-row">
                <input id="id-input" class={classes!("id-input", "mono", invalid.then_some("invalid"))}
                    type="text" inputmode="text" spellcheck="false" autocomplete="off"
                    value={props.text.clone()} {oninput}
                    aria-invalid={invalid.to_string()}
                    aria-describedby="id-help id-error" />
            </div>
            <p id="id-help" class="help">{ "Decimal, 0x hex or 0b binary; quotes and _ or , separators are fine." }</p>
            <p id="id-error" class="error" role="alert">
                { props.error.clone().map(|e| html! {
                    <>{ e }{ format!(". Still showing {id}.") }</>
                }) }
            </p>
            if props.bases {
                <dl class="id-bases">
                    <div><dt>{ "decimal" }</dt><dd class="mono" data-testid="id-decimal">{ id }</dd></div>
                    <div><dt>{ "hex" }</dt><dd class="mono" data-testid="id-hex">{ format!("0x{}", group(&format!("{id:016X}"), 4, '_')) }</dd></div>
                    <div class="id-binary"><dt>{ "binary" }</dt><dd class="mono binary" data-testid="id-binary">{ format!("0b{}", group(&format!("{id:064b}"), 8, '_')) }</dd></div>
                </dl>
            }
        </section>
    }
}
