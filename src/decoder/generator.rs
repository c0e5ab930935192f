//! "Insert a new object": pick a shard, insert the row, take its auto-increment local ID, compose
//! the ID. Time-based layouts read the clock instead.
//!
//! The reducer makes the ID and its steps at once; this component only plays them back. Play
//! reveals one step every [`STEP_MS`], Pause stops, Step reveals the next one by hand and Start
//! over goes back to the first. With `prefers-reduced-motion` nothing is timed: an insert shows
//! every step at once (the last one highlighted) and Play jumps to the end, while Step and Start
//! over still walk through them one at a time.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use shardlab_core::layout::PINTEREST_TYPES;
use shardlab_core::text::quote;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::dom::{prefers_reduced_motion, target_value};
use super::state::{Action, Generated};

/// How long each step stays on screen before the next one appears while playing.
pub const STEP_MS: u32 = 900;

/// Props for [`Generator`].
#[derive(Properties, PartialEq)]
pub struct GeneratorProps {
    /// Whether the layout has shard, type and local fields (the counter path).
    pub counted: bool,
    /// Whether the layout has a timestamp field (the clock path).
    pub timed: bool,
    /// Whether the layout has a shard field and a table to pick from.
    pub has_shards: bool,
    /// The largest shard in the table.
    pub last_shard: u64,
    /// The last insert.
    pub generated: Option<Generated>,
    /// Why the last insert was refused.
    pub error: Option<String>,
    /// Sends an action to the reducer.
    pub dispatch: Callback<Action>,
}

/// Where the playback of one insert's steps stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Playback {
    /// The insert these numbers belong to ([`Generated::serial`]).
    pub serial: u64,
    /// How many steps are revealed, 1 … `total`.
    pub shown: usize,
    /// How many steps the insert has.
    pub total: usize,
    /// Whether a timer reveals the next step.
    pub playing: bool,
}

impl Playback {
    /// The playback a fresh insert starts with: the first step, playing; or, with reduced motion,
    /// every step at once.
    pub fn fresh(serial: u64, total: usize, animate: bool) -> Playback {
        Playback {
            serial,
            shown: if animate { total.min(1) } else { total },
            total,
            playing: animate && total > 1,
        }
    }

    /// Whether every step is revealed.
    pub fn at_end(&self) -> bool {
        self.shown >= self.total
    }
}

/// What the playback controls do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaybackAction {
    /// A new insert arrived.
    Start {
        /// Its serial.
        serial: u64,
        /// Its step count.
        total: usize,
        /// False under reduced motion.
        animate: bool,
    },
    /// Play from here (from the start when at the end); with `animate` false, show the end.
    Play {
        /// False under reduced motion.
        animate: bool,
    },
    /// Stop the timer where it is.
    Pause,
    /// Reveal one more step by hand.
    Step,
    /// Back to the first step, paused.
    StartOver,
    /// The timer fired.
    Tick,
}

impl Reducible for Playback {
    type Action = PlaybackAction;

    fn reduce(self: Rc<Self>, action: PlaybackAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            PlaybackAction::Start {
                serial,
                total,
                animate,
            } => next = Playback::fresh(serial, total, animate),
            PlaybackAction::Play { animate } => {
                if !animate {
                    next.shown = next.total;
                    next.playing = false;
                } else {
                    if next.at_end() {
                        next.shown = next.total.min(1);
                    }
                    next.playing = !next.at_end();
                }
            }
            PlaybackAction::Pause => next.playing = false,
            PlaybackAction::Step => {
                next.playing = false;
                next.shown = next.shown.saturating_add(1).min(next.total);
            }
            PlaybackAction::StartOver => {
                next.playing = false;
                next.shown = next.total.min(1);
            }
            PlaybackAction::Tick => {
                if next.playing {
                    next.shown = next.shown.saturating_add(1).min(next.total);
                    next.playing = !next.at_end();
                }
            }
        }
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

/// The generator.
#[function_component(Generator)]
pub fn generator(props: &GeneratorProps) -> Html {
    let shard_text = use_state(String::new);
    let type_id = use_state(|| 1u64);
    let local_error = use_state(|| None::<String>);
    let playback = use_reducer(Playback::default);

    // A new insert restarts the playback. Until the effect has run, the view already treats the
    // new insert as fresh, so its steps never flash all at once.
    let latest = props.generated.as_ref().map(|g| (g.serial, g.steps.len()));
    let current = match latest {
        Some((serial, total)) if playback.serial != serial => {
            Playback::fresh(serial, total, !prefers_reduced_motion())
        }
        _ => (*playback).clone(),
    };
    {
        let playback = playback.clone();
        use_effect_with(latest, move |latest| {
            if let Some((serial, total)) = *latest {
                if playback.serial != serial {
                    playback.dispatch(PlaybackAction::Start {
                        serial,
                        total,
                        animate: !prefers_reduced_motion(),
                    });
                }
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

    if !props.counted && !props.timed {
        return html! {
            <section class="panel generator" aria-labelledby="gen-title">
                <h2 id="gen-title">{ "Make a new ID" }</h2>
                <p>{ "This layout has neither shard, type and local fields nor a timestamp, so there is no rule here for making a new ID." }</p>
            </section>
        };
    }
    let on_shard = {
        let shard_text = shard_text.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            shard_text.set(input.value());
        })
    };
    let on_type = {
        let type_id = type_id.clone();
        Callback::from(move |e: Event| {
            if let Some(Ok(t)) = target_value(&e).map(|v| v.parse()) {
                type_id.set(t);
            }
        })
    };
    let on_insert = {
        let dispatch = props.dispatch.clone();
        let shard_text = shard_text.clone();
        let type_id = type_id.clone();
        let local_error = local_error.clone();
        let timed = props.timed && !props.counted;
        Callback::from(move |_| {
            let text = shard_text.trim();
            let shard = if text.is_empty() {
                None
            } else {
                match text.parse::<u64>() {
                    Ok(shard) => Some(shard),
                    Err(_) => {
                        local_error.set(Some(format!(
                            "A shard is a whole number, or leave it empty for a random one; {} is not.",
                            quote(text)
                        )));
                        return;
                    }
                }
            };
            local_error.set(None);
            let now_ms = timed.then(|| js_sys::Date::now().max(0.0) as u64);
            dispatch.emit(Action::Insert {
                shard,
                type_id: *type_id,
                now_ms,
            });
        })
    };
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
    let error = (*local_error).clone().or_else(|| props.error.clone());
    let steps = props.generated.as_ref().map(|g| {
        let now = current.shown.saturating_sub(1);
        let status = g.steps.get(now).map_or_else(String::new, |step| {
            format!("Step {} of {}: {}", current.shown, current.total, step.title)
        });
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
                    { for g.steps.iter().enumerate().map(|(i, step)| {
                        let state = if i < now { "done" } else if i == now { "current" } else { "pending" };
                        html! {
                            <li class={state} aria-current={(i == now).then_some("step")}>
                                <strong>{ step.title.clone() }</strong>
                                if i <= now {
                                    <span class="mono-nums">{ step.detail.clone() }</span>
                                } else {
                                    <span class="muted">{ "…" }</span>
                                }
                            </li>
                        }
                    }) }
                </ol>
            </div>
        }
    });
    html! {
        <section class="panel generator" aria-labelledby="gen-title">
            <h2 id="gen-title">{ "Insert a new object" }</h2>
            <div class="gen-controls">
                if props.has_shards {
                    <label>
                        { format!("Shard (0 … {}, empty for random)", props.last_shard) }
                        <input class="mono" type="text" inputmode="numeric" value={(*shard_text).clone()}
                            oninput={on_shard} placeholder="random" />
                    </label>
                }
                if props.counted {
                    <label>
                        { "Type" }
                        <select onchange={on_type}>
                            { for PINTEREST_TYPES.iter().map(|t| html! {
                                <option value={t.id.to_string()} selected={t.id == *type_id}>{ format!("{} {}", t.id, t.name) }</option>
                            }) }
                        </select>
                    </label>
                }
                <button type="button" class="primary" onclick={on_insert}>
                    { if props.counted { "Insert a new object" } else { "Make an ID now" } }
                </button>
            </div>
            <p class="error" role="alert">{ error.unwrap_or_default() }</p>
            { for steps }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reduce(playback: Playback, action: PlaybackAction) -> Playback {
        (*Rc::new(playback).reduce(action)).clone()
    }

    #[test]
    fn playing_reveals_one_step_per_tick_and_stops_at_the_end() {
        let mut playback = Playback::fresh(1, 4, true);
        assert_eq!((playback.shown, playback.playing), (1, true));
        for shown in 2..=4 {
            playback = reduce(playback, PlaybackAction::Tick);
            assert_eq!(playback.shown, shown);
        }
        assert!(!playback.playing);
        assert_eq!(reduce(playback.clone(), PlaybackAction::Tick), playback);
        // Play at the end replays from the first step.
        let replay = reduce(playback, PlaybackAction::Play { animate: true });
        assert_eq!((replay.shown, replay.playing), (1, true));
    }

    #[test]
    fn pause_step_and_start_over_work_by_hand() {
        let playback = reduce(Playback::fresh(1, 4, true), PlaybackAction::Pause);
        assert!(!playback.playing);
        // A paused playback ignores a late timer.
        assert_eq!(reduce(playback.clone(), PlaybackAction::Tick).shown, 1);
        let stepped = reduce(playback, PlaybackAction::Step);
        assert_eq!((stepped.shown, stepped.playing), (2, false));
        let back = reduce(stepped, PlaybackAction::StartOver);
        assert_eq!(back.shown, 1);
    }

    #[test]
    fn reduced_motion_shows_the_end_and_still_steps() {
        let playback = Playback::fresh(7, 4, false);
        assert_eq!((playback.shown, playback.playing), (4, false));
        let back = reduce(playback, PlaybackAction::StartOver);
        let stepped = reduce(back, PlaybackAction::Step);
        assert_eq!((stepped.shown, stepped.playing), (2, false));
        let played = reduce(stepped, PlaybackAction::Play { animate: false });
        assert_eq!((played.shown, played.playing), (4, false));
    }

    #[test]
    fn a_one_step_insert_does_not_play() {
        let playback = Playback::fresh(1, 1, true);
        assert!(!playback.playing);
        assert!(playback.at_end());
        assert_eq!(Playback::fresh(1, 0, true).shown, 0);
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::*;
    use crate::decoder::state::Step;
    use crate::test_support::{find, mount_with, texts};

    wasm_bindgen_test_configure!(run_in_browser);

    fn click(root: &web_sys::Element, selector: &str) {
        find(root, selector)
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
    }

    #[wasm_bindgen_test]
    async fn the_step_button_reveals_the_next_step_and_pause_stops_the_timer() {
        let steps = [
            "Pick a shard",
            "Insert the row",
            "Take the local ID",
            "Compose",
        ]
        .iter()
        .map(|title| Step {
            title: (*title).to_owned(),
            detail: format!("detail of {title}"),
        })
        .collect();
        let props = GeneratorProps {
            counted: true,
            timed: false,
            has_shards: true,
            last_shard: 4095,
            generated: Some(Generated {
                serial: 1,
                steps,
                id: 1,
            }),
            error: None,
            dispatch: Callback::noop(),
        };
        let root = mount_with::<Generator>(props).await;
        // Headless Chromium does not ask for reduced motion: the first step plays.
        assert_eq!(texts(&root, "[data-testid=gen-play]"), ["Pause"]);
        assert_eq!(
            texts(&root, ".gen-steps li.current strong"),
            ["Pick a shard"]
        );
        click(&root, "[data-testid=gen-play]");
        yew::scheduler::flush().await;
        assert_eq!(texts(&root, "[data-testid=gen-play]"), ["Play"]);
        click(&root, "[data-testid=gen-step]");
        yew::scheduler::flush().await;
        assert_eq!(
            texts(&root, ".gen-steps li.current strong"),
            ["Insert the row"]
        );
        assert_eq!(
            texts(&root, "[data-testid=gen-status]"),
            ["Step 2 of 4: Insert the row"]
        );
        assert_eq!(texts(&root, ".gen-steps li.pending").len(), 2);
        click(&root, "[data-testid=gen-step]");
        click(&root, "[data-testid=gen-step]");
        yew::scheduler::flush().await;
        assert_eq!(texts(&root, ".gen-steps li.done").len(), 3);
        assert!(find(&root, "[data-testid=gen-step]").has_attribute("disabled"));
        click(&root, "[data-testid=gen-start-over]");
        yew::scheduler::flush().await;
        assert_eq!(
            texts(&root, ".gen-steps li.current strong"),
            ["Pick a shard"]
        );
    }
}
