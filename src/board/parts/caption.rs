//! The caption: one sentence from the estimate while the slider moves, replaced by the simulation's
//! when the run finishes, with the users slider, the seed, a progress bar and Cancel beside it.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::widgets::draft_input::DraftInput;

use crate::board::runner::RunStatus;
use crate::board::state::{Action, BOARD_MIN_USERS, MAX_USERS};
use crate::widgets::log_slider;

/// Users for a slider position in 0 … 1000 (log scale, 10 … 1,000,000).
pub fn users_at(position: u32) -> u32 {
    log_slider::value_at(position, BOARD_MIN_USERS, MAX_USERS)
}

/// The slider position nearest to `users`.
pub fn position_of(users: u32) -> u32 {
    log_slider::position_of(users, BOARD_MIN_USERS, MAX_USERS)
}

/// The caption's inputs.
#[derive(Properties, PartialEq)]
pub struct CaptionProps {
    /// The estimate's sentence, or why the design cannot be solved.
    pub estimate: Result<String, String>,
    /// The run for the current board.
    pub status: RunStatus,
    /// Users.
    pub users: u32,
    /// Seed.
    pub seed: u64,
    /// The page's dispatcher.
    pub dispatch: Callback<Action>,
}

/// The caption panel.
#[function_component(Caption)]
pub fn caption(props: &CaptionProps) -> Html {
    let seed_error = use_state(|| None::<String>);
    let on_users = props.dispatch.reform(|event: InputEvent| {
        let input: HtmlInputElement = event.target_unchecked_into();
        Action::SetUsers(users_at(input.value().parse().unwrap_or(0)))
    });
    let on_seed = {
        let dispatch = props.dispatch.clone();
        let seed_error = seed_error.clone();
        Callback::from(move |text: String| match text.trim().parse::<u64>() {
            Ok(seed) => {
                seed_error.set(None);
                dispatch.emit(Action::SetSeed(seed));
            }
            Err(_) => seed_error.set(Some(
                "A seed is a whole number 0 … 18446744073709551615.".to_string(),
            )),
        })
    };
    let (source, sentence, class) = match (&props.estimate, &props.status) {
        (Err(why), _) => (
            "cannot solve",
            format!("This design can't be solved: {why}."),
            "caption-text invalid",
        ),
        (Ok(_), RunStatus::Done(report)) => (
            "simulation",
            format!("{}.", report.caption()),
            "caption-text",
        ),
        (Ok(text), _) => ("estimate", format!("{text}."), "caption-text"),
    };
    let progress = match (&props.estimate, &props.status) {
        (Ok(_), RunStatus::Running(fraction)) => html! {
            <div class="run-progress">
                <label for="board-progress">{ "Simulating 60 s…" }</label>
                <progress id="board-progress" max="1" value={fraction.to_string()} />
                <button type="button" onclick={props.dispatch.reform(|_| Action::Cancel)}>{ "Cancel" }</button>
            </div>
        },
        (Ok(_), RunStatus::Idle) => html! {
            <div class="run-progress">
                <span>{ "Simulation cancelled; the estimate is shown." }</span>
                <button type="button" onclick={props.dispatch.reform(|_| Action::Rerun)}>{ "Run the simulation" }</button>
            </div>
        },
        (Ok(_), RunStatus::Failed(why)) => html! {
            <p class="run-done field-error" role="status">
                { format!("The simulation does not run this one, so the estimate stays: {why}.") }
            </p>
        },
        (Ok(_), RunStatus::Done(report)) => html! {
            <p class="run-done">
                { format!("{} requests over {:.0} simulated seconds, seed {}.",
                    shardlab_core::text::thousands(report.requests), report.duration_s, report.seed) }
            </p>
        },
        _ => html! {},
    };
    html! {
        <section class="panel board-caption" aria-labelledby="board-caption-title">
            <h2 id="board-caption-title" class="visually-hidden">{ "Caption" }</h2>
            <p class="caption-source" data-testid="caption-source">
                <span class={classes!("source-tag", (source == "simulation").then_some("sim"))}>{ source }</span>
            </p>
            <p class={class} data-testid="board-caption" aria-live="polite">{ sentence }</p>
            { progress }
            <div class="caption-controls">
                <label for="board-users">{ "Users" }</label>
                <input id="board-users" type="range" min="0" max="1000" step="1"
                    value={position_of(props.users).to_string()} oninput={on_users}
                    aria-valuetext={format!("{} users", props.users)} />
                <output for="board-users" class="users-out">
                    { shardlab_core::text::thousands(u64::from(props.users)) }
                </output>
                <label for="board-seed">{ "Seed" }</label>
                // A draft input: the caption re-renders with every slice of a streaming run, and a
                // plain input's value was written back over half-typed digits ("777" became 577).
                <DraftInput id="board-seed" kind="text" inputmode="numeric" class="seed-input"
                    value={props.seed.to_string()} on_commit={on_seed}
                    invalid={seed_error.is_some()} describedby="board-seed-error" />
                <span id="board-seed-error" class="field-error" role="alert">
                    { (*seed_error).clone().unwrap_or_default() }
                </span>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::{position_of, users_at};

    #[test]
    fn slider_spans_ten_to_a_million() {
        assert_eq!(users_at(0), 10);
        assert_eq!(users_at(1000), 1_000_000);
        assert_eq!(users_at(400), 1_000);
        for users in [10, 4_000, 20_000, 1_000_000] {
            let back = users_at(position_of(users));
            let error = (f64::from(back) - f64::from(users)).abs() / f64::from(users);
            assert!(error < 0.015, "{users} → {back}");
        }
    }
}
