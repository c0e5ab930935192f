//! The Ring page itself: its state, its address-bar sync and its layout.

use super::*;
use crate::components::share_bar::ShareBar;
use crate::components::url_state_hook::{use_url_state, UrlCodec};
use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use shardlab_core::placement::{
    key_hash, BoxedPlacement, KeyStream, MovementRun, Progress, Range, Rendezvous, Ring, Server,
    ServerList, WalkOutcome,
};
use yew::prelude::*;

use crate::route::View;
use lookup_steps::Step;
use ring_drawing::{Dot, Scene, Span};
use state::{build_now, build_pair, scheme_label, Action, RingState};
use stats::Measured;

/// Keys per slice when a slice starts; the pump doubles or halves it to stay near [`SLICE_MS`].
const FIRST_SLICE: u64 = 20_000;
/// How long counting waits for the moved keys to land (`--rv-flight` in www/ring.css is 600 ms).
const ANIMATION_MS: u32 = 620;
/// The time one slice of statistics may take.
const SLICE_MS: f64 = 12.0;

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
    match (state.scheme, list) {
        ("ring", Some(list)) => {
            if let Ok(ring) = Ring::new(list, state.vnodes) {
                scene.ticks = ring.vnodes().map(|v| (v.point, v.server.0)).collect();
                scene.spans = ring
                    .arcs()
                    .iter()
                    .map(|a| Span {
                        start: a.start,
                        end: a.end,
                        server: a.server.0,
                    })
                    .collect();
            }
        }
        ("range", Some(list)) => {
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
        _ => {}
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
        text: format!("Hash the key \"{}\": h = {hash}.", state.key),
        vnode: None,
        server: None,
    }];
    let turn = ring_drawing::turn_of(hash) * 100.0;
    let list = ServerList::new(state.servers.clone()).ok();
    if state.scheme == "ring" {
        let Some(trace) = list
            .and_then(|l| Ring::new(l, state.vnodes).ok())
            .and_then(|ring| ring.trace(hash, state.replicas).ok())
        else {
            return (steps, Vec::new(), None);
        };
        steps.push(Step {
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
        });
        let mut chosen = 0;
        for walk in &trace.walk {
            let at = ring_drawing::turn_of(walk.vnode.point) * 100.0;
            let id = walk.vnode.server.0;
            let text = match walk.outcome {
                WalkOutcome::Chosen => {
                    chosen += 1;
                    if chosen == 1 {
                        format!("Walk clockwise to vnode {} at {at:.2} %: S{id} owns the key.", walk.vnode.index)
                    } else {
                        format!("Keep walking: vnode {} at {at:.2} % is S{id}, new, so replica {chosen}.", walk.vnode.index)
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
        let replicas: Vec<u32> = trace.replicas.iter().map(|s| s.0).collect();
        let note = (replicas.len() < state.replicas as usize).then(|| {
            format!(
                "Only {} servers exist, so R = {} finds {}.",
                state.servers.len(),
                state.replicas,
                replicas.len()
            )
        });
        return (steps, replicas, note);
    }
    let Some(placement) = placement else {
        return (steps, Vec::new(), None);
    };
    let owner = placement.locate(hash).0;
    steps.push(Step {
        text: format!(
            "Apply the rule of {}: S{owner} owns the key.",
            scheme_label(state.scheme)
        ),
        vnode: None,
        server: Some(owner),
    });
    if state.scheme == "rendezvous" {
        if let Some(list) = list {
            let replicas: Vec<u32> = Rendezvous::new(list)
                .scores(hash)
                .iter()
                .take(state.replicas as usize)
                .map(|s| s.server.0)
                .collect();
            return (steps, replicas, None);
        }
    }
    (
        steps,
        vec![owner],
        (state.replicas > 1).then(|| {
            "This scheme names one owner per key; for R distinct replicas switch to the ring (or rendezvous)."
                .to_owned()
        }),
    )
}

/// Steps a movement experiment in time-boxed slices until it is done or a newer one starts.
fn pump(
    run: Rc<RefCell<MovementRun<BoxedPlacement, BoxedPlacement>>>,
    generation: Rc<RefCell<u64>>,
    mine: u64,
    slice: u64,
    change: Option<String>,
    set: UseStateSetter<Option<Rc<Measured>>>,
) {
    if *generation.borrow() != mine {
        return;
    }
    let started = js_sys::Date::now();
    let (done, snapshot) = {
        let mut r = run.borrow_mut();
        r.step(slice);
        (
            r.is_done(),
            Measured {
                progress: r.progress(),
                result: r.result(),
                change: change.clone(),
            },
        )
    };
    let elapsed = js_sys::Date::now() - started;
    set.set(Some(Rc::new(snapshot)));
    if !done {
        let next = if elapsed < SLICE_MS / 2.0 {
            slice.saturating_mul(2).min(1_000_000)
        } else if elapsed > SLICE_MS * 2.0 {
            (slice / 2).max(1_000)
        } else {
            slice
        };
        Timeout::new(0, move || pump(run, generation, mine, next, change, set)).forget();
    }
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
    let stats_error = use_state(|| None::<String>);
    let generation = use_mut_ref(|| 0u64);
    {
        let key = (
            state.scheme,
            state.servers.clone(),
            state.previous.clone(),
            state.vnodes,
            state.keys,
            state.seed,
        );
        let set = measured.setter();
        let shown = (*measured).clone();
        let set_error = stats_error.setter();
        let generation = generation.clone();
        let s = (*state).clone();
        use_effect_with(key, move |_| {
            *generation.borrow_mut() += 1;
            let mine = *generation.borrow();
            let change = s.previous.as_ref().map(|p| describe_change(p, &s.servers));
            match build_pair(&s, s.keys)
                .and_then(|(before, after)| MovementRun::new(before, after, s.keys, s.seed))
            {
                Ok(run) => {
                    set_error.set(None);
                    // Until the new count's first slice lands, the numbers on screen belong to the
                    // previous state: mark them as being recounted, so no one reads them as current.
                    if let Some(old) = shown.as_deref() {
                        set.set(Some(Rc::new(Measured {
                            progress: Progress {
                                done: 0,
                                total: s.keys,
                            },
                            ..old.clone()
                        })));
                    }
                    // Counting waits for the keys' flight to end, so the animation gets every frame.
                    let generation = generation.clone();
                    Timeout::new(ANIMATION_MS, move || {
                        pump(
                            Rc::new(RefCell::new(run)),
                            generation,
                            mine,
                            FIRST_SLICE,
                            change,
                            set,
                        );
                    })
                    .forget();
                }
                Err(e) => {
                    set.set(None);
                    set_error.set(Some(format!("Could not measure: {e}.")));
                }
            }
            move || *generation.borrow_mut() += 1
        });
    }

    let scene = {
        let s = (*state).clone();
        use_memo(
            (
                state.scheme,
                state.servers.clone(),
                state.previous.clone(),
                state.vnodes,
                state.sample,
                state.seed,
            ),
            move |_| Rc::new(scene(&s)),
        )
    };
    let placement = build_now(&state).ok();
    let hash = key_hash(&state.key);
    let (steps, replicas, replicas_note) = lookup(&state, hash, placement.as_ref());
    let step = state.step.min(steps.len().saturating_sub(1));
    let walked: Vec<(u64, bool)> = steps
        .iter()
        .take(step + 1)
        .filter_map(|s| s.vnode)
        .collect();
    let moved_drawn = scene.dots.iter().filter(|d| d.moved).count();
    let summary = format!(
        "{} with {} servers and {} drawn keys{}.",
        scheme_label(state.scheme),
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
        "mod" | "jump" => html! {
            { buckets::buckets(&buckets::BucketsProps { scheme: state.scheme, servers: state.servers.clone(), loads, key_hash: hash }) }
        },
        "rendezvous" => html! {
            { scores::scores(&scores::ScoresProps { servers: state.servers.clone(), key_hash: hash, replicas: state.replicas }) }
        },
        "range" => ranges::ranges(&ranges::RangesProps {
            servers: state.servers.clone(),
            key_hash: hash,
        }),
        "directory" => html! {
            { directory_table::directory_table(&directory_table::DirectoryTableProps {
                servers: state.servers.clone(), previous: state.previous.clone(), seed: state.seed }) }
        },
        "id" => html! {
            { id_bits::id_bits(&id_bits::IdBitsProps { servers: state.servers.clone(), previous: state.previous.clone(), key_hash: hash }) }
        },
        _ => html! {
            <p>{ format!("{} vnodes per unit of weight: each server's ticks are its points on the ring; \
                          the band shows who owns each stretch.", state.vnodes) }</p>
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
                    { stats::stats(&stats::StatsProps { measured: (*measured).clone(), error: (*stats_error).clone() }) }
                    { server_list::server_list(&server_list::ServerListProps { servers: state.servers.clone(),
                        vnodes: (state.scheme == "ring").then_some(state.vnodes),
                        weighted: matches!(state.scheme, "ring" | "rendezvous"),
                        changed: state.previous.is_some(), dispatch: dispatch.clone() }) }
                </div>
                <section class="panel rv-scheme-picture" aria-labelledby="rv-picture-title">
                    <h2 id="rv-picture-title">{ format!("Inside {}", scheme_label(state.scheme)) }</h2>
                    { picture }
                </section>
                { lookup_html }
                <to_decoder::ToDecoder key_hash={hash} />
                { settings::settings(&settings::SettingsProps { vnodes: state.vnodes, replicas: state.replicas, keys: state.keys,
                    sample: state.sample, seed: state.seed, ring: state.scheme == "ring", dispatch: dispatch.clone() }) }
                <comparisons::Comparisons load={final_load} servers={state.servers.len() as u32}
                    vnodes={state.vnodes} seed={state.seed} />
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
        let (_, replicas, _) = lookup(&state, key_hash(&state.key), None);
        let mut distinct = replicas.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 3);
    }
}
