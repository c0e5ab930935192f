//! The lab's behaviour: each fault's naive answer does harm and its fixes do not.

use super::*;
use crate::layout::{format_unix_ms, BitLayout, Field, FieldRole, Preset, TimeBase};

fn run(preset: Preset, fault: Fault, policy: Policy) -> LabReport {
    let scenario = Scenario::new(fault, policy);
    let Ok(report) = run_lab(&preset.layout(), &scenario, LAB_SEED) else {
        unreachable!()
    };
    report
}

fn clock() -> Fault {
    FaultKind::ClockStepBack.example()
}

#[test]
fn the_naive_clock_step_makes_duplicates_and_both_fixes_make_none() {
    let naive = run(Preset::Snowflake, clock(), Policy::Trust);
    assert!(naive.duplicates > 0, "{naive:?}");
    // Only generator 0's clock stepped back, so it reissued its own IDs of 400 … 499 ms.
    assert!(naive
        .examples
        .iter()
        .all(|d| d.first_by == 0 && d.again_by == 0));
    assert!(naive
        .examples
        .iter()
        .all(|d| (400..500).contains(&d.first_at_ms) && d.again_at_ms >= 500));
    assert!(naive.out_of_order > 0);
    assert_eq!(naive.examples.len(), MAX_DUPLICATE_EXAMPLES);
    let window_dups: u64 = naive.windows.iter().map(|w| w.duplicates).sum();
    assert_eq!(window_dups, naive.duplicates);

    let waited = run(Preset::Snowflake, clock(), Policy::WaitOut);
    assert_eq!((waited.duplicates, waited.out_of_order), (0, 0));
    // It waits until its clock is back at the last tick used (499 ms), where its sequence
    // goes on: 500 … 598 ms, 99 ms.
    assert_eq!(waited.waited_ms, 99);
    assert_eq!(waited.refused, 0);

    let refused = run(Preset::Snowflake, clock(), Policy::Refuse);
    assert_eq!(refused.duplicates, 0);
    assert!(refused.refused > 0);
    // The same load: what the naive run issued, the refusing one issued or refused.
    assert_eq!(naive.requested, refused.requested);
    for report in [&naive, &waited, &refused] {
        assert_eq!(
            report.requested,
            report.issued + report.refused + report.pending,
            "{report:?}"
        );
    }
}

#[test]
fn a_burst_wraps_into_duplicates_or_stalls_without_them() {
    let burst = FaultKind::Burst.example();
    let wrapped = run(Preset::Snowflake, burst, Policy::Wrap);
    assert_eq!(wrapped.capacity_per_tick, 4096);
    // 5,000 IDs in a tick of 4,096 sequence numbers: at least 904 repeats per generator.
    assert!(wrapped.duplicates >= 4 * 904, "{}", wrapped.duplicates);
    assert!(wrapped
        .examples
        .iter()
        .all(|d| d.first_by == d.again_by && d.first_at_ms == d.again_at_ms));
    assert_eq!(wrapped.stalled_ticks, 0);

    let stalled = run(Preset::Snowflake, burst, Policy::Stall);
    assert_eq!(stalled.duplicates, 0);
    assert_eq!(stalled.stalled_ticks, 4);
    assert_eq!(stalled.issued, stalled.requested);
    assert_eq!(wrapped.requested, stalled.requested);
}

#[test]
fn a_shared_worker_id_collides_and_unique_ids_do_not() {
    let shared = run(Preset::Discord, Fault::SharedWorker, Policy::AsGiven);
    assert_eq!(shared.workers, [0, 0, 1, 2]);
    assert_eq!(shared.shared_workers, 1);
    assert!(shared.duplicates > 0);
    assert!(shared
        .examples
        .iter()
        .all(|d| d.first_by.max(d.again_by) == 1));
    let unique = run(Preset::Discord, Fault::SharedWorker, Policy::Unique);
    assert_eq!(unique.workers, [0, 1, 2, 3]);
    assert_eq!((unique.duplicates, unique.shared_workers), (0, 0));
}

#[test]
fn random_worker_ids_collide_as_often_as_the_birthday_numbers_say() {
    let fault = FaultKind::RandomWorkers.example();
    // 32 draws of 1,024 IDs: computed 1 − ∏(1 − i/1024) ≈ 38.70 %.
    let odds = birthday(32, 10, 20_000, LAB_SEED).unwrap_or_else(|_| unreachable!());
    assert!((odds.computed - 0.3870).abs() < 0.0001, "{}", odds.computed);
    assert!((odds.measured() - odds.computed).abs() < 0.015, "{odds:?}");
    let unique = run(Preset::Snowflake, fault, Policy::Unique);
    assert_eq!((unique.duplicates, unique.shared_workers), (0, 0));
    // Some seed among the first few draws a shared ID, and then its IDs collide.
    let collided = (0..20).find_map(|seed| {
        let scenario = Scenario::new(fault, Policy::AsGiven);
        let report = run_lab(&Preset::Snowflake.layout(), &scenario, seed).ok()?;
        (report.shared_workers > 0).then_some(report)
    });
    let Some(collided) = collided else {
        unreachable!("twenty draws at 39 % each all missed")
    };
    assert!(collided.duplicates > 0);
}

#[test]
fn birthday_of_two_among_1024_is_one_in_1024_computed_and_measured() {
    let odds = birthday(2, 10, 200_000, 7).unwrap_or_else(|_| unreachable!());
    assert_eq!(odds.computed, 1.0 / 1024.0);
    // 200,000 trials at p = 1/1024: σ ≈ 0.00007; allow 4σ.
    assert!(
        (odds.measured() - odds.computed).abs() < 0.000_28,
        "{odds:?}"
    );
    let one = birthday(1, 10, 10, 7).unwrap_or_else(|_| unreachable!());
    assert_eq!((one.computed, one.collided), (0.0, 0));
    let certain = birthday(3, 1, 100, 7).unwrap_or_else(|_| unreachable!());
    assert_eq!((certain.computed, certain.collided), (1.0, 100));
}

#[test]
fn snowflake_runs_out_in_2080_and_instagram_turns_negative_in_2046() {
    let Some(snowflake) = rollover(&Preset::Snowflake.layout()) else {
        unreachable!()
    };
    // 2^41 ms ≈ 69.7 years after 2010-11-04; the sign bit keeps the ID positive throughout.
    let ends = snowflake
        .runs_out_ms
        .map(format_unix_ms)
        .unwrap_or_default();
    assert_eq!(ends, "2080-07-10T17:30:30.209Z");
    assert_eq!(snowflake.negative_ms, None);
    let Some(instagram) = rollover(&Preset::Instagram.layout()) else {
        unreachable!()
    };
    // Instagram's 41 bits sit at the top: bit 63 is set after 2^40 ms, half the span.
    let negative = instagram
        .negative_ms
        .map(format_unix_ms)
        .unwrap_or_default();
    assert!(negative.starts_with("2046-"), "{negative}");
    assert!(instagram
        .runs_out_ms
        .map(format_unix_ms)
        .unwrap_or_default()
        .starts_with("2081-"));
    assert_eq!(rollover(&Preset::Pinterest.layout()), None);
    let Some(sonyflake) = rollover(&Preset::Sonyflake.layout()) else {
        unreachable!()
    };
    // 2^39 ticks of 10 ms ≈ 174 years after 2014.
    assert!(sonyflake
        .runs_out_ms
        .map(format_unix_ms)
        .unwrap_or_default()
        .starts_with("2188-"));
    let whole = BitLayout::new(vec![Field::timestamp("t", 64, TimeBase::UNIX_MS)])
        .unwrap_or_else(|_| unreachable!());
    let Some(whole) = rollover(&whole) else {
        unreachable!()
    };
    assert_eq!(whole.runs_out_ms, None);
    assert!(whole.reaches_sign_bit());
}

#[test]
fn issued_ids_past_2_to_53_are_counted_as_rounded_by_number() {
    let report = run(Preset::Snowflake, clock(), Policy::WaitOut);
    // A Snowflake ID of 2023 has 61 significant bits, so a double keeps it only when its low 8
    // bits, the low bits of its sequence, are 0: sequence 0 survives, the others round.
    assert!(report.number.count > 0 && report.number.count < report.issued);
    let Some((id, rounding)) = &report.number.first else {
        unreachable!()
    };
    assert_eq!(64 - id.leading_zeros(), 61);
    assert_ne!(id & 0xFF, 0);
    assert!(!rounding.exact());
    assert_eq!(
        rounding.nearest,
        u128::from(*id).wrapping_add_signed(rounding.error)
    );
}

#[test]
fn bad_parameters_are_refused_with_their_range() {
    let message = |result: Result<Fault, LabError>| result.err().map(|e| e.to_string());
    assert_eq!(
        message(Fault::clock_step_back(5, 0)).as_deref(),
        Some("the step back (ms) is 1 … 10,000; 0 is not")
    );
    assert_eq!(
        message(Fault::random_workers(65)).as_deref(),
        Some("the number of generators is 2 … 64; 65 is not")
    );
    assert!(message(Fault::burst(0)).is_some());
    let late = Scenario::new(
        Fault::ClockStepBack {
            at_ms: 1_000,
            by_ms: 10,
        },
        Policy::Trust,
    );
    let error = late
        .check()
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert_eq!(error, "the step's time (ms) is 0 … 999; 1,000 is not");
    let huge = Scenario::new(Fault::Burst { per_tick: 30_000 }, Policy::Stall);
    let error = huge
        .check()
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert_eq!(
        error,
        "the burst (IDs per tick) is 1 … 23,000; 30,000 is not"
    );
    // 64 generators at up to 2 IDs per ms for a second could ask for 128,000 IDs.
    let crowded = Scenario::new(Fault::RandomWorkers { generators: 64 }, Policy::AsGiven);
    let error = crowded
        .check()
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert_eq!(error, "the number of generators is 2 … 50; 64 is not");
    let mismatched = Scenario::new(clock(), Policy::Stall);
    assert!(matches!(
        mismatched.check(),
        Err(LabError::PolicyDoesNotApply { .. })
    ));
    assert_eq!(
        run_lab(
            &Preset::Pinterest.layout(),
            &Scenario::new(clock(), Policy::Trust),
            1
        ),
        Err(LabError::NoTimestamp)
    );
    // One worker bit cannot tell four generators apart.
    let narrow = BitLayout::new(vec![
        Field::timestamp("t", 41, TimeBase::UNIX_MS),
        Field::new("w", 1, FieldRole::Worker),
        Field::new("s", 12, FieldRole::Sequence),
    ])
    .unwrap_or_else(|_| unreachable!());
    let error = run_lab(&narrow, &Scenario::new(clock(), Policy::Trust), 1)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert_eq!(
        error,
        "4 generators need 4 distinct worker IDs, but 1 worker bits hold 2"
    );
}

#[test]
fn one_seed_gives_one_report_and_names_round_trip() {
    let a = run(Preset::Sonyflake, clock(), Policy::Trust);
    let b = run(Preset::Sonyflake, clock(), Policy::Trust);
    assert_eq!(a, b);
    assert_eq!(a.unit_ms, 10);
    assert_eq!(a.windows.len(), 40);
    for kind in FaultKind::ALL {
        assert_eq!(FaultKind::from_name(kind.name()), Some(kind));
        assert_eq!(kind.example().kind(), kind);
        let fault = kind.example();
        assert_eq!(Scenario::new(fault, fault.naive()).check(), Ok(()));
        assert_eq!(Scenario::new(fault, fault.fix()).check(), Ok(()));
    }
    for policy in Policy::ALL {
        assert_eq!(Policy::from_name(policy.name()), Some(policy));
    }
}

#[test]
fn all_lists_every_fault_once() {
    crate::assert_lists_every_variant!(
        FaultKind,
        FaultKind::ALL,
        [ClockStepBack, Burst, SharedWorker, RandomWorkers]
    );
}

#[test]
fn all_lists_every_policy_once() {
    crate::assert_lists_every_variant!(
        Policy,
        Policy::ALL,
        [Trust, WaitOut, Refuse, Wrap, Stall, AsGiven, Unique]
    );
}
