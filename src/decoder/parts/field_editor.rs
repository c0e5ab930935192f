//! One editor per field: its value, its range 0 … 2^w − 1, and what the value means (a time, an
//! object type). Editing recomposes the ID; a value that does not fit is refused in place.

use shardlab_core::layout::BitLayout;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::field_values::{meaning, warnings};
use crate::decoder::state::Refused;
use crate::widgets::palette::role_class;

/// Props for [`field_editors`].
#[derive(PartialEq)]
pub struct FieldEditorsProps {
    /// The layout.
    pub layout: BitLayout,
    /// Whether the layout is Pinterest's (type numbers then have names).
    pub pinterest: bool,
    /// The ID.
    pub id: u64,
    /// The last refused value, if any.
    pub refused: Option<Refused<usize>>,
    /// Called with (position, text) on every edit.
    pub on_edit: Callback<(usize, String)>,
}

/// The editors, most significant field first.
pub fn field_editors(props: &FieldEditorsProps) -> Html {
    let decoded = props.layout.decode(props.id);
    let editors = decoded.fields.iter().enumerate().map(|(position, field)| {
        let max = props.layout.field(position).map_or(0, |f| f.max_value());
        let refused = props.refused.as_ref().filter(|r| r.key == position);
        let text = refused.map_or_else(|| field.value.to_string(), |r| r.text.clone());
        let input_id = format!("field-{position}");
        let error_id = format!("field-{position}-error");
        let range_id = format!("field-{position}-range");
        let oninput = {
            let on_edit = props.on_edit.clone();
            Callback::from(move |e: InputEvent| {
                let input: HtmlInputElement = e.target_unchecked_into();
                on_edit.emit((position, input.value()));
            })
        };
        let top = field.shift.saturating_add(field.width).saturating_sub(1);
        let what = meaning(field, props.pinterest);
        html! {
            <div class={classes!("field-editor", role_class(field.role), refused.map(|_| "invalid"))}
                data-field={field.name.clone()}>
                <label for={input_id.clone()}>
                    <span class="field-name">{ field.name.clone() }</span>
                    <span class="field-meta">{ format!("{} · {} bits · bits {top}–{}", field.role, field.width, field.shift) }</span>
                </label>
                <input id={input_id} class="mono" type="text" inputmode="numeric" spellcheck="false" autocomplete="off"
                    value={text} {oninput}
                    aria-invalid={refused.is_some().to_string()}
                    aria-describedby={format!("{range_id} {error_id}")} />
                <span id={range_id} class="field-range mono">{ format!("0 … {max}") }</span>
                { for what.map(|m| html! { <span class="field-meaning">{ m }</span> }) }
                <span id={error_id} class="error" role="alert">
                    { refused.map(|r| r.message.clone()).unwrap_or_default() }
                </span>
            </div>
        }
    });
    html! {
        <section class="panel fields-panel" aria-labelledby="fields-title">
            <h2 id="fields-title">{ "The fields" }</h2>
            <div class="field-editors">{ for editors }</div>
            { warnings(&decoded) }
        </section>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
#[allow(clippy::unwrap_used)]
mod browser_tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use shardlab_core::layout::Preset;

    use super::*;
    use crate::test_support::{find, mount_part, texts};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    async fn a_refused_value_stays_with_its_reason_and_edits_are_sent() {
        let sent = Rc::new(RefCell::new(Vec::new()));
        let props = FieldEditorsProps {
            layout: Preset::Pinterest.layout(),
            pinterest: true,
            id: 241_294_492_511_762_325,
            refused: Some(Refused {
                key: 2,
                text: "5000".into(),
                message: "5000 does not fit: type has 10 bits".into(),
            }),
            on_edit: {
                let sent = sent.clone();
                Callback::from(move |edit| sent.borrow_mut().push(edit))
            },
        };
        let root = mount_part(field_editors, props).await;
        let input = |name: &str| {
            find(
                &root,
                &format!(r#".field-editor[data-field="{name}"] input"#),
            )
            .unchecked_into::<HtmlInputElement>()
        };
        assert_eq!(input("shard").value(), "3429");
        assert_eq!(input("type").value(), "5000");
        assert_eq!(
            input("type").get_attribute("aria-invalid").as_deref(),
            Some("true")
        );
        assert!(texts(&root, ".field-editor .error")
            .iter()
            .any(|t| t == "5000 does not fit: type has 10 bits"));
        assert!(texts(&root, ".field-range").contains(&"0 … 65535".to_owned()));

        let shard = input("shard");
        shard.set_value("3430");
        shard
            .dispatch_event(&web_sys::InputEvent::new("input").unwrap())
            .unwrap();
        assert_eq!(sent.borrow().as_slice(), [(1, "3430".to_owned())]);
    }
}
