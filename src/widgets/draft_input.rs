//! An `<input>` that keeps what the reader is typing until they commit it.
//!
//! Yew writes a controlled input's `value` back into the DOM on every render of its parent when the
//! two differ. A view that re-renders while the reader types (the Ring page does, once per slice of
//! streamed statistics) would therefore put the committed value back over half-typed text, and the
//! reader's Enter would commit the old number: the edit would be lost. This input remembers the
//! text typed since the last commit and renders that instead, so a re-render leaves it alone.

use web_sys::HtmlInputElement;
use yew::prelude::*;

/// What [`DraftInput`] draws and whom it tells.
#[derive(Properties, PartialEq)]
pub struct DraftInputProps {
    /// The element's `id`, for its `<label for>`.
    pub id: AttrValue,
    /// The committed value, shown whenever the reader has no uncommitted text.
    pub value: AttrValue,
    /// Called with the input's text when the reader commits it (Enter or leaving the field).
    pub on_commit: Callback<String>,
    /// The input's `type`.
    #[prop_or(AttrValue::Static("number"))]
    pub kind: AttrValue,
    #[prop_or_default]
    pub class: Classes,
    #[prop_or_default]
    pub min: Option<AttrValue>,
    #[prop_or_default]
    pub max: Option<AttrValue>,
    #[prop_or_default]
    pub step: Option<AttrValue>,
    #[prop_or_default]
    pub title: Option<AttrValue>,
    /// The `id` of the help text (`aria-describedby`).
    #[prop_or_default]
    pub describedby: Option<AttrValue>,
    /// An accessible name, for an input without a `<label for>` (`aria-label`).
    #[prop_or_default]
    pub label: Option<AttrValue>,
    /// Whether the last commit was refused (`aria-invalid`).
    #[prop_or_default]
    pub invalid: bool,
    #[prop_or_default]
    pub maxlength: Option<AttrValue>,
    /// The on-screen keyboard to offer (`inputmode`), e.g. `numeric` for a text box of digits.
    #[prop_or_default]
    pub inputmode: Option<AttrValue>,
    /// The `data-setting` hook the Board's tests and styles read.
    #[prop_or_default]
    pub setting: Option<AttrValue>,
    /// Whether the browser may mark spelling: off for names, numbers and dates.
    #[prop_or(true)]
    pub spellcheck: bool,
}

/// The uncommitted text, and the committed value it was typed over.
#[derive(Default)]
struct Draft {
    text: Option<String>,
    over: AttrValue,
}

/// An input whose typed text survives re-renders until it is committed.
#[function_component(DraftInput)]
pub fn draft_input(props: &DraftInputProps) -> Html {
    let draft = use_mut_ref(Draft::default);
    // A new committed value (the reader's own commit, or a restored address) replaces any draft.
    let shown = {
        let mut d = draft.borrow_mut();
        if d.over != props.value {
            d.text = None;
            d.over = props.value.clone();
        }
        d.text.clone().unwrap_or_else(|| props.value.to_string())
    };
    // Only remembered, not rendered: the DOM already shows what was typed.
    let oninput = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            draft.borrow_mut().text = Some(input.value());
        })
    };
    let onchange = {
        let on_commit = props.on_commit.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            // A refused commit leaves the value as it was; the next render shows it again.
            draft.borrow_mut().text = None;
            on_commit.emit(input.value());
        })
    };
    html! {
        <input id={props.id.clone()} class={props.class.clone()} type={props.kind.clone()}
            min={props.min.clone()} max={props.max.clone()} step={props.step.clone()}
            title={props.title.clone()} aria-describedby={props.describedby.clone()}
            aria-label={props.label.clone()} aria-invalid={props.invalid.to_string()}
            maxlength={props.maxlength.clone()} inputmode={props.inputmode.clone()}
            data-setting={props.setting.clone()}
            spellcheck={(!props.spellcheck).then_some("false")} autocomplete="off"
            value={shown} {oninput} {onchange} />
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[derive(Properties, PartialEq)]
    struct HostProps {
        value: AttrValue,
        /// Changes only to force a re-render with the same committed value.
        tick: u32,
    }

    #[function_component(Host)]
    fn host(props: &HostProps) -> Html {
        html! {
            <div data-tick={props.tick.to_string()}>
                <DraftInput id="draft" value={props.value.clone()} on_commit={Callback::from(|_: String| ())} />
            </div>
        }
    }

    #[wasm_bindgen_test]
    async fn typed_text_survives_a_re_render_and_a_new_value_replaces_it() {
        let root = gloo::utils::document().create_element("div").unwrap();
        gloo::utils::document()
            .body()
            .unwrap()
            .append_child(&root)
            .unwrap();
        let mut app = yew::Renderer::<Host>::with_root_and_props(
            root.clone(),
            HostProps {
                value: "160".into(),
                tick: 0,
            },
        )
        .render();
        yew::scheduler::flush().await;
        let input: HtmlInputElement = root
            .query_selector("#draft")
            .unwrap()
            .unwrap()
            .dyn_into()
            .unwrap();
        assert_eq!(input.value(), "160");

        // The reader types "1"; the parent re-renders (as streamed statistics make it do).
        input.set_value("1");
        input
            .dispatch_event(&web_sys::Event::new("input").unwrap())
            .unwrap();
        app.update(HostProps {
            value: "160".into(),
            tick: 1,
        });
        yew::scheduler::flush().await;
        assert_eq!(input.value(), "1", "a re-render overwrote the typed text");

        // A new committed value (a restored address, say) wins over the draft.
        app.update(HostProps {
            value: "7".into(),
            tick: 2,
        });
        yew::scheduler::flush().await;
        assert_eq!(input.value(), "7");
        root.remove();
    }
}
