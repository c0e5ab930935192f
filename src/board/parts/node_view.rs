//! One box on the board: its kind's colour, its label (as text), a port to wire from, a badge when
//! validation blames it, and its keyboard path (Tab to it, arrows move it, Enter opens its settings,
//! Delete removes it). Its accessible name begins with the lines it shows, and focus draws a ring
//! in the focus colour around it.

use shardlab_core::sim::Node;
use yew::prelude::*;

use super::driver::{on_key, pointer, OnInput};
use crate::board::geometry::{squeeze_text, NODE_H, NODE_W};
use crate::board::gesture::{Input, Item, Target};
use crate::board::preview::kind_class;

/// What a box shows of its load: the run's average, or one second's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeShown {
    /// Busy share of its cores, 0 … 1, if it queues.
    pub utilisation: Option<f64>,
    /// Requests per second.
    pub requests_per_s: f64,
    /// Requests waiting when the second shown ended; `None` for the whole run.
    pub queued: Option<u64>,
    /// Its badge when it dropped requests in the second shown: the short text and every cause.
    pub dropped: Option<(String, String)>,
}

/// A node's inputs.
pub struct NodeViewProps<'a> {
    /// The node.
    pub node: &'a Node,
    /// Where to draw it (its position, or the live one while it is dragged).
    pub x: f64,
    /// See `x`.
    pub y: f64,
    /// Whether it is selected.
    pub selected: bool,
    /// Whether it is the source of a pending "Connect to…".
    pub connecting: bool,
    /// Validation messages that name it.
    pub problems: usize,
    /// Its load from the latest run or estimate.
    pub load: Option<&'a NodeShown>,
    /// Pointer down on the box (drag or select) or its port (wire an edge), and keys.
    pub on_input: &'a OnInput,
}

/// A press on the box or on its port: the canvas's background does not see it.
fn on_press(on_input: &OnInput, target: Target) -> Callback<PointerEvent> {
    on_input.reform(move |e: PointerEvent| {
        e.stop_propagation();
        let input = Input::Down {
            pointer: pointer(&e),
            on: target.clone(),
            primary: e.button() == 0,
        };
        (input, e.into())
    })
}

/// How far the focus ring stands outside the box, in board units.
const FOCUS_GAP: f64 = 6.0;

/// The `textLength` that fits a line of `font_px` text in the box, if it needs squeezing.
fn fit(text: &str, font_px: f64) -> Option<String> {
    squeeze_text(text.chars().count(), font_px).map(|room| room.to_string())
}

/// The load line under the box's kind: busy share and rate, or one second's queue.
fn load_line(load: &NodeShown) -> String {
    let rps = load.requests_per_s;
    // One second shows its queue, where the whole run shows its rate.
    let rate = match load.queued {
        Some(queued) => format!("{queued} queued"),
        None if rps >= 1_000.0 => format!("{:.1}k req/s", rps / 1_000.0),
        None => format!("{rps:.0} req/s"),
    };
    match load.utilisation {
        Some(u) => format!("{:.0} % busy · {rate}", u * 100.0),
        None => rate,
    }
}

/// One node, keyed by its id: a plain function, not a component (a component costs the Board's
/// page about 0.7 kB of brotli, and a board of at most a few dozen boxes is quick to draw again).
pub fn node_view(props: &NodeViewProps) -> Html {
    let node = props.node;
    let kind = node.settings.kind();
    let (x, y) = (props.x, props.y);
    let id = node.id.clone();
    let on_down = on_press(props.on_input, Target::Node(id.clone()));
    let on_port = on_press(props.on_input, Target::Port(id.clone()));
    let on_key = on_key(props.on_input, Item::Node(id.clone()));
    let label = if node.label.is_empty() {
        kind.title().to_string()
    } else {
        node.label.clone()
    };
    let dropped = props.load.and_then(|l| l.dropped.as_ref());
    let dropped_words = dropped
        .map(|(_, causes)| format!(" Dropped {causes} in this second."))
        .unwrap_or_default();
    let hot = props
        .load
        .and_then(|l| l.utilisation)
        .is_some_and(|u| u >= 0.85);
    let load_text = props.load.map(load_line);
    // The name starts with every line the box shows, in order, so that it holds the visible text
    // (WCAG 2.5.3, label in name): a reader who says "click API 62 % busy" names this box.
    let shown: Vec<&str> = [Some(label.as_str()), Some(kind.title())]
        .into_iter()
        .chain([load_text.as_deref(), dropped.map(|(short, _)| short.as_str())])
        .flatten()
        .collect();
    let aria = format!(
        "{}.{dropped_words} Arrow keys move it, Enter opens its settings, Delete removes it.",
        shown.join(", ")
    );
    let badge = (props.problems > 0).then(|| {
        let (bx, by) = (x + NODE_W / 2.0 - 4.0, y - NODE_H / 2.0 + 4.0);
        html! {
            <g class="node-badge" aria-hidden="true">
                <circle cx={bx.to_string()} cy={by.to_string()} r="11" />
                <text x={bx.to_string()} y={(by + 5.0).to_string()}>{ "!" }</text>
            </g>
        }
    });
    let load = load_text.map(|text| {
        html! {
            <text x={x.to_string()} y={(y + 25.0).to_string()} textLength={fit(&text, 12.0)} lengthAdjust="spacingAndGlyphs"
                class={classes!("node-load", hot.then_some("hot"))}>{ text }</text>
        }
    });
    let dropped = dropped.map(|(short, causes)| {
        let top = y - NODE_H / 2.0 - 20.0;
        html! {
            <g class="drop-badge" data-testid="drop-badge">
                <rect x={(x - NODE_W / 2.0).to_string()} y={top.to_string()} width={NODE_W.to_string()} height="17" rx="8" />
                <text x={x.to_string()} y={(top + 12.5).to_string()} textLength={fit(short, 12.0)}
                    lengthAdjust="spacingAndGlyphs">{ short.clone() }</text>
                <title>{ causes.clone() }</title>
            </g>
        }
    });
    html! {
        <g key={id.clone()} class={classes!("node", kind_class(kind), props.selected.then_some("selected"), hot.then_some("hot"),
                props.connecting.then_some("connecting"), (props.problems > 0).then_some("invalid"))}
            data-node={id.clone()} tabindex="0" role="button" aria-label={aria}
            aria-pressed={props.selected.to_string()}
            onpointerdown={on_down} onkeydown={on_key}>
            <rect x={(x - NODE_W / 2.0).to_string()} y={(y - NODE_H / 2.0).to_string()}
                width={NODE_W.to_string()} height={NODE_H.to_string()} rx="10" />
            // Its own group, after the box: the box stays the node's first (and only direct) rect.
            <g class="focus-ring" aria-hidden="true">
                <rect x={(x - NODE_W / 2.0 - FOCUS_GAP).to_string()}
                    y={(y - NODE_H / 2.0 - FOCUS_GAP).to_string()}
                    width={(NODE_W + 2.0 * FOCUS_GAP).to_string()}
                    height={(NODE_H + 2.0 * FOCUS_GAP).to_string()} rx="16" />
            </g>
            // SVG draws no text between elements; the spaces keep the box's lines apart in its
            // visible text, which its name must hold ("Pinners Users", not "PinnersUsers").
            <text x={x.to_string()} y={(y - 10.0).to_string()} class="node-label"
                textLength={fit(&label, 15.0)} lengthAdjust="spacingAndGlyphs">{ label }</text>
            { " " }
            <text x={x.to_string()} y={(y + 8.0).to_string()} class="node-kind">{ kind.title() }</text>
            { " " }
            <circle class="port" cx={(x + NODE_W / 2.0).to_string()} cy={y.to_string()} r="8"
                onpointerdown={on_port}>
                <title>{ "Drag from here to another node to wire an edge" }</title>
            </circle>
            { for load }
            { " " }
            { for dropped }
            { " " }
            { for badge }
        </g>
    }
}
