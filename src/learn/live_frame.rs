//! One live widget inside a chapter: a same-origin iframe of its view's page at the widget's
//! embed route in a chosen state, which reports the view's snapshot to the chapter as soon as it changes and takes the height the
//! framed page asks for.
//!
//! The snapshot is watched with a `MutationObserver` on the frame's document, not read on a
//! timer: a task ticks in the same frame as the view's render, and an idle chapter does no work.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use shardlab_core::view_limits::learn::MAX_FRAME_HEIGHT;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlIFrameElement, MutationObserver, MutationObserverInit};
use yew::prelude::*;

use super::live_view::{frame_src, widget_src, LiveView};
use super::tasks::Snapshot;
use crate::browser::json::Json;
use crate::catalogue::Widget;
use crate::shell::embed_height::use_framed_height;
use crate::snapshot::ATTRIBUTE;

/// A snapshot's JSON, read as the view it came from; `None` when it does not parse. The browser's
/// `JSON.parse` reads it ([`Json`]; see `snapshot::browser_u64` for its 64-bit numbers).
pub fn parse_snapshot(view: LiveView, text: &str) -> Option<Snapshot> {
    let json = Json::parse(text).ok()?;
    match view {
        LiveView::Decoder => json.read().ok().map(Snapshot::Decoder),
        LiveView::Ring => json.read().ok().map(Snapshot::Ring),
        LiveView::Board => json.read().ok().map(Snapshot::Board),
    }
}

/// The closure a `MutationObserver` calls with its records (which the watcher does not need).
type OnMutation = Closure<dyn FnMut(js_sys::Array)>;

/// Watches one frame's view for snapshot changes and hands each new one to the chapter.
struct SnapshotWatcher {
    /// The iframe.
    frame: NodeRef,
    /// The view it shows, so its snapshot parses as the right kind.
    view: LiveView,
    /// The chapter's newest callback (the observer outlives renders).
    on_snapshot: Rc<RefCell<Callback<Snapshot>>>,
    /// The last snapshot text handed on, so an unchanged one is not sent again.
    last: RefCell<String>,
    /// The view's root element, once found; looked up again after it leaves the document.
    root: RefCell<Option<Element>>,
    /// The observer on the frame's current document, with the closure it calls.
    observer: RefCell<Option<(MutationObserver, OnMutation)>>,
}

impl SnapshotWatcher {
    /// Observes the frame's current document: the snapshot attribute anywhere in it, and added
    /// or removed elements, since the view's root arrives with its attribute already set when
    /// the app mounts (setting an attribute on a detached element records no mutation).
    fn watch(this: &Rc<Self>) {
        this.stop();
        *this.root.borrow_mut() = None;
        let Some(html) = this
            .frame
            .cast::<HtmlIFrameElement>()
            .and_then(|iframe| iframe.content_document())
            .and_then(|doc| doc.document_element())
        else {
            return;
        };
        let weak = Rc::downgrade(this);
        let on_change = OnMutation::new(move |_: js_sys::Array| {
            if let Some(this) = weak.upgrade() {
                this.read();
            }
        });
        let Ok(observer) = MutationObserver::new(on_change.as_ref().unchecked_ref()) else {
            return;
        };
        let options = MutationObserverInit::new();
        options.set_attributes(true);
        options.set_attribute_filter(&js_sys::Array::of1(&ATTRIBUTE.into()));
        options.set_child_list(true);
        options.set_subtree(true);
        if observer.observe_with_options(&html, &options).is_ok() {
            *this.observer.borrow_mut() = Some((observer, on_change));
        }
        // The view may have rendered before the observer was in place.
        this.read();
    }

    /// Reads the snapshot and hands it on if it changed and parses.
    fn read(&self) {
        let root = {
            let mut root = self.root.borrow_mut();
            if !root.as_ref().is_some_and(|r| r.is_connected()) {
                *root = self
                    .frame
                    .cast::<HtmlIFrameElement>()
                    .and_then(|iframe| iframe.content_document())
                    .and_then(|doc| doc.query_selector(&format!("[{ATTRIBUTE}]")).ok().flatten());
            }
            root.clone()
        };
        let Some(text) = root.and_then(|r| r.get_attribute(ATTRIBUTE)) else {
            return;
        };
        if *self.last.borrow() == text {
            return;
        }
        if let Some(snapshot) = parse_snapshot(self.view, &text) {
            *self.last.borrow_mut() = text;
            let callback = self.on_snapshot.borrow().clone();
            callback.emit(snapshot);
        }
    }

    /// Stops observing (the frame reloads, or the chapter goes away).
    fn stop(&self) {
        if let Some((observer, _closure)) = self.observer.borrow_mut().take() {
            observer.disconnect();
        }
    }
}

/// The frame's inputs.
#[derive(Properties, PartialEq)]
pub struct LiveFrameProps {
    /// Which widget.
    pub widget: Widget,
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
    // Starting over reloads the frame in the chapter's state.
    let generation = use_state(|| 0u32);
    // The newest callback, so the long-lived observer never calls a stale one.
    let on_snapshot = use_mut_ref(|| props.on_snapshot.clone());
    *on_snapshot.borrow_mut() = props.on_snapshot.clone();

    {
        let frame = frame.clone();
        let view = props.widget.view();
        use_effect_with(*generation, move |_| {
            let watcher = Rc::new(SnapshotWatcher {
                frame: frame.clone(),
                view,
                on_snapshot,
                last: RefCell::new(String::new()),
                root: RefCell::new(None),
                observer: RefCell::new(None),
            });
            // The frame's first document is a blank one; each load (the view's page, or a page
            // the reader navigated to inside the frame) gets a fresh observer.
            let on_load = frame.cast::<HtmlIFrameElement>().map(|iframe| {
                let watcher = watcher.clone();
                EventListener::new(&iframe, "load", move |_| SnapshotWatcher::watch(&watcher))
            });
            SnapshotWatcher::watch(&watcher);
            move || {
                drop(on_load);
                watcher.stop();
            }
        });
    }
    let src = frame_src(props.widget, &props.query);
    let full_size = widget_src(props.widget, &props.query);
    let height = use_framed_height(&frame).map(|h| f64::from(h).min(MAX_FRAME_HEIGHT));
    let style = height.map(|h| format!("height: {h:.0}px"));
    let restart = {
        let generation = generation.clone();
        Callback::from(move |_: MouseEvent| generation.set(generation.wrapping_add(1)))
    };
    html! {
        <figure class="live-view">
            <iframe key={*generation} ref={frame} class={classes!("live-frame", height.is_some().then_some("sized"))}
                {src} title={props.title.clone()} {style} />
            <figcaption class="live-view-tools">
                <span>{ props.title.clone() }</span>
                <button type="button" class="link-button" onclick={restart}>{ "Start this widget over" }</button>
                <a href={full_size} target="_blank" rel="noopener">{ "Open it full size" }</a>
            </figcaption>
        </figure>
    }
}
