//! The second-by-second loads of a run (issue 23 §4): aligned with the series, adding up to the
//! run's own counts, and showing a 20-second hot key on its shard and a dead master's drops on
//! the database, which the run's averages hide.

// Test helpers panic on purpose: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use shardlab_core::sim::*;
use shardlab_core::stepped::Stepped;

fn preset_design(name: &str) -> Design {
    preset(name).expect("preset exists").design
}

fn node_index(report: &SimReport, kind: NodeKind) -> usize {
    report
        .outcome
        .nodes
        .iter()
        .position(|n| n.kind == kind)
        .expect("the node")
}

#[test]
fn loads_are_one_per_second_of_the_series_and_one_per_node_and_shard() {
    let report = simulate(&preset_design("pinterest"), 2_000, 3, 10.0).expect("simulates");
    assert_eq!(report.loads.len(), report.series.len());
    for (loads, second) in report.loads.iter().zip(&report.series) {
        assert_eq!(loads.t_s, second.t_s);
        assert_eq!(loads.nodes.len(), report.outcome.nodes.len());
        assert_eq!(loads.shards.len(), report.outcome.shards.len());
        for (node, load) in report.outcome.nodes.iter().zip(&loads.nodes) {
            // The nodes that do not queue have no utilisation, as in the averages.
            assert_eq!(
                node.utilisation.is_some(),
                load.utilisation.is_some(),
                "{:?}",
                node.kind
            );
            assert!(load.utilisation.is_none_or(|u| (0.0..=1.0).contains(&u)));
        }
        // The users take the second's arrivals; the App Server sees every request once.
        assert_eq!(loads.nodes[0].requests, second.arrivals);
        let shares: f64 = loads.shards.iter().map(|s| s.share).sum();
        let requests: u64 = loads.shards.iter().map(|s| s.requests).sum();
        assert!(requests == 0 || (shares - 1.0).abs() < 1e-9, "{shares}");
    }
    // Over the full seconds the database's utilisation averages to the run's figure.
    let db = node_index(&report, NodeKind::Database);
    let full = &report.loads[..10];
    let mean = full
        .iter()
        .map(|l| l.nodes[db].utilisation.unwrap())
        .sum::<f64>()
        / 10.0;
    let run = report.outcome.nodes[db].utilisation.unwrap();
    assert!(
        (mean - run).abs() < 0.1 * run + 1e-3,
        "{mean} against {run}"
    );
    // A shard's requests over the seconds are its master's and replicas' visits.
    let master_requests: u64 = report.loads.iter().map(|l| l.shards[0].requests).sum();
    let per_s = report.outcome.shards[0].requests_per_s * report.duration_s;
    assert!(
        (master_requests as f64 - per_s).abs() < 1.0,
        "{master_requests} against {per_s}"
    );
}

#[test]
fn every_drop_is_on_a_node_and_on_its_shard_with_its_cause() {
    let mut design = preset_design("pinterest");
    design.faults = vec![Fault {
        at_s: 3.0,
        kind: FaultKind::MasterDown { shard: 2 },
    }];
    let report = simulate(&design, 4_000, 5, 8.0).expect("simulates");
    assert!(report.errors.shard_down > 0);
    let sum = |pick: &dyn Fn(&ErrorCounts) -> u64| -> u64 {
        report
            .loads
            .iter()
            .flat_map(|l| l.nodes.iter())
            .map(|n| pick(&n.dropped))
            .sum()
    };
    assert_eq!(sum(&|e| e.shard_down), report.errors.shard_down);
    assert_eq!(sum(&|e| e.queue_full), report.errors.queue_full);
    assert_eq!(sum(&|e| e.timeout), report.errors.timeout);
    // The dead master's drops are on the database and on shard 2, from its second on.
    let db = node_index(&report, NodeKind::Database);
    for loads in &report.loads {
        let on_db = loads.nodes[db].dropped.shard_down;
        let on_shard: u64 = loads.shards.iter().map(|s| s.dropped.shard_down).sum();
        assert_eq!(on_db, on_shard, "second {}", loads.t_s);
        assert_eq!(loads.shards[2].dropped.shard_down, on_shard);
        assert_eq!(loads.shards[2].up, loads.t_s < 3, "second {}", loads.t_s);
        if loads.t_s < 3 {
            assert_eq!(on_db, 0);
        }
    }
    assert!(report.loads[4].nodes[db].dropped.shard_down > 0);
}

#[test]
fn a_hot_key_lights_its_shard_only_in_its_seconds() {
    let mut design = preset_design("link-shortener");
    design.faults = vec![Fault {
        at_s: 4.0,
        kind: FaultKind::HotKey {
            share: 0.3,
            duration_s: 4.0,
        },
    }];
    let report = simulate(&design, 1_000, 8, 12.0).expect("simulates");
    // Each second's busiest shard (the lowest index on ties) and its share over the mean share,
    // read from the shards as the per-shard plot gets them.
    let hot: Vec<(u32, f64)> = (0..report.loads.len())
        .map(|t| {
            let shards = report.shards_at(t).expect("a second");
            let top = shards
                .iter()
                .fold(None::<&ShardLoad>, |best, s| match best {
                    Some(b) if b.share >= s.share => Some(b),
                    _ => Some(s),
                })
                .expect("shards");
            (top.shard, top.share * shards.len() as f64)
        })
        .collect();
    let during = hot[5];
    for (t, second) in hot.iter().enumerate().take(8).skip(4) {
        assert_eq!(second.0, during.0, "second {t}");
        assert!(second.1 > 1.5, "second {t}: {second:?}");
    }
    for t in [1, 2, 10] {
        assert!(
            hot[t].1 < hot[5].1 - 0.3,
            "second {t}: {:?} against {during:?}",
            hot[t]
        );
    }
    // A second's shards read as the run's do: the same shards, hosts and order.
    let at = report.shards_at(5).expect("second 5");
    assert_eq!(at.len(), report.outcome.shards.len());
    for (second, run) in at.iter().zip(&report.outcome.shards) {
        assert_eq!((second.shard, &second.host), (run.shard, &run.host));
    }
    assert!(report.shards_at(report.loads.len()).is_none());
    // The worst second is one of the hot key's.
    let worst = report.worst_second().expect("a second");
    assert!((4..8).contains(&worst), "{worst}");
    // The run's average dilutes the hot key over the quiet seconds.
    let average = report.outcome.hottest_shard.expect("shards").over_mean;
    assert!(average < during.1, "{average} against {during:?}");
}

#[test]
fn a_run_without_loads_reports_the_same_figures() {
    let design = preset_design("pinterest");
    let with = simulate(&design, 2_000, 4, 5.0).expect("simulates");
    let mut run = Simulation::new(&design, 2_000, 4, 5.0)
        .expect("sets up")
        .without_loads();
    while !run.step(10_000).is_done() {}
    let without = run.finish();
    assert!(without.loads.is_empty());
    assert_eq!(
        SimReport {
            loads: Vec::new(),
            ..with
        },
        without
    );
}
