//! One live view inside a chapter: a same-origin iframe of the view's page in a chosen state,
//! which reports the view's snapshot to the chapter every [`POLL_MS`] and takes the height the
//! framed page asks for.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Interval;
use wasm_bindgen::JsCast;
use web_sys::{HtmlIFrameElement, MessageEvent};
use yew::prelude::*;

use super::live_view::{frame_src, LiveView};
use super::tasks::Snapshot;
use crate::components::snapshot::ATTRIBUTE;

/// How often the chapter reads the framed view's state.
pub const POLL_MS: u32 = 400;
/// The tallest height a framed page may ask for, in CSS pixels.
const MAX_HEIGHT: f64 = 6_000.0;

/// A snapshot's JSON, read as the view it came from; `None` when it does not parse.
pub fn parse_snapshot(view: LiveView, text: &str) -> Option<Snapshot> {
    match view {
        LiveView::Decoder => serde_json::from_str(text).ok().map(Snapshot::Decoder),
        LiveView::Ring => serde_json::from_str(text).ok().map(Snapshot::Ring),
        LiveView::Board => serde_json::from_str(text).ok().map(Snapshot::Board),
    }
}

/// The height in a `{type: "shardlab:height", height}` message, if that is what it is.
fn asked_height(data: &wasm_bindgen::JsValue) -> Option<f64> {
    let kind = js_sys::Reflect::get(data, &"type".into())
        .ok()?
        .as_string()?;
    if kind != "shardlab:height" {
        return None;
    }
    let height = js_sys::Reflect::get(data, &"height".into())
        .ok()?
        .as_f64()?;
    (height.is_finite() && height > 0.0).then_some(height.min(MAX_HEIGHT))
}

/// The frame's inputs.
#[derive(Properties, PartialEq)]
pub struct LiveFrameProps {
    /// Which view.
    pub view: LiveView,
    /// Its state, in the view's own link format.
    pub query: AttrValue,
    /// The iframe's accessible title.
    pub title: AttrValue,
    /// Called with the view's snapshot whenever it changes.
    pub on_snapshot: Callback<Snapshot>,
}

/// A live view in a chapter.
#[function_component(LiveFrame)]
pub fn live_frame(props: &LiveFrameProps) -> Html {
    let frame = use_node_ref();
    let height = use_state(|| None::<f64>);
    // Starting over reloads the frame in the chapter's state.
    let generation = use_state(|| 0u32);
    // The newest callback, so the long-lived poller never calls a stale one.
    let on_snapshot = use_mut_ref(|| props.on_snapshot.clone());
    *on_snapshot.borrow_mut() = props.on_snapshot.clone();

    {
        let frame = frame.clone();
        let view = props.view;
        use_effect_with(*generation, move |_| {
            let last = Rc::new(RefCell::new(String::new()));
            let poll = Interval::new(POLL_MS, move || {
                let Some(iframe) = frame.cast::<HtmlIFrameElement>() else {
                    return;
                };
                let Some(text) = iframe
                    .content_document()
                    .and_then(|doc| doc.query_selector(&format!("[{ATTRIBUTE}]")).ok().flatten())
                    .and_then(|root| root.get_attribute(ATTRIBUTE))
                else {
                    return;
                };
                if *last.borrow() == text {
                    return;
                }
                if let Some(snapshot) = parse_snapshot(view, &text) {
                    *last.borrow_mut() = text;
                    let callback = on_snapshot.borrow().clone();
                    callback.emit(snapshot);
                }
            });
            move || drop(poll)
        });
    }
    {
        let frame = frame.clone();
        let height = height.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo::utils::window(), "message", move |event| {
                let Some(event) = event.dyn_ref::<MessageEvent>() else {
                    return;
                };
                let Some(iframe) = frame.cast::<HtmlIFrameElement>() else {
                    return;
                };
                // Only our own frame may size it.
                let ours = match (event.source(), iframe.content_window()) {
                    (Some(source), Some(window)) => {
                        wasm_bindgen::JsValue::from(source) == wasm_bindgen::JsValue::from(window)
                    }
                    _ => false,
                };
                if let (true, Some(h)) = (ours, asked_height(&event.data())) {
                    height.set(Some(h));
                }
            });
            move || drop(listener)
        });
    }

    let src = frame_src(props.view, &props.query);
    let style = height.map(|h| format!("height: {h:.0}px"));
    let restart = {
        let generation = generation.clone();
        Callback::from(move |_: MouseEvent| generation.set(generation.wrapping_add(1)))
    };
    html! {
        <figure class="live-view">
            <iframe key={*generation} ref={frame} class={classes!("live-frame", height.is_some().then_some("sized"))}
                src={src.clone()} title={props.title.clone()} {style} />
            <figcaption class="live-view-tools">
                <span>{ props.title.clone() }</span>
                <button type="button" class="link-button" onclick={restart}>{ "Start this view over" }</button>
                <a href={src} target="_blank" rel="noopener">{ "Open it full size" }</a>
            </figcaption>
        </figure>
    }
}
