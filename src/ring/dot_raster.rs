//! A tiny rasteriser for the ring's key dots: outlined, anti-aliased discs (and the orbits' thin
//! circles under them) painted straight into an RGBA buffer that [`super::key_dots`] hands to the
//! canvas with `putImageData`. Chromium without a GPU took 40–60 ms to fill and stroke 10,000
//! canvas arcs, a frame budget three times over; writing the few dozen pixels of each dot here
//! takes a few milliseconds. A dot says which pixels it touches ([`Raster::dot_rect`]) and a
//! rectangle can be copied back from another image ([`Raster::restore`]) or out as bytes
//! ([`Raster::region`]), so a frame of the flight repaints and hands over only what moved
//! ([`super::flight`]). Pure and native, so it is tested without a browser.

use crate::browser::math::atan2;

/// An sRGB colour, 0–255 per channel.
pub type Rgb = [f64; 3];

/// An RGBA image (straight alpha, row by row, as `ImageData` wants it).
#[derive(Debug, Clone, PartialEq)]
pub struct Raster {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

/// How a dot looks: its radius and outline width in pixels, fill and outline colours.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DotStyle {
    pub radius: f64,
    pub outline: f64,
    pub fill: Rgb,
    pub stroke: Rgb,
}

/// How a circle's line looks: its width in pixels, its colour, and its dashes (the lengths on and
/// off along the circle, in pixels, from the circle's rightmost point clockwise), if it has any.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineStyle {
    pub width: f64,
    pub colour: Rgb,
    pub dash: Option<(f64, f64)>,
}

/// A rectangle of pixels: columns `x .. x + w`, rows `y .. y + h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rect {
    pub x: usize,
    pub y: usize,
    pub w: usize,
    pub h: usize,
}

impl Rect {
    /// One past the last column.
    pub fn right(&self) -> usize {
        self.x.saturating_add(self.w)
    }

    /// One past the last row.
    pub fn bottom(&self) -> usize {
        self.y.saturating_add(self.h)
    }

    /// Whether the pixel at (`x`, `y`) is inside.
    pub fn contains(&self, x: usize, y: usize) -> bool {
        (self.x..self.right()).contains(&x) && (self.y..self.bottom()).contains(&y)
    }
}

/// Paints `colour` over the straight-alpha pixel `px` with coverage `cover` (0–1).
fn blend(px: &mut [u8], colour: Rgb, cover: f64) {
    if cover >= 1.0 {
        // Covered whole (most of a dot): the colour replaces what was there.
        for (channel, c) in px.iter_mut().zip(colour) {
            *channel = c.round().clamp(0.0, 255.0) as u8;
        }
        if let Some(a) = px.get_mut(3) {
            *a = 255;
        }
        return;
    }
    let below = px.get(3).map_or(0.0, |&a| f64::from(a) / 255.0);
    let alpha = cover + below * (1.0 - cover);
    if alpha <= 0.0 {
        return;
    }
    let (rgb, a) = px.split_at_mut(3.min(px.len()));
    for (channel, c) in rgb.iter_mut().zip(colour) {
        let mixed = (c * cover + f64::from(*channel) * below * (1.0 - cover)) / alpha;
        *channel = mixed.round().clamp(0.0, 255.0) as u8;
    }
    if let Some(a) = a.first_mut() {
        *a = (alpha * 255.0).round() as u8;
    }
}

impl Raster {
    /// A transparent image of `width` × `height` pixels.
    pub fn new(width: usize, height: usize) -> Raster {
        Raster {
            width,
            height,
            pixels: vec![0; width.saturating_mul(height).saturating_mul(4)],
        }
    }

    /// The image's width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The image's height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The RGBA bytes.
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// Where the pixel at (`x`, `y`) starts in the bytes; `None` past the image's size.
    fn offset(&self, x: usize, y: usize) -> Option<usize> {
        y.checked_mul(self.width)?.checked_add(x)?.checked_mul(4)
    }

    /// The RGBA bytes of the pixel at (`x`, `y`), if it is inside.
    pub fn pixel(&self, x: usize, y: usize) -> Option<[u8; 4]> {
        if x >= self.width {
            return None;
        }
        let at = self.offset(x, y)?;
        let p = self.pixels.get(at..at.checked_add(4)?)?;
        p.try_into().ok()
    }

    /// The pixels [`Raster::dot`] may change for a dot centred at (`cx`, `cy`): its square,
    /// clipped to the image; `None` when it touches none.
    pub fn dot_rect(&self, cx: f64, cy: f64, style: &DotStyle) -> Option<Rect> {
        let outer = style.radius + style.outline / 2.0;
        if !(cx.is_finite() && cy.is_finite() && outer > 0.0) {
            return None;
        }
        let x0 = (cx - outer - 1.0).floor().max(0.0) as usize;
        let y0 = (cy - outer - 1.0).floor().max(0.0) as usize;
        let x1 = ((cx + outer + 1.0).ceil().max(0.0) as usize).min(self.width);
        let y1 = ((cy + outer + 1.0).ceil().max(0.0) as usize).min(self.height);
        (x0 < x1 && y0 < y1).then(|| Rect {
            x: x0,
            y: y0,
            w: x1.saturating_sub(x0),
            h: y1.saturating_sub(y0),
        })
    }

    /// Paints one dot centred at (`cx`, `cy`) over what is there: the fill inside, the outline
    /// centred on the rim, edges anti-aliased by how far each pixel centre lies from them.
    pub fn dot(&mut self, cx: f64, cy: f64, style: &DotStyle) {
        let Some(rect) = self.dot_rect(cx, cy, style) else {
            return;
        };
        let half = style.outline / 2.0;
        let outer = style.radius + half;
        let inner = style.radius - half;
        // Past this distance a pixel is not covered at all: no square root needed to know it.
        let reach = (outer + 0.5) * (outer + 0.5);
        for y in rect.y..rect.bottom() {
            let dy = y as f64 + 0.5 - cy;
            for x in rect.x..rect.right() {
                let dx = x as f64 + 0.5 - cx;
                let d2 = dx * dx + dy * dy;
                if d2 >= reach {
                    continue;
                }
                let d = d2.sqrt();
                let cover = (outer + 0.5 - d).clamp(0.0, 1.0);
                // 0 inside the fill, 1 on the outline, a blend across the half pixel between.
                let rim = (d - inner + 0.5).clamp(0.0, 1.0);
                let mut colour = style.fill;
                for (c, stroke) in colour.iter_mut().zip(style.stroke) {
                    *c += (stroke - *c) * rim;
                }
                if let Some(px) = self.pixel_mut(x, y) {
                    blend(px, colour, cover);
                }
            }
        }
    }

    /// The four bytes of the pixel at (`x`, `y`), if it is inside.
    fn pixel_mut(&mut self, x: usize, y: usize) -> Option<&mut [u8]> {
        if x >= self.width {
            return None;
        }
        let at = self.offset(x, y)?;
        self.pixels.get_mut(at..at.checked_add(4)?)
    }

    /// Strokes a circle of radius `r` centred at (`cx`, `cy`) over what is there, its line
    /// centred on the radius and anti-aliased across its edges (and its dashes' ends).
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, line: &LineStyle) {
        let half = line.width / 2.0;
        let (outer, inner) = (r + half + 1.0, (r - half - 1.0).max(0.0));
        if !(cx.is_finite() && cy.is_finite() && r.is_finite() && line.width > 0.0) {
            return;
        }
        let y0 = (cy - outer).floor().max(0.0) as usize;
        let y1 = ((cy + outer).ceil().max(0.0) as usize).min(self.height);
        for y in y0..y1 {
            let dy = y as f64 + 0.5 - cy;
            // The row meets the line's band in at most two stretches, left and right of the centre.
            let reach = (outer * outer - dy * dy).max(0.0).sqrt();
            let hole = if dy.abs() < inner {
                (inner * inner - dy * dy).sqrt()
            } else {
                0.0
            };
            for (from, to) in [(cx - reach, cx - hole), (cx + hole, cx + reach)] {
                let x0 = from.floor().max(0.0) as usize;
                let x1 = (to.ceil().max(0.0) as usize).min(self.width);
                for x in x0..x1 {
                    let dx = x as f64 + 0.5 - cx;
                    let d = (dx * dx + dy * dy).sqrt();
                    let mut cover = (half + 0.5 - (d - r).abs()).clamp(0.0, 1.0);
                    if let Some((on, off)) = line.dash {
                        let period = on + off;
                        if period > 0.0 {
                            let along = atan2(dy, dx).rem_euclid(std::f64::consts::TAU) * r;
                            let phase = along.rem_euclid(period);
                            cover *= (phase + 0.5).min(on - phase + 0.5).clamp(0.0, 1.0);
                        }
                    }
                    if cover > 0.0 {
                        if let Some(px) = self.pixel_mut(x, y) {
                            blend(px, line.colour, cover);
                        }
                    }
                }
            }
        }
    }

    /// Copies the pixels of `rect` from `from`, an image of the same size (else nothing changes).
    pub fn restore(&mut self, from: &Raster, rect: Rect) {
        if from.width != self.width || from.height != self.height {
            return;
        }
        let right = rect.right().min(self.width);
        for y in rect.y..rect.bottom().min(self.height) {
            let span = self
                .offset(rect.x, y)
                .zip(self.offset(right, y))
                .filter(|(a, b)| a < b);
            if let Some((a, b)) = span {
                if let (Some(to), Some(source)) = (self.pixels.get_mut(a..b), from.pixels.get(a..b))
                {
                    to.copy_from_slice(source);
                }
            }
        }
    }

    /// The RGBA bytes of `rect` (clipped to the image), row by row, as `ImageData` wants them.
    pub fn region(&self, rect: Rect) -> Vec<u8> {
        let right = rect.right().min(self.width);
        let bottom = rect.bottom().min(self.height);
        let mut out = Vec::with_capacity(
            right
                .saturating_sub(rect.x)
                .saturating_mul(bottom.saturating_sub(rect.y))
                .saturating_mul(4),
        );
        for y in rect.y..bottom {
            let span = self.offset(rect.x, y).zip(self.offset(right, y));
            if let Some(row) = span.and_then(|(a, b)| self.pixels.get(a..b)) {
                out.extend_from_slice(row);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: Rgb = [255.0, 0.0, 0.0];
    const BLUE: Rgb = [0.0, 0.0, 255.0];

    fn style() -> DotStyle {
        DotStyle {
            radius: 4.0,
            outline: 2.0,
            fill: BLUE,
            stroke: RED,
        }
    }

    #[test]
    fn a_dot_is_filled_inside_outlined_on_its_rim_and_clear_outside() {
        let mut raster = Raster::new(20, 20);
        raster.dot(10.0, 10.0, &style());
        assert_eq!(raster.pixel(10, 10), Some([0, 0, 255, 255]));
        // The pixel whose centre is 4 px right of the dot's centre sits on the outline.
        assert_eq!(raster.pixel(13, 9), Some([255, 0, 0, 255]));
        assert_eq!(raster.pixel(17, 10), Some([0, 0, 0, 0]));
        assert_eq!(raster.pixel(0, 0), Some([0, 0, 0, 0]));
    }

    #[test]
    fn edges_are_partly_covered() {
        let mut raster = Raster::new(20, 20);
        raster.dot(10.0, 10.0, &style());
        let edge = raster.pixel(14, 12).map(|p| p[3]);
        assert!(edge.is_some_and(|a| a > 0 && a < 255), "{edge:?}");
    }

    #[test]
    fn a_later_dot_covers_an_earlier_one() {
        let mut raster = Raster::new(20, 20);
        raster.dot(10.0, 10.0, &style());
        raster.dot(
            10.0,
            10.0,
            &DotStyle {
                fill: RED,
                ..style()
            },
        );
        assert_eq!(raster.pixel(10, 10), Some([255, 0, 0, 255]));
    }

    #[test]
    fn a_dot_changes_only_pixels_inside_its_rect() {
        let mut raster = Raster::new(30, 30);
        let before = raster.clone();
        let rect = raster.dot_rect(12.3, 17.8, &style()).expect("inside");
        raster.dot(12.3, 17.8, &style());
        for y in 0..30 {
            for x in 0..30 {
                if raster.pixel(x, y) != before.pixel(x, y) {
                    assert!(rect.contains(x, y), "({x}, {y}) outside {rect:?}");
                }
            }
        }
        assert!(rect.w <= 14 && rect.h <= 14, "{rect:?}");
        assert_eq!(raster.dot_rect(-50.0, 3.0, &style()), None);
        assert_eq!(raster.dot_rect(f64::NAN, 3.0, &style()), None);
    }

    #[test]
    fn a_rect_is_restored_from_another_image_and_read_out_row_by_row() {
        let mut base = Raster::new(10, 10);
        base.dot(5.0, 5.0, &style());
        let mut painted = base.clone();
        painted.dot(
            5.0,
            5.0,
            &DotStyle {
                fill: RED,
                ..style()
            },
        );
        let rect = Rect {
            x: 2,
            y: 3,
            w: 4,
            h: 2,
        };
        painted.restore(&base, rect);
        for y in 0..10 {
            for x in 0..10 {
                let want = if rect.contains(x, y) { &base } else { &painted };
                assert_eq!(painted.pixel(x, y), want.pixel(x, y), "({x}, {y})");
            }
        }
        let bytes = painted.region(rect);
        assert_eq!(bytes.len(), 4 * 2 * 4);
        assert_eq!(bytes[..4], base.pixel(2, 3).unwrap());
        assert_eq!(bytes[28..], base.pixel(5, 4).unwrap());
        // Past the edges the rect is clipped; an image of another size restores nothing.
        let wide = Rect {
            x: 8,
            y: 9,
            w: 5,
            h: 5,
        };
        assert_eq!(painted.region(wide).len(), 2 * 4);
        let copy = painted.clone();
        painted.restore(&Raster::new(3, 3), rect);
        assert_eq!(painted, copy);
    }

    #[test]
    fn a_circle_is_drawn_on_its_radius_and_its_dashes_leave_gaps() {
        let line = LineStyle {
            width: 1.0,
            colour: RED,
            dash: None,
        };
        let mut solid = Raster::new(40, 40);
        solid.circle(20.0, 20.0, 10.0, &line);
        // On the radius at the top, right and bottom; clear at the centre and well outside.
        assert_eq!(solid.pixel(20, 10).map(|p| p[3] > 100), Some(true));
        assert_eq!(solid.pixel(30, 20).map(|p| p[3] > 100), Some(true));
        assert_eq!(solid.pixel(20, 29).map(|p| p[3] > 100), Some(true));
        assert_eq!(solid.pixel(20, 20), Some([0, 0, 0, 0]));
        assert_eq!(solid.pixel(20, 4), Some([0, 0, 0, 0]));
        let lit = |r: &Raster| {
            (0..40)
                .flat_map(|y| (0..40).map(move |x| (x, y)))
                .filter(|&(x, y)| r.pixel(x, y).is_some_and(|p| p[3] > 0))
                .count()
        };
        let mut dashed = Raster::new(40, 40);
        dashed.circle(
            20.0,
            20.0,
            10.0,
            &LineStyle {
                dash: Some((2.0, 4.0)),
                ..line
            },
        );
        let (all, some) = (lit(&solid), lit(&dashed));
        assert!(some * 2 < all && some * 5 > all, "{some} of {all}");
        // A circle past the image is clipped, not a panic.
        solid.circle(-5.0, 50.0, 30.0, &line);
        solid.circle(f64::NAN, 5.0, 3.0, &line);
    }

    #[test]
    fn dots_past_the_edges_or_at_nonsense_places_are_clipped_not_a_panic() {
        let mut raster = Raster::new(8, 8);
        raster.dot(-3.0, 7.5, &style());
        raster.dot(100.0, 100.0, &style());
        raster.dot(f64::NAN, 1.0, &style());
        raster.dot(f64::INFINITY, 1.0, &style());
        assert_eq!(raster.pixel(7, 7), Some([0, 0, 0, 0]));
        assert!(raster.pixel(0, 7).is_some_and(|p| p[3] > 0));
        assert_eq!(raster.pixels().len(), 8 * 8 * 4);
    }
}
