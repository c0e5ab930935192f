//! Step-by-step lookup: type a key, then step through hash → point on the ring → clockwise walk →
//! owner → replicas. Play, pause and step controls; the drawing highlights the current step, and
//! beside the controls a zoomed strip ([`super::lookup_inset`]) follows the walk.

use gloo::timers::callback::Timeout;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::lookup_inset::{lookup_inset, LookupInsetProps};
use super::state::{key_cut_message, Action};
use crate::widgets::palette::server_class;

/// How long a step stays on screen while playing.
const STEP_MS: u32 = 700;

/// One step of a lookup.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub text: String,
    /// The vnode point this step visits, if it visits one, and whether it was chosen.
    pub vnode: Option<(u64, bool)>,
    /// The server this step is about, for its colour.
    pub server: Option<u32>,
}

/// What [`use_lookup_steps`] shows.
#[derive(PartialEq)]
pub struct LookupStepsProps {
    pub key_text: String,
    /// The typed key's length when it was cut to `key_text`, said under the box.
    pub key_cut: Option<usize>,
    pub key_hash: u64,
    pub steps: Vec<Step>,
    pub step: usize,
    /// The distinct owners, owner first.
    pub replicas: Vec<u32>,
    pub replicas_note: Option<String>,
    pub dispatch: Callback<Action>,
}

/// The lookup panel (a hook for its play state; the page calls it once, unconditionally).
#[hook]
pub fn use_lookup_steps(props: &LookupStepsProps) -> Html {
    let playing = use_state(|| false);
    let last = props.steps.len().saturating_sub(1);
    let step = props.step.min(last);
    {
        let playing = playing.clone();
        let dispatch = props.dispatch.clone();
        use_effect_with((*playing, step, last), move |&(on, step, last)| {
            let timer = (on && step < last).then(|| {
                Timeout::new(STEP_MS, move || {
                    dispatch.emit(Action::SetStep(step.saturating_add(1)))
                })
            });
            if on && step >= last {
                playing.set(false);
            }
            move || drop(timer)
        });
    }
    let oninput = props.dispatch.reform(|e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        Action::SetKey(input.value())
    });
    let toggle = {
        let playing = playing.clone();
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            if !*playing && step >= last {
                dispatch.emit(Action::SetStep(0));
            }
            playing.set(!*playing);
        })
    };
    let back = props
        .dispatch
        .reform(move |_: MouseEvent| Action::SetStep(step.saturating_sub(1)));
    let next = props
        .dispatch
        .reform(move |_: MouseEvent| Action::SetStep(step.saturating_add(1).min(last)));
    let reset = props.dispatch.reform(|_: MouseEvent| Action::SetStep(0));
    let items = props.steps.iter().enumerate().map(|(i, s)| {
        let state = if i == step {
            "current"
        } else if i < step {
            "done"
        } else {
            "todo"
        };
        html! {
            <li class={classes!("rv-step", state, s.server.map(|id| server_class(id as usize)))}
                aria-current={(i == step).then_some("step")}>
                { &s.text }
            </li>
        }
    });
    let replicas = props.replicas.iter().map(|id| {
        html! { <li class={classes!("rv-replica", server_class(*id as usize))} data-testid="replica">
            <span class="rv-swatch" aria-hidden="true"></span>{ format!("S{id}") }</li> }
    });
    html! {
        <section class="panel rv-lookup-panel" aria-labelledby="rv-lookup-title">
            <h2 id="rv-lookup-title">{ "Look a key up" }</h2>
            <label for="rv-key">{ "Key (any text; a decimal number is its own hash)" }</label>
            <input id="rv-key" class="mono" type="text" spellcheck="false" autocomplete="off"
                aria-describedby={props.key_cut.map(|_| "rv-key-cut")}
                value={props.key_text.clone()} {oninput} />
            if let Some(typed) = props.key_cut {
                <p id="rv-key-cut" class="help" role="status" data-testid="key-cut">
                    { key_cut_message("This key", typed) }</p>
            }
            <p class="mono rv-hash">{ format!("hash = {}", props.key_hash) }</p>
            <div class="rv-row" role="group" aria-label="Step controls">
                <button type="button" onclick={reset} aria-label="First step">{ "|◀" }</button>
                // aria-disabled, not disabled: a disabled button drops keyboard focus to the body.
                <button type="button" onclick={back} aria-label="Previous step"
                    aria-disabled={(step == 0).then_some("true")}>{ "◀" }</button>
                <button type="button" class="primary" onclick={toggle} aria-pressed={(*playing).to_string()}>
                    { if *playing { "Pause" } else { "Play" } }
                </button>
                <button type="button" onclick={next} aria-label="Next step"
                    aria-disabled={(step >= last).then_some("true")}>{ "▶" }</button>
                <span class="muted" aria-live="polite">{ format!("step {} of {}", step.saturating_add(1), last.saturating_add(1)) }</span>
            </div>
            { lookup_inset(&LookupInsetProps { key_hash: props.key_hash, steps: &props.steps, step }) }
            <ol class="rv-steps">{ for items }</ol>
            <p>{ "Owners, first to last:" }</p>
            <ol class="rv-replicas" data-testid="replicas">{ for replicas }</ol>
            if let Some(note) = &props.replicas_note { <p class="help">{ note }</p> }
        </section>
    }
}
