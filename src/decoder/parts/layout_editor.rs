//! The layout editor: a preset picker, and for each field its name, width and role, a click
//! alternative to dragging its lower boundary (◀ ▶), and a remove button. Every edit goes through
//! the core's validated editing helpers; a refused edit leaves the layout as it was and says why.

use shardlab_core::layout::{BitLayout, FieldRole, Preset, ID_BITS};
use yew::prelude::*;

use super::time_base_editor::{time_base_editor, TimeBaseEditorProps};
use crate::decoder::dom::target_value;
use crate::decoder::state::{Action, Refused, TimePart};
use crate::widgets::draft_input::DraftInput;
use crate::widgets::palette::role_class;

/// Props for [`layout_editor`].
#[derive(PartialEq)]
pub struct LayoutEditorProps {
    /// The preset the layout came from.
    pub base: Preset,
    /// The layout.
    pub layout: BitLayout,
    /// Whether it differs from the preset.
    pub edited: bool,
    /// The last refusal.
    pub error: Option<String>,
    /// The ID on screen, for the decoded timestamp beside the time base.
    pub id: u64,
    /// The last refused time base edit.
    pub time_refused: Option<Refused<(usize, TimePart)>>,
    /// Sends an action to the reducer.
    pub dispatch: Callback<Action>,
}

/// The editor.
pub fn layout_editor(props: &LayoutEditorProps) -> Html {
    let dispatch = &props.dispatch;
    let on_preset = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(Ok(preset)) = target_value(&e).map(|v| Preset::from_name(&v)) {
                dispatch.emit(Action::PickPreset(preset));
            }
        })
    };
    let count = props.layout.field_count();
    let rows = props.layout.fields().iter().enumerate().map(|(position, field)| {
        let send = |make: fn(usize, String) -> Action| {
            let dispatch = dispatch.clone();
            Callback::from(move |text: String| dispatch.emit(make(position, text)))
        };
        let on_name = send(|position, name| Action::RenameField { position, name });
        let on_width = send(|position, text| Action::SetWidth { position, text });
        let on_role = {
            let dispatch = dispatch.clone();
            Callback::from(move |e: Event| {
                if let Some(role) = target_value(&e).and_then(|v| FieldRole::from_label(&v)) {
                    dispatch.emit(Action::SetRole { position, role });
                }
            })
        };
        let mover = |bits: i32| {
            let dispatch = dispatch.clone();
            Callback::from(move |_| dispatch.emit(Action::MoveBoundary { position, bits }))
        };
        let on_remove = {
            let dispatch = dispatch.clone();
            Callback::from(move |_| dispatch.emit(Action::RemoveField(position)))
        };
        let below = props.layout.field(position.saturating_add(1));
        let name_id = format!("layout-name-{position}");
        html! {
            <tr key={format!("{position}-{}", field.name)} class={role_class(field.role)}>
                <td class="swatch-cell"><span class="swatch" aria-hidden="true"></span></td>
                <td class="name-cell" data-label="name">
                    <label class="visually-hidden" for={name_id.clone()}>{ format!("Name of field {}", position.saturating_add(1)) }</label>
                    <DraftInput id={name_id} class="mono name-input" kind="text" value={field.name.clone()}
                        spellcheck={false} on_commit={on_name} />
                </td>
                <td class="bits-cell" data-label="bits">
                    <DraftInput id={format!("layout-width-{position}")} class="mono width-input" min="1"
                        max={ID_BITS.to_string()} value={field.width.to_string()}
                        label={format!("Width of {} in bits", field.name)} on_commit={on_width} />
                </td>
                <td class="role-cell" data-label="role">
                    <select aria-label={format!("Role of {}", field.name)} onchange={on_role}>
                        { for FieldRole::ALL.iter().map(|role| html! {
                            <option value={role.label()} selected={*role == field.role}>{ role.label() }</option>
                        }) }
                    </select>
                </td>
                <td class="boundary-cell" data-label={below.map(|_| "boundary below")}>
                    { for below.map(|lower| html! {
                        <span class="boundary-buttons">
                            <button type="button" class="small" onclick={mover(-1)}
                                aria-label={format!("Move the boundary between {} and {} left: one bit from {} to {}", field.name, lower.name, field.name, lower.name)}>{ "◀" }</button>
                            <button type="button" class="small" onclick={mover(1)}
                                aria-label={format!("Move the boundary between {} and {} right: one bit from {} to {}", field.name, lower.name, lower.name, field.name)}>{ "▶" }</button>
                        </span>
                    }) }
                </td>
                <td class="remove-cell">
                    <button type="button" class="small" onclick={on_remove} disabled={count <= 1}
                        aria-label={format!("Remove {}", field.name)}>{ "Remove" }</button>
                </td>
            </tr>
        }
    });
    let on_add = {
        let dispatch = dispatch.clone();
        Callback::from(move |_| dispatch.emit(Action::AddField))
    };
    let unused = props.layout.unused_top_bits();
    html! {
        <section class="panel layout-panel" aria-labelledby="layout-title">
            <h2 id="layout-title">{ "The layout" }</h2>
            <div class="preset-row">
                <label for="preset-picker">{ "Preset" }</label>
                <select id="preset-picker" onchange={on_preset}>
                    { for Preset::ALL.iter().map(|p| html! {
                        <option value={p.name()} selected={*p == props.base}>{ p.title() }</option>
                    }) }
                </select>
                if props.edited {
                    <span class="edited-badge">{ format!("edited from {}", props.base.title()) }</span>
                }
            </div>
            <p class="help">
                { "Picking a preset loads its example ID. Edits keep the ID's 64 bits and read them anew. \
                   Drag a ◆ on the strip, or use ◀ ▶ here, to move bits between neighbours." }
            </p>
            <div class="table-scroll">
                <table class="layout-table">
                    <caption class="visually-hidden">{ "Fields, most significant first" }</caption>
                    <thead>
                        <tr>
                            <th scope="col"><span class="visually-hidden">{ "colour" }</span></th>
                            <th scope="col">{ "name" }</th>
                            <th scope="col">{ "bits" }</th>
                            <th scope="col">{ "role" }</th>
                            <th scope="col">{ "boundary below" }</th>
                            <th scope="col"><span class="visually-hidden">{ "remove" }</span></th>
                        </tr>
                    </thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            { time_base_editor(&TimeBaseEditorProps {
                layout: props.layout.clone(),
                id: props.id,
                refused: props.time_refused.clone(),
                dispatch: dispatch.clone(),
            }) }
            <p class="unused-line">
                if unused == 0 {
                    { "All 64 bits belong to fields." }
                } else {
                    { format!("The top {unused} bits belong to no field; they count as reserved and should be 0.") }
                }
                { " " }
                <button type="button" onclick={on_add}>{ "Add a field" }</button>
            </p>
            <p class="error" role="alert" data-testid="layout-error">{ props.error.clone().unwrap_or_default() }</p>
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

    use super::*;
    use crate::test_support::{find, mount_part, texts};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    async fn the_click_alternative_to_dragging_sends_a_one_bit_move() {
        let sent = Rc::new(RefCell::new(Vec::new()));
        let props = LayoutEditorProps {
            base: Preset::Pinterest,
            layout: Preset::Pinterest.layout().move_boundary(2, 1).unwrap(),
            edited: true,
            error: Some("Not applied: <b>why</b>.".into()),
            id: 0,
            time_refused: None,
            dispatch: {
                let sent = sent.clone();
                Callback::from(move |action| sent.borrow_mut().push(action))
            },
        };
        let root = mount_part(layout_editor, props).await;
        assert_eq!(texts(&root, ".edited-badge"), ["edited from Pinterest"]);
        assert_eq!(
            texts(&root, "[data-testid=layout-error]"),
            ["Not applied: <b>why</b>."]
        );
        assert!(root.query_selector("b").unwrap().is_none());
        // Pinterest has no timestamp, so there is no time base editor.
        assert!(root.query_selector(".time-base").unwrap().is_none());
        find(
            &root,
            r#"button[aria-label^="Move the boundary between type and local right"]"#,
        )
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
        assert_eq!(
            sent.borrow().as_slice(),
            [Action::MoveBoundary {
                position: 2,
                bits: 1
            }]
        );
    }
}
