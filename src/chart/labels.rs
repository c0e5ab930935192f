//! Where a figure's mark labels go: beside their dashed lines in the first panel, clear of its
//! lines, levels, the other marks and each other, in pixels of the drawing. Pure geometry (boxes,
//! Liang–Barsky segment clipping), tested natively; the renderer draws what [`Figure::place_mark_labels`]
//! returns.

use super::draw::TITLE_GAP;
use super::figure::{
    Figure, Paint, Panel, RIGHT_AXIS_WIDTH, RIGHT_MARGIN, X_AXIS_HEIGHT, Y_AXIS_WIDTH,
};

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
    /// drawing: the same arithmetic as [`Figure::draw`].
    pub fn first_plot_rect(&self, width: u32, height: u32) -> Option<Rect> {
        let panel = self.panels.first()?;
        let band = self.panel_band(width, height);
        let bottom = self.panels.len() == 1;
        let own_height = band
            .saturating_add(self.top_margin())
            .saturating_add(if bottom { X_AXIS_HEIGHT } else { 0 });
        let right_margin = if panel.right.is_some() {
            RIGHT_AXIS_WIDTH
        } else {
            RIGHT_MARGIN
        };
        let inner_bottom = own_height.saturating_sub(if bottom { X_AXIS_HEIGHT } else { 0 });
        let top = self.plot_top(true, self.titles_upright(width, height));
        Some(Rect {
            l: f64::from(Y_AXIS_WIDTH + 6),
            r: f64::from(width.saturating_sub(right_margin).max(Y_AXIS_WIDTH + 7)),
            t: f64::from(top),
            b: f64::from(inner_bottom.max(top.saturating_add(1))),
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
    /// clamped to the panel), its dashed levels and, when titles lie level, its title's box
    /// above the plot (`level_title`), where the strip for crowded labels also runs.
    fn first_panel_obstacles(&self, plot: &Rect, level_title: bool) -> Vec<Vec<(f64, f64)>> {
        let Some(panel) = self.panels.first() else {
            return Vec::new();
        };
        let title = level_title.then(|| {
            let foot = plot.t - f64::from(TITLE_GAP);
            let (l, r) = (
                plot.l + 4.0,
                plot.l + 4.0 + panel.y.label.chars().count() as f64 * LABEL_CHAR_PX,
            );
            let t = foot - LABEL_HEIGHT_PX;
            vec![(l, t), (r, t), (r, foot), (l, foot), (l, t)]
        });
        let (x0, x1) = self.x.range();
        let (y0, y1) = panel.y.range();
        let px = |x: f64| plot.l + (x - x0) / (x1 - x0) * (plot.r - plot.l);
        let py = |y: f64| plot.b - (y.clamp(y0, y1) - y0) / (y1 - y0) * (plot.b - plot.t);
        let lines = panel.lines.iter().map(|line| {
            line.points
                .iter()
                .map(|&p| {
                    let (x, y) = panel.drawn_point(&self.x, line, p);
                    (px(x), py(y))
                })
                .collect()
        });
        let levels = panel.levels.iter().map(|l| {
            let y = py(panel.y.at(l.y));
            vec![(plot.l, y), (plot.r, y)]
        });
        lines.chain(levels).chain(title).collect()
    }

    /// The first panel's lines and levels in pixels, for tests that check the placement.
    #[cfg(test)]
    pub fn obstacles_for_tests(&self, width: u32, height: u32) -> Vec<Vec<(f64, f64)>> {
        self.first_plot_rect(width, height)
            .map(|plot| self.first_panel_obstacles(&plot, !self.titles_upright(width, height)))
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
        let obstacles = self.first_panel_obstacles(&plot, !self.titles_upright(width, height));
        let (min_l, max_r) = label_span(&plot, panel, width);
        let segments = self.mark_lines(&plot, panel);
        let half = LABEL_HEIGHT_PX / 2.0;
        let pitch = LABEL_HEIGHT_PX + LABEL_CLEAR_PX;
        // The label of mark `i` at height `y` on one side, wherever that is.
        let label_box = |i: usize, left: bool, y: f64| -> Option<PlacedLabel> {
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
            Some(PlacedLabel {
                text: m.label.clone(),
                anchor: (if left { rect.r } else { rect.l }, y),
                left,
                rect,
                line_x,
                leader: (y < line_top - half).then_some((line_top - 3.0, y)),
                paint: m.paint,
            })
        };
        // The same, unless it leaves its bounds or hits anything already there.
        let try_at =
            |i: usize, left: bool, y: f64, placed: &[PlacedLabel]| -> Option<PlacedLabel> {
                let label = label_box(i, left, y)?;
                let (rect, leader, line_x) = (label.rect, label.leader, label.line_x);
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
                (!blocked).then_some(label)
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

#[cfg(test)]
mod tests {
    use super::super::axis::{Axis, Ticks};
    use super::super::figure::{Line, Mark};
    use super::*;

    #[test]
    fn segments_hit_only_the_boxes_they_cross() {
        let r = Rect {
            l: 10.0,
            t: 10.0,
            r: 20.0,
            b: 20.0,
        };
        assert!(segment_hits((0.0, 15.0), (30.0, 15.0), &r));
        assert!(segment_hits((15.0, 15.0), (15.0, 16.0), &r), "inside");
        assert!(!segment_hits((0.0, 0.0), (30.0, 5.0), &r));
        assert!(
            !segment_hits((0.0, 25.0), (30.0, 25.0), &r),
            "parallel, below"
        );
        assert!(!segment_hits((0.0, 0.0), (9.0, 9.0), &r), "stops short");
    }

    /// Two marks a pixel apart with labels that want the same place.
    fn crowded() -> Figure {
        let mut panel = Panel::new(Axis::linear("Share", 0.0, 1.0, Ticks::Percent));
        panel.lines.push(Line::new(
            vec![(1.0, 0.0), (100.0, 1.0)],
            Paint::Var("--c5"),
        ));
        let mark = |key, x: f64| Mark {
            key,
            x,
            up_to: None,
            label: format!("{key} {x} ms"),
            label_at: 0.2,
            label_left: true,
            paint: Paint::Var("--muted"),
        };
        Figure {
            x: Axis::log("ms", 1.0, 100.0),
            panels: vec![panel],
            marks: vec![mark("p95", 40.0), mark("p99", 42.0)],
            legend: Vec::new(),
            summary: String::new(),
        }
    }

    #[test]
    fn crowded_labels_are_placed_apart_and_clear_of_the_lines() {
        let figure = crowded();
        for (w, h) in [(600, 380), (340, 280)] {
            let labels = figure.place_mark_labels(w, h);
            assert_eq!(labels.len(), 2);
            let [a, b] = [&labels[0], &labels[1]];
            assert!(!a.rect.overlaps(&b.rect), "{a:?} {b:?} at {w}×{h}");
            let plot = figure.first_plot_rect(w, h).unwrap();
            for label in &labels {
                assert!(label.rect.l >= plot.l, "{label:?} runs into the y axis");
                for line in figure.obstacles_for_tests(w, h) {
                    assert!(
                        !polyline_hits(&line, &label.rect),
                        "{label:?} crosses a line"
                    );
                }
            }
        }
    }

    #[test]
    fn a_figure_without_panels_places_nothing() {
        let mut figure = crowded();
        figure.panels.clear();
        assert!(figure.place_mark_labels(600, 380).is_empty());
    }
}
