//! `shardlab locate` and `shardlab place`, run as a reader would.

// Helpers outside #[test] functions are not covered by clippy.toml's allow-expect-in-tests; a
// failed expect here is a failed test, which is what it should be.
#![allow(clippy::expect_used)]

mod support;

use serde_json::json;
use shardlab_core::placement::SchemeKind;
use support::shardlab;

#[test]
fn jump_matches_the_published_reference_vector() {
    // Lamping & Veach's jump hash with key 256 over 1024 buckets: bucket 520.
    let value = shardlab(&[
        "--json",
        "locate",
        "--scheme",
        "jump",
        "--servers",
        "1024",
        "256",
    ])
    .json();
    assert_eq!(
        value,
        json!({"scheme": "jump", "key": "256", "owner": 520, "hash": "256", "servers": 1024})
    );
    let text = shardlab(&["locate", "--scheme", "jump", "--servers", "1024", "256"])
        .ok()
        .to_owned();
    assert!(text.contains("owner   server 520"), "{text}");
}

#[test]
fn every_scheme_locates_a_string_key_within_its_servers() {
    // Every scheme the core has, by its own name, and one name in capitals.
    let names = SchemeKind::ALL.map(SchemeKind::name);
    for scheme in names.into_iter().chain(["RING"]) {
        let value = shardlab(&[
            "--json",
            "locate",
            "--scheme",
            scheme,
            "--servers",
            "7",
            "user:42",
        ])
        .json();
        let owner = value["owner"].as_u64().expect("owner is a number");
        assert!(owner < 7, "{scheme}: {owner}");
        assert_eq!(value["key"], "user:42");
        // The key's hash is a 64-bit value, so a string like IDs.
        assert!(value["hash"].is_string());
    }
}

#[test]
fn mod_of_a_numeric_key_is_plain_arithmetic() {
    let value = shardlab(&[
        "--json",
        "locate",
        "--scheme",
        "mod",
        "--servers",
        "5",
        "42",
    ])
    .json();
    assert_eq!(value["owner"], 2);
}

#[test]
fn mod_four_to_five_moves_about_eighty_percent() {
    let value = shardlab(&[
        "--json",
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
    .json();
    let moved = value["moved_fraction"].as_f64().expect("a number");
    assert!((0.78..=0.82).contains(&moved), "{moved}");
    assert_eq!(value["scheme"], "mod");
    assert_eq!(value["servers_before"], 4);
    assert_eq!(value["servers_after"], 5);
    assert_eq!(value["keys"], 100_000);
    let ideal = value["ideal_fraction"].as_f64().expect("a number");
    assert!((ideal - 0.2).abs() < 1e-9, "{ideal}");
    // Exactly the contract's keys.
    let mut keys: Vec<&str> = value
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "ideal_fraction",
            "keys",
            "load_after",
            "load_before",
            "metrics",
            "monotonicity",
            "moved",
            "moved_fraction",
            "resize_balance",
            "scheme",
            "servers_after",
            "servers_before"
        ]
    );
    for side in ["load_before", "load_after"] {
        assert!(value[side]["max_over_mean"].is_f64(), "{side}");
        assert!(value[side]["stddev_over_mean"].is_f64(), "{side}");
    }
}

#[test]
fn ring_four_to_five_moves_about_a_fifth() {
    let value = shardlab(&[
        "--json",
        "place",
        "--scheme",
        "ring",
        "--servers",
        "4",
        "--add",
        "1",
        "--keys",
        "100000",
    ])
    .json();
    let moved = value["moved_fraction"].as_f64().expect("a number");
    assert!((0.15..=0.25).contains(&moved), "{moved}");
}

#[test]
fn removing_works_for_every_scheme() {
    for scheme in SchemeKind::ALL.map(SchemeKind::name) {
        let value = shardlab(&[
            "--json",
            "place",
            "--scheme",
            scheme,
            "--servers",
            "5",
            "--remove",
            "1",
            "--keys",
            "2000",
        ])
        .json();
        assert_eq!(value["servers_after"], 4, "{scheme}");
    }
}

#[test]
fn the_same_seed_gives_identical_json() {
    let args = [
        "--json",
        "place",
        "--scheme",
        "ring",
        "--servers",
        "6",
        "--add",
        "2",
        "--keys",
        "20000",
        "--vnodes",
        "50",
        "--seed",
        "42",
    ];
    let first = shardlab(&args).ok().to_owned();
    let second = shardlab(&args).ok().to_owned();
    assert_eq!(first, second);
    let mut other_seed = args;
    if let Some(seed) = other_seed.last_mut() {
        *seed = "43";
    }
    assert_ne!(shardlab(&other_seed).ok(), first);
}

#[test]
fn place_text_reads_as_a_sentence() {
    let text = shardlab(&[
        "place",
        "--scheme",
        "jump",
        "--servers",
        "4",
        "--add",
        "1",
        "--keys",
        "200000",
    ])
    .ok()
    .to_owned();
    assert!(text.contains("% of 200,000 keys (ideal 20.0 %)"), "{text}");
    assert!(text.contains("max/mean"), "{text}");
}

#[test]
fn bad_locate_arguments_are_one_line_errors() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["locate", "--scheme", "modulo", "--servers", "3", "k"],
            "no placement scheme",
        ),
        (
            &["locate", "--scheme", "ring", "--servers", "0", "k"],
            "--servers must be",
        ),
        (
            &["locate", "--scheme", "ring", "--servers", "10001", "k"],
            "--servers must be",
        ),
        (
            &[
                "locate",
                "--scheme",
                "ring",
                "--servers",
                "99999999999999",
                "k",
            ],
            "--servers must be",
        ),
        (
            &[
                "locate",
                "--scheme",
                "ring",
                "--servers",
                "3",
                "--vnodes",
                "0",
                "k",
            ],
            "--vnodes must be",
        ),
        (
            &[
                "locate",
                "--scheme",
                "ring",
                "--servers",
                "3",
                "--vnodes",
                "1001",
                "k",
            ],
            "--vnodes must be",
        ),
        // 10,000 servers × 1000 vnodes is past the core's ring-size limit.
        (
            &[
                "locate",
                "--scheme",
                "ring",
                "--servers",
                "10000",
                "--vnodes",
                "1000",
                "k",
            ],
            "virtual nodes",
        ),
        (
            &["locate", "--scheme", "ring", "--servers", "3", ""],
            "key is empty",
        ),
        (
            &["locate", "--scheme", "ring", "--servers", "three", "k"],
            "invalid value",
        ),
    ];
    for (args, expected) in cases {
        let run = shardlab(args);
        let line = run.error();
        assert!(line.contains(expected), "{args:?}: {line}");
    }
}

#[test]
fn bad_place_arguments_are_one_line_errors() {
    let base = ["place", "--scheme", "ring", "--servers", "4"];
    let cases: [(&[&str], &str); 9] = [
        (&["--remove", "4", "--keys", "10"], "would leave no server"),
        (&["--remove", "99", "--keys", "10"], "would leave no server"),
        (&["--add", "1", "--keys", "0"], "--keys must be"),
        (&["--add", "1", "--keys", "10000001"], "--keys must be"),
        (&["--add", "0", "--keys", "10"], "at least 1"),
        (&["--add", "9997", "--keys", "10"], "10000"),
        (&["--keys", "10"], "required"),
        (
            &["--add", "1", "--remove", "1", "--keys", "10"],
            "cannot be used with",
        ),
        (&["--add", "1"], "required"),
    ];
    for (extra, expected) in cases {
        let args: Vec<&str> = base.iter().chain(extra.iter()).copied().collect();
        let run = shardlab(&args);
        let line = run.error();
        assert!(line.contains(expected), "{args:?}: {line}");
    }
}

#[test]
fn place_guards_the_expensive_schemes() {
    let rendezvous = shardlab(&[
        "place",
        "--scheme",
        "rendezvous",
        "--servers",
        "10000",
        "--remove",
        "1",
        "--keys",
        "10000000",
    ]);
    assert!(rendezvous.error().contains("rendezvous"));
    let directory = shardlab(&[
        "place",
        "--scheme",
        "directory",
        "--servers",
        "4",
        "--add",
        "1",
        "--keys",
        "10000000",
    ]);
    assert!(directory.error().contains("directory"));
}

#[test]
fn maglev_takes_a_prime_table_size_and_reports_it() {
    let value = shardlab(&[
        "--json",
        "locate",
        "--scheme",
        "maglev",
        "--servers",
        "3",
        "--table-size",
        "13",
        "5",
    ])
    .json();
    // A plain decimal key is its own hash: slot 5 of the 13.
    assert_eq!(value["table_size"], 13);
    assert_eq!(value["hash"], "5");
    let default = shardlab(&["locate", "--scheme", "maglev", "--servers", "3", "5"])
        .ok()
        .to_owned();
    assert!(default.contains("a table of 65,537 slots"), "{default}");

    let not_prime = shardlab(&[
        "locate",
        "--scheme",
        "maglev",
        "--servers",
        "3",
        "--table-size",
        "65536",
        "5",
    ]);
    let message = not_prime.error();
    assert!(
        message.contains("65536") && message.contains("prime"),
        "{message}"
    );
    let too_few = shardlab(&[
        "locate",
        "--scheme",
        "maglev",
        "--servers",
        "20",
        "--table-size",
        "13",
        "5",
    ]);
    assert!(
        too_few.error().contains("of at least 20"),
        "{}",
        too_few.stderr
    );
}

#[test]
fn removing_one_of_ten_maglev_backends_moves_about_a_tenth() {
    let value = shardlab(&[
        "--json",
        "place",
        "--scheme",
        "maglev",
        "--servers",
        "10",
        "--remove",
        "1",
        "--keys",
        "100000",
    ])
    .json();
    let moved = value["moved_fraction"].as_f64().expect("a number");
    // The removed backend's tenth, plus the few slots that change hands between the others.
    assert!((0.10..0.115).contains(&moved), "{moved}");
}

#[test]
fn multi_probe_with_more_probes_spreads_the_keys_more_evenly() {
    let peak = |probes: &str| {
        let value = shardlab(&[
            "--json",
            "place",
            "--scheme",
            "multi-probe",
            "--servers",
            "10",
            "--add",
            "1",
            "--keys",
            "100000",
            "--probes",
            probes,
        ])
        .json();
        value["load_after"]["max_over_mean"]
            .as_f64()
            .expect("a number")
    };
    let (one, many) = (peak("1"), peak("21"));
    assert!(one > 2.0 && many < 1.1, "{one} {many}");
    let refused = shardlab(&[
        "locate",
        "--scheme",
        "multi-probe",
        "--servers",
        "3",
        "--probes",
        "0",
        "k",
    ]);
    assert!(
        refused.error().contains("--probes must be 1"),
        "{}",
        refused.stderr
    );
}

#[test]
fn mod_moves_keys_between_servers_that_stay_and_the_ring_does_not() {
    let place = |scheme: &str| {
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
            "20000",
        ])
        .json()
    };
    // Mod N: a key moves to the new server only if its hash mod 5 is 4, and it moves at all
    // unless hash mod 4 = hash mod 5, which leaves 16 of 20 residues mod 20 moving, 4 of them to
    // the new server: 60 % of the keys move between servers that stayed.
    let mod_n = place("mod");
    let share = mod_n["monotonicity"]["fraction"]
        .as_f64()
        .expect("a number");
    assert!((0.58..=0.62).contains(&share), "{share}");
    let ring = place("ring");
    assert_eq!(ring["monotonicity"]["violations"], 0);
    assert_eq!(
        ring["resize_balance"].as_f64(),
        ring["load_after"]["max_over_mean"].as_f64()
    );
}

#[test]
fn bounded_load_caps_every_server_at_c_times_the_mean() {
    let value = shardlab(&[
        "--json",
        "place",
        "--scheme",
        "bounded-load",
        "--servers",
        "10",
        "--vnodes",
        "4",
        "--load-factor",
        "1.25",
        "--add",
        "1",
        "--keys",
        "100000",
    ])
    .json();
    // ⌈1.25 × 100,000 / 10⌉ = 12,500 over a mean of 10,000; after, ⌈125,000 / 11⌉ = 11,364.
    let before = value["load_before"]["max_over_mean"]
        .as_f64()
        .expect("a number");
    let after = value["load_after"]["max_over_mean"]
        .as_f64()
        .expect("a number");
    assert!(before <= 1.25, "{before}");
    assert!(after <= 11_364.0 / (100_000.0 / 11.0) + 1e-12, "{after}");
    assert_eq!(value["scheme"], "bounded-load");
    // HAProxy's percent form names the same load factor.
    let percent = shardlab(&[
        "--json",
        "place",
        "--scheme",
        "bounded-load",
        "--servers",
        "10",
        "--vnodes",
        "4",
        "--hash-balance-factor",
        "125",
        "--add",
        "1",
        "--keys",
        "100000",
    ])
    .json();
    assert_eq!(percent, value);
}

#[test]
fn bounded_load_locate_says_its_owner_depends_on_the_other_keys() {
    let args = [
        "--json",
        "locate",
        "--scheme",
        "bounded-load",
        "--servers",
        "5",
        "--vnodes",
        "4",
        "--load-factor",
        "1",
        "user:42",
    ];
    let alone = shardlab(&args).json();
    assert_eq!(alone["depends_on_other_keys"], true);
    assert_eq!(alone["keys_before"], 0);
    // With no other keys every server has room: the ring's owner.
    let ring = shardlab(&[
        "--json",
        "locate",
        "--scheme",
        "ring",
        "--servers",
        "5",
        "--vnodes",
        "4",
        "user:42",
    ])
    .json();
    assert_eq!(alone["owner"], ring["owner"]);
    assert_eq!(alone["ring_owner"], ring["owner"]);
    let mut loaded: Vec<&str> = args.to_vec();
    loaded.splice(10..10, ["--keys", "999"]);
    let value = shardlab(&loaded).json();
    assert_eq!(value["capacity"], 200);
    let passed = value["passed_full"].as_array().expect("a list");
    assert_eq!(passed.is_empty(), value["owner"] == value["ring_owner"]);
    let text = shardlab(&loaded[1..]).ok().to_owned();
    assert!(text.contains("depends on the other keys"), "{text}");
}

#[test]
fn a_zipf_hot_key_shows_in_the_request_load_and_bounded_load_caps_it() {
    let place = |scheme: &str| {
        shardlab(&[
            "--json",
            "place",
            "--scheme",
            scheme,
            "--servers",
            "10",
            "--add",
            "1",
            "--keys",
            "100000",
            "--zipf",
            "1.2",
        ])
        .json()
    };
    // The hottest of 100,000 keys at s = 1.2 draws about 1/5.1 of the requests, so its server
    // carries about twice the mean of 10 by that key alone.
    let ring = place("ring");
    let hot = ring["requests"]["load_before"]["max_over_mean"]
        .as_f64()
        .expect("a number");
    assert!(hot > 1.9, "{hot}");
    assert_eq!(ring["requests"]["zipf"], 1.2);
    let bounded = place("bounded-load");
    let capped = bounded["requests"]["load_before"]["max_over_mean"]
        .as_f64()
        .expect("a number");
    assert!(capped <= 1.25, "{capped}");
    // Without --zipf there is no request object.
    let plain = shardlab(&[
        "--json",
        "place",
        "--scheme",
        "ring",
        "--servers",
        "3",
        "--add",
        "1",
        "--keys",
        "10",
    ])
    .json();
    assert!(plain.get("requests").is_none());
}

#[test]
fn new_limits_are_refused_with_one_line_naming_the_range() {
    let cases: [(&[&str], &str); 5] = [
        (
            &[
                "place",
                "--scheme",
                "bounded-load",
                "--servers",
                "3",
                "--add",
                "1",
                "--keys",
                "9",
                "--load-factor",
                "0.99",
            ],
            "from 1 to",
        ),
        (
            &[
                "locate",
                "--scheme",
                "bounded-load",
                "--servers",
                "3",
                "--load-factor",
                "NaN",
                "k",
            ],
            "from 1 to",
        ),
        (
            &[
                "locate",
                "--scheme",
                "bounded-load",
                "--servers",
                "3",
                "--hash-balance-factor",
                "90",
                "k",
            ],
            "from 100",
        ),
        (
            &[
                "place",
                "--scheme",
                "ring",
                "--servers",
                "3",
                "--add",
                "1",
                "--keys",
                "9",
                "--zipf",
                "0",
            ],
            "above 0 and at most 3",
        ),
        (
            &[
                "place",
                "--scheme",
                "multi-probe",
                "--probes",
                "1000",
                "--servers",
                "3",
                "--add",
                "1",
                "--keys",
                "10000000",
            ],
            "use fewer keys or probes",
        ),
    ];
    for (args, expected) in cases {
        let message = shardlab(args).error().to_owned();
        assert!(message.starts_with("error:"), "{message}");
        assert!(message.contains(expected), "{args:?}: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{message}");
    }
}
