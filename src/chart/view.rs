//! A figure on the page: [`ChartView`] draws it on a canvas sized for the screen's pixel ratio,
//! redraws it when the theme or the window changes, and exports it as SVG (plotters' SVG back end)
//! and PNG (drawn again on a canvas of its own at twice the size or more); an `aria-label` gives
//! screen readers its summary (each plot also carries its numbers as a table). An export carries
//! the plot's title above the figure and a source line under it, so a file copied out of the
//! page still says what it shows and where it came from.
//!
//! Text in a chart can never become markup: plotters' SVG back end escapes `<`, `>`, `&` and
//! quotes in text and attributes (see the test below), and on the canvas text is only ever pixels.

use std::rc::Rc;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement};
use yew::prelude::*;

use super::backend::{fail, ChartBackend};
use super::colours::Colours;
use super::draw::Area;
use super::figure::Figure;
use crate::browser::theme_change::use_theme_change;

/// The size of the exported SVG, in pixels.
pub const SVG_SIZE: (u32, u32) = (640, 360);

/// The line under every exported figure.
pub const SOURCE_LINE: &str = "Source: shardlab";
/// The band above an exported figure for its title.
const TITLE_BAND: u32 = 30;
/// The band under an exported figure for [`SOURCE_LINE`].
const SOURCE_BAND: u32 = 22;

/// How much taller an export is than the figure in it: the title's band (when there is a
/// title) and the source line's.
fn export_bands(title: &str) -> u32 {
    if title.is_empty() {
        SOURCE_BAND
    } else {
        TITLE_BAND + SOURCE_BAND
    }
}

/// An export: `title` above the figure (when there is one), [`SOURCE_LINE`] under it.
fn draw_export(
    area: &Area<'_>,
    chart: &Figure,
    title: &str,
    colours: &Colours,
) -> Result<(), String> {
    area.fill(&colours.surface()).map_err(fail)?;
    let (_, height) = area.dim_in_pixel();
    let top = export_bands(title).saturating_sub(SOURCE_BAND);
    let (head, rest) = area.split_vertically(top);
    let (body, foot) = rest.split_vertically(height.saturating_sub(export_bands(title)));
    let text = |size: u32, colour: RGBColor| {
        (FontFamily::SansSerif, size)
            .into_font()
            .color(&colour)
            .pos(Pos::new(HPos::Left, VPos::Top))
    };
    if top > 0 {
        head.draw(&Text::new(
            title.to_owned(),
            (12, 9),
            text(15, colours.text()),
        ))
        .map_err(fail)?;
    }
    chart.draw(&body, colours)?;
    foot.draw(&Text::new(SOURCE_LINE, (12, 4), text(12, colours.muted())))
        .map_err(fail)
}

/// The chart as a standalone SVG document, drawn by plotters' SVG back end, with `title` above
/// it and the source line under it.
pub fn svg_text(chart: &Figure, title: &str, colours: &Colours) -> Result<String, String> {
    let mut out = String::new();
    {
        let size = (SVG_SIZE.0, SVG_SIZE.1.saturating_add(export_bands(title)));
        let area = ChartBackend::Svg(SVGBackend::with_string(&mut out, size)).into_drawing_area();
        draw_export(&area, chart, title, colours)?;
        area.present().map_err(fail)?;
    }
    Ok(out)
}

/// The figure alone (no title, no source line) as an SVG `width` × `height` pixels, as the
/// page's canvas of that size draws it: for tests of what lands where.
#[cfg(test)]
pub fn svg_sized(chart: &Figure, (width, height): (u32, u32)) -> String {
    let mut out = String::new();
    {
        let area = ChartBackend::Svg(SVGBackend::with_string(&mut out, (width, height)))
            .into_drawing_area();
        let colours = Colours::from_pairs(vec![
            ("--text", RGBColor(0x1a, 0x1c, 0x1f)),
            ("--muted", RGBColor(0x55, 0x58, 0x5e)),
            ("--border", RGBColor(0xdd, 0xdf, 0xe3)),
            ("--surface", RGBColor(0xff, 0xff, 0xff)),
            ("--error", RGBColor(0xb3, 0x26, 0x1e)),
            ("--c1", RGBColor(0x8e, 0x44, 0xad)),
            ("--c5", RGBColor(0x0b, 0x5c, 0xad)),
        ]);
        let drawn = chart.draw(&area, &colours);
        assert_eq!(drawn, Ok(()));
        assert_eq!(area.present().map_err(fail), Ok(()));
    }
    out
}

/// Sizes the canvas's backing store to its CSS box at the screen's pixel ratio, scales the
/// context to match, and draws the chart at the box's size in CSS pixels. plotters' canvas back
/// end knows nothing of the pixel ratio, so it gets the whole store as its area and the chart
/// draws into the top-left box-sized part, which the scaled context stretches over the store.
fn draw_on_canvas(canvas: &HtmlCanvasElement, chart: &Figure) -> Result<(), String> {
    let ratio = gloo::utils::window().device_pixel_ratio().max(1.0);
    let size = (
        canvas.client_width().max(200),
        canvas.client_height().max(160),
    );
    draw_scaled(canvas, chart, None, size, ratio, &Colours::read(canvas))
}

/// Draws the chart at `size` CSS pixels onto `canvas`, whose store is `ratio` times that size;
/// as an export under `title` when there is one.
fn draw_scaled(
    canvas: &HtmlCanvasElement,
    chart: &Figure,
    export_title: Option<&str>,
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
    match export_title {
        Some(title) => draw_export(&area, chart, title, colours)?,
        None => chart.draw(&area, colours)?,
    }
    area.present().map_err(fail)
}

/// How many store pixels per CSS pixel an exported PNG has at least: sharp when printed or
/// shown on a high-density screen, whatever the screen that exported it.
const PNG_RATIO: f64 = 2.0;

/// The chart as a PNG data URL: drawn again, at the on-screen size and at least
/// [`PNG_RATIO`], on a canvas of its own, with `title` above it and the source line under it.
fn png_url(on_screen: &HtmlCanvasElement, chart: &Figure, title: &str) -> Result<String, String> {
    let ratio = gloo::utils::window().device_pixel_ratio().max(PNG_RATIO);
    let bands = i32::try_from(export_bands(title)).unwrap_or(0);
    let size = (
        on_screen.client_width().max(200),
        on_screen.client_height().max(160).saturating_add(bands),
    );
    let canvas = gloo::utils::document()
        .create_element("canvas")
        .ok()
        .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
        .ok_or("this browser gives no canvas")?;
    draw_scaled(
        &canvas,
        chart,
        Some(title),
        size,
        ratio,
        &Colours::read(on_screen),
    )?;
    canvas
        .to_data_url_with_type("image/png")
        .map_err(|_| "the browser would not make a PNG".to_owned())
}

/// What an export button writes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Export {
    Png,
    Svg,
}

/// Offers the chart on `canvas` for download as `{name}.png` or `{name}.svg`.
fn export(
    canvas: &HtmlCanvasElement,
    chart: &Figure,
    (name, title): (&str, &str),
    kind: Export,
) -> Result<(), String> {
    match kind {
        Export::Png => download_href(&png_url(canvas, chart, title)?, &format!("{name}.png")),
        Export::Svg => crate::files::download::download_text(
            &format!("{name}.svg"),
            "image/svg+xml",
            &svg_text(chart, title, &Colours::read(canvas))?,
        ),
    }
    Ok(())
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
pub struct ChartViewProps {
    /// The figure to draw.
    pub chart: Rc<Figure>,
    /// The canvas's `id`, and the downloads' name before `.png` / `.svg`.
    pub name: AttrValue,
    /// The plot's title, written above the figure in its exports (the page shows its own).
    #[prop_or_default]
    pub title: AttrValue,
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
pub fn chart_view(props: &ChartViewProps) -> Html {
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
    // One callback type for both buttons: a second would be a second copy of its code.
    let on_export = |kind: Export| {
        let canvas = canvas.clone();
        let chart = Rc::clone(&props.chart);
        let (name, title) = (props.name.clone(), props.title.clone());
        let drawn = drawn.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(element) = canvas.cast::<HtmlCanvasElement>() else {
                return;
            };
            if let Err(e) = export(&element, chart.as_ref(), (&name, &title), kind) {
                drawn.set(Some(Err(e)));
            }
        })
    };
    let (on_png, on_svg) = (on_export(Export::Png), on_export(Export::Svg));
    let verb = &props.verb;
    html! {
        <>
            <canvas ref={canvas} id={props.name.clone()} class="chart-canvas" role="img"
                aria-label={format!("{} The table below lists the same numbers.", props.chart.summary)}
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

/// A figure of one diagonal line, for the tests: `text` names its axes and its legend.
#[cfg(test)]
pub fn diagonal(text: &str) -> Figure {
    use super::axis::{Axis, Ticks};
    use super::figure::{Key, Line, Paint, Panel};
    let mut panel = Panel::new(Axis::linear(text, 0.0, 1.0, Ticks::Number));
    panel
        .lines
        .push(Line::new(vec![(0.0, 0.0), (1.0, 1.0)], Paint::Var("--c5")));
    Figure {
        x: Axis::linear(text, 0.0, 1.0, Ticks::Number),
        panels: vec![panel],
        marks: Vec::new(),
        legend: vec![Key::line(text, Paint::Var("--c5"))],
        summary: format!("{text}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_in_the_svg_export_stays_text() {
        let markup = "<img src=x onerror=alert(1)>";
        let colours = Colours::from_pairs(vec![("--surface", RGBColor(255, 255, 255))]);
        let svg = svg_text(&diagonal(markup), markup, &colours).unwrap_or_default();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.contains("&lt;img src=x onerror=alert(1)&gt;"), "{svg}");
        assert!(!svg.contains("<img"), "{svg}");
        assert!(svg.contains("<polyline"), "{svg}");
    }

    #[test]
    fn an_export_carries_its_title_and_a_source_line() {
        let colours = Colours::from_pairs(vec![("--surface", RGBColor(255, 255, 255))]);
        let svg = svg_text(&diagonal("x"), "Keys moved when N grows", &colours).unwrap_or_default();
        assert!(svg.contains("Keys moved when N grows"), "{svg}");
        assert!(svg.contains(SOURCE_LINE), "{svg}");
        // The figure keeps its size: the title and the source line get bands of their own.
        let height = format!("height=\"{}\"", SVG_SIZE.1 + TITLE_BAND + SOURCE_BAND);
        assert!(svg.contains(&height), "{svg}");
        let untitled = svg_text(&diagonal("x"), "", &colours).unwrap_or_default();
        assert!(untitled.contains(SOURCE_LINE), "{untitled}");
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use std::rc::Rc;

    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::{diagonal, ChartView, ChartViewProps};
    use crate::test_support::{find, mount_with};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    async fn the_chart_is_drawn_at_the_pixel_ratio_with_its_summary_and_exports() {
        // The test page has no stylesheet: give it the two colours the chart paints with.
        let html: web_sys::HtmlElement = gloo::utils::document()
            .document_element()
            .map(|e| e.unchecked_into())
            .unwrap_or_else(|| panic!("an <html>"));
        let _ = html.style().set_property("--surface", "#ffffff");
        let _ = html.style().set_property("--c5", "#0072b2");
        let root = mount_with::<ChartView>(ChartViewProps {
            chart: Rc::new(diagonal("A diagonal")),
            name: "test-diagonal".into(),
            title: "A diagonal".into(),
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
