//! One plot of the Ring's comparisons: its numbers, drawn with plotters through the shared
//! [`ChartView`] (a canvas on the page; PNG and SVG exports), with a table as its text
//! alternative and a CSV export.

use std::rc::Rc;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use yew::prelude::*;

use crate::components::chart::{fail, Chart, ChartView, Colours};
use crate::components::csv::csv_text;
use crate::components::download::download_text;

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
        // Each digit is at most 15, so these stay within a byte: 15 * 17 = 15 * 16 + 15 = 255.
        #[allow(clippy::arithmetic_side_effects)]
        [r, g, b] => Some((r * 17, g * 17, b * 17)),
        #[allow(clippy::arithmetic_side_effects)]
        [r1, r2, g1, g2, b1, b2] => Some((r1 * 16 + r2, g1 * 16 + g2, b1 * 16 + b2)),
        _ => None,
    }
}

/// The colour of a paint in the theme on screen.
fn colour(paint: &Paint, colours: &Colours) -> RGBColor {
    match paint {
        Paint::Var(name) => colours.get(name),
        Paint::Hex(hex) => parse_hex(hex).map_or(colours.muted(), |(r, g, b)| RGBColor(r, g, b)),
    }
}

/// A y tick label: whole numbers from 1,000 up, else at most three decimals.
fn y_tick(y: f64) -> String {
    if y.abs() >= 1000.0 {
        crate::components::format::format_count(y.round().max(0.0) as u64)
    } else {
        format!("{}", (y * 1000.0).round() / 1000.0)
    }
}

/// Width of the legend when it sits to the right of the axes; below this chart width it goes
/// underneath instead, so a phone keeps the axes wide.
const LEGEND_WIDTH: u32 = 150;
const LEGEND_BELOW_UNDER: u32 = 520;
const LEGEND_ROW: i32 = 18;

/// Draws one legend entry: a sample of the series' stroke, then its name.
fn legend_entry<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    series: &Series,
    colours: &Colours,
    (x, y): (i32, i32),
) -> Result<(), String> {
    let paint = colour(&series.paint, colours);
    match series.kind {
        Kind::Dashed => {
            for start in [0, 10, 20] {
                area.draw(&PathElement::new(
                    [
                        (x.saturating_add(start), y),
                        (x.saturating_add(start).saturating_add(6), y),
                    ],
                    paint.stroke_width(2),
                ))
                .map_err(fail)?;
            }
        }
        Kind::Bars => area
            .draw(&Rectangle::new(
                [
                    (x, y.saturating_sub(5)),
                    (x.saturating_add(24), y.saturating_add(5)),
                ],
                paint.filled(),
            ))
            .map_err(fail)?,
        Kind::Line => {
            area.draw(&PathElement::new(
                [(x, y), (x.saturating_add(24), y)],
                paint.stroke_width(2),
            ))
            .map_err(fail)?;
            area.draw(&Circle::new((x.saturating_add(12), y), 3, paint.filled()))
                .map_err(fail)?;
        }
    }
    let font = ("sans-serif", 13)
        .into_font()
        .color(&colours.text())
        .pos(Pos::new(HPos::Left, VPos::Center));
    area.draw(&Text::new(
        series.name.as_str(),
        (x.saturating_add(32), y),
        font,
    ))
    .map_err(fail)
}

impl Chart for Plot {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        colours: &Colours,
    ) -> Result<(), String> {
        area.fill(&colours.surface()).map_err(fail)?;
        let (width, height) = area.dim_in_pixel();
        let legend = self.series.len() > 1;
        let beside = width >= LEGEND_BELOW_UNDER;
        let legend_rows = self.series.len().div_ceil(2) as i32;
        let (axes, key) = if !legend {
            (area.clone(), None)
        } else if beside {
            let (a, k) = area.split_horizontally(width.saturating_sub(LEGEND_WIDTH));
            (a, Some(k))
        } else {
            let below = legend_rows.saturating_mul(LEGEND_ROW).saturating_add(12) as u32;
            let (a, k) = area.split_vertically(height.saturating_sub(below));
            (a, Some(k))
        };
        let (x0, x1) = self.x_range;
        let (y0, y1) = self.y_range;
        let mut chart = ChartBuilder::on(&axes)
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(76)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(fail)?;
        let x_formatter = |x: &f64| format_x(self, *x);
        let y_formatter = |y: &f64| y_tick(*y);
        let x_labels = if self.x_names.is_empty() {
            8
        } else {
            // Every name when they fit, else every other one: labels must not overlap.
            let room = (width / 40).max(2) as usize;
            self.x_names.len().min(room)
        };
        chart
            .configure_mesh()
            .x_desc(self.x_label.as_str())
            .y_desc(self.y_label.as_str())
            .axis_style(colours.muted())
            .bold_line_style(colours.border())
            .max_light_lines(0)
            .label_style(("sans-serif", 13).into_font().color(&colours.text()))
            .axis_desc_style(("sans-serif", 14).into_font().color(&colours.text()))
            .x_labels(x_labels)
            .y_labels(6)
            .x_label_formatter(&x_formatter)
            .y_label_formatter(&y_formatter)
            .disable_x_mesh()
            .draw()
            .map_err(fail)?;
        for series in &self.series {
            let paint = colour(&series.paint, colours);
            match series.kind {
                Kind::Bars => {
                    chart
                        .draw_series(series.points.iter().enumerate().map(|(i, &(x, y))| {
                            let fill = series
                                .point_paints
                                .get(i)
                                .map_or(paint, |p| colour(p, colours));
                            Rectangle::new([(x - 0.35, y0.max(0.0)), (x + 0.35, y)], fill.filled())
                        }))
                        .map_err(fail)?;
                }
                Kind::Line => {
                    chart
                        .draw_series(series.spread.iter().map(|&(x, lo, hi)| {
                            PathElement::new([(x, lo), (x, hi)], paint.stroke_width(1))
                        }))
                        .map_err(fail)?;
                    chart
                        .draw_series(LineSeries::new(
                            series.points.iter().copied(),
                            paint.stroke_width(2),
                        ))
                        .map_err(fail)?;
                    chart
                        .draw_series(
                            series
                                .points
                                .iter()
                                .map(|&p| Circle::new(p, 3, paint.filled())),
                        )
                        .map_err(fail)?;
                }
                Kind::Dashed => {
                    chart
                        .draw_series(DashedLineSeries::new(
                            series.points.iter().copied(),
                            6,
                            5,
                            paint.stroke_width(2),
                        ))
                        .map_err(fail)?;
                }
            }
        }
        if let Some(key) = key {
            key.fill(&colours.surface()).map_err(fail)?;
            for (i, series) in self.series.iter().enumerate() {
                let i = i as i32;
                let at = if beside {
                    (8, i.saturating_mul(LEGEND_ROW).saturating_add(24))
                } else {
                    let column = (width / 2) as i32;
                    (
                        (i % 2)
                            .saturating_mul(column.saturating_sub(60))
                            .saturating_add(72),
                        (i / 2).saturating_mul(LEGEND_ROW).saturating_add(8),
                    )
                };
                legend_entry(&key, series, colours, at)?;
            }
        }
        Ok(())
    }

    fn summary(&self) -> String {
        let names: Vec<&str> = self.series.iter().map(|s| s.name.as_str()).collect();
        format!(
            "{}: {} against {}, showing {}.",
            self.title,
            self.y_label,
            self.x_label,
            names.join(", ")
        )
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

/// Props for [`PlotView`].
#[derive(Properties, PartialEq)]
pub struct PlotViewProps {
    /// A short id: the canvas is `shardlab-{id}` and so are the downloads' names.
    pub id: &'static str,
    /// The plot.
    pub plot: Rc<Plot>,
    /// A sentence under the plot (what to look at, sample sizes).
    pub caption: String,
    /// Progress while the data streams in, e.g. "measuring… 40 %".
    #[prop_or_default]
    pub progress: Option<String>,
}

/// A plot with its table and exports.
#[function_component(PlotView)]
pub fn plot_view(props: &PlotViewProps) -> Html {
    let csv = {
        let id = props.id;
        let plot = Rc::clone(&props.plot);
        Callback::from(move |_: MouseEvent| {
            download_text(&format!("shardlab-{id}.csv"), "text/csv", &table_csv(&plot));
        })
    };
    let plot = &props.plot;
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
            <ChartView<Plot> chart={Rc::clone(plot)} name={format!("shardlab-{}", props.id)} button_class={classes!("small")}>
                <button type="button" class="small" onclick={csv}>{ "Download CSV" }</button>
            </ChartView<Plot>>
            <figcaption>
                if let Some(p) = &props.progress { <p class="rv-progress">{ p }</p> }
                <p>{ &props.caption }</p>
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
