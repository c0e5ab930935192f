//! One live widget of a chapter with the tasks that watch it beside it: on a wide screen the tasks
//! stand in a column beside the frame and stick to the top of the viewport while the reader
//! scrolls through it; on a phone they stick to the bottom of the viewport over the frame,
//! compact, and fold away to one line. Either way the reader sees a task tick while acting. On a
//! phone the sheet also ducks to its head while it would cover the widget's main control
//! ([`super::sheet`]), measured on every scroll and resize.

use std::cell::Cell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlIFrameElement};
use yew::prelude::*;

use super::chapters::CHAPTERS;
use super::live_frame::LiveFrame;
use super::progress::{self, use_progress, widget_key};
use shardlab_core::view_limits::learn::MAX_KEPT_WIDGET_QUERY_BYTES;
use super::sheet::{open_sheet_top, sheet_ducks, Span, MAIN_CONTROL};
use super::task_card::TaskCard;
use super::tasks::Snapshot;

/// The stage's inputs.
#[derive(Properties, PartialEq)]
pub struct StageProps {
    /// The chapter's index in [`CHAPTERS`].
    pub chapter: usize,
    /// The frame's index in the chapter.
    pub frame: usize,
    /// The newest snapshot of the frame's view.
    pub snapshot: Option<Rc<Snapshot>>,
    /// Called with the view's snapshot whenever it changes.
    pub on_snapshot: Callback<Snapshot>,
    /// Called with a task's index when a reading, an answer or a guess completes it.
    pub on_done: Callback<usize>,
    /// The reader's seed, which orders the quiz options.
    pub seed: u32,
}

/// The width under which the tasks are a sheet over the widget (learn.css's phone layout).
const PHONE_LAYOUT: &str = "(max-width: 720px)";

/// The main control of the widget framed in `figure`, on screen, if the frame shows one.
fn main_control(figure: &Element) -> Option<Span> {
    let iframe: HtmlIFrameElement = figure.query_selector("iframe").ok()??.dyn_into().ok()?;
    let control = iframe
        .content_document()?
        .query_selector(&format!("[{MAIN_CONTROL}]"))
        .ok()??;
    let frame = iframe.get_bounding_client_rect();
    let inside = control.get_bounding_client_rect();
    let offset = frame.top() + f64::from(iframe.client_top());
    Some(Span {
        top: offset + inside.top(),
        bottom: offset + inside.bottom(),
    })
}

/// Whether focus is in a text field inside `aside` (a phone's keyboard is up for it).
fn typing_in(aside: &Element) -> bool {
    let active = gloo::utils::document().active_element();
    active.is_some_and(|el| {
        let field = matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT");
        field && aside.contains(Some(&el))
    })
}

/// Measures the sheet (`aside`) against the widget's main control and says whether it ducks.
/// `open_height` keeps the sheet's height from the last time it was measured open.
fn measure_duck(aside: &Element, open_height: &Cell<f64>, open: bool) -> bool {
    let window = gloo::utils::window();
    let phone = window
        .match_media(PHONE_LAYOUT)
        .ok()
        .flatten()
        .is_some_and(|query| query.matches());
    let Some(figure) = aside.previous_element_sibling().filter(|_| phone) else {
        return false;
    };
    if open {
        open_height.set(aside.get_bounding_client_rect().height());
    }
    let viewport_h = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let in_flow_top = figure.get_bounding_client_rect().bottom();
    let top = open_sheet_top(in_flow_top, open_height.get(), viewport_h);
    sheet_ducks(main_control(&figure), top, viewport_h, typing_in(aside))
}

/// Where a chapter's frame keeps its state, and the state the chapter opens it in.
fn frame_home(chapter: usize, frame: usize) -> Option<(String, &'static str)> {
    let chapter = CHAPTERS.get(chapter)?;
    let frame_at = chapter.frames.get(frame)?;
    let key = widget_key(chapter.slug, frame, &frame_at.widget.address());
    Some((key, frame_at.query))
}

/// A widget and its tasks.
#[function_component(Stage)]
pub fn stage(props: &StageProps) -> Html {
    let progress = use_progress();
    // The state the frame opens in: where the reader left it, else the chapter's own. Read once,
    // so keeping a new state never reloads the frame.
    let start = {
        let (chapter, frame) = (props.chapter, props.frame);
        use_state(move || {
            frame_home(chapter, frame).map(|(key, home)| {
                let kept = progress::load().widget_state(&key).map(str::to_owned);
                AttrValue::from(kept.unwrap_or_else(|| home.to_owned()))
            })
        })
    };
    let too_long = use_state(|| false);
    // A state the reader made is kept; back in the chapter's own, the kept one is forgotten.
    let on_state = {
        let (chapter, frame) = (props.chapter, props.frame);
        let too_long = too_long.clone();
        Callback::from(move |query: String| {
            let Some((key, home)) = frame_home(chapter, frame) else {
                return;
            };
            let keep = (query != home).then_some(query.as_str());
            let mut stored = progress::load();
            if stored.keep_widget_state(&key, keep) {
                progress::save(&stored);
            }
            too_long.set(keep.is_some_and(|q| q.len() > MAX_KEPT_WIDGET_QUERY_BYTES));
        })
    };
    let on_restart = {
        let (chapter, frame) = (props.chapter, props.frame);
        let (start, too_long) = (start.clone(), too_long.clone());
        Callback::from(move |()| {
            let Some((key, home)) = frame_home(chapter, frame) else {
                return;
            };
            let mut stored = progress::load();
            if stored.keep_widget_state(&key, None) {
                progress::save(&stored);
            }
            too_long.set(false);
            start.set(Some(AttrValue::from(home)));
        })
    };
    let folded = use_state(|| false);
    let ducked = use_state(|| false);
    // Set when the reader opens a ducked sheet: it stays open until they scroll.
    let held_open = use_mut_ref(|| false);
    let open_height = use_memo((), |_| Cell::new(0.0));
    let aside = use_node_ref();
    {
        let (aside, ducked, folded) = (aside.clone(), ducked.clone(), folded.clone());
        let (held_open, open_height) = (held_open.clone(), open_height.clone());
        // Again on every render (a task done changes the sheet's height; a snapshot may move
        // the control), and on every scroll and resize.
        use_effect(move || {
            let check = Rc::new(move |scrolled: bool| {
                let Some(el) = aside.cast::<Element>() else {
                    return;
                };
                let open = !*ducked && !*folded;
                let ducks = measure_duck(&el, &open_height, open);
                if !ducks || scrolled {
                    *held_open.borrow_mut() = false;
                }
                let now = ducks && !*held_open.borrow();
                if now != *ducked {
                    ducked.set(now);
                }
            });
            check(false);
            let window = gloo::utils::window();
            let listen = |kind: &'static str| {
                let check = check.clone();
                EventListener::new_with_options(
                    &window,
                    kind,
                    EventListenerOptions::run_in_capture_phase(),
                    move |event| {
                        // Only the page's own scroll ends a "Show tasks" (the sheet's list
                        // scrolls too).
                        let target = event.target();
                        let page = target.is_some_and(|t| t.dyn_ref::<web_sys::Document>().is_some());
                        check(kind == "scroll" && page);
                    },
                )
            };
            let listeners = [listen("scroll"), listen("resize"), listen("focusout")];
            move || drop(listeners)
        });
    }
    let Some(chapter) = CHAPTERS.get(props.chapter) else {
        return html! {};
    };
    let Some(frame) = chapter.frames.get(props.frame) else {
        return html! {};
    };
    let watching: Vec<usize> = (0..chapter.tasks.len())
        .filter(|t| {
            chapter
                .tasks
                .get(*t)
                .is_some_and(|task| task.frame == props.frame)
        })
        .collect();
    let query = (*start).clone().unwrap_or(AttrValue::Static(frame.query));
    let live = html! {
        <>
            <LiveFrame widget={frame.widget} {query} title={frame.title}
                on_snapshot={props.on_snapshot.clone()} {on_state} {on_restart} />
            if *too_long {
                <p class="field-note" data-testid="state-not-kept">
                    { format!(
                        "This widget's state is longer than {} kB, so a reload opens it as the \
                         chapter set it; copy its link (Open it full size) to keep it.",
                        MAX_KEPT_WIDGET_QUERY_BYTES / 1024
                    ) }
                </p>
            }
        </>
    };
    if watching.is_empty() {
        return html! { <section class="stage">{ live }</section> };
    }
    let done = watching
        .iter()
        .filter_map(|t| chapter.tasks.get(*t))
        .filter(|task| progress.is_done(chapter.slug, task.id))
        .count();
    let toggle = {
        let (folded, ducked, held_open) = (folded.clone(), ducked.clone(), held_open.clone());
        Callback::from(move |_: MouseEvent| {
            if *ducked {
                *held_open.borrow_mut() = true;
                ducked.set(false);
                folded.set(false);
            } else {
                folded.set(!*folded);
            }
        })
    };
    let shut = *folded || *ducked;
    let list_id = format!("stage-{}-tasks", props.frame);
    html! {
        <section class="stage with-tasks" data-frame={props.frame.to_string()}>
            { live }
            <aside ref={aside} class={classes!("stage-tasks", folded.then_some("folded"), ducked.then_some("ducked"))}
                aria-label={format!("Try it: {}", frame.title)}>
                <div class="stage-tasks-head">
                    <h2>{ "Try it" }
                        <span class="task-count">{ format!("{done} of {} done", watching.len()) }</span>
                    </h2>
                    <button type="button" class="link-button stage-fold" onclick={toggle}
                        aria-expanded={(!shut).to_string()} aria-controls={list_id.clone()}>
                        { if shut { "Show tasks" } else { "Hide tasks" } }
                    </button>
                </div>
                <ol class="task-list" id={list_id}>
                    { for watching.iter().filter_map(|&t| {
                        let task = chapter.tasks.get(t)?;
                        let on_done = props.on_done.clone();
                        Some(html! {
                            <TaskCard chapter={props.chapter} task={t} seed={props.seed}
                                snapshot={props.snapshot.clone()}
                                done={progress.is_done(chapter.slug, task.id)}
                                guess={progress.guess(chapter.slug, task.id)}
                                observed={progress.observation(chapter.slug, task.id)}
                                on_done={Callback::from(move |_| on_done.emit(t))} />
                        })
                    }) }
                </ol>
            </aside>
        </section>
    }
}
