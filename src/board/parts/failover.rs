//! What a dead master costs, in words: when its standby takes over (the core's failover gap) and,
//! once the run is done, the requests that found no master, the seconds in which requests failed,
//! the reads that came back stale, and how busy the masters were. The failover widget's verdict, under its knobs and its timeline.

use std::rc::Rc;

use shardlab_core::sim::{DatabaseSettings, Fault, FaultKind, NodeKind, SimReport};
use shardlab_core::text::{percent, percent_one_decimal, thousands};
use yew::prelude::*;

/// The verdict's inputs.
pub struct FailoverProps<'a> {
    /// The database's settings, if the design has one.
    pub database: Option<&'a DatabaseSettings>,
    /// The timeline.
    pub faults: &'a [Fault],
    /// The finished run of this very design, if there is one.
    pub report: Option<&'a Rc<SimReport>>,
}

/// The first master to die, and when.
pub fn first_master_down(faults: &[Fault]) -> Option<(u32, f64)> {
    faults.iter().find_map(|fault| match fault.kind {
        FaultKind::MasterDown { shard } => Some((shard, fault.at_s)),
        FaultKind::CacheFlush
        | FaultKind::HotKey { .. }
        | FaultKind::TrafficSpike { .. }
        | FaultKind::ShardSplit { .. }
        | FaultKind::Reshard { .. } => None,
    })
}

/// The sentence about the failover the design would make.
fn plan(database: &DatabaseSettings, faults: &[Fault]) -> String {
    let Some((shard, at)) = first_master_down(faults) else {
        return "No master dies in this run yet. Kill one above to see what the gap costs."
            .to_owned();
    };
    if !database.fails_over() {
        return format!(
            "The master of shard {shard} dies at {at:.0} s and nothing promotes its standby, so \
             the shard's requests fail until the run ends."
        );
    }
    format!(
        "The master of shard {shard} dies at {at:.0} s; its standby takes over at {:.0} s ({} s \
         to notice, {} s to promote).",
        at + database.failover_gap_s(),
        database.failover_detect_s,
        database.failover_promote_s
    )
}

/// The sentence about the finished run: how busy the masters were and, when a master died, what
/// its gap cost.
fn measured(report: &SimReport, master_died: bool) -> String {
    let busy = report
        .outcome
        .nodes
        .iter()
        .find(|n| n.kind == NodeKind::Database)
        .and_then(|n| n.utilisation)
        .map_or_else(String::new, |u| {
            format!(" The masters were {} busy on average.", percent(u))
        });
    if !master_died {
        return format!("In the run:{busy}");
    }
    let requests = report.requests.max(1);
    #[allow(clippy::cast_precision_loss)] // request counts are far below 2^52
    let share = report.errors.shard_down as f64 / requests as f64;
    let window = report
        .error_window()
        .map_or_else(String::new, |(first, last)| {
            format!(" Requests failed from second {first} to second {last}.")
        });
    format!(
        "In the run, {} requests found no master ({} of all), and {} reads returned a row \
         older than its last write.{window}{busy}",
        thousands(report.errors.shard_down),
        percent_one_decimal(share),
        thousands(report.stale_reads),
    )
}

/// The verdict: the plan, and the run's measure once it is done.
pub fn failover_verdict(props: &FailoverProps<'_>) -> Html {
    let Some(database) = props.database else {
        return html! { <p class="muted">{ "There is no database on the board." }</p> };
    };
    html! {
        <div class="board-failover" aria-live="polite" data-testid="failover-verdict">
            <p>{ plan(database, props.faults) }</p>
            if let Some(report) = props.report {
                <p>{ measured(report, first_master_down(props.faults).is_some()) }</p>
            }
        </div>
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use shardlab_core::sim::{preset, simulate};

    fn pinterest() -> shardlab_core::sim::Design {
        preset("pinterest").unwrap().design
    }

    fn database(design: &shardlab_core::sim::Design) -> DatabaseSettings {
        design
            .nodes
            .iter()
            .find_map(|n| n.settings.database())
            .cloned()
            .unwrap()
    }

    #[test]
    fn the_plan_names_the_takeover_time_from_the_cores_gap() {
        let mut db = database(&pinterest());
        let faults = vec![Fault {
            at_s: 10.0,
            kind: FaultKind::MasterDown { shard: 2 },
        }];
        assert!(plan(&db, &[]).starts_with("No master dies in this run yet"));
        assert!(plan(&db, &faults).contains("until the run ends"), "{db:?}");
        db.standby = true;
        db.auto_failover = true;
        db.failover_detect_s = 3;
        db.failover_promote_s = 12;
        assert_eq!(
            plan(&db, &faults),
            "The master of shard 2 dies at 10 s; its standby takes over at 25 s (3 s to notice, \
             12 s to promote)."
        );
    }

    #[test]
    fn the_measure_counts_what_the_run_counted() {
        let mut design = pinterest();
        design.faults.push(Fault {
            at_s: 5.0,
            kind: FaultKind::MasterDown { shard: 0 },
        });
        let report = simulate(&design, 2_000, 7, 15.0).unwrap();
        let text = measured(&report, true);
        assert!(report.errors.shard_down > 0);
        assert!(
            text.starts_with(&format!(
                "In the run, {} requests found no master",
                thousands(report.errors.shard_down)
            )),
            "{text}"
        );
        assert!(text.contains("The masters were"), "{text}");
        let (first, last) = report.error_window().unwrap();
        assert!(
            text.contains(&format!("from second {first} to second {last}")),
            "{text}"
        );
        let calm = measured(&report, false);
        assert!(calm.starts_with("In the run: The masters were"), "{calm}");
    }
}
