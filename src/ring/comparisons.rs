//! The comparison plots: load per server (from the page's statistics), the moved fraction of
//! N → N+1 for every scheme (a streamed [`MovementSweep`]), and ring balance against vnodes with
//! its spread over seeds (a streamed [`VnodeSweep`]).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use shardlab_core::placement::{
    LoadStats, MovementSweep, SchemeKind, SchemeSpec, VnodeSweep, MAX_RING_POINTS,
};
use yew::prelude::*;

use super::plots::{Plot, PlotView};
use super::slices::{self, Publisher};
use crate::chart::axis::{Axis, Ticks};
use crate::chart::figure::{Bar, Line, Paint, Panel, Stroke};
use shardlab_core::text::thousands;

const SWEEP_COUNTS: [u32; 10] = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16];
const SWEEP_SEEDS: u64 = 3;
const SWEEP_KEYS: u64 = 20_000;
const VNODE_COUNTS: [u32; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
const VNODE_SEEDS: u64 = 5;
const VNODE_KEYS: u64 = 50_000;
/// Keys measured between two looks at the clock.
const CHUNK_KEYS: u64 = 1_024;
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

fn movement_plot(sweep: &MovementSweep) -> Plot {
    let all = sweep.series();
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

fn vnode_plot(sweep: &VnodeSweep) -> Plot {
    let r = sweep.result();
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

/// Shows a job's results so far; the flag says whether it is done.
type Publish<J> = Rc<dyn Fn(&J, bool)>;

/// Steps a job in time-budgeted slices, each in a task of its own, until done or superseded. The
/// clock is read after every [`CHUNK_KEYS`] keys, so a slice ends near its budget however slow
/// the machine is; the plot, whose redraw is the costly part, is published at most every
/// [`slices::PUBLISH_MS`] and when the job is done.
fn pump<J: 'static>(
    job: Rc<RefCell<J>>,
    generation: Rc<RefCell<u64>>,
    mine: u64,
    step: fn(&mut J, u64) -> bool,
    publish: Publish<J>,
    mut publisher: Publisher,
) {
    if *generation.borrow() != mine {
        return;
    }
    let publishing = publisher.due();
    let done = {
        let mut job = job.borrow_mut();
        slices::work_for(Publisher::budget(publishing), || step(&mut job, CHUNK_KEYS))
    };
    if done {
        // The finished plot is drawn in a task of its own, not on top of the last slice.
        slices::later(0, move || {
            if *generation.borrow() == mine {
                publish(&job.borrow(), true);
            }
        });
        return;
    }
    if publishing {
        publish(&job.borrow(), false);
        publisher.published();
    }
    slices::later(0, move || {
        pump(job, generation, mine, step, publish, publisher)
    });
}

/// Starts a new generation of a job: slices of the older one see it and stop.
pub fn bump(generation: &RefCell<u64>) {
    let mut current = generation.borrow_mut();
    *current = current.wrapping_add(1);
}

fn percent(done: u64, total: u64) -> String {
    format!("{:.0} %", done as f64 / total.max(1) as f64 * 100.0)
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
    let moved_gen = use_mut_ref(|| 0u64);
    let balance_gen = use_mut_ref(|| 0u64);
    {
        let set = moved.setter();
        let generation = moved_gen.clone();
        use_effect_with((props.seed, props.vnodes), move |&(seed, vnodes)| {
            bump(&generation);
            let mine = *generation.borrow();
            let specs: Vec<SchemeSpec> = SchemeKind::ALL
                .into_iter()
                .map(|kind| SchemeSpec::from_kind(kind, vnodes))
                .collect();
            let seeds = (0..SWEEP_SEEDS).map(|i| seed.wrapping_add(i)).collect();
            if let Ok(sweep) = MovementSweep::new(specs, SWEEP_COUNTS.to_vec(), seeds, SWEEP_KEYS) {
                let publish: Publish<MovementSweep> = Rc::new(move |s, done| {
                    let p = s.progress();
                    let note = (!done).then(|| format!("Measuring… {}", percent(p.done, p.total)));
                    set.set(Some((Rc::new(movement_plot(s)), note)));
                });
                let step: fn(&mut MovementSweep, u64) -> bool =
                    |s, n| s.step(n).is_err() || s.is_done();
                // The first slice gets a task of its own, after the page's first paint.
                let generation = generation.clone();
                slices::later(0, move || {
                    pump(
                        Rc::new(RefCell::new(sweep)),
                        generation,
                        mine,
                        step,
                        publish,
                        Publisher::default(),
                    );
                });
            }
            move || bump(&generation)
        });
    }
    let vnode_servers = props.servers.clamp(2, 64);
    {
        let set = balance.setter();
        let generation = balance_gen.clone();
        use_effect_with((vnode_servers, props.seed), move |&(servers, seed)| {
            bump(&generation);
            let mine = *generation.borrow();
            let later = generation.clone();
            // A server count changes when a server is added or killed, just as the ring's keys
            // start to fly (key_dots.rs): building the rings and the first slices wait for them to
            // land, so they take no frame from the flight. A newer sweep supersedes this one.
            Timeout::new(AFTER_FLIGHT_MS, move || {
                if *later.borrow() != mine {
                    return;
                }
                let counts: Vec<u32> = VNODE_COUNTS
                    .iter()
                    .copied()
                    .filter(|&v| u64::from(v).saturating_mul(u64::from(servers)) <= MAX_RING_POINTS)
                    .collect();
                let seeds = (0..VNODE_SEEDS).map(|i| seed.wrapping_add(i)).collect();
                if let Ok(sweep) = VnodeSweep::new(servers, counts, seeds, VNODE_KEYS) {
                    let publish: Publish<VnodeSweep> = Rc::new(move |s, done| {
                        let p = s.progress();
                        let note =
                            (!done).then(|| format!("Measuring… {}", percent(p.done, p.total)));
                        set.set(Some((Rc::new(vnode_plot(s)), note)));
                    });
                    let step: fn(&mut VnodeSweep, u64) -> bool =
                        |s, n| s.step(n).is_err() || s.is_done();
                    pump(
                        Rc::new(RefCell::new(sweep)),
                        later,
                        mine,
                        step,
                        publish,
                        Publisher::default(),
                    );
                }
            })
            .forget();
            move || bump(&generation)
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
