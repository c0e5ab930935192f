//! The Ring's statistics as sliced jobs: the keys a change moves and the load per server, counted
//! over the state's keys by the core's `MovementRun` (a directory pins its keys first, with
//! `DirectoryChange`; bounded loads assigns them in arrival order, `BoundedMovementRun`). [`use_measurement`] starts them whenever what they count changes, in a
//! task of their own and once the keys' flight has landed ([`super::landing`]), so neither the
//! change's task nor the flight's frames carry their slices.

use std::rc::Rc;

use shardlab_core::placement::{
    BoundedMovementRun, BoxedPlacement, DirectoryChange, MovementResult, MovementRun,
    PlacementError, SchemeSpec, Server, ServerList,
};
use shardlab_core::stepped::{Progress, Stepped};
use yew::prelude::*;

use super::landing::after_landing;
use super::state::{bounded_pair, build_pair, RingState};
use crate::jobs::hook::use_stepped_job;
use crate::jobs::slicer::{self, Ticket};

/// A movement experiment so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    pub progress: Progress,
    pub result: MovementResult,
    /// What the last change was, in words ("added S4", "killed S1"); `None` before any change.
    pub change: Option<String>,
    /// Whether the scheme places by weight, so a server's fair share is its weight's.
    pub weighted: bool,
}

/// What [`use_measurement`] has so far.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Measurement {
    /// The count so far (or the last state's, marked as being recounted, until the first slice).
    pub measured: Option<Rc<Measured>>,
    /// How far a directory has got pinning the keys, while it still is (counting starts after).
    pub pinning: Option<Progress>,
    /// Why the numbers could not be measured, if they could not.
    pub error: Option<String>,
}

/// The last change in words: "added S4", "killed S1", "set S2's weight to 3".
pub fn describe_change(before: &[Server], after: &[Server]) -> String {
    let added: Vec<String> = after
        .iter()
        .filter(|s| before.iter().all(|b| b.id != s.id))
        .map(|s| format!("S{}", s.id.0))
        .collect();
    let removed: Vec<String> = before
        .iter()
        .filter(|b| after.iter().all(|s| s.id != b.id))
        .map(|s| format!("S{}", s.id.0))
        .collect();
    let reweighted: Vec<String> = after
        .iter()
        .filter_map(|s| {
            let b = before.iter().find(|b| b.id == s.id)?;
            (b.weight != s.weight).then(|| format!("set S{}'s weight to {}", s.id.0, s.weight))
        })
        .collect();
    let mut parts = Vec::new();
    if !added.is_empty() {
        parts.push(format!("added {}", added.join(", ")));
    }
    if !removed.is_empty() {
        parts.push(format!("killed {}", removed.join(", ")));
    }
    parts.extend(reweighted);
    if parts.is_empty() {
        "changed nothing".to_owned()
    } else if before.len() == after.len() {
        // A weight change keeps the count: "(4 → 4 servers)" would say nothing.
        parts.join(" and ")
    } else {
        format!(
            "{} ({} → {} servers)",
            parts.join(" and "),
            before.len(),
            after.len()
        )
    }
}

/// Counts the moved keys and the load of `state` (nothing for `None`), restarting whenever what
/// they count changes.
#[hook]
pub fn use_measurement(state: Option<RingState>) -> Measurement {
    let measured = use_state(|| None::<Rc<Measured>>);
    let pinning = use_state(|| None::<Progress>);
    let error = use_state(|| None::<String>);
    let key = state.as_ref().map(|s| s.placement_inputs(s.keys));
    let out = Outlets {
        measured: measured.setter(),
        pinning: pinning.setter(),
        error: error.setter(),
    };
    {
        let shown = (*measured).clone();
        let stale = out.measured.clone();
        let keys = state.as_ref().map_or(0, |s| s.keys);
        use_effect_with(key.clone(), move |_| {
            // Until the new count's first slice lands, the numbers on screen belong to the
            // previous state: mark them as being recounted, so no one reads them as current.
            if let Some(old) = shown.as_deref() {
                stale.set(Some(Rc::new(Measured {
                    progress: Progress::start(keys),
                    ..old.clone()
                })));
            }
        });
    }
    // Building the schemes and counting wait for the keys' flight to land, so the change's task
    // stays short and the animation gets every frame.
    use_stepped_job(key, 0, move |ticket| {
        after_landing(move || {
            if let (Some(s), true) = (state, ticket.is_current()) {
                start_job(&s, ticket, out);
            }
        });
    });
    Measurement {
        measured: (*measured).clone(),
        pinning: *pinning,
        error: (*error).clone(),
    }
}

/// Where the statistics publish.
#[derive(Clone)]
struct Outlets {
    measured: UseStateSetter<Option<Rc<Measured>>>,
    pinning: UseStateSetter<Option<Progress>>,
    error: UseStateSetter<Option<String>>,
}

/// Starts the statistics of `state` as sliced jobs: for a directory, pinning every key, then
/// (from the task that finishes the pinning) counting the moved keys.
fn start_job(state: &RingState, ticket: Ticket, out: Outlets) {
    let change = state
        .previous
        .as_ref()
        .map(|p| describe_change(p, &state.servers));
    let (keys, seed) = (state.keys, state.seed);
    let weighted = state.scheme.uses_weights();
    match pinning_job(state) {
        Some(Ok(pinning)) => {
            let shown = out.pinning.clone();
            let counting = ticket.clone();
            slicer::run(
                pinning,
                ticket,
                move |_: &DirectoryChange, progress| shown.set(Some(progress)),
                move |(before, after)| {
                    out.pinning.set(None);
                    let before: BoxedPlacement = Box::new(before);
                    let after: BoxedPlacement = Box::new(after);
                    count(
                        MovementRun::new(before, after, keys, seed),
                        MovementRun::result,
                        counting,
                        (change, weighted),
                        out,
                    );
                },
            );
        }
        Some(Err(e)) => fail(&out, &e),
        None => match bounded_pair(state) {
            Some(pair) => count(
                pair.and_then(|(before, after)| {
                    BoundedMovementRun::owned(before, after, keys, seed)
                }),
                BoundedMovementRun::result,
                ticket,
                (change, weighted),
                out,
            ),
            None => count(
                build_pair(state, keys)
                    .and_then(|(before, after)| MovementRun::new(before, after, keys, seed)),
                MovementRun::result,
                ticket,
                (change, weighted),
                out,
            ),
        },
    }
}

/// Counts the keys a change moves, showing the count so far as it goes. `told` is the change in
/// words and whether the scheme places by weight, which the count carries for its reader.
fn count<J: Stepped<Output = MovementResult> + 'static>(
    run: Result<J, PlacementError>,
    result_of: fn(&J) -> MovementResult,
    ticket: Ticket,
    told: (Option<String>, bool),
    out: Outlets,
) {
    let (change, weighted) = told;
    let run = match run {
        Ok(run) => run,
        Err(e) => return fail(&out, &e),
    };
    let (shown, shown_change) = (out.clone(), change.clone());
    slicer::run(
        run,
        ticket,
        move |run: &J, progress| {
            shown.error.set(None);
            shown.measured.set(Some(Rc::new(Measured {
                progress,
                result: result_of(run),
                change: shown_change.clone(),
                weighted,
            })));
        },
        move |result| {
            out.error.set(None);
            out.measured.set(Some(Rc::new(Measured {
                progress: Progress {
                    done: result.keys,
                    total: result.keys,
                },
                result,
                change,
                weighted,
            })));
        },
    );
}

/// Says why the statistics could not be measured.
fn fail(out: &Outlets, e: &PlacementError) {
    out.measured.set(None);
    out.pinning.set(None);
    out.error.set(Some(format!("Could not measure: {e}.")));
}

/// A directory's pinning job over the state's keys; `None` for the other schemes.
fn pinning_job(state: &RingState) -> Option<Result<DirectoryChange, PlacementError>> {
    let SchemeSpec::Directory { default } = state.spec() else {
        return None;
    };
    let lists = ServerList::new(state.servers.clone()).and_then(|after| {
        let before = match &state.previous {
            Some(list) => ServerList::new(list.clone())?,
            None => after.clone(),
        };
        Ok((before, after))
    });
    Some(lists.map(|(before, after)| {
        DirectoryChange::new(before, after, default, state.keys.max(1), state.seed)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_described_in_words() {
        let four: Vec<Server> = (0..4).map(Server::new).collect();
        let mut five = four.clone();
        five.push(Server::new(4));
        assert_eq!(describe_change(&four, &five), "added S4 (4 → 5 servers)");
        assert_eq!(describe_change(&five, &four), "killed S4 (5 → 4 servers)");
        let mut heavier = four.clone();
        if let Some(s) = heavier.get_mut(2) {
            s.weight = 3;
        }
        // A weight change keeps the count, so the count is not repeated (issue 19).
        assert_eq!(describe_change(&four, &heavier), "set S2's weight to 3");
        assert_eq!(describe_change(&four, &four), "changed nothing");
    }
}
