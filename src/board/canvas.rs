//! The SVG board: boxes at their positions, edges box to box, drag to move, drag the background to
//! pan, Ctrl/Cmd + wheel to zoom (buttons too), drag from a port to wire an edge, and validation
//! callouts pinned next to the node they blame.

use std::collections::BTreeMap;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use shardlab_core::sim::Design;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use super::geometry::{
    client_to_view, edge_ends, hits_node, view_height, View, NODE_H, NODE_W, VIEW_H, VIEW_W,
};
use super::node_view::NodeView;
use super::state::{Action, Selection};

/// How far, in client pixels, a pointer must move before a press becomes a drag.
const DRAG_SLOP: f64 = 3.0;

#[derive(Clone, Debug, PartialEq)]
enum Drag {
    Node {
        id: String,
        grab: (f64, f64),
        start: (f64, f64),
        moved: bool,
    },
    Pan {
        start: (f64, f64),
        view: View,
        moved: bool,
    },
    Wire {
        from: String,
    },
}

/// The board's inputs.
#[derive(Properties, PartialEq)]
pub struct CanvasProps {
    /// The design.
    pub design: Design,
    /// The selection.
    pub selected: Selection,
    /// The node waiting for a "Connect to…" target.
    pub connecting: Option<String>,
    /// Validation messages per node id.
    pub problems: BTreeMap<String, Vec<String>>,
    /// Load per node id: (utilisation, requests/s), from the run or the estimate.
    #[prop_or_default]
    pub loads: BTreeMap<String, (Option<f64>, f64)>,
    /// The page's dispatcher.
    pub dispatch: Callback<Action>,
}

fn view_point(svg: &NodeRef, client_x: i32, client_y: i32) -> (f64, f64) {
    match svg.cast::<Element>() {
        Some(el) => {
            let rect = el.get_bounding_client_rect();
            client_to_view(
                f64::from(client_x),
                f64::from(client_y),
                rect.left(),
                rect.top(),
                rect.width(),
            )
        }
        None => (f64::from(client_x), f64::from(client_y)),
    }
}

fn capture(svg: &NodeRef, pointer_id: i32) {
    if let Some(el) = svg.cast::<Element>() {
        let _ = el.set_pointer_capture(pointer_id);
    }
}

/// Moves focus to the settings panel's first control once the panel has rendered it (tries for
/// about half a second, as the render may land a frame later).
pub fn focus_settings() {
    fn attempt(left: u32) {
        gloo::timers::callback::Timeout::new(16, move || {
            let document = gloo::utils::document();
            let target = document
                .get_element_by_id("board-settings-first")
                .and_then(|el| el.dyn_into::<HtmlElement>().ok());
            if let Some(el) = &target {
                let _ = el.focus();
            }
            let focused = match (&target, document.active_element()) {
                (Some(el), Some(active)) => active.id() == el.id(),
                _ => false,
            };
            if let (false, Some(fewer)) = (focused, left.checked_sub(1)) {
                attempt(fewer);
            }
        })
        .forget();
    }
    attempt(30);
}

/// The board.
#[function_component(Canvas)]
pub fn canvas(props: &CanvasProps) -> Html {
    let svg = use_node_ref();
    let points: Rc<Vec<(f64, f64)>> =
        Rc::new(props.design.nodes.iter().map(|n| (n.x, n.y)).collect());
    let fit = {
        let points = points.clone();
        move |width_px: f64| View::fit_for_width(&points, width_px)
    };
    let view = use_state({
        let fit = fit.clone();
        move || fit(0.0)
    });
    // The viewBox height: taller on a phone (see `view_height`), decided from the board's
    // width once it is on screen and again when a resize crosses the threshold. A cell, not a
    // state: it changes only together with the view, whose `set` renders it.
    let view_h_now = use_mut_ref(|| VIEW_H);
    let view_h = *view_h_now.borrow();
    // The width the board's drawing gets, for the opening view (narrow boards zoom in to legible
    // text). The viewBox is scaled into the inside of the border, and by the smaller of its two
    // ratios: the box keeps the viewBox's aspect ratio including the border, so inside it the
    // height is the limit by a fraction of a pixel.
    let drawn_width = {
        let svg = svg.clone();
        let view_h_now = view_h_now.clone();
        move || {
            let view_h = *view_h_now.borrow();
            svg.cast::<web_sys::Element>().map_or(0.0, |el| {
                let rect = el.get_bounding_client_rect();
                let inner_width = f64::from(el.client_width());
                let border = (rect.width() - inner_width).max(0.0);
                let inner_height = (rect.height() - border).max(0.0);
                inner_width.min(inner_height * VIEW_W / view_h)
            })
        }
    };
    {
        // The first render cannot measure the board; once it is on screen, open at the view that
        // suits its width. The canvas is re-created for each preset, so each opens this way.
        let view = view.clone();
        let fit = fit.clone();
        let drawn_width = drawn_width.clone();
        let view_h_now = view_h_now.clone();
        use_effect_with((), move |_| {
            let width = drawn_width();
            let height = view_height(width);
            let reshaped = height != view_h_now.replace(height);
            let opening = fit(width);
            if reshaped || opening != *view {
                view.set(opening);
            }
            // A phone turned on its side (or a window dragged narrower) crosses the threshold:
            // the board changes shape and opens again for its new width. Other resizes (a
            // mobile address bar sliding away) keep the reader's pan and zoom.
            let listener = EventListener::new(&gloo::utils::window(), "resize", move |_| {
                let width = drawn_width();
                if view_height(width) != *view_h_now.borrow() {
                    view_h_now.replace(view_height(width));
                    view.set(fit(width));
                }
            });
            move || drop(listener)
        });
    }
    // Touch points on the background, for a two-finger pinch.
    let touches = use_mut_ref(Vec::<(i32, f64, f64)>::new);
    let pinch = use_mut_ref(|| None::<(f64, View)>);
    let drag = use_mut_ref(|| None::<Drag>);
    // The dragged node's live position, and the loose end of a wire being drawn.
    let live = use_state(|| None::<(String, f64, f64)>);
    let wire = use_state(|| None::<(String, f64, f64)>);

    // Ctrl/Cmd + wheel zooms about the pointer; a plain wheel scrolls the page as usual. The
    // listener is registered by hand so it may call preventDefault (Yew's is passive).
    {
        let svg = svg.clone();
        let view = view.clone();
        use_effect_with(*view, move |_| {
            let listener = svg.cast::<Element>().map(|el| {
                let target = el.clone();
                EventListener::new_with_options(
                    &el,
                    "wheel",
                    EventListenerOptions::enable_prevent_default(),
                    move |event| {
                        let Some(wheel) = event.dyn_ref::<web_sys::WheelEvent>() else {
                            return;
                        };
                        if !(wheel.ctrl_key() || wheel.meta_key()) {
                            return;
                        }
                        wheel.prevent_default();
                        let rect = target.get_bounding_client_rect();
                        let (vx, vy) = client_to_view(
                            f64::from(wheel.client_x()),
                            f64::from(wheel.client_y()),
                            rect.left(),
                            rect.top(),
                            rect.width(),
                        );
                        let factor = libm::exp(-wheel.delta_y().clamp(-200.0, 200.0) * 0.002);
                        view.set(view.zoom_about(factor, vx, vy));
                    },
                )
            });
            move || drop(listener)
        });
    }

    let on_node_down = {
        let (svg, view, drag, live, dispatch) = (
            svg.clone(),
            view.clone(),
            drag.clone(),
            live.clone(),
            props.dispatch.clone(),
        );
        let design = props.design.clone();
        Callback::from(move |(e, id): (PointerEvent, String)| {
            e.stop_propagation();
            if e.button() != 0 {
                return;
            }
            let Some(node) = design.node(&id) else {
                return;
            };
            let (vx, vy) = view_point(&svg, e.client_x(), e.client_y());
            let (bx, by) = view.to_board(vx, vy);
            *drag.borrow_mut() = Some(Drag::Node {
                id: id.clone(),
                grab: (node.x - bx, node.y - by),
                start: (f64::from(e.client_x()), f64::from(e.client_y())),
                moved: false,
            });
            live.set(None);
            capture(&svg, e.pointer_id());
            dispatch.emit(Action::Select(Selection::Node(id)));
        })
    };
    let on_port_down = {
        let (svg, view, drag, wire) = (svg.clone(), view.clone(), drag.clone(), wire.clone());
        Callback::from(move |(e, id): (PointerEvent, String)| {
            e.stop_propagation();
            let (vx, vy) = view_point(&svg, e.client_x(), e.client_y());
            let (bx, by) = view.to_board(vx, vy);
            *drag.borrow_mut() = Some(Drag::Wire { from: id.clone() });
            wire.set(Some((id, bx, by)));
            capture(&svg, e.pointer_id());
        })
    };
    let on_bg_down = {
        let (svg, view, drag) = (svg.clone(), view.clone(), drag.clone());
        let (touches, pinch) = (touches.clone(), pinch.clone());
        Callback::from(move |e: PointerEvent| {
            if e.button() != 0 {
                return;
            }
            if e.pointer_type() == "touch" {
                let mut t = touches.borrow_mut();
                t.retain(|(id, _, _)| *id != e.pointer_id());
                t.push((
                    e.pointer_id(),
                    f64::from(e.client_x()),
                    f64::from(e.client_y()),
                ));
                if let [a, b] = t.as_slice() {
                    // A second finger: pinch instead of pan.
                    *pinch.borrow_mut() = Some(((a.1 - b.1).hypot(a.2 - b.2), *view));
                    drag.borrow_mut().take();
                    capture(&svg, e.pointer_id());
                    return;
                }
            }
            *drag.borrow_mut() = Some(Drag::Pan {
                start: (f64::from(e.client_x()), f64::from(e.client_y())),
                view: *view,
                moved: false,
            });
            capture(&svg, e.pointer_id());
        })
    };
    let on_move = {
        let (svg, view, drag, live, wire) = (
            svg.clone(),
            view.clone(),
            drag.clone(),
            live.clone(),
            wire.clone(),
        );
        let (touches, pinch) = (touches.clone(), pinch.clone());
        Callback::from(move |e: PointerEvent| {
            if let Some(entry) = touches
                .borrow_mut()
                .iter_mut()
                .find(|(id, _, _)| *id == e.pointer_id())
            {
                entry.1 = f64::from(e.client_x());
                entry.2 = f64::from(e.client_y());
            }
            if let Some((start, from)) = *pinch.borrow() {
                if let [a, b] = touches.borrow().as_slice() {
                    let distance = (a.1 - b.1).hypot(a.2 - b.2);
                    let (cx, cy) = ((a.1 + b.1) / 2.0, (a.2 + b.2) / 2.0);
                    let (vx, vy) = view_point(&svg, cx as i32, cy as i32);
                    if start > 0.0 {
                        view.set(from.zoom_about(distance / start, vx, vy));
                    }
                }
                return;
            }
            let mut slot = drag.borrow_mut();
            let Some(current) = slot.as_mut() else {
                return;
            };
            let client = (f64::from(e.client_x()), f64::from(e.client_y()));
            let (vx, vy) = view_point(&svg, e.client_x(), e.client_y());
            match current {
                Drag::Node {
                    id,
                    grab,
                    start,
                    moved,
                } => {
                    if !*moved && (client.0 - start.0).hypot(client.1 - start.1) < DRAG_SLOP {
                        return;
                    }
                    *moved = true;
                    let (bx, by) = view.to_board(vx, vy);
                    live.set(Some((id.clone(), bx + grab.0, by + grab.1)));
                }
                Drag::Pan {
                    start,
                    view: from,
                    moved,
                } => {
                    if !*moved && (client.0 - start.0).hypot(client.1 - start.1) < DRAG_SLOP {
                        return;
                    }
                    *moved = true;
                    let (sx, sy) = view_point(&svg, start.0 as i32, start.1 as i32);
                    view.set(View {
                        x: from.x + (vx - sx),
                        y: from.y + (vy - sy),
                        zoom: from.zoom,
                    });
                }
                Drag::Wire { from } => {
                    let (bx, by) = view.to_board(vx, vy);
                    wire.set(Some((from.clone(), bx, by)));
                }
            }
        })
    };
    let on_up = {
        let (svg, view, drag, live, wire, dispatch) = (
            svg.clone(),
            view.clone(),
            drag.clone(),
            live.clone(),
            wire.clone(),
            props.dispatch.clone(),
        );
        let design = props.design.clone();
        let (touches, pinch) = (touches.clone(), pinch.clone());
        Callback::from(move |e: PointerEvent| {
            touches
                .borrow_mut()
                .retain(|(id, _, _)| *id != e.pointer_id());
            if pinch.borrow().is_some() {
                if touches.borrow().is_empty() {
                    pinch.borrow_mut().take();
                }
                return;
            }
            let Some(done) = drag.borrow_mut().take() else {
                return;
            };
            match done {
                Drag::Node { id, moved, .. } => {
                    if moved {
                        if let Some((_, x, y)) = (*live).clone() {
                            dispatch.emit(Action::MoveNode { id, x, y });
                        }
                    }
                    live.set(None);
                }
                Drag::Pan { moved, .. } => {
                    if !moved {
                        dispatch.emit(Action::Select(Selection::None));
                    }
                }
                Drag::Wire { from } => {
                    let (vx, vy) = view_point(&svg, e.client_x(), e.client_y());
                    let (bx, by) = view.to_board(vx, vy);
                    let target = design
                        .nodes
                        .iter()
                        .find(|n| n.id != from && hits_node(bx, by, n.x, n.y));
                    if let Some(target) = target {
                        dispatch.emit(Action::Connect(from, target.id.clone()));
                    }
                    wire.set(None);
                }
            }
        })
    };
    let on_cancel = {
        let (drag, live, wire) = (drag.clone(), live.clone(), wire.clone());
        let (touches, pinch) = (touches.clone(), pinch.clone());
        Callback::from(move |_: PointerEvent| {
            touches.borrow_mut().clear();
            pinch.borrow_mut().take();
            drag.borrow_mut().take();
            live.set(None);
            wire.set(None);
        })
    };
    let on_key = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |(e, id): (KeyboardEvent, String)| {
            let step = if e.shift_key() { 50.0 } else { 10.0 };
            let nudge = |dx: f64, dy: f64| Action::NudgeNode {
                id: id.clone(),
                dx,
                dy,
            };
            let action = match e.key().as_str() {
                "ArrowLeft" => nudge(-step, 0.0),
                "ArrowRight" => nudge(step, 0.0),
                "ArrowUp" => nudge(0.0, -step),
                "ArrowDown" => nudge(0.0, step),
                "Enter" | " " => {
                    e.prevent_default();
                    dispatch.emit(Action::Select(Selection::Node(id.clone())));
                    if e.key() == "Enter" {
                        focus_settings();
                    }
                    return;
                }
                "Delete" | "Backspace" => {
                    e.prevent_default();
                    dispatch.emit(Action::Select(Selection::Node(id.clone())));
                    dispatch.emit(Action::DeleteSelected);
                    return;
                }
                "Escape" => Action::CancelConnect,
                _ => return,
            };
            e.prevent_default();
            dispatch.emit(action);
        })
    };

    let position = |id: &str| -> Option<(f64, f64)> {
        if let Some((live_id, x, y)) = &*live {
            if live_id == id {
                return Some((*x, *y));
            }
        }
        props.design.node(id).map(|n| (n.x, n.y))
    };
    let edges = props.design.edges.iter().enumerate().filter_map(|(i, edge)| {
        let from = position(&edge.from)?;
        let to = position(&edge.to)?;
        let (x1, y1, x2, y2) = edge_ends(from, to);
        let selected = props.selected == Selection::Edge(i);
        let label = |id: &str| {
            props
                .design
                .node(id)
                .map_or_else(|| id.to_string(), |n| n.label.clone())
        };
        let aria = format!(
            "Edge from {} to {}. Delete removes it.",
            label(&edge.from),
            label(&edge.to)
        );
        let dispatch = props.dispatch.clone();
        let onclick = dispatch.reform(move |e: MouseEvent| {
            e.stop_propagation();
            Action::Select(Selection::Edge(i))
        });
        let onpointerdown = Callback::from(|e: PointerEvent| e.stop_propagation());
        let onkeydown = Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Delete" | "Backspace" => {
                e.prevent_default();
                dispatch.emit(Action::Select(Selection::Edge(i)));
                dispatch.emit(Action::DeleteSelected);
            }
            "Enter" | " " => {
                e.prevent_default();
                dispatch.emit(Action::Select(Selection::Edge(i)));
            }
            _ => {}
        });
        let (x1, y1, x2, y2) = (
            format!("{x1:.1}"),
            format!("{y1:.1}"),
            format!("{x2:.1}"),
            format!("{y2:.1}"),
        );
        Some(html! {
            <g class={classes!("edge", selected.then_some("selected"))} tabindex="0" role="button"
                aria-label={aria} aria-pressed={selected.to_string()}
                data-edge={format!("{}→{}", edge.from, edge.to)} {onclick} {onpointerdown} {onkeydown}>
                <line class="edge-hit" x1={x1.clone()} y1={y1.clone()} x2={x2.clone()} y2={y2.clone()} />
                <line class="edge-line" {x1} {y1} {x2} {y2} marker-end="url(#board-arrow)" />
            </g>
        })
    });
    let nodes = props.design.nodes.iter().map(|node| {
        let (x, y) = position(&node.id).unwrap_or((node.x, node.y));
        html! {
            <NodeView key={node.id.clone()} node={node.clone()} {x} {y}
                selected={props.selected == Selection::Node(node.id.clone())}
                connecting={props.connecting.as_deref() == Some(node.id.as_str())}
                problems={props.problems.get(&node.id).map_or(0, Vec::len)}
                load={props.loads.get(&node.id).copied()}
                on_down={on_node_down.clone()} on_port={on_port_down.clone()} on_key={on_key.clone()} />
        }
    });
    let loose_wire = (*wire).clone().and_then(|(from, bx, by)| {
        let (fx, fy) = position(&from)?;
        Some(html! {
            <line class="edge-line wiring" x1={(fx + NODE_W / 2.0).to_string()} y1={fy.to_string()}
                x2={bx.to_string()} y2={by.to_string()} />
        })
    });
    let callouts = props.problems.iter().filter_map(|(id, messages)| {
        let (x, y) = position(id)?;
        let (vx, vy) = view.to_view(x - NODE_W / 2.0, y + NODE_H / 2.0 + 6.0);
        let style = format!(
            "left: {:.2}%; top: {:.2}%;",
            (vx / VIEW_W * 100.0).clamp(0.0, 95.0),
            (vy / view_h * 100.0).clamp(0.0, 95.0)
        );
        let more = match messages.len() {
            0 | 1 => String::new(),
            n => format!(" (+{} more)", n.saturating_sub(1)),
        };
        let first = messages.first().cloned().unwrap_or_default();
        Some(html! {
            <p class="callout" role="note" data-node={id.clone()} {style} title={messages.join("\n")}>
                { first }{ more }
            </p>
        })
    });
    let zoom_by = |factor: f64| {
        let view = view.clone();
        let middle = view_h / 2.0;
        Callback::from(move |_: MouseEvent| view.set(view.zoom_about(factor, VIEW_W / 2.0, middle)))
    };
    let reset = {
        let view = view.clone();
        Callback::from(move |_: MouseEvent| view.set(fit(drawn_width())))
    };
    // On a phone the opening view shows part of the board (legible text first); say how much is
    // off screen, and offer the whole board at a glance.
    let out_of_view = view.boxes_out_of_view(&points, view_h);
    let show_all = {
        let view = view.clone();
        let points = points.clone();
        Callback::from(move |_: MouseEvent| view.set(View::fit(&points, view_h)))
    };
    // A node reached with Tab is panned into view: on a phone the opening view shows only part
    // of the board.
    let on_focus_in = {
        let view = view.clone();
        let design = props.design.clone();
        Callback::from(move |e: FocusEvent| {
            let Some(id) = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|el| el.get_attribute("data-node"))
            else {
                return;
            };
            if let Some(node) = design.node(&id) {
                let revealed = view.reveal(node.x, node.y, view_h);
                if revealed != *view {
                    view.set(revealed);
                }
            }
        })
    };
    let transform = format!(
        "translate({:.2} {:.2}) scale({:.4})",
        view.x, view.y, view.zoom
    );
    html! {
        <div class="board-stage">
            <div class="board-zoom" role="group" aria-label="Zoom">
                <button type="button" onclick={zoom_by(1.25)} aria-label="Zoom in">{ "+" }</button>
                <button type="button" onclick={zoom_by(0.8)} aria-label="Zoom out">{ "−" }</button>
                <button type="button" onclick={reset}>{ "Reset view" }</button>
                if out_of_view > 0 {
                    <button type="button" onclick={show_all}>{ "Show all" }</button>
                }
                <span class="hint">
                    if out_of_view > 0 {
                        { format!("{out_of_view} of {} boxes are off screen. ", points.len()) }
                    }
                    { "Drag to pan. Hold Ctrl or Cmd and scroll to zoom (or pinch)." }
                </span>
            </div>
            <div class="board-canvas">
                <svg ref={svg} class={classes!("board-svg", props.connecting.is_some().then_some("connect-mode"))}
                    viewBox={format!("0 0 {VIEW_W} {view_h}")} preserveAspectRatio="xMinYMin meet"
                    style={format!("aspect-ratio: {VIEW_W} / {view_h}")}
                    role="group" aria-label="The design board"
                    onpointerdown={on_bg_down} onpointermove={on_move} onpointerup={on_up}
                    onpointercancel={on_cancel}>
                    <defs>
                        <marker id="board-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8"
                            markerHeight="8" orient="auto-start-reverse">
                            <path d="M 0 0 L 10 5 L 0 10 z" class="arrow-head" />
                        </marker>
                    </defs>
                    <rect class="board-bg" x="0" y="0" width={VIEW_W.to_string()} height={view_h.to_string()} />
                    <g transform={transform} onfocusin={on_focus_in}>
                        { for edges }
                        { for loose_wire }
                        { for nodes }
                    </g>
                </svg>
                { for callouts }
            </div>
        </div>
    }
}
