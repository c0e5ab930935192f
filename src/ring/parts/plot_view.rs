//! One plot of the Ring's comparisons, drawn by the shared [`ChartView`] (a canvas on the page;
//! PNG and SVG exports), with its named series as a table ([`crate::chart::table`]) for its text
//! alternative and a CSV export.

use std::rc::Rc;

use yew::prelude::*;

use crate::chart::table::{self, columns, x_values};
use crate::chart::ChartView;
use crate::files::download::download_text;
use crate::ring::plots::Plot;

/// Props for [`plot_view`].
pub struct PlotViewProps {
    /// A short id: the canvas is `shardlab-{id}` and so are the downloads' names.
    pub id: &'static str,
    /// The plot.
    pub plot: Rc<Plot>,
    /// A sentence under the plot (what to look at, sample sizes).
    pub caption: String,
    /// Progress while the data streams in, e.g. "measuring… 40 %".
    pub progress: Option<String>,
}

/// A table cell: the value, and its spread over seeds when it has one (on a line of its own, so
/// a column stays narrow enough for a phone).
fn cell(y: Option<f64>, spread: Option<(f64, f64)>) -> (String, Option<String>) {
    match (y, spread) {
        (Some(y), Some((lo, hi))) => (format!("{y:.4}"), Some(format!("({lo:.4} – {hi:.4})"))),
        (Some(y), None) if y.abs() >= 100.0 => (format!("{y:.0}"), None),
        (Some(y), None) => (format!("{y:.4}"), None),
        (None, _) => ("—".to_owned(), None),
    }
}

/// A plot with its table and exports.
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
            let (value, spread) = cell(c.at(x), c.spread_at(x));
            html! {
                <td class="num">{ value }
                    if let Some(spread) = spread { { " " }<span class="rv-spread">{ spread }</span> }
                </td>
            }
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
            <h2>{ &plot.title }</h2>
            <ChartView chart={Rc::clone(&plot.figure)} name={format!("shardlab-{}", props.id)} title={plot.title.clone()} button_class={classes!("small")}>
                <button type="button" class="small" onclick={csv}>{ "Download CSV" }</button>
            </ChartView>
            <figcaption>
                if let Some(p) = &props.progress { <p class="rv-progress">{ p }</p> }
                <p>{ &props.caption }</p>
                <details>
                    <summary>{ "The numbers as a table" }</summary>
                    // Wider than a phone with many schemes: it scrolls inside the card, by keyboard too.
                    <div class="rv-plot-scroll" tabindex="0" role="region" aria-label={format!("{}: the numbers", plot.title)}>
                        <table class="rv-plot-table">
                            <thead><tr><th scope="col">{ &plot.x_column }</th>{ for heads }</tr></thead>
                            <tbody>{ for rows }</tbody>
                        </table>
                    </div>
                </details>
            </figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_show_the_spread_and_round_big_values() {
        let text = |(v, s): (String, Option<String>)| (v, s.unwrap_or_default());
        assert_eq!(
            text(cell(Some(0.5), Some((0.4, 0.6)))),
            ("0.5000".into(), "(0.4000 – 0.6000)".into())
        );
        assert_eq!(
            text(cell(Some(25_123.0), None)),
            ("25123".into(), String::new())
        );
        assert_eq!(
            text(cell(Some(0.25), None)),
            ("0.2500".into(), String::new())
        );
        assert_eq!(text(cell(None, None)), ("—".into(), String::new()));
    }
}
