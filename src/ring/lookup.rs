//! One key's lookup in words: the hash, then for the ring each vnode the clockwise walk meets (from
//! the core's `Ring::trace`), or the rule that names the owner; and the replicas it gets
//! (`choose_replicas`), with a note when the scheme names fewer than asked.

use std::rc::Rc;

use shardlab_core::placement::{
    choose_replicas, key_hash, BoxedPlacement, ReplicaRule, ReplicaShortfall, RingTrace,
    WalkOutcome,
};
use shardlab_core::text::quote;
use yew::prelude::*;

use super::lookup_steps::Step;
use super::ring_drawing;
use super::state::{build_now, ring_of, RingState};

/// A looked-up key: the steps, the distinct owners (owner first) and the note, if any.
pub type LookedUp = (Vec<Step>, Vec<u32>, Option<String>);

/// The lookup of the state's key. It builds the scheme (a ring of up to 64,000 vnodes): once per
/// change of what it reads, not on every streamed re-render.
#[hook]
pub fn use_looked_up(state: &RingState) -> Rc<LookedUp> {
    let s = state.clone();
    // The spec carries every setting the scheme reads (vnodes, table size, probes), and only those.
    let deps = (
        state.spec(),
        state.servers.clone(),
        state.key.clone(),
        state.replicas,
    );
    use_memo(deps, move |_| {
        let placement = build_now(&s).ok();
        lookup(&s, key_hash(&s.key), placement.as_ref())
    })
}

/// The lookup: its steps, the distinct owners, and a note when the scheme names only one owner.
pub fn lookup(state: &RingState, hash: u64, placement: Option<&BoxedPlacement>) -> LookedUp {
    let mut steps = vec![Step {
        text: format!("Hash the key {}: h = {hash}.", quote(&state.key)),
        vnode: None,
        server: None,
    }];
    let Some(placement) = placement else {
        return (steps, Vec::new(), None);
    };
    let choice = choose_replicas(placement, hash, state.replicas);
    // A scheme whose replicas are a walk round the ring has that walk to show; the others
    // name their owner by a rule.
    match state.scheme.replicas() {
        ReplicaRule::DistinctWalk => {
            let Some(trace) = ring_of(&state.servers, state.vnodes)
                .ok()
                .and_then(|ring| ring.trace(hash, state.replicas).ok())
            else {
                return (steps, Vec::new(), None);
            };
            steps.extend(walk_steps(hash, &trace));
        }
        ReplicaRule::Ranked | ReplicaRule::OneOwner => {
            let owner = placement.locate(hash).0;
            steps.push(Step {
                text: format!(
                    "Apply the rule of {}: S{owner} owns the key.",
                    state.scheme.label()
                ),
                vnode: None,
                server: Some(owner),
            });
        }
    }
    let shortfall = choice.shortfall.map(|shortfall| match shortfall {
        ReplicaShortfall::FewerServers { servers } => format!(
            "Only {servers} servers exist, so R = {} finds {}.",
            choice.asked,
            choice.owners.len()
        ),
        ReplicaShortfall::OneOwnerOnly => "This scheme names one owner per key; for R distinct replicas switch to the ring (or rendezvous).".to_owned(),
    });
    // A capped scheme's walk is the owner with no load; the key's place under load depends on
    // the keys before it, which the scheme's picture shows.
    let capped = state.scheme.uses_load_factor().then(|| {
        "This is the walk with no load. After the counted keys the owner may be full, and the key \
         walks on to the next server with room, as the scheme's picture shows."
            .to_owned()
    });
    let note = match (shortfall, capped) {
        (Some(a), Some(b)) => Some(format!("{a} {b}")),
        (a, b) => a.or(b),
    };
    (steps, choice.owners.iter().map(|id| id.0).collect(), note)
}

/// The ring's lookup after the hash, in words: where the key lands and each vnode the walk meets.
fn walk_steps(hash: u64, trace: &RingTrace) -> Vec<Step> {
    let turn = ring_drawing::percent_of_circle(hash);
    let mut steps = vec![Step {
        text: format!(
            "Place it on the ring: h is {turn} of the way round from 0.{}",
            if trace.wrapped {
                " No vnode lies after it, so the walk wraps to the top."
            } else {
                ""
            }
        ),
        vnode: None,
        server: None,
    }];
    let mut chosen: u32 = 0;
    for walk in &trace.walk {
        let at = ring_drawing::percent_of_circle(walk.vnode.point);
        let id = walk.vnode.server.0;
        let text = match walk.outcome {
            WalkOutcome::Chosen => {
                chosen = chosen.saturating_add(1);
                if chosen == 1 {
                    format!(
                        "Walk clockwise to S{id}'s vnode {} at {at}: S{id} owns the key.",
                        walk.vnode.index
                    )
                } else {
                    format!(
                        "Keep walking: S{id}'s vnode {} at {at} is a server not chosen yet, so replica {chosen}.",
                        walk.vnode.index
                    )
                }
            }
            WalkOutcome::SkippedSameServer => format!(
                "S{id}'s vnode {} at {at} is S{id} again: skip it, replicas go on different machines.",
                walk.vnode.index
            ),
        };
        steps.push(Step {
            text,
            vnode: Some((walk.vnode.point, walk.outcome == WalkOutcome::Chosen)),
            server: Some(id),
        });
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_lookup_finds_three_distinct_owners() {
        let state = RingState::default();
        let placement = build_now(&state).ok();
        let (_, replicas, note) = lookup(&state, key_hash(&state.key), placement.as_ref());
        assert_eq!(note, None);
        let mut distinct = replicas.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 3);
    }

    #[test]
    fn each_step_names_the_vnode_by_its_server() {
        // Vnode numbers count within a server, so "vnode 70" alone could be S0's or S1's.
        let state = RingState::default();
        let placement = build_now(&state).ok();
        let (steps, _, _) = lookup(&state, key_hash(&state.key), placement.as_ref());
        let walked: Vec<&Step> = steps.iter().filter(|s| s.vnode.is_some()).collect();
        assert!(walked.len() >= 3, "{} steps", walked.len());
        for step in walked {
            let id = step.server.unwrap_or(u32::MAX);
            assert!(step.text.contains(&format!("S{id}'s vnode")), "{}", step.text);
        }
    }
}
