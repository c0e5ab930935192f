//! `shardlab place`'s scheme metrics (issue 21 §3), run as a reader would.

#![allow(clippy::expect_used)]

mod support;

use serde_json::Value;
use shardlab_core::placement::SchemeKind;
use support::shardlab;

/// `place --json` for 4 → 5 servers and 100,000 keys: the default case.
fn default_case(scheme: &str) -> Value {
    shardlab(&[
        "--json",
        "place",
        "--scheme",
        scheme,
        "--servers",
        "4",
        "--add",
        "1",
        "--keys",
        "100000",
    ])
    .json()
}

fn number(value: &Value, path: &[&str]) -> f64 {
    path.iter()
        .fold(value, |v, key| &v[*key])
        .as_f64()
        .unwrap_or_else(|| panic!("{path:?} is a number in {value}"))
}

#[test]
fn every_scheme_reports_the_metric_set() {
    for scheme in SchemeKind::ALL.map(SchemeKind::name) {
        let value = default_case(scheme);
        let metrics = &value["metrics"];
        assert_eq!(metrics["scheme"], scheme);
        assert_eq!(metrics["servers"], 4);
        assert_eq!(metrics["keys"], 100_000);
        assert!(
            number(metrics, &["balance", "max_over_fair"]) >= 1.0,
            "{scheme}"
        );
        assert!(number(metrics, &["balance", "stddev_over_fair"]) >= 0.0);
        assert!(metrics["state_bytes"].is_u64());
        assert!(metrics["unmeasured"].as_array().is_some_and(Vec::is_empty));
        for (change, after) in [("add_one", 5), ("remove_one", 3)] {
            let side = &metrics[change];
            assert_eq!(side["servers_after"], after, "{scheme} {change}");
            for field in ["moved_fraction", "minimum_fraction"] {
                assert!(side[field].is_f64(), "{scheme} {change} {field}");
            }
            assert!(side["monotonicity"]["violations"].is_u64());
            assert!(side["balance"]["max_over_fair"].is_f64());
        }
        // The change's own report is still there, unchanged.
        assert_eq!(value["servers_after"], 5);
    }
}

#[test]
fn mod_is_not_monotone_and_the_monotone_schemes_are() {
    let modulo = default_case("mod");
    let add = &modulo["metrics"]["add_one"];
    assert!(
        (number(add, &["moved_fraction"]) - 0.8).abs() < 0.01,
        "{add}"
    );
    assert!(
        (number(add, &["moved_over_minimum"]) - 4.0).abs() < 0.05,
        "{add}"
    );
    assert!((number(add, &["monotonicity", "fraction"]) - 0.6).abs() < 0.01);
    for scheme in ["ring", "jump", "rendezvous", "multi-probe"] {
        let metrics = &default_case(scheme)["metrics"];
        for change in ["add_one", "remove_one"] {
            assert_eq!(metrics[change]["monotonicity"]["violations"], 0, "{scheme}");
        }
        assert_eq!(metrics["remove_one"]["moved_over_minimum"], 1.0, "{scheme}");
    }
    // Maglev moves a small share between backends that both stayed.
    let maglev = &default_case("maglev")["metrics"];
    let share = number(maglev, &["add_one", "monotonicity", "fraction"]);
    assert!(share > 0.0 && share < 0.05, "{maglev}");
}

#[test]
fn memory_per_server_follows_the_structure() {
    for (scheme, per_server) in [
        ("mod", 0.0),
        ("jump", 0.0),
        ("ring", 1_920.0),
        ("maglev", 65_537.0),
        ("multi-probe", 12.0),
    ] {
        let metrics = &default_case(scheme)["metrics"];
        assert_eq!(
            number(metrics, &["state_bytes_per_server"]),
            per_server,
            "{scheme}"
        );
    }
}

#[test]
fn the_text_shows_a_short_table_and_where_lookup_time_is() {
    let text = shardlab(&[
        "place",
        "--scheme",
        "mod",
        "--servers",
        "4",
        "--add",
        "1",
        "--keys",
        "100000",
    ])
    .ok()
    .to_owned();
    assert!(
        text.contains("metrics over 4 servers, 100,000 keys (lookup time is in BENCHMARKS.md)"),
        "{text}"
    );
    let add = text
        .lines()
        .find(|line| line.starts_with("add one (5)"))
        .expect("an add row");
    assert!(add.contains("80.1 %") && add.contains("20.0 %"), "{add}");
    assert!(
        text.lines().any(|l| l.starts_with("remove one (3)")),
        "{text}"
    );
    assert!(text.contains("memory: 0 bytes per server"), "{text}");
    // One server: nothing to remove, and the table says so.
    let one = shardlab(&[
        "place",
        "--scheme",
        "ring",
        "--servers",
        "1",
        "--add",
        "1",
        "--keys",
        "1000",
    ])
    .ok()
    .to_owned();
    assert!(
        one.contains("No server can be removed: one server must remain."),
        "{one}"
    );
}

#[test]
fn no_metrics_leaves_them_out() {
    let value = shardlab(&[
        "--json",
        "place",
        "--scheme",
        "jump",
        "--servers",
        "4",
        "--add",
        "1",
        "--keys",
        "1000",
        "--no-metrics",
    ])
    .json();
    assert!(value.get("metrics").is_none(), "{value}");
    assert!(value["moved_fraction"].is_f64());
}

#[test]
fn metrics_over_the_budget_are_one_error_line_naming_the_limit() {
    // 100,000 keys at 1,000 probes fit one change (2 × 10^8 probes), not the metrics' two.
    let args = [
        "place",
        "--scheme",
        "multi-probe",
        "--probes",
        "1000",
        "--servers",
        "4",
        "--add",
        "1",
        "--keys",
        "100000",
    ];
    let line = shardlab(&args).error().to_owned();
    assert!(
        line.contains("100,000 keys × 1000 probes × 4 is over 200,000,000")
            && line.contains("--no-metrics"),
        "{line}"
    );
    // That the same run fits without its metrics is the core's budget test
    // (`the_metrics_cost_twice_a_place_run`); run here, it takes minutes in a debug build.
    // Rendezvous over 10 servers: 5,000,001 keys × 40 scores.
    let line = shardlab(&[
        "place",
        "--scheme",
        "rendezvous",
        "--servers",
        "10",
        "--remove",
        "1",
        "--keys",
        "5000001",
    ])
    .error()
    .to_owned();
    assert!(line.contains("5,000,001 keys × 40 scores"), "{line}");
}
