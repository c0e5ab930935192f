//! A player of steps (the generator's insert, Maglev's table filling) as a pure state machine:
//! Play reveals one step per timer tick, Pause stops, Step reveals the next one by hand and Start
//! over goes back to the first. Under `prefers-reduced-motion` (`animate` false) a fresh run
//! shows every step and Play jumps to the end, while Step and Start over still walk through them.
//! [`use_playback`] holds it with `use_reducer` and runs only the timer; [`controls`] draws the
//! buttons and the status line every player shares.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;
use yew::Reducible;

use crate::browser::motion::prefers_reduced_motion;

/// Where the playback of one run's steps stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Playback {
    /// The run these numbers belong to (a serial that changes with each new run).
    pub serial: u64,
    /// How many steps are revealed, 1 … `total`.
    pub shown: usize,
    /// How many steps the run has.
    pub total: usize,
    /// Whether a timer reveals the next step.
    pub playing: bool,
}

impl Playback {
    /// The playback a fresh run starts with: the first step, playing; or, with reduced motion,
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
    /// A new run arrived.
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
        crate::reducer::changed(self, |next| match action {
            PlaybackAction::Start {
                serial,
                total,
                animate,
            } => *next = Playback::fresh(serial, total, animate),
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
        })
    }
}

/// A player for the run `serial` of `total` steps, one step every `step_ms` while playing: its
/// state now and the dispatcher [`controls`] takes. A new serial restarts it; until its effect
/// has run, the state already treats the new run as fresh, so its steps never flash all at once.
#[hook]
pub fn use_playback(
    serial: u64,
    total: usize,
    step_ms: u32,
) -> (Playback, UseReducerDispatcher<Playback>) {
    let playback = use_reducer(Playback::default);
    let current = if playback.serial == serial && playback.total == total {
        (*playback).clone()
    } else {
        Playback::fresh(serial, total, !prefers_reduced_motion())
    };
    {
        let dispatcher = playback.dispatcher();
        let known = (playback.serial, playback.total);
        use_effect_with((serial, total), move |&(serial, total)| {
            if known != (serial, total) {
                dispatcher.dispatch(PlaybackAction::Start {
                    serial,
                    total,
                    animate: !prefers_reduced_motion(),
                });
            }
        });
    }
    {
        let dispatcher = playback.dispatcher();
        use_effect_with(
            (current.playing, current.shown, current.serial),
            move |&(playing, _, _)| {
                let timer = playing.then(|| {
                    Timeout::new(step_ms, move || dispatcher.dispatch(PlaybackAction::Tick))
                });
                move || drop(timer)
            },
        );
    }
    (current, playback.dispatcher())
}

/// Play/Pause/Replay, Step and Start over, and the status line (`status`, announced politely),
/// with test ids `<prefix>-play`, `-step`, `-start-over` and `-status`.
pub fn controls(
    current: &Playback,
    dispatcher: &UseReducerDispatcher<Playback>,
    label: &'static str,
    prefix: &'static str,
    status: String,
) -> Html {
    let send = |action: PlaybackAction| {
        let dispatcher = dispatcher.clone();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(action.clone()))
    };
    let on_play_pause = {
        let dispatcher = dispatcher.clone();
        let playing = current.playing;
        Callback::from(move |_: MouseEvent| {
            dispatcher.dispatch(if playing {
                PlaybackAction::Pause
            } else {
                PlaybackAction::Play {
                    animate: !prefers_reduced_motion(),
                }
            })
        })
    };
    html! {
        <div class="player" role="group" aria-label={label}>
            <button type="button" onclick={on_play_pause} aria-pressed={current.playing.to_string()}
                data-testid={format!("{prefix}-play")}>
                { if current.playing { "Pause" } else if current.at_end() { "Replay" } else { "Play" } }
            </button>
            <button type="button" onclick={send(PlaybackAction::Step)} disabled={current.at_end()}
                data-testid={format!("{prefix}-step")}>{ "Step" }</button>
            <button type="button" onclick={send(PlaybackAction::StartOver)} disabled={current.shown <= 1}
                data-testid={format!("{prefix}-start-over")}>{ "Start over" }</button>
            <span class="player-status" role="status" data-testid={format!("{prefix}-status")}>{ status }</span>
        </div>
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
