//! The player of one insert's steps: Play reveals one step every [`STEP_MS`], Pause stops, Step
//! reveals the next one by hand and Start over goes back to the first. With
//! `prefers-reduced-motion` nothing is timed: an insert shows every step at once (the last one
//! highlighted) and Play jumps to the end, while Step and Start over still walk through them one
//! at a time. The state machine is [`Playback`]; this hook runs its timer and draws it.
//!
//! A hook that returns the player's markup rather than a component of its own: the component's
//! lifecycle code cost the decoder page 0.66 kB brotli, and the page may not grow.

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::decoder::dom::prefers_reduced_motion;
use crate::decoder::narrate::step_text;
use crate::decoder::state::playback::{Playback, PlaybackAction};
use crate::decoder::state::Generated;

/// How long each step stays on screen before the next one appears while playing.
pub const STEP_MS: u32 = 900;

/// The player and the list of steps of `generated`, the last insert (nothing before the first).
#[hook]
pub fn use_step_player(generated: Option<&Generated>) -> Html {
    let playback = use_reducer(Playback::default);
    // Before the first insert the player is idle on an empty insert (serial 0) and draws nothing.
    let idle = Generated {
        serial: 0,
        steps: Vec::new(),
        id: 0,
    };
    let g = generated.unwrap_or(&idle);
    // A new insert restarts the playback. Until the effect has run, the view already treats the
    // new insert as fresh, so its steps never flash all at once.
    let latest = (g.serial, g.steps.len());
    let current = if playback.serial == g.serial {
        (*playback).clone()
    } else {
        Playback::fresh(g.serial, g.steps.len(), !prefers_reduced_motion())
    };
    {
        let playback = playback.clone();
        use_effect_with(latest, move |&(serial, total)| {
            if playback.serial != serial {
                playback.dispatch(PlaybackAction::Start {
                    serial,
                    total,
                    animate: !prefers_reduced_motion(),
                });
            }
        });
    }
    {
        let playback = playback.clone();
        use_effect_with(
            (current.playing, current.shown, current.serial),
            move |&(playing, _, _)| {
                let timer = playing.then(|| {
                    Timeout::new(STEP_MS, move || playback.dispatch(PlaybackAction::Tick))
                });
                move || drop(timer)
            },
        );
    }
    let send = |action: PlaybackAction| {
        let playback = playback.clone();
        Callback::from(move |_: MouseEvent| playback.dispatch(action.clone()))
    };
    let on_play_pause = {
        let playback = playback.clone();
        let playing = current.playing;
        Callback::from(move |_: MouseEvent| {
            playback.dispatch(if playing {
                PlaybackAction::Pause
            } else {
                PlaybackAction::Play {
                    animate: !prefers_reduced_motion(),
                }
            })
        })
    };
    let now = current.shown.saturating_sub(1);
    let status = g
        .steps
        .get(now)
        .map(step_text)
        .map_or_else(String::new, |step| {
            format!(
                "Step {} of {}: {}",
                current.shown, current.total, step.title
            )
        });
    if generated.is_none() {
        return Html::default();
    }
    html! {
        <div class="gen-playback">
            <div class="gen-player" role="group" aria-label="Play the steps">
                <button type="button" onclick={on_play_pause} aria-pressed={current.playing.to_string()}
                    data-testid="gen-play">
                    { if current.playing { "Pause" } else if current.at_end() { "Replay" } else { "Play" } }
                </button>
                <button type="button" onclick={send(PlaybackAction::Step)} disabled={current.at_end()}
                    data-testid="gen-step">{ "Step" }</button>
                <button type="button" onclick={send(PlaybackAction::StartOver)} disabled={current.shown <= 1}
                    data-testid="gen-start-over">{ "Start over" }</button>
                <span class="gen-status" role="status" data-testid="gen-status">{ status }</span>
            </div>
            <ol key={g.serial.to_string()} class="gen-steps" data-testid="gen-steps"
                data-shown={current.shown.to_string()}>
                { for g.steps.iter().map(step_text).enumerate().map(|(i, step)| {
                    let state = if i < now { "done" } else if i == now { "current" } else { "pending" };
                    html! {
                        <li class={state} aria-current={(i == now).then_some("step")}>
                            <strong>{ step.title }</strong>
                            if i <= now {
                                <span class="mono-nums">{ step.detail }</span>
                            } else {
                                <span class="muted">{ "…" }</span>
                            }
                        </li>
                    }
                }) }
            </ol>
        </div>
    }
}
