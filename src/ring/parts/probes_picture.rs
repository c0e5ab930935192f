//! Multi-probe: the servers as one point each on a small circle, the looked-up key's k probes
//! around it, each with its clockwise reach to the next server point, and the nearest one, whose
//! server owns the key; under it the nearest probes in words.

use shardlab_core::placement::{MultiProbe, Probe, Server, ServerList};
use shardlab_core::view_limits::ring::{MAX_DRAWN_PROBES, PROBE_ROWS};
use yew::prelude::*;

use crate::ring::ring_drawing::{band_path, on_circle, percent_of_circle, turn_of};
use crate::widgets::palette::server_class;

/// The radii of the picture, in the ring drawing's 400 × 400 units.
const CIRCLE: f64 = 150.0;
const PROBE_INNER: f64 = 138.0;
const ARC_INNER: f64 = 126.0;
const ARC_OUTER: f64 = 132.0;
const NEAREST_INNER: f64 = 118.0;
/// The nearest probe's tick reaches in to here, so the winner stands out among k ticks.
const NEAREST_TICK: f64 = 96.0;
const LABEL: f64 = 174.0;

/// Props for [`probes_picture`].
pub struct ProbesPictureProps {
    pub servers: Vec<Server>,
    pub probes: u32,
    pub key_hash: u64,
}

/// The nearest probe's long tick, in its server's colour.
fn nearest_tick(probe: &Probe) -> Html {
    let (x1, y1) = on_circle(probe.at, NEAREST_TICK);
    let (x2, y2) = on_circle(probe.at, CIRCLE);
    html! {
        <line class={classes!("rv-mp-nearest", server_class(probe.server.0 as usize))}
            x1={format!("{x1:.1}")} y1={format!("{y1:.1}")} x2={format!("{x2:.1}")} y2={format!("{y2:.1}")} />
    }
}

/// The picture of one lookup.
pub fn probes_picture(props: &ProbesPictureProps) -> Html {
    let scheme = ServerList::new(props.servers.clone())
        .and_then(|list| MultiProbe::new(list, props.probes));
    let scheme = match scheme {
        Ok(scheme) => scheme,
        Err(why) => return html! { <p class="field-error" role="alert">{ why.to_string() }</p> },
    };
    let probes = scheme.probes(props.key_hash);
    // Nearest first, ties to the earlier probe as `locate` breaks them.
    let mut order: Vec<(usize, Probe)> = probes.iter().copied().enumerate().collect();
    order.sort_by_key(|(i, p)| (p.distance, *i));
    let Some(&(_, nearest)) = order.first() else {
        return html! {};
    };
    let ticks: String = probes
        .iter()
        .map(|p| {
            let (x1, y1) = on_circle(p.at, PROBE_INNER);
            let (x2, y2) = on_circle(p.at, CIRCLE);
            format!("M{x1:.1} {y1:.1}L{x2:.1} {y2:.1}")
        })
        .collect();
    let arcs = order.iter().take(MAX_DRAWN_PROBES).enumerate().map(|(rank, (_, p))| {
        let start = turn_of(p.at);
        let end = start + turn_of(p.distance);
        let won = rank == 0;
        let inner = if won { NEAREST_INNER } else { ARC_INNER };
        html! {
            <path class={classes!("rv-mp-arc", server_class(p.server.0 as usize), won.then_some("nearest"))}
                d={band_path(start, end, inner, ARC_OUTER)} />
        }
    });
    let points = scheme.circle().vnodes().map(|v| {
        let (x, y) = on_circle(v.point, CIRCLE);
        let (lx, ly) = on_circle(v.point, LABEL);
        html! {
            <g class={classes!("rv-mp-server", server_class(v.server.0 as usize))}>
                <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="8" />
                <text x={format!("{lx:.1}")} y={format!("{ly:.1}")}>{ format!("S{}", v.server.0) }</text>
            </g>
        }
    });
    let rows = order.iter().take(PROBE_ROWS).enumerate().map(|(rank, (i, p))| html! {
        <tr class={classes!(server_class(p.server.0 as usize), (rank == 0).then_some("chosen"))}>
            <td class="num">{ i.saturating_add(1) }</td>
            <td class="num">{ percent_of_circle(p.at) }</td>
            <th scope="row" class="mono"><span class="rv-swatch" aria-hidden="true"></span>{ format!("S{}", p.server.0) }</th>
            <td class="num">{ percent_of_circle(p.distance) }</td>
        </tr>
    });
    let k = probes.len();
    let owner = nearest.server.0;
    html! {
        <div class="rv-picture rv-mp-picture" data-probes={k.to_string()} data-owner={owner.to_string()}>
            <figure class="rv-mp-figure">
                <svg viewBox="0 0 400 400" role="img"
                    aria-label={format!("{} server points and {k} probes; the nearest probe reaches S{owner}.", props.servers.len())}>
                    <circle class="rv-mp-circle" cx="200" cy="200" r={CIRCLE.to_string()} />
                    <g class="rv-mp-arcs">{ for arcs }</g>
                    <path class="rv-mp-probe" d={ticks} />
                    { nearest_tick(&nearest) }
                    { for points }
                    <text class="rv-mp-k" x="200" y="206">{ format!("k = {k}") }</text>
                </svg>
            </figure>
            <div>
                <p class="rv-mp-caption">
                    { format!("The key is hashed {k} times. Each probe reaches clockwise to the next server point; \
                               the nearest gets there in {} of the circle, so S{owner} owns the key.", percent_of_circle(nearest.distance)) }
                </p>
                <table class="rv-mp-table">
                    <caption>{ format!("The {} nearest of {k} probes", PROBE_ROWS.min(k)) }</caption>
                    <thead><tr><th scope="col">{ "probe" }</th><th scope="col">{ "lands at" }</th>
                        <th scope="col">{ "next point" }</th><th scope="col">{ "reach" }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
                if k > MAX_DRAWN_PROBES {
                    <p class="help">{ format!("The {MAX_DRAWN_PROBES} nearest probes' reaches are drawn; every probe has its tick.") }</p>
                }
            </div>
            <p>{ "One point per server, so the state grows with the servers, not with vnodes; the k probes even \
                  the load out at lookup time instead, peak-to-mean about 1 + 1/(k − 1). A new server takes only \
                  the keys whose nearest probe now reaches it." }</p>
        </div>
    }
}
