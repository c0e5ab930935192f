//! The glue between the DOM and the gesture reducer: reading a pointer event and the board's place
//! on screen, stepping the [`Stage`], and carrying its effects out (dispatching, capturing the
//! pointer, preventing the default, moving focus, redrawing the canvas when its picture changes).
//! [`use_stage`] holds the stage for the canvas and feeds it what the SVG's own handlers cannot:
//! the board's measures (at once, then from a `ResizeObserver` on the SVG), the Ctrl/Cmd +
//! wheel zoom, the board's `touchmove`s (whose default it may prevent, so two fingers do not
//! scroll the page) and the presses outside it (which hand one finger back to the page).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use shardlab_core::sim::Design;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, Event, FocusEvent, HtmlElement, KeyboardEvent, Node, PointerEvent, ResizeObserver,
    WheelEvent,
};
use yew::prelude::*;

use crate::board::gesture::{Effect, Frame, Input, Item, Key, Pointer, Scene, Stage};
use crate::board::state::Action;

/// What the board's parts send the canvas: an input and the event it came from (whose default
/// an effect may prevent).
pub type OnInput = Callback<(Input, Event)>;

/// A pointer event's pointer.
pub fn pointer(e: &PointerEvent) -> Pointer {
    Pointer {
        id: e.pointer_id(),
        x: f64::from(e.client_x()),
        y: f64::from(e.client_y()),
        touch: e.pointer_type() == "touch",
    }
}

/// The keydown handler of a node or an edge: the keys the board answers go to the stage.
pub fn on_key(on_input: &OnInput, on: Item) -> Callback<KeyboardEvent> {
    let on_input = on_input.clone();
    Callback::from(move |e: KeyboardEvent| {
        if let Some(key) = Key::from_dom(&e.key()) {
            let (shift, on) = (e.shift_key(), on.clone());
            on_input.emit((Input::Key { key, shift, on }, e.into()));
        }
    })
}

/// A pointer handler of the SVG: `input` reads the event.
pub fn on_pointer(drive: &OnInput, input: fn(&PointerEvent) -> Input) -> Callback<PointerEvent> {
    drive.reform(move |e: PointerEvent| (input(&e), e.into()))
}

/// The SVG's `lostpointercapture` handler. Only the SVG's own capture counts: a touch's implicit
/// capture by the box it landed on is handed to the SVG at once, and that loss bubbles up too.
pub fn on_capture_lost(drive: &OnInput, svg: &NodeRef) -> Callback<PointerEvent> {
    let (drive, svg) = (drive.clone(), svg.clone());
    Callback::from(move |e: PointerEvent| {
        if e.target_dyn_into::<Element>() == svg.cast::<Element>() {
            drive.emit((Input::CaptureLost(e.pointer_id()), e.into()));
        }
    })
}

/// The `focusin` handler of the board's drawing: a node reached with Tab is panned into view (on
/// a phone the opening view shows only part of the board).
pub fn on_focus_in(drive: &OnInput) -> Callback<FocusEvent> {
    let drive = drive.clone();
    Callback::from(move |e: FocusEvent| {
        let node = e.target_dyn_into::<Element>();
        if let Some(id) = node.and_then(|el| el.get_attribute("data-node")) {
            drive.emit((Input::Focused(id), e.into()));
        }
    })
}

/// How many fingers a `touchmove` has down (`touches.length`, read without web-sys's
/// `TouchEvent`, which the page needs nowhere else).
fn fingers_down(event: &Event) -> u32 {
    js_sys::Reflect::get(event, &"touches".into())
        .and_then(|touches| js_sys::Reflect::get(&touches, &"length".into()))
        .ok()
        .and_then(|length| length.as_f64())
        .map_or(0, |length| length.clamp(0.0, 10.0) as u32)
}

/// Where the SVG is on screen now.
fn frame(svg: &Element) -> Frame {
    let rect = svg.get_bounding_client_rect();
    Frame {
        left: rect.left(),
        top: rect.top(),
        width: rect.width(),
        height: rect.height(),
        inner_width: f64::from(svg.client_width()),
    }
}

/// Steps the canvas's [`Stage`] and carries out what it returns.
#[derive(Clone)]
struct Driver {
    /// The stage (a cell: the canvas redraws only when its picture changes).
    stage: Rc<RefCell<Stage>>,
    /// The board's SVG.
    svg: NodeRef,
    /// The page's dispatcher.
    dispatch: Callback<Action>,
    /// Redraws the canvas.
    redraw: UseForceUpdateHandle,
}

impl Driver {
    /// Applies `input` for `design`; `event` is the DOM event it came from, if any.
    fn run(&self, design: &Design, input: Input, event: Option<&Event>) {
        let svg = self.svg.cast::<Element>();
        let frame = svg.as_ref().map_or_else(Frame::default, frame);
        // The borrow ends before any effect runs: a dispatch may render the canvas at once.
        let (changed, effects) = {
            let mut stage = self.stage.borrow_mut();
            let before = stage.picture();
            let effects = stage.step(input, &Scene { design, frame });
            (stage.picture() != before, effects)
        };
        for effect in effects {
            match effect {
                Effect::Dispatch(action) => self.dispatch.emit(action),
                Effect::Capture(id) => {
                    if let Some(el) = &svg {
                        let _ = el.set_pointer_capture(id);
                    }
                }
                Effect::PreventDefault => {
                    if let Some(event) = event {
                        event.prevent_default();
                    }
                }
                Effect::FocusSettings => focus_settings(),
            }
        }
        if changed {
            self.redraw.force_update();
        }
    }
}

/// The canvas's stage for `design` (created on the first render: the canvas is re-created for
/// each new design, so each opens at its own fit), the SVG's ref to attach, and the callback its parts
/// send their inputs to.
#[hook]
pub fn use_stage(
    design: &Design,
    dispatch: &Callback<Action>,
) -> (NodeRef, Rc<RefCell<Stage>>, OnInput) {
    let svg = use_node_ref();
    let stage = use_mut_ref(|| Stage::new(design));
    let driver = Driver {
        stage: stage.clone(),
        svg: svg.clone(),
        dispatch: dispatch.clone(),
        redraw: use_force_update(),
    };
    let drive = {
        let (driver, design) = (driver.clone(), Rc::new(design.clone()));
        Callback::from(move |(input, event): (Input, Event)| {
            driver.run(&design, input, Some(&event));
        })
    };
    // Ctrl/Cmd + wheel zooms about the pointer (registered by hand so that it may call
    // preventDefault: Yew's wheel listener is passive). A resize of the board's drawing fits
    // every box into its new size; the board is measured at once too, which fits it on load.
    use_effect_with(design.clone(), move |design| {
        let design = Rc::new(design.clone());
        let svg = driver.svg.cast::<Element>();
        let wheel = svg.as_ref().map(|el| {
            let (driver, design) = (driver.clone(), design.clone());
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(el, "wheel", options, move |event| {
                if let Some(wheel) = event.dyn_ref::<WheelEvent>() {
                    let input = Input::Wheel {
                        x: f64::from(wheel.client_x()),
                        y: f64::from(wheel.client_y()),
                        delta_y: wheel.delta_y(),
                        zoom: wheel.ctrl_key() || wheel.meta_key(),
                    };
                    driver.run(&design, input, Some(event));
                }
            })
        });
        // Registered by hand for the same reason: a passive listener cannot stop a scroll.
        let touch_move = svg.as_ref().map(|el| {
            let (driver, design) = (driver.clone(), design.clone());
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(el, "touchmove", options, move |event| {
                let input = Input::TouchMove {
                    fingers: fingers_down(event),
                };
                driver.run(&design, input, Some(event));
            })
        });
        let outside = svg.as_ref().map(|el| {
            let (driver, design, board) = (driver.clone(), design.clone(), el.clone());
            let document = gloo::utils::document();
            EventListener::new(&document, "pointerdown", move |event| {
                let target = event.target().and_then(|t| t.dyn_into::<Node>().ok());
                if !board.contains(target.as_ref()) {
                    driver.run(&design, Input::Outside, Some(event));
                }
            })
        });
        driver.run(&design, Input::Resized, None);
        let resized =
            Closure::<dyn FnMut()>::new(move || driver.run(&design, Input::Resized, None));
        let observer = svg.and_then(|el| {
            let observer = ResizeObserver::new(resized.as_ref().unchecked_ref()).ok()?;
            observer.observe(&el);
            Some(observer)
        });
        move || {
            if let Some(observer) = observer {
                observer.disconnect();
            }
            drop((wheel, touch_move, outside, resized));
        }
    });
    (svg, stage, drive)
}

/// Moves focus to the settings panel's first control once the panel has rendered it (tries for
/// about half a second, as the render may land a frame later).
fn focus_settings() {
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
