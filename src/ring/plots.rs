//! One plot: drawn with plotters on a canvas, with a table as its text alternative and exports to
//! PNG (the canvas) and SVG (the same drawing through plotters' SVG back end).

use std::rc::Rc;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

/// Canvas size in pixels (CSS scales it to the panel).
pub const WIDTH: u32 = 640;
pub const HEIGHT: u32 = 360;

/// How a series is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// Bars from 0, one per point, each in its own colour.
    Bars,
    /// A solid line with markers, and the min–max spread as whiskers when given.
    Line,
    /// A dashed line: the ideal or theoretical value.
    Dashed,
}

/// A colour as a CSS custom property (resolved when drawing), or a fixed hex.
#[derive(Debug, Clone, PartialEq)]
pub enum Paint {
    Var(&'static str),
    Hex(&'static str),
}

/// One series.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: String,
    pub kind: Kind,
    pub paint: Paint,
    /// Per-point colours for bars.
    pub point_paints: Vec<Paint>,
    /// (x, y) points.
    pub points: Vec<(f64, f64)>,
    /// (x, min, max) spread, drawn as whiskers.
    pub spread: Vec<(f64, f64, f64)>,
}

/// A plot.
#[derive(Debug, Clone, PartialEq)]
pub struct Plot {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub x_range: (f64, f64),
    pub y_range: (f64, f64),
    /// Labels for integer x values (bars), else numbers are shown.
    pub x_names: Vec<String>,
    /// x is log10 of the value shown.
    pub x_log10: bool,
    pub series: Vec<Series>,
    /// How the table names the x column.
    pub x_column: String,
}

/// Formats an x value as the axis and the table show it.
pub fn format_x(plot: &Plot, x: f64) -> String {
    if !plot.x_names.is_empty() {
        let i = x.round();
        if (x - i).abs() < 1e-6 && i >= 0.0 {
            return plot.x_names.get(i as usize).cloned().unwrap_or_default();
        }
        return String::new();
    }
    if plot.x_log10 {
        return format!("{}", libm::pow(10.0, x).round());
    }
    format!("{x}")
}

/// The colours a drawing uses, read from the page's CSS so both themes work.
struct Palette {
    text: RGBColor,
    muted: RGBColor,
    border: RGBColor,
    surface: RGBColor,
    lookup: Box<dyn Fn(&Paint) -> RGBColor>,
}

/// `#rgb` or `#rrggbb` → colour.
pub fn parse_hex(text: &str) -> Option<(u8, u8, u8)> {
    let hex = text.trim().strip_prefix('#')?;
    let digits: Vec<u8> = hex
        .chars()
        .map(|c| c.to_digit(16).and_then(|d| u8::try_from(d).ok()))
        .collect::<Option<_>>()?;
    match digits.as_slice() {
        [r, g, b] => Some((r * 17, g * 17, b * 17)),
        [r1, r2, g1, g2, b1, b2] => Some((r1 * 16 + r2, g1 * 16 + g2, b1 * 16 + b2)),
        _ => None,
    }
}

fn palette(element: &web_sys::Element) -> Palette {
    let style = web_sys::window().and_then(|w| w.get_computed_style(element).ok().flatten());
    let read = move |name: &str, fallback: (u8, u8, u8)| {
        let (r, g, b) = style
            .as_ref()
            .and_then(|s| s.get_property_value(name).ok())
            .and_then(|v| parse_hex(&v))
            .unwrap_or(fallback);
        RGBColor(r, g, b)
    };
    let text = read("--text", (28, 29, 31));
    let muted = read("--muted", (85, 88, 94));
    let border = read("--border", (214, 214, 209));
    let surface = read("--surface", (255, 255, 255));
    let vars: Vec<(&'static str, RGBColor)> = [
        "--c1", "--c2", "--c3", "--c4", "--c5", "--c6", "--c7", "--c8", "--text", "--muted",
    ]
    .into_iter()
    .map(|name| (name, read(name, (85, 88, 94))))
    .collect();
    Palette {
        text,
        muted,
        border,
        surface,
        lookup: Box::new(move |paint| match paint {
            Paint::Var(name) => vars
                .iter()
                .find(|(n, _)| n == name)
                .map_or(muted, |(_, c)| *c),
            Paint::Hex(hex) => parse_hex(hex).map_or(muted, |(r, g, b)| RGBColor(r, g, b)),
        }),
    }
}

fn fail<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    plot: &Plot,
    colours: &Palette,
) -> Result<(), String> {
    root.fill(&colours.surface).map_err(fail)?;
    let (x0, x1) = plot.x_range;
    let (y0, y1) = plot.y_range;
    let mut chart = ChartBuilder::on(&root)
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(fail)?;
    let label_font = ("sans-serif", 13).into_font().color(&colours.text);
    let desc_font = ("sans-serif", 14).into_font().color(&colours.text);
    let x_formatter = |x: &f64| format_x(plot, *x);
    let y_formatter = |y: &f64| {
        if y.abs() >= 1000.0 {
            format!("{:.0}", y)
        } else {
            format!("{}", (y * 1000.0).round() / 1000.0)
        }
    };
    let x_labels = if plot.x_names.is_empty() {
        8
    } else {
        plot.x_names.len().min(16)
    };
    chart
        .configure_mesh()
        .x_desc(plot.x_label.as_str())
        .y_desc(plot.y_label.as_str())
        .axis_style(colours.muted)
        .bold_line_style(colours.border.mix(0.6))
        .light_line_style(colours.border.mix(0.0))
        .label_style(label_font.clone())
        .axis_desc_style(desc_font)
        .x_labels(x_labels)
        .x_label_formatter(&x_formatter)
        .y_label_formatter(&y_formatter)
        .draw()
        .map_err(fail)?;
    let labelled = plot.series.len() > 1;
    for series in &plot.series {
        let colour = (colours.lookup)(&series.paint);
        match series.kind {
            Kind::Bars => {
                chart
                    .draw_series(series.points.iter().enumerate().map(|(i, &(x, y))| {
                        let c = series
                            .point_paints
                            .get(i)
                            .map_or(colour, |p| (colours.lookup)(p));
                        Rectangle::new([(x - 0.35, 0.0), (x + 0.35, y)], c.filled())
                    }))
                    .map_err(fail)?;
            }
            Kind::Line => {
                chart
                    .draw_series(series.spread.iter().map(|&(x, lo, hi)| {
                        PathElement::new(vec![(x, lo), (x, hi)], colour.stroke_width(1))
                    }))
                    .map_err(fail)?;
                let anno = chart
                    .draw_series(LineSeries::new(
                        series.points.iter().copied(),
                        colour.stroke_width(2),
                    ))
                    .map_err(fail)?;
                if labelled {
                    anno.label(series.name.as_str()).legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
                    });
                }
                chart
                    .draw_series(
                        series
                            .points
                            .iter()
                            .map(|&p| Circle::new(p, 3, colour.filled())),
                    )
                    .map_err(fail)?;
            }
            Kind::Dashed => {
                let anno = chart
                    .draw_series(DashedLineSeries::new(
                        series.points.iter().copied(),
                        6,
                        5,
                        colour.stroke_width(2),
                    ))
                    .map_err(fail)?;
                if labelled {
                    anno.label(series.name.as_str()).legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 8, y)], colour.stroke_width(2))
                    });
                }
            }
        }
    }
    if labelled {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(colours.surface.mix(0.9))
            .border_style(colours.border)
            .label_font(label_font)
            .draw()
            .map_err(fail)?;
    }
    root.present().map_err(fail)?;
    Ok(())
}

/// The plot as an SVG document.
fn svg_of(plot: &Plot, colours: &Palette) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, HEIGHT)).into_drawing_area();
        draw(root, plot, colours)?;
    }
    Ok(out)
}

fn download(href: &str, name: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(a) = document.create_element("a") else {
        return;
    };
    let a: web_sys::HtmlAnchorElement = a.unchecked_into();
    a.set_href(href);
    a.set_download(name);
    a.click();
}

/// Props for [`PlotView`].
#[derive(Properties, PartialEq)]
pub struct PlotViewProps {
    /// A short id: the canvas is `rv-plot-{id}` and downloads are `shardlab-{id}.png/.svg`.
    pub id: &'static str,
    pub plot: Rc<Plot>,
    /// A sentence under the plot (what to look at, sample sizes).
    pub caption: String,
    /// Progress while the data streams in, e.g. "measuring… 40 %".
    #[prop_or_default]
    pub progress: Option<String>,
}

/// A plot with its table and exports.
#[function_component(PlotView)]
pub fn plot_view(props: &PlotViewProps) -> Html {
    let canvas = use_node_ref();
    let error = use_state(|| None::<String>);
    {
        let canvas = canvas.clone();
        let error = error.setter();
        use_effect_with(props.plot.clone(), move |plot| {
            if let Some(el) = canvas.cast::<HtmlCanvasElement>() {
                let colours = palette(&el);
                let result = CanvasBackend::with_canvas_object(el)
                    .ok_or_else(|| "no canvas context".to_owned())
                    .and_then(|b| draw(b.into_drawing_area(), plot, &colours));
                error.set(result.err());
            }
        });
    }
    let png = {
        let canvas = canvas.clone();
        let id = props.id;
        Callback::from(move |_: MouseEvent| {
            if let Some(el) = canvas.cast::<HtmlCanvasElement>() {
                if let Ok(url) = el.to_data_url() {
                    download(&url, &format!("shardlab-{id}.png"));
                }
            }
        })
    };
    let svg = {
        let canvas = canvas.clone();
        let plot = props.plot.clone();
        let id = props.id;
        let error = error.setter();
        Callback::from(move |_: MouseEvent| {
            let Some(el) = canvas.cast::<web_sys::Element>() else {
                return;
            };
            let result = svg_of(&plot, &palette(&el)).and_then(|text| {
                let parts = js_sys::Array::of1(&text.into());
                let options = web_sys::BlobPropertyBag::new();
                options.set_type("image/svg+xml");
                let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
                    .map_err(fail)?;
                let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
                download(&url, &format!("shardlab-{id}.svg"));
                let _ = web_sys::Url::revoke_object_url(&url);
                Ok(())
            });
            if let Err(e) = result {
                error.set(Some(e));
            }
        })
    };
    let plot = &props.plot;
    let mut xs: Vec<f64> = plot
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    let rows = xs.iter().map(|&x| {
        let cells = plot.series.iter().map(|s| {
            let y = s
                .points
                .iter()
                .find(|p| (p.0 - x).abs() < 1e-9)
                .map(|p| p.1);
            let spread = s.spread.iter().find(|p| (p.0 - x).abs() < 1e-9);
            let text = match (y, spread) {
                (Some(y), Some(&(_, lo, hi))) => format!("{y:.4} ({lo:.4} – {hi:.4})"),
                (Some(y), None) if y.abs() >= 100.0 => format!("{y:.0}"),
                (Some(y), None) => format!("{y:.4}"),
                (None, _) => "—".to_owned(),
            };
            html! { <td class="num">{ text }</td> }
        });
        html! { <tr><th scope="row">{ format_x(plot, x) }</th>{ for cells }</tr> }
    });
    let heads = plot.series.iter().map(|s| {
        let spread = if s.spread.is_empty() {
            ""
        } else {
            " (min – max)"
        };
        html! { <th scope="col">{ format!("{}{spread}", s.name) }</th> }
    });
    html! {
        <figure class="rv-plot" data-testid={format!("plot-{}", props.id)}>
            <h3>{ &plot.title }</h3>
            <canvas ref={canvas} id={format!("rv-plot-{}", props.id)} width={WIDTH.to_string()} height={HEIGHT.to_string()}
                role="img" aria-label={format!("{}. The table below lists the same numbers.", plot.title)}></canvas>
            <figcaption>
                if let Some(p) = &props.progress { <p class="rv-progress">{ p }</p> }
                <p>{ &props.caption }</p>
                <div class="rv-row">
                    <button type="button" class="small" onclick={png}>{ "Download PNG" }</button>
                    <button type="button" class="small" onclick={svg}>{ "Download SVG" }</button>
                </div>
                if let Some(e) = &*error { <p class="error">{ format!("The plot could not be drawn: {e}") }</p> }
                <details>
                    <summary>{ "The numbers as a table" }</summary>
                    <table class="rv-plot-table">
                        <thead><tr><th scope="col">{ &plot.x_column }</th>{ for heads }</tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </details>
            </figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_colours_parse() {
        assert_eq!(parse_hex("#E69F00"), Some((0xe6, 0x9f, 0)));
        assert_eq!(parse_hex(" #fff"), Some((255, 255, 255)));
        assert_eq!(parse_hex("red"), None);
        assert_eq!(parse_hex("#12345"), None);
    }

    #[test]
    fn x_values_format_as_names_or_powers() {
        let mut plot = Plot {
            title: String::new(),
            x_label: String::new(),
            y_label: String::new(),
            x_range: (0.0, 1.0),
            y_range: (0.0, 1.0),
            x_names: vec!["S0".into(), "S1".into()],
            x_log10: false,
            series: Vec::new(),
            x_column: String::new(),
        };
        assert_eq!(format_x(&plot, 1.0), "S1");
        assert_eq!(format_x(&plot, 0.5), "");
        plot.x_names.clear();
        plot.x_log10 = true;
        assert_eq!(format_x(&plot, 2.0), "100");
    }
}
