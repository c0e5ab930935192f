//! The literature's metric set for every scheme on the page (issue 21 §3), over the page's own
//! servers and settings: balance, the move and the balance after one server added and one
//! removed, keys moved between servers that both stayed, the state each scheme keeps per server
//! (all from the core's [`MetricsRun`], in slices), and the lookup time in this browser
//! ([`lookup_timing`], after the run). The same figures as `shardlab place --json`'s `metrics`.

use std::cell::RefCell;
use std::rc::Rc;

use shardlab_core::placement::{
    MetricsRun, PlacementError, ResizeMetrics, SchemeKind, SchemeMetrics, SchemeSettings,
    SchemeSpec, Server, ServerList,
};
use shardlab_core::text::{data_size, percent, thousands};
use yew::prelude::*;

use crate::jobs::finished::Finished;
use crate::jobs::hook::use_stepped_job;
use crate::jobs::slicer;
use crate::ring::comparisons::{measuring, SWEEP_KEYS};
use crate::ring::lookup_timing::{time_schemes, WINDOWS, WINDOW_MS};

/// Props for [`MetricsTable`]: what the table measures over.
#[derive(Properties, PartialEq, Clone)]
pub struct MetricsTableProps {
    pub servers: Vec<Server>,
    /// The page's scheme settings (vnodes, table size, probes, c): each scheme reads its own.
    pub settings: SchemeSettings,
    pub seed: u64,
}

/// One cell: its figure, and smaller lines under it (a move's needless share).
type Cell = (String, Vec<String>);

/// Each scheme's cells but the lookup's (empty while measuring; one cell, the reason, for a
/// scheme that refuses the servers), its lookup time in nanoseconds, and the progress.
#[derive(Clone, Default)]
struct Rows {
    cells: Vec<Vec<Cell>>,
    lookup_ns: Vec<Option<f64>>,
    progress: Option<String>,
}

thread_local! {
    /// Finished tables by their inputs, so a setting seen before shows at once.
    static FINISHED: RefCell<Finished<MetricsTableProps, Rc<Rows>>> = const { RefCell::new(Finished::new()) };
}

/// The schemes measured, with the page's settings: the ring is the one the page draws.
fn specs(props: &MetricsTableProps) -> Vec<SchemeSpec> {
    SchemeKind::ALL
        .into_iter()
        .map(|kind| SchemeSpec::with_settings(kind, props.settings))
        .collect()
}

/// See the module doc.
#[function_component(MetricsTable)]
pub fn metrics_table(props: &MetricsTableProps) -> Html {
    let shown = use_state(Rc::<Rows>::default);
    let kept = FINISHED.with(|f| f.borrow_mut().get(props));
    {
        let set = shown.setter();
        let inputs = props.clone();
        let run = kept.is_none();
        use_stepped_job(props.clone(), 0, move |ticket| {
            if !run {
                return;
            }
            let Ok(servers) = ServerList::new(inputs.servers.clone()) else {
                return;
            };
            let specs = specs(&inputs);
            let job = MetricsRun::new(specs.clone(), &servers, SWEEP_KEYS, inputs.seed);
            let (show, done) = (set.clone(), set);
            slicer::run(
                job,
                ticket.clone(),
                move |_: &MetricsRun, progress| {
                    show.set(Rc::new(Rows {
                        progress: measuring(progress),
                        ..Rows::default()
                    }));
                },
                move |metrics| {
                    let cells: Vec<Vec<Cell>> = metrics.iter().map(cells).collect();
                    time_schemes(specs, servers, ticket, move |lookup_ns, last| {
                        let rows = Rc::new(Rows {
                            cells: cells.clone(),
                            progress: (!last).then(|| "Timing lookups…".to_owned()),
                            lookup_ns,
                        });
                        done.set(Rc::clone(&rows));
                        if last {
                            FINISHED.with(|f| f.borrow_mut().put(inputs.clone(), rows));
                        }
                    });
                },
            );
        });
    }
    let rows = kept.unwrap_or_else(|| Rc::clone(&shown));
    table(props, &rows)
}

/// The columns after the scheme's: each heading and what it means (its tooltip).
const COLUMNS: [(&str, &str); 7] = [
    ("max / mean", "The busiest server's keys over the mean (over its fair share when the weights differ)"),
    ("σ / mean", "The spread of the servers' keys over the mean"),
    ("+1 server: moved (× least)", "Keys moved when one server is added; that over the least any scheme must move; \
        and the keys moved needlessly, between two servers that both stayed (none for a monotone scheme)"),
    ("+1: max / mean", "The balance after the server is added: the resize balance"),
    ("−1 server: moved (× least)", "Keys moved when the last server is removed; that over the least; and the keys moved needlessly"),
    ("State per server", "The scheme's own state over the servers, per server, counted from its structure"),
    ("Lookup", "The median of three windows of locating pre-hashed keys, in this browser"),
];

fn table(props: &MetricsTableProps, rows: &Rows) -> Html {
    let count = props.servers.len();
    let body = SchemeKind::ALL
        .into_iter()
        .enumerate()
        .map(|(i, kind)| {
            let mut cells = rows
                .cells
                .get(i)
                .cloned()
                .unwrap_or_else(|| vec![("measuring…".to_owned(), Vec::new())]);
            if cells.len() > 1 {
                let lookup = rows.lookup_ns.get(i).copied().flatten();
                cells.push((
                    lookup.map_or_else(|| "timing…".to_owned(), |ns| format!("{ns:.1} ns")),
                    Vec::new(),
                ));
            }
            let span = if cells.len() == 1 { COLUMNS.len() } else { 1 };
            html! {
                <tr>
                    <th scope="row" title={kind.label()}>{ kind.name() }</th>
                    { for cells.into_iter().map(|(figure, under)| html! {
                        <td colspan={(span > 1).then(|| span.to_string())}>
                            { figure }
                            { for under.into_iter().map(|line| html! { <span class="rv-spread">{ line }</span> }) }
                        </td>
                    }) }
                </tr>
            }
        });
    html! {
        <section class="rv-metrics" aria-label="Every scheme's metrics" data-testid="metrics-table">
            <p class="help">
                { format!("Every scheme over these {count} servers and the same {} keys: its balance, one server \
                    more and the last one less, its state and its lookup time.", thousands(SWEEP_KEYS)) }
            </p>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Metrics, scrolls sideways">
                <table class="rv-metrics-table">
                    <thead>
                        <tr>
                            <th scope="col">{ "Scheme" }</th>
                            { for COLUMNS.iter().map(|&(label, title)| html! { <th scope="col" {title}>{ label }</th> }) }
                        </tr>
                    </thead>
                    <tbody>{ for body }</tbody>
                </table>
            </div>
            <p class="rv-progress" aria-live="polite">
                { rows.progress.clone().unwrap_or_else(|| format!(
                    "Done. Lookups: the median of {WINDOWS} windows of {WINDOW_MS} ms in this browser.")) }
            </p>
        </section>
    }
}

/// One scheme's cells in [`COLUMNS`]' order, all but the lookup time; the reason alone for a
/// scheme that refuses the servers.
fn cells(metrics: &Result<SchemeMetrics, PlacementError>) -> Vec<Cell> {
    let m = match metrics {
        Ok(m) => m,
        Err(error) => return vec![(error.to_string(), Vec::new())],
    };
    let dash = || "—".to_owned();
    let moved = |change: Option<&ResizeMetrics>| match change {
        Some(c) => {
            let moved = percent(c.moved_fraction);
            let needless = format!("{} needless", percent(c.monotonicity.fraction));
            match c.moved_over_minimum {
                Some(over) => (format!("{moved} ({over:.2}×)"), vec![needless]),
                None => (moved, vec![needless]),
            }
        }
        None => (dash(), Vec::new()),
    };
    let (add, remove) = (m.add_one.as_ref(), m.remove_one.as_ref());
    let weighted = m.balance.weight_normalised.then(|| "by weight".to_owned());
    let plain = |text: String| (text, Vec::new());
    vec![
        (
            format!("{:.3}", m.balance.max_over_fair),
            weighted.into_iter().collect(),
        ),
        plain(format!("{:.3}", m.balance.stddev_over_fair)),
        moved(add),
        plain(add.map_or_else(dash, |c| format!("{:.3}", c.balance.max_over_fair))),
        moved(remove),
        plain(data_size(m.state_bytes_per_server.round() as u64)),
    ]
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use shardlab_core::placement::{scheme_metrics, PlacementError, SchemeSpec, ServerList};

    use super::cells;

    #[test]
    fn a_scheme_gives_a_cell_per_column_but_the_lookup() {
        let servers = ServerList::uniform(4).unwrap();
        let metrics = scheme_metrics(&SchemeSpec::Mod, &servers, 2_000, 7);
        let row = cells(&metrics);
        assert_eq!(row.len(), super::COLUMNS.len() - 1);
        // 4 → 5 under mod N moves about four keys in five, about four times the least.
        let (moved, under) = &row[2];
        let (share, over) = moved.split_once(" % (").unwrap();
        let share: f64 = share.parse().unwrap();
        assert!((70.0..90.0).contains(&share), "{moved}");
        assert!(over.ends_with("×)"), "{moved}");
        // Mod N is not monotone: most of what moves goes between servers that both stayed.
        let needless: f64 = under[0].trim_end_matches(" % needless").parse().unwrap();
        assert!(needless > 50.0, "{under:?}");
        // Equal weights: plain balance, with no "by weight" line.
        assert!(row[0].1.is_empty());
    }

    #[test]
    fn a_scheme_that_refuses_gives_its_reason_alone() {
        let row = cells(&Err(PlacementError::NoServers));
        assert_eq!(
            row,
            vec![(PlacementError::NoServers.to_string(), Vec::new())]
        );
    }
}
