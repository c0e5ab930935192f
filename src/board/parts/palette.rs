//! The tool row above the board: the preset picker, one button per node kind, "Connect to…" (the
//! click alternative to dragging a wire) and Delete.

use shardlab_core::sim::{preset, Design, NodeKind, PRESET_NAMES};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::board::geometry::free_spot;
use crate::board::preview::kind_class;
use crate::board::state::{Action, Selection};

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
    // "Connect to…" moves focus into the list it opens.
    let picker = use_node_ref();
    {
        let picker = picker.clone();
        use_effect_with(props.connecting.clone(), move |_| {
            if let Some(select) = picker.cast::<HtmlSelectElement>() {
                let _ = select.focus();
            }
        });
    }
    let on_preset = dispatch.reform(|e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        Action::LoadPreset(select.value())
    });
    let boxes: Vec<(f64, f64)> = props.design.nodes.iter().map(|n| (n.x, n.y)).collect();
    // A new box goes in free space, clear of every box on the board.
    let (x, y) = free_spot(&boxes);
    let adds = NodeKind::ALL.iter().map(|kind| {
        let kind = *kind;
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
            // Only the targets the model accepts (the core's callees) and not yet wired.
            let options = props.design.connect_targets(from).into_iter().map(|n| {
                html! { <option value={n.id.clone()}>{ n.label.clone() }</option> }
            });
            html! {
                <span class="connect-pick" role="group" aria-label="Connect">
                    <label for="board-connect-to">{ "Connect to" }</label>
                    <select id="board-connect-to" ref={picker.clone()} onchange={on_pick}>
                        <option value="" selected=true disabled=true>{ "choose a node…" }</option>
                        { for options }
                    </select>
                    <span class="hint">{ "or click the target on the board." }</span>
                    <button type="button" onclick={dispatch.reform(|_| Action::CancelConnect)}>{ "Cancel" }</button>
                </span>
            }
        }
        (None, Selection::Node(id)) => {
            // A new, unwired node that can sit on an existing edge (a load balancer on users →
            // App Server) is offered that place.
            let design = &props.design;
            let splice = design
                .node(id)
                .filter(|_| !design.edges.iter().any(|e| &e.from == id || &e.to == id))
                .and_then(|n| design.splice_point(n.settings.kind()))
                .and_then(|index| {
                    let edge = design.edges.get(index)?;
                    let label = |id: &str| design.node(id).map(|n| n.label.clone());
                    let text = format!("Put it between {} and {}", label(&edge.from)?, label(&edge.to)?);
                    let id = id.clone();
                    Some(html! {
                        <button type="button" onclick={dispatch.reform(move |_| Action::Splice(id.clone(), index))}>
                            { text }
                        </button>
                    })
                });
            html! {
                <>
                    { for splice }
                    <button type="button" onclick={dispatch.reform(|_| Action::StartConnect)}>{ "Connect to…" }</button>
                </>
            }
        }
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
