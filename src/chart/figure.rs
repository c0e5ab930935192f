//! The one chart model behind every plot in the app: a [`Figure`] is plain data (panels of lines,
//! bars, dashed levels and notes stacked over one x axis, vertical marks through them, a legend)
//! in one f64 × f64 coordinate system. [`super::draw`] turns it into plotters calls, and a plot's
//! HTML table reads its named series ([`super::table`]).
//!
//! Why one type: plotters is generic over the back end and the coordinate types, so every chart
//! type costs its own copy of plotters' chart code for the canvas and again for the SVG export.
//! Here every plot uses the same f64 × f64 coordinates: a log axis is drawn on the log10 of its
//! values, bars are rectangles in the same coordinates, dashed lines are one element type, and
//! one formatter writes every tick label. A page pays for plotters' chart code once per back end.
//!
//! The layout arithmetic (each panel's band, the first panel's plotting area, the legend's rows)
//! lives here, so the drawing and the label placement ([`super::labels`]) agree on it.

use super::axis::Axis;
pub use super::colours::Paint;

/// How a line is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Stroke {
    /// A plain solid line.
    Solid,
    /// A solid line with a dot on every point (measured values).
    Dots,
    /// A dashed line: an ideal or theoretical value.
    Dashed,
}

/// A line through data points.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// What the line is, as a table's column names it; empty for a line no table lists.
    pub name: String,
    /// (x, y) in data units.
    pub points: Vec<(f64, f64)>,
    pub paint: Paint,
    pub stroke: Stroke,
    /// (x, min, max): the spread over seeds at a point, drawn as a whisker.
    pub whiskers: Vec<(f64, f64, f64)>,
    /// Read against the panel's right-hand axis instead of its left one.
    pub on_right: bool,
}

impl Line {
    /// A plain solid line with no name, read against the left axis.
    pub fn new(points: Vec<(f64, f64)>, paint: Paint) -> Self {
        Line {
            name: String::new(),
            points,
            paint,
            stroke: Stroke::Solid,
            whiskers: Vec::new(),
            on_right: false,
        }
    }
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

/// A dashed horizontal line across the panel, e.g. the fair share.
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
    /// What the bars count, as a table's column names them; empty for bars no table lists.
    pub bars_name: String,
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
            bars_name: String::new(),
            levels: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// A y on the right-hand axis, moved to where it sits on the left-hand one.
    pub fn right_to_left(&self, y: f64) -> f64 {
        let (lo, hi) = self.y.range();
        match &self.right {
            Some(right) => {
                let (r0, r1) = right.range();
                lo + (right.at(y) - r0) / (r1 - r0) * (hi - lo)
            }
            None => self.y.at(y),
        }
    }

    /// Where a line's point is drawn: its y read against the line's own axis, moved onto the
    /// left one and clamped to the panel.
    pub fn drawn_point(&self, x: &Axis, line: &Line, (px, py): (f64, f64)) -> (f64, f64) {
        let (y0, y1) = self.y.range();
        let y = if line.on_right {
            self.right_to_left(py)
        } else {
            self.y.at(py)
        };
        (x.at(px), y.clamp(y0, y1))
    }
}

/// How a legend entry shows what it names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Sample {
    /// A short solid line.
    Line,
    /// A short line with a dot: a [`Stroke::Dots`] line.
    Dots,
    /// A short dashed line.
    Dashed,
    /// A filled box: bars.
    Bar,
}

/// One legend entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Key {
    pub name: String,
    pub paint: Paint,
    pub sample: Sample,
}

impl Key {
    /// An entry for a plain line.
    pub fn line(name: &str, paint: Paint) -> Self {
        Key {
            name: name.to_owned(),
            paint,
            sample: Sample::Line,
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
    pub legend: Vec<Key>,
    /// One sentence for screen readers.
    pub summary: String,
}

/// The x axis's height under the bottom panel: ticks, their labels and the description.
pub const X_AXIS_HEIGHT: u32 = 42;
/// The left margin of every panel: the y axis's ticks and description.
pub const Y_AXIS_WIDTH: u32 = 62;
/// The right margin of a panel with a second y axis.
pub const RIGHT_AXIS_WIDTH: u32 = 62;
/// The right margin of a panel without one.
pub const RIGHT_MARGIN: u32 = 40;
/// The space above the first panel.
pub const TOP: u32 = 14;
/// Room for a row of labels above a plot with marks: marks that crowd together (a CDF's p95 and
/// p99, the knee beside "now") take their labels up there, where no line runs.
pub const LABEL_ROW: u32 = 18;
/// The room above a plot for its title when the figure's titles lie level: a 12 px line, 3 px
/// over its own plot and 5 px under the plot above, so it reads as its own plot's.
pub const TITLE_ROW: u32 = 20;
/// The height of one row of the legend.
pub const LEGEND_ROW: u32 = 20;
/// A legend entry's sample, before its name.
pub const LEGEND_SAMPLE: i32 = 28;

/// Whether an axis title fits up a band `band_px` tall at 13 px (about 7 px a character,
/// measured on the page's sans-serif; a few pixels past either end still read cleanly).
pub fn label_fits_upright(label: &str, band_px: u32) -> bool {
    let length = u32::try_from(label.chars().count()).unwrap_or(u32::MAX);
    length.saturating_mul(7) <= band_px.saturating_add(12)
}

/// The room a legend entry takes in a row: its sample, its name (8 px a character, generous for
/// a 12 px font) and the gap before the next entry.
fn legend_entry_width(key: &Key) -> i32 {
    let chars = i32::try_from(key.name.chars().count()).unwrap_or(10);
    chars.saturating_mul(8).saturating_add(48)
}

impl Figure {
    /// Where each legend entry starts in a drawing `width` wide, as (x, row): left to right from
    /// the y axis, onto a new row when the next name would pass the right edge.
    pub fn legend_layout(&self, width: u32) -> Vec<(i32, i32)> {
        let start = i32::try_from(Y_AXIS_WIDTH).unwrap_or(60);
        let right = i32::try_from(width).unwrap_or(i32::MAX);
        let (mut x, mut row) = (start, 0_i32);
        self.legend
            .iter()
            .map(|key| {
                let w = legend_entry_width(key);
                // The entry's own end: its name, without the gap after it.
                if x > start && x.saturating_add(w).saturating_sub(20) > right {
                    x = start;
                    row = row.saturating_add(1);
                }
                let at = (x, row);
                x = x.saturating_add(w);
                at
            })
            .collect()
    }

    /// The legend's rows at the bottom of a drawing `width` wide, when there is a legend.
    pub fn legend_height(&self, width: u32) -> u32 {
        let rows = self.legend_layout(width).last().map_or(0, |&(_, row)| {
            u32::try_from(row).unwrap_or(0).saturating_add(1)
        });
        rows.saturating_mul(LEGEND_ROW)
    }

    /// Each panel's share of the height left after the legend, the top margin and the x axis; both
    /// the drawing and the label placement use it, so labels land where the panels are drawn.
    pub fn panel_band(&self, width: u32, height: u32) -> u32 {
        let count = u32::try_from(self.panels.len()).unwrap_or(1).max(1);
        height
            .saturating_sub(
                self.legend_height(width)
                    .saturating_add(self.top_margin().saturating_add(X_AXIS_HEIGHT)),
            )
            .checked_div(count)
            .unwrap_or(0)
    }

    /// Whether the panels' titles stand up the left margin: only when every one of them fits up
    /// its band. Otherwise they all lie level, each above its own plot: a stack whose titles stood
    /// up beside some bands and lay level over others ("Break it": p99's title lay under the
    /// Errors/s plot, beside that plot's upright title) read as the panel above's.
    pub fn titles_upright(&self, width: u32, height: u32) -> bool {
        let band = self.panel_band(width, height);
        self.panels.iter().enumerate().all(|(i, panel)| {
            let room = band.saturating_add(if i == 0 { self.top_margin() } else { 0 });
            label_fits_upright(&panel.y.label, room.saturating_sub(12))
        })
    }

    /// How far below the top of its band a panel's plot starts: the top margin over the first,
    /// a gap over the others, and room for a level title ([`TITLE_ROW`]) when titles lie level.
    pub fn plot_top(&self, first: bool, upright: bool) -> u32 {
        match (first, upright) {
            (true, true) => self.top_margin(),
            (true, false) => self.top_margin().max(TITLE_ROW),
            (false, true) => 12,
            (false, false) => TITLE_ROW,
        }
    }

    /// The space above the first panel: one more row for marks' labels when there are marks.
    pub fn top_margin(&self) -> u32 {
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

#[cfg(test)]
mod tests {
    use super::super::axis::Ticks;
    use super::*;

    #[test]
    fn the_right_axis_maps_onto_the_left_one() {
        let mut panel = Panel::new(Axis::linear("Apdex", 0.0, 1.0, Ticks::Tenths));
        panel.right = Some(Axis::log("p99", 1.0, 1000.0));
        assert!((panel.right_to_left(1.0) - 0.0).abs() < 1e-12);
        assert!((panel.right_to_left(1000.0) - 1.0).abs() < 1e-12);
        assert!((panel.right_to_left(10.0) - 1.0 / 3.0).abs() < 1e-12);
        let x = Axis::linear("x", 0.0, 1.0, Ticks::Number);
        let mut line = Line::new(Vec::new(), Paint::Var("--c1"));
        line.on_right = true;
        assert_eq!(panel.drawn_point(&x, &line, (0.5, 1e6)), (0.5, 1.0));
    }

    fn figure_with_legend(names: &[&str]) -> Figure {
        Figure {
            x: Axis::linear("x", 0.0, 1.0, Ticks::Number),
            panels: vec![Panel::new(Axis::linear("y", 0.0, 1.0, Ticks::Number))],
            marks: Vec::new(),
            legend: names
                .iter()
                .map(|n| Key::line(n, Paint::Var("--c1")))
                .collect(),
            summary: String::new(),
        }
    }

    #[test]
    fn the_legend_wraps_onto_rows_that_fit() {
        let two = figure_with_legend(&["Apdex", "p99"]);
        assert_eq!(two.legend_layout(600), vec![(62, 0), (150, 0)]);
        assert_eq!(two.legend_height(600), LEGEND_ROW);
        // Seven names of the lengths the Ring's movement plot has.
        let names = [
            "aaa",
            "bbbb",
            "cccc",
            "dddddddddd",
            "eeeee",
            "fffffffff",
            "gg",
        ];
        let many = figure_with_legend(&names);
        for width in [340, 490, 640] {
            let layout = many.legend_layout(width);
            for (key, &(x, _)) in many.legend.iter().zip(&layout) {
                let end = x + legend_entry_width(key) - 20;
                assert!(end <= width as i32, "{} ends at {end} of {width}", key.name);
            }
            let rows = layout.last().map_or(0, |l| l.1) + 1;
            assert!(rows >= 2, "seven entries do not fit one row of {width}");
            assert_eq!(many.legend_height(width), rows as u32 * LEGEND_ROW);
        }
        // The legend takes its rows from the panels.
        assert!(many.panel_band(340, 360) < two.panel_band(340, 360));
        assert_eq!(figure_with_legend(&[]).legend_height(600), 0);
    }
}
