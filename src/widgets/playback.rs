//! The generator's player as a pure state machine: Play reveals one step per timer tick, Pause
//! stops, Step reveals the next one by hand and Start over goes back to the first. Under
//! `prefers-reduced-motion` (`animate` false) a fresh insert shows every step and Play jumps to
//! the end. The component holds it with `use_reducer` and only runs the timer.

use std::rc::Rc;

use yew::Reducible;

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
