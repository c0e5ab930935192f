//! The comparison plots: load per server (from the page's statistics), the moved fraction of
//! N → N+1 for every scheme (a streamed [`MovementSweep`]), and ring balance against vnodes with
//! its spread over seeds (a streamed [`VnodeSweep`]). Each sweep is a sliced job
//! ([`crate::jobs`]), restarted when what it measures changes.

use std::rc::Rc;

use shardlab_core::placement::{
    LoadStats, MovementSweep, SchemeKind, SchemeSpec, SweepSeries, VnodeSweep, VnodeSweepResult,
    MAX_RING_POINTS,
};
use shardlab_core::stepped::Progress;
use yew::prelude::*;

use super::plots::{Plot, PlotView};
use crate::chart::axis::{Axis, Ticks};
use crate::chart::figure::{Bar, Line, Paint, Panel, Stroke};
use crate::jobs::hook::use_stepped_job;
use crate::jobs::slicer;
use shardlab_core::text::thousands;

const SWEEP_COUNTS: [u32; 10] = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16];
const SWEEP_SEEDS: u64 = 3;
const SWEEP_KEYS: u64 = 20_000;
const VNODE_COUNTS: [u32; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
const VNODE_SEEDS: u64 = 5;
const VNODE_KEYS: u64 = 50_000;
/// How long the vnode sweep waits after a server count change: the ring's keys fly for 600 ms.
const AFTER_FLIGHT_MS: u32 = 650;

/// The colour of server `id`, as `server_class` picks it.
pub fn server_paint(id: u32) -> Paint {
    const VARS: [&str; 8] = [
        "--c1", "--c2", "--c3", "--c4", "--c5", "--c6", "--c7", "--c8",
    ];
    // As `.server-8` … `.server-15` in www/style.css paint them.
    const DARKER: [Paint; 8] = [
        Paint::Rgb(0x9c, 0x6a, 0x00),
        Paint::Rgb(0x2b, 0x7b, 0xab),
        Paint::Rgb(0x00, 0x6b, 0x4f),
        Paint::Rgb(0xa3, 0x9a, 0x1d),
        Paint::Rgb(0x00, 0x4d, 0x78),
        Paint::Rgb(0x8f, 0x3f, 0x00),
        Paint::Rgb(0x8c, 0x4f, 0x73),
        Paint::Rgb(0x6b, 0x6b, 0x6b),
    ];
    // Sixteen colours in all, as `server_class` cycles them.
    let i = (id % 16) as usize;
    match VARS.get(i) {
        Some(v) => Paint::Var(v),
        None => DARKER
            .get(i.saturating_sub(VARS.len()))
            .copied()
            .unwrap_or(Paint::Rgb(0x6b, 0x6b, 0x6b)),
    }
}

/// Each scheme's line colour in the movement plot.
fn scheme_paint(kind: SchemeKind) -> Paint {
    Paint::Var(match kind {
        SchemeKind::Mod => "--c1",
        SchemeKind::Ring => "--c5",
        SchemeKind::Jump => "--c3",
        SchemeKind::Rendezvous => "--c7",
        SchemeKind::Range => "--c6",
        SchemeKind::Directory => "--c2",
        SchemeKind::IdEncoded => "--c8",
    })
}

/// A line with its name, drawn with `stroke`.
fn named(name: String, stroke: Stroke, paint: Paint, points: Vec<(f64, f64)>) -> Line {
    Line {
        name,
        stroke,
        ..Line::new(points, paint)
    }
}

/// Load per server with the mean dashed.
pub fn load_plot(load: &LoadStats) -> Plot {
    let n = load.per_server.len();
    let top = load.per_server.iter().map(|s| s.keys).max().unwrap_or(1) as f64;
    let names = load
        .per_server
        .iter()
        .map(|s| format!("S{}", s.server.0))
        .collect();
    let mut panel = Panel::new(Axis::linear(
        "keys owned (count)",
        0.0,
        (top * 1.15).max(1.0),
        Ticks::Number,
    ));
    panel.bars_name = "keys".into();
    panel.bars = load
        .per_server
        .iter()
        .enumerate()
        .map(|(i, s)| Bar {
            x0: i as f64 - 0.35,
            x1: i as f64 + 0.35,
            y: s.keys as f64,
            paint: server_paint(s.server.0),
            hollow: false,
        })
        .collect();
    panel.lines.push(named(
        "mean".into(),
        Stroke::Dashed,
        Paint::Var("--text"),
        vec![(-0.5, load.mean), (n as f64 - 0.5, load.mean)],
    ));
    Plot::new(
        "Load per server".into(),
        "server",
        Axis::linear("server", -0.6, n as f64 - 0.4, Ticks::Names(names)),
        panel,
    )
}

fn movement_plot(all: &[SweepSeries]) -> Plot {
    let mut panel = Panel::new(Axis::linear(
        "keys moved (fraction)",
        0.0,
        1.05,
        Ticks::Number,
    ));
    panel.lines = all
        .iter()
        .map(|s| Line {
            name: s.scheme.name().to_owned(),
            stroke: Stroke::Dots,
            paint: scheme_paint(s.scheme),
            points: s.points.iter().map(|p| (f64::from(p.x), p.mean)).collect(),
            whiskers: s
                .points
                .iter()
                .map(|p| (f64::from(p.x), p.min, p.max))
                .collect(),
            on_right: false,
        })
        .collect();
    panel.lines.push(named(
        "ideal 1/(N+1)".into(),
        Stroke::Dashed,
        Paint::Var("--text"),
        SWEEP_COUNTS
            .iter()
            .map(|&n| (f64::from(n), 1.0 / (f64::from(n) + 1.0)))
            .collect(),
    ));
    let x = Axis::linear("servers before the change, N", 0.5, 16.5, Ticks::Number);
    Plot::new(
        "Keys moved when N servers grow to N + 1".into(),
        "N",
        x.with_ticks(8),
        panel,
    )
}

fn vnode_plot(r: &VnodeSweepResult) -> Plot {
    // x is the position in the 1-2-5 list of vnode counts, which is evenly spaced on a log scale.
    let counts: Vec<u32> = r.max_over_mean.iter().map(|p| p.x).collect();
    let lx = |v: u32| counts.iter().position(|&c| c == v).unwrap_or(0) as f64;
    let top = r
        .max_over_mean
        .iter()
        .map(|p| p.max)
        .fold(1.0_f64, f64::max);
    let measured = |name: &str, paint, points: &[shardlab_core::placement::SweepPoint]| Line {
        whiskers: points.iter().map(|p| (lx(p.x), p.min, p.max)).collect(),
        ..named(
            name.into(),
            Stroke::Dots,
            paint,
            points.iter().map(|p| (lx(p.x), p.mean)).collect(),
        )
    };
    let mut panel = Panel::new(Axis::linear(
        "max/mean and σ/mean",
        0.0,
        top * 1.08,
        Ticks::Number,
    ));
    panel.lines = vec![
        measured("max/mean", Paint::Var("--c6"), &r.max_over_mean),
        measured("σ/mean", Paint::Var("--c5"), &r.stddev_over_mean),
        named(
            "1/√V".into(),
            Stroke::Dashed,
            Paint::Var("--text"),
            r.stddev_over_mean
                .iter()
                .map(|p| (lx(p.x), p.ideal))
                .collect(),
        ),
    ];
    let names = counts.iter().map(|c| c.to_string()).collect();
    let x = Axis::linear(
        "vnodes per server, V (log scale)",
        -0.5,
        counts.len() as f64 - 0.5,
        Ticks::Names(names),
    );
    Plot::new(
        format!("Ring balance against vnodes ({} servers)", r.servers),
        "V",
        x,
        panel,
    )
}

/// The note under a plot whose sweep is still running.
fn measuring(progress: Progress) -> Option<String> {
    Some(format!(
        "Measuring… {:.0} %",
        progress.done as f64 / progress.total.max(1) as f64 * 100.0
    ))
}

/// Props for [`Comparisons`].
#[derive(Properties, PartialEq)]
pub struct ComparisonsProps {
    /// The current load, once measured.
    pub load: Option<Rc<LoadStats>>,
    pub servers: u32,
    pub vnodes: u32,
    pub seed: u64,
}

/// The three plots. A component of its own, so the sweeps' progress re-renders only the plots.
#[function_component(Comparisons)]
pub fn comparisons(props: &ComparisonsProps) -> Html {
    let moved = use_state(|| None::<(Rc<Plot>, Option<String>)>);
    let balance = use_state(|| None::<(Rc<Plot>, Option<String>)>);
    {
        let (set, done) = (moved.setter(), moved.setter());
        let (seed, vnodes) = (props.seed, props.vnodes);
        use_stepped_job((seed, vnodes), 0, move |ticket| {
            let specs: Vec<SchemeSpec> = SchemeKind::ALL
                .into_iter()
                .map(|kind| SchemeSpec::from_kind(kind, vnodes))
                .collect();
            let seeds = (0..SWEEP_SEEDS).map(|i| seed.wrapping_add(i)).collect();
            if let Ok(sweep) = MovementSweep::new(specs, SWEEP_COUNTS.to_vec(), seeds, SWEEP_KEYS) {
                slicer::run(
                    sweep,
                    ticket,
                    move |s: &MovementSweep, p| {
                        set.set(Some((Rc::new(movement_plot(&s.series())), measuring(p))))
                    },
                    move |series| done.set(Some((Rc::new(movement_plot(&series)), None))),
                );
            }
        });
    }
    let vnode_servers = props.servers.clamp(2, 64);
    {
        let (set, done) = (balance.setter(), balance.setter());
        let seed = props.seed;
        // A server count changes when a server is added or killed, just as the ring's keys start
        // to fly (key_dots.rs): building the rings and the first slices wait for them to land, so
        // they take no frame from the flight.
        use_stepped_job((vnode_servers, seed), AFTER_FLIGHT_MS, move |ticket| {
            let counts: Vec<u32> = VNODE_COUNTS
                .iter()
                .copied()
                .filter(|&v| {
                    u64::from(v).saturating_mul(u64::from(vnode_servers)) <= MAX_RING_POINTS
                })
                .collect();
            let seeds = (0..VNODE_SEEDS).map(|i| seed.wrapping_add(i)).collect();
            if let Ok(sweep) = VnodeSweep::new(vnode_servers, counts, seeds, VNODE_KEYS) {
                slicer::run(
                    sweep,
                    ticket,
                    move |s: &VnodeSweep, p| {
                        set.set(Some((Rc::new(vnode_plot(&s.result())), measuring(p))))
                    },
                    move |result| done.set(Some((Rc::new(vnode_plot(&result)), None))),
                );
            }
        });
    }
    let load = use_memo(props.load.clone(), |load| {
        load.as_ref().map(|l| Rc::new(load_plot(l)))
    });
    html! {
        <section class="panel rv-comparisons" aria-labelledby="rv-comparisons-title">
            <h2 id="rv-comparisons-title">{ "Comparisons" }</h2>
            <div class="rv-plots">
                if let (Some(plot), Some(l)) = ((*load).clone(), props.load.as_ref()) {
                    <PlotView id="load" {plot} caption={format!(
                        "Keys owned by each server, counted over {} keys; the dashed line is the mean. \
                         Under the ring, raise the vnodes and the bars even out.", thousands(l.keys))} />
                }
                if let Some((plot, progress)) = (*moved).clone() {
                    <PlotView id="moved" {plot} {progress} caption={format!(
                        "Each point is the mean over {SWEEP_SEEDS} seeds of {} keys, with the whiskers at min and max. \
                         Mod and range move most keys; ring, jump and rendezvous stay near the dashed ideal. \
                         The directory moves none: existing entries stay until someone moves them.", thousands(SWEEP_KEYS))} />
                }
                if let Some((plot, progress)) = (*balance).clone() {
                    <PlotView id="vnodes" {plot} {progress} caption={format!(
                        "{VNODE_SEEDS} rings per point (other vnode salts and keys), {} keys each; whiskers are min and max. \
                         σ/mean follows 1/√V until the key count's own noise takes over.", thousands(VNODE_KEYS))} />
                }
            </div>
        </section>
    }
}
