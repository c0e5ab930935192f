//! The Ring page itself: its state, its address-bar sync and its layout.

use super::*;
use crate::jobs::hook::use_stepped_job;
use crate::jobs::slicer::{self, Ticket};
use crate::shell::share_bar::ShareBar;
use crate::url::url_state_hook::{use_url_state, UrlCodec};
use std::rc::Rc;

use shardlab_core::placement::{
    choose_replicas, key_hash, BoxedPlacement, DirectoryChange, KeyStream, MovementRun,
    PlacementError, Range, ReplicaShortfall, RingTrace, SchemeKind, SchemeSpec, Server, ServerList,
    WalkOutcome,
};
use shardlab_core::stepped::Progress;
use shardlab_core::text::quote;
use yew::prelude::*;

use crate::route::View;
use lookup_steps::Step;
use ring_drawing::{Dot, Scene, Span};
use state::{build_now, build_pair, ring_of, Action, RingState};
use stats::Measured;

/// How long counting waits for the moved keys to land (`--rv-flight` in www/ring.css is 600 ms).
const ANIMATION_MS: u32 = 620;

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
    } else {
        format!(
            "{} ({} → {} servers)",
            parts.join(" and "),
            before.len(),
            after.len()
        )
    }
}

/// What the drawing shows: the ring's ticks and band (or the range's band), and the drawn keys.
fn scene(state: &RingState) -> Scene {
    let Ok((before, after)) = build_pair(state, state.sample) else {
        return Scene::default();
    };
    let dots = KeyStream::new(state.seed)
        .take_keys(state.sample)
        .map(|key| {
            let owner = after.locate(key);
            let was = if state.previous.is_some() {
                before.locate(key)
            } else {
                owner
            };
            Dot {
                key,
                owner: owner.0,
                was: was.0,
                moved: was != owner,
            }
        })
        .collect();
    let list = ServerList::new(state.servers.clone()).ok();
    let mut scene = Scene {
        dots,
        ..Scene::default()
    };
    match state.scheme {
        SchemeKind::Ring => {
            if let Ok(ring) = ring_of(&state.servers, state.vnodes) {
                // Thinned and bounded here, once per ring, not on every render of the drawing.
                let stride = ring.vnode_count().div_ceil(ring_drawing::MAX_TICKS).max(1);
                scene.ticks = ring
                    .vnodes()
                    .step_by(stride)
                    .map(|v| (v.point, v.server.0))
                    .collect();
                // Each vnode owns the arc from the point before it; built from the points
                // directly, since `Ring::arcs` also measures each arc, 640,000 times at the limit.
                let mut previous = ring.points().last().copied().unwrap_or(0);
                let spans: Vec<Span> = ring
                    .points()
                    .iter()
                    .zip(ring.owners())
                    .map(|(&point, owner)| {
                        let start = std::mem::replace(&mut previous, point);
                        Span {
                            start,
                            end: point,
                            server: owner.0,
                        }
                    })
                    .collect();
                scene.spans = ring_drawing::drawn_bands(&spans, ring_drawing::MAX_BANDS);
            }
        }
        SchemeKind::Range => {
            if let Some(list) = list {
                scene.spans = Range::even(list)
                    .spans()
                    .iter()
                    .map(|s| Span {
                        start: s.start,
                        end: s.end.wrapping_add(1),
                        server: s.server.0,
                    })
                    .collect();
            }
        }
        // These draw their own picture beside the ring, which shows only their keys.
        SchemeKind::Mod
        | SchemeKind::Jump
        | SchemeKind::Rendezvous
        | SchemeKind::Directory
        | SchemeKind::IdEncoded => {}
    }
    scene
}

/// The lookup: its steps, the distinct owners, and a note when the scheme names only one owner.
fn lookup(
    state: &RingState,
    hash: u64,
    placement: Option<&BoxedPlacement>,
) -> (Vec<Step>, Vec<u32>, Option<String>) {
    let mut steps = vec![Step {
        text: format!("Hash the key {}: h = {hash}.", quote(&state.key)),
        vnode: None,
        server: None,
    }];
    let Some(placement) = placement else {
        return (steps, Vec::new(), None);
    };
    let choice = choose_replicas(placement, hash, state.replicas);
    match state.scheme {
        SchemeKind::Ring => {
            let Some(trace) = ring_of(&state.servers, state.vnodes)
                .ok()
                .and_then(|ring| ring.trace(hash, state.replicas).ok())
            else {
                return (steps, Vec::new(), None);
            };
            steps.extend(walk_steps(hash, &trace));
        }
        SchemeKind::Mod
        | SchemeKind::Jump
        | SchemeKind::Rendezvous
        | SchemeKind::Range
        | SchemeKind::Directory
        | SchemeKind::IdEncoded => {
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
    let note = choice.shortfall.map(|shortfall| match shortfall {
        ReplicaShortfall::FewerServers { servers } => format!(
            "Only {servers} servers exist, so R = {} finds {}.",
            choice.asked,
            choice.owners.len()
        ),
        ReplicaShortfall::OneOwnerOnly => "This scheme names one owner per key; for R distinct replicas switch to the ring (or rendezvous).".to_owned(),
    });
    (steps, choice.owners.iter().map(|id| id.0).collect(), note)
}

/// The ring's lookup after the hash, in words: where the key lands and each vnode the walk meets.
fn walk_steps(hash: u64, trace: &RingTrace) -> Vec<Step> {
    let turn = ring_drawing::turn_of(hash) * 100.0;
    let mut steps = vec![Step {
        text: format!(
            "Place it on the ring: h is {turn:.2} % of the way round from 0.{}",
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
        let at = ring_drawing::turn_of(walk.vnode.point) * 100.0;
        let id = walk.vnode.server.0;
        let text = match walk.outcome {
            WalkOutcome::Chosen => {
                chosen = chosen.saturating_add(1);
                if chosen == 1 {
                    format!(
                        "Walk clockwise to vnode {} at {at:.2} %: S{id} owns the key.",
                        walk.vnode.index
                    )
                } else {
                    format!(
                        "Keep walking: vnode {} at {at:.2} % is S{id}, new, so replica {chosen}.",
                        walk.vnode.index
                    )
                }
            }
            WalkOutcome::SkippedSameServer => format!(
                "Vnode {} at {at:.2} % is S{id} again: skip it, replicas go on different machines.",
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
                        counting,
                        change,
                        out,
                    );
                },
            );
        }
        Some(Err(e)) => fail(&out, &e),
        None => count(
            build_pair(state, keys)
                .and_then(|(before, after)| MovementRun::new(before, after, keys, seed)),
            ticket,
            change,
            out,
        ),
    }
}

/// Counts the keys a change moves, showing the count so far as it goes.
fn count(
    run: Result<MovementRun<BoxedPlacement, BoxedPlacement>, PlacementError>,
    ticket: Ticket,
    change: Option<String>,
    out: Outlets,
) {
    let run = match run {
        Ok(run) => run,
        Err(e) => return fail(&out, &e),
    };
    let (shown, shown_change) = (out.clone(), change.clone());
    slicer::run(
        run,
        ticket,
        move |run: &MovementRun<BoxedPlacement, BoxedPlacement>, progress| {
            shown.error.set(None);
            shown.measured.set(Some(Rc::new(Measured {
                progress,
                result: run.result(),
                change: shown_change.clone(),
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

/// The Ring page.
#[function_component(RingView)]
pub fn ring_view() -> Html {
    let url = use_url_state(UrlCodec::new(
        View::Ring,
        url_state::encode,
        url_state::decode,
        |s| Action::Restore(Box::new(s)),
    ));
    let state = url.state.clone();
    let dispatch = {
        let state = state.clone();
        Callback::from(move |action: Action| state.dispatch(action))
    };

    // The statistics, streamed.
    let measured = use_state(|| None::<Rc<Measured>>);
    let pinning = use_state(|| None::<Progress>);
    let stats_error = use_state(|| None::<String>);
    {
        let key = (
            state.scheme,
            state.servers.clone(),
            state.previous.clone(),
            state.vnodes,
            state.keys,
            state.seed,
        );
        let out = Outlets {
            measured: measured.setter(),
            pinning: pinning.setter(),
            error: stats_error.setter(),
        };
        let shown = (*measured).clone();
        let stale = out.measured.clone();
        let keys = state.keys;
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
        // Building the schemes and counting wait for the keys' flight to end, so the click's
        // task stays short and the animation gets every frame.
        let s = (*state).clone();
        use_stepped_job(key, ANIMATION_MS, move |ticket| start_job(&s, ticket, out));
    }

    // The first render shows the page without its costly parts (the drawn keys and ticks, the
    // comparison plots), so it paints at once; they follow in a task of their own after it.
    let painted = use_state(|| false);
    {
        let painted = painted.setter();
        use_effect_with((), move |_| slicer::after_paint(move || painted.set(true)));
    }
    let scene = {
        let s = (*state).clone();
        let painted = *painted;
        use_memo(
            (
                painted,
                state.scheme,
                state.servers.clone(),
                state.previous.clone(),
                state.vnodes,
                state.sample,
                state.seed,
            ),
            move |_| Rc::new(if painted { scene(&s) } else { Scene::default() }),
        )
    };
    let hash = key_hash(&state.key);
    // The lookup builds the scheme (a ring of up to 64,000 vnodes): once per change of what it
    // reads, not on every streamed re-render.
    let looked_up = {
        let s = (*state).clone();
        use_memo(
            (
                state.scheme,
                state.servers.clone(),
                state.vnodes,
                state.key.clone(),
                state.replicas,
            ),
            move |_| {
                let placement = build_now(&s).ok();
                lookup(&s, key_hash(&s.key), placement.as_ref())
            },
        )
    };
    let (steps, replicas, replicas_note) = (*looked_up).clone();
    let step = state.step.min(steps.len().saturating_sub(1));
    let walked: Vec<(u64, bool)> = steps
        .iter()
        .take(step.saturating_add(1))
        .filter_map(|s| s.vnode)
        .collect();
    let moved_drawn = scene.dots.iter().filter(|d| d.moved).count();
    let summary = format!(
        "{} with {} servers and {} drawn keys{}.",
        state.scheme.label(),
        state.servers.len(),
        scene.dots.len(),
        if state.previous.is_some() {
            format!(
                "; {moved_drawn} of them changed owner in the last change and are outlined in red"
            )
        } else {
            String::new()
        }
    );
    let loads: Vec<u64> = measured
        .as_ref()
        .map(|m| {
            m.result
                .load_after
                .per_server
                .iter()
                .map(|s| s.keys)
                .collect()
        })
        .unwrap_or_default();
    let picture = match state.scheme {
        SchemeKind::Ring => html! {
            <p>{ format!("{} vnodes per unit of weight: each server's ticks are its points on the ring; \
                          the band shows who owns each stretch.", state.vnodes) }</p>
        },
        SchemeKind::Mod => html! {
            { buckets::buckets(&buckets::BucketsProps { rule: buckets::BucketRule::Modulo, servers: state.servers.clone(), loads, key_hash: hash }) }
        },
        SchemeKind::Jump => html! {
            { buckets::buckets(&buckets::BucketsProps { rule: buckets::BucketRule::Jump, servers: state.servers.clone(), loads, key_hash: hash }) }
        },
        SchemeKind::Rendezvous => html! {
            { scores::scores(&scores::ScoresProps { servers: state.servers.clone(), key_hash: hash, replicas: state.replicas }) }
        },
        SchemeKind::Range => ranges::ranges(&ranges::RangesProps {
            servers: state.servers.clone(),
            key_hash: hash,
        }),
        SchemeKind::Directory => html! {
            { directory_table::directory_table(&directory_table::DirectoryTableProps {
                servers: state.servers.clone(), previous: state.previous.clone(), seed: state.seed }) }
        },
        SchemeKind::IdEncoded => html! {
            { id_bits::id_bits(&id_bits::IdBitsProps { servers: state.servers.clone(), previous: state.previous.clone(), key_hash: hash }) }
        },
    };
    let final_load = measured
        .as_ref()
        .filter(|m| m.progress.is_done())
        .map(|m| Rc::new(m.result.load_after.clone()));
    let lookup_html = lookup_steps::use_lookup_steps(&lookup_steps::LookupStepsProps {
        key_text: state.key.clone(),
        key_hash: hash,
        steps,
        step,
        replicas,
        replicas_note,
        dispatch: dispatch.clone(),
    });
    let dismiss = dispatch.reform(|_: MouseEvent| Action::DismissNotes);
    let snapshot_attr = snapshot::use_attr(&state, measured.as_deref());
    html! {
        <div class="page ring-view" data-shardlab-snapshot={snapshot_attr}>
            <h1>{ "Ring" }</h1>
            <p class="lead">
                { "Hash each key to a point on a circle and walk clockwise to the first server. Add a server: \
                   on the ring about one key in five moves, under hash mod N four in five. The red keys are the ones that moved." }
            </p>
            <ShareBar view={View::Ring} query={url.encoded.clone()} />
            if !state.notes.is_empty() {
                <div class="note" role="status">
                    { for state.notes.iter().map(|n| html! { <p>{ n.clone() }</p> }) }
                    <button type="button" onclick={dismiss}>{ "Dismiss" }</button>
                </div>
            }
            { scheme_picker::scheme_picker(&scheme_picker::SchemePickerProps { scheme: state.scheme, dispatch: dispatch.clone() }) }
            <div class="rv-grid">
                <figure class="panel rv-figure">
                    { ring_drawing::ring_drawing(&ring_drawing::RingDrawingProps { scene: (*scene).clone(),
                        key_point: (step >= 1).then_some(hash), walked, summary: summary.clone() }) }
                    <figcaption>
                        <p>{ format!("{} drawn keys. ", scene.dots.len()) }
                            if state.previous.is_some() {
                                <span data-testid="moved-drawn">{ format!("{moved_drawn} of them moved (red, inner circle).") }</span>
                            }
                        </p>
                    </figcaption>
                </figure>
                <div class="rv-side">
                    { stats::stats(&stats::StatsProps { measured: (*measured).clone(), pinning: *pinning, error: (*stats_error).clone() }) }
                    { server_list::server_list(&server_list::ServerListProps { servers: state.servers.clone(),
                        vnodes: state.scheme.uses_vnodes().then_some(state.vnodes),
                        weighted: state.scheme.uses_weights(),
                        changed: state.previous.is_some(), error: state.field_error.clone(), dispatch: dispatch.clone() }) }
                </div>
                <section class="panel rv-scheme-picture" aria-labelledby="rv-picture-title">
                    <h2 id="rv-picture-title">{ format!("Inside {}", state.scheme.label()) }</h2>
                    { picture }
                </section>
                { lookup_html }
                <to_decoder::ToDecoder key_hash={hash} />
                { settings::settings(&settings::SettingsProps { vnodes: state.vnodes, replicas: state.replicas, keys: state.keys,
                    sample: state.sample, seed: state.seed, ring: state.scheme.uses_vnodes(),
                    error: state.field_error.clone(), dispatch: dispatch.clone() }) }
                if *painted {
                    <comparisons::Comparisons load={final_load} servers={state.servers.len() as u32}
                        vnodes={state.vnodes} seed={state.seed} />
                } else {
                    <section class="panel rv-comparisons" aria-labelledby="rv-comparisons-title">
                        <h2 id="rv-comparisons-title">{ "Comparisons" }</h2>
                        <p class="rv-progress">{ "Preparing the plots…" }</p>
                    </section>
                }
            </div>
        </div>
    }
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
    }

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
}
