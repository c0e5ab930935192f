//! The keys' flight, frame by frame, as pixels: the canvas's picture is kept here ([`Shown`]), and
//! each frame of a flight restores the moving keys' last squares from the still layer, paints the
//! keys at their new places and says which tiles of the picture changed ([`Tiles`]), so
//! [`super::key_dots`] hands only those to the canvas. Copying, uploading and compositing the
//! whole 400 × 400 (or, at a high pixel ratio, 1,000 × 1,000) picture every frame took most of a
//! frame at 4× CPU slow-down, though a few hundred keys move. Pure and native, so it is tested
//! without a browser: a frame made this way is the very picture a repaint from scratch makes.

use super::dot_raster::{DotStyle, Raster, Rect};

/// The side of a tile in pixels: small enough to follow the orbits' band, large enough that a
/// frame hands over a few dozen rectangles, not hundreds.
pub const TILE: usize = 16;

/// Which tiles of a picture changed.
#[derive(Debug, Clone, PartialEq)]
pub struct Tiles {
    width: usize,
    height: usize,
    cols: usize,
    marked: Vec<bool>,
}

impl Tiles {
    /// No tile of a `width` × `height` picture marked.
    pub fn new(width: usize, height: usize) -> Tiles {
        let cols = width.div_ceil(TILE);
        let rows = height.div_ceil(TILE);
        Tiles {
            width,
            height,
            cols,
            marked: vec![false; cols.saturating_mul(rows)],
        }
    }

    /// Marks every tile `rect` reaches into.
    pub fn mark(&mut self, rect: Rect) {
        if rect.w == 0 || rect.h == 0 {
            return;
        }
        let rows = self.marked.len().checked_div(self.cols).unwrap_or(0);
        let last_col = (rect.right().saturating_sub(1) / TILE).min(self.cols.saturating_sub(1));
        let last_row = (rect.bottom().saturating_sub(1) / TILE).min(rows.saturating_sub(1));
        for row in rect.y / TILE..=last_row {
            for col in rect.x / TILE..=last_col {
                let at = row.saturating_mul(self.cols).saturating_add(col);
                if let Some(tile) = self.marked.get_mut(at) {
                    *tile = true;
                }
            }
        }
    }

    /// The marked tiles as rectangles of the picture: each row's runs of neighbouring marked
    /// tiles as one, clipped to the picture's edges.
    pub fn runs(&self) -> Vec<Rect> {
        let mut out = Vec::new();
        for (row, tiles) in self.marked.chunks(self.cols.max(1)).enumerate() {
            let y = row.saturating_mul(TILE);
            let h = TILE.min(self.height.saturating_sub(y));
            let mut col = 0;
            while col < tiles.len() {
                if !tiles.get(col).copied().unwrap_or(false) {
                    col = col.saturating_add(1);
                    continue;
                }
                let start = col;
                while tiles.get(col).copied().unwrap_or(false) {
                    col = col.saturating_add(1);
                }
                let x = start.saturating_mul(TILE);
                let right = col.saturating_mul(TILE).min(self.width);
                out.push(Rect {
                    x,
                    y,
                    w: right.saturating_sub(x),
                    h,
                });
            }
        }
        out
    }
}

/// The picture on the canvas during a flight: the still layer with the moving keys where the last
/// frame put them.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    picture: Raster,
    /// The squares the moving keys were painted in last.
    last: Vec<Rect>,
}

impl Shown {
    /// The still layer alone (it must go to the canvas whole, once).
    pub fn new(still: &Raster) -> Shown {
        Shown {
            picture: still.clone(),
            last: Vec::new(),
        }
    }

    /// The picture.
    pub fn picture(&self) -> &Raster {
        &self.picture
    }

    /// Moves the keys to `dots` (each key's centre in pixels and its look, painted in this
    /// order): their last squares are restored from `still` (the layer this picture began from),
    /// then every key is painted at its new place. Returns the changed part of the picture.
    pub fn repaint(
        &mut self,
        still: &Raster,
        dots: impl IntoIterator<Item = ((f64, f64), DotStyle)>,
    ) -> Vec<Rect> {
        let mut tiles = Tiles::new(self.picture.width(), self.picture.height());
        // Every old square first, then every new dot: a restore must not cut into a key that was
        // just painted beside it.
        for rect in self.last.drain(..) {
            self.picture.restore(still, rect);
            tiles.mark(rect);
        }
        for ((x, y), style) in dots {
            if let Some(rect) = self.picture.dot_rect(x, y, &style) {
                self.picture.dot(x, y, &style);
                tiles.mark(rect);
                self.last.push(rect);
            }
        }
        tiles.runs()
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    fn style(fill: f64) -> DotStyle {
        DotStyle {
            radius: 3.0,
            outline: 1.5,
            fill: [fill, 40.0, 200.0],
            stroke: [200.0, 16.0, 46.0],
        }
    }

    /// A still layer with a few dots of its own, so restoring matters.
    fn still(side: usize) -> Raster {
        let mut layer = Raster::new(side, side);
        for i in 0..40 {
            let t = f64::from(i) * 0.157;
            let r = side as f64 * 0.3;
            let (x, y) = (
                side as f64 / 2.0 + r * t.sin(),
                side as f64 / 2.0 - r * t.cos(),
            );
            layer.dot(x, y, &style(10.0));
        }
        layer
    }

    /// Keys on a circle shrinking from 0.3 to 0.22 of the side as `progress` goes 0 → 1, their
    /// fill fading; some overlap each other, and one sits past the picture's edge.
    fn keys(side: usize, progress: f64) -> Vec<((f64, f64), DotStyle)> {
        let r = side as f64 * (0.3 - 0.08 * progress);
        let mut out: Vec<((f64, f64), DotStyle)> = (0..25)
            .map(|i| {
                let t = f64::from(i) * 0.25;
                let at = (
                    side as f64 / 2.0 + r * t.sin(),
                    side as f64 / 2.0 - r * t.cos(),
                );
                (at, style(250.0 * progress))
            })
            .collect();
        out.push(((-2.0, 5.0 + 20.0 * progress), style(90.0)));
        out
    }

    /// The picture a repaint from scratch makes: the still layer, then every key.
    fn from_scratch(still: &Raster, dots: &[((f64, f64), DotStyle)]) -> Raster {
        let mut picture = still.clone();
        for &((x, y), style) in dots {
            picture.dot(x, y, &style);
        }
        picture
    }

    #[test]
    fn each_frame_is_the_picture_a_full_repaint_makes_and_only_changed_tiles_are_handed_over() {
        let side = 160;
        let layer = still(side);
        let mut shown = Shown::new(&layer);
        let mut before = shown.picture().clone();
        for step in 0..=12 {
            let dots = keys(side, f64::from(step) / 12.0);
            let changed = shown.repaint(&layer, dots.iter().copied());
            let picture = shown.picture();
            assert_eq!(picture, &from_scratch(&layer, &dots), "frame {step}");
            // Every pixel that differs from the last frame is inside a rectangle handed over.
            for y in 0..side {
                for x in 0..side {
                    if picture.pixel(x, y) != before.pixel(x, y) {
                        assert!(
                            changed.iter().any(|r| r.contains(x, y)),
                            "frame {step}: ({x}, {y}) changed outside {changed:?}"
                        );
                    }
                }
            }
            // And the rest of the picture is not: the keys sit in a ring of the middle tiles.
            let area: usize = changed.iter().map(|r| r.w * r.h).sum();
            assert!(
                area < side * side / 2,
                "frame {step}: {area} px handed over"
            );
            before = picture.clone();
        }
    }

    #[test]
    fn tiles_are_marked_where_a_rectangle_reaches_and_run_together_along_a_row() {
        let mut tiles = Tiles::new(50, 40);
        assert!(tiles.runs().is_empty());
        // Columns 10 ..= 20 reach tiles 0 and 1 of row 0; a rectangle past the edges is clipped.
        tiles.mark(Rect {
            x: 10,
            y: 2,
            w: 11,
            h: 3,
        });
        tiles.mark(Rect {
            x: 47,
            y: 33,
            w: 30,
            h: 30,
        });
        tiles.mark(Rect::default());
        assert_eq!(
            tiles.runs(),
            vec![
                Rect {
                    x: 0,
                    y: 0,
                    w: 32,
                    h: 16
                },
                Rect {
                    x: 32,
                    y: 32,
                    w: 18,
                    h: 8
                },
            ]
        );
    }
}
