//! The one chart type behind all four Board plots: a [`Figure`] is plain data (axes, lines, bars,
//! vertical marks, notes, a legend) and one `Chart::draw` turns it into plotters calls.
//!
//! Why one type: plotters is generic over the back end and the coordinate types, so every chart
//! type costs its own copy of plotters' chart code for the canvas and again for the SVG export.
//! Here every plot uses the same f64 × f64 coordinates: a log axis is drawn on the log10 of its
//! values (its range widened to whole decades, so the ticks fall on 1, 10, 100 …), bars are
//! rectangles in the same coordinates, dashed lines are one element type, and one formatter
//! writes every tick label. The board page pays for plotters' chart code once per back end.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::components::chart::{fail, Chart, Colours};

/// How an axis writes its ticks (and, for [`Ticks::Log`], how it maps values).
#[derive(Debug, Clone, PartialEq)]
pub enum Ticks {
    /// Plain numbers, shortened from a thousand up ("2k", "1.5M").
    Number,
    /// Shares drawn as percentages ("40 %").
    Percent,
    /// One decimal ("0.8").
    Tenths,
    /// A log10 axis: the value's log is drawn, ticks at each decade.
    Log,
    /// Names for the whole numbers 0, 1, 2 … (the shards); nothing between them.
    Names(Vec<String>),
}

/// One axis: its description, its range in data units, and how it writes its ticks.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    /// The description beside the axis, with its unit.
    pub label: String,
    lo: f64,
    hi: f64,
    ticks: Ticks,
}

/// A number as an axis writes it: whole below a thousand where possible, then "k" and "M".
pub fn short_number(v: f64) -> String {
    let round2 = |x: f64| libm::round(x * 100.0) / 100.0;
    if v.abs() >= 1_000_000.0 {
        format!("{}M", round2(v / 1_000_000.0))
    } else if v.abs() >= 1_000.0 {
        format!("{}k", round2(v / 1_000.0))
    } else if v.abs() >= 1.0 || v == 0.0 {
        format!("{}", round2(v))
    } else {
        format!("{}", libm::round(v * 1_000.0) / 1_000.0)
    }
}

impl Axis {
    /// A linear axis from `lo` to `hi` (swapped if given the wrong way round; widened if empty).
    pub fn linear(label: &str, lo: f64, hi: f64, ticks: Ticks) -> Self {
        let (lo, hi) = ordered(lo, hi, 1.0);
        Axis {
            label: label.to_owned(),
            lo,
            hi,
            ticks,
        }
    }

    /// A log10 axis covering `lo` … `hi`, widened to whole decades so its ticks are 1, 10, 100 ….
    pub fn log(label: &str, lo: f64, hi: f64) -> Self {
        let positive = |v: f64| if v.is_finite() && v > 0.0 { v } else { 1.0 };
        let (lo, hi) = ordered(positive(lo), positive(hi), 10.0);
        let lo = libm::pow(10.0, libm::floor(libm::log10(lo)));
        let hi = libm::pow(10.0, libm::ceil(libm::log10(hi)));
        Axis {
            label: label.to_owned(),
            lo,
            hi: if hi > lo { hi } else { lo * 10.0 },
            ticks: Ticks::Log,
        }
    }

    /// Where a value sits on the drawn axis: its log10 on a log axis, itself otherwise.
    pub fn at(&self, v: f64) -> f64 {
        match self.ticks {
            Ticks::Log => libm::log10(v.max(self.lo * 1e-3)),
            _ => v,
        }
    }

    /// The drawn range.
    fn range(&self) -> (f64, f64) {
        (self.at(self.lo), self.at(self.hi))
    }

    /// A tick label for a position on the drawn axis.
    pub fn tick(&self, at: f64) -> String {
        match &self.ticks {
            Ticks::Number => short_number(at),
            Ticks::Percent => format!("{:.0} %", at * 100.0),
            Ticks::Tenths => format!("{at:.1}"),
            Ticks::Log => short_number(libm::pow(10.0, libm::round(at))),
            Ticks::Names(names) => {
                let whole = libm::round(at);
                if (at - whole).abs() > 1e-6 || whole < 0.0 {
                    return String::new();
                }
                names.get(whole as usize).cloned().unwrap_or_default()
            }
        }
    }

    /// Where the ticks go, on the drawn axis: each decade on a log axis, every name (or every
    /// n-th, at most 16), else about `count` round steps.
    fn tick_positions(&self, count: usize) -> Vec<f64> {
        let (lo, hi) = self.range();
        match &self.ticks {
            Ticks::Log => {
                let first = libm::ceil(lo - 1e-9) as i32;
                let last = libm::floor(hi + 1e-9) as i32;
                (first..=last).map(f64::from).collect()
            }
            Ticks::Names(names) => {
                let step = names.len().div_ceil(16).max(1);
                (0..names.len()).step_by(step).map(|i| i as f64).collect()
            }
            _ => super::geometry::ticks(lo, hi, count),
        }
    }
}

/// (lo, hi) in order, `pad` apart at least, finite.
fn ordered(a: f64, b: f64, pad: f64) -> (f64, f64) {
    let a = if a.is_finite() { a } else { 0.0 };
    let b = if b.is_finite() { b } else { a + pad };
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if hi > lo {
        (lo, hi)
    } else {
        (lo, lo + pad)
    }
}

/// A colour by its CSS custom property, resolved for the theme when drawing.
pub type Paint = &'static str;

/// A line through data points.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// (x, y) in data units.
    pub points: Vec<(f64, f64)>,
    pub paint: Paint,
    /// Read against the panel's right-hand axis instead of its left one.
    pub on_right: bool,
}

/// A bar from the x axis up to `y`, `x0` … `x1` wide.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub x0: f64,
    pub x1: f64,
    pub y: f64,
    pub paint: Paint,
    /// Only the outline is drawn (a shard that is down).
    pub hollow: bool,
}

/// A dashed vertical line at `x`: a quantile, the knee, "now", an injected failure.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// What the mark is, in one word ("p99", "knee", "fault"): listed in the figure's
    /// `data-detail` and so read by tests and tools.
    pub key: &'static str,
    pub x: f64,
    /// Drawn from the axis up to this y of the first panel; `None` for the panels' full height.
    pub up_to: Option<f64>,
    /// The text beside the line, in the first panel.
    pub label: String,
    /// Where the label sits, as a share of the first panel's height from its top.
    pub label_at: f64,
    /// The label goes to the left of the line.
    pub label_left: bool,
    pub paint: Paint,
}

/// Text at a data point, to the right of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    pub at: (f64, f64),
    pub text: String,
}

/// A dashed horizontal line, e.g. the fair share.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    pub y: f64,
    pub paint: Paint,
}

/// One band of a figure, with its own y axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    pub y: Axis,
    /// A second y axis on the right, for lines with `on_right`.
    pub right: Option<Axis>,
    pub lines: Vec<Line>,
    pub bars: Vec<Bar>,
    pub levels: Vec<Level>,
    pub notes: Vec<Note>,
}

impl Panel {
    /// A panel with a y axis and nothing drawn in it yet.
    pub fn new(y: Axis) -> Self {
        Panel {
            y,
            right: None,
            lines: Vec::new(),
            bars: Vec::new(),
            levels: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// A y on the right-hand axis, moved to where it sits on the left-hand one.
    fn right_to_left(&self, y: f64) -> f64 {
        let (lo, hi) = self.y.range();
        match &self.right {
            Some(right) => {
                let (r0, r1) = right.range();
                lo + (right.at(y) - r0) / (r1 - r0) * (hi - lo)
            }
            None => self.y.at(y),
        }
    }
}

/// A whole plot: panels stacked top to bottom over one x axis, marks through all of them, and a
/// legend under the axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub x: Axis,
    pub panels: Vec<Panel>,
    pub marks: Vec<Mark>,
    /// (name, colour) of each line in the legend.
    pub legend: Vec<(String, Paint)>,
    /// One sentence for screen readers.
    pub summary: String,
}

impl Figure {
    /// The legend's row at the bottom, when there is a legend.
    fn legend_height(&self) -> u32 {
        if self.legend.is_empty() {
            0
        } else {
            LEGEND_ROW
        }
    }

    /// Each panel's share of the height left after the legend, the top margin and the x axis; both
    /// the drawing and the label placement use it, so labels land where the panels are drawn.
    fn panel_band(&self, height: u32) -> u32 {
        let count = u32::try_from(self.panels.len()).unwrap_or(1).max(1);
        height
            .saturating_sub(
                self.legend_height()
                    .saturating_add(self.top_margin().saturating_add(X_AXIS_HEIGHT)),
            )
            .checked_div(count)
            .unwrap_or(0)
    }

    /// The space above the first panel: one more row for marks' labels when there are marks.
    fn top_margin(&self) -> u32 {
        if !self.marks.is_empty() {
            TOP + LABEL_ROW
        } else {
            TOP
        }
    }

    /// The marks' keys, space-separated, in drawing order: the figure's `data-detail`.
    pub fn mark_keys(&self) -> String {
        self.marks
            .iter()
            .map(|m| m.key)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A rectangle in pixels: left, top, right, bottom.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub l: f64,
    pub t: f64,
    pub r: f64,
    pub b: f64,
}

impl Rect {
    /// Whether two rectangles share any area.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.l < other.r && other.l < self.r && self.t < other.b && other.t < self.b
    }

    /// The same rectangle, `by` pixels larger on every side.
    fn grown(&self, by: f64) -> Rect {
        Rect {
            l: self.l - by,
            t: self.t - by,
            r: self.r + by,
            b: self.b + by,
        }
    }
}

/// Whether the segment `a`–`b` passes through the rectangle (Liang–Barsky clipping).
pub fn segment_hits(a: (f64, f64), b: (f64, f64), r: &Rect) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in [
        (-dx, a.0 - r.l),
        (dx, r.r - a.0),
        (-dy, a.1 - r.t),
        (dy, r.b - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// Whether any segment of a polyline passes through the rectangle.
fn polyline_hits(points: &[(f64, f64)], r: &Rect) -> bool {
    points.windows(2).any(|w| match w {
        [a, b] => segment_hits(*a, *b, r),
        _ => false,
    })
}

/// The estimated box of a 12 px label: plotters cannot measure text the same way on the canvas
/// and in the SVG, so a generous per-character width keeps the estimate at least as wide as the
/// text in either.
const LABEL_CHAR_PX: f64 = 7.0;
/// See [`LABEL_CHAR_PX`].
const LABEL_HEIGHT_PX: f64 = 14.0;
/// The gap between a mark's line and its label.
const LABEL_GAP_PX: f64 = 4.0;
/// The clear space kept around a label.
const LABEL_CLEAR_PX: f64 = 2.0;

/// How far left and right a mark's label may reach: never into the left margin (the y axis's
/// ticks), and into the right one only when it holds no second axis.
fn label_span(plot: &Rect, panel: &Panel, width: u32) -> (f64, f64) {
    let right = if panel.right.is_some() {
        plot.r
    } else {
        f64::from(width) - 1.0
    };
    (plot.l + 1.0, right)
}

/// Where a mark's label is drawn, in the first panel's pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedLabel {
    pub text: String,
    /// The text's anchor: its right end when `left`, else its left end; vertically its middle.
    pub anchor: (f64, f64),
    /// The label is to the left of its line.
    pub left: bool,
    /// The box the label is taken to fill.
    pub rect: Rect,
    /// The mark's line, in pixels from the left.
    pub line_x: f64,
    /// A dotted continuation of the line (from y, to y) when the label sits beyond its end.
    pub leader: Option<(f64, f64)>,
    pub paint: Paint,
}

impl Figure {
    /// The first panel's plotting area inside its axes, in pixels of a `width` × `height`
    /// drawing: the same arithmetic as [`Chart::draw`].
    fn first_plot_rect(&self, width: u32, height: u32) -> Option<Rect> {
        let panel = self.panels.first()?;
        let band = self.panel_band(height);
        let bottom = self.panels.len() == 1;
        let own_height = band
            .saturating_add(self.top_margin())
            .saturating_add(if bottom { X_AXIS_HEIGHT } else { 0 });
        let right_margin = if panel.right.is_some() {
            RIGHT_AXIS_WIDTH
        } else {
            40
        };
        let inner_bottom = own_height.saturating_sub(if bottom { X_AXIS_HEIGHT } else { 0 });
        Some(Rect {
            l: f64::from(Y_AXIS_WIDTH + 6),
            r: f64::from(width.saturating_sub(right_margin).max(Y_AXIS_WIDTH + 7)),
            t: f64::from(self.top_margin()),
            b: f64::from(inner_bottom.max(self.top_margin().saturating_add(1))),
        })
    }

    /// Each mark's dashed line in the first panel, in pixels: (x, top, bottom).
    fn mark_lines(&self, plot: &Rect, panel: &Panel) -> Vec<(f64, f64, f64)> {
        let (x0, x1) = self.x.range();
        let (y0, y1) = panel.y.range();
        let px = |x: f64| plot.l + (self.x.at(x) - x0) / (x1 - x0) * (plot.r - plot.l);
        let py =
            |y: f64| plot.b - (panel.y.at(y).clamp(y0, y1) - y0) / (y1 - y0) * (plot.b - plot.t);
        self.marks
            .iter()
            .map(|m| (px(m.x), m.up_to.map_or(plot.t, py), plot.b))
            .collect()
    }

    /// What a mark label must keep clear of in the first panel, in pixels: its lines (as drawn,
    /// clamped to the panel) and its dashed levels.
    fn first_panel_obstacles(&self, plot: &Rect) -> Vec<Vec<(f64, f64)>> {
        let Some(panel) = self.panels.first() else {
            return Vec::new();
        };
        let (x0, x1) = self.x.range();
        let (y0, y1) = panel.y.range();
        let px = |x: f64| plot.l + (x - x0) / (x1 - x0) * (plot.r - plot.l);
        let py = |y: f64| plot.b - (y.clamp(y0, y1) - y0) / (y1 - y0) * (plot.b - plot.t);
        let lines = panel.lines.iter().map(|line| {
            line.points
                .iter()
                .map(|&(x, y)| {
                    let y = if line.on_right {
                        panel.right_to_left(y)
                    } else {
                        panel.y.at(y)
                    };
                    (px(self.x.at(x)), py(y))
                })
                .collect()
        });
        let levels = panel.levels.iter().map(|l| {
            let y = py(panel.y.at(l.y));
            vec![(plot.l, y), (plot.r, y)]
        });
        lines.chain(levels).collect()
    }

    /// The first panel's lines and levels in pixels, for tests that check the placement.
    #[cfg(test)]
    pub fn obstacles_for_tests(&self, width: u32, height: u32) -> Vec<Vec<(f64, f64)>> {
        self.first_plot_rect(width, height)
            .map(|plot| self.first_panel_obstacles(&plot))
            .unwrap_or_default()
    }

    /// The first panel's plotting area in pixels, for tests that check the placement.
    #[cfg(test)]
    pub fn plot_rect_for_tests(&self, width: u32, height: u32) -> Option<Rect> {
        self.first_plot_rect(width, height)
    }

    /// Each mark's line in pixels (x, top, bottom), for tests that check the placement.
    #[cfg(test)]
    pub fn mark_lines_for_tests(&self, width: u32, height: u32) -> Vec<(f64, f64, f64)> {
        let (Some(plot), Some(panel)) = (self.first_plot_rect(width, height), self.panels.first())
        else {
            return Vec::new();
        };
        self.mark_lines(&plot, panel)
    }

    /// Places every mark's label in the first panel of a `width` × `height` drawing, beside its
    /// line and clear of the lines, the other marks and the labels placed before it. Each label
    /// tries its preferred side at heights ever further from its preferred one, then the strip
    /// above the plot, then the same on the other side; a label above the end of its line gets
    /// a dotted leader. Which label goes first matters when marks crowd together, so each mark
    /// is tried first in turn; when no order leaves every label clear (a tiny chart), the marks'
    /// own order is kept, each label where it first wanted to be.
    pub fn place_mark_labels(&self, width: u32, height: u32) -> Vec<PlacedLabel> {
        let (Some(plot), Some(panel)) = (self.first_plot_rect(width, height), self.panels.first())
        else {
            return Vec::new();
        };
        let obstacles = self.first_panel_obstacles(&plot);
        let (min_l, max_r) = label_span(&plot, panel, width);
        let segments = self.mark_lines(&plot, panel);
        let half = LABEL_HEIGHT_PX / 2.0;
        let pitch = LABEL_HEIGHT_PX + LABEL_CLEAR_PX;
        // The label of mark `i` at height `y` on one side, unless it leaves its bounds or hits
        // anything already there.
        let try_at =
            |i: usize, left: bool, y: f64, placed: &[PlacedLabel]| -> Option<PlacedLabel> {
                let (m, &(line_x, line_top, _)) = (self.marks.get(i)?, segments.get(i)?);
                let label_w = m.label.chars().count() as f64 * LABEL_CHAR_PX;
                let l = if left {
                    line_x - LABEL_GAP_PX - label_w
                } else {
                    line_x + LABEL_GAP_PX
                };
                let rect = Rect {
                    l,
                    r: l + label_w,
                    t: y - half,
                    b: y + half,
                };
                let leader = (y < line_top - half).then_some((line_top - 3.0, y));
                let clear = rect.grown(LABEL_CLEAR_PX);
                let blocked = rect.l < min_l
                    || rect.r > max_r
                    || obstacles.iter().any(|o| polyline_hits(o, &clear))
                    || segments.iter().enumerate().any(|(j, &(x, top, bottom))| {
                        j != i && segment_hits((x, top), (x, bottom), &clear)
                    })
                    || placed.iter().any(|p| {
                        p.rect.grown(LABEL_CLEAR_PX).overlaps(&rect)
                            || p.leader.is_some_and(|(from, to)| {
                                segment_hits((p.line_x, from), (p.line_x, to), &clear)
                            })
                            || leader.is_some_and(|(from, to)| {
                                segment_hits((line_x, from), (line_x, to), &p.rect)
                            })
                    });
                (!blocked).then(|| PlacedLabel {
                    text: m.label.clone(),
                    anchor: (if left { rect.r } else { rect.l }, y),
                    left,
                    rect,
                    line_x,
                    leader,
                    paint: m.paint,
                })
            };
        // The first clear place for mark `i`.
        let place = |i: usize, placed: &[PlacedLabel]| -> Option<PlacedLabel> {
            let m = self.marks.get(i)?;
            let wanted = (plot.t + (plot.b - plot.t) * m.label_at)
                .clamp(plot.t + half, (plot.b - half).max(plot.t + half));
            let reach = ((plot.b - plot.t) / 4.0) as u32;
            [m.label_left, !m.label_left].into_iter().find_map(|left| {
                // Outwards from the wanted height, 4 px at a time, up before down.
                let inside = (0..=reach).flat_map(|k| {
                    let d = f64::from(k) * 4.0;
                    [wanted - d, wanted + d]
                });
                // Then the strip above the plot, where no line runs.
                let strip = (0..)
                    .map(|k| plot.t - LABEL_CLEAR_PX - half - pitch * f64::from(k))
                    .take_while(|&y| y - half >= 0.0);
                inside
                    .filter(|&y| y >= plot.t + half && y <= plot.b - half)
                    .chain(strip)
                    .find_map(|y| try_at(i, left, y, placed))
            })
        };
        let n = self.marks.len();
        for start in 0..n {
            let mut placed: Vec<PlacedLabel> = Vec::new();
            let mut slots: Vec<Option<PlacedLabel>> = self.marks.iter().map(|_| None).collect();
            for k in 0..n {
                let i = start.saturating_add(k).checked_rem(n).unwrap_or(0);
                let Some(label) = place(i, &placed) else {
                    break;
                };
                placed.push(label.clone());
                if let Some(slot) = slots.get_mut(i) {
                    *slot = Some(label);
                }
            }
            if placed.len() == n {
                return slots.into_iter().flatten().collect();
            }
        }
        // Nothing clear: each label where it wanted to be.
        self.marks
            .iter()
            .zip(&segments)
            .map(|(m, &(line_x, _, _))| {
                let label_w = m.label.chars().count() as f64 * LABEL_CHAR_PX;
                let y = plot.t + (plot.b - plot.t) * m.label_at;
                let (l, anchor) = if m.label_left {
                    (line_x - LABEL_GAP_PX - label_w, line_x - LABEL_GAP_PX)
                } else {
                    (line_x + LABEL_GAP_PX, line_x + LABEL_GAP_PX)
                };
                PlacedLabel {
                    text: m.label.clone(),
                    anchor: (anchor, y),
                    left: m.label_left,
                    rect: Rect {
                        l,
                        r: l + label_w,
                        t: y - half,
                        b: y + half,
                    },
                    line_x,
                    leader: None,
                    paint: m.paint,
                }
            })
            .collect()
    }
}

const X_AXIS_HEIGHT: u32 = 42;
const Y_AXIS_WIDTH: u32 = 62;
const RIGHT_AXIS_WIDTH: u32 = 62;
const TOP: u32 = 14;
/// Room for a row of labels above a plot with marks: marks that crowd together (a CDF's p95 and
/// p99, the knee beside "now") take their labels up there, where no line runs.
const LABEL_ROW: u32 = 18;
const LEGEND_ROW: u32 = 20;

/// Text in the theme's colour. The family is given as `FontFamily::SansSerif`, not as the
/// string "sans-serif": plotters lower-cases a family string, which would pull Unicode's case
/// tables (kilobytes) into the page.
fn font(colours: &Colours, size: u32) -> TextStyle<'static> {
    (FontFamily::SansSerif, size)
        .into_font()
        .color(&colours.text())
}

impl Chart for Figure {
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        colours: &Colours,
    ) -> Result<(), String> {
        area.fill(&colours.surface()).map_err(fail)?;
        let (_, height) = area.dim_in_pixel();
        let (mut rest, legend) = area.split_vertically(height.saturating_sub(self.legend_height()));
        let band = self.panel_band(height);
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
                40
            };
            let to_px = |v: u32| i32::try_from(v).unwrap_or(0);
            let plot_x = base.0.saturating_add(to_px(Y_AXIS_WIDTH + 6))
                ..base.0.saturating_add(to_px(
                    width.saturating_sub(right_margin).max(Y_AXIS_WIDTH + 7),
                ));
            let inner_top = if first { self.top_margin() } else { 12 };
            let inner_bottom = panel_height.saturating_sub(if bottom { X_AXIS_HEIGHT } else { 0 });
            let plot_y = base
                .1
                .saturating_add(to_px(inner_bottom.max(inner_top.saturating_add(1))))
                ..base.1.saturating_add(to_px(inner_top));
            let chart = here.apply_coord_spec(Cartesian2d::<RangedCoordf64, RangedCoordf64>::new(
                x0..x1,
                y0..y1,
                (plot_x, plot_y),
            ));
            // Grid lines first, under the data; the axes and their labels come after it.
            let y_ticks = panel
                .y
                .tick_positions(if self.panels.len() > 1 { 3 } else { 5 });
            let grid = y_ticks.iter().map(|&y| {
                PathElement::new(vec![(x0, y), (x1, y)], colours.border().stroke_width(1))
            });
            for element in grid {
                chart.draw(&element).map_err(fail)?;
            }
            let bars = panel.bars.iter().map(|bar| {
                let colour = colours.get(bar.paint);
                let style = if bar.hollow {
                    colour.stroke_width(1)
                } else {
                    colour.filled()
                };
                Rectangle::new([(bar.x0, y0.max(0.0)), (bar.x1, panel.y.at(bar.y))], style)
            });
            for element in bars {
                chart.draw(&element).map_err(fail)?;
            }
            let dashed = |from: (f64, f64), to: (f64, f64), paint: Paint| {
                DashedPathElement::new([from, to], 5, 4, colours.get(paint).stroke_width(1))
            };
            let levels = panel
                .levels
                .iter()
                .map(|l| dashed((x0, panel.y.at(l.y)), (x1, panel.y.at(l.y)), l.paint));
            let marks = self.marks.iter().map(|m| {
                let top = match m.up_to {
                    Some(y) if first => panel.y.at(y),
                    _ => y1,
                };
                dashed((self.x.at(m.x), y0), (self.x.at(m.x), top), m.paint)
            });
            for element in levels.chain(marks) {
                chart.draw(&element).map_err(fail)?;
            }
            let lines = panel.lines.iter().map(|line| {
                let points: Vec<(f64, f64)> = line
                    .points
                    .iter()
                    .map(|&(x, y)| {
                        let y = if line.on_right {
                            panel.right_to_left(y)
                        } else {
                            panel.y.at(y)
                        };
                        (self.x.at(x), y.clamp(y0, y1))
                    })
                    .collect();
                PathElement::new(points, colours.get(line.paint).stroke_width(2))
            });
            for element in lines {
                chart.draw(&element).map_err(fail)?;
            }

            // Text is placed in pixels, so notes and mark labels share one element type.
            let local = |x: f64, y: f64| {
                let (px, py) = chart.map_coordinate(&(x, y));
                (px.saturating_sub(base.0), py.saturating_sub(base.1))
            };
            let (left_px, top_px) = local(x0, y1);
            let (right_px, bottom_px) = local(x1, y0);
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
                    // The leader dotted up from the line's end, as short pixel paths: the
                    // element type the axes use already, where a dashed element in pixels would
                    // add another copy of plotters' dash code to the page.
                    if let Some((from, to)) = placed.leader {
                        let x = placed.line_x as i32;
                        let style = colours.get(placed.paint).stroke_width(1);
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
            here.draw(&Text::new(
                panel.y.label.clone(),
                (left_px.saturating_sub(50), top_px.midpoint(bottom_px)),
                rotated(FontTransform::Rotate270),
            ))
            .map_err(fail)?;
            if bottom {
                paths.push(vec![(left_px, bottom_px), (right_px, bottom_px)]);
                for x in self.x.tick_positions(6) {
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
                for at in right.tick_positions(5) {
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
        let mut x = i32::try_from(Y_AXIS_WIDTH).unwrap_or(60);
        for (name, paint) in &self.legend {
            let y = i32::try_from(LEGEND_ROW / 2).unwrap_or(10);
            legend
                .draw(&PathElement::new(
                    vec![(x, y), (x.saturating_add(22), y)],
                    colours.get(paint).stroke_width(2),
                ))
                .map_err(fail)?;
            let style = font(colours, 12).pos(Pos::new(HPos::Left, VPos::Center));
            legend
                .draw(&Text::new(name.clone(), (x.saturating_add(28), y), style))
                .map_err(fail)?;
            let width = i32::try_from(name.chars().count()).unwrap_or(10);
            x = x.saturating_add(width.saturating_mul(8).saturating_add(48));
        }
        Ok(())
    }

    fn summary(&self) -> String {
        self.summary.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_axis_spans_whole_decades_and_ticks_on_them() {
        let axis = Axis::log("ms", 3.2, 420.0);
        assert_eq!(axis.range(), (0.0, 3.0));
        assert_eq!(axis.tick_positions(6), vec![0.0, 1.0, 2.0, 3.0]);
        assert_eq!(axis.tick(2.0), "100");
        assert_eq!(axis.tick(3.0), "1k");
        assert_eq!(Axis::log("users", 10.0, 1_000_000.0).tick(6.0), "1M");
        // Nonsense in, a usable axis out.
        let bad = Axis::log("ms", f64::NAN, -5.0);
        let (lo, hi) = bad.range();
        assert!(hi > lo, "{lo} {hi}");
    }

    #[test]
    fn names_label_only_whole_positions() {
        let axis = Axis::linear(
            "shard",
            -0.5,
            2.5,
            Ticks::Names(vec!["a".into(), "b".into(), "c".into()]),
        );
        assert_eq!(axis.tick(1.0), "b");
        assert_eq!(axis.tick(1.5), "");
        assert_eq!(axis.tick(7.0), "");
        assert_eq!(axis.tick(-1.0), "");
    }

    #[test]
    fn an_empty_or_reversed_range_is_made_usable() {
        assert_eq!(
            Axis::linear("y", 2.0, 2.0, Ticks::Number).range(),
            (2.0, 3.0)
        );
        assert_eq!(
            Axis::linear("y", 5.0, 1.0, Ticks::Number).range(),
            (1.0, 5.0)
        );
    }

    #[test]
    fn the_right_axis_maps_onto_the_left_one() {
        let mut panel = Panel::new(Axis::linear("Apdex", 0.0, 1.0, Ticks::Tenths));
        panel.right = Some(Axis::log("p99", 1.0, 1000.0));
        assert!((panel.right_to_left(1.0) - 0.0).abs() < 1e-12);
        assert!((panel.right_to_left(1000.0) - 1.0).abs() < 1e-12);
        assert!((panel.right_to_left(10.0) - 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn numbers_shorten_from_a_thousand() {
        assert_eq!(short_number(0.0), "0");
        assert_eq!(short_number(250.0), "250");
        assert_eq!(short_number(4_000.0), "4k");
        assert_eq!(short_number(1_500_000.0), "1.5M");
        assert_eq!(short_number(0.25), "0.25");
    }

    #[test]
    fn the_svg_has_the_marks_labels_and_axes() {
        let mut panel = Panel::new(Axis::linear("Share", 0.0, 1.0, Ticks::Percent));
        panel.lines.push(Line {
            points: vec![(1.0, 0.1), (10.0, 0.5), (100.0, 1.0)],
            paint: "--c5",
            on_right: false,
        });
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
                paint: "--muted",
            }],
            legend: vec![("Latency".into(), "--c5")],
            summary: "s".into(),
        };
        let colours = Colours::from_pairs(vec![]);
        let svg = crate::components::chart::svg_text(&figure, &colours).unwrap_or_default();
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
        assert_eq!(figure.mark_keys(), "p50");
    }
}
