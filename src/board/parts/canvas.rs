//! The SVG board: boxes at their positions, edges box to box, drag to move, drag the background to
//! pan, Ctrl/Cmd + wheel to zoom (buttons too; on a touch screen a tap or two fingers first, so
//! one finger scrolls the page past the board), drag from a port to wire an edge, and validation
//! callouts pinned next to the node they blame. The gestures are the pure
//! [`crate::board::gesture::Stage`]; this component feeds it the SVG's events (the wheel and the
//! board's resizes come through [`use_stage`]), and draws what it holds. The board fits every box
//! on load, on each resize of its drawing and for each new design; Reset view fits again.

use shardlab_core::sim::Design;
use web_sys::MouseEvent;
use yew::prelude::*;

use super::driver::{on_capture_lost, on_focus_in, on_pointer, pointer, use_stage};
use super::edge_view::{edge_view, EdgeViewProps};
use super::node_view::{node_view, NodeShown, NodeViewProps};
use crate::board::geometry::{callout_position, NODE_W, VIEW_W};
use crate::board::gesture::{Input, Target};
use crate::board::state::{Action, Selection};

/// Values per node id, in id order. A sorted `Vec`: a B-tree map compiled a copy of the B-tree's
/// code per value type into the page.
#[derive(Debug, Clone, PartialEq)]
pub struct PerNode<T>(Vec<(String, T)>);

impl<T> Default for PerNode<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T> PerNode<T> {
    fn find(&self, id: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(key, _)| key.as_str().cmp(id))
    }

    /// The value of `id`.
    pub fn get(&self, id: &str) -> Option<&T> {
        self.find(id)
            .ok()
            .and_then(|at| self.0.get(at))
            .map(|(_, value)| value)
    }

    /// Changes the value of `id`, which starts as the default when `id` has none.
    pub fn update(&mut self, id: &str, change: impl FnOnce(&mut T))
    where
        T: Default,
    {
        let at = self.find(id).unwrap_or_else(|at| {
            self.0.insert(at, (id.to_owned(), T::default()));
            at
        });
        if let Some((_, value)) = self.0.get_mut(at) {
            change(value);
        }
    }

    /// The ids and their values, in id order.
    pub fn iter(&self) -> impl Iterator<Item = &(String, T)> {
        self.0.iter()
    }
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
    pub problems: PerNode<Vec<String>>,
    /// Load per node id, from the run (its average or one second) or the estimate.
    #[prop_or_default]
    pub loads: PerNode<NodeShown>,
    /// The page's dispatcher.
    pub dispatch: Callback<Action>,
}

/// The board.
#[function_component(Canvas)]
pub fn canvas(props: &CanvasProps) -> Html {
    let (svg, stage, drive) = use_stage(&props.design, &props.dispatch);
    let on_down = on_pointer(&drive, |e| Input::Down {
        pointer: pointer(e),
        on: Target::Background,
        primary: e.button() == 0,
    });
    let on_move = on_pointer(&drive, |e| Input::Move(pointer(e)));
    let on_up = on_pointer(&drive, |e| Input::Up(pointer(e)));
    let on_cancel = on_pointer(&drive, |_| Input::Cancel);
    let on_lost = on_capture_lost(&drive, &svg);
    let on_focus_in = on_focus_in(&drive);

    let picture = stage.borrow().picture();
    let (view, view_h) = (picture.view, picture.view_h);
    let position = |id: &str| -> Option<(f64, f64)> {
        match &picture.dragged {
            Some((dragged, x, y)) if dragged == id => Some((*x, *y)),
            _ => props.design.node(id).map(|n| (n.x, n.y)),
        }
    };
    let label = |id: &str| {
        let node = props.design.node(id);
        AttrValue::from(node.map_or_else(|| id.to_string(), |n| n.label.clone()))
    };
    let edges = props
        .design
        .edges
        .iter()
        .enumerate()
        .filter_map(|(index, edge)| {
            Some(edge_view(&EdgeViewProps {
                index,
                from: edge.from.clone().into(),
                to: edge.to.clone().into(),
                from_label: label(&edge.from),
                to_label: label(&edge.to),
                from_at: position(&edge.from)?,
                to_at: position(&edge.to)?,
                selected: props.selected == Selection::Edge(index),
                on_input: &drive,
            }))
        });
    let nodes = props.design.nodes.iter().map(|node| {
        let (x, y) = position(&node.id).unwrap_or((node.x, node.y));
        node_view(&NodeViewProps {
            node,
            x,
            y,
            selected: props.selected == Selection::Node(node.id.clone()),
            connecting: props.connecting.as_deref() == Some(node.id.as_str()),
            problems: props.problems.get(&node.id).map_or(0, Vec::len),
            load: props.loads.get(&node.id),
            on_input: &drive,
        })
    });
    let wire = picture.wire.as_ref().and_then(|(from, bx, by)| {
        let (fx, fy) = position(from)?;
        Some(html! {
            <line class="edge-line wiring" x1={(fx + NODE_W / 2.0).to_string()} y1={fy.to_string()}
                x2={bx.to_string()} y2={by.to_string()} />
        })
    });
    let callouts = props.problems.iter().filter_map(|(id, messages)| {
        let (x, y) = position(id)?;
        let at = callout_position(view, x, y, view_h);
        let style = format!("left: {:.2}%; top: {:.2}%;", at.0, at.1);
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
    let points: Vec<(f64, f64)> = props.design.nodes.iter().map(|n| (n.x, n.y)).collect();
    let transform = format!(
        "translate({:.2} {:.2}) scale({:.4})",
        view.x, view.y, view.zoom
    );
    let out_of_view = view.boxes_out_of_view(&points, view_h);
    let fit_shows_all = stage.borrow().fit_shows_all(&points);
    let off_screen = (out_of_view > 0).then(|| {
        let how = if fit_shows_all {
            "Reset view shows them all."
        } else {
            "Pan to them, or Tab to one."
        };
        format!("{out_of_view} of {} boxes are off screen; {how} ", points.len())
    });
    let touch_hint = if picture.touch_active {
        "Drag to pan, pinch to zoom. Tap outside the board to scroll the page again."
    } else {
        "One finger scrolls the page. Tap the board, or use two fingers, to pan and zoom it."
    };
    let button = |input: Input| drive.reform(move |e: MouseEvent| (input.clone(), e.into()));
    html! {
        <div class="board-stage">
            <div class="board-zoom" role="group" aria-label="Zoom">
                <button type="button" onclick={button(Input::ZoomBy(1.25))} aria-label="Zoom in">{ "+" }</button>
                <button type="button" onclick={button(Input::ZoomBy(0.8))} aria-label="Zoom out">{ "−" }</button>
                <button type="button" onclick={button(Input::ResetView)}>{ "Reset view" }</button>
                <span class="hint">
                    { for off_screen }
                    <span class="hint-mouse">{ "Drag to pan. Hold Ctrl or Cmd and scroll to zoom." }</span>
                    <span class="hint-touch">{ touch_hint }</span>
                </span>
            </div>
            <div class="board-canvas">
                <svg ref={svg} class={classes!("board-svg", props.connecting.is_some().then_some("connect-mode"),
                        picture.touch_active.then_some("touch-active"))}
                    viewBox={format!("0 0 {VIEW_W} {view_h}")} preserveAspectRatio="xMinYMin meet"
                    style={format!("aspect-ratio: {VIEW_W} / {view_h}")}
                    role="group" aria-label="The design board"
                    onpointerdown={on_down} onpointermove={on_move} onpointerup={on_up}
                    onpointercancel={on_cancel} onlostpointercapture={on_lost}>
                    <defs>
                        <marker id="board-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8"
                            markerHeight="8" orient="auto-start-reverse">
                            <path d="M 0 0 L 10 5 L 0 10 z" class="arrow-head" />
                        </marker>
                    </defs>
                    <rect class="board-bg" x="0" y="0" width={VIEW_W.to_string()} height={view_h.to_string()} />
                    <g transform={transform} onfocusin={on_focus_in}>
                        { for edges }
                        { for wire }
                        { for nodes }
                    </g>
                </svg>
                { for callouts }
            </div>
        </div>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
#[allow(clippy::unwrap_used, clippy::arithmetic_side_effects)]
mod browser_tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
    use web_sys::{Element, HtmlElement, KeyboardEventInit, PointerEvent, PointerEventInit};

    use super::*;
    use crate::test_support::{find, mount_with};

    wasm_bindgen_test_configure!(run_in_browser);

    fn pointer_event(target: &Element, kind: &str, x: i32, y: i32) {
        let init = PointerEventInit::new();
        init.set_bubbles(true);
        init.set_pointer_id(1);
        init.set_pointer_type("mouse");
        init.set_client_x(x);
        init.set_client_y(y);
        let event = PointerEvent::new_with_event_init_dict(kind, &init).unwrap();
        target.dispatch_event(&event).unwrap();
    }

    #[wasm_bindgen_test]
    async fn the_board_drags_a_node_moves_it_by_key_and_zooms() {
        let design = shardlab_core::sim::preset("pinterest").unwrap().design;
        let seen = Rc::new(RefCell::new(Vec::<Action>::new()));
        let dispatch = {
            let seen = seen.clone();
            Callback::from(move |action| seen.borrow_mut().push(action))
        };
        let props = CanvasProps {
            design,
            selected: Selection::None,
            connecting: None,
            problems: PerNode::default(),
            loads: PerNode::default(),
            dispatch,
        };
        let root = mount_with::<Canvas>(props).await;
        assert_eq!(
            root.query_selector_all(".board-svg [data-node]")
                .unwrap()
                .length(),
            4
        );
        assert_eq!(
            root.query_selector_all(".board-svg [data-edge]")
                .unwrap()
                .length(),
            3
        );
        // A drag past the slop moves the box while it is held, and lands it on release.
        let app = find(&root, "[data-node=app] rect");
        let rect = app.get_bounding_client_rect();
        let (x, y) = ((rect.x() + 20.0) as i32, (rect.y() + 20.0) as i32);
        pointer_event(&app, "pointerdown", x, y);
        pointer_event(&app, "pointermove", x + 40, y + 30);
        yew::scheduler::flush().await;
        let moved = find(&root, "[data-node=app] rect").get_attribute("x");
        assert_ne!(moved, Some("225".into()), "the box follows the pointer");
        pointer_event(&app, "pointerup", x + 40, y + 30);
        yew::scheduler::flush().await;
        let actions = seen.borrow().clone();
        assert_eq!(
            actions.first(),
            Some(&Action::Select(Selection::Node("app".into())))
        );
        assert!(
            matches!(actions.get(1), Some(Action::MoveNode { id, x, y }) if id == "app" && *x > 300.0 && *y > 200.0)
        );
        // An arrow key on a box nudges it.
        let init = KeyboardEventInit::new();
        init.set_bubbles(true);
        init.set_key("ArrowRight");
        let key =
            web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        find(&root, "[data-node=cache]")
            .dispatch_event(&key)
            .unwrap();
        let id = "cache".to_string();
        assert_eq!(
            seen.borrow().last(),
            Some(&Action::NudgeNode {
                id,
                dx: 10.0,
                dy: 0.0
            })
        );
        // The zoom button zooms.
        let transform = || find(&root, ".board-svg > g").get_attribute("transform");
        let before = transform();
        find(&root, "[aria-label='Zoom in']")
            .unchecked_into::<HtmlElement>()
            .click();
        yew::scheduler::flush().await;
        assert_ne!(transform(), before);
    }
}
