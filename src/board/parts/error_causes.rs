//! Why a run's requests failed, in words (issue 38, item 9): the seconds that failed
//! ([`SimReport::error_window`]) and each cause the simulator counted, most frequent first
//! ([`ErrorCounts::causes`](shardlab_core::sim::ErrorCounts::causes)), a dead master named
//! beside the requests that found none. The second-by-second plot's note ends with it, so its
//! errors/s never rise without a word why. The core decides the causes; this only words them.

use shardlab_core::sim::{DatabaseSettings, DropCause, Fault, SimReport};
use shardlab_core::text::thousands;

use super::failover::first_master_down;

/// What became of `count` requests that failed for `cause`, as a clause.
fn clause(cause: DropCause, count: u64, dead: Option<&str>) -> String {
    let n = thousands(count);
    match cause {
        DropCause::QueueFull => format!("{n} were turned away by a full queue"),
        DropCause::Timeout => format!("{n} timed out"),
        DropCause::NoMaster => match dead {
            Some(dead) => format!("{n} found no master ({dead})"),
            None => format!("{n} found no master"),
        },
    }
}

/// Which master died, when, and what took its place, as the no-master clause's aside.
fn dead_master(faults: &[Fault], database: Option<&DatabaseSettings>) -> Option<String> {
    let (shard, at) = first_master_down(faults)?;
    let after = match database {
        Some(db) if db.fails_over() => format!(
            "; its standby took over at {:.0} s",
            at + db.failover_gap_s()
        ),
        Some(_) | None => " and nothing promoted its standby".to_owned(),
    };
    Some(format!("the master of shard {shard} died at {at:.0} s{after}"))
}

/// The sentence on why the run's requests failed; `None` when none did.
pub fn why_errors(
    report: &SimReport,
    faults: &[Fault],
    database: Option<&DatabaseSettings>,
) -> Option<String> {
    let causes = report.errors.causes();
    if causes.is_empty() {
        return None;
    }
    let dead = dead_master(faults, database);
    let clauses: Vec<String> = causes
        .iter()
        .map(|&(cause, count)| clause(cause, count, dead.as_deref()))
        .collect();
    let when = match report.error_window() {
        Some((first, last)) if first == last => format!(" in second {first}"),
        Some((first, last)) => format!(" from second {first} to second {last}"),
        None => String::new(),
    };
    Some(format!(
        "Why errors rise{when}: {} requests failed; {}.",
        thousands(report.errors.total()),
        clauses.join(", ")
    ))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use shardlab_core::sim::{preset, simulate, FaultKind};

    #[test]
    fn a_dead_master_run_says_its_requests_found_no_master_and_which_died() {
        let mut design = preset("pinterest").unwrap().design;
        let database = design
            .nodes
            .iter()
            .find_map(|n| n.settings.database())
            .cloned()
            .unwrap();
        design.faults.push(Fault {
            at_s: 5.0,
            kind: FaultKind::MasterDown { shard: 0 },
        });
        let report = simulate(&design, 2_000, 7, 15.0).unwrap();
        let text = why_errors(&report, &design.faults, Some(&database)).unwrap();
        let (first, last) = report.error_window().unwrap();
        assert!(
            text.starts_with(&format!(
                "Why errors rise from second {first} to second {last}: {} requests failed; {} found no master (the master of shard 0 died at 5 s",
                thousands(report.errors.total()),
                thousands(report.errors.shard_down)
            )),
            "{text}"
        );
        // The preset fails over by hand only, which the aside says.
        assert_eq!(database.fails_over(), text.contains("its standby took over"), "{text}");
    }

    #[test]
    fn a_calm_run_says_nothing_and_every_cause_is_worded() {
        let design = preset("pinterest").unwrap().design;
        let report = simulate(&design, 2_000, 7, 10.0).unwrap();
        assert_eq!(report.errors.total(), 0);
        assert_eq!(why_errors(&report, &[], None), None);
        assert_eq!(
            clause(DropCause::QueueFull, 1_200, None),
            "1,200 were turned away by a full queue"
        );
        assert_eq!(clause(DropCause::Timeout, 3, None), "3 timed out");
        assert_eq!(clause(DropCause::NoMaster, 3, None), "3 found no master");
    }
}
