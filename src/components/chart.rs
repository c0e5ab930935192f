//! What every plotters chart in the app shares: one drawing function per chart, drawn to a canvas
//! for the page and through plotters' SVG back end for the SVG export; the theme's colours read
//! from the page's CSS (and read again when the theme changes); a canvas sized for the screen's
//! pixel ratio; PNG export (the chart drawn again on a canvas of its own at twice the size or more); and an `aria-label` for screen readers (each chart's
//! figure also carries its numbers as a table).
//!
//! Text in a chart can never become markup: plotters' SVG back end escapes `<`, `>`, `&` and
//! quotes in text and attributes (see the test below), and on the canvas text is only ever pixels.

use std::rc::Rc;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;

use super::chart_backend::ChartBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement};
use yew::prelude::*;

use super::theme_change::{parse_rgb, use_theme_change};

/// The size of the exported SVG, in pixels.
pub const SVG_SIZE: (u32, u32) = (640, 360);

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

    /// Text and labels.
    pub fn text(&self) -> RGBColor {
        self.get("--text")
    }

    /// Axes.
    pub fn muted(&self) -> RGBColor {
        self.get("--muted")
    }

    /// Grid lines and the legend's frame.
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

/// Turns a plotters error into the message shown under a chart. Its `Display`, not `Debug`:
/// the errors come through [`ChartBackend`], whose own error is one fixed sentence, and derived
/// `Debug` output would cost the page size for nothing a reader can use.
pub fn fail<E: std::fmt::Display>(error: E) -> String {
    error.to_string()
}

/// A chart: its numbers, and how to draw them on any plotters back end.
pub trait Chart: PartialEq + 'static {
    /// Draws the chart to fill `area`.
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        colours: &Colours,
    ) -> Result<(), String>;

    /// One sentence for screen readers: what the chart shows (its table has the numbers).
    fn summary(&self) -> String;
}

/// The chart as a standalone SVG document, drawn by plotters' SVG back end.
pub fn svg_text<C: Chart>(chart: &C, colours: &Colours) -> Result<String, String> {
    let mut out = String::new();
    {
        let area =
            ChartBackend::Svg(SVGBackend::with_string(&mut out, SVG_SIZE)).into_drawing_area();
        chart.draw(&area, colours)?;
        area.present().map_err(fail)?;
    }
    Ok(out)
}

/// Sizes the canvas's backing store to its CSS box at the screen's pixel ratio, scales the
/// context to match, and draws the chart at the box's size in CSS pixels. plotters' canvas back
/// end knows nothing of the pixel ratio, so it gets the whole store as its area and the chart
/// draws into the top-left box-sized part, which the scaled context stretches over the store.
fn draw_on_canvas<C: Chart>(canvas: &HtmlCanvasElement, chart: &C) -> Result<(), String> {
    let ratio = gloo::utils::window().device_pixel_ratio().max(1.0);
    let size = (
        canvas.client_width().max(200),
        canvas.client_height().max(160),
    );
    draw_scaled(canvas, chart, size, ratio, &Colours::read(canvas))
}

/// Draws the chart at `size` CSS pixels onto `canvas`, whose store is `ratio` times that size.
fn draw_scaled<C: Chart>(
    canvas: &HtmlCanvasElement,
    chart: &C,
    (width, height): (i32, i32),
    ratio: f64,
    colours: &Colours,
) -> Result<(), String> {
    let store = |css: i32| (f64::from(css) * ratio).round() as u32;
    canvas.set_width(store(width));
    canvas.set_height(store(height));
    let context = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or("this browser gives no 2D canvas")?;
    context
        .set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0)
        .map_err(|_| "the canvas refused its scale")?;
    let backend =
        CanvasBackend::with_canvas_object(canvas.clone()).ok_or("this browser gives no canvas")?;
    let whole = ChartBackend::Canvas(backend).into_drawing_area();
    let area = whole.shrink((0, 0), (width as u32, height as u32));
    chart.draw(&area, colours)?;
    area.present().map_err(fail)
}

/// How many store pixels per CSS pixel an exported PNG has at least: sharp when printed or
/// shown on a high-density screen, whatever the screen that exported it.
const PNG_RATIO: f64 = 2.0;

/// The chart as a PNG data URL: drawn again, at the on-screen size and at least
/// [`PNG_RATIO`], on a canvas of its own.
fn png_url<C: Chart>(on_screen: &HtmlCanvasElement, chart: &C) -> Result<String, String> {
    let ratio = gloo::utils::window().device_pixel_ratio().max(PNG_RATIO);
    let size = (
        on_screen.client_width().max(200),
        on_screen.client_height().max(160),
    );
    let canvas = gloo::utils::document()
        .create_element("canvas")
        .ok()
        .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
        .ok_or("this browser gives no canvas")?;
    draw_scaled(&canvas, chart, size, ratio, &Colours::read(on_screen))?;
    canvas
        .to_data_url_with_type("image/png")
        .map_err(|_| "the browser would not make a PNG".to_owned())
}

/// A number that changes when the window is resized, so a canvas redraws at its new size.
#[hook]
fn use_resize_epoch() -> u32 {
    let epoch = use_state(|| 0u32);
    {
        let epoch = epoch.clone();
        use_effect_with((), move |_| {
            let listener =
                gloo::events::EventListener::new(&gloo::utils::window(), "resize", move |_| {
                    epoch.set((*epoch).wrapping_add(1))
                });
            move || drop(listener)
        });
    }
    *epoch
}

/// Offers a data URL (or object URL) as a download called `name`.
fn download_href(href: &str, name: &str) {
    let document = gloo::utils::document();
    if let Ok(anchor) = document.create_element("a") {
        let _ = anchor.set_attribute("href", href);
        let _ = anchor.set_attribute("download", name);
        if let Ok(anchor) = anchor.dyn_into::<HtmlElement>() {
            anchor.click();
        }
    }
}

/// Props for [`ChartView`].
#[derive(Properties, PartialEq)]
pub struct ChartViewProps<C: Chart> {
    /// The chart to draw.
    pub chart: Rc<C>,
    /// The canvas's `id`, and the downloads' name before `.png` / `.svg`.
    pub name: AttrValue,
    /// The export buttons' verb: "Download" on the Ring, "Export" on the Board.
    #[prop_or(AttrValue::Static("Download"))]
    pub verb: AttrValue,
    /// The class of the row of export buttons.
    #[prop_or(AttrValue::Static("rv-row"))]
    pub tools_class: AttrValue,
    /// The class of the export buttons.
    #[prop_or_default]
    pub button_class: Classes,
    /// More buttons after PNG and SVG (the CSV export).
    #[prop_or_default]
    pub children: Html,
}

/// A chart on a canvas, with its PNG and SVG exports.
#[function_component(ChartView)]
pub fn chart_view<C: Chart>(props: &ChartViewProps<C>) -> Html {
    let canvas = use_node_ref();
    // None until the first drawing; then whether it worked.
    let drawn = use_state(|| None::<Result<(), String>>);
    let theme = use_theme_change();
    let resized = use_resize_epoch();
    {
        let canvas = canvas.clone();
        let drawn = drawn.clone();
        use_effect_with(
            (Rc::clone(&props.chart), theme, resized),
            move |(chart, _, _)| {
                if let Some(element) = canvas.cast::<HtmlCanvasElement>() {
                    let result = Some(draw_on_canvas(&element, chart.as_ref()));
                    if *drawn != result {
                        drawn.set(result);
                    }
                }
            },
        );
    }
    let on_png = {
        let canvas = canvas.clone();
        let chart = Rc::clone(&props.chart);
        let name = props.name.clone();
        let drawn = drawn.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(element) = canvas.cast::<HtmlCanvasElement>() else {
                return;
            };
            match png_url(&element, chart.as_ref()) {
                Ok(url) => download_href(&url, &format!("{name}.png")),
                Err(e) => drawn.set(Some(Err(e))),
            }
        })
    };
    let on_svg = {
        let canvas = canvas.clone();
        let chart = Rc::clone(&props.chart);
        let name = props.name.clone();
        let drawn = drawn.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(element) = canvas.cast::<HtmlElement>() else {
                return;
            };
            match svg_text(chart.as_ref(), &Colours::read(&element)) {
                Ok(text) => crate::components::download::download_text(
                    &format!("{name}.svg"),
                    "image/svg+xml",
                    &text,
                ),
                Err(e) => drawn.set(Some(Err(e))),
            }
        })
    };
    let verb = &props.verb;
    html! {
        <>
            <canvas ref={canvas} id={props.name.clone()} class="chart-canvas" role="img"
                aria-label={format!("{} The table below lists the same numbers.", props.chart.summary())}
                data-drawn={matches!(*drawn, Some(Ok(()))).to_string()} />
            if let Some(Err(e)) = &*drawn {
                <p class="error" role="alert">{ format!("The chart could not be drawn: {e}") }</p>
            }
            <div class={props.tools_class.clone()}>
                <button type="button" class={props.button_class.clone()} onclick={on_png}>{ format!("{verb} PNG") }</button>
                <button type="button" class={props.button_class.clone()} onclick={on_svg}>{ format!("{verb} SVG") }</button>
                { props.children.clone() }
            </div>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(PartialEq)]
    struct Labelled(String);

    impl Chart for Labelled {
        fn draw<DB: DrawingBackend>(
            &self,
            area: &DrawingArea<DB, Shift>,
            colours: &Colours,
        ) -> Result<(), String> {
            area.fill(&colours.surface()).map_err(fail)?;
            let mut chart = ChartBuilder::on(area)
                .margin(10)
                .x_label_area_size(30)
                .y_label_area_size(30)
                .build_cartesian_2d(0.0..1.0, 0.0..1.0)
                .map_err(fail)?;
            chart
                .configure_mesh()
                .x_desc(self.0.as_str())
                .draw()
                .map_err(fail)?;
            chart
                .draw_series(LineSeries::new(
                    [(0.0, 0.0), (1.0, 1.0)],
                    colours.get("--c5"),
                ))
                .map_err(fail)?
                .label(self.0.as_str())
                .legend(|(x, y)| PathElement::new([(x, y), (x.saturating_add(10), y)], BLACK));
            chart.configure_series_labels().draw().map_err(fail)?;
            Ok(())
        }

        fn summary(&self) -> String {
            self.0.clone()
        }
    }

    #[test]
    fn text_in_the_svg_export_stays_text() {
        let markup = "<img src=x onerror=alert(1)>";
        let colours = Colours::from_pairs(vec![("--surface", RGBColor(255, 255, 255))]);
        let svg = svg_text(&Labelled(markup.into()), &colours).unwrap_or_default();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.contains("&lt;img src=x onerror=alert(1)&gt;"), "{svg}");
        assert!(!svg.contains("<img"), "{svg}");
        assert!(svg.contains("<polyline"), "{svg}");
    }

    #[test]
    fn unknown_colours_fall_back_to_grey() {
        let colours = Colours::from_pairs(vec![("--c1", RGBColor(1, 2, 3))]);
        assert_eq!(colours.get("--c1"), RGBColor(1, 2, 3));
        assert_eq!(colours.get("--nope"), FALLBACK);
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use std::rc::Rc;

    use plotters::coord::Shift;
    use plotters::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::{fail, Chart, ChartView, ChartViewProps, Colours};
    use crate::test_support::{find, mount_with};

    wasm_bindgen_test_configure!(run_in_browser);

    #[derive(PartialEq)]
    struct Diagonal;

    impl Chart for Diagonal {
        fn draw<DB: DrawingBackend>(
            &self,
            area: &DrawingArea<DB, Shift>,
            colours: &Colours,
        ) -> Result<(), String> {
            area.fill(&colours.surface()).map_err(fail)?;
            let mut chart = ChartBuilder::on(area)
                .build_cartesian_2d(0.0..1.0, 0.0..1.0)
                .map_err(fail)?;
            chart
                .draw_series(LineSeries::new(
                    [(0.0, 0.0), (1.0, 1.0)],
                    colours.get("--c5").stroke_width(4),
                ))
                .map_err(fail)?;
            Ok(())
        }

        fn summary(&self) -> String {
            "A diagonal.".into()
        }
    }

    #[wasm_bindgen_test]
    async fn the_chart_is_drawn_at_the_pixel_ratio_with_its_summary_and_exports() {
        // The test page has no stylesheet: give it the two colours the chart paints with.
        let html: web_sys::HtmlElement = gloo::utils::document()
            .document_element()
            .map(|e| e.unchecked_into())
            .unwrap_or_else(|| panic!("an <html>"));
        let _ = html.style().set_property("--surface", "#ffffff");
        let _ = html.style().set_property("--c5", "#0072b2");
        let root = mount_with::<ChartView<Diagonal>>(ChartViewProps {
            chart: Rc::new(Diagonal),
            name: "test-diagonal".into(),
            verb: "Download".into(),
            tools_class: "rv-row".into(),
            button_class: Default::default(),
            children: Default::default(),
        })
        .await;
        // The effect draws after the first render; let it run.
        yew::scheduler::flush().await;
        let canvas: web_sys::HtmlCanvasElement = find(&root, "canvas").unchecked_into();
        assert_eq!(canvas.get_attribute("data-drawn").as_deref(), Some("true"));
        let ratio = gloo::utils::window().device_pixel_ratio().max(1.0);
        let expected = (f64::from(canvas.client_width().max(200)) * ratio).round() as u32;
        assert_eq!(canvas.width(), expected);
        let label = canvas.get_attribute("aria-label").unwrap_or_default();
        assert!(label.starts_with("A diagonal."), "{label}");
        let buttons: Vec<String> = (0..3)
            .filter_map(|i| root.query_selector_all("button").ok()?.item(i))
            .filter_map(|b| b.text_content())
            .collect();
        assert_eq!(buttons, ["Download PNG", "Download SVG"]);
        // Something other than the background was painted: the line's pixels.
        let context: web_sys::CanvasRenderingContext2d = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .map(|c| c.unchecked_into())
            .unwrap_or_else(|| panic!("a 2D context"));
        let (w, h) = (f64::from(canvas.width()), f64::from(canvas.height()));
        let pixels = context
            .get_image_data(0.0, 0.0, w, h)
            .unwrap_or_else(|_| panic!("pixels"))
            .data();
        let distinct = pixels
            .chunks_exact(4)
            .filter_map(|p| match p {
                [r, g, b, _] => Some((*r, *g, *b)),
                _ => None,
            })
            .collect::<std::collections::HashSet<_>>()
            .len();
        let _ = html.style().remove_property("--surface");
        let _ = html.style().remove_property("--c5");
        assert!(distinct >= 2, "only {distinct} colours on the canvas");
    }
}
