//! The four plots, drawn with plotters through the shared [`crate::chart`] (a canvas on the
//! page, PNG and SVG export) as [`Figure`]s: the latency CDF with p50/p95/p99, per-shard load with
//! the hot shard in red, the time series around the injected failures, and Apdex and p99 against
//! users (the estimate's capacity curve) with the simulated capacity marked ([`super::capacity`]
//! runs its search). Each has axis labels with units, a table of its numbers, and a CSV export.
//! What a plot marks is also listed in its `data-detail`.

use std::rc::Rc;

use shardlab_core::sim::capacity::{Bound, Capacity, DEFAULT_TARGET_APDEX};
use shardlab_core::sim::{estimate, Design, Fault, SecondStats, ShardLoad, SimReport};
use shardlab_core::text::{approx_count, percent_one_decimal};
use yew::prelude::*;

use super::capacity::{CapacityPlot, CapacityStatus};
use super::error_causes::why_errors;
use crate::board::geometry::log_space;
use crate::chart::axis::{short_number, Axis, Ticks};
use crate::chart::figure::{Bar, Figure, Key, Level, Line, Mark, Note, Paint, Panel, Sample};
use crate::chart::ChartView;
use crate::files::csv::csv_text;
use crate::files::download::download_text;

/// When a shard is hot (the core's rule).
pub use shardlab_core::sim::report::HOT_OVER_MEAN;

fn fmt_ms(ms: f64) -> String {
    if ms >= 100.0 {
        format!("{ms:.0}")
    } else if ms >= 10.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.2}")
    }
}

/// A figure with its title, the chart with its exports, and a table of its numbers.
pub struct PlotFrameProps {
    /// The figure's `data-plot`, the canvas's id and the exported files' stem.
    pub id: AttrValue,
    /// The figure's title.
    pub title: AttrValue,
    /// One sentence on what to look at.
    pub note: AttrValue,
    /// The plot.
    pub figure: Rc<Figure>,
    /// What the plot marks beyond its marks' keys (the hot shard), for `data-detail`.
    pub detail: Option<AttrValue>,
    /// Table header.
    pub header: Vec<&'static str>,
    /// Table rows (also the CSV).
    pub rows: Rc<Vec<Vec<String>>>,
    /// A line that announces a running job's progress and its result (`role="status"`).
    pub status: Option<AttrValue>,
    /// How far the running job has got, 0 … 1, shown as a bar beside the status.
    pub progress: Option<f64>,
}

/// A plot's frame. A plain function: the chart inside it is the component that spares a redraw.
pub fn plot_frame(props: &PlotFrameProps) -> Html {
    let id = props.id.to_string();
    let on_csv = {
        let (id, header, rows) = (id.clone(), props.header.clone(), props.rows.clone());
        Callback::from(move |_: MouseEvent| {
            download_text(&format!("{id}.csv"), "text/csv", &csv_text(&header, &rows));
        })
    };
    // The canvas has no elements to query, so what the plot marks is written on the figure,
    // taken from the same data the chart draws.
    let detail = props
        .detail
        .clone()
        .unwrap_or_else(|| props.figure.mark_keys().into());
    html! {
        <figure class="plot" data-plot={id.clone()} data-detail={detail}>
            <figcaption>
                <h3>{ props.title.clone() }</h3>
                <p class="muted">{ props.note.clone() }</p>
                if let Some(status) = &props.status {
                    <p class="plot-status" role="status">
                        if let Some(done) = props.progress {
                            <progress max="1" value={done.to_string()}></progress>{ " " }
                        }
                        { status.clone() }
                    </p>
                }
            </figcaption>
            <ChartView chart={Rc::clone(&props.figure)} name={props.id.clone()} title={props.title.clone()} verb="Export" tools_class="plot-tools">
                <button type="button" onclick={on_csv}>{ "Export CSV" }</button>
            </ChartView>
            <details>
                <summary>{ "The numbers" }</summary>
                <div class="table-scroll">
                    <table>
                        <thead><tr>{ for props.header.iter().map(|h| html! { <th scope="col">{ *h }</th> }) }</tr></thead>
                        <tbody>{ for props.rows.iter().map(|row| html! {
                            <tr>{ for row.iter().map(|v| html! { <td>{ v.clone() }</td> }) }</tr>
                        }) }</tbody>
                    </table>
                </div>
            </details>
        </figure>
    }
}

/// The plots' inputs.
pub struct PlotsProps<'a> {
    /// The finished simulation, if any.
    pub report: Option<&'a SimReport>,
    /// Per-shard load from the estimate, used until the simulation finishes.
    pub estimate_shards: &'a [ShardLoad],
    /// The design, for the capacity curve.
    pub design: &'a Design,
    /// Current users, marked on the capacity curve.
    pub users: u32,
    /// Which plots to draw: all four in the full view, a widget's own in a widget.
    pub show: PlotSet,
    /// The second of the run the per-shard plot shows (the scrubber's); `None` for the whole run.
    pub second: Option<usize>,
}

/// Which of the plots [`plots`] draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlotSet {
    /// Load per shard.
    pub shards: bool,
    /// The latency CDF.
    pub latency: bool,
    /// Second by second.
    pub timeline: bool,
    /// Capacity.
    pub capacity: bool,
}

impl PlotSet {
    /// Every plot (the full view).
    pub const ALL: PlotSet = PlotSet {
        shards: true,
        latency: true,
        timeline: true,
        capacity: true,
    };
    /// No plot; a widget names the ones it draws from here.
    pub const NONE: PlotSet = PlotSet {
        shards: false,
        latency: false,
        timeline: false,
        capacity: false,
    };
}

/// The latency CDF on a log latency axis, with p50, p95 and p99 marked.
pub fn cdf_figure(report: &SimReport) -> Figure {
    let points: Vec<(f64, f64)> = report
        .latency_cdf
        .iter()
        .filter(|p| p.ms.is_finite() && p.ms > 0.0)
        .map(|p| (p.ms, p.fraction))
        .collect();
    let lo = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let hi = points.iter().map(|p| p.0).fold(0.0, f64::max);
    let mut panel = Panel::new(Axis::linear("Share of replies", 0.0, 1.0, Ticks::Percent));
    panel.lines.push(Line::new(points, Paint::Var("--c5")));
    let quantiles = [
        ("p50", report.outcome.p50_ms, 0.5),
        ("p95", report.outcome.p95_ms, 0.95),
        ("p99", report.outcome.p99_ms, 0.99),
    ];
    let marks = quantiles
        .iter()
        .zip([0.05, 0.17, 0.29])
        .map(|(&(key, ms, share), label_at)| Mark {
            key,
            x: ms,
            up_to: Some(share),
            label: format!("{key} {} ms", fmt_ms(ms)),
            label_at,
            label_left: true,
            paint: Paint::Var("--muted"),
        })
        .collect();
    Figure {
        x: Axis::log("Latency (ms, log scale)", lo, hi),
        panels: vec![panel],
        marks,
        legend: Vec::new(),
        summary: format!(
            "Latency CDF: the share of successful replies within each latency; p50 {} ms, p95 {} ms, p99 of successes {} ms, {} errors.",
            fmt_ms(report.outcome.p50_ms),
            fmt_ms(report.outcome.p95_ms),
            fmt_ms(report.outcome.p99_ms),
            percent_one_decimal(report.outcome.error_rate)
        ),
    }
}

fn cdf_plot(report: &SimReport) -> Html {
    let figure = Rc::new(cdf_figure(report));
    let rows: Vec<Vec<String>> = figure
        .panels
        .iter()
        .flat_map(|p| p.lines.iter())
        .flat_map(|l| l.points.iter())
        .map(|(ms, f)| vec![fmt_ms(*ms), format!("{:.4}", f)])
        .collect();
    plot_frame(&PlotFrameProps {
        id: "plot-latency-cdf".into(),
        title: "Latency CDF".into(),
        note: format!("Of {} successful replies: half within {} ms, 99 % within {} ms (the p99 of successes). The {} of requests that failed are not in it.",
            shardlab_core::text::thousands(report.completed), fmt_ms(report.outcome.p50_ms), fmt_ms(report.outcome.p99_ms),
            percent_one_decimal(report.outcome.error_rate)).into(),
        figure,
        detail: None,
        header: vec!["latency_ms", "share_of_replies"],
        rows: Rc::new(rows),
        status: None,
        progress: None,
    })
}

/// The index of the shard to paint red, if one carries clearly more than its share.
pub fn hot_index(shards: &[ShardLoad]) -> Option<usize> {
    let n = shards.len();
    if n < 2 {
        return None;
    }
    let (i, top) = shards
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.share.total_cmp(&b.1.share))?;
    (top.share * n as f64 >= HOT_OVER_MEAN).then_some(i)
}

/// Per-shard load as bars, the hot shard in red, a shard that is down hollow, the fair share
/// dashed.
pub fn shard_figure(shards: &[ShardLoad]) -> Figure {
    let n = shards.len().max(1) as f64;
    let top = shards.iter().map(|s| s.share).fold(0.0, f64::max);
    let hot = hot_index(shards);
    let names = shards.iter().map(|s| s.shard.to_string()).collect();
    let mut panel = Panel::new(Axis::linear(
        "Share of DB requests",
        0.0,
        (top * 1.15).max(1.5 / n).min(1.0),
        Ticks::Percent,
    ));
    panel.bars = shards
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let x = i as f64;
            Bar {
                x0: x - 0.35,
                x1: x + 0.35,
                y: s.share,
                paint: Paint::Var(if Some(i) == hot || !s.up {
                    "--error"
                } else {
                    "--c6"
                }),
                hollow: !s.up && Some(i) != hot,
            }
        })
        .collect();
    panel.levels.push(Level {
        y: 1.0 / n,
        paint: Paint::Var("--muted"),
    });
    panel.notes.push(Note {
        at: (n - 0.5, 1.0 / n),
        text: "fair".into(),
    });
    let hot_text = match hot.and_then(|i| shards.get(i)) {
        Some(s) => format!(" Shard {} is hot with {:.1} %.", s.shard, s.share * 100.0),
        None => String::new(),
    };
    Figure {
        x: Axis::linear("Physical shard", -0.5, n - 0.5, Ticks::Names(names)),
        panels: vec![panel],
        marks: Vec::new(),
        legend: Vec::new(),
        summary: format!(
            "Share of database requests for each of {} physical shards; the dashed line is the fair share.{hot_text}",
            shards.len()
        ),
    }
}

fn shard_plot(shards: &[ShardLoad], source: &str) -> Html {
    let n = shards.len().max(1);
    let hot = hot_index(shards);
    let rows: Vec<Vec<String>> = shards
        .iter()
        .map(|s| {
            vec![
                s.shard.to_string(),
                s.host.clone(),
                format!("{:.1}", s.requests_per_s),
                format!("{:.2}", s.share * 100.0),
                format!("{:.2}", s.utilisation),
                if s.up { "up" } else { "down" }.to_string(),
            ]
        })
        .collect();
    let note = match hot.and_then(|i| shards.get(i)) {
        Some(s) => format!(
            "From the {source}. Shard {} on {} takes {:.1} % of the load, {:.1}× its fair share: the hot shard, in red.",
            s.shard,
            s.host,
            s.share * 100.0,
            s.share * n as f64
        ),
        None => format!("From the {source}. No shard carries more than 1.5× its fair share."),
    };
    let figure = Rc::new(shard_figure(shards));
    // Which bar is drawn in the hot colour, read back from the figure itself.
    let detail = figure
        .panels
        .iter()
        .flat_map(|p| p.bars.iter().enumerate())
        .filter(|(_, bar)| bar.paint == Paint::Var("--error") && !bar.hollow)
        .filter_map(|(i, _)| shards.get(i))
        .map(|s| format!("hot shard {}", s.shard))
        .collect::<Vec<_>>()
        .join(" ");
    plot_frame(&PlotFrameProps {
        id: "plot-shards".into(),
        title: "Load per shard".into(),
        note: note.into(),
        figure,
        detail: Some(detail.into()),
        header: vec![
            "shard",
            "host",
            "requests_per_s",
            "share_percent",
            "utilisation",
            "state",
        ],
        rows: Rc::new(rows),
        status: None,
        progress: None,
    })
}

/// Replies, errors and p99 for each second in three bands over one time axis, with the injected
/// failures marked through all three.
pub fn series_figure(series: &[&SecondStats], faults: &[Fault], duration_s: f64) -> Figure {
    let band = |label: &str, paint, value: fn(&SecondStats) -> f64| {
        let points: Vec<(f64, f64)> = series
            .iter()
            .map(|s| (f64::from(s.t_s) + 0.5, value(s)))
            .collect();
        let hi = points.iter().map(|p| p.1).fold(0.0, f64::max);
        let mut panel = Panel::new(Axis::linear(
            label,
            0.0,
            if hi > 0.0 { hi * 1.1 } else { 1.0 },
            Ticks::Number,
        ));
        panel.lines.push(Line::new(points, paint));
        panel
    };
    let marks = faults
        .iter()
        .filter(|f| f.at_s < duration_s)
        .zip([0.08, 0.3, 0.52, 0.74].into_iter().cycle())
        .map(|(f, label_at)| Mark {
            key: "fault",
            x: f.at_s,
            up_to: None,
            label: f.kind.name().replace('_', " "),
            label_at,
            label_left: false,
            paint: Paint::Var("--error"),
        })
        .collect();
    Figure {
        x: Axis::linear("Simulated time (s)", 0.0, duration_s.max(1.0), Ticks::Number),
        panels: vec![
            band("Replies/s", Paint::Var("--c5"), |s| s.completed as f64),
            band("Errors/s", Paint::Var("--error"), |s| s.errors as f64),
            band("p99 of successes (ms)", Paint::Var("--c1"), |s| s.p99_ms),
        ],
        marks,
        legend: Vec::new(),
        summary: format!(
            "Replies per second, errors per second and the p99 latency of successes for each of {duration_s:.0} simulated seconds, with {} injected failures marked.",
            faults.iter().filter(|f| f.at_s < duration_s).count()
        ),
    }
}

fn series_plot(report: &SimReport, design: &Design) -> Html {
    let (faults, duration_s) = (design.faults.as_slice(), report.duration_s);
    // The drain after the arrival window is not a full second of traffic; leave it out.
    let series: Vec<&SecondStats> = report
        .series
        .iter()
        .filter(|s| f64::from(s.t_s) < duration_s)
        .collect();
    let rows: Vec<Vec<String>> = series
        .iter()
        .map(|s| {
            vec![
                s.t_s.to_string(),
                s.arrivals.to_string(),
                s.completed.to_string(),
                s.errors.to_string(),
                fmt_ms(s.p99_ms),
            ]
        })
        .collect();
    let note = if faults.is_empty() {
        "Each second of the run. Inject a failure below and watch it here (the dashed red line)."
    } else {
        "Each second of the run; the dashed red lines are the injected failures."
    };
    // Errors/s never rise without a word why: the run's causes, worded.
    let database = design.nodes.iter().find_map(|n| n.settings.database());
    let note = match why_errors(report, faults, database) {
        Some(why) => format!("{note} {why}"),
        None => note.to_owned(),
    };
    let figure = Rc::new(series_figure(&series, faults, duration_s));
    plot_frame(&PlotFrameProps {
        id: "plot-timeline".into(),
        title: "Second by second".into(),
        note: note.into(),
        figure,
        detail: None,
        header: vec![
            "second",
            "arrivals",
            "replies",
            "errors",
            "p99_of_successes_ms",
        ],
        rows: Rc::new(rows),
        status: None,
        progress: None,
    })
}

/// The estimate's Apdex, p99 of successes and error share at 21 user counts from 10 to a
/// million: the capacity curve.
pub fn capacity_points(design: &Design) -> Vec<(u32, f64, f64, f64)> {
    log_space(10, 1_000_000, 21)
        .into_iter()
        .filter_map(|u| {
            estimate(design, u)
                .ok()
                .map(|e| (u, e.outcome.apdex, e.outcome.p99_ms, e.outcome.error_rate))
        })
        .collect()
}

/// The simulated capacity's mark label, short enough to sit beside its line on a phone (the
/// legend says what it is): `≈ 4.1k`, `≥ 1M`; none when not even one user meets the target.
fn capacity_label(found: &Capacity) -> Option<(f64, String)> {
    match found.bound {
        Bound::Found => Some((
            f64::from(found.users),
            approx_count(u64::from(found.users), u64::from(found.plus_minus)),
        )),
        Bound::AtCeiling => Some((
            f64::from(found.ceiling),
            format!("≥ {}", short_number(f64::from(found.ceiling))),
        )),
        Bound::BelowOneUser => None,
    }
}

/// The estimate's Apdex (left axis) and p99 (right, log) against users (log), the target Apdex
/// dashed, the simulated capacity and "now" marked.
pub fn capacity_figure(
    points: &[(u32, f64, f64, f64)],
    users: u32,
    found: Option<&Capacity>,
) -> Figure {
    let p99s = || {
        points
            .iter()
            .map(|p| p.2)
            .filter(|v| v.is_finite() && *v > 0.0)
    };
    let p99_hi = p99s().fold(10.0, f64::max);
    let p99_lo = p99s().fold(p99_hi, f64::min);
    let mut panel = Panel::new(Axis::linear("Apdex", 0.0, 1.0, Ticks::Tenths));
    let right = Axis::log("p99 (ms, log)", p99_lo, p99_hi);
    panel.lines.push(Line::new(
        points.iter().map(|&(u, a, ..)| (f64::from(u), a)).collect(),
        Paint::Var("--c5"),
    ));
    panel.lines.push(Line {
        on_right: true,
        ..Line::new(
            points
                .iter()
                .filter(|p| p.2.is_finite() && p.2 > 0.0)
                .map(|&(u, _, p, _)| (f64::from(u), p))
                .collect(),
            Paint::Var("--c1"),
        )
    });
    panel.right = Some(right);
    panel.levels.push(Level {
        y: found.map_or(DEFAULT_TARGET_APDEX, |c| c.target.min_apdex),
        paint: Paint::Var("--muted"),
    });
    let mut marks = Vec::new();
    let capacity = found.and_then(capacity_label);
    if let Some((x, figure)) = &capacity {
        marks.push(Mark {
            key: "capacity",
            x: x.clamp(10.0, 1_000_000.0),
            up_to: None,
            label: figure.clone(),
            label_at: 0.06,
            label_left: true,
            paint: Paint::Var("--error"),
        });
    }
    marks.push(Mark {
        key: "now",
        x: f64::from(users).clamp(10.0, 1_000_000.0),
        up_to: None,
        label: "now".into(),
        label_at: 0.94,
        label_left: false,
        paint: Paint::Var("--muted"),
    });
    let found_text = match found {
        Some(found) => format!("; capacity {}", found.sentence()),
        None => String::new(),
    };
    let mut legend = vec![
        Key::line("Apdex (estimate)", Paint::Var("--c5")),
        Key::line("p99 of successes (estimate)", Paint::Var("--c1")),
    ];
    if capacity.is_some() {
        legend.push(Key {
            sample: Sample::Dashed,
            ..Key::line("capacity (simulated)", Paint::Var("--error"))
        });
    }
    Figure {
        x: Axis::log("Users (log scale)", 10.0, 1_000_000.0),
        panels: vec![panel],
        marks,
        legend,
        summary: format!(
            "The estimate's Apdex and p99 latency of successes against users on a log scale, the error share in its table{found_text}."
        ),
    }
}

/// The capacity plot: the estimate's curve, and the search's figure or its progress. `faults`
/// counts the design's injected failures, which the figure leaves out.
pub fn capacity_plot(
    points: &[(u32, f64, f64, f64)],
    users: u32,
    status: &CapacityStatus,
    faults: usize,
) -> Html {
    if points.is_empty() {
        return html! {};
    }
    let rows: Vec<Vec<String>> = points
        .iter()
        .map(|(u, a, p, e)| {
            vec![
                u.to_string(),
                format!("{a:.3}"),
                fmt_ms(*p),
                format!("{e:.4}"),
            ]
        })
        .collect();
    let found = match status {
        CapacityStatus::Done(found) => Some(found.as_ref()),
        CapacityStatus::Searching { .. } | CapacityStatus::Failed(_) => None,
    };
    let target = found.map_or(DEFAULT_TARGET_APDEX, |c| c.target.min_apdex);
    let mut note = format!(
        "The lines are the estimate at 21 user counts; the dashed line is the target, Apdex {target}. The capacity, in red, is the most users at which seeded simulations still reach it."
    );
    if faults > 0 {
        note.push_str(" The injected failures are not part of it: it is the steady state.");
    }
    let progress = match status {
        CapacityStatus::Searching { fraction, .. } => Some(*fraction),
        CapacityStatus::Done(_) | CapacityStatus::Failed(_) => None,
    };
    let status = match status {
        CapacityStatus::Searching {
            seeds_done,
            seeds,
            runs,
            fraction,
        } => format!(
            "Simulating the capacity: seed {} of {seeds}, {runs} runs, {:.0} % done…",
            seeds_done.saturating_add(1).min(*seeds),
            fraction * 100.0
        ),
        CapacityStatus::Done(found) => format!("Capacity {}.", found.sentence()),
        CapacityStatus::Failed(message) => format!("No capacity: {message}"),
    };
    let figure = Rc::new(capacity_figure(points, users, found));
    plot_frame(&PlotFrameProps {
        id: "plot-capacity".into(),
        title: "Capacity: Apdex and p99 of successes against users".into(),
        note: note.into(),
        figure,
        detail: None,
        header: vec![
            "users",
            "estimate_apdex",
            "estimate_p99_of_successes_ms",
            "estimate_error_rate",
        ],
        rows: Rc::new(rows),
        status: Some(status.into()),
        progress,
    })
}

/// The plots panel: a plain function, not a component (a component costs the Board's page about
/// 0.7 kB of brotli); each plot's canvas is redrawn only when its figure changes.
pub fn plots(props: &PlotsProps) -> Html {
    let show = props.show;
    let shards = match props.report {
        _ if !show.shards => html! {},
        Some(report) if !report.outcome.shards.is_empty() => {
            match props.second.and_then(|t| Some((t, report.shards_at(t)?))) {
                Some((t, shards)) => shard_plot(&shards, &format!("simulation's second {t} alone")),
                None => shard_plot(&report.outcome.shards, "simulation"),
            }
        }
        _ if !props.estimate_shards.is_empty() => shard_plot(props.estimate_shards, "estimate"),
        _ => html! {},
    };
    let from_run = match props.report {
        Some(report) => html! {
            <>
                if show.latency { { cdf_plot(report) } }
                if show.timeline { { series_plot(report, props.design) } }
            </>
        },
        None if show.latency => html! {
            <p class="muted plot-wait">{ "The latency CDF and the second-by-second plot appear when the simulation finishes." }</p>
        },
        None if show.timeline => html! {
            <p class="muted plot-wait">{ "The second-by-second plot appears when the simulation finishes." }</p>
        },
        None => html! {},
    };
    html! {
        <section class="panel board-plots" aria-labelledby="board-plots-title">
            <h2 id="board-plots-title">{ "Plots" }</h2>
            <div class="plot-grid">
                { shards }
                { from_run }
                if show.capacity { <CapacityPlot design={props.design.clone()} users={props.users} /> }
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way a placed label can collide: with a line or level of the first panel, another
    /// mark's line, another label, or the drawing's edge. Empty when the labels are clear.
    fn collisions(figure: &Figure, width: u32, height: u32) -> Vec<String> {
        use crate::chart::labels::segment_hits;
        let labels = figure.place_mark_labels(width, height);
        let obstacles = figure.obstacles_for_tests(width, height);
        let lines = figure.mark_lines_for_tests(width, height);
        let mut found = Vec::new();
        assert_eq!(labels.len(), figure.marks.len(), "every mark has a label");
        for (i, label) in labels.iter().enumerate() {
            let r = label.rect;
            if r.l < 0.0 || r.r > f64::from(width) || r.t < 0.0 || r.b > f64::from(height) {
                found.push(format!(
                    "{} leaves the {width}×{height} drawing",
                    label.text
                ));
            }
            // The margins beside the plot hold the axes' tick labels: the left one always, the
            // right one when there is a second axis.
            let plot = figure.plot_rect_for_tests(width, height);
            let has_right = figure.panels.first().is_some_and(|p| p.right.is_some());
            if plot.is_some_and(|p| r.l < p.l || (has_right && r.r > p.r)) {
                found.push(format!(
                    "{} runs into an axis at {width}×{height}",
                    label.text
                ));
            }
            for line in &obstacles {
                if line
                    .windows(2)
                    .any(|w| matches!(w, [a, b] if segment_hits(*a, *b, &r)))
                {
                    found.push(format!("{} crosses a line at {width}×{height}", label.text));
                }
            }
            for (j, &(x, top, bottom)) in lines.iter().enumerate() {
                if j != i && segment_hits((x, top), (x, bottom), &r) {
                    found.push(format!(
                        "{} crosses mark {j} at {width}×{height}",
                        label.text
                    ));
                }
            }
            for other in labels.iter().skip(i.saturating_add(1)) {
                if other.rect.overlaps(&r) {
                    found.push(format!(
                        "{} overlaps {} at {width}×{height}",
                        label.text, other.text
                    ));
                }
            }
        }
        found
    }

    /// The sizes a plot is drawn at: a desktop column, a phone, and the SVG export.
    const SIZES: [(u32, u32); 4] = [(600, 380), (520, 330), (340, 280), (640, 360)];

    #[test]
    fn the_cdf_labels_keep_clear_of_the_curve_and_each_other() {
        let mut checked = 0;
        for name in shardlab_core::sim::PRESET_NAMES {
            let Some(preset) = shardlab_core::sim::preset(name) else {
                continue;
            };
            for users in [300, 4_000, 30_000] {
                let Ok(report) = shardlab_core::sim::simulate(&preset.design, users, 7, 20.0)
                else {
                    continue;
                };
                let figure = cdf_figure(&report);
                for (w, h) in SIZES {
                    let found = collisions(&figure, w, h);
                    assert!(found.is_empty(), "{name} at {users} users: {found:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 12, "only {checked} CDFs were checked");
    }

    /// A finished search's result at `users`, as the core would give it.
    fn found(users: u32, bound: Bound) -> Capacity {
        Capacity {
            users,
            plus_minus: shardlab_core::sim::capacity::step(users),
            lowest: users,
            highest: users,
            bound,
            ceiling: 1_000_000,
            first_to_saturate: None,
            seeds: Vec::new(),
            simulations: 15,
            estimate_users: users,
            faults_left_out: 0,
            target: shardlab_core::sim::capacity::Target::default(),
            duration_s: 60.0,
        }
    }

    #[test]
    fn the_capacity_and_now_labels_keep_apart() {
        let mut checked = 0;
        for name in shardlab_core::sim::PRESET_NAMES {
            let Some(preset) = shardlab_core::sim::preset(name) else {
                continue;
            };
            let points = capacity_points(&preset.design);
            // The presets' figures are near 4k, 6k and 41k; the plot must hold any.
            for at in [40, 4_052, 6_046, 41_302, 300_000] {
                let capacity = found(at, Bound::Found);
                // "now" on the mark, just either side of it, and far from it.
                for users in [at, at / 2, at * 2, at / 30, 10] {
                    let figure = capacity_figure(&points, users, Some(&capacity));
                    assert_eq!(figure.mark_keys(), "capacity now");
                    for (w, h) in SIZES {
                        let found = collisions(&figure, w, h);
                        assert!(
                            found.is_empty(),
                            "{name}, now {users}, capacity {at}: {found:?}"
                        );
                        checked += 1;
                    }
                }
            }
            let ceiling = found(1_000_000, Bound::AtCeiling);
            for users in [10, 4_000, 1_000_000] {
                let figure = capacity_figure(&points, users, Some(&ceiling));
                for (w, h) in SIZES {
                    let found = collisions(&figure, w, h);
                    assert!(
                        found.is_empty(),
                        "{name}, now {users}, at the ceiling: {found:?}"
                    );
                }
            }
            let none = found(0, Bound::BelowOneUser);
            assert_eq!(capacity_figure(&points, 10, Some(&none)).mark_keys(), "now");
            assert_eq!(capacity_figure(&points, 10, None).mark_keys(), "now");
        }
        assert!(checked >= 60, "only {checked} capacity curves were checked");
    }

    #[test]
    fn the_capacity_label_is_rounded_to_its_spread() {
        let figure = capacity_figure(&[], 4_000, Some(&found(41_302, Bound::Found)));
        let labels: Vec<&str> = figure.marks.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(labels, ["≈ 41.3k", "now"]);
        assert!(figure
            .summary
            .contains("capacity ≈ 41.3k users, simulated, 0 seeds"));
        let ceiling = capacity_figure(&[], 4_000, Some(&found(1_000_000, Bound::AtCeiling)));
        assert_eq!(
            ceiling.marks.first().map(|m| m.label.as_str()),
            Some("≥ 1M")
        );
    }

    fn shard(i: u32, share: f64) -> ShardLoad {
        ShardLoad {
            shard: i,
            host: format!("MySQL{:03}A", i.saturating_add(1)),
            requests_per_s: share * 100.0,
            share,
            utilisation: share,
            up: true,
        }
    }

    #[test]
    fn a_shard_is_hot_past_one_and_a_half_fair_shares() {
        let even: Vec<ShardLoad> = (0..4).map(|i| shard(i, 0.25)).collect();
        assert_eq!(hot_index(&even), None);
        let skewed = vec![shard(0, 0.2), shard(1, 0.4), shard(2, 0.2), shard(3, 0.2)];
        assert_eq!(hot_index(&skewed), Some(1));
        assert_eq!(hot_index(&[shard(0, 1.0)]), None);
    }

    /// Each panel's y-axis title in an SVG drawing and its y axis: (title, x, y, upright) and
    /// (top, bottom) of each plot, top to bottom.
    type Drawn = (Vec<(String, f64, f64, bool)>, Vec<(f64, f64)>);

    fn titles_and_axes(svg: &str, titles: &[&str]) -> Drawn {
        let attr = |tag: &str, name: &str| -> Option<f64> {
            let (_, after) = tag.split_once(&format!(" {name}=\""))?;
            after.split('"').next()?.parse().ok()
        };
        let mut found = Vec::new();
        for part in svg.split("<text").skip(1) {
            let (tag, rest) = part.split_once('>').unwrap_or_default();
            let text = rest.split("</text>").next().unwrap_or_default().trim();
            if titles.contains(&text) {
                let (x, y) = (attr(tag, "x").unwrap_or(-1.0), attr(tag, "y").unwrap_or(-1.0));
                found.push((text.to_owned(), x, y, tag.contains("rotate(")));
            }
        }
        // The y axes: the muted vertical lines at the plots' left edge.
        let left = f64::from(crate::chart::figure::Y_AXIS_WIDTH + 6);
        let mut axes = Vec::new();
        for part in svg.split("<polyline").skip(1) {
            let tag = part.split('>').next().unwrap_or_default();
            if !tag.contains("stroke=\"#55585E\"") {
                continue;
            }
            let points: Vec<(f64, f64)> = tag
                .split("points=\"")
                .nth(1)
                .unwrap_or_default()
                .split('"')
                .next()
                .unwrap_or_default()
                .split_whitespace()
                .filter_map(|p| {
                    let (x, y) = p.split_once(',')?;
                    Some((x.parse().ok()?, y.parse().ok()?))
                })
                .collect();
            if let [(x0, y0), (x1, y1)] = points[..] {
                if x0 == left && x1 == left && y1 > y0 + 6.0 {
                    axes.push((y0, y1));
                }
            }
        }
        (found, axes)
    }

    #[test]
    fn each_timeline_title_stands_with_its_own_plot() {
        // "Break it" (issue 38): in a widget the p99 band is too short for its title upright,
        // which then lay level right under the Errors/s plot, beside that plot's upright title.
        use shardlab_core::sim::FaultKind;
        let series: Vec<SecondStats> = (0..60)
            .map(|t| SecondStats {
                t_s: t,
                arrivals: 4_000,
                completed: if t >= 20 { 3_500 } else { 4_000 },
                errors: if t >= 20 { 500 } else { 0 },
                p99_ms: 40.0 + f64::from(t % 7),
            })
            .collect();
        let refs: Vec<&SecondStats> = series.iter().collect();
        let dead = [Fault {
            at_s: 20.0,
            kind: FaultKind::MasterDown { shard: 0 },
        }];
        let titles = ["Replies/s", "Errors/s", "p99 of successes (ms)"];
        let mut level = 0;
        for faults in [&dead[..], &[]] {
            let figure = series_figure(&refs, faults, 60.0);
            // The widget at 1280 and 390 px, a narrow column, the full view, the SVG export.
            for (w, h) in [(600, 260), (350, 280), (560, 200), (900, 380), (640, 360)] {
                let svg = crate::chart::view::svg_sized(&figure, (w, h));
                let (found, axes) = titles_and_axes(&svg, &titles);
                let at = format!("{w}×{h}, {} faults", faults.len());
                assert_eq!(found.len(), 3, "{at}: {found:?}");
                assert_eq!(axes.len(), 3, "{at}: {axes:?}");
                let upright = found.iter().filter(|t| t.3).count();
                assert!(upright == 0 || upright == 3, "{at}: one way for all: {found:?}");
                if upright == 3 {
                    continue;
                }
                level += 1;
                for (i, (title, _, foot, _)) in found.iter().enumerate() {
                    let (top, _) = axes[i];
                    // Its foot just above its own plot, its head clear of the plot above.
                    assert!(*foot <= top && *foot >= top - 6.0, "{at}: {title} at {foot}, its plot at {top}");
                    if let Some(&(_, above)) = i.checked_sub(1).and_then(|j| axes.get(j)) {
                        assert!(foot - 13.0 >= above + 3.0, "{at}: {title} at {foot} touches the plot above, which ends at {above}");
                    }
                }
            }
        }
        assert!(level >= 4, "the widget's sizes lay the titles level ({level})");
    }
}
