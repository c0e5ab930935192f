//! One plot of the Ring's comparisons: a shared [`Figure`] of one panel with its legend and
//! summary, as `parts/plot_view.rs` draws it.

use std::rc::Rc;

use crate::chart::axis::Axis;
use crate::chart::figure::{Figure, Key, Paint, Panel, Sample, Stroke};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart::axis::Ticks;
    use crate::chart::figure::{Bar, Line};

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
