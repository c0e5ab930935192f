//! The player of one insert's steps: Play reveals one step every [`STEP_MS`], Pause stops, Step
//! reveals the next one by hand and Start over goes back to the first. With
//! `prefers-reduced-motion` nothing is timed: an insert shows every step at once (the last one
//! highlighted) and Play jumps to the end, while Step and Start over still walk through them one
//! at a time. The player is [`use_playback`]; this hook draws it and the insert's steps.
//!
//! A hook that returns the player's markup rather than a component of its own: the component's
//! lifecycle code cost the decoder page 0.66 kB brotli, and the page may not grow.

use yew::prelude::*;

use crate::decoder::narrate::step_text;
use crate::decoder::state::Generated;
use crate::widgets::playback::{controls, use_playback};

/// How long each step stays on screen before the next one appears while playing.
pub const STEP_MS: u32 = 900;

/// The player and the list of steps of `generated`, the last insert (nothing before the first).
#[hook]
pub fn use_step_player(generated: Option<&Generated>) -> Html {
    // Before the first insert the player is idle on an empty insert (serial 0) and draws nothing.
    let (serial, total) = generated.map_or((0, 0), |g| (g.serial, g.steps.len()));
    let (current, dispatcher) = use_playback(serial, total, STEP_MS);
    let Some(g) = generated else {
        return Html::default();
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
    html! {
        <div class="gen-playback">
            { controls(&current, &dispatcher, "Play the steps", "gen", status) }
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
