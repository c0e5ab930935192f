//! `shardlab locate` and `shardlab place`, run as a reader would.

// Helpers outside #[test] functions are not covered by clippy.toml's allow-expect-in-tests; a
// failed expect here is a failed test, which is what it should be.
#![allow(clippy::expect_used)]

mod support;

use serde_json::json;
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
    for scheme in [
        "mod",
        "ring",
        "jump",
        "rendezvous",
        "range",
        "directory",
        "id",
        "maglev",
        "multi-probe",
        "RING",
    ] {
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
            "moved",
            "moved_fraction",
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
    for scheme in [
        "mod",
        "ring",
        "jump",
        "rendezvous",
        "range",
        "directory",
        "id",
    ] {
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
