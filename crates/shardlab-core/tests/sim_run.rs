//! Simulation behaviour: determinism, conservation, hot shards, faults, and agreement with the
//! estimate. Loads are kept small so the suite stays quick in debug builds.

// Test helpers panic on purpose: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use shardlab_core::sim::model::{DB_WRITE_S, HOP_S};
use shardlab_core::sim::*;
use shardlab_core::stepped::Stepped;

fn preset_design(name: &str) -> Design {
    preset(name).expect("preset exists").design
}

fn db_settings(design: &mut Design) -> &mut DatabaseSettings {
    design
        .nodes
        .iter_mut()
        .find_map(|n| {
            if let NodeSettings::Database(d) = &mut n.settings {
                Some(d)
            } else {
                None
            }
        })
        .expect("database node")
}

fn users_settings(design: &mut Design) -> &mut UsersSettings {
    design
        .nodes
        .iter_mut()
        .find_map(|n| {
            if let NodeSettings::Users(u) = &mut n.settings {
                Some(u)
            } else {
                None
            }
        })
        .expect("users node")
}

fn run(design: &Design, users: u32, seed: u64, duration_s: f64) -> SimReport {
    simulate(design, users, seed, duration_s).expect("simulates")
}

fn conserved(r: &SimReport) {
    assert_eq!(r.requests, r.completed + r.errors.total(), "conservation");
    let arrivals: u64 = r.series.iter().map(|s| s.arrivals).sum();
    let completed: u64 = r.series.iter().map(|s| s.completed).sum();
    let errors: u64 = r.series.iter().map(|s| s.errors).sum();
    assert_eq!(arrivals, r.requests);
    assert_eq!(completed, r.completed);
    assert_eq!(errors, r.errors.total());
}

#[test]
fn same_seed_same_report_and_slicing_does_not_matter() {
    let mut design = preset_design("pinterest");
    design.faults = vec![
        Fault {
            at_s: 3.0,
            kind: FaultKind::MasterDown { shard: 2 },
        },
        Fault {
            at_s: 4.0,
            kind: FaultKind::TrafficSpike {
                factor: 2.0,
                duration_s: 2.0,
            },
        },
        Fault {
            at_s: 5.0,
            kind: FaultKind::ShardSplit { shard: 1 },
        },
        Fault {
            at_s: 6.0,
            kind: FaultKind::CacheFlush,
        },
        Fault {
            at_s: 6.5,
            kind: FaultKind::HotKey {
                share: 0.2,
                duration_s: 1.0,
            },
        },
    ];
    let a = run(&design, 800, 7, 10.0);
    let b = run(&design, 800, 7, 10.0);
    let json_a = serde_json::to_string(&a).expect("serialises");
    assert_eq!(json_a, serde_json::to_string(&b).expect("serialises"));

    let mut sliced = Simulation::new(&design, 800, 7, 10.0).expect("valid");
    let mut last = 0.0;
    loop {
        let p = sliced.step(997);
        assert!(p.fraction() >= last && p.fraction() <= 1.0);
        assert_eq!(p, sliced.progress());
        last = p.fraction();
        if p.is_done() {
            break;
        }
    }
    assert_eq!(last, 1.0);
    assert_eq!(
        json_a,
        serde_json::to_string(&sliced.report()).expect("serialises")
    );
    assert_eq!(
        json_a,
        serde_json::to_string(&sliced.finish()).expect("serialises")
    );

    let other = run(&design, 800, 8, 10.0);
    assert_ne!(json_a, serde_json::to_string(&other).expect("serialises"));
    conserved(&a);
}

#[test]
fn every_preset_conserves_requests() {
    for name in PRESET_NAMES {
        let r = run(&preset_design(name), 500, 1, 10.0);
        conserved(&r);
        assert!(r.requests > 1_000, "{name}: {}", r.requests);
        assert!(
            r.outcome.apdex > 0.9 && r.outcome.apdex <= 1.0,
            "{name}: {}",
            r.outcome.apdex
        );
        assert!(r.outcome.p50_ms <= r.outcome.p95_ms && r.outcome.p95_ms <= r.outcome.p99_ms);
        assert!(r.events >= r.requests);
        assert!(!r.latency_cdf.is_empty());
        assert!(r.outcome.burn_per_s > 0.0);
        assert!((r.outcome.burn_per_month - r.outcome.burn_per_s * 3_600.0 * 730.5).abs() < 1e-9);
    }
}

#[test]
fn overload_errors_are_counted_once() {
    // Far past the App Server's capacity: queues fill and time out, and nothing is lost.
    let design = preset_design("one-big-box");
    let r = run(&design, 20_000, 3, 5.0);
    conserved(&r);
    assert!(r.outcome.error_rate > 0.3, "{}", r.outcome.error_rate);
    assert!(r.errors.queue_full + r.errors.timeout > 0);
    assert!(r.outcome.apdex < 0.7);
    let e = estimate(&design, 20_000).expect("estimates");
    assert!(!e.stable);
    assert!(e.outcome.error_rate > 0.3, "{}", e.outcome.error_rate);
    assert_eq!(e.bottleneck.as_deref(), Some("app"));
}

#[test]
fn hashing_by_a_skewed_user_makes_a_hot_shard() {
    let mut design = preset_design("pinterest");
    users_settings(&mut design).user_skew = 1.2;
    let even = run(&design, 1_000, 2, 10.0);
    db_settings(&mut design).shard_key = ShardKey::HashUser;
    let skewed = run(&design, 1_000, 2, 10.0);
    let even_hot = even.outcome.hottest_shard.expect("shards").over_mean;
    let skewed_hot = skewed
        .outcome
        .hottest_shard
        .clone()
        .expect("shards")
        .over_mean;
    assert!(even_hot < 1.3, "id-encoded should be even: {even_hot}");
    assert!(
        skewed_hot > 1.8,
        "hash of skewed users should be hot: {skewed_hot}"
    );
    // The estimate sees the same hot shard.
    let est = estimate(&design, 1_000).expect("estimates");
    let est_hot = est.outcome.hottest_shard.expect("shards");
    assert_eq!(
        Some(est_hot.shard),
        skewed.outcome.hottest_shard.as_ref().map(|h| h.shard)
    );
}

#[test]
fn range_by_time_makes_the_last_shard_hot() {
    let mut design = preset_design("link-shortener");
    db_settings(&mut design).shard_key = ShardKey::RangeTime;
    let r = run(&design, 1_000, 4, 10.0);
    let hot = r.outcome.hottest_shard.expect("shards");
    assert_eq!(hot.shard, 14);
    assert!(hot.over_mean > 3.0, "{}", hot.over_mean);
    let e = estimate(&design, 1_000).expect("estimates");
    assert_eq!(e.outcome.hottest_shard.map(|h| h.shard), Some(14));
}

#[test]
fn master_down_without_failover_errors_until_the_end() {
    let mut design = preset_design("pinterest");
    let base = run(&design, 1_000, 5, 20.0);
    design.faults = vec![Fault {
        at_s: 5.0,
        kind: FaultKind::MasterDown { shard: 0 },
    }];
    let down = run(&design, 1_000, 5, 20.0);
    conserved(&down);
    assert_eq!(base.errors.shard_down, 0);
    assert!(down.errors.shard_down > 0);
    assert!(down.outcome.error_rate > base.outcome.error_rate);
    assert!(!down.outcome.shards[0].up);
    // Errors continue in the last second of arrivals.
    assert!(down.series[18].errors > 0, "{:?}", down.series[18]);
    assert_eq!(down.series[3].errors, 0);

    db_settings(&mut design).auto_failover = true;
    let failover = run(&design, 1_000, 5, 20.0);
    conserved(&failover);
    assert!(failover.outcome.shards[0].up);
    assert!(failover.errors.shard_down > 0);
    assert!(failover.errors.shard_down < down.errors.shard_down);
    // After the 10 s gap the standby serves: no errors in the last seconds.
    assert_eq!(failover.series[18].errors, 0, "{:?}", failover.series[18]);
}

#[test]
fn cache_flush_lowers_the_hit_rate_and_loads_the_shards() {
    let mut design = preset_design("pinterest");
    let base = run(&design, 1_000, 6, 20.0);
    design.faults = vec![Fault {
        at_s: 5.0,
        kind: FaultKind::CacheFlush,
    }];
    let flushed = run(&design, 1_000, 6, 20.0);
    conserved(&flushed);
    let (hb, hf) = (
        base.outcome.cache_hit_rate.expect("cache"),
        flushed.outcome.cache_hit_rate.expect("cache"),
    );
    assert!(hf < hb - 0.02, "{hf} vs {hb}");
    let db = |r: &SimReport| {
        r.outcome
            .nodes
            .iter()
            .find(|n| n.id == "db")
            .map(|n| n.requests_per_s)
    };
    assert!(db(&flushed) > db(&base));
}

#[test]
fn a_hot_key_heats_its_shard() {
    let mut design = preset_design("link-shortener");
    let base = run(&design, 1_000, 8, 10.0);
    design.faults = vec![Fault {
        at_s: 1.0,
        kind: FaultKind::HotKey {
            share: 0.3,
            duration_s: 8.0,
        },
    }];
    let hot = run(&design, 1_000, 8, 10.0);
    conserved(&hot);
    let b = base.outcome.hottest_shard.expect("shards").share;
    let h = hot.outcome.hottest_shard.expect("shards").share;
    assert!(h > b + 0.15, "{h} vs {b}");
}

#[test]
fn a_traffic_spike_raises_arrivals_and_latency() {
    let mut design = preset_design("one-big-box");
    let base = run(&design, 2_000, 9, 20.0);
    design.faults = vec![Fault {
        at_s: 5.0,
        kind: FaultKind::TrafficSpike {
            factor: 3.0,
            duration_s: 5.0,
        },
    }];
    let spiked = run(&design, 2_000, 9, 20.0);
    conserved(&spiked);
    let window = |r: &SimReport| r.series[5..10].iter().map(|s| s.arrivals).sum::<u64>() as f64;
    let ratio = window(&spiked) / window(&base);
    assert!(ratio > 2.7 && ratio < 3.3, "{ratio}");
    assert!(spiked.outcome.offered_rps > base.outcome.offered_rps);
    let peak_p99 = |r: &SimReport| r.series[5..10].iter().map(|s| s.p99_ms).fold(0.0, f64::max);
    assert!(peak_p99(&spiked) > peak_p99(&base));
}

#[test]
fn a_shard_split_adds_a_host_cools_the_shard_and_costs_more() {
    let mut design = preset_design("pinterest");
    db_settings(&mut design).shard_key = ShardKey::HashUser;
    users_settings(&mut design).user_skew = 1.2;
    let base = run(&design, 1_000, 10, 20.0);
    let hot = base.outcome.hottest_shard.clone().expect("shards").shard;
    design.faults = vec![Fault {
        at_s: 2.0,
        kind: FaultKind::ShardSplit { shard: hot },
    }];
    let split = run(&design, 1_000, 10, 20.0);
    conserved(&split);
    assert_eq!(split.outcome.shards.len(), base.outcome.shards.len() + 1);
    assert!(split.outcome.burn_per_s > base.outcome.burn_per_s);
    let before = base.outcome.shards[hot as usize].share;
    let after = split.outcome.shards[hot as usize].share + split.outcome.shards[8].share;
    assert!(split.outcome.shards[hot as usize].share < before);
    // The rows moved, not vanished: the pair carries about what the one host did.
    assert!((after - before).abs() < 0.05, "{after} vs {before}");
}

#[test]
fn estimate_agrees_with_the_simulation_on_the_presets() {
    for name in PRESET_NAMES {
        let design = preset_design(name);
        let users = 1_000;
        let e = estimate(&design, users).expect("estimates");
        let s = run(&design, users, 11, 30.0);
        let close = |a: f64, b: f64, tol: f64| (a - b).abs() <= tol * b.max(1e-9);
        assert!(
            close(e.outcome.p50_ms, s.outcome.p50_ms, 0.15),
            "{name} p50 {} vs {}",
            e.outcome.p50_ms,
            s.outcome.p50_ms
        );
        assert!(
            close(e.outcome.p99_ms, s.outcome.p99_ms, 0.25),
            "{name} p99 {} vs {}",
            e.outcome.p99_ms,
            s.outcome.p99_ms
        );
        assert!(
            close(e.outcome.throughput_rps, s.outcome.throughput_rps, 0.05),
            "{name} throughput"
        );
        assert!(
            (e.outcome.apdex - s.outcome.apdex).abs() < 0.02,
            "{name} apdex"
        );
        if let (Some(eh), Some(sh)) = (e.outcome.cache_hit_rate, s.outcome.cache_hit_rate) {
            assert!((eh - sh).abs() < 0.06, "{name} hit {eh} vs {sh}");
        }
        assert!(e.caption().starts_with("At 1,000 users the estimate"));
        assert!(s.caption().contains("(T = "));
    }
}

#[test]
fn bad_run_parameters_are_refused() {
    let design = preset_design("pinterest");
    assert!(matches!(
        simulate(&design, 100, 1, 0.5),
        Err(SimError::Duration { .. })
    ));
    assert!(matches!(
        simulate(&design, 100, 1, f64::NAN),
        Err(SimError::Duration { .. })
    ));
    let too_much = simulate(&design, 1_000_000, 1, 3_600.0);
    assert!(matches!(too_much, Err(SimError::TooMuchWork { .. })));
    // The counts read as the rest of the page writes numbers: with thousands separators.
    let text = too_much.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        text.contains("accepts at most 20,000,000.") && !text.contains("00000"),
        "{text}"
    );
}

/// One small shard behind an App Server, no cache, so every read reaches the database: 250
/// users at one request a second each, 90 % reads, on a small (2-core) master with a standby
/// and auto-failover.
fn one_small_shard() -> Design {
    serde_json::from_str(
        r#"{"version": 1, "nodes": [
            {"id": "users", "settings": {"kind": "users", "count": 250, "read_fraction": 0.9}},
            {"id": "app", "settings": {"kind": "app_server", "size": "large", "copies": 2}},
            {"id": "db", "settings": {"kind": "database", "shards": 1, "size": "small",
                                      "standby": true, "auto_failover": true}}],
            "edges": [{"from": "users", "to": "app"}, {"from": "app", "to": "db"}]}"#,
    )
    .expect("the design reads")
}

#[test]
fn read_replicas_take_reads_off_the_master() {
    let mut design = one_small_shard();
    let none = run(&design, 250, 12, 20.0);
    let estimated_none = estimate(&design, 250).expect("estimates");
    db_settings(&mut design).read_replicas = 2;
    let two = run(&design, 250, 12, 20.0);
    let estimated_two = estimate(&design, 250).expect("estimates");
    conserved(&two);
    let master = |r: &Outcome| (r.shards[0].utilisation, r.shards[0].requests_per_s);
    let ((busy_none, rate_none), (busy_two, rate_two)) =
        (master(&none.outcome), master(&two.outcome));
    // 225 reads and 25 writes a second: with two replicas the master keeps a third of the reads
    // and every write, 100 a second, and its cores go from about 0.86 busy to about 0.39.
    assert!(busy_two < 0.55 * busy_none, "{busy_none} → {busy_two}");
    assert!(
        (rate_two - 100.0).abs() < 8.0 && rate_none > 230.0,
        "{rate_none} → {rate_two}"
    );
    assert!(two.outcome.p99_ms < 0.5 * none.outcome.p99_ms);
    // The estimate goes the same way, by about as much.
    let (est_none, _) = master(&estimated_none.outcome);
    let (est_two, _) = master(&estimated_two.outcome);
    assert!((est_two - busy_two).abs() < 0.03, "{est_two} vs {busy_two}");
    assert!(
        (est_none - busy_none).abs() < 0.03,
        "{est_none} vs {busy_none}"
    );
    assert!(estimated_two.outcome.p99_ms < 0.5 * estimated_none.outcome.p99_ms);
    // The whole shard still carries every request; the replicas are billed like the master.
    assert!((two.outcome.shards[0].share - 1.0).abs() < 1e-12);
    let small = prices::per_second(prices::database_per_hour(
        DbEngine::Mysql,
        InstanceSize::Small,
    ));
    let extra = two.outcome.burn_per_s - none.outcome.burn_per_s;
    assert!((extra - 2.0 * small).abs() < 1e-12, "{extra}");
}

#[test]
fn sync_replication_raises_write_latency() {
    let mut design = one_small_shard();
    users_settings(&mut design).read_fraction = 0.0;
    let asynchronous = run(&design, 100, 13, 20.0);
    let estimated_async = estimate(&design, 100).expect("estimates");
    db_settings(&mut design).replication = Replication::Sync;
    let synchronous = run(&design, 100, 13, 20.0);
    let estimated_sync = estimate(&design, 100).expect("estimates");
    conserved(&synchronous);
    // Each write waits a hop and the standby's apply (12.5 ms on a small box): about 13 ms more
    // on average, and the tail (87 → 107 ms here) rises with it.
    let wait_ms = (HOP_S + DB_WRITE_S / InstanceSize::Small.speed()) * 1e3;
    let added = synchronous.outcome.mean_ms - asynchronous.outcome.mean_ms;
    assert!(
        (added - wait_ms).abs() < 0.25 * wait_ms,
        "{added} vs {wait_ms}"
    );
    assert!(
        synchronous.outcome.p99_ms > asynchronous.outcome.p99_ms + 0.5 * wait_ms,
        "{} vs {}",
        synchronous.outcome.p99_ms,
        asynchronous.outcome.p99_ms
    );
    // The master's cores are not held while it waits.
    let busy = |r: &SimReport| r.outcome.shards[0].utilisation;
    assert!((busy(&synchronous) - busy(&asynchronous)).abs() < 0.05);
    let added = estimated_sync.outcome.mean_ms - estimated_async.outcome.mean_ms;
    assert!((added - wait_ms).abs() < 1e-6, "{added} vs {wait_ms}");
    assert!(estimated_sync.outcome.p99_ms > estimated_async.outcome.p99_ms + 0.5 * wait_ms);
}

/// The first and one past the last second in which requests failed.
fn error_window(r: &SimReport) -> (u32, u32) {
    let mut failing = r.series.iter().filter(|s| s.errors > 0).map(|s| s.t_s);
    let first = failing.next().expect("some errors");
    let last = failing.next_back().unwrap_or(first);
    (first, last + 1)
}

#[test]
fn a_failovers_errors_last_its_detection_and_promotion() {
    let at_s = 5.0;
    for (detect, promote) in [(2, 3), (5, 5), (1, 12)] {
        let mut design = preset_design("pinterest");
        let db = db_settings(&mut design);
        db.auto_failover = true;
        db.failover_detect_s = detect;
        db.failover_promote_s = promote;
        design.faults = vec![Fault {
            at_s,
            kind: FaultKind::MasterDown { shard: 0 },
        }];
        let r = run(&design, 1_000, 14, 30.0);
        conserved(&r);
        assert_eq!(r.errors.shard_down, r.errors.total(), "{:?}", r.errors);
        assert!(r.outcome.shards[0].up);
        let gap = f64::from(detect + promote);
        let (first, end) = error_window(&r);
        assert!(
            (f64::from(first) - at_s).abs() <= 1.0,
            "{detect} + {promote}: {first}"
        );
        assert!(
            (f64::from(end) - (at_s + gap)).abs() <= 1.0,
            "{detect} + {promote}: errors until {end}"
        );
    }
}

#[test]
fn replicas_go_on_serving_reads_while_their_master_is_down() {
    let mut design = one_small_shard();
    design.faults = vec![Fault {
        at_s: 5.0,
        kind: FaultKind::MasterDown { shard: 0 },
    }];
    let alone = run(&design, 150, 16, 30.0);
    db_settings(&mut design).read_replicas = 2;
    let replicated = run(&design, 150, 16, 30.0);
    conserved(&replicated);
    // Only the writes and the master's third of the reads fail: 0.1 + 0.9 / 3 of the window's.
    let ratio = replicated.errors.shard_down as f64 / alone.errors.shard_down as f64;
    assert!((ratio - 0.4).abs() < 0.05, "{ratio}");
    assert_eq!(error_window(&replicated), error_window(&alone));
}

#[test]
fn a_failover_under_async_replication_serves_stale_reads() {
    let mut design = one_small_shard();
    let calm = run(&design, 150, 15, 30.0);
    design.faults = vec![Fault {
        at_s: 5.0,
        kind: FaultKind::MasterDown { shard: 0 },
    }];
    let asynchronous = run(&design, 150, 15, 30.0);
    db_settings(&mut design).replication = Replication::Sync;
    let synchronous = run(&design, 150, 15, 30.0);
    // The master's last second of writes (about 15 objects) is lost, and reads of those rows
    // after the promotion are stale until each is written again; a sync standby has them all.
    assert_eq!(calm.stale_reads, 0);
    assert!(
        asynchronous.stale_reads > 10,
        "{}",
        asynchronous.stale_reads
    );
    assert_eq!(synchronous.stale_reads, 0);
    assert!(serde_json::to_string(&asynchronous)
        .expect("serialises")
        .contains("\"stale_reads\":"));
    assert!(!serde_json::to_string(&calm)
        .expect("serialises")
        .contains("stale_reads"));
}

/// The Pinterest board with a reshard of shard 0 at 5 s, rows of `row_bytes` and the copy at
/// `copy_mb_s`.
fn resharded(row_bytes: u32, copy_mb_s: u32) -> Design {
    let mut design = preset_design("pinterest");
    let db = db_settings(&mut design);
    db.row_bytes = row_bytes;
    db.copy_mb_s = copy_mb_s;
    design.faults = vec![Fault {
        at_s: 5.0,
        kind: FaultKind::Reshard { shard: 0 },
    }];
    design
}

fn only_reshard(report: &SimReport) -> &ReshardReport {
    assert_eq!(report.reshards.len(), 1, "one reshard");
    &report.reshards[0]
}

#[test]
fn a_reshards_copy_lasts_its_bytes_over_its_throttle() {
    // 500,000 objects over 4,096 logical shards; shard 0 holds 0 … 511 and moves 256 … 511, so
    // 500,000 × 256 / 4,096 = 31,250 rows. At 32,000 bytes that is 1.0 GB, 5 s at 200 MB/s.
    for (row_bytes, copy_mb_s) in [(32_000, 200), (16_000, 50), (1_024, 2)] {
        let design = resharded(row_bytes, copy_mb_s);
        let report = run(&design, 1_000, 3, 30.0);
        conserved(&report);
        let reshard = only_reshard(&report);
        let bill = &reshard.bill;
        assert_eq!(bill.rows, 31_250);
        assert_eq!(bill.bytes, 31_250 * u64::from(row_bytes));
        let expected_s = bill.bytes as f64 / (f64::from(copy_mb_s) * 1e6);
        assert_eq!(bill.rate_mb_s, f64::from(copy_mb_s));
        assert!(!bill.limited_by_target());
        let window = reshard.cutover_s - reshard.copy_start_s;
        assert!(
            (window - expected_s).abs() < 1.0,
            "{window} s vs {expected_s} s"
        );
        assert_eq!(reshard.copy_start_s, 5.0);
        assert!(!reshard.outlasts_run);
        let after = reshard.after.as_ref().expect("a cutover inside the run");
        assert_eq!(after.from_s, reshard.cutover_s);
        assert_eq!(reshard.during.to_s, reshard.cutover_s);
        // The new host serves nothing until the cutover, then the moved range.
        assert_eq!(reshard.during.target_requests_per_s, 0.0);
        assert!(after.target_requests_per_s > 0.0);
        // The phases split the run's requests between them.
        let phases = [&reshard.before, &reshard.during, after];
        let arrivals: u64 = phases.iter().map(|p| p.arrivals).sum();
        let completed: u64 = phases.iter().map(|p| p.completed).sum();
        assert_eq!((arrivals, completed), (report.requests, report.completed));
    }
}

#[test]
fn the_copy_loads_the_source_and_the_cutover_halves_it() {
    let report = run(&resharded(32_000, 200), 4_000, 3, 20.0);
    let reshard = only_reshard(&report);
    let after = reshard.after.as_ref().expect("a cutover inside the run");
    let (before, during) = (&reshard.before, &reshard.during);
    assert!(
        during.source_utilisation > before.source_utilisation + 0.05,
        "{} → {}",
        before.source_utilisation,
        during.source_utilisation
    );
    assert!(after.source_utilisation < before.source_utilisation);
    // Half the range moved, so about half the requests.
    let kept = after.source_requests_per_s / before.source_requests_per_s;
    assert!((0.4..0.6).contains(&kept), "{kept}");
    let moved = after.target_requests_per_s / before.source_requests_per_s;
    assert!((0.4..0.6).contains(&moved), "{moved}");
    // The new host is on the report's shard list, and billed from the copy's start.
    assert_eq!(report.outcome.shards.len(), 9);
    assert_eq!(reshard.bill.to, report.outcome.shards[8].host);
    let plain = run(&preset_design("pinterest"), 4_000, 3, 20.0);
    assert!(report.outcome.burn_per_s > plain.outcome.burn_per_s);
}

#[test]
fn a_faster_throttle_copies_sooner_but_hurts_p99_more() {
    let slow = run(&resharded(32_000, 100), 4_000, 3, 20.0);
    let fast = run(&resharded(32_000, 350), 4_000, 3, 20.0);
    let (slow, fast) = (only_reshard(&slow), only_reshard(&fast));
    assert!(fast.bill.seconds < slow.bill.seconds);
    assert!(fast.cutover_s < slow.cutover_s);
    assert!(fast.bill.source_share > slow.bill.source_share);
    assert!(
        fast.during.p99_ms > slow.during.p99_ms,
        "{} ms vs {} ms",
        fast.during.p99_ms,
        slow.during.p99_ms
    );
    assert!(fast.during.source_utilisation > slow.during.source_utilisation);
    // The same seed before the copy: the throttle changes nothing until it starts.
    assert_eq!(fast.before, slow.before);
}

#[test]
fn a_throttle_past_what_the_new_host_writes_is_capped_there() {
    // A medium host: 4 cores × 0.9 × 100 MB/s writes = 360 MB/s.
    let report = run(&resharded(32_000, 2_000), 1_000, 3, 10.0);
    let bill = &only_reshard(&report).bill;
    assert!(bill.limited_by_target());
    assert!((bill.rate_mb_s - 360.0).abs() < 1e-9, "{}", bill.rate_mb_s);
    assert_eq!(bill.target_share, 1.0);
    assert!((bill.source_share - 0.5).abs() < 1e-9);
    assert!(
        bill.text().contains("the throttle is 2000 MB/s"),
        "{}",
        bill.text()
    );
}

#[test]
fn a_copy_that_outlasts_the_run_says_so_and_moves_nothing() {
    // 31,250 rows of 1 MiB at 1 MB/s: about nine hours.
    let report = run(&resharded(1_048_576, 1), 1_000, 3, 10.0);
    conserved(&report);
    let reshard = only_reshard(&report);
    assert!(reshard.outlasts_run);
    assert!(reshard.after.is_none());
    assert!(reshard.cutover_s > 3_600.0);
    assert_eq!(
        reshard.during.to_s,
        report.duration_s.max(reshard.during.to_s)
    );
    assert_eq!(reshard.during.target_requests_per_s, 0.0);
    // The new host exists (and costs) but never served.
    assert_eq!(report.outcome.shards[8].requests_per_s, 0.0);
    let json = serde_json::to_string(&report).expect("serialises");
    assert!(json.contains(r#""outlasts_run":true"#), "{json}");
}

#[test]
fn a_run_without_a_reshard_reports_none() {
    let report = run(&preset_design("pinterest"), 500, 3, 5.0);
    assert!(report.reshards.is_empty());
    let json = serde_json::to_string(&report).expect("serialises");
    assert!(!json.contains("reshards"), "{json}");
    // A reshard after the run's arrivals never starts.
    let mut late = resharded(32_000, 200);
    late.faults[0].at_s = 6.0;
    assert!(run(&late, 500, 3, 5.0).reshards.is_empty());
}

#[test]
fn the_boards_split_moves_what_the_decoders_split_moves() {
    use shardlab_core::layout::{default_table, Preset};
    // The same operation from two sides: the config table's split of MySQL001A and the board's
    // reshard of shard 0 name the same range and the same two hosts.
    let layout = Preset::Pinterest.layout();
    let table = default_table(Preset::Pinterest, &layout).expect("a table");
    let split = table.split_host("MySQL001A").expect("splits");
    let bill = reshard_bill(&preset_design("pinterest"), 0)
        .expect("a valid design")
        .expect("shard 0 splits");
    assert_eq!(u64::from(bill.moved_start), split.moved_start);
    assert_eq!(u64::from(bill.moved_end), split.moved_end);
    assert_eq!(bill.from, split.from.master);
    assert_eq!(bill.to, split.to.master);
    assert_eq!(
        bill.moved_text(),
        "logical shards 256 … 511 move from MySQL001A to MySQL009A"
    );
    // The run's bill is the one shown before it.
    let report = run(&resharded(1_024, 200), 500, 3, 10.0);
    assert_eq!(only_reshard(&report).bill, bill);
    assert!(reshard_bill(&preset_design("pinterest"), 8)
        .expect("a valid design")
        .is_none());
}

#[test]
fn the_error_window_spans_the_failovers_gap_and_nothing_else() {
    use shardlab_core::sim::{Fault, FaultKind, NodeSettings};
    let mut design = preset("pinterest").expect("a preset").design;
    assert_eq!(
        simulate(&design, 4_000, 1, 60.0)
            .expect("runs")
            .error_window(),
        None,
        "a healthy run has no errors"
    );
    for node in &mut design.nodes {
        if let NodeSettings::Database(d) = &mut node.settings {
            d.auto_failover = true;
            d.failover_detect_s = 4;
            d.failover_promote_s = 8;
        }
    }
    design.faults.push(Fault {
        at_s: 10.0,
        kind: FaultKind::MasterDown { shard: 2 },
    });
    let report = simulate(&design, 4_000, 1, 60.0).expect("runs");
    let (first, last) = report.error_window().expect("errors");
    // From the death to the promotion, 10 … 22 s, within one simulated second.
    assert!((10..=11).contains(&first), "{first}");
    assert!((21..=22).contains(&last), "{last}");
}
