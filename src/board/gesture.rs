//! The board's pointer and keyboard gestures as a pure reducer. [`Stage`] holds the pan and zoom
//! and the gesture under way (dragging a node, panning, pinching, wiring from a port); each
//! [`Input`] (a pointer down, move, up or cancel, a lost pointer capture, a wheel turn, a key, a
//! zoom button, a focus, the board's first measure or a resize) updates it and returns the
//! [`Effect`]s for the page: board actions to dispatch, a pointer to capture, a default to prevent,
//! focus to move. No web types: points are plain CSS pixels and ids, so every gesture is tested
//! natively; `parts::canvas` turns DOM events into inputs and carries the effects out.
//!
//! On a touch screen the board is one block of an article that the reader scrolls past, so one
//! finger belongs to the page until the reader asks for the board: a swipe that starts on a
//! board not yet activated does nothing here (the SVG's `touch-action: pan-y` lets the browser
//! scroll the page), and a tap on it, or two fingers, activates it. An active board pans and
//! drags with one finger and pinches with two (its `touch-action` is `none`), until a press
//! outside it hands one finger back to the page. A mouse and a pen are never held back.
//!
//! Every drag has a keyboard or click path: arrow keys move a node (Shift for bigger steps), Tab
//! to a node pans it into view, the zoom buttons zoom, "Show all" fits every box, and a node
//! pressed while "Connect to…" waits is wired (the page's reducer connects on `Select`).

use shardlab_core::sim::Design;

use super::geometry::{
    client_to_view, drawn_width, fit_to_width, hits_node, min_zoom, View, MIN_ZOOM, VIEW_H, VIEW_W,
};
use super::state::{Action, Selection};

/// How far, in client pixels, a pointer must move before a press becomes a drag.
pub const DRAG_SLOP: f64 = 3.0;
/// An arrow key's step, in board units; [`NUDGE_SHIFT`] with Shift held.
pub const NUDGE: f64 = 10.0;
/// See [`NUDGE`].
pub const NUDGE_SHIFT: f64 = 50.0;

/// Where the board's SVG sits on screen, in CSS pixels: its client rectangle and its width inside
/// the border. Zero before it is on screen, which maps client points to themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Frame {
    /// The rectangle's left edge.
    pub left: f64,
    /// Its top edge.
    pub top: f64,
    /// Its width, border included.
    pub width: f64,
    /// Its height, border included.
    pub height: f64,
    /// The width inside the border.
    pub inner_width: f64,
}

impl Frame {
    fn to_view(self, (x, y): (f64, f64)) -> (f64, f64) {
        client_to_view(x, y, self.left, self.top, self.width)
    }

    /// The width the board's drawing gets inside this frame, for a viewBox `view_h` high.
    fn drawn_width(self, view_h: f64) -> f64 {
        drawn_width(self.width, self.height, self.inner_width, view_h)
    }
}

/// What the board needs to know to read an input: the design and where the board is on screen.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    /// The design drawn.
    pub design: &'a Design,
    /// The SVG's place on screen.
    pub frame: Frame,
}

/// One pointer, at a client point (CSS pixels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pointer {
    /// The pointer's id.
    pub id: i32,
    /// Client x.
    pub x: f64,
    /// Client y.
    pub y: f64,
    /// Whether it is a finger (two on the background pinch).
    pub touch: bool,
}

impl Pointer {
    fn at(self) -> (f64, f64) {
        (self.x, self.y)
    }
}

/// What a pointer went down on.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// The background: pan, or pinch with a second finger.
    Background,
    /// A node's box: drag it (a press without a drag selects it).
    Node(String),
    /// A node's port: wire an edge from it.
    Port(String),
    /// An edge, by index in `design.edges`: never a pan or a drag (a click selects it), but a
    /// finger on it counts towards a pinch.
    Edge(usize),
}

/// What a key was pressed on.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A node, by id.
    Node(String),
    /// An edge, by index in `design.edges`.
    Edge(usize),
}

/// The keys the board answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Enter: select, and for a node open its settings.
    Enter,
    /// Space: select.
    Space,
    /// Delete or Backspace.
    Delete,
    /// Escape: leave "Connect to…".
    Escape,
}

impl Key {
    /// The key of a DOM `KeyboardEvent.key`, or `None` for keys the board ignores.
    pub fn from_dom(key: &str) -> Option<Key> {
        Some(match key {
            "ArrowLeft" => Key::Left,
            "ArrowRight" => Key::Right,
            "ArrowUp" => Key::Up,
            "ArrowDown" => Key::Down,
            "Enter" => Key::Enter,
            " " => Key::Space,
            "Delete" | "Backspace" => Key::Delete,
            "Escape" => Key::Escape,
            _ => return None,
        })
    }
}

/// Everything that happens to the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// A pointer pressed; `primary` is the main button (touch and pen count).
    Down {
        /// The pointer.
        pointer: Pointer,
        /// What it landed on.
        on: Target,
        /// Whether it is the main button.
        primary: bool,
    },
    /// A pointer moved.
    Move(Pointer),
    /// A pointer lifted.
    Up(Pointer),
    /// The browser took the pointers over (a scroll, a system gesture): drop every gesture.
    Cancel,
    /// The board lost the capture of this pointer without an up or a cancel: drop what it did.
    CaptureLost(i32),
    /// The wheel turned at a client point; `zoom` when Ctrl or Cmd is held.
    Wheel {
        /// Client x.
        x: f64,
        /// Client y.
        y: f64,
        /// The wheel's vertical delta.
        delta_y: f64,
        /// Ctrl or Cmd held: zoom (otherwise the page scrolls).
        zoom: bool,
    },
    /// A key pressed on a node or an edge.
    Key {
        /// The key.
        key: Key,
        /// Shift held.
        shift: bool,
        /// What had focus.
        on: Item,
    },
    /// An edge clicked.
    EdgeClick(usize),
    /// A zoom button: zoom about the board's middle.
    ZoomBy(f64),
    /// "Reset view": every box in view again.
    ResetView,
    /// A node got focus (Tab): pan it into view.
    Focused(String),
    /// The board's drawing was measured: on screen for the first time, or resized. A new width
    /// shapes the board for it and fits every box again; the same width (a mobile address bar
    /// sliding away resizes the window, not the board) keeps the reader's pan and zoom.
    Resized,
    /// A finger moved on the board with this many fingers down (a `touchmove`): two fingers, or
    /// any on an active board, are the board's, so the page must not scroll.
    TouchMove {
        /// The fingers down.
        fingers: u32,
    },
    /// A press anywhere outside the board: one finger scrolls the page again.
    Outside,
}

/// What the page does after an input.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send this action to the board's reducer.
    Dispatch(Action),
    /// Capture this pointer on the board, so its moves and up arrive even off it.
    Capture(i32),
    /// Prevent the event's default (a key's scroll, the wheel's page zoom).
    PreventDefault,
    /// Move focus to the settings panel.
    FocusSettings,
}

/// A finger on the background.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Touch {
    id: i32,
    at: (f64, f64),
}

/// The gesture under way.
#[derive(Clone, Debug, Default, PartialEq)]
enum Gesture {
    /// Nothing pressed.
    #[default]
    Idle,
    /// A node pressed: it follows the pointer once the pointer passes [`DRAG_SLOP`].
    Dragging {
        pointer: i32,
        node: String,
        /// The node's centre minus the pressed board point.
        grab: (f64, f64),
        /// The pressed client point.
        start: (f64, f64),
        /// The node's live centre once it moves.
        at: Option<(f64, f64)>,
    },
    /// The background pressed: the view follows the pointer once it passes [`DRAG_SLOP`]; a
    /// press without a drag clears the selection.
    Panning {
        pointer: i32,
        start: (f64, f64),
        from: View,
        moved: bool,
    },
    /// Two fingers on the background: the view zooms by how far apart they are, about their
    /// middle.
    Pinching { distance: f64, from: View },
    /// One finger on a board not yet active: a tap if it lifts within [`DRAG_SLOP`] (it
    /// activates the board and selects what it landed on), a swipe of the page if it moves.
    Tapping {
        pointer: i32,
        start: (f64, f64),
        on: Target,
    },
    /// A port pressed: a loose wire to the pointer, wired to the node it is let go on.
    Wiring {
        pointer: i32,
        from: String,
        end: (f64, f64),
    },
}

impl Gesture {
    /// The pointer that owns a one-pointer gesture.
    fn pointer(&self) -> Option<i32> {
        match self {
            Gesture::Dragging { pointer, .. }
            | Gesture::Panning { pointer, .. }
            | Gesture::Wiring { pointer, .. }
            | Gesture::Tapping { pointer, .. } => Some(*pointer),
            Gesture::Idle | Gesture::Pinching { .. } => None,
        }
    }
}

/// What the board draws beyond the design: the pan and zoom, the viewBox height, the dragged
/// node's live centre and the loose wire. The canvas redraws when it changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// The pan and zoom.
    pub view: View,
    /// The viewBox height.
    pub view_h: f64,
    /// The dragged node and its live centre.
    pub dragged: Option<(String, f64, f64)>,
    /// The wire being drawn: its node and its loose end, in board units.
    pub wire: Option<(String, f64, f64)>,
    /// Whether one finger pans the board (else it scrolls the page).
    pub touch_active: bool,
}

/// The board's pan and zoom and the gesture under way.
#[derive(Clone, Debug, PartialEq)]
pub struct Stage {
    view: View,
    /// The viewBox height: taller on a phone (see [`super::geometry::view_height`]), decided
    /// from the board's width at each fit.
    view_h: f64,
    /// The drawn width the board was last fitted to (0 before it is measured).
    fitted_width: f64,
    /// The farthest the board zooms out at that width ([`min_zoom`]: a phone's text floor).
    min_zoom: f64,
    /// Whether a tap or two fingers made the board take one finger from the page.
    touch_active: bool,
    gesture: Gesture,
    touches: Vec<Touch>,
}

fn points(design: &Design) -> Vec<(f64, f64)> {
    design.nodes.iter().map(|n| (n.x, n.y)).collect()
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

fn select(selection: Selection) -> Effect {
    Effect::Dispatch(Action::Select(selection))
}

impl Stage {
    /// The board before it is measured: the design fitted in the wide viewBox.
    pub fn new(design: &Design) -> Stage {
        Stage {
            view: View::fit(&points(design), VIEW_H),
            view_h: VIEW_H,
            fitted_width: 0.0,
            min_zoom: MIN_ZOOM,
            touch_active: false,
            gesture: Gesture::Idle,
            touches: Vec::new(),
        }
    }

    /// The pan and zoom.
    pub fn view(&self) -> View {
        self.view
    }

    /// The viewBox height.
    pub fn view_h(&self) -> f64 {
        self.view_h
    }

    /// What the board draws beyond the design.
    pub fn picture(&self) -> Picture {
        let (dragged, wire) = match &self.gesture {
            Gesture::Dragging {
                node, at: Some(at), ..
            } => (Some((node.clone(), at.0, at.1)), None),
            Gesture::Wiring { from, end, .. } => (None, Some((from.clone(), end.0, end.1))),
            _ => (None, None),
        };
        Picture {
            view: self.view,
            view_h: self.view_h,
            dragged,
            wire,
            touch_active: self.touch_active,
        }
    }

    /// Whether the board's fit at its width shows every box centred at `points` (on a phone the
    /// text floor may hold a big board's fit to a part of it).
    pub fn fit_shows_all(&self, points: &[(f64, f64)]) -> bool {
        let (view, view_h) = fit_to_width(points, self.fitted_width);
        view.boxes_out_of_view(points, view_h) == 0
    }

    fn board_point(&self, frame: Frame, pointer: Pointer) -> (f64, f64) {
        let (vx, vy) = frame.to_view(pointer.at());
        self.view.to_board(vx, vy)
    }

    /// Applies one input and returns what the page must do.
    pub fn step(&mut self, input: Input, scene: &Scene) -> Vec<Effect> {
        match input {
            Input::Down {
                pointer,
                on,
                primary,
            } => self.down(pointer, on, primary, scene),
            Input::Move(pointer) => {
                self.moved(pointer, scene.frame);
                Vec::new()
            }
            Input::Up(pointer) => self.up(pointer, scene),
            Input::Cancel => {
                self.touches.clear();
                self.gesture = Gesture::Idle;
                Vec::new()
            }
            Input::CaptureLost(id) => {
                self.touches.retain(|t| t.id != id);
                let pinch_over =
                    matches!(self.gesture, Gesture::Pinching { .. }) && self.touches.is_empty();
                if pinch_over || self.gesture.pointer() == Some(id) {
                    self.gesture = Gesture::Idle;
                }
                Vec::new()
            }
            Input::Wheel {
                x,
                y,
                delta_y,
                zoom,
            } => {
                if !zoom {
                    return Vec::new();
                }
                let (vx, vy) = scene.frame.to_view((x, y));
                let factor = libm::exp(-delta_y.clamp(-200.0, 200.0) * 0.002);
                self.view = self.view.zoom_about_within(factor, vx, vy, self.min_zoom);
                vec![Effect::PreventDefault]
            }
            Input::Key { key, shift, on } => key_effects(key, shift, on),
            Input::EdgeClick(index) => vec![select(Selection::Edge(index))],
            Input::ZoomBy(factor) => {
                self.view = self.view.zoom_about_within(
                    factor,
                    VIEW_W / 2.0,
                    self.view_h / 2.0,
                    self.min_zoom,
                );
                Vec::new()
            }
            Input::ResetView => {
                self.fit(scene);
                Vec::new()
            }
            Input::Focused(id) => {
                if let Some(node) = scene.design.node(&id) {
                    self.view = self.view.reveal(node.x, node.y, self.view_h);
                }
                Vec::new()
            }
            Input::Resized => {
                // Half a pixel either way is the same board (the drawn width is fractional).
                let width = scene.frame.drawn_width(self.view_h);
                let same = (width - self.fitted_width).abs() <= 0.5;
                if !same {
                    self.fit(scene);
                }
                Vec::new()
            }
            Input::TouchMove { fingers } => {
                if fingers >= 2 || self.touch_active {
                    vec![Effect::PreventDefault]
                } else {
                    Vec::new()
                }
            }
            Input::Outside => {
                self.touch_active = false;
                Vec::new()
            }
        }
    }

    /// Shapes the board for its drawn width and fits every box into it ([`fit_to_width`]).
    fn fit(&mut self, scene: &Scene) {
        let width = scene.frame.drawn_width(self.view_h);
        (self.view, self.view_h) = fit_to_width(&points(scene.design), width);
        self.fitted_width = width;
        self.min_zoom = min_zoom(width);
    }

    fn down(&mut self, pointer: Pointer, on: Target, primary: bool, scene: &Scene) -> Vec<Effect> {
        if pointer.touch && !self.touch_active {
            return self.passive_down(pointer, on, primary);
        }
        let pinching = matches!(self.gesture, Gesture::Pinching { .. });
        match on {
            Target::Node(id) => {
                let Some(node) = scene.design.node(&id).filter(|_| primary) else {
                    return Vec::new();
                };
                // A finger on a node during a pinch selects it; the pinch goes on.
                if !pinching {
                    let (bx, by) = self.board_point(scene.frame, pointer);
                    self.gesture = Gesture::Dragging {
                        pointer: pointer.id,
                        node: id.clone(),
                        grab: (node.x - bx, node.y - by),
                        start: pointer.at(),
                        at: None,
                    };
                }
                vec![Effect::Capture(pointer.id), select(Selection::Node(id))]
            }
            // Any button wires, as before.
            Target::Port(from) => {
                if pinching {
                    return Vec::new();
                }
                let end = self.board_point(scene.frame, pointer);
                self.gesture = Gesture::Wiring {
                    pointer: pointer.id,
                    from,
                    end,
                };
                vec![Effect::Capture(pointer.id)]
            }
            Target::Edge(_) => {
                if !(primary && pointer.touch) {
                    return Vec::new();
                }
                // Captured only for a pinch: a captured finger's tap would not click the edge.
                if self.add_finger(pointer) {
                    return vec![Effect::Capture(pointer.id)];
                }
                Vec::new()
            }
            Target::Background => {
                if !primary {
                    return Vec::new();
                }
                // A second finger pinches instead of panning.
                if pointer.touch {
                    self.add_finger(pointer);
                }
                if !matches!(self.gesture, Gesture::Pinching { .. }) {
                    self.gesture = Gesture::Panning {
                        pointer: pointer.id,
                        start: pointer.at(),
                        from: self.view,
                        moved: false,
                    };
                }
                vec![Effect::Capture(pointer.id)]
            }
        }
    }

    /// Counts a finger down on the edges or the background; with two down, a pinch starts.
    /// Returns whether it did.
    fn add_finger(&mut self, pointer: Pointer) -> bool {
        self.touches.retain(|t| t.id != pointer.id);
        self.touches.push(Touch {
            id: pointer.id,
            at: pointer.at(),
        });
        let [a, b] = self.touches.as_slice() else {
            return false;
        };
        self.gesture = Gesture::Pinching {
            distance: distance(a.at, b.at),
            from: self.view,
        };
        true
    }

    /// A finger down on a board not yet active: the first may be a tap; a second, whatever it
    /// lands on, activates the board and pinches.
    fn passive_down(&mut self, pointer: Pointer, on: Target, primary: bool) -> Vec<Effect> {
        if !primary {
            return Vec::new();
        }
        match &self.gesture {
            Gesture::Tapping {
                pointer: first,
                start,
                ..
            } if *first != pointer.id => {
                let (first, start) = (*first, *start);
                self.touch_active = true;
                self.touches = vec![
                    Touch {
                        id: first,
                        at: start,
                    },
                    Touch {
                        id: pointer.id,
                        at: pointer.at(),
                    },
                ];
                self.gesture = Gesture::Pinching {
                    distance: distance(start, pointer.at()),
                    from: self.view,
                };
                vec![Effect::Capture(first), Effect::Capture(pointer.id)]
            }
            _ => {
                // No capture: the browser may take this finger to scroll the page.
                self.gesture = Gesture::Tapping {
                    pointer: pointer.id,
                    start: pointer.at(),
                    on,
                };
                Vec::new()
            }
        }
    }

    fn moved(&mut self, pointer: Pointer, frame: Frame) {
        if let Some(touch) = self.touches.iter_mut().find(|t| t.id == pointer.id) {
            touch.at = pointer.at();
        }
        if let Gesture::Pinching {
            distance: start,
            from,
        } = self.gesture
        {
            if let [a, b] = self.touches.as_slice() {
                // The middle in whole client pixels, as pointer events give them.
                let middle = (
                    ((a.at.0 + b.at.0) / 2.0).trunc(),
                    ((a.at.1 + b.at.1) / 2.0).trunc(),
                );
                let (vx, vy) = frame.to_view(middle);
                if start > 0.0 {
                    let factor = distance(a.at, b.at) / start;
                    self.view = from.zoom_about_within(factor, vx, vy, self.min_zoom);
                }
            }
            return;
        }
        if self.gesture.pointer() != Some(pointer.id) {
            return;
        }
        if let Gesture::Tapping { start, .. } = self.gesture {
            // A swipe: the page's, not the board's.
            if distance(pointer.at(), start) >= DRAG_SLOP {
                self.gesture = Gesture::Idle;
            }
            return;
        }
        let board = self.board_point(frame, pointer);
        let (vx, vy) = frame.to_view(pointer.at());
        match &mut self.gesture {
            Gesture::Dragging {
                grab, start, at, ..
            } => {
                if at.is_none() && distance(pointer.at(), *start) < DRAG_SLOP {
                    return;
                }
                *at = Some((board.0 + grab.0, board.1 + grab.1));
            }
            Gesture::Panning {
                start, from, moved, ..
            } => {
                if !*moved && distance(pointer.at(), *start) < DRAG_SLOP {
                    return;
                }
                *moved = true;
                let (sx, sy) = frame.to_view(*start);
                self.view = View {
                    x: from.x + (vx - sx),
                    y: from.y + (vy - sy),
                    zoom: from.zoom,
                };
            }
            Gesture::Wiring { end, .. } => *end = board,
            Gesture::Idle | Gesture::Pinching { .. } | Gesture::Tapping { .. } => {}
        }
    }

    fn up(&mut self, pointer: Pointer, scene: &Scene) -> Vec<Effect> {
        self.touches.retain(|t| t.id != pointer.id);
        if matches!(self.gesture, Gesture::Pinching { .. }) {
            if self.touches.is_empty() {
                self.gesture = Gesture::Idle;
            }
            return Vec::new();
        }
        if self.gesture.pointer() != Some(pointer.id) {
            return Vec::new();
        }
        let board = self.board_point(scene.frame, pointer);
        match std::mem::take(&mut self.gesture) {
            Gesture::Dragging {
                node,
                at: Some((x, y)),
                ..
            } => vec![Effect::Dispatch(Action::MoveNode { id: node, x, y })],
            Gesture::Panning { moved: false, .. } => vec![select(Selection::None)],
            Gesture::Tapping { on, .. } => {
                self.touch_active = true;
                match on {
                    Target::Background => vec![select(Selection::None)],
                    // The edge's own click selects it.
                    Target::Edge(_) => Vec::new(),
                    Target::Node(id) | Target::Port(id) => scene
                        .design
                        .node(&id)
                        .map(|_| select(Selection::Node(id)))
                        .into_iter()
                        .collect(),
                }
            }
            Gesture::Wiring { from, .. } => scene
                .design
                .nodes
                .iter()
                .find(|n| n.id != from && hits_node(board.0, board.1, n.x, n.y))
                .map(|target| Effect::Dispatch(Action::Connect(from, target.id.clone())))
                .into_iter()
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// A key on a node or an edge.
fn key_effects(key: Key, shift: bool, on: Item) -> Vec<Effect> {
    let prevent = Effect::PreventDefault;
    match on {
        Item::Node(id) => {
            let step = if shift { NUDGE_SHIFT } else { NUDGE };
            let nudge = |dx: f64, dy: f64| {
                let id = id.clone();
                vec![
                    prevent.clone(),
                    Effect::Dispatch(Action::NudgeNode { id, dx, dy }),
                ]
            };
            match key {
                Key::Left => nudge(-step, 0.0),
                Key::Right => nudge(step, 0.0),
                Key::Up => nudge(0.0, -step),
                Key::Down => nudge(0.0, step),
                Key::Enter => vec![prevent, select(Selection::Node(id)), Effect::FocusSettings],
                Key::Space => vec![prevent, select(Selection::Node(id))],
                Key::Delete => vec![
                    prevent,
                    select(Selection::Node(id)),
                    Effect::Dispatch(Action::DeleteSelected),
                ],
                Key::Escape => vec![prevent, Effect::Dispatch(Action::CancelConnect)],
            }
        }
        Item::Edge(index) => match key {
            Key::Delete => vec![
                prevent,
                select(Selection::Edge(index)),
                Effect::Dispatch(Action::DeleteSelected),
            ],
            Key::Enter | Key::Space => vec![prevent, select(Selection::Edge(index))],
            Key::Left | Key::Right | Key::Up | Key::Down | Key::Escape => Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::{fit_to_width, TALL_VIEW_H, VIEW_H};
    use crate::board::state::BoardState;
    use shardlab_core::sim::preset;
    use std::rc::Rc;
    use yew::Reducible;

    /// The Pinterest board: users (80, 200), app (300, 200), cache (520, 80), db (520, 320).
    fn design() -> Design {
        preset("pinterest").map(|p| p.design).unwrap()
    }

    /// An SVG at the page's corner, 800 px wide: a client point is the same viewBox point.
    const PLAIN: Frame = Frame {
        left: 0.0,
        top: 0.0,
        width: 800.0,
        height: 440.0,
        inner_width: 800.0,
    };

    /// A phone's square board turned on its side: 804 px wide, 800 inside its border, so wide.
    const TURNED: Frame = Frame {
        left: 0.0,
        top: 0.0,
        width: 804.0,
        height: 804.0,
        inner_width: 800.0,
    };

    /// A stage whose view draws board points at the same viewBox points.
    fn plain_stage(design: &Design) -> Stage {
        let mut stage = Stage::new(design);
        stage.view = View {
            x: 0.0,
            y: 0.0,
            zoom: 1.0,
        };
        stage
    }

    fn mouse(x: f64, y: f64) -> Pointer {
        Pointer {
            id: 1,
            x,
            y,
            touch: false,
        }
    }

    fn finger(id: i32, x: f64, y: f64) -> Pointer {
        Pointer {
            id,
            x,
            y,
            touch: true,
        }
    }

    /// Two fingers 40 px apart on the background: a pinch.
    fn two_fingers() -> Vec<Input> {
        vec![
            down(finger(1, 100.0, 400.0), Target::Background),
            down(finger(2, 140.0, 400.0), Target::Background),
        ]
    }

    fn down(pointer: Pointer, on: Target) -> Input {
        Input::Down {
            pointer,
            on,
            primary: true,
        }
    }

    fn node(id: &str) -> Target {
        Target::Node(id.into())
    }

    fn dispatch(action: Action) -> Effect {
        Effect::Dispatch(action)
    }

    fn selects(selection: Selection) -> Effect {
        dispatch(Action::Select(selection))
    }

    /// The Pinterest board on a [`plain_stage`] in the [`PLAIN`] frame.
    struct Board {
        design: Design,
        stage: Stage,
    }

    impl Board {
        fn plain() -> Board {
            let design = design();
            let stage = plain_stage(&design);
            Board { design, stage }
        }

        /// Steps every input in turn and returns the effects of the last.
        fn run(&mut self, inputs: Vec<Input>) -> Vec<Effect> {
            let scene = Scene {
                design: &self.design,
                frame: PLAIN,
            };
            let stage = &mut self.stage;
            inputs
                .into_iter()
                .fold(Vec::new(), |_, input| stage.step(input, &scene))
        }
    }

    #[test]
    fn a_node_follows_the_pointer_past_the_slop_and_lands_where_let_go() {
        let mut board = Board::plain();
        // Pressed 10 right of and 5 below its centre: the grab is kept through the drag.
        let pressed = board.run(vec![down(mouse(310.0, 205.0), node("app"))]);
        assert_eq!(
            pressed,
            vec![Effect::Capture(1), selects(Selection::Node("app".into()))]
        );
        board.run(vec![Input::Move(mouse(312.0, 206.0))]);
        assert_eq!(board.stage.picture().dragged, None, "inside the slop");
        board.run(vec![Input::Move(mouse(350.0, 255.0))]);
        assert_eq!(
            board.stage.picture().dragged,
            Some(("app".into(), 340.0, 250.0))
        );
        // Once moving, a move back inside the slop still moves it.
        board.run(vec![Input::Move(mouse(311.0, 205.0))]);
        assert_eq!(
            board.stage.picture().dragged,
            Some(("app".into(), 301.0, 200.0))
        );
        let view = board.stage.view;
        let up = board.run(vec![
            Input::Move(mouse(360.0, 225.0)),
            Input::Up(mouse(360.0, 225.0)),
        ]);
        let (id, x, y) = ("app".to_string(), 350.0, 220.0);
        assert_eq!(up, vec![dispatch(Action::MoveNode { id, x, y })]);
        assert_eq!(board.stage.picture().dragged, None);
        assert_eq!(board.stage.view, view, "a node drag never pans");
    }

    #[test]
    fn a_press_on_a_node_without_a_drag_only_selects_it() {
        let mut board = Board::plain();
        let up = board.run(vec![
            down(mouse(300.0, 200.0), node("app")),
            Input::Move(mouse(302.0, 201.0)),
            Input::Up(mouse(302.0, 201.0)),
        ]);
        assert_eq!(up, vec![]);
        // Another button, or a node that is gone, does nothing.
        let secondary = Input::Down {
            pointer: mouse(300.0, 200.0),
            on: node("app"),
            primary: false,
        };
        assert_eq!(board.run(vec![secondary]), vec![]);
        let gone = down(mouse(300.0, 200.0), node("nowhere"));
        assert_eq!(board.run(vec![gone]), vec![]);
        assert_eq!(board.stage.gesture, Gesture::Idle);
    }

    #[test]
    fn a_press_on_a_node_while_connect_to_waits_wires_it() {
        // The click path for wiring: select the source, "Connect to…", then press the target.
        let mut state = Rc::new(BoardState::from_preset("pinterest").unwrap());
        state = state.reduce(Action::Select(Selection::Node("cache".into())));
        state = state.reduce(Action::StartConnect);
        let mut board = Board::plain();
        for effect in board.run(vec![down(mouse(520.0, 320.0), node("db"))]) {
            if let Effect::Dispatch(action) = effect {
                state = state.reduce(action);
            }
        }
        let wired = |e: &shardlab_core::sim::Edge| e.from == "cache" && e.to == "db";
        assert!(state.design.edges.iter().any(wired));
        assert_eq!(state.connecting, None);
    }

    #[test]
    fn the_background_pans_and_a_click_on_it_clears_the_selection() {
        let design = design();
        // The SVG 400 px wide at (10, 20): a client pixel is two viewBox units.
        let frame = Frame {
            left: 10.0,
            top: 20.0,
            width: 400.0,
            height: 220.0,
            inner_width: 400.0,
        };
        let scene = Scene {
            design: &design,
            frame,
        };
        let mut stage = Stage::new(&design);
        let from = stage.view;
        let pressed = stage.step(down(mouse(100.0, 200.0), Target::Background), &scene);
        assert_eq!(pressed, vec![Effect::Capture(1)]);
        stage.step(Input::Move(mouse(102.0, 200.0)), &scene);
        assert_eq!(stage.view, from, "inside the slop");
        stage.step(Input::Move(mouse(135.0, 180.0)), &scene);
        let panned = View {
            x: from.x + 70.0,
            y: from.y - 40.0,
            zoom: from.zoom,
        };
        assert_eq!(stage.view, panned);
        assert_eq!(stage.step(Input::Up(mouse(135.0, 180.0)), &scene), vec![]);
        // A press and a release in place: the selection is cleared, the view stays.
        stage.step(down(mouse(50.0, 50.0), Target::Background), &scene);
        let up = stage.step(Input::Up(mouse(51.0, 51.0)), &scene);
        assert_eq!(up, vec![selects(Selection::None)]);
        assert_eq!(stage.view, panned);
        // Another button on the background does nothing.
        let secondary = Input::Down {
            pointer: mouse(50.0, 50.0),
            on: Target::Background,
            primary: false,
        };
        assert_eq!(stage.step(secondary, &scene), vec![]);
        assert_eq!(stage.gesture, Gesture::Idle);
    }

    #[test]
    fn one_finger_on_a_board_not_yet_active_leaves_the_page_to_scroll() {
        let mut board = Board::plain();
        let from = board.stage.view;
        // A swipe on the background, on a node and on a port: no capture, no pan, no drag, no
        // selection, no wire; the browser scrolls the page (touch-action: pan-y).
        for on in [Target::Background, node("app"), Target::Port("app".into())] {
            let pressed = board.run(vec![down(finger(1, 300.0, 200.0), on.clone())]);
            assert_eq!(pressed, vec![], "{on:?}");
            board.run(vec![
                Input::Move(finger(1, 300.0, 150.0)),
                Input::Move(finger(1, 300.0, 60.0)),
            ]);
            assert_eq!(board.stage.view, from, "{on:?}");
            assert_eq!(board.stage.picture().dragged, None);
            assert_eq!(board.stage.picture().wire, None);
            // The browser took the finger, or it lifted after the swipe: nothing happens.
            assert_eq!(board.run(vec![Input::Up(finger(1, 300.0, 60.0))]), vec![]);
            assert_eq!(board.run(vec![Input::Cancel]), vec![]);
            assert!(!board.stage.picture().touch_active);
        }
        // Its touchmoves are the page's; a mouse and a pen pan at once, as before.
        assert_eq!(board.run(vec![Input::TouchMove { fingers: 1 }]), vec![]);
        board.run(vec![
            down(mouse(300.0, 200.0), Target::Background),
            Input::Move(mouse(340.0, 200.0)),
            Input::Up(mouse(340.0, 200.0)),
        ]);
        assert_eq!(board.stage.view.x, from.x + 40.0);
    }

    #[test]
    fn a_tap_activates_the_board_and_a_press_outside_gives_the_finger_back() {
        let mut board = Board::plain();
        // A tap on a node: selected on lifting (a finger that scrolls past selects nothing).
        let pressed = board.run(vec![down(finger(1, 300.0, 200.0), node("app"))]);
        assert_eq!(pressed, vec![]);
        let tapped = board.run(vec![
            Input::Move(finger(1, 301.0, 201.0)),
            Input::Up(finger(1, 301.0, 201.0)),
        ]);
        assert_eq!(tapped, vec![selects(Selection::Node("app".into()))]);
        assert!(board.stage.picture().touch_active);
        // Active: its touchmoves are the board's, and one finger pans.
        let moved = board.run(vec![Input::TouchMove { fingers: 1 }]);
        assert_eq!(moved, vec![Effect::PreventDefault]);
        let from = board.stage.view;
        let pressed = board.run(vec![down(finger(2, 100.0, 100.0), Target::Background)]);
        assert_eq!(pressed, vec![Effect::Capture(2)]);
        board.run(vec![
            Input::Move(finger(2, 100.0, 160.0)),
            Input::Up(finger(2, 100.0, 160.0)),
        ]);
        assert_eq!(board.stage.view.y, from.y + 60.0);
        // A press outside: one finger is the page's again.
        board.run(vec![Input::Outside]);
        assert!(!board.stage.picture().touch_active);
        let panned = board.stage.view;
        board.run(vec![
            down(finger(3, 100.0, 100.0), Target::Background),
            Input::Move(finger(3, 100.0, 300.0)),
        ]);
        assert_eq!(board.stage.view, panned);
        // A tap on the background activates too, and clears the selection; a node gone
        // since selects nothing.
        let tapped = board.run(vec![
            down(finger(4, 100.0, 100.0), Target::Background),
            Input::Up(finger(4, 100.0, 100.0)),
        ]);
        assert_eq!(tapped, vec![selects(Selection::None)]);
        board.run(vec![Input::Outside]);
        let gone = board.run(vec![
            down(finger(5, 100.0, 100.0), node("nowhere")),
            Input::Up(finger(5, 100.0, 100.0)),
        ]);
        assert_eq!(gone, vec![]);
    }

    #[test]
    fn two_fingers_on_a_board_not_yet_active_pinch_and_activate_it() {
        let mut board = Board::plain();
        let from = board.stage.view;
        // The page must not scroll under two fingers.
        let moved = board.run(vec![Input::TouchMove { fingers: 2 }]);
        assert_eq!(moved, vec![Effect::PreventDefault]);
        // The second finger may land on a node: the two still pinch.
        board.run(vec![down(finger(1, 100.0, 300.0), Target::Background)]);
        let second = board.run(vec![down(finger(2, 140.0, 300.0), node("app"))]);
        assert_eq!(second, vec![Effect::Capture(1), Effect::Capture(2)]);
        assert!(board.stage.picture().touch_active);
        board.run(vec![
            Input::Move(finger(1, 80.0, 300.0)),
            Input::Move(finger(2, 160.0, 300.0)),
        ]);
        assert_eq!(board.stage.view, from.zoom_about(2.0, 120.0, 300.0));
    }

    #[test]
    fn a_finger_on_an_edge_pinches_with_another_but_never_pans() {
        let edge = || Target::Edge(0);
        // Not yet active: a finger on a node and one on an edge pinch.
        let mut board = Board::plain();
        let from = board.stage.view;
        board.run(vec![down(finger(1, 300.0, 200.0), node("app"))]);
        let second = board.run(vec![down(finger(2, 340.0, 200.0), edge())]);
        assert_eq!(second, vec![Effect::Capture(1), Effect::Capture(2)]);
        board.run(vec![Input::Move(finger(2, 380.0, 200.0))]);
        assert_eq!(board.stage.view, from.zoom_about(2.0, 340.0, 200.0));
        // Active: one finger on an edge neither pans nor selects; a second one pinches.
        let mut board = Board::plain();
        board.stage.touch_active = true;
        let pressed = board.run(vec![down(finger(1, 100.0, 100.0), edge())]);
        assert_eq!(pressed, vec![], "not captured, so its tap clicks the edge");
        board.run(vec![Input::Move(finger(1, 100.0, 300.0))]);
        assert_eq!(board.stage.view, from);
        assert_eq!(board.run(vec![Input::Up(finger(1, 100.0, 300.0))]), vec![]);
        let second = board.run(vec![
            down(finger(1, 100.0, 100.0), Target::Background),
            down(finger(2, 140.0, 100.0), edge()),
        ]);
        assert_eq!(second, vec![Effect::Capture(2)]);
        assert!(matches!(board.stage.gesture, Gesture::Pinching { .. }));
        // A mouse on an edge does nothing here; its click selects the edge.
        let mut board = Board::plain();
        assert_eq!(board.run(vec![down(mouse(100.0, 100.0), edge())]), vec![]);
        assert_eq!(board.stage.gesture, Gesture::Idle);
        // A tap on an edge of a board not yet active activates it; the click selects.
        let tapped = board.run(vec![
            down(finger(1, 100.0, 100.0), edge()),
            Input::Up(finger(1, 100.0, 100.0)),
        ]);
        assert_eq!(tapped, vec![]);
        assert!(board.stage.picture().touch_active);
    }

    #[test]
    fn a_phone_board_never_zooms_out_past_its_text_floor() {
        let design = design();
        let phone = Frame {
            width: 360.0,
            height: 360.0,
            inner_width: 356.0,
            ..PLAIN
        };
        let scene = Scene {
            design: &design,
            frame: phone,
        };
        let mut stage = Stage::new(&design);
        stage.step(Input::Resized, &scene);
        let floor = min_zoom(356.0);
        // The board's smallest text (12 units) at 356 px of drawing is 12 CSS px at the floor.
        assert!(12.0 * floor * 356.0 / VIEW_W >= 12.0 - 1e-9);
        assert!(stage.view.zoom >= floor);
        stage.step(Input::ZoomBy(0.1), &scene);
        assert_eq!(stage.view.zoom, floor);
        let wheel = Input::Wheel {
            x: 100.0,
            y: 100.0,
            delta_y: 200.0,
            zoom: true,
        };
        stage.step(wheel, &scene);
        assert_eq!(stage.view.zoom, floor);
        stage.step(Input::TouchMove { fingers: 2 }, &scene);
        stage.step(down(finger(1, 100.0, 100.0), Target::Background), &scene);
        stage.step(down(finger(2, 200.0, 100.0), Target::Background), &scene);
        stage.step(Input::Move(finger(2, 110.0, 100.0)), &scene);
        assert_eq!(stage.view.zoom, floor);
        // The same board turned on its side (wide again) zooms out to the plain floor.
        let wide = Scene {
            design: &design,
            frame: TURNED,
        };
        stage.step(Input::Resized, &wide);
        stage.step(Input::ZoomBy(0.01), &wide);
        assert_eq!(stage.view.zoom, MIN_ZOOM);
    }

    #[test]
    fn a_second_finger_pinches_about_the_middle() {
        let mut board = Board::plain();
        board.stage.touch_active = true;
        // The first finger pans a little; the second turns it into a pinch from there.
        board.run(vec![
            down(finger(1, 100.0, 300.0), Target::Background),
            Input::Move(finger(1, 110.0, 300.0)),
        ]);
        let from = board.stage.view;
        assert_eq!(from.x, 10.0);
        let second = board.run(vec![down(finger(2, 151.0, 300.0), Target::Background)]);
        assert_eq!(second, vec![Effect::Capture(2)]);
        // 41 px apart, then 82: twice the zoom, about the middle in whole pixels.
        board.run(vec![
            Input::Move(finger(1, 90.0, 300.0)),
            Input::Move(finger(2, 172.0, 300.0)),
        ]);
        assert_eq!(board.stage.view, from.zoom_about(2.0, 131.0, 300.0));
        // The first finger up: the pinch holds until the last is up, and never selects.
        let zoomed = board.stage.view;
        assert_eq!(board.run(vec![Input::Up(finger(1, 90.0, 300.0))]), vec![]);
        board.run(vec![Input::Move(finger(2, 300.0, 300.0))]);
        assert_eq!(board.stage.view, zoomed);
        assert_eq!(board.run(vec![Input::Up(finger(2, 300.0, 300.0))]), vec![]);
        assert_eq!(board.stage.gesture, Gesture::Idle);
        assert!(board.stage.touches.is_empty());
        board.run(vec![Input::Move(finger(2, 200.0, 200.0))]);
        assert_eq!(board.stage.view, zoomed);
    }

    #[test]
    fn a_pinch_ignores_a_third_finger_a_port_and_a_mouse_but_a_node_is_selected() {
        let mut board = Board::plain();
        board.run(two_fingers());
        let pinching = board.stage.gesture.clone();
        assert!(matches!(pinching, Gesture::Pinching { distance, .. } if distance == 40.0));
        let third = board.run(vec![down(finger(3, 10.0, 10.0), Target::Background)]);
        assert_eq!(third, vec![Effect::Capture(3)]);
        let port = board.run(vec![down(
            finger(4, 595.0, 80.0),
            Target::Port("cache".into()),
        )]);
        assert_eq!(port, vec![]);
        board.run(vec![down(mouse(10.0, 10.0), Target::Background)]);
        let pressed = board.run(vec![down(finger(5, 300.0, 200.0), node("app"))]);
        assert_eq!(
            pressed,
            vec![Effect::Capture(5), selects(Selection::Node("app".into()))]
        );
        assert_eq!(board.stage.gesture, pinching);
        // Three fingers on the background: no zoom until two are left.
        let view = board.stage.view;
        board.run(vec![Input::Move(finger(1, 50.0, 400.0))]);
        assert_eq!(board.stage.view, view);
        board.run(vec![Input::Up(finger(3, 10.0, 10.0))]);
        board.run(vec![Input::Move(finger(2, 130.0, 400.0))]);
        assert_eq!(board.stage.view, view.zoom_about(2.0, 90.0, 400.0));
    }

    #[test]
    fn a_mouse_never_pinches() {
        let mut board = Board::plain();
        board.run(vec![
            down(mouse(100.0, 400.0), Target::Background),
            down(
                Pointer {
                    id: 2,
                    ..mouse(140.0, 400.0)
                },
                Target::Background,
            ),
        ]);
        assert!(matches!(
            board.stage.gesture,
            Gesture::Panning { pointer: 2, .. }
        ));
        assert!(board.stage.touches.is_empty());
    }

    #[test]
    fn a_port_wires_to_the_node_it_is_let_go_on() {
        let mut board = Board::plain();
        let port = Target::Port("cache".into());
        let pressed = board.run(vec![down(mouse(595.0, 80.0), port.clone())]);
        assert_eq!(pressed, vec![Effect::Capture(1)]);
        assert_eq!(
            board.stage.picture().wire,
            Some(("cache".into(), 595.0, 80.0))
        );
        board.run(vec![Input::Move(mouse(540.0, 330.0))]);
        assert_eq!(
            board.stage.picture().wire,
            Some(("cache".into(), 540.0, 330.0))
        );
        let up = board.run(vec![Input::Up(mouse(540.0, 330.0))]);
        let wire = Action::Connect("cache".into(), "db".into());
        assert_eq!(up, vec![dispatch(wire)]);
        assert_eq!(board.stage.picture().wire, None);
        // Let go on empty board, or on its own node: no edge.
        for (x, y) in [(700.0, 200.0), (520.0, 80.0)] {
            let inputs = vec![
                down(mouse(595.0, 80.0), port.clone()),
                Input::Up(mouse(x, y)),
            ];
            assert_eq!(board.run(inputs), vec![]);
            assert_eq!(board.stage.picture().wire, None);
        }
    }

    #[test]
    fn cancel_drops_every_gesture_without_effect() {
        let mut board = Board::plain();
        let gestures = [
            vec![
                down(mouse(300.0, 200.0), node("app")),
                Input::Move(mouse(340.0, 260.0)),
            ],
            vec![down(mouse(595.0, 80.0), Target::Port("cache".into()))],
            two_fingers(),
            vec![down(mouse(50.0, 50.0), Target::Background)],
        ];
        for inputs in gestures {
            board.run(inputs);
            assert_ne!(board.stage.gesture, Gesture::Idle);
            assert_eq!(board.run(vec![Input::Cancel]), vec![]);
            assert_eq!(
                (&board.stage.gesture, board.stage.touches.len()),
                (&Gesture::Idle, 0)
            );
            assert_eq!(
                (board.stage.picture().dragged, board.stage.picture().wire),
                (None, None)
            );
            // The release that follows does nothing (a press on the background would select).
            let up = board.run(vec![Input::Up(mouse(340.0, 260.0))]);
            assert_eq!(up, vec![]);
        }
    }

    #[test]
    fn a_lost_capture_drops_only_that_pointers_gesture() {
        let mut board = Board::plain();
        board.run(vec![
            down(mouse(300.0, 200.0), node("app")),
            Input::Move(mouse(340.0, 260.0)),
        ]);
        // Another pointer's loss (or its moves and release) leave the drag alone.
        board.run(vec![Input::CaptureLost(7)]);
        let other = Pointer {
            id: 7,
            ..mouse(0.0, 0.0)
        };
        board.run(vec![Input::Move(other)]);
        assert_eq!(board.run(vec![Input::Up(other)]), vec![]);
        assert_eq!(
            board.stage.picture().dragged,
            Some(("app".into(), 340.0, 260.0))
        );
        board.run(vec![Input::CaptureLost(1)]);
        assert_eq!(board.stage.picture().dragged, None);
        assert_eq!(board.run(vec![Input::Up(mouse(340.0, 260.0))]), vec![]);
        // The loss that follows a normal release changes nothing.
        let up = board.run(vec![
            down(mouse(50.0, 50.0), Target::Background),
            Input::Up(mouse(50.0, 50.0)),
        ]);
        assert_eq!(up, vec![selects(Selection::None)]);
        let before = board.stage.clone();
        board.run(vec![Input::CaptureLost(1)]);
        assert_eq!(board.stage, before);
        // A pinch ends when both fingers are lost.
        board.run(two_fingers());
        board.run(vec![Input::CaptureLost(1)]);
        assert!(matches!(board.stage.gesture, Gesture::Pinching { .. }));
        board.run(vec![Input::CaptureLost(2)]);
        assert_eq!(board.stage.gesture, Gesture::Idle);
    }

    #[test]
    fn ctrl_wheel_zooms_about_the_pointer_and_a_plain_wheel_scrolls() {
        let mut board = Board::plain();
        let wheel = |delta_y: f64, zoom: bool| Input::Wheel {
            x: 200.0,
            y: 100.0,
            delta_y,
            zoom,
        };
        let from = board.stage.view;
        assert_eq!(board.run(vec![wheel(-120.0, false)]), vec![]);
        assert_eq!(board.stage.view, from);
        assert_eq!(
            board.run(vec![wheel(-120.0, true)]),
            vec![Effect::PreventDefault]
        );
        assert_eq!(
            board.stage.view,
            from.zoom_about(libm::exp(0.24), 200.0, 100.0)
        );
        // A fling counts as 200 at most.
        let mut flung = Board::plain();
        flung.run(vec![wheel(5_000.0, true)]);
        assert_eq!(
            flung.stage.view,
            from.zoom_about(libm::exp(-0.4), 200.0, 100.0)
        );
    }

    #[test]
    fn keys_move_select_delete_and_leave_connect() {
        let mut board = Board::plain();
        let key = |key: Key, shift: bool, on: Item| Input::Key { key, shift, on };
        let app = || Item::Node("app".into());
        let nudge = |dx: f64, dy: f64| {
            let id = "app".to_string();
            vec![
                Effect::PreventDefault,
                dispatch(Action::NudgeNode { id, dx, dy }),
            ]
        };
        let cases = [
            (key(Key::Left, false, app()), nudge(-NUDGE, 0.0)),
            (key(Key::Right, false, app()), nudge(NUDGE, 0.0)),
            (key(Key::Up, true, app()), nudge(0.0, -NUDGE_SHIFT)),
            (key(Key::Down, true, app()), nudge(0.0, NUDGE_SHIFT)),
            (
                key(Key::Enter, false, app()),
                vec![
                    Effect::PreventDefault,
                    selects(Selection::Node("app".into())),
                    Effect::FocusSettings,
                ],
            ),
            (
                key(Key::Space, false, app()),
                vec![
                    Effect::PreventDefault,
                    selects(Selection::Node("app".into())),
                ],
            ),
            (
                key(Key::Delete, false, app()),
                vec![
                    Effect::PreventDefault,
                    selects(Selection::Node("app".into())),
                    dispatch(Action::DeleteSelected),
                ],
            ),
            (
                key(Key::Escape, false, app()),
                vec![Effect::PreventDefault, dispatch(Action::CancelConnect)],
            ),
            (
                key(Key::Delete, false, Item::Edge(2)),
                vec![
                    Effect::PreventDefault,
                    selects(Selection::Edge(2)),
                    dispatch(Action::DeleteSelected),
                ],
            ),
            (
                key(Key::Space, false, Item::Edge(2)),
                vec![Effect::PreventDefault, selects(Selection::Edge(2))],
            ),
            (
                key(Key::Enter, true, Item::Edge(2)),
                vec![Effect::PreventDefault, selects(Selection::Edge(2))],
            ),
            (key(Key::Left, false, Item::Edge(2)), vec![]),
            (key(Key::Escape, false, Item::Edge(2)), vec![]),
            (Input::EdgeClick(1), vec![selects(Selection::Edge(1))]),
        ];
        for (input, effects) in cases {
            assert_eq!(board.run(vec![input.clone()]), effects, "{input:?}");
        }
        assert_eq!(Key::from_dom("ArrowLeft"), Some(Key::Left));
        assert_eq!(Key::from_dom("Backspace"), Some(Key::Delete));
        assert_eq!(Key::from_dom(" "), Some(Key::Space));
        assert_eq!(Key::from_dom("a"), None);
    }

    #[test]
    fn the_buttons_zoom_about_the_middle_and_reset_fits_every_box() {
        let mut board = Board::plain();
        let points = points(&board.design);
        let from = board.stage.view;
        board.run(vec![Input::ZoomBy(1.25)]);
        assert_eq!(
            board.stage.view,
            from.zoom_about(1.25, VIEW_W / 2.0, VIEW_H / 2.0)
        );
        board.run(vec![Input::ResetView]);
        assert_eq!(board.stage.view, View::fit(&points, VIEW_H));
        assert_eq!(board.stage.view.boxes_out_of_view(&points, VIEW_H), 0);
        // On a phone: the phone's shape, every box in it.
        let phone = Frame {
            width: 360.0,
            height: 360.0,
            inner_width: 356.0,
            ..PLAIN
        };
        let scene = Scene {
            design: &board.design,
            frame: phone,
        };
        board.stage.step(Input::ResetView, &scene);
        assert_eq!(
            (board.stage.view, board.stage.view_h),
            fit_to_width(&points, 356.0)
        );
        // There the text floor holds the zoom: the Pinterest board does not fit at 12 px text,
        // so Reset view shows its start and says so.
        assert_eq!(board.stage.view.zoom, min_zoom(356.0));
        assert!(board.stage.view.boxes_out_of_view(&points, TALL_VIEW_H) > 0);
        assert!(!board.stage.fit_shows_all(&points));
        // Turned on its side (the square board 800 px wide inside its border): all of it again.
        let scene = Scene {
            design: &board.design,
            frame: TURNED,
        };
        board.stage.step(Input::Resized, &scene);
        assert!(board.stage.fit_shows_all(&points));
    }

    #[test]
    fn the_board_fits_every_box_when_measured_and_again_on_each_resize() {
        let design = design();
        let points = points(&design);
        let mut stage = Stage::new(&design);
        assert_eq!(
            (stage.view, stage.view_h),
            (View::fit(&points, VIEW_H), VIEW_H)
        );
        let phone = Frame {
            width: 360.0,
            height: 200.0,
            inner_width: 356.0,
            ..PLAIN
        };
        let at = |frame: Frame| Scene {
            design: &design,
            frame,
        };
        stage.step(Input::Resized, &at(phone));
        // Measured in the wide shape: 196 px high inside the border holds 356 px of width.
        assert_eq!((stage.view, stage.view_h), fit_to_width(&points, 356.0));
        assert_eq!(stage.view_h, TALL_VIEW_H);
        // The reader zooms in and pans; a resize of the window that leaves the board's width
        // (the address bar sliding away) keeps their view.
        stage.step(Input::ZoomBy(2.0), &at(phone));
        stage.step(down(mouse(10.0, 10.0), Target::Background), &at(phone));
        stage.step(Input::Move(mouse(40.0, 10.0)), &at(phone));
        stage.step(Input::Up(mouse(40.0, 10.0)), &at(phone));
        let panned = stage.view;
        assert!(stage.view.boxes_out_of_view(&points, TALL_VIEW_H) > 0);
        let taller = Frame {
            height: 380.0,
            ..phone
        };
        stage.step(Input::Resized, &at(taller));
        assert_eq!(stage.view, panned);
        // A narrower board, still a phone: fitted again (as far as its text floor allows).
        let narrower = Frame {
            width: 324.0,
            height: 324.0,
            inner_width: 320.0,
            ..PLAIN
        };
        stage.step(Input::Resized, &at(narrower));
        assert_eq!((stage.view, stage.view_h), fit_to_width(&points, 320.0));
        // Turned on its side: the square board is 804 px wide (800 inside its border), so it
        // is wide again, and fitted again.
        let turned = Frame {
            width: 804.0,
            height: 804.0,
            inner_width: 800.0,
            ..PLAIN
        };
        stage.step(Input::Resized, &at(turned));
        assert_eq!(
            (stage.view, stage.view_h),
            (View::fit(&points, VIEW_H), VIEW_H)
        );
        // A wide board, measured for the first time over a reader's view, fits.
        let wide = Frame {
            height: 444.0,
            ..turned
        };
        let mut desktop = Stage::new(&design);
        desktop.view = panned;
        desktop.step(Input::Resized, &at(wide));
        assert_eq!(
            (desktop.view, desktop.view_h),
            (View::fit(&points, VIEW_H), VIEW_H)
        );
    }

    #[test]
    fn a_node_reached_with_tab_is_panned_into_view() {
        let mut board = Board::plain();
        board.stage.view.x = -400.0;
        let hidden = board.stage.view;
        board.run(vec![Input::Focused("db".into())]);
        assert_eq!(board.stage.view, hidden, "the database is in view already");
        board.run(vec![Input::Focused("users".into())]);
        assert_eq!(board.stage.view, hidden.reveal(80.0, 200.0, VIEW_H));
        assert_ne!(board.stage.view, hidden);
        board.run(vec![Input::Focused("nowhere".into())]);
        assert_eq!(board.stage.view, hidden.reveal(80.0, 200.0, VIEW_H));
    }
}
