//! `shardlab cures`, run as a reader would.

#![allow(clippy::expect_used)]

mod support;

use support::shardlab;

#[test]
fn a_hot_key_stands_out_and_the_cures_that_split_it_bring_it_down() {
    let args = [
        "--json",
        "cures",
        "--servers",
        "8",
        "--zipf",
        "1.2",
        "--seed",
        "2015",
    ];
    let value = shardlab(&args).json();
    let share = value["hottest"]["share"].as_f64().expect("a share");
    assert!(share > 0.15, "{value}");
    let floor = value["one_owner_floor"].as_f64().expect("a floor");
    assert!((floor - share * 8.0).abs() < 1e-9);
    let rows = value["rows"].as_array().expect("rows");
    let peak = |cure: &str| {
        rows.iter()
            .find(|r| r["cure"] == cure)
            .and_then(|r| r["result"]["loads"]["max_over_mean"].as_f64())
            .expect("the cure's row")
    };
    assert_eq!(rows.len(), 5);
    for one_owner in ["none", "more-vnodes"] {
        assert!(peak(one_owner) >= floor, "{one_owner}: {value}");
    }
    assert!(peak("bounded-loads") <= 1.25);
    assert!(peak("two-choices") < peak("none"));
    assert!(peak("salted") < peak("none"));
    let text = shardlab(&args[1..]).ok().to_owned();
    assert!(
        text.contains("hottest key:") && text.contains("bounded-loads (c 1.25)"),
        "{text}"
    );
}

#[test]
fn bad_settings_are_refused_with_their_ranges() {
    for (flag, value, says) in [
        ("--zipf", "3.5", "from 0 (every key alike) to 3"),
        ("--load-factor", "0.9", "from 1 to"),
        ("--sub-keys", "0", "1 to 1000 sub-keys"),
        ("--requests", "0", "--requests must be 1 … 2,000,000"),
        ("--vnodes", "0", "between 1 and 1000"),
    ] {
        let mut args = vec!["cures", "--servers", "4"];
        if flag != "--zipf" {
            args.extend(["--zipf", "1"]);
        }
        args.extend([flag, value]);
        let line = shardlab(&args).error().to_owned();
        assert!(line.contains(says), "{flag} {value}: {line}");
    }
    // At 1000 vnodes the "more vnodes" row has nowhere to go, and says so.
    let text = shardlab(&["cures", "--servers", "4", "--zipf", "1", "--vnodes", "1000"])
        .ok()
        .to_owned();
    assert!(text.contains("is the most a ring takes"), "{text}");
}
