//! Failures on the timeline: pick a second, then kill a master, flush the cache, heat one key,
//! multiply the traffic or split a shard. Each goes into `design.faults`, so the simulation reruns
//! with it and a shared link keeps it.

use shardlab_core::sim::{Fault, FaultKind};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::board::state::{Action, DEFAULT_DURATION_S, MAX_FAULTS};
use crate::browser::number::parse_f64;

/// How a fault reads in the list.
pub fn describe(fault: &Fault) -> String {
    let what = match &fault.kind {
        FaultKind::MasterDown { shard } => format!("master of shard {shard} dies"),
        FaultKind::CacheFlush => "the cache is flushed".to_string(),
        FaultKind::HotKey { share, duration_s } => format!(
            "one cold object takes {:.0} % of requests for {duration_s:.0} s",
            share * 100.0
        ),
        FaultKind::TrafficSpike { factor, duration_s } => {
            format!("traffic ×{factor} for {duration_s:.0} s")
        }
        FaultKind::ShardSplit { shard } => format!("shard {shard} splits onto a new master"),
        FaultKind::Reshard { shard } => {
            format!("shard {shard} copies its upper half to a new master, then cuts over")
        }
    };
    format!("At {:.0} s: {what}", fault.at_s)
}

/// The fault panel's inputs.
#[derive(Properties, PartialEq)]
pub struct FaultsProps {
    /// The timeline.
    pub faults: Vec<Fault>,
    /// Physical shards of the database (0 when there is none).
    pub shards: u32,
    /// Whether the database fails over on its own (`None` without a database).
    pub auto_failover: Option<bool>,
    /// The page's dispatcher.
    pub dispatch: Callback<Action>,
}

fn number_input(value: &UseStateHandle<String>) -> Callback<InputEvent> {
    let value = value.clone();
    Callback::from(move |e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        value.set(input.value());
    })
}

/// The fault panel.
#[function_component(FaultsPanel)]
pub fn faults_panel(props: &FaultsProps) -> Html {
    let at = use_state(|| "20".to_string());
    let shard = use_state(|| "0".to_string());
    let factor = use_state(|| "3".to_string());
    let error = use_state(|| None::<String>);

    let add = |make: fn(u32, f64) -> FaultKind| {
        let (at, shard, factor, error, dispatch) = (
            at.clone(),
            shard.clone(),
            factor.clone(),
            error.clone(),
            props.dispatch.clone(),
        );
        let shards = props.shards;
        let count = props.faults.len();
        Callback::from(move |_: MouseEvent| {
            if count >= MAX_FAULTS {
                error.set(Some(format!(
                    "The timeline holds at most {MAX_FAULTS} faults; remove one to add another."
                )));
                return;
            }
            let at_s = match parse_f64(at.trim()) {
                Some(v) if (0.0..DEFAULT_DURATION_S).contains(&v) => v,
                _ => {
                    error.set(Some(format!(
                        "The second is a number 0 … {}; the run lasts {DEFAULT_DURATION_S:.0} s.",
                        DEFAULT_DURATION_S - 1.0
                    )));
                    return;
                }
            };
            let shard_n = match shard.trim().parse::<u32>() {
                Ok(v) if v < shards.max(1) => v,
                _ => {
                    error.set(Some(format!(
                        "The shard is a whole number 0 … {}.",
                        shards.saturating_sub(1)
                    )));
                    return;
                }
            };
            let factor_n = match parse_f64(factor.trim()) {
                Some(v) if (1.0..=100.0).contains(&v) => v,
                _ => {
                    error.set(Some("The spike factor is a number 1 … 100.".to_string()));
                    return;
                }
            };
            error.set(None);
            dispatch.emit(Action::AddFault(Fault {
                at_s,
                kind: make(shard_n, factor_n),
            }));
        })
    };
    let failover = match props.auto_failover {
        Some(true) => {
            "Auto-failover is on: the standby takes over after the detection and promotion times."
        }
        Some(false) => "Auto-failover is off: requests to the dead master fail until the run ends.",
        None => "There is no database on the board.",
    };
    let list = props.faults.iter().enumerate().map(|(i, fault)| {
        html! {
            <li>
                { describe(fault) }
                <button type="button" class="link-button"
                    onclick={props.dispatch.reform(move |_| Action::RemoveFault(i))}
                    aria-label={format!("Remove: {}", describe(fault))}>{ "Remove" }</button>
            </li>
        }
    });
    html! {
        <section class="panel board-faults" aria-labelledby="board-faults-title">
            <h2 id="board-faults-title">{ "Break it" }</h2>
            <p>{ "Pick a second of the 60 s run and inject a failure; the run reruns with it." }</p>
            <div class="fault-inputs">
                <span class="pair">
                    <label for="fault-at">{ "At second" }</label>
                    <input id="fault-at" type="number" min="0" max="59" step="1" value={(*at).clone()} oninput={number_input(&at)} />
                </span>
                <span class="pair">
                    <label for="fault-shard">{ "Shard" }</label>
                    <input id="fault-shard" type="number" min="0" max={props.shards.saturating_sub(1).to_string()} step="1"
                        value={(*shard).clone()} oninput={number_input(&shard)} />
                </span>
                <span class="pair">
                    <label for="fault-factor">{ "Spike ×" }</label>
                    <input id="fault-factor" type="number" min="1" max="100" step="0.5" value={(*factor).clone()} oninput={number_input(&factor)} />
                </span>
            </div>
            <div class="fault-buttons">
                <button type="button" onclick={add(|shard, _| FaultKind::MasterDown { shard })}>{ "Kill a master" }</button>
                <button type="button" onclick={add(|_, _| FaultKind::CacheFlush)}>{ "Flush the cache" }</button>
                <button type="button" onclick={add(|_, _| FaultKind::HotKey { share: 0.2, duration_s: 20.0 })}>{ "Hot key" }</button>
                <button type="button" onclick={add(|_, factor| FaultKind::TrafficSpike { factor, duration_s: 10.0 })}>{ "Traffic spike" }</button>
                <button type="button" onclick={add(|shard, _| FaultKind::ShardSplit { shard })}>{ "Split a shard" }</button>
                <button type="button" onclick={add(|shard, _| FaultKind::Reshard { shard })}>{ "Reshard" }</button>
            </div>
            <p class="muted">{ failover }</p>
            if let Some(message) = (*error).clone() {
                <p class="field-error" role="alert">{ message }</p>
            }
            if !props.faults.is_empty() {
                <ol class="fault-list" aria-label="The timeline">{ for list }</ol>
            }
        </section>
    }
}
