//! Unit tests of the simulator that need its internals: one station alone against Erlang C.

use super::*;
use crate::sim::queueing::mmc_mean_response;
use crate::sim::reference::erlang_c_check;

/// A model with only the App Server tier (see [`crate::sim::reference`]).
fn app_only(servers: u32, service_s: f64, rho: f64) -> Model {
    crate::sim::reference::app_tier_only(servers, service_s, rho).expect("a stable queue")
}

fn check_within(servers: u32, rho: f64, requests: f64, tolerance: f64) {
    let c = erlang_c_check(servers, rho, requests, 42).expect("runs");
    let mean_err = (c.des_mean_ms - c.erlang_mean_ms).abs() / c.erlang_mean_ms;
    let p99_err = (c.des_p99_ms - c.erlang_p99_ms).abs() / c.erlang_p99_ms;
    println!(
        "M/M/{servers} rho={rho}: {} requests; mean {:.4} ms vs Erlang C {:.4} ms ({:+.2} %); \
         p99 {:.3} ms vs {:.3} ms ({:+.2} %)",
        c.requests,
        c.des_mean_ms,
        c.erlang_mean_ms,
        100.0 * (c.des_mean_ms / c.erlang_mean_ms - 1.0),
        c.des_p99_ms,
        c.erlang_p99_ms,
        100.0 * (c.des_p99_ms / c.erlang_p99_ms - 1.0),
    );
    assert!(c.requests >= 1_000_000, "{} requests", c.requests);
    assert!(
        mean_err < tolerance,
        "mean off by {:.2} %",
        mean_err * 100.0
    );
    assert!(p99_err < tolerance, "p99 off by {:.2} %", p99_err * 100.0);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "1 M requests; run with --release")]
fn app_tier_matches_erlang_c_at_rho_0_8() {
    check_within(8, 0.8, 1.05e6, 0.03);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "1 M requests; run with --release")]
fn app_tier_matches_erlang_c_at_rho_0_5() {
    check_within(4, 0.5, 1.05e6, 0.03);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "1 M requests; run with --release")]
fn single_server_matches_erlang_c_at_rho_0_7() {
    // One server relaxes slowly, so its p99 needs more requests to settle.
    check_within(1, 0.7, 3.0e6, 0.03);
}

#[test]
fn small_run_conserves_and_is_near_theory() {
    // A quick debug-friendly version: 100 k requests, looser bound.
    let model = app_only(8, 0.000_5, 0.8);
    let lambda = model.arrival_rate;
    let mut sim = Simulation::from_model(model, 3, 100_000.0 / lambda).expect("sim");
    while !sim.step(10_000).is_done() {}
    let r = sim.report();
    assert_eq!(r.requests, r.completed + r.errors.total());
    let theory = mmc_mean_response(8, lambda, 2_000.0) * 1_000.0;
    assert!(
        (r.outcome.mean_ms - theory).abs() / theory < 0.08,
        "{} vs {}",
        r.outcome.mean_ms,
        theory
    );
}

#[test]
fn heap_pops_in_key_order_under_random_load() {
    use rand::Rng;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut heap = heap::EventQueue::with_capacity(4);
    let mut popped = Vec::new();
    let mut seq = 0u64;
    for round in 0..20_000u64 {
        let pushes = 1 + rng.next_u64() % 3;
        for _ in 0..pushes {
            let time = (rng.next_u64() % 1_000) as f64 + round as f64;
            heap.push(Event {
                time_bits: time.to_bits(),
                order: seq << 2,
                a: 0,
                b: 0,
            });
            seq += 1;
        }
        for _ in 0..(rng.next_u64() % 3) {
            if let Some(e) = heap.pop() {
                popped.push((e.time_bits, e.order));
            }
        }
        // Keys popped between pushes need not be globally sorted, only each pop the minimum;
        // check that by draining at the end.
    }
    let mut drained = Vec::new();
    while let Some(e) = heap.pop() {
        drained.push((e.time_bits, e.order));
    }
    assert!(drained.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(popped.len() + drained.len(), seq as usize);
}

#[test]
fn events_are_ordered_by_time_then_sequence() {
    let mut heap = heap::EventQueue::with_capacity(4);
    let event = |time: f64, seq: u64| Event {
        time_bits: time.to_bits(),
        order: (seq << 2) | EventKind::FaultEnd as u64,
        a: 0,
        b: 0,
    };
    heap.push(event(2.0, 0));
    heap.push(event(1.0, 2));
    heap.push(event(1.0, 1));
    heap.push(event(0.5e-300, 3));
    let order: Vec<(f64, u64, EventKind)> =
        std::iter::from_fn(|| heap.pop().map(|e| (e.time(), e.order >> 2, e.kind()))).collect();
    let kind = EventKind::FaultEnd;
    assert_eq!(
        order,
        vec![
            (0.5e-300, 3, kind),
            (1.0, 1, kind),
            (1.0, 2, kind),
            (2.0, 0, kind)
        ]
    );
}

#[test]
fn power_walk_stays_within_a_tiny_fraction_of_the_exact_power() {
    for s in [0.0, 0.5, 0.9, 1.0, 1.3, 2.0, 3.0] {
        for last in [1u32, 255, 256, 300, 5_000, 100_000, 1_600_000] {
            let mut walk = PowerWalk::new(s, last);
            let mut worst: f64 = 0.0;
            for rank in (1..=last).rev() {
                let (power, exact) = walk.next(rank);
                let truth = exact_power(rank, s);
                if exact {
                    assert_eq!(power.to_bits(), truth.to_bits(), "s={s} rank={rank}");
                }
                worst = worst.max((power - truth).abs() / truth);
            }
            // The prewarm band must dwarf this error, or a decision could differ.
            assert!(worst < 1e-12, "s={s} last={last}: relative error {worst:e}");
            assert!(worst * 100.0 < PREWARM_BAND, "s={s} last={last}");
        }
    }
}

/// The prewarm as it was first written: every share computed exactly.
fn exact_prewarm(model: &Model, seed: u64) -> Lru {
    let params = model.cache.clone().expect("a cache");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut lru = Lru::new(
        model.catalogue_objects,
        params.capacity_objects,
        params.ttl_s,
    );
    let n = model.catalogue_objects;
    let s = model.zipf_exponent;
    let total = Harmonic::new(s).at(u64::from(n));
    let reads = model.arrival_rate * model.read_fraction;
    for rank in (1..=n.min(params.capacity_objects)).rev() {
        let share = libm::exp(-s * libm::log(f64::from(rank))) / total;
        let per_ttl = reads * share * params.ttl_s;
        let present = per_ttl / (1.0 + per_ttl);
        let draw = unit(&mut rng);
        let age = unit(&mut rng) * params.ttl_s;
        if draw < present {
            lru.put(rank, -age);
        }
    }
    lru
}

#[test]
fn prewarm_holds_the_same_objects_as_computing_every_share_exactly() {
    use crate::sim::design::NodeSettings;
    for (s, seed) in [(0.9, 1), (0.6, 2), (1.0, 3), (1.4, 4)] {
        let mut design = crate::sim::presets::preset("pinterest")
            .expect("preset")
            .design;
        for node in &mut design.nodes {
            if let NodeSettings::Users(u) = &mut node.settings {
                u.zipf_exponent = s;
            }
        }
        let model = compile(&design, 4_000).expect("compiles");
        let mut expected = exact_prewarm(&model, seed);
        let sim = Simulation::from_model(model.clone(), seed, 10.0).expect("sim");
        let mut got = sim.cache.clone().expect("a cache");
        assert_eq!(got.len(), expected.len(), "s={s}");
        assert!(got.len() > 1_000, "s={s}: {} entries", got.len());
        // Same members; the same draws (checked by the run fixtures) then put them in the same
        // recency order.
        for rank in 1..=model.catalogue_objects {
            assert_eq!(
                got.get(rank, 0.0),
                expected.get(rank, 0.0),
                "s={s} rank={rank}"
            );
        }
    }
}

#[test]
fn heap_pops_the_minimum_every_time_against_a_sorted_set() {
    use rand::Rng;
    use std::collections::BTreeSet;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut heap = heap::EventQueue::with_capacity(4);
    let mut model = BTreeSet::new();
    let mut seq = 0u64;
    for round in 0..50_000u64 {
        // Sizes wander between empty and a few hundred, so every partial bottom row occurs.
        let pushes = rng.next_u64() % 4;
        for _ in 0..pushes {
            // Few distinct times, so ties on time are common and the sequence must break them.
            let time = (rng.next_u64() % 64) as f64 + (round / 8) as f64;
            let event = Event {
                time_bits: time.to_bits(),
                order: seq << 2,
                a: u32::try_from(seq % 1_000).unwrap(),
                b: 0,
            };
            heap.push(event);
            model.insert((event.time_bits, event.order, event.a));
            seq += 1;
        }
        for _ in 0..(rng.next_u64() % 4) {
            let got = heap.pop().map(|e| (e.time_bits, e.order, e.a));
            assert_eq!(got, model.pop_first(), "round {round}");
        }
    }
    while let Some(expected) = model.pop_first() {
        assert_eq!(
            heap.pop().map(|e| (e.time_bits, e.order, e.a)),
            Some(expected)
        );
    }
    assert!(heap.pop().is_none());
}

#[test]
fn the_second_p99_equals_a_histogram_of_every_value() {
    use rand::Rng;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let new = || Histogram::<u64>::new_with_bounds(1, HISTOGRAM_MAX_US, 2).unwrap();
    let mut rounding = new();
    // Sizes around the rank's rounding points (n = 100, 101, …), spreads from a few buckets to
    // values beyond the histogram's bound, which recording clamps.
    for n in [1usize, 2, 99, 100, 101, 199, 200, 201, 1_000, 8_123] {
        for spread in [10u64, 1_000, 100_000, HISTOGRAM_MAX_US * 4] {
            let mut values: Vec<u64> = (0..n).map(|_| 1 + rng.next_u64() % spread).collect();
            let mut whole = new();
            for v in &values {
                whole.saturating_record(*v);
            }
            let expected = whole.value_at_quantile(0.99);
            assert_eq!(
                second_p99_us(&mut values, &mut rounding),
                expected,
                "n {n}, spread {spread}"
            );
            assert!(rounding.is_empty());
        }
    }
    assert_eq!(second_p99_us(&mut [], &mut rounding), 0);
}

#[test]
fn a_second_that_spills_its_raw_latencies_reports_the_same_p99() {
    use rand::Rng;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let new = || Histogram::<u64>::new_with_bounds(1, HISTOGRAM_MAX_US, 2).unwrap();
    let mut second = OpenSecond {
        index: 0,
        arrivals: 0,
        completed: 0,
        errors: 0,
        latency_us: Vec::new(),
        histogram: new(),
    };
    // Below, at and past the cap, and past it twice (two spills).
    for n in [
        10,
        SECOND_RAW_CAP,
        SECOND_RAW_CAP + 1,
        2 * SECOND_RAW_CAP + 7,
    ] {
        let mut whole = new();
        for _ in 0..n {
            let v = 1 + rng.next_u64() % 50_000;
            whole.saturating_record(v);
            second.record(v);
        }
        let expected = whole.value_at_quantile(0.99) as f64 / 1_000.0;
        assert_eq!(second.close().p99_ms, expected, "n {n}");
        assert!(second.latency_us.is_empty() && second.histogram.is_empty());
    }
    assert_eq!(second.close().p99_ms, 0.0);
}
