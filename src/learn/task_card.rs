//! One "try it" task in a chapter: its prompt, whether it is done, and for readings and questions
//! the input and the verdict. A question's options appear in the reader's own order (`shuffle`);
//! a prediction's form is `predict_card`.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::chapters::CHAPTERS;
use super::predict_card::PredictCard;
use super::progress::{guess_key, Observation};
use super::shuffle::option_order;
use super::tasks::{judge, waits_for_state, Check, Snapshot, Verdict};

/// The card's inputs.
#[derive(Properties, PartialEq)]
pub struct TaskCardProps {
    /// The chapter's index in [`CHAPTERS`].
    pub chapter: usize,
    /// The task's index in the chapter.
    pub task: usize,
    /// The newest snapshot of the view the task watches.
    pub snapshot: Option<Rc<Snapshot>>,
    /// Whether the task is done (from the stored progress).
    pub done: bool,
    /// The committed guess, for a prediction (tenths of a percent).
    pub guess: Option<u32>,
    /// What the widget measured for the guess, kept with the progress.
    pub observed: Option<Observation>,
    /// The reader's seed, which orders a question's options.
    pub seed: u32,
    /// Called when a reading or an answer is judged right.
    pub on_done: Callback<()>,
}

/// A task.
#[function_component(TaskCard)]
pub fn task_card(props: &TaskCardProps) -> Html {
    let answer = use_state(String::new);
    let picked = use_state(|| None::<usize>);
    let verdict = use_state(|| None::<String>);
    // A right answer given before its view's state holds: judged again at each new snapshot, so
    // the task ticks when the reader gets the view there, without pressing Check again.
    let waiting = use_state(|| false);
    let found = CHAPTERS
        .get(props.chapter)
        .and_then(|c| c.tasks.get(props.task).map(|t| (c.slug, t)));
    {
        let (waiting, verdict, on_done) = (waiting.clone(), verdict.clone(), props.on_done.clone());
        let check = found.map(|(_, task)| task.check);
        let answer = picked.map(|p| p.to_string()).unwrap_or_default();
        let deps = (props.snapshot.clone(), *waiting, props.done);
        use_effect_with(deps, move |(snapshot, wait, done)| {
            if *wait && !*done {
                if let Some(check) = check {
                    if judge(&check, snapshot.as_deref(), &answer) == Verdict::Done {
                        waiting.set(false);
                        verdict.set(None);
                        on_done.emit(());
                    }
                }
            }
        });
    }
    let Some((slug, task)) = found else {
        return html! {};
    };
    let id = format!("task-{}", task.id);
    let submit = {
        let (answer, picked, verdict) = (answer.clone(), picked.clone(), verdict.clone());
        let waiting = waiting.clone();
        let snapshot = props.snapshot.clone();
        let on_done = props.on_done.clone();
        let check = task.check;
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let text = match check {
                Check::Choice { .. } => picked.map(|p| p.to_string()).unwrap_or_default(),
                _ => (*answer).clone(),
            };
            match judge(&check, snapshot.as_deref(), &text) {
                Verdict::Done => {
                    verdict.set(None);
                    waiting.set(false);
                    on_done.emit(());
                }
                Verdict::NotYet(why) => {
                    waiting.set(waits_for_state(&check, &text));
                    verdict.set(Some(why));
                }
            }
        })
    };
    let status = if props.done {
        html! { <span class="task-status done">{ "✓ Done" }</span> }
    } else {
        html! { <span class="task-status">{ "Not yet" }</span> }
    };
    let form = match task.check {
        Check::State(_) => html! {
            if !props.done {
                <p class="muted task-watch">{ "This task watches the widget and ticks itself when it gets there." }</p>
            }
        },
        Check::Predict(prediction) => html! {
            <PredictCard {slug} id={task.id} {prediction} guess={props.guess} observed={props.observed}
                snapshot={props.snapshot.clone()} on_done={props.on_done.clone()} />
        },
        Check::Reading { label, .. } => {
            let oninput = {
                let answer = answer.clone();
                Callback::from(move |e: InputEvent| {
                    let input: HtmlInputElement = e.target_unchecked_into();
                    answer.set(input.value());
                })
            };
            html! {
                <form class="task-form" onsubmit={submit}>
                    <label for={format!("{id}-answer")}>{ label }</label>
                    <input id={format!("{id}-answer")} type="text" value={(*answer).clone()} {oninput}
                        aria-describedby={format!("{id}-verdict")} autocomplete="off" />
                    <button type="submit">{ "Check" }</button>
                </form>
            }
        }
        Check::Choice {
            options, correct, ..
        } => {
            let explanation = picked
                .and_then(|p| options.get(p).map(|(_, why)| (p == correct, *why)))
                .filter(|_| verdict.is_some() || props.done);
            html! {
                <form class="task-form choice" onsubmit={submit}>
                    <fieldset>
                        <legend class="visually-hidden">{ task.prompt }</legend>
                        { for option_order(options.len(), props.seed, &guess_key(slug, task.id)).into_iter().filter_map(|i| {
                            let (text, _) = options.get(i)?;
                            let picked = picked.clone();
                            let verdict = verdict.clone();
                            let waiting = waiting.clone();
                            Some(html! {
                                <label class="choice-option">
                                    <input type="radio" name={format!("{id}-choice")} value={i.to_string()}
                                        checked={*picked == Some(i)}
                                        onchange={Callback::from(move |_| { picked.set(Some(i)); verdict.set(None); waiting.set(false); })} />
                                    { *text }
                                </label>
                            })
                        }) }
                    </fieldset>
                    <button type="submit">{ "Check" }</button>
                    if let Some((right, why)) = explanation {
                        <p class={classes!("task-explanation", right.then_some("right"))}>{ why }</p>
                    }
                </form>
            }
        }
    };
    html! {
        <li class={classes!("task-card", props.done.then_some("done"))} id={id.clone()}>
            <div class="task-head">
                <p class="task-prompt">{ task.prompt }</p>
                { status }
            </div>
            { form }
            <p id={format!("{id}-verdict")} class="field-error" role="alert">
                { (*verdict).clone().unwrap_or_default() }
            </p>
        </li>
    }
}
