//! The plots, drawn as plain SVG by our own components (no plotting crate, which keeps the bundle
//! small): the latency CDF with p50/p95/p99, per-shard load with the hot shard in red, the time
//! series around the injected failures, and Apdex and p99 against users (the capacity curve).
//! Each has axis labels with units, a table of its numbers, and SVG and CSV export.
//!
//! Colours are set in `style` attributes with fallbacks (`var(--c5, #0072B2)`), so an exported SVG
//! keeps them outside the page.

use std::rc::Rc;

use shardlab_core::sim::{estimate, Design, Fault, SecondStats, ShardLoad, SimReport};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::geometry::{log_space, ticks};
use crate::components::csv::csv_text;
use crate::components::download::download_text;

const W: f64 = 560.0;
const H: f64 = 250.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 60.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 46.0;
/// The share over the mean at which a shard counts as hot.
pub const HOT_OVER_MEAN: f64 = 1.5;
/// Apdex below this marks the capacity curve's knee.
pub const KNEE_APDEX: f64 = 0.85;

const TEXT: &str = "fill: var(--text, #1c1d1f)";
const MUTED_STROKE: &str = "stroke: var(--muted, #55585e)";

/// The index of the first point past the knee: Apdex under [`KNEE_APDEX`], or p99 more than
/// doubling from one point to the next.
pub fn knee(points: &[(u32, f64, f64)]) -> Option<usize> {
    points.iter().enumerate().position(|(i, (_, apdex, p99))| {
        let jump = i > 0 && *p99 > 2.0 * points[i - 1].2 && *p99 > 50.0;
        *apdex < KNEE_APDEX || jump
    })
}

/// Draws `svg_text` (a standalone SVG of the plot's size) onto a white canvas at twice the size
/// and offers it as a PNG download.
pub fn download_png(name: &str, svg_text: &str) {
    let blob = gloo::file::Blob::new_with_options(svg_text, Some("image/svg+xml"));
    let url = gloo::file::ObjectUrl::from(blob);
    let Ok(image) = web_sys::HtmlImageElement::new() else {
        return;
    };
    let name = name.to_string();
    let target = image.clone();
    let onload = wasm_bindgen::closure::Closure::once_into_js(move || {
        let scale = 2.0;
        let document = gloo::utils::document();
        let Some(canvas) = document
            .create_element("canvas")
            .ok()
            .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            return;
        };
        canvas.set_width((W * scale) as u32);
        canvas.set_height((H * scale) as u32);
        let Some(context) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        context.set_fill_style_str("#ffffff");
        context.fill_rect(0.0, 0.0, W * scale, H * scale);
        let _ = context.draw_image_with_html_image_element_and_dw_and_dh(
            &target,
            0.0,
            0.0,
            W * scale,
            H * scale,
        );
        if let Ok(data) = canvas.to_data_url_with_type("image/png") {
            if let Ok(a) = document.create_element("a") {
                let _ = a.set_attribute("href", &data);
                let _ = a.set_attribute("download", &name);
                if let Ok(a) = a.dyn_into::<web_sys::HtmlElement>() {
                    a.click();
                }
            }
        }
    });
    image.set_onload(Some(onload.unchecked_ref()));
    image.set_src(&url);
    gloo::timers::callback::Timeout::new(10_000, move || drop(url)).forget();
}

fn f1(v: f64) -> String {
    format!("{v:.1}")
}

fn fmt_ms(ms: f64) -> String {
    if ms >= 100.0 {
        format!("{ms:.0}")
    } else if ms >= 10.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.2}")
    }
}

/// A linear or log axis mapping a value range onto pixels.
#[derive(Clone, Copy)]
struct Scale {
    lo: f64,
    hi: f64,
    from: f64,
    to: f64,
    log: bool,
}

impl Scale {
    fn at(self, v: f64) -> f64 {
        let (lo, hi, v) = if self.log {
            (
                libm::log10(self.lo),
                libm::log10(self.hi),
                libm::log10(v.max(self.lo)),
            )
        } else {
            (self.lo, self.hi, v)
        };
        let t = if hi > lo { (v - lo) / (hi - lo) } else { 0.0 };
        self.from + (self.to - self.from) * t.clamp(-0.05, 1.05)
    }

    fn ticks(self) -> Vec<f64> {
        if self.log {
            let mut out = Vec::new();
            let mut decade = libm::pow(10.0, libm::floor(libm::log10(self.lo)));
            while decade <= self.hi * 1.0001 {
                for m in [1.0, 2.0, 5.0] {
                    let v = decade * m;
                    if v >= self.lo * 0.9999 && v <= self.hi * 1.0001 {
                        out.push(v);
                    }
                }
                decade *= 10.0;
            }
            if out.len() > 8 {
                out.retain(|v| {
                    let l = libm::log10(*v);
                    (l - libm::round(l)).abs() < 1e-9
                });
            }
            out
        } else {
            ticks(self.lo, self.hi, 5)
        }
    }
}

fn tick_text(v: f64) -> String {
    if v >= 1_000_000.0 {
        format!("{}M", v / 1_000_000.0)
    } else if v >= 1_000.0 {
        format!("{}k", v / 1_000.0)
    } else if v >= 1.0 || v == 0.0 {
        format!("{}", libm::round(v * 100.0) / 100.0)
    } else {
        format!("{v:.2}")
    }
}

fn x_axis(scale: Scale, y: f64, label: &str, fmt: fn(f64) -> String) -> Html {
    html! {
        <g class="axis">
            <line x1={f1(scale.from)} x2={f1(scale.to)} y1={f1(y)} y2={f1(y)} style={MUTED_STROKE} />
            { for scale.ticks().into_iter().map(|v| html! {
                <g>
                    <line x1={f1(scale.at(v))} x2={f1(scale.at(v))} y1={f1(y)} y2={f1(y + 5.0)} style={MUTED_STROKE} />
                    <text x={f1(scale.at(v))} y={f1(y + 18.0)} text-anchor="middle" style={TEXT} font-size="11">{ fmt(v) }</text>
                </g>
            }) }
            <text x={f1((scale.from + scale.to) / 2.0)} y={f1(y + 36.0)} text-anchor="middle" style={TEXT} font-size="12">{ label.to_string() }</text>
        </g>
    }
}

fn y_axis(scale: Scale, x: f64, label: &str, right: bool, fmt: fn(f64) -> String) -> Html {
    let (tick_end, text_x, anchor) = if right {
        (x + 5.0, x + 8.0, "start")
    } else {
        (x - 5.0, x - 8.0, "end")
    };
    let label_x = if right { x + 48.0 } else { x - 46.0 };
    let mid = (scale.from + scale.to) / 2.0;
    html! {
        <g class="axis">
            <line x1={f1(x)} x2={f1(x)} y1={f1(scale.from)} y2={f1(scale.to)} style={MUTED_STROKE} />
            { for scale.ticks().into_iter().map(|v| html! {
                <g>
                    <line x1={f1(x)} x2={f1(tick_end)} y1={f1(scale.at(v))} y2={f1(scale.at(v))} style={MUTED_STROKE} />
                    <text x={f1(text_x)} y={f1(scale.at(v) + 4.0)} text-anchor={anchor} style={TEXT} font-size="11">{ fmt(v) }</text>
                </g>
            }) }
            <text x={f1(label_x)} y={f1(mid)} text-anchor="middle" style={TEXT} font-size="12"
                transform={format!("rotate(-90 {} {})", f1(label_x), f1(mid))}>{ label.to_string() }</text>
        </g>
    }
}

fn polyline(points: &[(f64, f64)], style: &str, dashed: bool) -> Html {
    let d = points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ");
    html! {
        <polyline points={d} fill="none" style={style.to_string()} stroke-width="2"
            stroke-dasharray={dashed.then_some("5 4")} />
    }
}

/// A figure with its title, the SVG, a table of its numbers and export buttons.
#[derive(Properties, PartialEq)]
pub struct PlotFrameProps {
    /// Element id of the SVG, for the export, and the exported file's stem.
    pub id: AttrValue,
    /// The figure's title.
    pub title: AttrValue,
    /// One sentence on what to look at.
    pub note: AttrValue,
    /// The SVG's children.
    pub svg: Html,
    /// Table header.
    pub header: Vec<&'static str>,
    /// Table rows (also the CSV).
    pub rows: Rc<Vec<Vec<String>>>,
    /// The `aria-label` of the SVG.
    pub alt: AttrValue,
}

/// A plot's frame.
#[function_component(PlotFrame)]
pub fn plot_frame(props: &PlotFrameProps) -> Html {
    let id = props.id.to_string();
    let on_svg = {
        let id = id.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(el) = gloo::utils::document().get_element_by_id(&id) {
                // The browser's serializer escapes every text node, so labels stay text.
                let text = format!(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}",
                    el.outer_html()
                );
                download_text(&format!("{id}.svg"), "image/svg+xml", &text);
            }
        })
    };
    let on_png = {
        let id = id.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(el) = gloo::utils::document().get_element_by_id(&id) {
                download_png(&format!("{id}.png"), &el.outer_html());
            }
        })
    };
    let on_csv = {
        let (id, header, rows) = (id.clone(), props.header.clone(), props.rows.clone());
        Callback::from(move |_: MouseEvent| {
            download_text(&format!("{id}.csv"), "text/csv", &csv_text(&header, &rows));
        })
    };
    html! {
        <figure class="plot" data-plot={id.clone()}>
            <figcaption>
                <h3>{ props.title.clone() }</h3>
                <p class="muted">{ props.note.clone() }</p>
            </figcaption>
            <svg id={id.clone()} xmlns="http://www.w3.org/2000/svg" viewBox={format!("0 0 {W} {H}")}
                width={W.to_string()} height={H.to_string()}
                role="img" aria-label={props.alt.clone()} font-family="system-ui, sans-serif">
                { props.svg.clone() }
            </svg>
            <div class="plot-tools">
                <button type="button" onclick={on_svg}>{ "Export SVG" }</button>
                <button type="button" onclick={on_png}>{ "Export PNG" }</button>
                <button type="button" onclick={on_csv}>{ "Export CSV" }</button>
            </div>
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
#[derive(Properties, PartialEq)]
pub struct PlotsProps {
    /// The finished simulation, if any.
    pub report: Option<Rc<SimReport>>,
    /// Per-shard load from the estimate, used until the simulation finishes.
    pub estimate_shards: Vec<ShardLoad>,
    /// The design, for the capacity curve.
    pub design: Design,
    /// Current users, marked on the capacity curve.
    pub users: u32,
}

fn cdf_plot(report: &SimReport) -> Html {
    let points: Vec<(f64, f64)> = report
        .latency_cdf
        .iter()
        .filter(|p| p.ms.is_finite() && p.ms > 0.0)
        .map(|p| (p.ms, p.fraction))
        .collect();
    let lo = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let hi = points.iter().map(|p| p.0).fold(0.0, f64::max);
    let (lo, hi) = if lo.is_finite() && hi > lo {
        (lo.max(0.01), hi)
    } else {
        (1.0, 10.0)
    };
    let x = Scale {
        lo,
        hi,
        from: LEFT,
        to: W - RIGHT,
        log: true,
    };
    let y = Scale {
        lo: 0.0,
        hi: 1.0,
        from: H - BOTTOM,
        to: TOP,
        log: false,
    };
    let line: Vec<(f64, f64)> = points.iter().map(|(ms, f)| (x.at(*ms), y.at(*f))).collect();
    let marks = [
        ("p50", report.p50_ms, 0.5),
        ("p95", report.p95_ms, 0.95),
        ("p99", report.p99_ms, 0.99),
    ];
    let rows: Vec<Vec<String>> = points
        .iter()
        .map(|(ms, f)| vec![fmt_ms(*ms), format!("{:.4}", f)])
        .collect();
    let svg = html! {
        <>
            { x_axis(x, H - BOTTOM, "Latency (ms, log scale)", tick_text) }
            { y_axis(y, LEFT, "Share of replies", false, |v| format!("{:.0} %", v * 100.0)) }
            { polyline(&line, "stroke: var(--c5, #0072B2)", false) }
            { for marks.iter().enumerate().map(|(i, (name, ms, q))| html! {
                <g class="quantile" data-quantile={*name}>
                    <line x1={f1(x.at(*ms))} x2={f1(x.at(*ms))} y1={f1(y.at(0.0))} y2={f1(y.at(*q))}
                        style={MUTED_STROKE} stroke-dasharray="3 3" />
                    <text x={f1(x.at(*ms) + 4.0)} y={f1(TOP + 12.0 + 14.0 * i as f64)} style={TEXT} font-size="11">
                        { format!("{name} {} ms", fmt_ms(*ms)) }
                    </text>
                </g>
            }) }
        </>
    };
    html! {
        <PlotFrame id="plot-latency-cdf" title="Latency CDF"
            note={format!("Of {} successful replies: half within {} ms, 99 % within {} ms.",
                crate::components::format::format_count(report.completed), fmt_ms(report.p50_ms), fmt_ms(report.p99_ms))}
            alt="Cumulative share of replies against latency, with p50, p95 and p99 marked"
            {svg} header={vec!["latency_ms", "share_of_replies"]} rows={Rc::new(rows)} />
    }
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

fn shard_plot(shards: &[ShardLoad], source: &str) -> Html {
    let n = shards.len().max(1);
    let top = shards.iter().map(|s| s.share).fold(0.0, f64::max);
    let y = Scale {
        lo: 0.0,
        hi: (top * 1.15).max(1.5 / n as f64).min(1.0),
        from: H - BOTTOM,
        to: TOP,
        log: false,
    };
    let hot = hot_index(shards);
    let slot = (W - LEFT - RIGHT) / n as f64;
    let bars = shards.iter().enumerate().map(|(i, s)| {
        let is_hot = Some(i) == hot;
        let x = LEFT + slot * i as f64 + slot * 0.15;
        let style = if is_hot {
            "fill: var(--error, #b3261e)"
        } else if !s.up {
            "fill: var(--surface-2, #f1f1ee); stroke: var(--error, #b3261e)"
        } else {
            "fill: var(--c6, #D55E00)"
        };
        html! {
            <rect class={classes!("shard-bar", is_hot.then_some("hot"))} data-shard={s.shard.to_string()}
                x={f1(x)} y={f1(y.at(s.share))} width={f1(slot * 0.7)} height={f1(y.at(0.0) - y.at(s.share))}
                style={style}>
                <title>{ format!("shard {} ({}): {:.1} % of database requests{}", s.shard, s.host, s.share * 100.0,
                    if is_hot { ", the hot shard" } else { "" }) }</title>
            </rect>
        }
    });
    let labels = (n <= 16).then(|| {
        shards
            .iter()
            .enumerate()
            .map(|(i, s)| {
                html! {
                    <text x={f1(LEFT + slot * (i as f64 + 0.5))} y={f1(H - BOTTOM + 16.0)} text-anchor="middle" style={TEXT} font-size="11">{ s.shard.to_string() }</text>
                }
            })
            .collect::<Html>()
    });
    let ideal = 1.0 / n as f64;
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
    let svg = html! {
        <>
            { y_axis(y, LEFT, "Share of DB requests", false, |v| format!("{:.0} %", v * 100.0)) }
            <line x1={f1(LEFT)} x2={f1(W - RIGHT)} y1={f1(H - BOTTOM)} y2={f1(H - BOTTOM)} style={MUTED_STROKE} />
            { for bars }
            { for labels }
            <line class="ideal" x1={f1(LEFT)} x2={f1(W - RIGHT)} y1={f1(y.at(ideal))} y2={f1(y.at(ideal))}
                style={MUTED_STROKE} stroke-dasharray="6 4" />
            <text x={f1(W - RIGHT + 4.0)} y={f1(y.at(ideal) + 4.0)} style={TEXT} font-size="11">{ "fair" }</text>
            <text x={f1((LEFT + W - RIGHT) / 2.0)} y={f1(H - BOTTOM + 36.0)} text-anchor="middle" style={TEXT} font-size="12">{ "Physical shard" }</text>
        </>
    };
    html! {
        <PlotFrame id="plot-shards" title="Load per shard" {note}
            alt="Share of database requests per physical shard; the dashed line is the fair share"
            {svg} header={vec!["shard", "host", "requests_per_s", "share_percent", "utilisation", "state"]}
            rows={Rc::new(rows)} />
    }
}

/// A time-series panel: its label, the value it reads from a second, its line style.
type SeriesPanel = (&'static str, fn(&SecondStats) -> f64, &'static str);

fn series_plot(series: &[SecondStats], faults: &[Fault], duration_s: f64) -> Html {
    // The drain after the arrival window is not a full second of traffic; leave it out.
    let series: Vec<&SecondStats> = series
        .iter()
        .filter(|s| f64::from(s.t_s) < duration_s)
        .collect();
    let panels: [SeriesPanel; 3] = [
        (
            "Replies/s",
            |s| s.completed as f64,
            "stroke: var(--c5, #0072B2)",
        ),
        (
            "Errors/s",
            |s| s.errors as f64,
            "stroke: var(--error, #b3261e)",
        ),
        ("p99 (ms)", |s| s.p99_ms, "stroke: var(--c1, #E69F00)"),
    ];
    let x = Scale {
        lo: 0.0,
        hi: duration_s.max(1.0),
        from: LEFT,
        to: W - RIGHT,
        log: false,
    };
    let band = (H - TOP - BOTTOM) / 3.0;
    let drawn = panels.iter().enumerate().map(|(i, (label, value, style))| {
        let top = TOP + band * i as f64;
        let hi = series.iter().map(|s| value(s)).fold(0.0, f64::max);
        let y = Scale {
            lo: 0.0,
            hi: if hi > 0.0 { hi * 1.1 } else { 1.0 },
            from: top + band - 6.0,
            to: top + 4.0,
            log: false,
        };
        let line: Vec<(f64, f64)> = series
            .iter()
            .map(|s| (x.at(f64::from(s.t_s) + 0.5), y.at(value(s))))
            .collect();
        html! {
            <g class="series-panel">
                <line x1={f1(LEFT)} x2={f1(LEFT)} y1={f1(y.from)} y2={f1(y.to)} style={MUTED_STROKE} />
                if hi > 0.0 {
                    <text x={f1(LEFT - 6.0)} y={f1(y.to + 8.0)} text-anchor="end" style={TEXT} font-size="10">{ tick_text(libm::round(hi)) }</text>
                }
                <text x={f1(LEFT - 6.0)} y={f1(y.from)} text-anchor="end" style={TEXT} font-size="10">{ "0" }</text>
                <text x={f1(W - RIGHT + 4.0)} y={f1(top + band / 2.0)} style={TEXT} font-size="11">{ *label }</text>
                { polyline(&line, style, false) }
            </g>
        }
    });
    let marks = faults.iter().filter(|f| f.at_s < duration_s).map(|f| {
        html! {
            <g class="fault-mark">
                <line x1={f1(x.at(f.at_s))} x2={f1(x.at(f.at_s))} y1={f1(TOP)} y2={f1(H - BOTTOM)}
                    style="stroke: var(--error, #b3261e)" stroke-dasharray="4 3" />
                <text x={f1(x.at(f.at_s) + 3.0)} y={f1(TOP + 8.0)} style={TEXT} font-size="10">{ f.kind.name().replace('_', " ") }</text>
            </g>
        }
    });
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
    let svg = html! {
        <>
            { for drawn }
            { for marks }
            { x_axis(x, H - BOTTOM, "Simulated time (s)", tick_text) }
        </>
    };
    html! {
        <PlotFrame id="plot-timeline" title="Second by second" note={note}
            alt="Replies per second, errors per second and p99 latency for each simulated second"
            {svg} header={vec!["second", "arrivals", "replies", "errors", "p99_ms"]} rows={Rc::new(rows)} />
    }
}

fn capacity_plot(design: &Design, users: u32) -> Html {
    let points: Vec<(u32, f64, f64)> = log_space(10, 1_000_000, 21)
        .into_iter()
        .filter_map(|u| estimate(design, u).ok().map(|e| (u, e.apdex, e.p99_ms)))
        .collect();
    if points.is_empty() {
        return html! {};
    }
    let x = Scale {
        lo: 10.0,
        hi: 1_000_000.0,
        from: LEFT,
        to: W - RIGHT,
        log: true,
    };
    let ya = Scale {
        lo: 0.0,
        hi: 1.0,
        from: H - BOTTOM,
        to: TOP,
        log: false,
    };
    let p99_hi = points
        .iter()
        .map(|p| p.2)
        .filter(|v| v.is_finite())
        .fold(10.0, f64::max);
    let p99_lo = points
        .iter()
        .map(|p| p.2)
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold(p99_hi, f64::min)
        .min(p99_hi / 10.0);
    let yp = Scale {
        lo: p99_lo.max(0.1),
        hi: p99_hi * 1.2,
        from: H - BOTTOM,
        to: TOP,
        log: true,
    };
    let apdex_line: Vec<(f64, f64)> = points
        .iter()
        .map(|(u, a, _)| (x.at(f64::from(*u)), ya.at(*a)))
        .collect();
    let p99_line: Vec<(f64, f64)> = points
        .iter()
        .map(|(u, _, p)| (x.at(f64::from(*u)), yp.at(*p)))
        .collect();
    let knee_at = knee(&points).and_then(|i| points.get(i));
    let knee_mark = knee_at.map(|(u, _, _)| {
        let kx = x.at(f64::from(*u));
        html! {
            <g class="knee" data-users={u.to_string()}>
                <line x1={f1(kx)} x2={f1(kx)} y1={f1(TOP)} y2={f1(H - BOTTOM)} style="stroke: var(--error, #b3261e)" stroke-dasharray="5 4" />
                <text x={f1(kx - 4.0)} y={f1(TOP + 10.0)} text-anchor="end" style={TEXT} font-size="11">
                    { format!("knee ≈ {}", shardlab_core::sim::report::format_users(*u)) }
                </text>
            </g>
        }
    });
    let ux = x.at(f64::from(users));
    let rows: Vec<Vec<String>> = points
        .iter()
        .map(|(u, a, p)| vec![u.to_string(), format!("{a:.3}"), fmt_ms(*p)])
        .collect();
    let note = match knee_at {
        Some((u, _, _)) => format!(
            "From the estimate at 21 user counts. Past about {} users Apdex falls under {KNEE_APDEX} or p99 jumps: the knee.",
            crate::components::format::format_count(u64::from(*u))
        ),
        None => "From the estimate at 21 user counts. This design holds up to a million users.".to_string(),
    };
    let svg = html! {
        <>
            { x_axis(x, H - BOTTOM, "Users (log scale)", tick_text) }
            { y_axis(ya, LEFT, "Apdex", false, |v| format!("{v:.1}")) }
            { y_axis(yp, W - RIGHT, "p99 (ms, log)", true, tick_text) }
            { polyline(&apdex_line, "stroke: var(--c5, #0072B2)", false) }
            { polyline(&p99_line, "stroke: var(--c1, #E69F00)", false) }
            { for knee_mark }
            <line class="you-are-here" x1={f1(ux)} x2={f1(ux)} y1={f1(TOP)} y2={f1(H - BOTTOM)} style={MUTED_STROKE} stroke-dasharray="2 3" />
            <text x={f1(ux + 4.0)} y={f1(H - BOTTOM - 6.0)} style={TEXT} font-size="11">{ "now" }</text>
            <g class="legend">
                <line x1={f1(LEFT + 10.0)} x2={f1(LEFT + 30.0)} y1={f1(H - 6.0)} y2={f1(H - 6.0)} style="stroke: var(--c5, #0072B2)" stroke-width="2" />
                <text x={f1(LEFT + 34.0)} y={f1(H - 2.0)} style={TEXT} font-size="11">{ "Apdex" }</text>
                <line x1={f1(LEFT + 90.0)} x2={f1(LEFT + 110.0)} y1={f1(H - 6.0)} y2={f1(H - 6.0)} style="stroke: var(--c1, #E69F00)" stroke-width="2" />
                <text x={f1(LEFT + 114.0)} y={f1(H - 2.0)} style={TEXT} font-size="11">{ "p99" }</text>
            </g>
        </>
    };
    html! {
        <PlotFrame id="plot-capacity" title="Capacity: Apdex and p99 against users" {note}
            alt="Apdex and p99 latency from the estimate against users on a log scale, with the knee marked"
            {svg} header={vec!["users", "apdex", "p99_ms"]} rows={Rc::new(rows)} />
    }
}

/// The plots panel.
#[function_component(Plots)]
pub fn plots(props: &PlotsProps) -> Html {
    let capacity = {
        let design = props.design.clone();
        let users = props.users;
        use_memo((design, users), |(design, users)| {
            capacity_plot(design, *users)
        })
    };
    let shards = match &props.report {
        Some(report) if !report.shards.is_empty() => shard_plot(&report.shards, "simulation"),
        _ if !props.estimate_shards.is_empty() => shard_plot(&props.estimate_shards, "estimate"),
        _ => html! {},
    };
    let from_run = match &props.report {
        Some(report) => html! {
            <>
                { cdf_plot(report) }
                { series_plot(&report.series, &props.design.faults, report.duration_s) }
            </>
        },
        None => html! {
            <p class="muted plot-wait">{ "The latency CDF and the second-by-second plot appear when the simulation finishes." }</p>
        },
    };
    html! {
        <section class="panel board-plots" aria-labelledby="board-plots-title">
            <h2 id="board-plots-title">{ "Plots" }</h2>
            <div class="plot-grid">
                { shards }
                { from_run }
                { (*capacity).clone() }
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_knee_is_where_apdex_drops_or_p99_jumps() {
        let flat = [(10, 1.0, 20.0), (100, 0.99, 21.0), (1000, 0.97, 25.0)];
        assert_eq!(knee(&flat), None);
        let drop = [(10, 1.0, 20.0), (100, 0.9, 30.0), (1000, 0.5, 40.0)];
        assert_eq!(knee(&drop), Some(2));
        let jump = [(10, 1.0, 30.0), (100, 0.95, 200.0)];
        assert_eq!(knee(&jump), Some(1));
    }

    fn shard(i: u32, share: f64) -> ShardLoad {
        ShardLoad {
            shard: i,
            host: format!("MySQL{:03}A", i + 1),
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
}
