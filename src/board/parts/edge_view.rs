//! One edge on the board: a line from box edge to box edge with an arrow head, a wider invisible
//! line to click, and its keyboard path (Tab to it, Enter or Space selects it, Delete removes it).

use web_sys::{MouseEvent, PointerEvent};
use yew::prelude::*;

use super::driver::{on_key, pointer, OnInput};
use crate::board::geometry::edge_ends;
use crate::board::gesture::{Input, Item, Target};

/// An edge's inputs.
pub struct EdgeViewProps<'a> {
    /// Its index in `design.edges`.
    pub index: usize,
    /// The source node's id.
    pub from: AttrValue,
    /// The target node's id.
    pub to: AttrValue,
    /// The source node's label, for screen readers.
    pub from_label: AttrValue,
    /// See `from_label`.
    pub to_label: AttrValue,
    /// The source node's centre (live while it is dragged), board units.
    pub from_at: (f64, f64),
    /// See `from_at`.
    pub to_at: (f64, f64),
    /// Whether it is selected.
    pub selected: bool,
    /// Clicks and keys.
    pub on_input: &'a OnInput,
}

/// One edge, keyed by its ends: a plain function, not a component (see `node_view`).
pub fn edge_view(props: &EdgeViewProps) -> Html {
    let index = props.index;
    let (x1, y1, x2, y2) = edge_ends(props.from_at, props.to_at);
    // The edge's name, `from→to`: its key among the edges and its `data-edge`.
    let name = format!("{}→{}", props.from, props.to);
    let aria = format!(
        "Edge from {} to {}. Delete removes it.",
        props.from_label, props.to_label
    );
    let onclick = props.on_input.reform(move |e: MouseEvent| {
        e.stop_propagation();
        (Input::EdgeClick(index), e.into())
    });
    // A press on an edge is not a pan, but a finger on it may be half of a pinch.
    let onpointerdown = props.on_input.reform(move |e: PointerEvent| {
        e.stop_propagation();
        let input = Input::Down {
            pointer: pointer(&e),
            on: Target::Edge(index),
            primary: e.button() == 0,
        };
        (input, e.into())
    });
    let onkeydown = on_key(props.on_input, Item::Edge(index));
    let (x1, y1, x2, y2) = (
        format!("{x1:.1}"),
        format!("{y1:.1}"),
        format!("{x2:.1}"),
        format!("{y2:.1}"),
    );
    html! {
        <g key={name.clone()} class={classes!("edge", props.selected.then_some("selected"))} tabindex="0" role="button"
            aria-label={aria} aria-pressed={props.selected.to_string()}
            data-edge={name} {onclick} {onpointerdown} {onkeydown}>
            <line class="edge-hit" x1={x1.clone()} y1={y1.clone()} x2={x2.clone()} y2={y2.clone()} />
            <line class="edge-line" {x1} {y1} {x2} {y2} marker-end="url(#board-arrow)" />
        </g>
    }
}
