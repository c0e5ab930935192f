//! One plot of the Ring's comparisons: a shared [`Figure`] of one panel, drawn by the shared
//! [`ChartView`] (a canvas on the page; PNG and SVG exports), with its named series as a table
//! ([`crate::chart::table`]) for its text alternative and a CSV export.

use std::rc::Rc;

use yew::prelude::*;

use crate::chart::axis::Axis;
use crate::chart::figure::{Figure, Key, Paint, Panel, Sample, Stroke};
use crate::chart::table::{self, columns, x_values};
use crate::chart::ChartView;
use crate::files::download::download_text;

/// A Ring plot: its title, its figure, and how its table names the x column.
#[derive(Debug, Clone, PartialEq)]
pub struct Plot {
    pub title: String,
    pub x_column: String,
    pub figure: Rc<Figure>,
}

/// About how many ticks a Ring plot's y axis gets.
const Y_TICKS: usize = 6;

impl Plot {
    /// A plot of one panel's named bars and lines over `x`, with a legend of them when there is
    /// more than one, and a summary that names them.
    pub fn new(title: String, x_column: &str, x: Axis, mut panel: Panel) -> Plot {
        panel.y = panel.y.with_ticks(Y_TICKS);
        let bars = (!panel.bars.is_empty()).then(|| Key {
            name: panel.bars_name.clone(),
            // The bars' own colours are the servers'; the legend shows a neutral bar.
            paint: Paint::Var("--muted"),
            sample: Sample::Bar,
        });
        let lines = panel.lines.iter().map(|line| Key {
            name: line.name.clone(),
            paint: line.paint,
            sample: match line.stroke {
                Stroke::Dashed => Sample::Dashed,
                Stroke::Dots => Sample::Dots,
                Stroke::Solid => Sample::Line,
            },
        });
        let legend: Vec<Key> = bars.into_iter().chain(lines).collect();
        let names: Vec<&str> = legend.iter().map(|k| k.name.as_str()).collect();
        let summary = format!(
            "{title}: {} against {}, showing {}.",
            panel.y.label,
            x.label,
            names.join(", ")
        );
        let legend = if legend.len() > 1 { legend } else { Vec::new() };
        Plot {
            title,
            x_column: x_column.to_owned(),
            figure: Rc::new(Figure {
                x,
                panels: vec![panel],
                marks: Vec::new(),
                legend,
                summary,
            }),
        }
    }
}

/// Props for [`PlotView`].
#[derive(Properties, PartialEq)]
pub struct PlotViewProps {
    /// A short id: the canvas is `shardlab-{id}` and so are the downloads' names.
    pub id: &'static str,
    /// The plot.
    pub plot: Rc<Plot>,
    /// A sentence under the plot (what to look at, sample sizes).
    pub caption: String,
    /// Progress while the data streams in, e.g. "measuring… 40 %".
    #[prop_or_default]
    pub progress: Option<String>,
}

/// A table cell: the value, with its spread over seeds when it has one.
fn cell(y: Option<f64>, spread: Option<(f64, f64)>) -> String {
    match (y, spread) {
        (Some(y), Some((lo, hi))) => format!("{y:.4} ({lo:.4} – {hi:.4})"),
        (Some(y), None) if y.abs() >= 100.0 => format!("{y:.0}"),
        (Some(y), None) => format!("{y:.4}"),
        (None, _) => "—".to_owned(),
    }
}

/// A plot with its table and exports.
#[function_component(PlotView)]
pub fn plot_view(props: &PlotViewProps) -> Html {
    let csv = {
        let id = props.id;
        let plot = Rc::clone(&props.plot);
        Callback::from(move |_: MouseEvent| {
            let text = table::csv(&plot.figure, &plot.x_column);
            download_text(&format!("shardlab-{id}.csv"), "text/csv", &text);
        })
    };
    let plot = &props.plot;
    let columns = columns(&plot.figure);
    let rows = x_values(&columns).into_iter().map(|x| {
        let cells = columns.iter().map(|c| {
            html! { <td class="num">{ cell(c.at(x), c.spread_at(x)) }</td> }
        });
        html! { <tr><th scope="row">{ plot.figure.x.tick(x) }</th>{ for cells }</tr> }
    });
    let heads = columns.iter().map(|c| {
        let spread = if c.spread.is_empty() {
            ""
        } else {
            " (min – max)"
        };
        html! { <th scope="col">{ format!("{}{spread}", c.name) }</th> }
    });
    html! {
        <figure class="rv-plot" data-testid={format!("plot-{}", props.id)}>
            <h3>{ &plot.title }</h3>
            <ChartView chart={Rc::clone(&plot.figure)} name={format!("shardlab-{}", props.id)} button_class={classes!("small")}>
                <button type="button" class="small" onclick={csv}>{ "Download CSV" }</button>
            </ChartView>
            <figcaption>
                if let Some(p) = &props.progress { <p class="rv-progress">{ p }</p> }
                <p>{ &props.caption }</p>
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
    use crate::chart::axis::Ticks;
    use crate::chart::figure::{Bar, Line};

    #[test]
    fn cells_show_the_spread_and_round_big_values() {
        assert_eq!(
            cell(Some(0.5), Some((0.4, 0.6))),
            "0.5000 (0.4000 – 0.6000)"
        );
        assert_eq!(cell(Some(25_123.0), None), "25123");
        assert_eq!(cell(Some(0.25), None), "0.2500");
        assert_eq!(cell(None, None), "—");
    }

    #[test]
    fn a_plot_names_its_series_in_the_legend_and_the_summary() {
        let mut panel = Panel::new(Axis::linear("keys owned (count)", 0.0, 10.0, Ticks::Number));
        panel.bars_name = "keys".into();
        panel.bars.push(Bar {
            x0: -0.35,
            x1: 0.35,
            y: 4.0,
            paint: Paint::Var("--c1"),
            hollow: false,
        });
        panel.lines.push(Line {
            name: "mean".into(),
            stroke: Stroke::Dashed,
            ..Line::new(vec![(-0.5, 4.0), (0.5, 4.0)], Paint::Var("--text"))
        });
        let plot = Plot::new(
            "Load per server".into(),
            "server",
            Axis::linear("server", -0.6, 0.6, Ticks::Names(vec!["S0".into()])),
            panel.clone(),
        );
        let samples: Vec<(&str, Sample)> = plot
            .figure
            .legend
            .iter()
            .map(|k| (k.name.as_str(), k.sample))
            .collect();
        assert_eq!(samples, [("keys", Sample::Bar), ("mean", Sample::Dashed)]);
        assert_eq!(
            plot.figure.summary,
            "Load per server: keys owned (count) against server, showing keys, mean."
        );
        // One series alone needs no legend.
        panel.lines.clear();
        let alone = Plot::new(
            "t".into(),
            "x",
            Axis::linear("x", 0.0, 1.0, Ticks::Number),
            panel,
        );
        assert!(alone.figure.legend.is_empty());
    }
}
