//! "How much does the seed matter?": the board as it is, run over K seeds in the simulator's
//! worker ([`shardlab_core::sim::spread::SeedSweep`]), each headline figure as its median with
//! its 10–90 % band and its min–max. One seed gives one number; this is how far it moves.
//!
//! The sweep runs when the reader asks, not on every change (K runs cost K times one), and a
//! changed board, users or seed drops the result it no longer describes, and cancels a sweep in
//! flight.

use std::rc::Rc;

use shardlab_core::sim::spread::{check_seeds, SpreadReport};
use shardlab_core::sim::{DEFAULT_SPREAD_SEEDS, MAX_SPREAD_SEEDS};
use shardlab_sim_worker::protocol::{DesignText, Seeds, Work};
use yew::prelude::*;

use crate::board::runner::RunKey;
use crate::jobs::worker::{use_worker_job, Output, WorkerState, OTHER_BUILD};
use crate::widgets::draft_input::DraftInput;

/// The spread panel's input: the current run's key (design, users, seed, duration).
#[derive(Properties, PartialEq)]
pub struct SeedSpreadProps {
    /// What the board's own run is for; the sweep starts at its seed.
    pub run: Rc<RunKey>,
}

/// A sweep the reader asked for: the board it was asked on, and how many seeds.
type Asked = Option<(Rc<RunKey>, u32)>;

/// The spread panel.
#[function_component(SeedSpread)]
pub fn seed_spread(props: &SeedSpreadProps) -> Html {
    let count = use_state(|| DEFAULT_SPREAD_SEEDS);
    let count_error = use_state(|| None::<String>);
    let asked = use_state(|| None::<(Rc<RunKey>, u32)>);
    // A sweep of another board is no longer the reader's question: asking none cancels it.
    let current: Asked = asked.as_ref().filter(|(run, _)| *run == props.run).cloned();
    let asked_seeds = current.as_ref().map_or(0, |(_, seeds)| *seeds);
    let work = use_memo(current, |asked| {
        asked.as_ref().map(|(run, seeds)| {
            Rc::new(Work::Sweep(Seeds {
                design: DesignText::of(&run.design),
                users: run.users,
                first_seed: run.seed,
                seeds: *seeds,
                duration_s: run.duration_s,
            }))
        })
    });
    let state = use_worker_job((*work).clone(), 0);
    let on_count = {
        let (count, count_error) = (count.clone(), count_error.clone());
        Callback::from(move |text: String| {
            match text.trim().parse::<u32>().map_err(|_| ()).and_then(|n| check_seeds(n).map_err(|_| ())) {
                Ok(n) => {
                    count_error.set(None);
                    count.set(n);
                }
                Err(()) => count_error.set(Some(format!(
                    "Seeds is a whole number 1 … {MAX_SPREAD_SEEDS}; the last good count, {}, stays.",
                    *count
                ))),
            }
        })
    };
    let on_run = {
        let (asked, run, count) = (asked.clone(), props.run.clone(), *count);
        Callback::from(move |_: MouseEvent| asked.set(Some((run.clone(), count))))
    };
    let on_cancel = {
        let asked = asked.clone();
        Callback::from(move |_: MouseEvent| asked.set(None))
    };
    let running = matches!(state, WorkerState::Waiting | WorkerState::Running(_));
    html! {
        <section class="panel board-spread" aria-labelledby="board-spread-title" data-testid="seed-spread">
            <h2 id="board-spread-title">{ "How much does the seed matter?" }</h2>
            <p class="muted">{ "One seed gives one number. Run this board over several seeds, \
                starting at its own, and see how far each figure moves." }</p>
            <div class="spread-inputs">
                <label for="spread-seeds">{ "Seeds" }</label>
                <DraftInput id="spread-seeds" kind="number" min="1" max={MAX_SPREAD_SEEDS.to_string()}
                    step="1" value={count.to_string()} on_commit={on_count}
                    invalid={count_error.is_some()} describedby="spread-seeds-error" />
                if running {
                    <button type="button" onclick={on_cancel}>{ "Cancel" }</button>
                } else {
                    <button type="button" onclick={on_run}>{ format!("Run {} seeds", *count) }</button>
                }
            </div>
            if let Some(error) = &*count_error {
                <p id="spread-seeds-error" class="field-error" role="alert">{ error.clone() }</p>
            }
            <div aria-live="polite" data-testid="spread-result">
                { spread_body(&state, &props.run, asked_seeds) }
            </div>
        </section>
    }
}

/// The progress, the refusal, or the table, for a sweep of `seeds` seeds.
fn spread_body(state: &WorkerState, run: &RunKey, seeds: u32) -> Html {
    let progress = |done: u32, fraction: f64| {
        html! {
            <p>
                { format!("Seed {} of {seeds}…", done.saturating_add(1).min(seeds)) }
                <progress max="1" value={fraction.to_string()} />
            </p>
        }
    };
    match state {
        WorkerState::Idle => html! {
            <p class="muted">{ format!("Not run yet for this board; it would start at seed {}.", run.seed) }</p>
        },
        WorkerState::Waiting => progress(0, 0.0),
        WorkerState::Running(p) => progress(p.seeds_done, p.fraction),
        WorkerState::Failed(reason) => html! { <p class="field-error">{ reason.clone() }</p> },
        WorkerState::Done(Output::Swept(spread)) => spread_table(spread, run.duration_s),
        WorkerState::Done(Output::Simulated(_) | Output::Capacity(_)) => {
            html! { <p class="field-error">{ OTHER_BUILD }</p> }
        }
    }
}

/// Each figure's median, 10–90 % band and min–max, with a caption saying how many seeds.
fn spread_table(spread: &SpreadReport, duration_s: f64) -> Html {
    let first = spread.seeds.first().copied().unwrap_or_default();
    let last = spread.seeds.last().copied().unwrap_or_default();
    let rows = spread.figures.iter().map(|(figure, s)| {
        let text = |value: f64| figure.text(value);
        // Ends that read the same at the figure's precision are one value.
        let band = |low: f64, high: f64| match (s.is_flat(), text(low), text(high)) {
            (true, _, _) => "the same".to_owned(),
            (false, low, high) if low == high => low,
            (false, low, high) => format!("{low} … {high}"),
        };
        html! {
            <tr data-figure={figure.key()}>
                <th scope="row">{ figure.label() }</th>
                <td>{ text(s.median) }</td>
                <td>{ band(s.p10, s.p90) }</td>
                <td>{ band(s.min, s.max) }</td>
            </tr>
        }
    });
    html! {
        <>
            <p id="spread-caption" class="muted">{ format!(
                "Medians over {} seeds ({first} … {last}), {} simulated s each.",
                spread.seeds.len(),
                duration_s
            ) }</p>
            <div class="table-scroll">
                <table class="spread-table" aria-describedby="spread-caption">
                    <thead><tr>
                        <th scope="col">{ "Figure" }</th><th scope="col">{ "Median" }</th>
                        <th scope="col">{ "10–90 % of seeds" }</th><th scope="col">{ "Min … max" }</th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </>
    }
}
