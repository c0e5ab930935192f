//! One live widget of a chapter with the tasks that watch it beside it: on a wide screen the tasks
//! stand in a column beside the frame and stick to the top of the viewport while the reader
//! scrolls through it; on a phone they stick to the bottom of the viewport over the frame,
//! compact, and fold away to one line. Either way the reader sees a task tick while acting.

use std::rc::Rc;

use yew::prelude::*;

use super::chapters::CHAPTERS;
use super::live_frame::LiveFrame;
use super::progress::use_progress;
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

/// A widget and its tasks.
#[function_component(Stage)]
pub fn stage(props: &StageProps) -> Html {
    let progress = use_progress();
    let folded = use_state(|| false);
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
    let live = html! {
        <LiveFrame widget={frame.widget} query={frame.query} title={frame.title}
            on_snapshot={props.on_snapshot.clone()} />
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
        let folded = folded.clone();
        Callback::from(move |_: MouseEvent| folded.set(!*folded))
    };
    let list_id = format!("stage-{}-tasks", props.frame);
    html! {
        <section class="stage with-tasks" data-frame={props.frame.to_string()}>
            { live }
            <aside class={classes!("stage-tasks", folded.then_some("folded"))} aria-label={format!("Try it: {}", frame.title)}>
                <div class="stage-tasks-head">
                    <h2>{ "Try it" }
                        <span class="task-count">{ format!("{done} of {} done", watching.len()) }</span>
                    </h2>
                    <button type="button" class="link-button stage-fold" onclick={toggle}
                        aria-expanded={(!*folded).to_string()} aria-controls={list_id.clone()}>
                        { if *folded { "Show tasks" } else { "Hide tasks" } }
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
                                on_done={Callback::from(move |_| on_done.emit(t))} />
                        })
                    }) }
                </ol>
            </aside>
        </section>
    }
}
