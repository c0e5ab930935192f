//! The theme's colours as plotters colours: the CSS custom properties a chart paints with, read
//! from the page (and read again when the theme changes), and the fixed colours some paints name.

use plotters::prelude::RGBColor;
use web_sys::HtmlElement;

use crate::browser::theme_change::parse_rgb;

/// The CSS custom properties a chart may paint with, resolved for the theme on screen.
pub const THEME_VARS: [&str; 16] = [
    "--text",
    "--muted",
    "--border",
    "--surface",
    "--surface-2",
    "--error",
    "--accent",
    "--moved",
    "--c1",
    "--c2",
    "--c3",
    "--c4",
    "--c5",
    "--c6",
    "--c7",
    "--c8",
];

/// A colour in a chart: a CSS custom property (resolved when drawing), or a fixed colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Paint {
    /// A custom property of [`THEME_VARS`], such as `--c5`.
    Var(&'static str),
    /// A fixed colour (red, green, blue), the same in both themes.
    Rgb(u8, u8, u8),
}

/// The theme's colours as plotters colours.
#[derive(Debug, Clone, PartialEq)]
pub struct Colours {
    resolved: Vec<(&'static str, RGBColor)>,
}

/// What a colour falls back to when the page cannot say (no DOM, or an unknown name): the light
/// theme's muted grey, readable on both backgrounds.
const FALLBACK: RGBColor = RGBColor(0x55, 0x58, 0x5e);

impl Colours {
    /// Colours from (custom property, colour) pairs; names not given fall back to grey.
    pub fn from_pairs(resolved: Vec<(&'static str, RGBColor)>) -> Self {
        Colours { resolved }
    }

    /// The colour of a custom property such as `--c5`.
    pub fn get(&self, name: &str) -> RGBColor {
        self.resolved
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(FALLBACK, |(_, c)| *c)
    }

    /// The colour of a paint in the theme on screen.
    pub fn paint(&self, paint: Paint) -> RGBColor {
        match paint {
            Paint::Var(name) => self.get(name),
            Paint::Rgb(r, g, b) => RGBColor(r, g, b),
        }
    }

    /// Text and labels.
    pub fn text(&self) -> RGBColor {
        self.get("--text")
    }

    /// Axes.
    pub fn muted(&self) -> RGBColor {
        self.get("--muted")
    }

    /// Grid lines.
    pub fn border(&self) -> RGBColor {
        self.get("--border")
    }

    /// The chart's background.
    pub fn surface(&self) -> RGBColor {
        self.get("--surface")
    }

    /// Reads [`THEME_VARS`] through `probe`'s computed `color`: a custom property holds
    /// `light-dark(…)` unresolved, while a computed colour is always `rgb(…)`.
    pub fn read(probe: &HtmlElement) -> Self {
        let style = probe.style();
        let window = gloo::utils::window();
        let resolved = THEME_VARS
            .iter()
            .filter_map(|&name| {
                style.set_property("color", &format!("var({name})")).ok()?;
                let value = window
                    .get_computed_style(probe)
                    .ok()
                    .flatten()?
                    .get_property_value("color")
                    .ok()?;
                parse_rgb(&value).map(|[r, g, b]| (name, RGBColor(r, g, b)))
            })
            .collect();
        let _ = style.remove_property("color");
        Colours { resolved }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_colours_fall_back_to_grey() {
        let colours = Colours::from_pairs(vec![("--c1", RGBColor(1, 2, 3))]);
        assert_eq!(colours.get("--c1"), RGBColor(1, 2, 3));
        assert_eq!(colours.get("--nope"), FALLBACK);
        assert_eq!(colours.paint(Paint::Var("--c1")), RGBColor(1, 2, 3));
    }

    #[test]
    fn fixed_colours_are_the_same_in_every_theme() {
        let colours = Colours::from_pairs(vec![("--muted", RGBColor(9, 9, 9))]);
        assert_eq!(
            colours.paint(Paint::Rgb(0x9c, 0x6a, 0)),
            RGBColor(0x9c, 0x6a, 0)
        );
    }
}
