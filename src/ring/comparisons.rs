//! The comparison plots' figures: the moved fraction of N → N+1 for every scheme (from a
//! `MovementSweep`), and ring balance against vnodes with its spread over seeds (from a
//! `VnodeSweep`), and the sweeps' sizes. The parts that run the sweeps and draw the plots are
//! `parts/moved_plot.rs` and `parts/vnode_plot.rs`, on the plots' own page (`compare_page.rs`).

use shardlab_core::placement::{
    expected_stddev_over_mean, SchemeKind, SweepSeries, VnodeSweepResult,
};
use shardlab_core::stepped::Progress;

use super::plots::Plot;
use crate::chart::axis::{Axis, Ticks};
use crate::chart::figure::{Line, Paint, Panel, Stroke};

/// The server counts the movement sweep steps through (N → N+1 for each).
pub const SWEEP_COUNTS: [u32; 10] = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16];
/// Seeds per point of the movement sweep.
pub const SWEEP_SEEDS: u64 = 3;
/// Keys per run of the movement sweep.
///
/// 10,000: a moved fraction near 0.2 then has a standard error of 0.004 per run (0.003 at
/// 20,000), well under the spread the ring's arcs give between seeds, and the sweep's 210 runs
/// take half the time they took at 20,000, which a 4× slower phone needs to finish them within
/// 3 s (issue 20).
pub const SWEEP_KEYS: u64 = 10_000;
/// The vnode counts the balance sweep measures.
pub const VNODE_COUNTS: [u32; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
/// Rings per point of the balance sweep.
pub const VNODE_SEEDS: u64 = 5;
/// Keys per ring of the balance sweep.
pub const VNODE_KEYS: u64 = 50_000;
/// How long the vnode sweep waits after a server count change: the ring's keys fly for 600 ms.
pub const AFTER_FLIGHT_MS: u32 = 650;

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
        SchemeKind::Maglev => "--c4",
        SchemeKind::MultiProbe => "--c2",
        SchemeKind::BoundedLoad => "--c6",
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

pub fn movement_plot(all: &[SweepSeries]) -> Plot {
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

pub fn vnode_plot(r: &VnodeSweepResult) -> Plot {
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
        // The expected σ/mean for these servers and keys, not the 1/√V rule of thumb, which
        // overstates a few servers' spread (issue 19).
        named(
            "expected σ/mean".into(),
            Stroke::Dashed,
            Paint::Var("--text"),
            r.stddev_over_mean
                .iter()
                .map(|p| {
                    let expected = expected_stddev_over_mean(r.servers, p.x, r.keys);
                    (lx(p.x), expected)
                })
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
pub fn measuring(progress: Progress) -> Option<String> {
    Some(format!(
        "Measuring… {:.0} %",
        progress.done as f64 / progress.total.max(1) as f64 * 100.0
    ))
}
