//! The plotters renderer of the chart model: [`Figure::draw`] turns a figure into plotters
//! elements on any area of a [`ChartBackend`] (the page's canvas, the PNG export's canvas, or the
//! SVG export). Data goes through plotters' f64 × f64 coordinates; axes, ticks and text are drawn
//! in pixels beside the plotting area, where plotters' own mesh would add its copy of tick layout
//! and number formatting to the page for the same picture.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::backend::{fail, ChartBackend};
use super::colours::Colours;
use super::figure::{
    Figure, Paint, Sample, Stroke, LEGEND_ROW, LEGEND_SAMPLE, RIGHT_AXIS_WIDTH, RIGHT_MARGIN,
    X_AXIS_HEIGHT, Y_AXIS_WIDTH,
};

/// Where a figure is drawn.
pub type Area<'a> = DrawingArea<ChartBackend<'a>, Shift>;

/// A polyline to stroke: its points on the drawn axes, its colour and its width in pixels.
type Stroked = (Vec<(f64, f64)>, Paint, u32);

/// How far a level title's foot stands above its own plot, in pixels.
pub const TITLE_GAP: i32 = 3;
/// A dash's length and the gap after it, in pixels.
const DASH_PX: f64 = 5.0;
/// See [`DASH_PX`].
const GAP_PX: f64 = 4.0;

/// The dashes of a dashed polyline through `points` (pixels): `on` px drawn, `off` px skipped,
/// starting with a dash, the pattern running on round the corners. Each dash is a short
/// polyline of its own.
pub fn dashes(points: &[(i32, i32)], on: f64, off: f64) -> Vec<Vec<(i32, i32)>> {
    let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
    if !(on > 0.0 && off >= 0.0) {
        return out;
    }
    // How far into the current dash (below `on`) or gap (from `on` to `on + off`) we are, and
    // the dash being drawn, if any.
    let mut phase = 0.0_f64;
    let mut dash: Vec<(i32, i32)> = Vec::new();
    let at = |a: (f64, f64), d: (f64, f64), t: f64| {
        (
            (a.0 + d.0 * t).round() as i32,
            (a.1 + d.1 * t).round() as i32,
        )
    };
    for pair in points.windows(2) {
        let [a, b] = pair else { continue };
        let a = (f64::from(a.0), f64::from(a.1));
        let d = (f64::from(b.0) - a.0, f64::from(b.1) - a.1);
        // The wasm instruction, where `libm::hypot` would add its own code to the page.
        let length = (d.0 * d.0 + d.1 * d.1).sqrt();
        // Also skips a NaN length.
        if length.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            continue;
        }
        let unit = (d.0 / length, d.1 / length);
        let mut t = 0.0_f64;
        while t < length {
            let drawing = phase < on;
            let left = if drawing {
                on - phase
            } else {
                on + off - phase
            };
            let step = left.min(length - t).max(0.0);
            if drawing {
                if dash.is_empty() {
                    dash.push(at(a, unit, t));
                }
                dash.push(at(a, unit, t + step));
            }
            t += step;
            phase += step;
            if phase >= on && !dash.is_empty() {
                out.push(std::mem::take(&mut dash));
            }
            if phase >= on + off {
                phase = 0.0;
            }
            if step <= 0.0 {
                break;
            }
        }
    }
    if dash.len() > 1 {
        out.push(dash);
    }
    out
}

/// A point's dot: a 6 px square, drawn as one short thick stroke (plotters' lines end square)
/// with the element type the axes use, where a circle would add plotters' circle code for both
/// back ends to every page with a chart.
fn dot((x, y): (i32, i32), colour: RGBColor) -> PathElement<(i32, i32)> {
    PathElement::new(
        vec![(x, y.saturating_sub(3)), (x, y.saturating_add(3))],
        colour.stroke_width(6),
    )
}

/// Text in the theme's colour. The family is given as `FontFamily::SansSerif`, not as the
/// string "sans-serif": plotters lower-cases a family string, which would pull Unicode's case
/// tables (kilobytes) into the page.
fn font(colours: &Colours, size: u32) -> TextStyle<'static> {
    (FontFamily::SansSerif, size)
        .into_font()
        .color(&colours.text())
}

impl Figure {
    /// Draws the figure to fill `area`, in the theme's `colours`.
    pub fn draw(&self, area: &Area<'_>, colours: &Colours) -> Result<(), String> {
        area.fill(&colours.surface()).map_err(fail)?;
        let (whole_width, height) = area.dim_in_pixel();
        let (mut rest, legend) =
            area.split_vertically(height.saturating_sub(self.legend_height(whole_width)));
        let band = self.panel_band(whole_width, height);
        // One way for every title: up the left margins, or level above each plot (below).
        let upright = self.titles_upright(whole_width, height);
        let (x0, x1) = self.x.range();
        let last = self.panels.len().saturating_sub(1);
        for (i, panel) in self.panels.iter().enumerate() {
            let (first, bottom) = (i == 0, i == last);
            let own_height = band
                .saturating_add(if first { self.top_margin() } else { 0 })
                .saturating_add(if bottom { X_AXIS_HEIGHT } else { 0 });
            let (here, below) = rest.split_vertically(own_height);
            rest = below;
            let (y0, y1) = panel.y.range();
            // The plotting area inside the axes, in the back end's pixels; plotters maps data
            // onto it (no ChartBuilder: its label-area layout is code the page does not need).
            let (width, panel_height) = here.dim_in_pixel();
            let base = here.get_base_pixel();
            let right_margin = if panel.right.is_some() {
                RIGHT_AXIS_WIDTH
            } else {
                RIGHT_MARGIN
            };
            let to_px = |v: u32| i32::try_from(v).unwrap_or(0);
            let plot_x = base.0.saturating_add(to_px(Y_AXIS_WIDTH + 6))
                ..base.0.saturating_add(to_px(
                    width.saturating_sub(right_margin).max(Y_AXIS_WIDTH + 7),
                ));
            let inner_bottom = panel_height.saturating_sub(if bottom { X_AXIS_HEIGHT } else { 0 });
            let inner_top = self.plot_top(first, upright);
            let plot_y = base
                .1
                .saturating_add(to_px(inner_bottom.max(inner_top.saturating_add(1))))
                ..base.1.saturating_add(to_px(inner_top));
            let chart = here.apply_coord_spec(Cartesian2d::<RangedCoordf64, RangedCoordf64>::new(
                x0..x1,
                y0..y1,
                (plot_x, plot_y),
            ));
            // Every element is drawn in pixels of `here`, mapped through the chart's coordinates
            // as plotters would map them: one element type per shape on the page, where drawing
            // data coordinates on the chart compiled a second copy of each.
            let local = |x: f64, y: f64| {
                let (px, py) = chart.map_coordinate(&(x, y));
                (px.saturating_sub(base.0), py.saturating_sub(base.1))
            };
            // Grid lines first, under the data; the axes and their labels come after it.
            let y_ticks = panel
                .y
                .tick_positions(if self.panels.len() > 1 { 3 } else { 5 }, f64::INFINITY);
            let grid = y_ticks.iter().map(|&y| {
                PathElement::new(
                    vec![local(x0, y), local(x1, y)],
                    colours.border().stroke_width(1),
                )
            });
            for element in grid {
                here.draw(&element).map_err(fail)?;
            }
            let bars = panel.bars.iter().map(|bar| {
                let colour = colours.paint(bar.paint);
                let style = if bar.hollow {
                    colour.stroke_width(1)
                } else {
                    colour.filled()
                };
                let corners = [local(bar.x0, y0.max(0.0)), local(bar.x1, panel.y.at(bar.y))];
                Rectangle::new(corners, style)
            });
            for element in bars {
                here.draw(&element).map_err(fail)?;
            }
            // Dashed lines (levels, marks, dashed series) under the solid ones, cut into dashes
            // in pixels here: plotters' dashed element would add its own dash code to the page.
            let mut dashed: Vec<Stroked> = Vec::new();
            for level in &panel.levels {
                let y = panel.y.at(level.y);
                dashed.push((vec![(x0, y), (x1, y)], level.paint, 1));
            }
            for m in &self.marks {
                let top = match m.up_to {
                    Some(y) if first => panel.y.at(y),
                    _ => y1,
                };
                let x = self.x.at(m.x);
                dashed.push((vec![(x, y0), (x, top)], m.paint, 1));
            }
            let mut dots: Vec<((f64, f64), Paint)> = Vec::new();
            let mut solid: Vec<Stroked> = Vec::new();
            for line in &panel.lines {
                let colour = line.paint;
                let drawn = |p: (f64, f64)| panel.drawn_point(&self.x, line, p);
                for &(x, lo, hi) in &line.whiskers {
                    solid.push((vec![drawn((x, lo)), drawn((x, hi))], colour, 1));
                }
                let points: Vec<(f64, f64)> = line.points.iter().map(|&p| drawn(p)).collect();
                match line.stroke {
                    Stroke::Dashed => dashed.push((points, line.paint, 2)),
                    Stroke::Dots => {
                        dots.extend(points.iter().map(|&p| (p, colour)));
                        solid.push((points, colour, 2));
                    }
                    Stroke::Solid => solid.push((points, colour, 2)),
                }
            }
            for (points, paint, width) in dashed {
                let pixels: Vec<(i32, i32)> = points.iter().map(|&(x, y)| local(x, y)).collect();
                let style = colours.paint(paint).stroke_width(width);
                for dash in dashes(&pixels, DASH_PX, GAP_PX) {
                    here.draw(&PathElement::new(dash, style)).map_err(fail)?;
                }
            }
            // Each line's whiskers, then the line; the dots go on top.
            for (points, paint, width) in solid {
                let pixels: Vec<(i32, i32)> = points.iter().map(|&(x, y)| local(x, y)).collect();
                let style = colours.paint(paint).stroke_width(width);
                here.draw(&PathElement::new(pixels, style)).map_err(fail)?;
            }
            let (left_px, top_px) = local(x0, y1);
            let (right_px, bottom_px) = local(x1, y0);
            for (p, paint) in dots {
                let colour = colours.paint(paint);
                here.draw(&dot(local(p.0, p.1), colour)).map_err(fail)?;
            }
            let mut texts: Vec<(String, (i32, i32), HPos)> = panel
                .notes
                .iter()
                .map(|n| {
                    let (px, py) = local(self.x.at(n.at.0), panel.y.at(n.at.1));
                    (n.text.clone(), (px.saturating_add(4), py), HPos::Left)
                })
                .collect();
            if first {
                // Placed once for the first panel, away from the lines and from each other.
                let labels = self.place_mark_labels(width, area.dim_in_pixel().1);
                for placed in labels {
                    let (ax, ay) = placed.anchor;
                    let side = if placed.left { HPos::Right } else { HPos::Left };
                    texts.push((placed.text, (ax as i32, ay as i32), side));
                    // The leader dotted up from the line's end, as short pixel paths.
                    if let Some((from, to)) = placed.leader {
                        let x = placed.line_x as i32;
                        let style = colours.paint(placed.paint).stroke_width(1);
                        for y in (to as i32..from as i32).step_by(5) {
                            let dot = vec![(x, y), (x, y.saturating_add(2))];
                            here.draw(&PathElement::new(dot, style)).map_err(fail)?;
                        }
                    }
                }
            }
            // The axes, drawn in pixels beside the plotting area: plotters' mesh would add its
            // own copy of tick layout and number formatting to the page for the same picture.
            let mut paths: Vec<Vec<(i32, i32)>> =
                vec![vec![(left_px, top_px), (left_px, bottom_px)]];
            for &y in &y_ticks {
                let (_, py) = local(x0, y);
                paths.push(vec![(left_px.saturating_sub(5), py), (left_px, py)]);
                texts.push((
                    panel.y.tick(y),
                    (left_px.saturating_sub(8), py),
                    HPos::Right,
                ));
            }
            let rotated = |angle| {
                font(colours, 13)
                    .transform(angle)
                    .pos(Pos::new(HPos::Center, VPos::Center))
            };
            // Up the left margin when every band is tall enough for its title; a band of a
            // stacked figure on a phone or in a widget is not ("p99 of successes (ms)" would run
            // into the next band's title), so there every title lies level above its own plot.
            if upright {
                here.draw(&Text::new(
                    panel.y.label.clone(),
                    (left_px.saturating_sub(50), top_px.midpoint(bottom_px)),
                    rotated(FontTransform::Rotate270),
                ))
                .map_err(fail)?;
            } else {
                let style = font(colours, 12).pos(Pos::new(HPos::Left, VPos::Bottom));
                here.draw(&Text::new(
                    panel.y.label.clone(),
                    (left_px.saturating_add(4), top_px.saturating_sub(TITLE_GAP)),
                    style,
                ))
                .map_err(fail)?;
            }
            if bottom {
                paths.push(vec![(left_px, bottom_px), (right_px, bottom_px)]);
                let room = f64::from(right_px.saturating_sub(left_px));
                for x in self.x.tick_positions(6, room) {
                    let (px, _) = local(x, y0);
                    paths.push(vec![(px, bottom_px), (px, bottom_px.saturating_add(5))]);
                    let style = font(colours, 12).pos(Pos::new(HPos::Center, VPos::Top));
                    here.draw(&Text::new(
                        self.x.tick(x),
                        (px, bottom_px.saturating_add(8)),
                        style,
                    ))
                    .map_err(fail)?;
                }
                let style = font(colours, 13).pos(Pos::new(HPos::Center, VPos::Top));
                here.draw(&Text::new(
                    self.x.label.clone(),
                    (left_px.midpoint(right_px), bottom_px.saturating_add(24)),
                    style,
                ))
                .map_err(fail)?;
            }
            if let Some(right) = &panel.right {
                let (r0, r1) = right.range();
                let ax = right_px;
                paths.push(vec![(ax, top_px), (ax, bottom_px)]);
                for at in right.tick_positions(5, f64::INFINITY) {
                    let (_, py) = local(x1, y0 + (at - r0) / (r1 - r0) * (y1 - y0));
                    paths.push(vec![(ax, py), (ax.saturating_add(5), py)]);
                    texts.push((right.tick(at), (ax.saturating_add(8), py), HPos::Left));
                }
                let mid = top_px.midpoint(bottom_px);
                here.draw(&Text::new(
                    right.label.clone(),
                    (ax.saturating_add(50), mid),
                    rotated(FontTransform::Rotate90),
                ))
                .map_err(fail)?;
            }
            for path in paths {
                here.draw(&PathElement::new(path, colours.muted().stroke_width(1)))
                    .map_err(fail)?;
            }
            for (text, at, side) in texts {
                let style = font(colours, 12).pos(Pos::new(side, VPos::Center));
                here.draw(&Text::new(text, at, style)).map_err(fail)?;
            }
        }
        self.draw_legend(&legend, whole_width, colours)
    }

    /// The legend's entries, each a sample of what it names and the name, in rows under the
    /// x axis ([`Figure::legend_layout`]).
    fn draw_legend(&self, legend: &Area<'_>, width: u32, colours: &Colours) -> Result<(), String> {
        let row_px = i32::try_from(LEGEND_ROW).unwrap_or(20);
        for (key, (x, row)) in self.legend.iter().zip(self.legend_layout(width)) {
            let y = row.saturating_mul(row_px).saturating_add(row_px / 2);
            let colour = colours.paint(key.paint);
            // (from, to, width) of each stroke of the sample, in pixels from its left end. A
            // bar's box is a thick stroke (plotters' lines end square), so the legend needs no
            // element type the plot does not draw already.
            let strokes: &[(i32, i32, u32)] = match key.sample {
                Sample::Line | Sample::Dots => &[(0, 22, 2)],
                Sample::Dashed => &[(0, 6, 2), (8, 14, 2), (16, 22, 2)],
                Sample::Bar => &[(0, 22, 10)],
            };
            for &(from, to, width) in strokes {
                let ends = vec![(x.saturating_add(from), y), (x.saturating_add(to), y)];
                legend
                    .draw(&PathElement::new(ends, colour.stroke_width(width)))
                    .map_err(fail)?;
            }
            if key.sample == Sample::Dots {
                legend
                    .draw(&dot((x.saturating_add(11), y), colour))
                    .map_err(fail)?;
            }
            let style = font(colours, 12).pos(Pos::new(HPos::Left, VPos::Center));
            legend
                .draw(&Text::new(
                    key.name.clone(),
                    (x.saturating_add(LEGEND_SAMPLE), y),
                    style,
                ))
                .map_err(fail)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::axis::{Axis, Ticks};
    use super::super::figure::{Key, Line, Mark, Paint, Panel};
    use super::super::view::svg_text;
    use super::*;

    #[test]
    fn dashes_run_on_round_corners_and_stop_at_the_end() {
        // 5 on, 4 off along 20 px: dashes at 0–5, 9–14 and 18–20.
        assert_eq!(
            dashes(&[(0, 0), (20, 0)], 5.0, 4.0),
            vec![
                vec![(0, 0), (5, 0)],
                vec![(9, 0), (14, 0)],
                vec![(18, 0), (20, 0)]
            ]
        );
        // Round a corner at (3, 0): the first dash bends with the line.
        assert_eq!(
            dashes(&[(0, 0), (3, 0), (3, 10)], 5.0, 4.0),
            vec![vec![(0, 0), (3, 0), (3, 2)], vec![(3, 6), (3, 10)]]
        );
        assert!(dashes(&[(0, 0)], 5.0, 4.0).is_empty());
        assert!(dashes(&[(0, 0), (0, 0), (0, 0)], 5.0, 4.0).is_empty());
        assert!(dashes(&[(0, 0), (9, 0)], 0.0, 4.0).is_empty());
    }

    #[test]
    fn a_long_axis_title_on_a_short_band_lies_level() {
        // The Board's timeline in a widget: three bands of about 55 px each.
        use super::super::figure::label_fits_upright;
        assert!(label_fits_upright("Replies/s", 55));
        assert!(!label_fits_upright("p99 of successes (ms)", 55));
        // The same title up a whole plot's height.
        assert!(label_fits_upright("p99 of successes (ms)", 200));
    }

    #[test]
    fn the_svg_has_the_marks_labels_and_axes() {
        let mut panel = Panel::new(Axis::linear("Share", 0.0, 1.0, Ticks::Percent));
        panel.lines.push(Line::new(
            vec![(1.0, 0.1), (10.0, 0.5), (100.0, 1.0)],
            Paint::Var("--c5"),
        ));
        let figure = Figure {
            x: Axis::log("Latency (ms)", 1.0, 100.0),
            panels: vec![panel],
            marks: vec![Mark {
                key: "p50",
                x: 10.0,
                up_to: Some(0.5),
                label: "p50 10 ms".into(),
                label_at: 0.1,
                label_left: false,
                paint: Paint::Var("--muted"),
            }],
            legend: vec![Key::line("Latency", Paint::Var("--c5"))],
            summary: "s".into(),
        };
        let colours = Colours::from_pairs(vec![]);
        let svg = svg_text(&figure, "", &colours).unwrap_or_default();
        for text in [
            "p50 10 ms",
            "Latency (ms)",
            "Share",
            "100",
            "40 %",
            "<polyline",
        ] {
            assert!(svg.contains(text), "{text} missing from {svg}");
        }
        assert!(!svg.contains("<circle"), "a plain line has no dots");
        assert_eq!(figure.mark_keys(), "p50");
    }

    #[test]
    fn dotted_lines_have_dots_whiskers_and_their_legend_samples() {
        let mut panel = Panel::new(Axis::linear("moved", 0.0, 1.0, Ticks::Number));
        panel.lines.push(Line {
            name: "ring".into(),
            stroke: Stroke::Dots,
            whiskers: vec![(1.0, 0.4, 0.6), (2.0, 0.2, 0.3)],
            ..Line::new(vec![(1.0, 0.5), (2.0, 0.25)], Paint::Rgb(0x2b, 0x7b, 0xab))
        });
        panel.lines.push(Line {
            name: "ideal".into(),
            stroke: Stroke::Dashed,
            ..Line::new(vec![(1.0, 0.5), (2.0, 0.33)], Paint::Var("--text"))
        });
        let key = |name: &str, sample| Key {
            sample,
            ..Key::line(name, Paint::Rgb(0x2b, 0x7b, 0xab))
        };
        let figure = Figure {
            x: Axis::linear("N", 0.5, 2.5, Ticks::Number),
            panels: vec![panel],
            marks: Vec::new(),
            legend: vec![key("ring", Sample::Dots), key("ideal", Sample::Dashed)],
            summary: String::new(),
        };
        let svg = svg_text(&figure, "", &Colours::from_pairs(vec![])).unwrap_or_default();
        // The fixed colour, drawn; and no circle element: dots are strokes.
        assert!(svg.contains("#2B7BAB"), "{svg}");
        assert!(!svg.contains("<circle"), "{svg}");
        for text in ["ring", "ideal", "moved"] {
            assert!(svg.contains(text), "{text} missing from {svg}");
        }
    }
}
