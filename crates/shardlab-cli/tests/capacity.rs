//! `shardlab capacity`, run as a reader would: its text and JSON, a design file with faults, and
//! every bad argument as one `error:` line.
//!
//! Runs are a couple of simulated seconds and one or two seeds, so the suite stays quick in a
//! debug build; the core's own tests hold the figure against the simulation.

// Helpers outside #[test] functions are not covered by clippy.toml's allow-expect-in-tests; a
// failed expect here is a failed test, which is what it should be.
#![allow(clippy::expect_used)]

mod support;

use shardlab_core::sim::preset;
use support::shardlab;

/// A short search of one big box: two seeds of two simulated seconds.
const QUICK: [&str; 7] = [
    "capacity",
    "--preset",
    "one-big-box",
    "--seeds",
    "2",
    "--duration",
    "2",
];

#[test]
fn the_text_leads_with_the_figure_and_its_seeds() {
    let run = shardlab(&QUICK);
    let text = run.ok();
    let first = text.lines().next().unwrap_or_default();
    assert!(first.starts_with("≈ "), "{text}");
    assert!(
        first.contains(" users, simulated, 2 seeds, first to saturate: the "),
        "{text}"
    );
    for label in [
        "design ",
        "target ",
        "figure ",
        "saturates ",
        "estimate ",
        "runs ",
        "seeds",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(label)),
            "{label}: {text}"
        );
    }
    assert!(text.contains("target      Apdex ≥ 0.85"), "{text}");
}

#[test]
fn the_json_holds_the_figure_its_spread_and_each_seed() {
    let mut args = QUICK.to_vec();
    args.extend(["--p99-ms", "2000", "--json"]);
    let value = shardlab(&args).json();
    let users = value["users"].as_u64().expect("users");
    assert!(users > 1_000, "{value}");
    assert!(value["lowest"].as_u64() <= Some(users) && Some(users) <= value["highest"].as_u64());
    assert_eq!(value["bound"], "found");
    assert_eq!(value["target"]["max_p99_ms"], 2000.0);
    let seeds = value["seeds"].as_array().expect("seeds");
    assert_eq!(seeds.len(), 2);
    assert_eq!(seeds[0]["seed"], 1);
    assert!(value["sentence"]
        .as_str()
        .is_some_and(|s| s.contains("2 seeds")));
    assert!(value["rounded"]["step"].as_u64().is_some());
    assert!(value["simulations"].as_u64() >= Some(2));
}

#[test]
fn faults_on_the_timeline_are_left_out_and_said_so() {
    let mut design = preset("one-big-box").expect("preset").design;
    design
        .faults
        .push(serde_json::from_str(r#"{"at_s": 1, "kind": "cache_flush"}"#).expect("a fault"));
    let path = std::env::temp_dir().join(format!("shardlab-capacity-{}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_vec(&design).expect("JSON")).expect("written");
    let file = path.to_str().expect("UTF-8");
    let run = shardlab(&["capacity", file, "--seeds", "1", "--duration", "2"]);
    let _ = std::fs::remove_file(&path);
    let text = run.ok();
    assert!(
        text.contains(
            "faults      the 1 injected faults on the timeline are not part of this figure"
        ),
        "{text}"
    );
}

#[test]
fn bad_arguments_are_one_error_line() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["--apdex", "1.5"],
            "the Apdex target is 1.5; accepted 0 … 1",
        ),
        (
            &["--apdex", "-0.1"],
            "the Apdex target is -0.1; accepted 0 … 1",
        ),
        (
            &["--p99-ms", "0"],
            "the p99 target is 0 ms; accepted more than 0",
        ),
        (
            &["--p99-ms", "-3"],
            "the p99 target is -3 ms; accepted more than 0",
        ),
        (&["--seeds", "0"], "seeds is 0; accepted 1 … 20"),
        (&["--seeds", "21"], "seeds is 21; accepted 1 … 20"),
        (
            &["--duration", "0.5"],
            "duration is 0.5 s; accepted 1 … 3,600 s",
        ),
        (&["--seeds", "many"], "--seeds"),
        (&["--apdex", "NaN"], "the Apdex target is NaN"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["capacity", "--preset", "one-big-box"];
        args.extend(extra);
        let line = shardlab(&args).error().to_owned();
        assert!(line.contains(expected), "{extra:?}: {line}");
    }
    let none = shardlab(&["capacity"]).error().to_owned();
    assert!(none.contains("give --preset NAME"), "{none}");
    let unknown = shardlab(&["capacity", "--preset", "nope"])
        .error()
        .to_owned();
    assert!(unknown.contains("unknown preset \"nope\""), "{unknown}");
}
