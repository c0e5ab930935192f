//! Pure geometry for the board and its plots: boxes, edge ends, the pan/zoom view, the capacity curve's user counts.

/// A node's box, in board units.
pub const NODE_W: f64 = 150.0;
/// See [`NODE_W`].
pub const NODE_H: f64 = 72.0;
/// The board's viewBox size; the SVG keeps this aspect ratio. The width is the same on every
/// screen; the height is [`VIEW_H`] on a wide board and [`TALL_VIEW_H`] on a narrow one.
pub const VIEW_W: f64 = 800.0;
/// The viewBox height on a wide board. See [`VIEW_W`].
pub const VIEW_H: f64 = 440.0;
/// The viewBox height on a narrow board (a phone): square, so a board the reader zooms in to
/// read its labels still shows a few rows of boxes instead of a strip about 200 px high.
pub const TALL_VIEW_H: f64 = 800.0;
/// Zoom limits, and the width below which the board is on a phone (the core's). On a phone the
/// viewBox is square and the zoom stops where text would shrink under 12 CSS px
/// ([`shardlab_core::view_limits::board::min_zoom`]).
pub use shardlab_core::view_limits::board::{MAX_ZOOM, MIN_ZOOM, NARROW_BOARD_PX};

/// The farthest a board drawn `width_px` CSS pixels wide zooms out (the core's rule for the
/// board's [`VIEW_W`]).
pub fn min_zoom(width_px: f64) -> f64 {
    shardlab_core::view_limits::board::min_zoom(width_px, VIEW_W)
}

/// The viewBox height for a board drawn `width_px` CSS pixels wide: taller below
/// [`NARROW_BOARD_PX`]. A width not yet measured (0) counts as wide.
pub fn view_height(width_px: f64) -> f64 {
    if width_px.is_finite() && width_px > 0.0 && width_px < NARROW_BOARD_PX {
        TALL_VIEW_H
    } else {
        VIEW_H
    }
}

/// The pan and zoom of the board: a board point `p` is drawn at `p * zoom + (x, y)` in viewBox units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Horizontal offset, viewBox units.
    pub x: f64,
    /// Vertical offset, viewBox units.
    pub y: f64,
    /// Scale.
    pub zoom: f64,
}

impl Default for View {
    fn default() -> Self {
        View {
            x: 40.0,
            y: 20.0,
            zoom: 1.0,
        }
    }
}

impl View {
    /// The board point under a viewBox point.
    pub fn to_board(self, vx: f64, vy: f64) -> (f64, f64) {
        ((vx - self.x) / self.zoom, (vy - self.y) / self.zoom)
    }

    /// The viewBox point of a board point.
    pub fn to_view(self, bx: f64, by: f64) -> (f64, f64) {
        (bx * self.zoom + self.x, by * self.zoom + self.y)
    }

    /// The view that shows every box with a margin in a viewBox `view_h` high, at most at zoom
    /// 1.5 (the default view for an empty board).
    pub fn fit(points: &[(f64, f64)], view_h: f64) -> View {
        View::fit_within(points, view_h, MIN_ZOOM)
    }

    /// [`View::fit`], zoomed out no farther than `min_zoom`. Boxes that do not fit at that zoom
    /// are shown from the top left corner of their bounds, where a design starts (its users),
    /// with the margin; an axis that fits is centred.
    pub fn fit_within(points: &[(f64, f64)], view_h: f64, min_zoom: f64) -> View {
        if points.is_empty() || points.iter().any(|(x, y)| !x.is_finite() || !y.is_finite()) {
            return View::default();
        }
        let margin = 24.0;
        let min_x = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - NODE_W / 2.0;
        let max_x = points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max) + NODE_W / 2.0;
        let min_y = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - NODE_H / 2.0;
        let max_y = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max) + NODE_H / 2.0;
        let floor = if min_zoom.is_finite() {
            min_zoom.clamp(MIN_ZOOM, MAX_ZOOM)
        } else {
            MIN_ZOOM
        };
        let zoom = ((VIEW_W - 2.0 * margin) / (max_x - min_x))
            .min((view_h - 2.0 * margin) / (max_y - min_y))
            .clamp(MIN_ZOOM, 1.5)
            .max(floor);
        // Centred where the bounds fit; from their near edge where only the floor holds them.
        let place = |size: f64, low: f64, high: f64| {
            let span = (high - low) * zoom;
            if span <= size - 2.0 * margin || zoom <= MIN_ZOOM {
                (size - span) / 2.0 - low * zoom
            } else {
                margin - low * zoom
            }
        };
        View {
            x: place(VIEW_W, min_x, max_x),
            y: place(view_h, min_y, max_y),
            zoom,
        }
    }

    /// The least pan that brings the box of the node centred at board point `(bx, by)` wholly
    /// into a viewBox `view_h` high, with a small margin; the view itself when the box is already in it. On a
    /// phone the opening view shows part of the board, and a node reached with Tab must not stay
    /// off screen.
    pub fn reveal(self, bx: f64, by: f64, view_h: f64) -> View {
        const MARGIN: f64 = 8.0;
        fn shift(low: f64, high: f64, size: f64) -> f64 {
            if low < MARGIN {
                MARGIN - low
            } else if high > size - MARGIN {
                // A box larger than the view keeps its near edge in view.
                (size - MARGIN - high).max(MARGIN - low)
            } else {
                0.0
            }
        }
        if !bx.is_finite() || !by.is_finite() {
            return self;
        }
        let (left, top) = self.to_view(bx - NODE_W / 2.0, by - NODE_H / 2.0);
        let (right, bottom) = self.to_view(bx + NODE_W / 2.0, by + NODE_H / 2.0);
        View {
            x: self.x + shift(left, right, VIEW_W),
            y: self.y + shift(top, bottom, view_h),
            zoom: self.zoom,
        }
    }

    /// How many of the boxes centred at `points` are not wholly inside a viewBox `view_h` high.
    /// A phone's opening view shows part of the board; the board says how much is off screen
    /// and offers to show it all.
    pub fn boxes_out_of_view(self, points: &[(f64, f64)], view_h: f64) -> usize {
        points
            .iter()
            .filter(|&&(bx, by)| {
                let (left, top) = self.to_view(bx - NODE_W / 2.0, by - NODE_H / 2.0);
                let (right, bottom) = self.to_view(bx + NODE_W / 2.0, by + NODE_H / 2.0);
                // Written so that a NaN anywhere counts the box as out of view.
                !(left >= 0.0 && top >= 0.0 && right <= VIEW_W && bottom <= view_h)
            })
            .count()
    }

    /// Zooms by `factor`, keeping the viewBox point `(vx, vy)` fixed on screen.
    pub fn zoom_about(self, factor: f64, vx: f64, vy: f64) -> View {
        self.zoom_about_within(factor, vx, vy, MIN_ZOOM)
    }

    /// [`View::zoom_about`], zooming out no farther than `min_zoom` (a phone's text floor).
    pub fn zoom_about_within(self, factor: f64, vx: f64, vy: f64, min_zoom: f64) -> View {
        if !factor.is_finite() || factor <= 0.0 {
            return self;
        }
        let floor = if min_zoom.is_finite() {
            min_zoom.clamp(MIN_ZOOM, MAX_ZOOM)
        } else {
            MIN_ZOOM
        };
        let zoom = (self.zoom * factor).clamp(floor, MAX_ZOOM);
        let (bx, by) = self.to_board(vx, vy);
        View {
            x: vx - bx * zoom,
            y: vy - by * zoom,
            zoom,
        }
    }
}

/// The board's shape and view for a drawing `width_px` CSS pixels wide: the viewBox height for
/// that width ([`view_height`]) and the view that fits every box into it ([`View::fit_within`]),
/// as far as a phone's text floor ([`min_zoom`]) lets it. The board takes it on load, on every
/// resize of its drawing and for every new design; the reader's own pan and zoom last until then.
pub fn fit_to_width(points: &[(f64, f64)], width_px: f64) -> (View, f64) {
    let view_h = view_height(width_px);
    (View::fit_within(points, view_h, min_zoom(width_px)), view_h)
}

/// A viewBox point from a client point, given the SVG's client rectangle (left, top, width). The
/// SVG's CSS keeps the viewBox aspect ratio, so one scale serves both axes.
pub fn client_to_view(client_x: f64, client_y: f64, left: f64, top: f64, width: f64) -> (f64, f64) {
    let scale = if width > 0.0 { VIEW_W / width } else { 1.0 };
    ((client_x - left) * scale, (client_y - top) * scale)
}

/// The width, in CSS px, that the board's drawing gets in an SVG whose client rectangle is
/// `rect_width` × `rect_height` and whose width inside the border is `inner_width`, for a viewBox
/// [`VIEW_W`] × `view_h`. The viewBox is scaled into the inside of the border by the smaller of its
/// two ratios: the box keeps the viewBox's aspect ratio including the border, so inside it the
/// height is the limit by a fraction of a pixel.
pub fn drawn_width(rect_width: f64, rect_height: f64, inner_width: f64, view_h: f64) -> f64 {
    let border = (rect_width - inner_width).max(0.0);
    let inner_height = (rect_height - border).max(0.0);
    inner_width.min(inner_height * VIEW_W / view_h)
}

/// Where a validation callout goes for the node centred at board point `(bx, by)`: just under its
/// box's left corner, as (left, top) percentages of a viewBox `view_h` high, kept on the board.
pub fn callout_position(view: View, bx: f64, by: f64, view_h: f64) -> (f64, f64) {
    let (vx, vy) = view.to_view(bx - NODE_W / 2.0, by + NODE_H / 2.0 + 6.0);
    (
        (vx / VIEW_W * 100.0).clamp(0.0, 95.0),
        (vy / view_h * 100.0).clamp(0.0, 95.0),
    )
}

/// Whether a board point is inside the box of the node centred at `(cx, cy)`.
pub fn hits_node(px: f64, py: f64, cx: f64, cy: f64) -> bool {
    (px - cx).abs() <= NODE_W / 2.0 && (py - cy).abs() <= NODE_H / 2.0
}

/// The share of the centre-to-centre segment `(dx, dy)` that lies inside the starting box.
fn inside_fraction(dx: f64, dy: f64) -> f64 {
    let tx = if dx == 0.0 {
        f64::INFINITY
    } else {
        (NODE_W / 2.0) / dx.abs()
    };
    let ty = if dy == 0.0 {
        f64::INFINITY
    } else {
        (NODE_H / 2.0) / dy.abs()
    };
    tx.min(ty).min(0.5)
}

/// An edge's ends from box edge to box edge, so the arrow head shows.
pub fn edge_ends(from: (f64, f64), to: (f64, f64)) -> (f64, f64, f64, f64) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let cut = inside_fraction(dx, dy);
    let start = cut;
    let end = 1.0 - cut;
    (
        from.0 + dx * start,
        from.1 + dy * start,
        from.0 + dx * end,
        from.1 + dy * end,
    )
}

/// Room kept between two boxes, so an edge between neighbours stays visible.
const BOX_GAP: f64 = 24.0;

/// Whether boxes centred at `a` and `b` overlap or sit closer than [`BOX_GAP`].
pub fn boxes_crowd(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < NODE_W + BOX_GAP && (a.1 - b.1).abs() < NODE_H + BOX_GAP
}

/// Where a new box goes: the first cell, row by row from the top left of the boxes already on
/// the board, that crowds none of them. Four columns and one row per box are enough for any
/// board, so a free cell always exists.
pub fn free_spot(boxes: &[(f64, f64)]) -> (f64, f64) {
    let finite = || boxes.iter().filter(|(x, y)| x.is_finite() && y.is_finite());
    let left = finite().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let top = finite().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let (left, top) = if left.is_finite() {
        (left, top)
    } else {
        (80.0, 80.0)
    };
    (0..=boxes.len())
        .flat_map(|row| (0..4).map(move |col| (col, row)))
        .map(|(col, row)| {
            (
                left + f64::from(col) * (NODE_W + BOX_GAP + 26.0),
                top + row as f64 * (NODE_H + BOX_GAP + 24.0),
            )
        })
        .find(|spot| !boxes.iter().any(|b| boxes_crowd(*spot, *b)))
        .unwrap_or((left, top))
}

/// The length to squeeze a node's line of text into when `chars` characters of `font_px` text
/// would overflow its box (about 0.58 em a character, the system font's average): the value of
/// the SVG `textLength`; `None` when it fits as it is.
pub fn squeeze_text(chars: usize, font_px: f64) -> Option<f64> {
    let room = NODE_W - 16.0;
    (chars as f64 * font_px * 0.58 > room).then_some(room)
}

/// `count` user counts spaced evenly on a log scale from `lo` to `hi`, rounded to whole users.
pub fn log_space(lo: u32, hi: u32, count: usize) -> Vec<u32> {
    let (a, b) = (
        libm::log10(f64::from(lo.max(1))),
        libm::log10(f64::from(hi.max(1))),
    );
    (0..count)
        .map(|i| {
            let t = if count > 1 {
                i as f64 / count.saturating_sub(1) as f64
            } else {
                0.0
            };
            libm::round(libm::pow(10.0, a + (b - a) * t)) as u32
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_box_lands_clear_of_every_other() {
        let mut boxes: Vec<(f64, f64)> = Vec::new();
        for _ in 0..40 {
            let spot = free_spot(&boxes);
            assert!(
                boxes.iter().all(|b| !boxes_crowd(spot, *b)),
                "{spot:?} in {boxes:?}"
            );
            boxes.push(spot);
        }
        // Beside a preset's boxes too, and near them: within a row or two of their top left.
        for name in shardlab_core::sim::PRESET_NAMES {
            let design = shardlab_core::sim::preset(name).unwrap().design;
            let boxes: Vec<(f64, f64)> = design.nodes.iter().map(|n| (n.x, n.y)).collect();
            let spot = free_spot(&boxes);
            assert!(
                boxes.iter().all(|b| !boxes_crowd(spot, *b)),
                "{name}: {spot:?}"
            );
            assert!(spot.1 <= 80.0 + 2.0 * 120.0, "{name}: {spot:?}");
        }
    }

    #[test]
    fn no_preset_hides_a_box_behind_another() {
        for name in shardlab_core::sim::PRESET_NAMES {
            let nodes = shardlab_core::sim::preset(name).unwrap().design.nodes;
            for (i, a) in nodes.iter().enumerate() {
                for b in nodes.iter().skip(i + 1) {
                    assert!(
                        !boxes_crowd((a.x, a.y), (b.x, b.y)),
                        "{name}: {} and {}",
                        a.id,
                        b.id
                    );
                }
            }
        }
    }

    #[test]
    fn long_node_text_is_squeezed_into_its_box() {
        assert_eq!(
            squeeze_text("100 % busy · 8.0k req/s".chars().count(), 11.0),
            Some(NODE_W - 16.0)
        );
        assert_eq!(
            squeeze_text("40 % busy · 90 req/s".chars().count(), 11.0),
            None
        );
        assert_eq!(squeeze_text("Database".len(), 15.0), None);
        assert!(squeeze_text(40, 15.0).is_some());
    }

    #[test]
    fn view_maps_both_ways_and_zooms_about_a_point() {
        let view = View {
            x: 10.0,
            y: -5.0,
            zoom: 2.0,
        };
        let (bx, by) = view.to_board(110.0, 95.0);
        assert_eq!((bx, by), (50.0, 50.0));
        assert_eq!(view.to_view(bx, by), (110.0, 95.0));
        let zoomed = view.zoom_about(1.5, 110.0, 95.0);
        let (vx, vy) = zoomed.to_view(50.0, 50.0);
        assert!((vx - 110.0).abs() < 1e-9 && (vy - 95.0).abs() < 1e-9);
        assert_eq!(view.zoom_about(100.0, 0.0, 0.0).zoom, MAX_ZOOM);
        assert_eq!(view.zoom_about(f64::NAN, 0.0, 0.0), view);
    }

    #[test]
    fn fit_centres_the_boxes() {
        let view = View::fit(&[(0.0, 0.0), (400.0, 200.0)], VIEW_H);
        let (lx, ty) = view.to_view(-NODE_W / 2.0, -NODE_H / 2.0);
        let (rx, by) = view.to_view(400.0 + NODE_W / 2.0, 200.0 + NODE_H / 2.0);
        assert!((lx - (VIEW_W - rx)).abs() < 1e-6, "centred across");
        assert!((ty - (VIEW_H - by)).abs() < 1e-6, "centred down");
        assert!(lx >= 23.9 && ty >= 23.9);
        assert_eq!(View::fit(&[], VIEW_H), View::default());
        assert!(View::fit(&[(0.0, 0.0)], VIEW_H).zoom <= 1.5);
        // In the taller viewBox of a phone the boxes are centred down its height.
        let tall = View::fit(&[(0.0, 0.0), (400.0, 200.0)], TALL_VIEW_H);
        let (_, top) = tall.to_view(0.0, -NODE_H / 2.0);
        let (_, bottom) = tall.to_view(0.0, 200.0 + NODE_H / 2.0);
        assert!(
            (top - (TALL_VIEW_H - bottom)).abs() < 1e-6,
            "{top} {bottom}"
        );
    }

    /// The least distance, in viewBox units, from any of the boxes centred at `points` to the
    /// edge of a viewBox `view_h` high (negative when a box sticks out).
    fn least_margin(view: View, points: &[(f64, f64)], view_h: f64) -> f64 {
        points
            .iter()
            .map(|&(x, y)| {
                let (left, top) = view.to_view(x - NODE_W / 2.0, y - NODE_H / 2.0);
                let (right, bottom) = view.to_view(x + NODE_W / 2.0, y + NODE_H / 2.0);
                left.min(top).min(VIEW_W - right).min(view_h - bottom)
            })
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn the_fit_puts_every_box_inside_with_a_margin_at_any_width() {
        let mut designs: Vec<Vec<(f64, f64)>> = shardlab_core::sim::PRESET_NAMES
            .iter()
            .filter_map(|name| shardlab_core::sim::preset(name))
            .map(|p| p.design.nodes.iter().map(|n| (n.x, n.y)).collect())
            .collect();
        assert!(designs.len() >= 3, "the presets are there");
        // Boards a reader might draw: one box, a tight cluster, a long row, a tall column, and
        // scattered boxes from a fixed sequence (a linear congruential generator).
        designs.push(vec![(0.0, 0.0)]);
        designs.push(vec![(10.0, 10.0), (12.0, 11.0), (9.0, 12.0)]);
        designs.push((0..12).map(|i| (f64::from(i) * 190.0, 0.0)).collect());
        designs.push((0..8).map(|i| (0.0, f64::from(i) * 140.0)).collect());
        let mut seed: u64 = 7;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for count in 1..=20 {
            designs.push(
                (0..count)
                    .map(|_| (next() * 2_000.0 - 1_000.0, next() * 1_000.0 - 500.0))
                    .collect(),
            );
        }
        for points in &designs {
            for width in [1_280.0, 680.0, 600.0, 599.0, 390.0, 358.0, 0.0, f64::NAN] {
                let (view, view_h) = fit_to_width(points, width);
                assert_eq!(view_h, view_height(width));
                assert!((MIN_ZOOM..=MAX_ZOOM).contains(&view.zoom), "{}", view.zoom);
                assert!(view.zoom >= min_zoom(width), "{points:?} at {width}");
                if view.zoom > min_zoom(width) {
                    assert_eq!(
                        view.boxes_out_of_view(points, view_h),
                        0,
                        "{points:?} at {width}"
                    );
                    assert!(
                        least_margin(view, points, view_h) >= 23.9,
                        "{points:?} at {width}"
                    );
                } else {
                    // Held by the phone's text floor: the top left box is in view, a margin
                    // from the corner.
                    let left = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
                    let top = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
                    let (vx, vy) = view.to_view(left - NODE_W / 2.0, top - NODE_H / 2.0);
                    assert!(vx >= 23.9 && vy >= 23.9, "{points:?} at {width}");
                }
            }
        }
        // On a phone every preset's text is at least 12 CSS px (12 board units at the least),
        // and the wide board keeps showing every box.
        for points in designs.iter().take(3) {
            let (phone, _) = fit_to_width(points, 356.0);
            assert!(12.0 * phone.zoom * 356.0 / VIEW_W >= 12.0 - 1e-9, "{points:?}");
            let (wide, view_h) = fit_to_width(points, 1_280.0);
            assert_eq!(wide.boxes_out_of_view(points, view_h), 0);
        }
        // Boxes too far apart to fit even at the farthest zoom: the farthest zoom, centred.
        let far = [(-1_000_000.0, 0.0), (1_000_000.0, 0.0)];
        let (view, view_h) = fit_to_width(&far, 1_280.0);
        assert_eq!(view.zoom, MIN_ZOOM);
        assert!((view.to_view(0.0, 0.0).0 - VIEW_W / 2.0).abs() < 1e-6);
        assert!(view.y.is_finite() && view_h == VIEW_H);
        // Nothing to fit, or nonsense positions: the default view.
        assert_eq!(fit_to_width(&[], 390.0).0, View::default());
        assert_eq!(fit_to_width(&[(f64::NAN, 0.0)], 390.0).0, View::default());
    }

    #[test]
    fn boxes_out_of_view_are_counted() {
        let points = [(0.0, 0.0), (300.0, 0.0), (600.0, 100.0)];
        // The fitted view shows every box, on a wide board and on a phone's taller one.
        assert_eq!(
            View::fit(&points, VIEW_H).boxes_out_of_view(&points, VIEW_H),
            0
        );
        let tall = View::fit(&points, TALL_VIEW_H);
        assert_eq!(tall.boxes_out_of_view(&points, TALL_VIEW_H), 0);
        // Zoomed in about the left-hand box, the right-hand boxes leave the view.
        let zoomed = tall.zoom_about(2.5, 0.0, TALL_VIEW_H / 2.0);
        let hidden = zoomed.boxes_out_of_view(&points, TALL_VIEW_H);
        assert!((1..points.len()).contains(&hidden), "{hidden}");
        // A box cut by the edge counts; panning it fully in brings the count down.
        let cut = View {
            // The box is centred on the right edge: half of it is out.
            x: VIEW_W,
            y: 100.0,
            zoom: 1.0,
        };
        assert_eq!(cut.boxes_out_of_view(&[(0.0, 0.0)], VIEW_H), 1);
        assert_eq!(
            cut.reveal(0.0, 0.0, VIEW_H)
                .boxes_out_of_view(&[(0.0, 0.0)], VIEW_H),
            0
        );
        // Nonsense positions are never counted as shown.
        assert_eq!(
            View::default().boxes_out_of_view(&[(f64::NAN, 0.0)], VIEW_H),
            1
        );
        assert_eq!(View::default().boxes_out_of_view(&[], VIEW_H), 0);
    }

    #[test]
    fn a_phone_gets_a_taller_board() {
        assert_eq!(view_height(1200.0), VIEW_H);
        assert_eq!(view_height(NARROW_BOARD_PX), VIEW_H);
        assert_eq!(view_height(358.0), TALL_VIEW_H);
        // Not measured yet, or nonsense: the wide board.
        assert_eq!(view_height(0.0), VIEW_H);
        assert_eq!(view_height(f64::NAN), VIEW_H);
    }

    #[test]
    fn reveal_pans_just_enough_to_show_a_box() {
        let view = View {
            x: 0.0,
            y: 0.0,
            zoom: 2.0,
        };
        // Already in view: unchanged.
        assert_eq!(view.reveal(100.0, 100.0, VIEW_H), view);
        // Off to the right: its right edge comes to the margin, and nothing moves vertically.
        let revealed = view.reveal(500.0, 100.0, VIEW_H);
        let (right, _) = revealed.to_view(500.0 + NODE_W / 2.0, 0.0);
        assert!((right - (VIEW_W - 8.0)).abs() < 1e-9, "{right}");
        assert_eq!((revealed.y, revealed.zoom), (view.y, view.zoom));
        // Above and to the left: its top-left corner comes to the margin.
        let revealed = view.reveal(-300.0, -200.0, VIEW_H);
        let (left, top) = revealed.to_view(-300.0 - NODE_W / 2.0, -200.0 - NODE_H / 2.0);
        assert!((left - 8.0).abs() < 1e-9 && (top - 8.0).abs() < 1e-9);
        assert_eq!(view.reveal(f64::NAN, 0.0, VIEW_H), view);
        // Below the wide board's bottom but inside a phone's taller one: only the wide one pans.
        assert_ne!(view.reveal(100.0, 250.0, VIEW_H), view);
        assert_eq!(view.reveal(100.0, 250.0, TALL_VIEW_H), view);
    }

    #[test]
    fn client_points_scale_to_the_view_box() {
        assert_eq!(
            client_to_view(200.0, 120.0, 0.0, 20.0, 400.0),
            (400.0, 200.0)
        );
        assert_eq!(client_to_view(5.0, 5.0, 0.0, 0.0, 0.0), (5.0, 5.0));
    }

    #[test]
    fn the_drawing_gets_the_inside_of_the_border() {
        // A 2 px border on a wide board: the inner width, unless the height is the tighter limit.
        assert_eq!(drawn_width(804.0, 444.0, 800.0, VIEW_H), 800.0);
        let tight = drawn_width(804.0, 443.0, 800.0, VIEW_H);
        assert!((tight - 439.0 * VIEW_W / VIEW_H).abs() < 1e-9, "{tight}");
        // Not on screen yet: nothing.
        assert_eq!(drawn_width(0.0, 0.0, 0.0, VIEW_H), 0.0);
    }

    #[test]
    fn callouts_sit_under_their_box_and_stay_on_the_board() {
        let view = View {
            x: 0.0,
            y: 0.0,
            zoom: 1.0,
        };
        let (left, top) = callout_position(view, 275.0, 100.0, VIEW_H);
        assert!((left - 25.0).abs() < 1e-9, "{left}");
        assert!((top - (100.0 + NODE_H / 2.0 + 6.0) / VIEW_H * 100.0).abs() < 1e-9);
        assert_eq!(callout_position(view, -900.0, 900.0, VIEW_H), (0.0, 95.0));
    }

    #[test]
    fn edges_run_box_to_box() {
        let (x1, y1, x2, y2) = edge_ends((0.0, 0.0), (300.0, 0.0));
        assert_eq!((x1, y1, x2, y2), (75.0, 0.0, 225.0, 0.0));
        let (_, y1, _, y2) = edge_ends((0.0, 0.0), (0.0, 200.0));
        let half = NODE_H / 2.0;
        assert!((y1 - half).abs() < 1e-9 && (y2 - (200.0 - half)).abs() < 1e-9);
        assert!(hits_node(70.0, NODE_H / 2.0 - 1.0, 0.0, 0.0));
        assert!(!hits_node(80.0, 0.0, 0.0, 0.0));
    }

    #[test]
    fn log_space_spans_the_range() {
        let users = log_space(10, 1_000_000, 21);
        assert_eq!(users.len(), 21);
        assert_eq!(users[0], 10);
        assert_eq!(users[20], 1_000_000);
        assert_eq!(users[4], 100);
        assert!(users.windows(2).all(|w| w[0] < w[1]));
    }
}
