//! One live widget inside a chapter: a same-origin iframe of its view's page at the widget's
//! embed route in a chosen state, which reports the view's snapshot to the chapter as soon as it changes and takes the height the
//! framed page asks for.
//!
//! The snapshot is watched with a `MutationObserver` on the frame's document, not read on a
//! timer: a task ticks in the same frame as the view's render, and an idle chapter does no work.
//!
//! Once the reader has acted in the frame (a press, a key, an edit, a drop), the frame's state, as
//! the view writes it into its own address, is read a moment after each snapshot change (a view
//! writes its address after it renders, the Board once it has been still for 300 ms) and once more
//! as the chapter's page goes away, and handed to the chapter, which keeps it with the reader's
//! progress so a reload reopens the widget where it was. Before the reader acts nothing is kept:
//! a view may rewrite the chapter's short link into its own longer form as it opens, which is
//! still the chapter's state.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
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
use crate::url::url_query::{form_query, pairs_of, split_frame_pairs};

/// How long after a snapshot change the frame's address is read for its state: longer than the
/// 300 ms a Board waits before it writes its address.
const STATE_READ_DELAY_MS: u32 = 600;

/// The events that mean the reader acted in a frame: a view's state changes only through them.
const ACTS: [&str; 6] = ["pointerdown", "keydown", "input", "change", "drop", "paste"];

/// The view's own state in a frame's `location.hash` (its query without the frame's `theme`
/// and `within`), when the frame still shows the widget at `path`; `None` once the reader has
/// gone somewhere else inside the frame.
pub fn own_query(hash: &str, path: &str) -> Option<String> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    let (at, query) = hash.split_once('?').unwrap_or((hash, ""));
    if at != path {
        return None;
    }
    let (own, _frame) = split_frame_pairs(pairs_of(query));
    Some(form_query(&own))
}

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
    /// The widget's embed route, `/embed/<view>/<widget>`, where its state is read.
    path: String,
    /// The chapter's newest state callback.
    on_state: Rc<RefCell<Callback<String>>>,
    /// Whether the reader has acted in the frame since it loaded.
    acted: Rc<Cell<bool>>,
    /// The listeners that set `acted`, on the frame's current window.
    acts: RefCell<Vec<EventListener>>,
    /// The last state handed on.
    last_state: RefCell<Option<String>>,
    /// The pending read of the state after a snapshot change.
    pending: RefCell<Option<Timeout>>,
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
        if let Some(window) = this
            .frame
            .cast::<HtmlIFrameElement>()
            .and_then(|iframe| iframe.content_window())
        {
            let listen = |kind: &'static str| {
                let acted = Rc::clone(&this.acted);
                EventListener::new_with_options(
                    &window,
                    kind,
                    EventListenerOptions::run_in_capture_phase(),
                    move |_| acted.set(true),
                )
            };
            *this.acts.borrow_mut() = ACTS.into_iter().map(listen).collect();
        }
        let weak = Rc::downgrade(this);
        let on_change = OnMutation::new(move |_: js_sys::Array| {
            if let Some(this) = weak.upgrade() {
                Self::read(&this);
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
        Self::read(this);
    }

    /// Reads the snapshot and hands it on if it changed and parses; the state follows a moment
    /// later.
    fn read(this: &Rc<Self>) {
        if this.read_snapshot() {
            let weak = Rc::downgrade(this);
            let timeout = Timeout::new(STATE_READ_DELAY_MS, move || {
                if let Some(this) = weak.upgrade() {
                    this.read_state();
                }
            });
            *this.pending.borrow_mut() = Some(timeout);
        }
    }

    /// Reads the view's state from the frame's address and hands it on if it changed, once the
    /// reader has acted in the frame.
    fn read_state(&self) {
        if !self.acted.get() {
            return;
        }
        let Some(hash) = self
            .frame
            .cast::<HtmlIFrameElement>()
            .and_then(|iframe| iframe.content_window())
            .and_then(|window| window.location().hash().ok())
        else {
            return;
        };
        let Some(query) = own_query(&hash, &self.path) else {
            return;
        };
        if self.last_state.borrow().as_deref() == Some(query.as_str()) {
            return;
        }
        *self.last_state.borrow_mut() = Some(query.clone());
        let callback = self.on_state.borrow().clone();
        callback.emit(query);
    }

    /// Reads the snapshot and hands it on; true when it changed.
    fn read_snapshot(&self) -> bool {
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
            return false;
        };
        if *self.last.borrow() == text {
            return false;
        }
        let Some(snapshot) = parse_snapshot(self.view, &text) else {
            return false;
        };
        *self.last.borrow_mut() = text;
        let callback = self.on_snapshot.borrow().clone();
        callback.emit(snapshot);
        true
    }

    /// Stops observing (the frame reloads, or the chapter goes away).
    fn stop(&self) {
        if let Some((observer, _closure)) = self.observer.borrow_mut().take() {
            observer.disconnect();
        }
        self.pending.borrow_mut().take();
        self.acts.borrow_mut().clear();
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
    /// Called with the view's state (its link query) whenever the reader changes it.
    pub on_state: Callback<String>,
    /// Called when the reader starts the widget over, before it reloads in `query`.
    pub on_restart: Callback<()>,
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
    let on_state = use_mut_ref(|| props.on_state.clone());
    *on_state.borrow_mut() = props.on_state.clone();

    {
        let frame = frame.clone();
        let widget = props.widget;
        use_effect_with(*generation, move |_| {
            let watcher = Rc::new(SnapshotWatcher {
                frame: frame.clone(),
                view: widget.view(),
                on_snapshot,
                last: RefCell::new(String::new()),
                root: RefCell::new(None),
                observer: RefCell::new(None),
                path: widget.path(true),
                on_state,
                last_state: RefCell::new(None),
                pending: RefCell::new(None),
                acted: Rc::new(Cell::new(false)),
                acts: RefCell::new(Vec::new()),
            });
            // A reload right after a change, before the delayed read: read the state now.
            let on_leave = {
                let watcher = watcher.clone();
                EventListener::new(&gloo::utils::window(), "pagehide", move |_| {
                    watcher.read_state()
                })
            };
            // The frame's first document is a blank one; each load (the view's page, or a page
            // the reader navigated to inside the frame) gets a fresh observer.
            let on_load = frame.cast::<HtmlIFrameElement>().map(|iframe| {
                let watcher = watcher.clone();
                EventListener::new(&iframe, "load", move |_| SnapshotWatcher::watch(&watcher))
            });
            SnapshotWatcher::watch(&watcher);
            move || {
                drop((on_load, on_leave));
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
        let on_restart = props.on_restart.clone();
        Callback::from(move |_: MouseEvent| {
            on_restart.emit(());
            generation.set(generation.wrapping_add(1));
        })
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

#[cfg(test)]
mod tests {
    use super::own_query;

    #[test]
    fn the_state_is_the_views_own_pairs_at_the_widgets_route() {
        let path = "/embed/ring/grow";
        assert_eq!(
            own_query("#/embed/ring/grow?v=1&theme=dark&scheme=mod&within=shardlab", path).as_deref(),
            Some("v=1&scheme=mod")
        );
        assert_eq!(own_query("#/embed/ring/grow", path).as_deref(), Some(""));
        // Escapes come back in the views' own form.
        assert_eq!(
            own_query("#/embed/ring/grow?key=a%26b+c", path).as_deref(),
            Some("key=a%26b+c")
        );
        // The reader followed a link inside the frame: no state of this widget.
        assert_eq!(own_query("#/embed/ring/compare?v=1", path), None);
        assert_eq!(own_query("#/ring?v=1", path), None);
    }
}
