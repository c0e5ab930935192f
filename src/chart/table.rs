//! A figure's numbers as a table: the second reader of the chart model, beside the plotters
//! renderer. Its columns are the figure's named series (a panel's named bars, then its named
//! lines, each with its spread over seeds when it has one); its rows are every x any of them has,
//! written as the x axis writes its ticks. The Ring's plots show it as their text alternative and
//! export it as CSV.

use super::figure::Figure;
use crate::files::csv::csv_text;

/// One named series of a figure.
#[derive(Debug, Clone, PartialEq)]
pub struct Column<'a> {
    pub name: &'a str,
    /// (x, y) in data units.
    pub points: Vec<(f64, f64)>,
    /// (x, min, max) over seeds; empty when the series has no spread.
    pub spread: &'a [(f64, f64, f64)],
}

/// How close two x values must be to share a row.
const SAME_X: f64 = 1e-9;

impl Column<'_> {
    /// The series' value at `x`, if it has one.
    pub fn at(&self, x: f64) -> Option<f64> {
        self.points
            .iter()
            .find(|p| (p.0 - x).abs() < SAME_X)
            .map(|p| p.1)
    }

    /// The series' (min, max) at `x`, if it has a spread there.
    pub fn spread_at(&self, x: f64) -> Option<(f64, f64)> {
        self.spread
            .iter()
            .find(|p| (p.0 - x).abs() < SAME_X)
            .map(|&(_, lo, hi)| (lo, hi))
    }
}

/// The figure's named series, panel by panel: the bars (each at its middle), then the lines.
pub fn columns(figure: &Figure) -> Vec<Column<'_>> {
    figure
        .panels
        .iter()
        .flat_map(|panel| {
            let bars = (!panel.bars_name.is_empty()).then(|| Column {
                name: &panel.bars_name,
                points: panel
                    .bars
                    .iter()
                    .map(|b| (b.x0.midpoint(b.x1), b.y))
                    .collect(),
                spread: &[],
            });
            let lines = panel
                .lines
                .iter()
                .filter(|l| !l.name.is_empty())
                .map(|l| Column {
                    name: &l.name,
                    points: l.points.clone(),
                    spread: &l.whiskers,
                });
            bars.into_iter().chain(lines)
        })
        .collect()
}

/// Every x any column has, ascending, once each.
pub fn x_values(columns: &[Column<'_>]) -> Vec<f64> {
    // Inserted in order rather than sorted: a table has a few hundred xs at most, and `sort_by`
    // compiled a whole stable sort (about 4 kB of the page's wasm) for this one call.
    let mut xs: Vec<f64> = Vec::new();
    for x in columns.iter().flat_map(|c| c.points.iter().map(|p| p.0)) {
        let at = xs.partition_point(|earlier| earlier.total_cmp(&x).is_le());
        xs.insert(at, x);
    }
    xs.dedup_by(|a, b| (*a - *b).abs() < SAME_X);
    xs
}

/// The figure's numbers as CSV: the x column (headed `x_column`), then one column per series,
/// and a min and a max column after each series that has a spread over seeds. Values are
/// unrounded.
pub fn csv(figure: &Figure, x_column: &str) -> String {
    let columns = columns(figure);
    let mut header: Vec<String> = vec![x_column.to_owned()];
    for column in &columns {
        header.push(column.name.to_owned());
        if !column.spread.is_empty() {
            header.push(format!("{} min", column.name));
            header.push(format!("{} max", column.name));
        }
    }
    let text = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
    let rows: Vec<Vec<String>> = x_values(&columns)
        .into_iter()
        .map(|x| {
            let mut row = vec![figure.x.tick(x)];
            for column in &columns {
                row.push(text(column.at(x)));
                if !column.spread.is_empty() {
                    let spread = column.spread_at(x);
                    row.push(text(spread.map(|s| s.0)));
                    row.push(text(spread.map(|s| s.1)));
                }
            }
            row
        })
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    csv_text(&header, &rows)
}

#[cfg(test)]
mod tests {
    use super::super::axis::{Axis, Ticks};
    use super::super::figure::{Bar, Line, Paint, Panel, Stroke};
    use super::*;

    fn line(name: &str, points: Vec<(f64, f64)>, whiskers: Vec<(f64, f64, f64)>) -> Line {
        Line {
            name: name.into(),
            stroke: Stroke::Dots,
            whiskers,
            ..Line::new(points, Paint::Var("--accent"))
        }
    }

    fn figure(x: Axis, panel: Panel) -> Figure {
        Figure {
            x,
            panels: vec![panel],
            marks: Vec::new(),
            legend: Vec::new(),
            summary: String::new(),
        }
    }

    #[test]
    fn the_csv_has_a_column_per_series_and_its_spread() {
        let mut panel = Panel::new(Axis::linear("y", 0.0, 1.0, Ticks::Number));
        panel.lines = vec![
            line(
                "ring",
                vec![(1.0, 0.5), (10.0, 0.25)],
                vec![(1.0, 0.4, 0.6)],
            ),
            line("ideal", vec![(10.0, 0.2)], Vec::new()),
            // Unnamed: drawn, never listed.
            Line::new(vec![(5.0, 9.0)], Paint::Var("--c1")),
        ];
        let plot = figure(Axis::linear("x", 0.0, 10.0, Ticks::Number), panel);
        let csv = csv(&plot, "vnodes");
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "vnodes,ring,ring min,ring max,ideal");
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1], "1,0.5,0.4,0.6,");
        assert_eq!(lines[2], "10,0.25,,,0.2");
    }

    #[test]
    fn named_bars_are_a_column_at_their_middles_named_as_the_axis_names_them() {
        let names = vec!["S0".to_owned(), "S1".to_owned()];
        let mut panel = Panel::new(Axis::linear("keys", 0.0, 10.0, Ticks::Number));
        panel.bars_name = "keys".into();
        panel.bars = [4.0, 6.0]
            .iter()
            .enumerate()
            .map(|(i, &y)| Bar {
                x0: i as f64 - 0.35,
                x1: i as f64 + 0.35,
                y,
                paint: Paint::Var("--c1"),
                hollow: false,
            })
            .collect();
        let plot = figure(
            Axis::linear("server", -0.6, 1.6, Ticks::Names(names)),
            panel,
        );
        let columns = columns(&plot);
        assert_eq!(columns.len(), 1);
        assert_eq!(x_values(&columns), vec![0.0, 1.0]);
        assert_eq!(columns[0].at(1.0), Some(6.0));
        assert_eq!(columns[0].spread_at(1.0), None);
        assert_eq!(csv(&plot, "server"), "server,keys\nS0,4\nS1,6\n");
    }

    #[test]
    fn x_values_come_ascending_once_each_from_columns_in_any_order() {
        let column = |points: Vec<(f64, f64)>| Column {
            name: "c",
            points,
            spread: &[],
        };
        let columns = [
            column(vec![(3.0, 0.0), (1.0, 0.0), (2.0, 0.0)]),
            column(vec![(2.0 + 1e-12, 0.0), (-1.0, 0.0), (3.0, 0.0)]),
        ];
        assert_eq!(x_values(&columns), vec![-1.0, 1.0, 2.0, 3.0]);
        assert_eq!(x_values(&[]), Vec::<f64>::new());
    }
}
