//! One plot, drawn as SVG from the plot's numbers, with a table as its text alternative and
//! exports to SVG (the element itself, with the page's colours written in) and PNG (that SVG drawn
//! onto a canvas). The plotters crate drew these first, but its canvas back end alone added
//! 35 kB brotli to a site with a 250 kB budget, so the view draws its own axes.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::csv::csv_text;
use crate::components::download::download_text;

/// Picture size in viewBox units (CSS scales it to the panel).
pub const WIDTH: u32 = 640;
pub const HEIGHT: u32 = 360;

/// How a series is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// Bars from 0, one per point, each in its own colour.
    Bars,
    /// A solid line with markers, and the min–max spread as whiskers when given.
    Line,
    /// A dashed line: the ideal or theoretical value.
    Dashed,
}

/// A colour as a CSS custom property (resolved when drawing), or a fixed hex.
#[derive(Debug, Clone, PartialEq)]
pub enum Paint {
    Var(&'static str),
    Hex(&'static str),
}

/// One series.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    pub kind: Kind,
    pub paint: Paint,
    /// Per-point colours for bars.
    pub point_paints: Vec<Paint>,
    /// (x, y) points.
    pub points: Vec<(f64, f64)>,
    /// (x, min, max) spread, drawn as whiskers.
    pub spread: Vec<(f64, f64, f64)>,
}

/// A plot.
#[derive(Debug, Clone, PartialEq)]
pub struct Plot {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub x_range: (f64, f64),
    pub y_range: (f64, f64),
    /// Labels for integer x values (bars), else numbers are shown.
    pub x_names: Vec<String>,
    pub series: Vec<Series>,
    /// How the table names the x column.
    pub x_column: String,
}

/// Formats an x value as the axis and the table show it.
pub fn format_x(plot: &Plot, x: f64) -> String {
    if !plot.x_names.is_empty() {
        let i = x.round();
        if (x - i).abs() < 1e-6 && i >= 0.0 {
            return plot.x_names.get(i as usize).cloned().unwrap_or_default();
        }
        return String::new();
    }
    format!("{x}")
}

/// `#rgb` or `#rrggbb` → (r, g, b).
pub fn parse_hex(text: &str) -> Option<(u8, u8, u8)> {
    let hex = text.trim().strip_prefix('#')?;
    let digits: Vec<u8> = hex
        .chars()
        .map(|c| c.to_digit(16).and_then(|d| u8::try_from(d).ok()))
        .collect::<Option<_>>()?;
    match digits.as_slice() {
        [r, g, b] => Some((r * 17, g * 17, b * 17)),
        [r1, r2, g1, g2, b1, b2] => Some((r1 * 16 + r2, g1 * 16 + g2, b1 * 16 + b2)),
        _ => None,
    }
}

/// The CSS value of a paint.
fn css(paint: &Paint) -> String {
    match paint {
        Paint::Var(name) => format!("var({name})"),
        Paint::Hex(hex) => (*hex).to_owned(),
    }
}

/// A "nice" tick step (1, 2 or 5 × 10^k) for about `count` ticks over `span`.
pub fn nice_step(span: f64, count: f64) -> f64 {
    if span.is_nan() || span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let raw = span / count.max(1.0);
    // The power of ten at or below `raw`, by steps (no logarithms: they cost bundle size).
    let mut power = 1.0;
    while power > raw && power > 1e-12 {
        power /= 10.0;
    }
    while power * 10.0 <= raw && power < 1e12 {
        power *= 10.0;
    }
    let unit = raw / power;
    let nice = if unit < 1.5 {
        1.0
    } else if unit < 3.5 {
        2.0
    } else if unit < 7.5 {
        5.0
    } else {
        10.0
    };
    nice * power
}

/// Tick values from `low` to `high` at multiples of `step`.
pub fn ticks(low: f64, high: f64, step: f64) -> Vec<f64> {
    let mut out = Vec::new();
    let first = low / step - 1e-9;
    let mut k = first as i64 as f64;
    if k < first {
        k += 1.0;
    }
    while k * step <= high + 1e-9 && out.len() < 50 {
        out.push(k * step);
        k += 1.0;
    }
    out
}

fn tick_label(y: f64, step: f64) -> String {
    if y.abs() >= 1000.0 {
        crate::components::format::format_count(y.round() as u64)
    } else if step >= 1.0 {
        format!("{y:.0}")
    } else if step >= 0.1 {
        format!("{y:.1}")
    } else {
        format!("{y:.2}")
    }
}

const LEFT: f64 = 72.0;
/// Right margin without a legend; with one, the legend sits outside the axes, to the right.
const RIGHT: f64 = 16.0;
const LEGEND: f64 = 150.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 52.0;

/// Maps data to picture coordinates.
struct Frame<'a> {
    plot: &'a Plot,
}

impl Frame<'_> {
    fn right(&self) -> f64 {
        let legend = if self.plot.series.len() > 1 {
            LEGEND
        } else {
            0.0
        };
        f64::from(WIDTH) - RIGHT - legend
    }
    fn x(&self, x: f64) -> f64 {
        let (a, b) = self.plot.x_range;
        LEFT + (x - a) / (b - a) * (self.right() - LEFT)
    }
    fn y(&self, y: f64) -> f64 {
        let (a, b) = self.plot.y_range;
        f64::from(HEIGHT) - BOTTOM - (y - a) / (b - a) * (f64::from(HEIGHT) - TOP - BOTTOM)
    }
    fn points(&self, points: &[(f64, f64)]) -> String {
        points
            .iter()
            .map(|&(x, y)| format!("{:.1},{:.1}", self.x(x), self.y(y)))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Escapes text for SVG markup.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The plot as SVG markup (the inside of the `<svg>` element).
pub fn picture(plot: &Plot) -> String {
    use std::fmt::Write;
    let f = Frame { plot };
    let (x0, x1) = plot.x_range;
    let (y0, y1) = plot.y_range;
    let (w, h) = (f64::from(WIDTH), f64::from(HEIGHT));
    let base = h - BOTTOM;
    let right = f.right();
    let mut out = String::with_capacity(8_192);
    let _ = write!(
        out,
        r#"<rect class="rv-plot-bg" x="0" y="0" width="{w}" height="{h}"/>"#
    );
    let y_step = nice_step(y1 - y0, 5.0);
    for y in ticks(y0, y1, y_step) {
        let py = f.y(y);
        let _ = write!(
            out,
            r#"<line class="rv-grid-line" x1="{LEFT}" x2="{right}" y1="{py:.1}" y2="{py:.1}"/><text class="rv-tick-label" x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            LEFT - 8.0,
            py + 4.0,
            tick_label(y, y_step)
        );
    }
    let _ = write!(
        out,
        r#"<line class="rv-axis" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{base}"/><line class="rv-axis" x1="{LEFT}" x2="{right}" y1="{base}" y2="{base}"/>"#
    );
    let x_values: Vec<f64> = if !plot.x_names.is_empty() {
        let every = plot.x_names.len().div_ceil(16).max(1);
        (0..plot.x_names.len())
            .step_by(every)
            .map(|i| i as f64)
            .collect()
    } else {
        ticks(x0, x1, nice_step(x1 - x0, 8.0))
    };
    for x in x_values {
        let px = f.x(x);
        let _ = write!(
            out,
            r#"<line class="rv-axis" x1="{px:.1}" x2="{px:.1}" y1="{base}" y2="{}"/><text class="rv-tick-label" x="{px:.1}" y="{}" text-anchor="middle">{}</text>"#,
            base + 5.0,
            base + 18.0,
            escape(&format_x(plot, x))
        );
    }
    for s in &plot.series {
        let colour = css(&s.paint);
        match s.kind {
            Kind::Bars => {
                for (i, &(x, y)) in s.points.iter().enumerate() {
                    let fill = s.point_paints.get(i).map_or(colour.clone(), css);
                    let (l, r) = (f.x(x - 0.35), f.x(x + 0.35));
                    let (top, floor) = (f.y(y), f.y(y0.max(0.0)));
                    let _ = write!(
                        out,
                        r#"<rect x="{l:.1}" y="{top:.1}" width="{:.1}" height="{:.1}" style="fill:{fill}"/>"#,
                        r - l,
                        (floor - top).max(0.0)
                    );
                }
            }
            Kind::Line => {
                for &(x, lo, hi) in &s.spread {
                    let px = f.x(x);
                    let _ = write!(
                        out,
                        r#"<line x1="{px:.1}" x2="{px:.1}" y1="{:.1}" y2="{:.1}" style="stroke:{colour};stroke-width:1.5"/>"#,
                        f.y(lo),
                        f.y(hi)
                    );
                }
                let _ = write!(
                    out,
                    r#"<polyline points="{}" style="fill:none;stroke:{colour};stroke-width:2"/>"#,
                    f.points(&s.points)
                );
                for &(x, y) in &s.points {
                    let _ = write!(
                        out,
                        r#"<circle cx="{:.1}" cy="{:.1}" r="3" style="fill:{colour}"/>"#,
                        f.x(x),
                        f.y(y)
                    );
                }
            }
            Kind::Dashed => {
                let _ = write!(
                    out,
                    r#"<polyline points="{}" style="fill:none;stroke:{colour};stroke-width:2;stroke-dasharray:6 5"/>"#,
                    f.points(&s.points)
                );
            }
        }
    }
    let _ = write!(
        out,
        r#"<text class="rv-axis-label" x="{:.1}" y="{}" text-anchor="middle">{}</text><text class="rv-axis-label" transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle">{}</text>"#,
        (LEFT + right) / 2.0,
        h - 8.0,
        escape(&plot.x_label),
        (TOP + base) / 2.0,
        escape(&plot.y_label)
    );
    if plot.series.len() > 1 {
        let width = LEGEND - 8.0;
        let left = right + 8.0;
        let _ = write!(
            out,
            r#"<g class="rv-legend"><rect x="{left:.1}" y="{}" width="{width}" height="{:.1}" rx="4"/>"#,
            TOP + 4.0,
            plot.series.len() as f64 * 18.0 + 8.0
        );
        for (i, s) in plot.series.iter().enumerate() {
            let y = TOP + 16.0 + i as f64 * 18.0;
            let dash = match s.kind {
                Kind::Dashed => ";stroke-dasharray:6 5",
                Kind::Bars => ";stroke-width:10",
                Kind::Line => "",
            };
            let _ = write!(
                out,
                r#"<line x1="{:.1}" x2="{:.1}" y1="{y:.1}" y2="{y:.1}" style="stroke:{};stroke-width:3{dash}"/><text class="rv-tick-label" x="{:.1}" y="{:.1}">{}</text>"#,
                left + 8.0,
                left + 32.0,
                css(&s.paint),
                left + 40.0,
                y + 4.0,
                escape(&s.name)
            );
        }
        out.push_str("</g>");
    }
    out
}

/// The stylesheet a downloaded SVG carries: this page's colours, resolved.
fn standalone_style(element: &web_sys::Element) -> String {
    let style = web_sys::window().and_then(|w| w.get_computed_style(element).ok().flatten());
    let names = [
        "--c1",
        "--c2",
        "--c3",
        "--c4",
        "--c5",
        "--c6",
        "--c7",
        "--c8",
        "--text",
        "--muted",
        "--border",
        "--surface",
    ];
    let vars: String = names
        .iter()
        .filter_map(|n| {
            let v = style.as_ref()?.get_property_value(n).ok()?;
            Some(format!("{n}:{};", v.trim()))
        })
        .collect();
    format!(
        "<style>svg{{{vars}font-family:system-ui,sans-serif}}.rv-plot-bg{{fill:var(--surface)}}\
         .rv-grid-line{{stroke:var(--border);stroke-width:1}}.rv-axis{{stroke:var(--muted);stroke-width:1}}\
         .rv-tick-label{{fill:var(--text);font-size:13px}}.rv-axis-label{{fill:var(--text);font-size:14px}}\
         .rv-legend rect{{fill:var(--surface);stroke:var(--border)}}</style>"
    )
}

/// The plot's SVG as a standalone document.
fn svg_document(element: &web_sys::Element) -> String {
    let outer = element.outer_html();
    match outer.find('>') {
        Some(end) => format!(
            "{}{}{}",
            &outer[..=end],
            standalone_style(element),
            &outer[end + 1..]
        ),
        None => outer,
    }
}

fn blob_url(text: &str) -> Option<String> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("image/svg+xml");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

/// Draws the SVG into a canvas at twice the size and downloads it as PNG.
fn download_png(document_text: String, name: String) {
    let Some(url) = blob_url(&document_text) else {
        return;
    };
    let Ok(image) = web_sys::HtmlImageElement::new() else {
        return;
    };
    let loaded = image.clone();
    let url_done = url.clone();
    let onload = wasm_bindgen::closure::Closure::once_into_js(move || {
        let canvas = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.create_element("canvas").ok())
            .map(|c| c.unchecked_into::<web_sys::HtmlCanvasElement>());
        if let Some(canvas) = canvas {
            canvas.set_width(WIDTH * 2);
            canvas.set_height(HEIGHT * 2);
            let context = canvas
                .get_context("2d")
                .ok()
                .flatten()
                .map(|c| c.unchecked_into::<web_sys::CanvasRenderingContext2d>());
            if let Some(context) = context {
                let _ = context.draw_image_with_html_image_element_and_dw_and_dh(
                    &loaded,
                    0.0,
                    0.0,
                    f64::from(WIDTH * 2),
                    f64::from(HEIGHT * 2),
                );
                if let Ok(data) = canvas.to_data_url() {
                    download(&data, &name);
                }
            }
        }
        let _ = web_sys::Url::revoke_object_url(&url_done);
    });
    image.set_onload(Some(onload.unchecked_ref()));
    image.set_src(&url);
}

/// The `<svg>` of plot `id` on the page.
fn plot_element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?
        .document()?
        .get_element_by_id(&format!("rv-plot-{id}"))
}

fn download(href: &str, name: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(a) = document.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(href);
        a.set_download(name);
        a.click();
    }
}

/// The plot's numbers as CSV: the x column, then one column per series, and a min and a max
/// column after each series that has a spread over seeds. Values are unrounded.
pub fn table_csv(plot: &Plot) -> String {
    let mut header: Vec<String> = vec![plot.x_column.clone()];
    for series in &plot.series {
        header.push(series.name.clone());
        if !series.spread.is_empty() {
            header.push(format!("{} min", series.name));
            header.push(format!("{} max", series.name));
        }
    }
    let rows: Vec<Vec<String>> = x_values(plot)
        .into_iter()
        .map(|x| {
            let mut row = vec![format_x(plot, x)];
            for series in &plot.series {
                let y = series.points.iter().find(|p| (p.0 - x).abs() < 1e-9);
                row.push(y.map(|p| p.1.to_string()).unwrap_or_default());
                if !series.spread.is_empty() {
                    let spread = series.spread.iter().find(|p| (p.0 - x).abs() < 1e-9);
                    row.push(spread.map(|p| p.1.to_string()).unwrap_or_default());
                    row.push(spread.map(|p| p.2.to_string()).unwrap_or_default());
                }
            }
            row
        })
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    csv_text(&header, &rows)
}

/// Every x any series has, ascending, once each.
fn x_values(plot: &Plot) -> Vec<f64> {
    let mut xs: Vec<f64> = plot
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    xs
}

/// What [`plot_view`] draws.
#[derive(PartialEq)]
pub struct PlotViewProps {
    /// A short id: the canvas is `rv-plot-{id}` and downloads are `shardlab-{id}.png/.svg`.
    pub id: &'static str,
    pub plot: Rc<Plot>,
    /// A sentence under the plot (what to look at, sample sizes).
    pub caption: String,
    /// Progress while the data streams in, e.g. "measuring… 40 %".
    pub progress: Option<String>,
}

/// A plot with its table and exports.
pub fn plot_view(props: &PlotViewProps) -> Html {
    let png = {
        let id = props.id;
        Callback::from(move |_: MouseEvent| {
            if let Some(el) = plot_element(id) {
                download_png(svg_document(&el), format!("shardlab-{id}.png"));
            }
        })
    };
    let svg = {
        let id = props.id;
        Callback::from(move |_: MouseEvent| {
            if let Some(url) = plot_element(id).and_then(|el| blob_url(&svg_document(&el))) {
                download(&url, &format!("shardlab-{id}.svg"));
                let _ = web_sys::Url::revoke_object_url(&url);
            }
        })
    };
    let csv = {
        let id = props.id;
        let plot = Rc::clone(&props.plot);
        Callback::from(move |_: MouseEvent| {
            download_text(&format!("shardlab-{id}.csv"), "text/csv", &table_csv(&plot));
        })
    };
    let plot = &props.plot;
    let svg_markup = format!(
        r#"<svg id="rv-plot-{}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{}. The table below lists the same numbers.">{}</svg>"#,
        props.id,
        escape(&plot.title).replace('"', "&quot;"),
        picture(plot)
    );
    let xs = x_values(plot);
    let rows = xs.iter().map(|&x| {
        let cells = plot.series.iter().map(|s| {
            let y = s
                .points
                .iter()
                .find(|p| (p.0 - x).abs() < 1e-9)
                .map(|p| p.1);
            let spread = s.spread.iter().find(|p| (p.0 - x).abs() < 1e-9);
            let text = match (y, spread) {
                (Some(y), Some(&(_, lo, hi))) => format!("{y:.4} ({lo:.4} – {hi:.4})"),
                (Some(y), None) if y.abs() >= 100.0 => format!("{y:.0}"),
                (Some(y), None) => format!("{y:.4}"),
                (None, _) => "—".to_owned(),
            };
            html! { <td class="num">{ text }</td> }
        });
        html! { <tr><th scope="row">{ format_x(plot, x) }</th>{ for cells }</tr> }
    });
    let heads = plot.series.iter().map(|s| {
        let spread = if s.spread.is_empty() {
            ""
        } else {
            " (min – max)"
        };
        html! { <th scope="col">{ format!("{}{spread}", s.name) }</th> }
    });
    html! {
        <figure class="rv-plot" data-testid={format!("plot-{}", props.id)}>
            <h3>{ &plot.title }</h3>
            <div class="rv-plot-svg">{ Html::from_html_unchecked(svg_markup.into()) }</div>
            <figcaption>
                if let Some(p) = &props.progress { <p class="rv-progress">{ p }</p> }
                <p>{ &props.caption }</p>
                <div class="rv-row">
                    <button type="button" class="small" onclick={png}>{ "Download PNG" }</button>
                    <button type="button" class="small" onclick={svg}>{ "Download SVG" }</button>
                    <button type="button" class="small" onclick={csv}>{ "Download CSV" }</button>
                </div>
                <details>
                    <summary>{ "The numbers as a table" }</summary>
                    <table class="rv-plot-table">
                        <thead><tr><th scope="col">{ &plot.x_column }</th>{ for heads }</tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </details>
            </figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_csv_has_a_column_per_series_and_its_spread() {
        let series = |name: &str, points: Vec<(f64, f64)>, spread: Vec<(f64, f64, f64)>| Series {
            name: name.into(),
            kind: Kind::Line,
            paint: Paint::Var("--accent"),
            point_paints: Vec::new(),
            points,
            spread,
        };
        let plot = Plot {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            x_range: (0.0, 10.0),
            y_range: (0.0, 1.0),
            x_names: Vec::new(),
            series: vec![
                series(
                    "ring",
                    vec![(1.0, 0.5), (10.0, 0.25)],
                    vec![(1.0, 0.4, 0.6)],
                ),
                series("ideal", vec![(10.0, 0.2)], Vec::new()),
            ],
            x_column: "vnodes".into(),
        };
        let csv = table_csv(&plot);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "vnodes,ring,ring min,ring max,ideal");
        assert_eq!(lines.len(), 3);
        assert!(lines[1].ends_with(",0.5,0.4,0.6,"), "{}", lines[1]);
        assert!(lines[2].ends_with(",0.25,,,0.2"), "{}", lines[2]);
    }

    #[test]
    fn hex_colours_parse() {
        assert_eq!(parse_hex("#E69F00"), Some((0xe6, 0x9f, 0)));
        assert_eq!(parse_hex(" #fff"), Some((255, 255, 255)));
        assert_eq!(parse_hex("red"), None);
        assert_eq!(parse_hex("#12345"), None);
    }

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(nice_step(1.0, 5.0), 0.2);
        assert_eq!(nice_step(23_000.0, 5.0), 5_000.0);
        assert_eq!(ticks(0.0, 1.05, 0.2).len(), 6);
        assert_eq!(nice_step(0.0, 5.0), 1.0);
    }

    #[test]
    fn x_values_format_as_names_or_powers() {
        let mut plot = Plot {
            title: String::new(),
            x_label: String::new(),
            y_label: String::new(),
            x_range: (0.0, 1.0),
            y_range: (0.0, 1.0),
            x_names: vec!["S0".into(), "S1".into()],
            series: Vec::new(),
            x_column: String::new(),
        };
        assert_eq!(format_x(&plot, 1.0), "S1");
        assert_eq!(format_x(&plot, 0.5), "");
        plot.x_names.clear();
        assert_eq!(format_x(&plot, 2.5), "2.5");
    }
}
