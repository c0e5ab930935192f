//! A tiny rasteriser for the ring's key dots: outlined, anti-aliased discs painted straight into
//! an RGBA buffer that [`super::key_dots`] hands to the canvas with `putImageData`. Chromium
//! without a GPU took 40–60 ms to fill and stroke 10,000 canvas arcs, a frame budget three times
//! over; writing the few dozen pixels of each dot here takes a few milliseconds. Pure and native,
//! so it is tested without a browser.

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

    /// Paints one dot centred at (`cx`, `cy`) over what is there: the fill inside, the outline
    /// centred on the rim, edges anti-aliased by how far each pixel centre lies from them.
    pub fn dot(&mut self, cx: f64, cy: f64, style: &DotStyle) {
        let half = style.outline / 2.0;
        let outer = style.radius + half;
        let inner = style.radius - half;
        if !(cx.is_finite() && cy.is_finite() && outer > 0.0) {
            return;
        }
        let x0 = (cx - outer - 1.0).floor().max(0.0) as usize;
        let y0 = (cy - outer - 1.0).floor().max(0.0) as usize;
        let x1 = ((cx + outer + 1.0).ceil().max(0.0) as usize).min(self.width);
        let y1 = ((cy + outer + 1.0).ceil().max(0.0) as usize).min(self.height);
        for y in y0..y1 {
            let dy = y as f64 + 0.5 - cy;
            for x in x0..x1 {
                let dx = x as f64 + 0.5 - cx;
                let d = (dx * dx + dy * dy).sqrt();
                let cover = (outer + 0.5 - d).clamp(0.0, 1.0);
                if cover <= 0.0 {
                    continue;
                }
                // 0 inside the fill, 1 on the outline, a blend across the half pixel between.
                let rim = (d - inner + 0.5).clamp(0.0, 1.0);
                let Some(px) = self
                    .offset(x, y)
                    .and_then(|at| self.pixels.get_mut(at..at.checked_add(4)?))
                else {
                    continue;
                };
                let below = px.get(3).map_or(0.0, |&a| f64::from(a) / 255.0);
                let alpha = cover + below * (1.0 - cover);
                let (rgb, a) = px.split_at_mut(3);
                for ((channel, fill), stroke) in rgb.iter_mut().zip(style.fill).zip(style.stroke) {
                    let colour = fill + (stroke - fill) * rim;
                    let mixed =
                        (colour * cover + f64::from(*channel) * below * (1.0 - cover)) / alpha;
                    *channel = mixed.round().clamp(0.0, 255.0) as u8;
                }
                if let Some(a) = a.first_mut() {
                    *a = (alpha * 255.0).round() as u8;
                }
            }
        }
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
