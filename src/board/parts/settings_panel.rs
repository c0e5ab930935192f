//! The settings of the selected node as a table of Where, Setting, Value and Why. The Why is the
//! preset's own reason while the value is still the preset's, and the knob's general reason after.

use shardlab_core::sim::{Node, NodeSettings, Setting};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::board::state::Action;
use crate::widgets::draft_input::DraftInput;

/// One row of the table, already resolved by the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The knob.
    pub setting: Setting,
    /// Its value as the control shows it.
    pub value: String,
    /// Why it is set so.
    pub why: &'static str,
}

/// The panel's inputs.
pub struct SettingsPanelProps {
    /// The selected node, if any.
    pub node: Option<Node>,
    /// Its rows.
    pub rows: Vec<Row>,
    /// A refused edit: (setting, message).
    pub error: Option<(Setting, String)>,
    /// Describes a selected edge instead, when one is selected.
    pub edge: Option<String>,
    /// The page's dispatcher.
    pub dispatch: Callback<Action>,
}

/// The control for one knob of `node_id`: a select for a choice, a draft number box otherwise.
pub fn control(node_id: &str, row: &Row, dispatch: &Callback<Action>, invalid: bool) -> Html {
    let id = format!("setting-{}-{}", node_id, row.setting.key());
    let setting = row.setting;
    let node = node_id.to_string();
    // The core's settings table says which control a knob gets and what it accepts.
    let spec = setting.spec();
    match spec.range {
        None => {
            let onchange = dispatch.reform(move |e: Event| {
                let select: HtmlSelectElement = e.target_unchecked_into();
                Action::SetSetting(node.clone(), setting, select.value())
            });
            html! {
                <select {id} {onchange} aria-label={spec.label} data-setting={spec.name}>
                    { for spec.choices.iter().map(|choice| html! {
                        <option value={choice.value} selected={row.value == choice.value}>{ choice.text }</option>
                    }) }
                </select>
            }
        }
        Some(range) => {
            // A draft input: the running simulation re-renders the board while the reader types.
            let on_commit = dispatch
                .reform(move |text: String| Action::SetSetting(node.clone(), setting, text));
            html! {
                <DraftInput {id} min={range.min.to_string()} max={range.max.to_string()}
                    step={range.step.to_string()} value={row.value.clone()} {on_commit}
                    label={spec.label} setting={spec.name} {invalid} />
            }
        }
    }
}

/// The settings panel: a plain function, not a component (a component costs the Board's page
/// about 0.7 kB of brotli, and the panel is quick to draw again).
pub fn settings_panel(props: &SettingsPanelProps) -> Html {
    let body = match (&props.node, &props.edge) {
        (Some(node), _) => {
            let kind = node.settings.kind();
            let node_id = node.id.clone();
            let on_label = props
                .dispatch
                .reform(move |text: String| Action::SetLabel(node_id.clone(), text));
            let rows = props.rows.iter().map(|row| {
                let error = props
                    .error
                    .as_ref()
                    .filter(|(s, _)| *s == row.setting)
                    .map(|(_, m)| m.clone());
                html! {
                    <tr data-setting={row.setting.key()}>
                        <td data-label="Where">{ node.label.clone() }</td>
                        <th scope="row" data-label="Setting">{ row.setting.label() }</th>
                        <td data-label="Value">
                            { control(&node.id, row, &props.dispatch, error.is_some()) }
                            if let Some(message) = error {
                                <span class="field-error" role="alert">{ message }</span>
                            }
                        </td>
                        <td data-label="Why" class="why">{ row.why }</td>
                    </tr>
                }
            });
            html! {
                <>
                    <p class="kind-why">{ kind.why() }</p>
                    <p class="label-row">
                        <label for="board-settings-first">{ "Label" }</label>
                        <DraftInput id="board-settings-first" kind="text" maxlength={crate::board::state::MAX_LABEL_CHARS.to_string()}
                            value={node.label.clone()} on_commit={on_label} />
                    </p>
                    if props.rows.is_empty() {
                        <p>{ "This box has no knobs: it spreads requests over the App Server copies." }</p>
                    } else {
                        <table class="settings-table">
                            <thead><tr>
                                <th scope="col">{ "Where" }</th><th scope="col">{ "Setting" }</th>
                                <th scope="col">{ "Value" }</th><th scope="col">{ "Why" }</th>
                            </tr></thead>
                            <tbody>{ for rows }</tbody>
                        </table>
                    }
                    if let NodeSettings::Database(database) = &node.settings {
                        <super::shard_samples::ShardSamples database={database.clone()} />
                    }
                </>
            }
        }
        (None, Some(edge)) => html! {
            <>
                <p>{ edge.clone() }</p>
                <button type="button" class="danger"
                    onclick={props.dispatch.reform(|_| Action::DeleteSelected)}>{ "Delete this edge" }</button>
            </>
        },
        (None, None) => html! {
            <p class="muted">{ "Select a box on the board (click it, or Tab to it and press Enter) to see its settings and why each is set so." }</p>
        },
    };
    let title = props.node.as_ref().map_or_else(
        || "Settings".to_string(),
        |n| format!("Settings: {}", n.label),
    );
    html! {
        <section class="panel board-settings" id="board-settings" aria-labelledby="board-settings-title">
            <h2 id="board-settings-title">{ title }</h2>
            { body }
        </section>
    }
}
