//! The "try it" tasks and their checks: pure functions from a live view's snapshot (see
//! `snapshot`) to done or not, tested natively below.
//!
//! A check reads what the widget really shows. A button press proves nothing; the state after it
//! does, so a reader who gets there another way (editing the link, typing a value) is done too.

use shardlab_core::id_family::IdFamily;
use shardlab_core::placement::{Cure, SchemeKind, DEFAULT_TABLE_SIZE, MAX_STEPPED_TABLE_SIZE};
use shardlab_core::text::quote;

use crate::browser::number::parse_f64;
use crate::snapshot::{BoardSnapshot, DecoderSnapshot, HotKeysSnapshot, RingSnapshot};

/// A snapshot read back from a live view.
#[derive(Clone, Debug, PartialEq)]
pub enum Snapshot {
    /// From the Decoder.
    Decoder(DecoderSnapshot),
    /// From the Ring.
    Ring(RingSnapshot),
    /// From the Board.
    Board(BoardSnapshot),
}

/// How a task decides it is done.
#[derive(Clone, Copy, Debug)]
pub enum Check {
    /// Done as soon as the view's state passes the test.
    State(fn(&Snapshot) -> bool),
    /// The reader types what they read in the view; done when the view is in the right state and
    /// the reading matches it. The error says what is wrong, in plain words.
    Reading {
        /// The input's label.
        label: &'static str,
        /// Checks the reading against the snapshot.
        test: fn(&Snapshot, &str) -> Result<(), String>,
    },
    /// A multiple-choice question; done when the right option is picked while the view is in
    /// the state the question is about (when `needs` is set).
    Choice {
        /// The options, each with the explanation shown once it is picked.
        options: &'static [(&'static str, &'static str)],
        /// The index of the right option.
        correct: usize,
        /// The state the view must be in for the answer to count.
        needs: Option<fn(&Snapshot) -> bool>,
    },
    /// Predict, then observe: the reader commits a guess first, then acts; done once a guess is
    /// committed and the view shows the measurement it was about.
    Predict(&'static super::predict::Prediction),
}

/// One "try it" task.
#[derive(Clone, Copy, Debug)]
pub struct Task {
    /// Stable id within its chapter, stored in the progress.
    pub id: &'static str,
    /// What to do.
    pub prompt: &'static str,
    /// Which of the chapter's live views the task watches.
    pub frame: usize,
    /// How it is checked.
    pub check: Check,
}

/// What a reader's answer to a [`Check::Reading`] or [`Check::Choice`] amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Done.
    Done,
    /// Not yet, and why.
    NotYet(String),
}

/// Whether a task the view alone decides is done, given its view's snapshot (if it has published
/// one) and whether the reader has committed a guess (for a prediction).
pub fn state_done(check: &Check, snapshot: Option<&Snapshot>, guessed: bool) -> bool {
    match (check, snapshot) {
        (Check::State(test), Some(snapshot)) => test(snapshot),
        (Check::Predict(prediction), Some(snapshot)) => {
            guessed && prediction.measured(snapshot).is_some()
        }
        _ => false,
    }
}

/// Judges a typed reading or a picked option against the view's snapshot.
pub fn judge(check: &Check, snapshot: Option<&Snapshot>, answer: &str) -> Verdict {
    match check {
        Check::State(_) | Check::Predict(_) => {
            Verdict::NotYet("This task checks the view by itself.".to_owned())
        }
        Check::Reading { test, .. } => match snapshot {
            None => Verdict::NotYet("The live view has not loaded yet.".to_owned()),
            Some(snapshot) => match test(snapshot, answer) {
                Ok(()) => Verdict::Done,
                Err(why) => Verdict::NotYet(why),
            },
        },
        Check::Choice {
            options,
            correct,
            needs,
        } => {
            let Ok(picked) = answer.parse::<usize>() else {
                return Verdict::NotYet("Pick one of the answers.".to_owned());
            };
            if picked >= options.len() {
                return Verdict::NotYet("Pick one of the answers.".to_owned());
            }
            if picked != *correct {
                return Verdict::NotYet(
                    "Not quite: read the explanation and try again.".to_owned(),
                );
            }
            match needs {
                Some(test) if !snapshot.is_some_and(test) => Verdict::NotYet(
                    "Right. Now put the live view in the state the question is about: the answer \
                     counts as soon as it gets there."
                        .to_owned(),
                ),
                _ => Verdict::Done,
            }
        }
    }
}

/// Whether `answer` is a question's right option that waits only for its view's state (issue 38
/// §6): the task card keeps it and judges it again at each new snapshot, so it counts as soon as
/// the state arrives, without another press of Check.
pub fn waits_for_state(check: &Check, answer: &str) -> bool {
    match check {
        Check::Choice {
            correct,
            needs: Some(_),
            ..
        } => answer.parse::<usize>().ok() == Some(*correct),
        Check::Choice { needs: None, .. }
        | Check::State(_)
        | Check::Reading { .. }
        | Check::Predict(_) => false,
    }
}

/// A typed percentage or plain number: "80", "80.1 %", "80,1".
pub fn parse_number(text: &str) -> Option<f64> {
    let cleaned: String = text.trim().trim_end_matches('%').trim().replace(',', ".");
    parse_f64(&cleaned).filter(|v| v.is_finite())
}

pub(crate) fn ring(snapshot: &Snapshot) -> Option<&RingSnapshot> {
    match snapshot {
        Snapshot::Ring(r) => Some(r),
        _ => None,
    }
}

fn board(snapshot: &Snapshot) -> Option<&BoardSnapshot> {
    match snapshot {
        Snapshot::Board(b) => Some(b),
        _ => None,
    }
}

fn decoder(snapshot: &Snapshot) -> Option<&DecoderSnapshot> {
    match snapshot {
        Snapshot::Decoder(d) => Some(d),
        _ => None,
    }
}

/// The Pinterest example Pin.
pub const EXAMPLE_PIN: &str = "241294492511762325";

/// The most users at which "falls under Apdex 0.85" still counts as finding the knee of the
/// one-big-box preset: the simulation keeps it at 1.00 up to 4,000 users and drops it below 0.85
/// just past that (`the_band_brackets_the_knee` below checks both ends with the core).
pub const ONE_BIG_BOX_BAND_TOP: u32 = 8_000;

/// Chapter 1: the one-big-box preset, as the simulation (not the estimate) solves it, under Apdex
/// 0.85 at a users count near the knee.
pub fn one_big_box_knee(s: &Snapshot) -> bool {
    board(s).is_some_and(|b| {
        b.preset.as_deref() == Some("one-big-box")
            && b.design_is_preset
            && b.source == "simulation"
            && b.apdex.is_some_and(|a| a < 0.85)
            && b.users <= ONE_BIG_BOX_BAND_TOP
    })
}

fn hot_shard(b: &BoardSnapshot, min_over_mean: f64) -> bool {
    b.source == "simulation"
        && b.hottest
            .as_ref()
            .is_some_and(|h| h.over_mean >= min_over_mean)
}

/// How far above the mean the hottest shard must be to count as hot (the core's rule).
pub use shardlab_core::sim::report::HOT_OVER_MEAN;

/// Chapter 2: keyed on the user, with skewed users, and a hot shard shows.
pub fn user_key_hot_shard(s: &Snapshot) -> bool {
    board(s).is_some_and(|b| {
        b.shard_key.as_deref() == Some("hash_user")
            && b.user_skew.is_some_and(|k| k > 0.0)
            && hot_shard(b, HOT_OVER_MEAN)
    })
}

/// Chapter 3: ranges of time, and the last shard is the hot one.
pub fn last_range_hot(s: &Snapshot) -> bool {
    board(s).is_some_and(|b| {
        b.shard_key.as_deref() == Some("range_time")
            && b.shards >= 2
            && hot_shard(b, HOT_OVER_MEAN)
            && b.hottest
                .as_ref()
                .is_some_and(|h| h.shard.checked_add(1) == Some(b.shards))
    })
}

/// A ring snapshot after growing from exactly `from` servers by one, with the count measured.
pub(crate) fn grew(r: &RingSnapshot, scheme: SchemeKind, from: Option<usize>) -> bool {
    r.scheme == scheme
        && r.killed.is_empty()
        && r.added.len() == 1
        && r.before.as_ref().is_some_and(|b| {
            from.is_none_or(|n| b.len() == n) && b.len().checked_add(1) == Some(r.servers.len())
        })
        && r.moved_fraction.is_some()
}

/// Chapter 4: hash mod N grown from 4 to 5 servers, and the reader's moved % matches the view's.
pub fn mod_four_to_five(s: &Snapshot, reading: &str) -> Result<(), String> {
    let Some(r) = ring(s).filter(|r| grew(r, SchemeKind::Mod, Some(4))) else {
        return Err(
            "First make the view show hash mod N grown from 4 to 5 servers, with the count finished."
                .to_owned(),
        );
    };
    let Some(typed) = parse_number(reading) else {
        return Err("Type the moved percentage as a number, like 42.5.".to_owned());
    };
    let shown = r.moved_fraction.unwrap_or(0.0) * 100.0;
    if (typed - shown).abs() <= 0.5 {
        Ok(())
    } else {
        Err(format!(
            "{typed} % is not what the counter says; read the moved percentage again."
        ))
    }
}

/// Chapter 5: a ring grown by one server moves close to the ideal 1/(N+1).
pub fn ring_grew_near_ideal(s: &Snapshot) -> bool {
    ring(s).is_some_and(|r| {
        grew(r, SchemeKind::Ring, None)
            && match (r.moved_fraction, r.ideal_fraction) {
                (Some(moved), Some(ideal)) => ideal > 0.0 && (moved / ideal - 1.0).abs() <= 0.5,
                _ => false,
            }
    })
}

/// Chapter 6: five or more servers on the ring, busiest under 1.10 × the mean.
pub fn ring_balanced(s: &Snapshot) -> bool {
    ring(s).is_some_and(|r| {
        r.scheme == SchemeKind::Ring
            && r.servers.len() >= 5
            && r.keys >= 10_000
            && r.measured
            && r.max_over_mean.is_some_and(|m| m < 1.10)
    })
}

/// Chapter 7: R = 3 on the ring, a server killed, and every drawn key still has three owners.
pub fn three_owners_after_kill(s: &Snapshot) -> bool {
    ring(s).is_some_and(|r| {
        r.scheme == SchemeKind::Ring
            && r.replicas == 3
            && !r.killed.is_empty()
            && r.min_distinct_owners == Some(3)
    })
}

/// The Maglev chapter: a server killed on a table small enough to watch fill, and the table's
/// moved slots counted.
pub fn maglev_table_changed(s: &Snapshot) -> bool {
    ring(s).is_some_and(|r| {
        r.scheme == SchemeKind::Maglev
            && r.table_size <= MAX_STEPPED_TABLE_SIZE
            && !r.killed.is_empty()
            && r.slots_moved.is_some()
    })
}

/// The Maglev chapter: the reader counts the slots that moved between two servers that stayed.
pub fn maglev_moves_between_stayers(s: &Snapshot, reading: &str) -> Result<(), String> {
    let Some(r) = ring(s).filter(|_| maglev_table_changed(s)) else {
        return Err("First kill a server in the table view and let the new table fill.".to_owned());
    };
    let Ok(typed) = reading.trim().parse::<u32>() else {
        return Err("Type the count as a whole number, like 2.".to_owned());
    };
    if Some(typed) == r.slots_moved_between_stayers {
        Ok(())
    } else {
        Err(format!(
            "{typed} is not what the table shows: count the red slots whose owner, before and \
             after, is a server that is still there."
        ))
    }
}

/// The Maglev chapter: the production-size table grown by one server, with the count finished.
pub fn maglev_grew(s: &Snapshot) -> bool {
    ring(s).is_some_and(|r| grew(r, SchemeKind::Maglev, None) && r.table_size >= DEFAULT_TABLE_SIZE)
}

/// The hot-key chapter's view under a hot key (at least 5 % of the requests on one key).
fn hot_key(s: &Snapshot) -> Option<(&RingSnapshot, &HotKeysSnapshot)> {
    let r = ring(s)?;
    r.hot
        .as_ref()
        .filter(|h| h.hottest_share >= 0.05)
        .map(|h| (r, h))
}

/// The hot-key chapter: more vnodes on show, and the hot key's owner still at or over the floor
/// one owner cannot get under (its share × the servers).
pub fn hot_key_on_one_owner(s: &Snapshot) -> bool {
    hot_key(s).is_some_and(|(r, h)| {
        let floor = h.hottest_share * r.servers.len() as f64;
        h.cure == Cure::MoreVnodes && h.max_over_mean >= floor - 1e-9
    })
}

/// The hot-key chapter: bounded loads with c ≤ 1.25 on show, holding the busiest server to c.
pub fn hot_key_bounded(s: &Snapshot) -> bool {
    hot_key(s).is_some_and(|(_, h)| {
        h.cure == Cure::BoundedLoads
            && h.load_factor <= 1.25
            && h.max_over_mean <= h.load_factor + 1e-9
    })
}

/// Chapter 8, first task: the example Pin is in the Decoder and the reader read its shard.
pub fn pin_decoded(s: &Snapshot, reading: &str) -> Result<(), String> {
    let Some(d) =
        decoder(s).filter(|d| d.layout == "pinterest" && !d.edited && d.id == EXAMPLE_PIN)
    else {
        return Err(format!(
            "First paste the Pin {EXAMPLE_PIN} into the Decoder's ID box."
        ));
    };
    match (reading.trim().parse::<u64>(), d.shard) {
        (Ok(typed), Some(shard)) if typed == shard => Ok(()),
        (Ok(typed), _) => Err(format!("The shard field does not say {typed}; look again.")),
        (Err(_), _) => Err("Type the shard as a whole number.".to_owned()),
    }
}

/// Chapter 8, second task: an ID for shard 5000, type 2 (a board), in the Pinterest layout.
pub fn composed_board_id(s: &Snapshot) -> bool {
    decoder(s).is_some_and(|d| {
        d.layout == "pinterest"
            && !d.edited
            && d.shard == Some(5000)
            && d.fields.get("type") == Some(&2)
    })
}

/// Chapter 9, first task: the host of the example Pin was split, and the ID on screen is the same.
pub fn split_kept_id(s: &Snapshot) -> bool {
    decoder(s).is_some_and(|d| {
        d.layout == "pinterest"
            && d.id == EXAMPLE_PIN
            && d.ranges > 8
            && d.master.as_deref().is_some_and(|m| m != "MySQL007A")
    })
}

/// Chapter 9, second task: the reader names the master that now serves the unchanged ID.
pub fn named_new_master(s: &Snapshot, reading: &str) -> Result<(), String> {
    let Some(d) = decoder(s).filter(|d| split_kept_id(s) && d.master.is_some()) else {
        return Err("First split the host of the Pin on screen.".to_owned());
    };
    let master = d.master.as_deref().unwrap_or_default();
    if reading.trim().eq_ignore_ascii_case(master) {
        Ok(())
    } else {
        Err(format!(
            "{} is not the master the table names for this shard now.",
            quote(reading.trim())
        ))
    }
}

/// The ID-scheme chapter: "Whose ID is this?" reads the text on screen as a UUID of `version`
/// first.
fn detected_uuid(d: &DecoderSnapshot, version: u8) -> bool {
    d.detect_top == IdFamily::Uuid.name() && d.detect_version == Some(version)
}

/// The ID-scheme chapter: the likeliest reading is a random UUID (version 4), with no time.
pub fn random_uuid_detected(s: &Snapshot) -> bool {
    decoder(s).is_some_and(|d| detected_uuid(d, 4) && d.detect_ms.is_none())
}

/// The ID-scheme chapter: the likeliest reading is a UUIDv7 or a ULID, and its time is plausible.
pub fn time_first_id_detected(s: &Snapshot) -> bool {
    decoder(s).is_some_and(|d| {
        (detected_uuid(d, 7) || d.detect_top == IdFamily::Ulid.name()) && d.detect_ms.is_some()
    })
}

/// Chapter 10: a master killed with no auto-failover, and the simulation shows its errors.
pub fn master_killed_without_failover(s: &Snapshot) -> bool {
    board(s).is_some_and(|b| {
        b.auto_failover == Some(false)
            && b.faults.iter().any(|f| f == "master_down")
            && b.source == "simulation"
            && b.shard_down_rate.is_some_and(|r| r > 0.0)
    })
}

/// Chapter 14: a master killed with auto-failover on, and the simulation shows its window of
/// errors.
pub fn master_killed_with_failover(s: &Snapshot) -> bool {
    board(s).is_some_and(|b| {
        b.auto_failover == Some(true)
            && b.failover_gap_s.is_some()
            && b.faults.iter().any(|f| f == "master_down")
            && b.source == "simulation"
            && b.shard_down_rate.is_some_and(|r| r > 0.0)
    })
}

/// Chapter 14: two or more read replicas per shard, with the run that measured the masters.
pub fn replicas_added(s: &Snapshot) -> bool {
    board(s).is_some_and(|b| {
        b.read_replicas.is_some_and(|n| n >= 2)
            && b.source == "simulation"
            && b.db_utilisation.is_some()
    })
}

/// Chapter 11, the Board side: a reshard whose copy lasted a second or more, in a finished run.
pub fn reshard_copied(s: &Snapshot) -> bool {
    board(s).is_some_and(|b| {
        b.faults.iter().any(|f| f == "reshard")
            && b.source == "simulation"
            && b.reshard_copy_s.is_some_and(|seconds| seconds >= 1.0)
    })
}

/// Chapter 11, the hash side: a consistent-hash ring grown by one server, with the count finished
/// (the ID side is [`split_kept_id`] on the Decoder beside it).
pub fn ring_grew_by_one(s: &Snapshot) -> bool {
    ring(s).is_some_and(|r| grew(r, SchemeKind::Ring, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::HotShardSnapshot;
    use shardlab_core::placement::{movement, SchemeSpec, Server, ServerList};
    use shardlab_core::sim::{preset, simulate};

    fn grown_ring(scheme: SchemeKind, from: u32, moved: f64, ideal: f64) -> Snapshot {
        Snapshot::Ring(RingSnapshot {
            scheme,
            servers: (0..=from).collect(),
            before: Some((0..from).collect()),
            added: vec![from],
            measured: true,
            moved_fraction: Some(moved),
            ideal_fraction: Some(ideal),
            keys: 100_000,
            ..RingSnapshot::default()
        })
    }

    #[test]
    fn the_mod_reading_must_match_the_counter() {
        let s = grown_ring(SchemeKind::Mod, 4, 0.7993, 0.2);
        assert_eq!(mod_four_to_five(&s, "79.9"), Ok(()));
        assert_eq!(mod_four_to_five(&s, " 80 % "), Ok(()));
        assert!(mod_four_to_five(&s, "20").is_err());
        assert!(mod_four_to_five(&s, "lots").is_err());
        // The same reading on the ring, or from 5 → 6, is not the task.
        assert!(mod_four_to_five(&grown_ring(SchemeKind::Ring, 4, 0.7993, 0.2), "79.9").is_err());
        assert!(mod_four_to_five(&grown_ring(SchemeKind::Mod, 5, 0.7993, 0.2), "79.9").is_err());
    }

    #[test]
    fn the_mod_task_reads_what_the_core_measures() {
        // The number the reader types comes from the core's movement count; it is about 80 %.
        let before = ServerList::new((0..4).map(Server::new).collect()).unwrap();
        let after = ServerList::new((0..5).map(Server::new).collect()).unwrap();
        let spec = SchemeSpec::from_kind(SchemeKind::Mod, 100);
        let (b, a) = spec.build_change(before, after, 100_000, 2015).unwrap();
        let result = movement(&*b, &*a, 100_000, 2015).unwrap();
        let s = grown_ring(
            SchemeKind::Mod,
            4,
            result.moved_fraction,
            result.ideal_fraction,
        );
        assert_eq!(
            mod_four_to_five(&s, &format!("{:.1}", result.moved_fraction * 100.0)),
            Ok(())
        );
        assert!(mod_four_to_five(&s, "20.0").is_err());
    }

    #[test]
    fn the_ring_grows_near_its_ideal() {
        assert!(ring_grew_near_ideal(&grown_ring(
            SchemeKind::Ring,
            4,
            0.21,
            0.2
        )));
        assert!(!ring_grew_near_ideal(&grown_ring(
            SchemeKind::Ring,
            4,
            0.8,
            0.2
        )));
        assert!(!ring_grew_near_ideal(&grown_ring(
            SchemeKind::Mod,
            4,
            0.21,
            0.2
        )));
        assert!(ring_grew_by_one(&grown_ring(
            SchemeKind::Ring,
            4,
            0.21,
            0.2
        )));
        assert!(!ring_grew_by_one(&grown_ring(
            SchemeKind::IdEncoded,
            4,
            0.12,
            0.2
        )));
        let Snapshot::Ring(mut unfinished) = grown_ring(SchemeKind::Ring, 4, 0.21, 0.2) else {
            unreachable!()
        };
        unfinished.moved_fraction = None;
        assert!(!ring_grew_near_ideal(&Snapshot::Ring(unfinished.clone())));
        assert!(!ring_grew_by_one(&Snapshot::Ring(unfinished)));
    }

    #[test]
    fn balance_needs_five_servers_and_a_finished_count() {
        let ring = |servers: u32, max: f64, measured: bool| {
            Snapshot::Ring(RingSnapshot {
                scheme: SchemeKind::Ring,
                servers: (0..servers).collect(),
                keys: 100_000,
                measured,
                max_over_mean: Some(max),
                ..RingSnapshot::default()
            })
        };
        assert!(ring_balanced(&ring(5, 1.08, true)));
        assert!(!ring_balanced(&ring(5, 1.12, true)));
        assert!(!ring_balanced(&ring(5, 1.08, false)));
        // One server is always perfectly balanced; that is not the lesson.
        assert!(!ring_balanced(&ring(1, 1.0, true)));
    }

    #[test]
    fn three_owners_need_a_kill() {
        let mut r = RingSnapshot {
            scheme: SchemeKind::Ring,
            replicas: 3,
            min_distinct_owners: Some(3),
            ..RingSnapshot::default()
        };
        assert!(!three_owners_after_kill(&Snapshot::Ring(r.clone())));
        r.killed = vec![2];
        assert!(three_owners_after_kill(&Snapshot::Ring(r.clone())));
        r.min_distinct_owners = Some(2);
        assert!(!three_owners_after_kill(&Snapshot::Ring(r)));
    }

    fn decoder_at(id: &str, shard: u64, type_id: u64, ranges: usize, master: &str) -> Snapshot {
        Snapshot::Decoder(DecoderSnapshot {
            layout: "pinterest".into(),
            id: id.into(),
            fields: [("shard".to_owned(), shard), ("type".to_owned(), type_id)]
                .into_iter()
                .collect(),
            shard: Some(shard),
            master: Some(master.into()),
            ranges,
            ..DecoderSnapshot::default()
        })
    }

    #[test]
    fn decoder_tasks_read_the_fields() {
        let pin = decoder_at(EXAMPLE_PIN, 3429, 1, 8, "MySQL007A");
        assert_eq!(pin_decoded(&pin, "3429"), Ok(()));
        assert!(pin_decoded(&pin, "3428").is_err());
        assert!(pin_decoded(&decoder_at("1", 0, 0, 8, "MySQL001A"), "0").is_err());
        assert!(composed_board_id(&decoder_at("x", 5000, 2, 8, "MySQL010A")));
        assert!(!composed_board_id(&decoder_at(
            "x",
            5000,
            1,
            8,
            "MySQL010A"
        )));
        let split = decoder_at(EXAMPLE_PIN, 3429, 1, 9, "MySQL009A");
        assert!(split_kept_id(&split));
        assert!(!split_kept_id(&pin));
        assert_eq!(named_new_master(&split, "mysql009a"), Ok(()));
        assert!(named_new_master(&split, "MySQL007A").is_err());
        assert!(named_new_master(&pin, "MySQL007A").is_err());
    }

    fn detected(top: &str, version: Option<u8>, ms: Option<u64>) -> Snapshot {
        Snapshot::Decoder(DecoderSnapshot {
            detect_top: top.into(),
            detect_version: version,
            detect_ms: ms,
            ..DecoderSnapshot::default()
        })
    }

    #[test]
    fn the_id_scheme_tasks_read_the_likeliest_reading() {
        let v4 = detected("uuid", Some(4), None);
        let v7 = detected("uuid", Some(7), Some(1_645_557_742_000));
        let ulid = detected("ulid", None, Some(1_469_922_850_259));
        let twitter = detected("snowflake", None, Some(1_656_432_460_105));
        assert!(random_uuid_detected(&v4));
        assert!(!random_uuid_detected(&v7) && !random_uuid_detected(&twitter));
        assert!(time_first_id_detected(&v7) && time_first_id_detected(&ulid));
        // A snowflake has its time first too, but the task is about the 128-bit IDs; a v7 or a
        // ULID whose time is not plausible (judged before it was made) does not count.
        assert!(!time_first_id_detected(&twitter) && !time_first_id_detected(&v4));
        assert!(!time_first_id_detected(&detected("uuid", Some(7), None)));
        assert!(!time_first_id_detected(&detected("ulid", None, None)));
        assert!(!random_uuid_detected(&grown_ring(
            SchemeKind::Ring,
            4,
            0.2,
            0.2
        )));
    }

    #[test]
    fn the_pinterest_example_splits_onto_a_new_master() {
        // The state chapter 9 asks for exists: splitting shard 3429's range moves it to MySQL009A.
        let table = shardlab_core::layout::Preset::Pinterest
            .shard_map()
            .unwrap();
        let split = table.split_host("MySQL007A").unwrap();
        assert_eq!(split.map.host_of(3429).unwrap().master, "MySQL009A");
    }

    fn board_of(design: &shardlab_core::sim::Design, preset: &str, users: u32) -> BoardSnapshot {
        let report = simulate(design, users, 1, 60.0).unwrap();
        BoardSnapshot {
            preset: Some(preset.into()),
            design_is_preset: true,
            users,
            source: "simulation".into(),
            apdex: Some(report.outcome.apdex),
            error_rate: Some(report.outcome.error_rate),
            shard_down_rate: Some(report.outcome.errors_by_cause.shard_down),
            hottest: report.outcome.hottest_shard.map(|h| HotShardSnapshot {
                shard: h.shard,
                share: h.share,
                over_mean: h.over_mean,
            }),
            ..BoardSnapshot::default()
        }
    }

    #[test]
    fn a_failover_counts_only_with_auto_failover_on_and_replicas_only_when_measured() {
        use shardlab_core::sim::{Fault, FaultKind, NodeSettings};
        let mut design = preset("pinterest").unwrap().design;
        design.faults.push(Fault {
            at_s: 10.0,
            kind: FaultKind::MasterDown { shard: 1 },
        });
        let with = |auto: bool, replicas: u32| {
            let mut design = design.clone();
            for node in &mut design.nodes {
                if let NodeSettings::Database(d) = &mut node.settings {
                    d.auto_failover = auto;
                    d.read_replicas = replicas;
                }
            }
            let mut snapshot = board_of(&design, "pinterest", 4_000);
            let d = design
                .nodes
                .iter()
                .find_map(|n| n.settings.database())
                .unwrap();
            snapshot.auto_failover = Some(d.fails_over());
            snapshot.failover_gap_s = auto.then(|| d.failover_gap_s());
            snapshot.faults = vec!["master_down".into()];
            snapshot.read_replicas = Some(replicas);
            snapshot
        };
        let off = with(false, 0);
        let on = with(true, 0);
        assert!(!master_killed_with_failover(&Snapshot::Board(off.clone())));
        assert!(master_killed_with_failover(&Snapshot::Board(on.clone())));
        // The window costs less than a master that stays dead.
        assert!(on.shard_down_rate.unwrap() < off.shard_down_rate.unwrap());
        let mut replicated = with(true, 2);
        assert!(
            !replicas_added(&Snapshot::Board(replicated.clone())),
            "no measure yet"
        );
        replicated.db_utilisation = Some(0.3);
        assert!(replicas_added(&Snapshot::Board(replicated.clone())));
        replicated.source = "estimate".into();
        assert!(!replicas_added(&Snapshot::Board(replicated)));
    }

    #[test]
    fn a_reshard_counts_once_its_copy_has_run_for_a_second() {
        let mut board = BoardSnapshot {
            source: "simulation".into(),
            faults: vec!["reshard".into()],
            reshard_copy_s: Some(0.16),
            ..BoardSnapshot::default()
        };
        assert!(
            !reshard_copied(&Snapshot::Board(board.clone())),
            "a 160 ms copy"
        );
        board.reshard_copy_s = Some(10.2);
        assert!(reshard_copied(&Snapshot::Board(board.clone())));
        board.faults = vec!["shard_split".into()];
        assert!(!reshard_copied(&Snapshot::Board(board)));
    }

    #[test]
    fn the_band_brackets_the_knee() {
        let design = preset("one-big-box").unwrap().design;
        let below = board_of(&design, "one-big-box", 4_000);
        assert!(!one_big_box_knee(&Snapshot::Board(below)), "fine at 4,000");
        let above = board_of(&design, "one-big-box", ONE_BIG_BOX_BAND_TOP);
        assert!(one_big_box_knee(&Snapshot::Board(above.clone())));
        let mut estimated = above;
        estimated.source = "estimate".into();
        assert!(!one_big_box_knee(&Snapshot::Board(estimated)));
    }

    #[test]
    fn keying_on_the_user_or_on_time_makes_a_hot_shard() {
        use shardlab_core::sim::{NodeSettings, ShardKey};
        let base = preset("pinterest").unwrap().design;
        let keyed = |key: ShardKey| {
            let mut design = base.clone();
            for node in &mut design.nodes {
                if let NodeSettings::Database(d) = &mut node.settings {
                    d.shard_key = key;
                }
            }
            let mut b = board_of(&design, "pinterest", 4_000);
            b.shards = 8;
            b.user_skew = Some(1.0);
            b.shard_key = Some(key.name().to_owned());
            Snapshot::Board(b)
        };
        assert!(!user_key_hot_shard(&keyed(ShardKey::IdEncoded)));
        assert!(user_key_hot_shard(&keyed(ShardKey::HashUser)));
        assert!(last_range_hot(&keyed(ShardKey::RangeTime)));
        assert!(!last_range_hot(&keyed(ShardKey::HashObject)));
    }

    #[test]
    fn a_dead_master_without_failover_shows_shard_down_errors() {
        use shardlab_core::sim::{Fault, FaultKind};
        let mut design = preset("pinterest").unwrap().design;
        design.faults.push(Fault {
            at_s: 20.0,
            kind: FaultKind::MasterDown { shard: 0 },
        });
        let mut b = board_of(&design, "pinterest", 4_000);
        b.auto_failover = Some(false);
        b.faults = vec!["master_down".into()];
        assert!(master_killed_without_failover(&Snapshot::Board(b.clone())));
        b.faults.clear();
        assert!(!master_killed_without_failover(&Snapshot::Board(b)));
    }

    #[test]
    fn choices_need_the_right_option_and_the_state() {
        let check = Check::Choice {
            options: &[("a", "why a"), ("b", "why b")],
            correct: 1,
            needs: Some(three_owners_after_kill),
        };
        let r = Snapshot::Ring(RingSnapshot {
            scheme: SchemeKind::Ring,
            replicas: 3,
            killed: vec![1],
            min_distinct_owners: Some(3),
            ..RingSnapshot::default()
        });
        assert_eq!(judge(&check, Some(&r), "1"), Verdict::Done);
        assert!(matches!(judge(&check, Some(&r), "0"), Verdict::NotYet(_)));
        assert!(matches!(judge(&check, Some(&r), "7"), Verdict::NotYet(_)));
        assert!(matches!(judge(&check, None, "1"), Verdict::NotYet(_)));
        // The right option before its state waits for it; a wrong one, or one with no state to
        // wait for, does not.
        assert!(waits_for_state(&check, "1"));
        assert!(!waits_for_state(&check, "0"));
        assert!(!waits_for_state(&check, "x"));
        let free = Check::Choice {
            options: &[("a", "why a"), ("b", "why b")],
            correct: 1,
            needs: None,
        };
        assert!(!waits_for_state(&free, "1"));
        assert!(!state_done(&check, Some(&r), true));
        assert!(state_done(
            &Check::State(three_owners_after_kill),
            Some(&r),
            false
        ));
    }
}
