//! The ring's change animation as a pure state machine: a change plays in two stages, first the
//! arcs change owner ([`Stage::Arcs`]: the band's changed stretches fade from the old owner's
//! colour to the new one's and the marks of who took them appear), then the keys fly to their new
//! owners ([`Stage::Keys`]). Before it starts, the change is held ([`Stage::Held`]): drawn, but
//! showing the old owners, while the keys that stay put are painted into their layer. Replay
//! starts it again; reduced motion skips straight to the end state ([`Stage::Done`]), where the
//! change stays marked. [`super::key_dots`] drives it from `requestAnimationFrame` and paints
//! what [`Animation::frame`] says.

/// How long the arcs take to change owner, in ms.
pub const ARCS_MS: f64 = 250.0;
/// How long the keys take to fly to their new owners, in ms.
pub const KEYS_MS: f64 = 350.0;
/// Both stages at the normal pace, in ms (the counting job waits a little longer than this).
pub const TOTAL_MS: u32 = 600;

/// Where an animation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The change waits to play: everything shows the old owners and nothing moves.
    Held,
    /// The changed arcs are changing colour; the keys wait at their old places.
    Arcs,
    /// The arcs have changed; the moved keys fly.
    Keys,
    /// The end state: everything in place, the change marked.
    Done,
}

impl Stage {
    /// The stage's name, as the drawing's `data-stage` states it.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Held => "held",
            Stage::Arcs => "arcs",
            Stage::Keys => "keys",
            Stage::Done => "done",
        }
    }
}

/// What happens to an animation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Event {
    /// A change (or a replay of it) starts at `now` ms. `pace` scales both stages (1 is the
    /// normal speed); 0, or `reduced_motion`, shows the end state at once.
    Start {
        now: f64,
        pace: f64,
        reduced_motion: bool,
    },
    /// A frame at `now` ms: the stage moves on when its time is up.
    Frame { now: f64 },
    /// A change is drawn but waits to play (for a `Start`); under `reduced_motion` it shows at
    /// once, as the end state.
    Hold { reduced_motion: bool },
}

/// The animation's state: its stage, when that stage began, and the pace.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Animation {
    stage: Stage,
    since: f64,
    pace: f64,
}

/// What one frame shows: the stage and how far through each stage it is (0–1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub stage: Stage,
    /// How far the arcs have changed: 0 shows the old owners, 1 the new ones.
    pub arcs: f64,
    /// How far the moved keys have flown.
    pub keys: f64,
}

impl Default for Animation {
    fn default() -> Self {
        Animation::DONE
    }
}

impl Animation {
    /// The end state, where a page starts.
    pub const DONE: Animation = Animation {
        stage: Stage::Done,
        since: 0.0,
        pace: 1.0,
    };

    /// The state after `event`.
    pub fn on(self, event: Event) -> Animation {
        match event {
            Event::Start {
                now,
                pace,
                reduced_motion,
            } => {
                if reduced_motion || !(pace.is_finite() && pace > 0.0) {
                    Animation::DONE
                } else {
                    Animation {
                        stage: Stage::Arcs,
                        since: now,
                        pace,
                    }
                }
            }
            Event::Frame { now } => self.advanced(now),
            Event::Hold { reduced_motion } => {
                if reduced_motion {
                    Animation::DONE
                } else {
                    Animation {
                        stage: Stage::Held,
                        since: 0.0,
                        pace: 1.0,
                    }
                }
            }
        }
    }

    /// Moves on through every stage whose time is up by `now` (a frame may come late).
    fn advanced(self, now: f64) -> Animation {
        let mut at = self;
        loop {
            let length = match at.stage {
                Stage::Arcs => ARCS_MS * at.pace,
                Stage::Keys => KEYS_MS * at.pace,
                // A held change waits for its start, however long that takes.
                Stage::Held | Stage::Done => return at,
            };
            if now - at.since < length {
                return at;
            }
            at = Animation {
                stage: match at.stage {
                    Stage::Arcs => Stage::Keys,
                    Stage::Held | Stage::Keys | Stage::Done => Stage::Done,
                },
                // The next stage starts when this one was due to end, so the timing stays exact.
                since: at.since + length,
                pace: at.pace,
            };
        }
    }

    /// The stage the animation is in.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Whether frames are still wanted.
    pub fn running(&self) -> bool {
        self.stage != Stage::Done
    }

    /// What the frame at `now` shows (after the state has seen `Frame { now }`).
    pub fn frame(&self, now: f64) -> Frame {
        let through = |length: f64| ((now - self.since) / (length * self.pace)).clamp(0.0, 1.0);
        match self.stage {
            Stage::Held => Frame {
                stage: Stage::Held,
                arcs: 0.0,
                keys: 0.0,
            },
            Stage::Arcs => Frame {
                stage: Stage::Arcs,
                arcs: through(ARCS_MS),
                keys: 0.0,
            },
            Stage::Keys => Frame {
                stage: Stage::Keys,
                arcs: 1.0,
                keys: through(KEYS_MS),
            },
            Stage::Done => Frame {
                stage: Stage::Done,
                arcs: 1.0,
                keys: 1.0,
            },
        }
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;

    fn start(now: f64) -> Animation {
        Animation::DONE.on(Event::Start {
            now,
            pace: 1.0,
            reduced_motion: false,
        })
    }

    fn at(animation: Animation, now: f64) -> (Animation, Frame) {
        let next = animation.on(Event::Frame { now });
        (next, next.frame(now))
    }

    #[test]
    fn each_stage_lasts_between_150_and_400_ms_and_the_total_is_their_sum() {
        for length in [ARCS_MS, KEYS_MS] {
            assert!((150.0..=400.0).contains(&length), "{length}");
        }
        assert_eq!(ARCS_MS + KEYS_MS, f64::from(TOTAL_MS));
    }

    #[test]
    fn the_arcs_change_first_then_the_keys_fly_then_it_rests() {
        let a = start(1000.0);
        assert_eq!(a.stage(), Stage::Arcs);
        let (a, f) = at(a, 1000.0);
        assert_eq!((f.stage, f.arcs, f.keys), (Stage::Arcs, 0.0, 0.0));
        let (a, f) = at(a, 1000.0 + ARCS_MS / 2.0);
        assert_eq!((f.stage, f.arcs, f.keys), (Stage::Arcs, 0.5, 0.0));
        let (a, f) = at(a, 1000.0 + ARCS_MS + KEYS_MS / 2.0);
        assert_eq!((f.stage, f.arcs, f.keys), (Stage::Keys, 1.0, 0.5));
        assert!(a.running());
        let (a, f) = at(a, 1000.0 + ARCS_MS + KEYS_MS);
        assert_eq!((f.stage, f.arcs, f.keys), (Stage::Done, 1.0, 1.0));
        assert!(!a.running());
        // Frames after the end change nothing.
        assert_eq!(at(a, 1e9).0, a);
    }

    #[test]
    fn a_late_frame_skips_a_stage_it_missed() {
        let (a, f) = at(start(0.0), ARCS_MS + KEYS_MS + 5.0);
        assert_eq!(f.stage, Stage::Done);
        assert!(!a.running());
    }

    #[test]
    fn replay_starts_again_from_the_arcs_even_mid_flight() {
        let (a, _) = at(start(0.0), ARCS_MS + 10.0);
        assert_eq!(a.stage(), Stage::Keys);
        let replayed = a.on(Event::Start {
            now: 500.0,
            pace: 1.0,
            reduced_motion: false,
        });
        let f = replayed.frame(500.0);
        assert_eq!((f.stage, f.arcs, f.keys), (Stage::Arcs, 0.0, 0.0));
    }

    #[test]
    fn reduced_motion_or_no_pace_shows_the_end_state_at_once() {
        for (pace, reduced_motion) in [(1.0, true), (0.0, false), (f64::NAN, false), (-1.0, false)]
        {
            let a = start(0.0).on(Event::Start {
                now: 10.0,
                pace,
                reduced_motion,
            });
            assert_eq!(a.frame(10.0).stage, Stage::Done);
            assert_eq!(a.frame(10.0).arcs, 1.0);
        }
    }

    #[test]
    fn a_slower_pace_stretches_both_stages() {
        let slow = Animation::DONE.on(Event::Start {
            now: 0.0,
            pace: 4.0,
            reduced_motion: false,
        });
        let (slow, f) = at(slow, ARCS_MS * 2.0);
        assert_eq!((f.stage, f.arcs), (Stage::Arcs, 0.5));
        let (_, f) = at(slow, ARCS_MS * 4.0 + KEYS_MS);
        assert_eq!((f.stage, f.keys), (Stage::Keys, 0.25));
    }

    #[test]
    fn stages_have_names_for_the_page() {
        let names: Vec<&str> = [Stage::Held, Stage::Arcs, Stage::Keys, Stage::Done]
            .iter()
            .map(|s| s.name())
            .collect();
        assert_eq!(names, ["held", "arcs", "keys", "done"]);
    }

    #[test]
    fn a_held_change_shows_the_old_owners_until_it_starts_however_late() {
        let held = Animation::DONE.on(Event::Hold {
            reduced_motion: false,
        });
        assert!(held.running());
        let (held, f) = at(held, 1e6);
        assert_eq!((f.stage, f.arcs, f.keys), (Stage::Held, 0.0, 0.0));
        let started = held.on(Event::Start {
            now: 2e6,
            pace: 1.0,
            reduced_motion: false,
        });
        let (_, f) = at(started, 2e6 + ARCS_MS / 2.0);
        assert_eq!((f.stage, f.arcs), (Stage::Arcs, 0.5));
        // Under reduced motion there is nothing to hold: the end state shows at once.
        let at_once = Animation::DONE.on(Event::Hold {
            reduced_motion: true,
        });
        assert_eq!(at_once.frame(0.0).stage, Stage::Done);
    }
}
