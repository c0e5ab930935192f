//! The tool row above the board: the preset picker, one button per node kind, "Connect to…" (the
//! click alternative to dragging a wire) and Delete.

use shardlab_core::sim::{preset, Design, NodeKind, PRESET_NAMES};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::preview::kind_class;
use super::state::{Action, Selection};

/// The palette's inputs.
#[derive(Properties, PartialEq)]
pub struct PaletteProps {
    /// The preset the board started from.
    pub preset: Option<String>,
    /// The design (for the Connect list and placing new boxes).
    pub design: Design,
    /// The selection.
    pub selected: Selection,
    /// The node waiting for a target.
    pub connecting: Option<String>,
    /// The page's dispatcher.
    pub dispatch: Callback<Action>,
}

/// The tool row.
#[function_component(Palette)]
pub fn palette(props: &PaletteProps) -> Html {
    let dispatch = &props.dispatch;
    let on_preset = dispatch.reform(|e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        Action::LoadPreset(select.value())
    });
    let count = props.design.nodes.len() as f64;
    let adds = NodeKind::ALL.iter().map(|kind| {
        let kind = *kind;
        // New boxes go in a loose diagonal near the top left, so they never land on each other.
        let (x, y) = (120.0 + (count % 6.0) * 40.0, 60.0 + (count % 6.0) * 30.0);
        html! {
            <button type="button" class={classes!("add-node", kind_class(kind))}
                onclick={dispatch.reform(move |_| Action::AddNode(kind, x, y))}>
                { format!("+ {}", kind.title()) }
            </button>
        }
    });
    let connect = match (&props.connecting, &props.selected) {
        (Some(from), _) => {
            let on_pick = {
                let from = from.clone();
                dispatch.reform(move |e: Event| {
                    let select: HtmlSelectElement = e.target_unchecked_into();
                    Action::Connect(from.clone(), select.value())
                })
            };
            let options = props
                .design
                .nodes
                .iter()
                .filter(|n| &n.id != from)
                .map(|n| {
                    html! { <option value={n.id.clone()}>{ n.label.clone() }</option> }
                });
            html! {
                <span class="connect-pick" role="group" aria-label="Connect">
                    <label for="board-connect-to">{ "Connect to" }</label>
                    <select id="board-connect-to" onchange={on_pick}>
                        <option value="" selected=true disabled=true>{ "choose a node…" }</option>
                        { for options }
                    </select>
                    <span class="hint">{ "or click the target on the board." }</span>
                    <button type="button" onclick={dispatch.reform(|_| Action::CancelConnect)}>{ "Cancel" }</button>
                </span>
            }
        }
        (None, Selection::Node(_)) => html! {
            <button type="button" onclick={dispatch.reform(|_| Action::StartConnect)}>{ "Connect to…" }</button>
        },
        _ => html! {},
    };
    let can_delete = props.selected != Selection::None;
    html! {
        <div class="board-palette" role="toolbar" aria-label="Board tools">
            <label for="board-preset">{ "Preset" }</label>
            <select id="board-preset" onchange={on_preset}>
                { for PRESET_NAMES.iter().map(|name| {
                    let title = preset(name).map_or(*name, |p| p.title);
                    html! { <option value={*name} selected={props.preset.as_deref() == Some(*name)}>{ title }</option> }
                }) }
                if props.preset.is_none() {
                    <option value="" selected=true disabled=true>{ "your own design" }</option>
                }
            </select>
            <span class="palette-adds" role="group" aria-label="Add a node">{ for adds }</span>
            { connect }
            <button type="button" class="danger" disabled={!can_delete}
                onclick={dispatch.reform(|_| Action::DeleteSelected)}>{ "Delete" }</button>
        </div>
    }
}
