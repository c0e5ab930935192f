//! Bounded loads: the looked-up key arriving after the counted keys, in arrival order, under
//! each server's capacity of c times its share. The picture shows each server's load against
//! its capacity, the walk on the ring from the key past full servers to the first with room, and
//! that chain in words. The cluster is filled by the core's [`Loading`] job, in slices; every
//! key looked up then asks the same filled cluster ([`Loaded::arrival`]).

use std::rc::Rc;

use shardlab_core::placement::{
    Arrival, LoadFactor, Loaded, Loading, Placement, Server, SpillStep,
};
use shardlab_core::stepped::Progress;
use shardlab_core::text::thousands;
use shardlab_core::view_limits::ring::MAX_TICKS;
use yew::prelude::*;

use crate::jobs::hook::use_stepped_job;
use crate::jobs::slicer;
use crate::ring::comparisons::measuring;
use crate::ring::ring_drawing::{band_path, on_circle, percent_of_circle, turn_of};
use crate::ring::state::bounded_over;
use crate::widgets::palette::server_class;

/// The radii of the picture, in the ring drawing's 400 × 400 units.
const TICK_INNER: f64 = 140.0;
const TICK_OUTER: f64 = 160.0;
const WALK_INNER: f64 = 120.0;
const WALK_OUTER: f64 = 132.0;
const MARK: f64 = 150.0;
const KEY: f64 = 100.0;

/// Props for [`SpillChain`]: what the cluster is filled from, and the key looked up.
#[derive(Properties, PartialEq, Clone)]
pub struct SpillChainProps {
    pub servers: Vec<Server>,
    pub vnodes: u32,
    pub load_factor: LoadFactor,
    /// The keys placed before the looked-up one: the statistics' keys.
    pub keys: u64,
    pub seed: u64,
    pub key_hash: u64,
}

/// See the module doc.
#[function_component(SpillChain)]
pub fn spill_chain(props: &SpillChainProps) -> Html {
    let loaded = use_state(|| None::<Rc<Loaded>>);
    let progress = use_state(|| None::<Progress>);
    {
        let (loaded, progress) = (loaded.setter(), progress.setter());
        let inputs = props.clone();
        let deps = (props.servers.clone(), props.vnodes, props.load_factor, props.keys, props.seed);
        use_stepped_job(deps, 0, move |ticket| {
            loaded.set(None);
            let Ok(scheme) = bounded_over(&inputs.servers, inputs.vnodes, inputs.load_factor) else {
                return;
            };
            let job = scheme.loading(inputs.keys, inputs.seed);
            let shown = progress.clone();
            slicer::run(
                job,
                ticket,
                move |_: &Loading, now| shown.set(Some(now)),
                move |cluster| {
                    progress.set(None);
                    loaded.set(Some(Rc::new(cluster)));
                },
            );
        });
    }
    let body = match (&*loaded, *progress) {
        (Some(cluster), _) => filled(props, cluster),
        (None, Some(now)) => html! { <p class="help">{ measuring(now).unwrap_or_default() }</p> },
        (None, None) => html! {},
    };
    html! {
        <div class="rv-picture rv-spill-picture" aria-live="polite">
            { body }
            <p>{ format!("A server holds at most ⌈c × keys × its weight / all weights⌉ keys (c = {}). Keys \
                          arrive in order; one whose ring owner is full walks clockwise to the next server with \
                          room, so no server ends above c times its share, whatever the hashes.",
                          props.load_factor) }</p>
        </div>
    }
}

/// The picture once the cluster holds the counted keys.
fn filled(props: &SpillChainProps, cluster: &Loaded) -> Html {
    let arrival = cluster.arrival(props.key_hash);
    let loads = cluster.loads();
    let full = loads
        .per_server
        .iter()
        .zip(&arrival.capacities)
        .filter(|(load, &capacity)| load.keys >= capacity)
        .count();
    let bars = loads.per_server.iter().zip(&arrival.capacities).map(|(load, &capacity)| {
        let share = load.keys as f64 / capacity.max(1) as f64 * 100.0;
        let is_full = load.keys >= capacity;
        html! {
            <li class={classes!(server_class(load.server.0 as usize), is_full.then_some("full"))}>
                <span class="mono">{ format!("S{}", load.server.0) }</span>
                <span class="rv-spill-track" aria-hidden="true"><span class="rv-bar" style={format!("width:{share:.1}%")}></span></span>
                <span class="num">{ format!("{} / {}{}", thousands(load.keys), thousands(capacity),
                    if is_full { " full" } else { "" }) }</span>
            </li>
        }
    });
    html! {
        <>
            <div class="rv-spill-top">
                { walk_figure(cluster, &arrival, props.key_hash) }
                <div>
                    <p>{ format!("The key arrives after the {} counted keys; {full} of {} servers are full.",
                        thousands(arrival.keys_before), loads.per_server.len()) }</p>
                    <ul class="rv-spill-loads" aria-label="Keys per server against its capacity">{ for bars }</ul>
                </div>
            </div>
            <ol class="rv-spill-chain" data-steps={arrival.chain.len().to_string()} data-owner={arrival.owner.0.to_string()}>
                { for arrival.chain.iter().enumerate().map(|(i, step)| chain_step(cluster, i, step, arrival.chain.len())) }
            </ol>
            if arrival.chain.len() == 1 {
                <p class="help">{ "Its ring owner had room. With c nearer 1, or fewer vnodes, more servers fill and keys walk." }</p>
            }
        </>
    }
}

/// One server the key meets, in words.
fn chain_step(cluster: &Loaded, index: usize, step: &SpillStep, steps: usize) -> Html {
    let at = percent_of_circle(cluster.ring().points().get(step.position).copied().unwrap_or(0));
    let who = if index == 0 { format!("S{}, the ring owner,", step.server.0) } else { format!("S{}", step.server.0) };
    let verdict = if step.full {
        "full. Walk on.".to_owned()
    } else if steps == 1 {
        "room. It takes the key.".to_owned()
    } else {
        format!("room. It takes the key, {} servers on.", steps.saturating_sub(1))
    };
    html! {
        <li class={classes!(server_class(step.server.0 as usize), if step.full { "full" } else { "room" })}>
            <span class="rv-swatch" aria-hidden="true"></span>
            { format!("{who} at {at}: {} of {} keys, {verdict}",
                thousands(step.load), thousands(step.capacity)) }
        </li>
    }
}

/// The ring with every server's points, the key, its walk, and each server it met.
fn walk_figure(cluster: &Loaded, arrival: &Arrival, key_hash: u64) -> Html {
    let ring = cluster.ring();
    let servers = ring.servers().as_slice();
    let stride = ring.vnode_count().div_ceil(MAX_TICKS).max(1);
    let mut ticks = vec![String::new(); servers.len()];
    for v in ring.vnodes().step_by(stride) {
        let (x1, y1) = on_circle(v.point, TICK_INNER);
        let (x2, y2) = on_circle(v.point, TICK_OUTER);
        if let Some(path) = servers.iter().position(|s| s.id == v.server).and_then(|i| ticks.get_mut(i)) {
            path.push_str(&format!("M{x1:.1} {y1:.1}L{x2:.1} {y2:.1}"));
        }
    }
    let paths = servers.iter().zip(ticks).map(|(s, d)| html! {
        <path class={classes!("rv-spill-ticks", server_class(s.id.0 as usize))} {d} />
    });
    let point = |step: &SpillStep| ring.points().get(step.position).copied().unwrap_or(key_hash);
    let start = turn_of(key_hash);
    let end = arrival.chain.last().map_or(start, |step| {
        let end = turn_of(point(step));
        if end < start { end + 1.0 } else { end }
    });
    let marks = arrival.chain.iter().map(|step| {
        let (x, y) = on_circle(point(step), MARK);
        let class = classes!("rv-spill-mark", server_class(step.server.0 as usize), if step.full { "full" } else { "room" });
        if step.full {
            html! { <path {class} d={format!("M{:.1} {:.1}l12 12m0 -12l-12 12", x - 6.0, y - 6.0)} /> }
        } else {
            html! { <circle {class} cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="11" /> }
        }
    });
    let (kx, ky) = on_circle(key_hash, KEY);
    let (lx, ly) = on_circle(key_hash, WALK_INNER);
    html! {
        <svg class="rv-spill-ring" viewBox="0 0 400 400" role="img"
            aria-label={format!("The key's walk: {} servers met, S{} takes it.", arrival.chain.len(), arrival.owner.0)}>
            <circle class="rv-spill-circle" cx="200" cy="200" r={MARK.to_string()} />
            { for paths }
            <path class="rv-spill-walk" d={band_path(start, end.max(start + 0.002), WALK_INNER, WALK_OUTER)} />
            <line class="rv-spill-key-line" x1={format!("{kx:.1}")} y1={format!("{ky:.1}")} x2={format!("{lx:.1}")} y2={format!("{ly:.1}")} />
            <circle class="rv-spill-key" cx={format!("{kx:.1}")} cy={format!("{ky:.1}")} r="6" />
            { for marks }
            <text class="rv-spill-owner" x="200" y="206">{ format!("→ S{}", arrival.owner.0) }</text>
        </svg>
    }
}
