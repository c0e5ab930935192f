//! `shardlab simulate`, run as a reader would: presets, design files, `--explain`, and every
//! error path of the contract.
//!
//! Runs are kept short (a few simulated seconds) except where the defaults themselves are tested,
//! so the suite stays quick in a debug build.

// Helpers outside #[test] functions are not covered by clippy.toml's allow-expect-in-tests; a
// failed expect here is a failed test, which is what it should be.
#![allow(clippy::expect_used)]

mod support;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

use serde_json::Value;
use shardlab_core::sim::{
    compile, preset, simulate, validate, Figure, NodeKind, Setting, PRESET_NAMES,
};
use support::shardlab;

/// The keys SPEC.md's CLI contract promises, each with whether it is a number (else an array).
const SPEC_NUMBER_KEYS: [&str; 9] = [
    "users",
    "apdex",
    "apdex_t_ms",
    "p50_ms",
    "p95_ms",
    "p99_ms",
    "error_rate",
    "throughput_rps",
    "burn_per_s",
];

/// A file in the temp dir with a name no other test (or test run) uses, removed on drop.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> TempFile {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let unique = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "shardlab-simulate-{}-{unique}-{name}",
            std::process::id()
        ));
        std::fs::write(&path, contents).expect("the temp file is written");
        TempFile(path)
    }

    fn arg(&self) -> &str {
        self.0.to_str().expect("the temp path is UTF-8")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The kind of a node in a design's JSON, by the core's names.
fn kind_of(node: &Value) -> Option<NodeKind> {
    NodeKind::from_name(node["settings"]["kind"].as_str()?)
}

/// The JSON of a preset's design, as the app would export it.
fn preset_json(name: &str) -> String {
    let found = preset(name).expect("the preset exists");
    serde_json::to_string_pretty(&found.design).expect("a design serializes")
}

fn assert_spec_keys(value: &Value) {
    for key in SPEC_NUMBER_KEYS {
        assert!(value[key].is_number(), "{key} is a number: {value}");
    }
    let nodes = value["nodes"].as_array().expect("nodes is an array");
    assert!(!nodes.is_empty());
    for node in nodes {
        assert!(node["id"].is_string(), "{node}");
        assert!(node["kind"].is_string(), "{node}");
        assert!(node["requests_per_s"].is_number(), "{node}");
    }
}

#[test]
fn pinterest_json_has_every_spec_key() {
    let value = shardlab(&["simulate", "--preset", "pinterest", "--json"]).json();
    assert_spec_keys(&value);
    assert_eq!(value["users"], 4000);
    assert_eq!(value["seed"], 1);
    assert_eq!(value["duration_s"], 60.0);
    let apdex = value["apdex"].as_f64().expect("apdex");
    assert!((0.0..=1.0).contains(&apdex), "{apdex}");
    let error_rate = value["error_rate"].as_f64().expect("error_rate");
    assert!((0.0..=1.0).contains(&error_rate), "{error_rate}");
    assert!(value["throughput_rps"].as_f64().expect("throughput") > 0.0);
    assert!(value["burn_per_s"].as_f64().expect("burn") > 0.0);
    // --json is global, so it may also follow the subcommand.
    let after = shardlab(&["simulate", "--json", "--preset", "pinterest"]).json();
    assert_eq!(after, value);
}

#[test]
fn the_json_is_the_cores_report() {
    let stdout = shardlab(&[
        "simulate",
        "--preset",
        "link-shortener",
        "--users",
        "5000",
        "--seed",
        "7",
        "--duration",
        "3",
        "--json",
    ])
    .ok()
    .to_owned();
    let design = preset("link-shortener").expect("preset").design;
    let report = simulate(&design, 5000, 7, 3.0).expect("the core simulates");
    // Compared as text: serde_json's default float parsing may differ from the printed digits in
    // the last place, while the printed digits themselves are exact.
    let expected = serde_json::to_string(&report).expect("the report serializes");
    assert_eq!(stdout.trim_end(), expected);
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_another_seed_does_not() {
    let run = |seed: &str| {
        shardlab(&[
            "simulate",
            "--preset",
            "pinterest",
            "--duration",
            "5",
            "--seed",
            seed,
            "--json",
        ])
        .ok()
        .to_owned()
    };
    let first = run("42");
    assert_eq!(first, run("42"), "byte-identical for one seed");
    let other = run("43");
    assert_ne!(first, other);
    // Not only the echoed seed differs: the simulated numbers do too.
    let without_seed = |text: &str| {
        let mut value: Value = serde_json::from_str(text).expect("JSON");
        value
            .as_object_mut()
            .expect("an object")
            .remove("seed")
            .expect("a seed key");
        value
    };
    assert_ne!(without_seed(&first), without_seed(&other));
}

#[test]
fn a_design_file_round_trips_through_the_cli() {
    let file = TempFile::new("one-big-box.json", preset_json("one-big-box").as_bytes());
    let args = ["--duration", "5", "--seed", "3", "--json"];
    let from_file = shardlab(&[&["simulate", file.arg()][..], &args[..]].concat())
        .ok()
        .to_owned();
    let from_preset = shardlab(&[&["simulate", "--preset", "one-big-box"][..], &args[..]].concat())
        .ok()
        .to_owned();
    assert_eq!(from_file, from_preset);
    let value: Value = serde_json::from_str(&from_file).expect("JSON");
    assert_spec_keys(&value);
    let users = preset("one-big-box").expect("preset").design.user_count();
    assert_eq!(value["users"], users, "the design's own user count");
}

#[test]
fn a_design_files_replication_settings_reach_the_model_and_the_report() {
    let mut value: Value =
        serde_json::from_str(&preset_json("pinterest")).expect("the preset's JSON");
    for node in value["nodes"].as_array_mut().expect("nodes") {
        if kind_of(node) == Some(NodeKind::Database) {
            let settings = &mut node["settings"];
            settings["read_replicas"] = Value::from(2);
            settings["auto_failover"] = Value::from(true);
            settings["failover_detect_s"] = Value::from(1);
            settings["failover_promote_s"] = Value::from(2);
        }
    }
    value["faults"] = serde_json::json!([{"at_s": 1, "kind": "master_down", "shard": 0}]);
    let text = serde_json::to_string(&value).expect("JSON");
    let file = TempFile::new("replicas.json", text.as_bytes());
    let args = ["--duration", "6", "--users", "4000", "--explain"];
    let shown = shardlab(&[&["simulate", file.arg()][..], &args[..]].concat())
        .ok()
        .to_owned();
    for needle in [
        "2 read replicas per shard",
        "auto-failover on (detect 1 s + promote 2 s)",
        "(master + standby + 2 replicas)",
    ] {
        assert!(shown.contains(needle), "{needle:?} in {shown}");
    }
    // The core's own run of the same design, which the text reports.
    let design: shardlab_core::sim::Design = serde_json::from_str(&text).expect("a design");
    let report = simulate(&design, 4000, 1, 6.0).expect("the core simulates");
    assert!(report.stale_reads > 0, "async loses the newest writes");
    let stale = format!(
        "stale reads {} reads",
        shardlab_core::text::thousands(report.stale_reads)
    );
    assert!(shown.contains(&stale), "{stale:?} in {shown}");
}

#[test]
fn users_overrides_the_designs_count() {
    let value = shardlab(&[
        "simulate",
        "--preset",
        "pinterest",
        "--users",
        "1234",
        "--duration",
        "2",
        "--json",
    ])
    .json();
    assert_eq!(value["users"], 1234);
}

#[test]
fn text_leads_with_the_caption_and_lists_the_results() {
    let text = shardlab(&["simulate", "--preset", "pinterest", "--duration", "5"])
        .ok()
        .to_owned();
    let design = preset("pinterest").expect("preset").design;
    let report = simulate(&design, 4000, 1, 5.0).expect("the core simulates");
    assert_eq!(text.lines().next(), Some(report.caption().as_str()));
    for needle in [
        "p50 ",
        "p95 ",
        "p99 ",
        "queue full",
        "timeout",
        "shard down",
        "replies/s",
        "/month",
        "hot shard",
        "MySQL",
        "% busy",
    ] {
        assert!(text.contains(needle), "{needle:?} in {text}");
    }
    // One line per node of the report.
    for node in &report.outcome.nodes {
        assert!(text.contains(node.kind.name()), "{} in {text}", node.id);
    }
}

#[test]
fn explain_prints_the_model_in_text_and_json() {
    let design = preset("pinterest").expect("preset").design;
    let model = compile(&design, 4000).expect("the preset compiles");

    let text = shardlab(&[
        "simulate",
        "--preset",
        "pinterest",
        "--duration",
        "2",
        "--explain",
    ])
    .ok()
    .to_owned();
    let app_tier = format!(
        "{} copies × {} servers",
        model.app_copies, model.app.servers
    );
    assert!(text.contains(&app_tier), "{app_tier:?} in {text}");
    for needle in [
        "mean service",
        "capacity",
        "queue bound",
        "/hour",
        "mean read",
        "0 read replicas per shard",
        "async replication",
        "auto-failover off",
        "the writes of its last 1 s",
    ] {
        assert!(text.contains(needle), "{needle:?} in {text}");
    }

    let value = shardlab(&[
        "simulate",
        "--preset",
        "pinterest",
        "--duration",
        "2",
        "--explain",
        "--json",
    ])
    .json();
    assert_spec_keys(&value);
    let explain = &value["explain"];
    assert_eq!(explain["app"]["servers"], model.app.servers);
    assert_eq!(explain["app_copies"], model.app_copies);
    assert!(explain["bill"].is_array(), "{explain}");
    // Without --explain there is no such key.
    let plain = shardlab(&[
        "simulate",
        "--preset",
        "pinterest",
        "--duration",
        "2",
        "--json",
    ])
    .json();
    assert!(plain.get("explain").is_none());
}

#[test]
fn no_design_or_two_designs_is_an_error() {
    let line = shardlab(&["simulate"]).error().to_owned();
    assert!(line.contains("--preset"), "{line}");
    let line = shardlab(&["simulate", "--preset", "pinterest", "design.json"])
        .error()
        .to_owned();
    assert!(line.contains("not both"), "{line}");
}

#[test]
fn an_unknown_preset_lists_the_names() {
    let line = shardlab(&["simulate", "--preset", "pintrest"])
        .error()
        .to_owned();
    assert!(line.contains("pintrest"), "{line}");
    for name in PRESET_NAMES {
        assert!(line.contains(name), "{name} in {line}");
    }
}

#[test]
fn an_unreadable_file_is_an_error() {
    let missing = std::env::temp_dir().join(format!(
        "shardlab-simulate-{}-does-not-exist.json",
        std::process::id()
    ));
    let missing = missing.to_str().expect("UTF-8");
    let line = shardlab(&["simulate", missing]).error().to_owned();
    assert!(line.contains("cannot read the design file"), "{line}");
    // A directory opens but does not read.
    let dir = std::env::temp_dir();
    shardlab(&["simulate", dir.to_str().expect("UTF-8")]).error();
}

#[test]
fn a_file_over_one_mib_is_refused_with_the_limit() {
    // Valid JSON (a design padded with spaces), so only the size can be the reason.
    let mut contents = preset_json("one-big-box").into_bytes();
    contents.resize(1024 * 1024 + 1, b' ');
    let file = TempFile::new("big.json", &contents);
    let line = shardlab(&["simulate", file.arg()]).error().to_owned();
    assert!(line.contains("1 MiB"), "{line}");
    // Exactly at the limit is still read.
    contents.truncate(1024 * 1024);
    let file = TempFile::new("at-limit.json", &contents);
    shardlab(&["simulate", file.arg(), "--duration", "1", "--json"]).json();
}

#[test]
fn invalid_json_names_the_line_and_column() {
    let file = TempFile::new("broken.json", b"{\"version\": 1,\n  \"nodes\": [}\n");
    let line = shardlab(&["simulate", file.arg()]).error().to_owned();
    assert!(line.contains("line 2 column 13"), "{line}");
    let file = TempFile::new("empty.json", b"");
    shardlab(&["simulate", file.arg()]).error();
    let file = TempFile::new(
        "unknown-field.json",
        b"{\"version\": 1, \"nodes\": [], \"x\": 0}",
    );
    let line = shardlab(&["simulate", file.arg()]).error().to_owned();
    assert!(line.contains("unknown field"), "{line}");
}

#[test]
fn an_invalid_design_reports_every_problem_on_one_line() {
    let mut value: Value =
        serde_json::from_str(&preset_json("pinterest")).expect("the preset's JSON");
    let nodes = value["nodes"].as_array_mut().expect("nodes");
    for node in nodes.iter_mut() {
        match kind_of(node) {
            Some(NodeKind::Users) => node["settings"]["count"] = Value::from(0),
            Some(NodeKind::Database) => node["settings"]["shards"] = Value::from(0),
            Some(NodeKind::LoadBalancer | NodeKind::AppServer | NodeKind::Cache) | None => {}
        }
    }
    let text = serde_json::to_string(&value).expect("JSON");
    let design = serde_json::from_str(&text).expect("still a design");
    let problems = validate(&design);
    assert!(problems.len() >= 2, "{problems:?}");

    let file = TempFile::new("invalid.json", text.as_bytes());
    let line = shardlab(&["simulate", file.arg()]).error().to_owned();
    for problem in &problems {
        assert!(line.contains(&problem.to_string()), "{problem} in {line}");
    }
    assert!(
        line.contains(&format!("{} problems", problems.len())),
        "{line}"
    );
}

#[test]
fn users_out_of_range_is_an_error() {
    for users in ["0", "1000001", "99999999999"] {
        let line = shardlab(&["simulate", "--preset", "pinterest", "--users", users])
            .error()
            .to_owned();
        assert!(line.contains("accepted 1 … 1,000,000"), "{line}");
    }
    for bad in ["-3", "many", "1.5"] {
        shardlab(&["simulate", "--preset", "pinterest", "--users", bad]).error();
    }
}

#[test]
fn duration_out_of_range_is_an_error() {
    for duration in ["0", "0.5", "3601", "NaN", "inf"] {
        let line = shardlab(&["simulate", "--preset", "pinterest", "--duration", duration])
            .error()
            .to_owned();
        assert!(line.contains("accepted 1 … 3,600 s"), "{line}");
    }
    shardlab(&["simulate", "--preset", "pinterest", "--duration", "soon"]).error();
}

#[test]
fn a_run_too_large_to_simulate_is_an_error() {
    let line = shardlab(&[
        "simulate",
        "--preset",
        "pinterest",
        "--users",
        "1000000",
        "--duration",
        "3600",
        "--explain",
        "--json",
    ])
    .error()
    .to_owned();
    assert!(line.contains("20,000,000"), "{line}");
}

#[test]
fn a_setting_past_the_boards_range_is_refused_with_the_tables_words() {
    // The range comes from the core's settings table, the one the board's panel offers.
    let shards = Setting::Shards.range().expect("shards is a number");
    let copies = Setting::Copies.range().expect("copies is a number");
    let mut value: Value =
        serde_json::from_str(&preset_json("pinterest")).expect("the preset's JSON");
    let nodes = value["nodes"].as_array_mut().expect("nodes");
    for node in nodes.iter_mut() {
        match kind_of(node) {
            Some(NodeKind::Database) => {
                node["settings"]["shards"] = Value::from(shards.max as u32 + 1);
                node["settings"]["read_replicas"] = Value::from(9);
                node["settings"]["failover_detect_s"] = Value::from(0);
                node["settings"]["row_bytes"] = Value::from(63);
                node["settings"]["copy_mb_s"] = Value::from(2_001);
            }
            Some(NodeKind::AppServer) => {
                node["settings"]["copies"] = Value::from(copies.max as u32 + 1)
            }
            Some(NodeKind::Users | NodeKind::LoadBalancer | NodeKind::Cache) | None => {}
        }
    }
    let text = serde_json::to_string(&value).expect("JSON");
    let file = TempFile::new("past-range.json", text.as_bytes());
    let line = shardlab(&["simulate", file.arg()]).error().to_owned();
    assert!(line.contains("shards is 65"), "{line}");
    assert!(line.contains("copies is 65"), "{line}");
    assert!(
        line.contains("read_replicas is 9; accepted 0 … 5"),
        "{line}"
    );
    assert!(
        line.contains("failover_detect_s is 0; accepted 1 … 300 s"),
        "{line}"
    );
    for (setting, value) in [(Setting::RowBytes, 63), (Setting::CopyThrottle, 2_001)] {
        let range = setting.range().expect("a number");
        let words = format!("{} is {value}; accepted {}", setting.key(), range.accepted);
        assert!(line.contains(&words), "{words:?} in {line}");
    }
    assert!(
        line.contains(&format!("accepted {}", shards.accepted)),
        "{line}"
    );
}

#[test]
fn a_file_that_is_not_a_design_is_refused_word_for_word() {
    let shown = |file: &TempFile| shardlab_core::text::quote(file.arg()).to_string();
    let file = TempFile::new(
        "unknown-field-exact.json",
        b"{\"version\": 1, \"nodes\": [], \"x\": 0}",
    );
    assert_eq!(
        shardlab(&["simulate", file.arg()]).error(),
        format!(
            "error: the design file {} is not a design in JSON: unknown field `x`, expected one \
             of `version`, `name`, `nodes`, `edges`, `faults` at line 1 column 31",
            shown(&file)
        )
    );
    // No version: serde_json's own words (the CLI does not read the version first).
    let file = TempFile::new("no-version.json", b"{\"nodes\": []}");
    assert_eq!(
        shardlab(&["simulate", file.arg()]).error(),
        format!(
            "error: the design file {} is not a design in JSON: missing field `version` at line \
             1 column 13",
            shown(&file)
        )
    );
    // An older version that reads is refused by the validator, with its count.
    let file = TempFile::new("version-0.json", b"{\"version\": 0, \"nodes\": []}");
    assert_eq!(
        shardlab(&["simulate", file.arg()]).error(),
        format!(
            "error: the design file {} is not a valid design, 1 problem: (1) design version 0 is \
             not supported; this build reads version 1",
            shown(&file)
        )
    );
    // A newer one is read without what this build lacks, and what it keeps must validate.
    let file = TempFile::new(
        "version-2.json",
        b"{\"version\": 2, \"nodes\": [], \"z\": 1}",
    );
    let line = shardlab(&["simulate", file.arg()]).error().to_owned();
    assert!(line.contains("the design has no users node"), "{line}");
}

#[test]
fn a_newer_design_file_runs_with_a_warning_naming_what_was_left_out() {
    let mut design = serde_json::to_value(preset("pinterest").expect("a preset").design)
        .expect("a design serialises");
    design["version"] = 2.into();
    design["theme"] = "dark".into();
    let file = TempFile::new("newer.json", design.to_string().as_bytes());
    let warning = format!(
        "the design file {} is design version 2, newer than this build's 1; it was read without \
         the design's field `theme`",
        shardlab_core::text::quote(file.arg())
    );
    let text = shardlab(&["simulate", file.arg(), "--duration", "5"])
        .ok()
        .to_owned();
    assert_eq!(
        text.lines().next(),
        Some(format!("warning: {warning}").as_str())
    );
    let json = shardlab(&["--json", "simulate", file.arg(), "--duration", "5"]).json();
    assert_eq!(json["warnings"], serde_json::json!([warning]));
    assert!(json["apdex"].is_number(), "{json}");
    // The same design at this build's version is refused for the field.
    design["version"] = 1.into();
    let file = TempFile::new("current.json", design.to_string().as_bytes());
    let line = shardlab(&["simulate", file.arg()]).error().to_owned();
    assert!(line.contains("unknown field `theme`"), "{line}");
}

#[test]
fn seeds_report_medians_and_each_figures_spread_over_single_runs() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "--json",
            "simulate",
            "--preset",
            "pinterest",
            "--users",
            "9000",
            "--duration",
            "5",
        ];
        args.extend_from_slice(extra);
        shardlab(&args).json()
    };
    let swept = run(&["--seed", "41", "--seeds", "3"]);
    for key in SPEC_NUMBER_KEYS {
        assert!(swept[key].is_number(), "{key}: {swept}");
    }
    assert_eq!(swept["seeds"], 3);
    let singles: Vec<Value> = ["41", "42", "43"]
        .into_iter()
        .map(|seed| run(&["--seed", seed]))
        .collect();
    for key in Figure::ALL.map(Figure::key) {
        let mut values: Vec<f64> = singles
            .iter()
            .map(|v| v[key].as_f64().expect("a number"))
            .collect();
        values.sort_by(f64::total_cmp);
        let spread = &swept["spread"][key];
        assert_eq!(spread["min"].as_f64(), values.first().copied(), "{key}");
        assert_eq!(spread["max"].as_f64(), values.last().copied(), "{key}");
        assert_eq!(spread["median"].as_f64(), values.get(1).copied(), "{key}");
        assert_eq!(swept[key], spread["median"], "{key}");
    }
    // At 9,000 users the seed moves p99 by hundreds of ms: the reason to show the spread.
    let p99 = &swept["spread"]["p99_ms"];
    assert!(p99["max"].as_f64() > p99["min"].as_f64(), "{p99}");

    let text = shardlab(&[
        "simulate",
        "--preset",
        "pinterest",
        "--seeds",
        "2",
        "--duration",
        "2",
    ])
    .ok()
    .to_owned();
    assert!(text.contains("2 seeds (1 … 2)"), "{text}");
    for bad in ["0", "101"] {
        let refused = shardlab(&["simulate", "--preset", "pinterest", "--seeds", bad]);
        assert!(
            refused.error().contains("accepted 1 … 100"),
            "{}",
            refused.stderr
        );
    }
}

/// The example design in `docs/`: the Pinterest board resharding shard 0 at 20 s.
fn reshard_example() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/pinterest-reshard.json"
    )
    .to_owned()
}

#[test]
fn a_reshard_prints_its_bill_and_p99_before_during_and_after() {
    let path = reshard_example();
    let args = ["--duration", "40", "--seed", "2"];
    let text = shardlab(&[&["simulate", path.as_str()][..], &args[..]].concat())
        .ok()
        .to_owned();
    let json = shardlab(&[&["simulate", path.as_str(), "--json"][..], &args[..]].concat())
        .ok()
        .to_owned();
    let value: Value = serde_json::from_str(&json).expect("JSON");
    assert_spec_keys(&value);
    // The core's own run and bill, which both forms report.
    let text_of_file = std::fs::read_to_string(&path).expect("the example exists");
    let design: shardlab_core::sim::Design = serde_json::from_str(&text_of_file).expect("a design");
    let users = design.user_count();
    let report = simulate(&design, users, 2, 40.0).expect("the core simulates");
    let reshard = report.reshards.first().expect("a reshard in the run");
    assert_eq!(
        value["reshards"][0]["bill"]["bytes"],
        Value::from(reshard.bill.bytes)
    );
    assert_eq!(
        value["reshards"][0]["cutover_s"],
        Value::from(reshard.cutover_s)
    );
    for needle in [
        reshard.bill.text(),
        reshard.bill.moved_text(),
        reshard.window_text(40.0),
        format!("p99 {:.1} ms", reshard.during.p99_ms),
    ] {
        assert!(text.contains(&needle), "{needle:?} in {text}");
    }
    for phase in ["  before ", "  during ", "  after "] {
        assert!(text.contains(phase), "{phase:?} in {text}");
    }
    // What the example is for: the copy hurts, the cutover relieves.
    let phase = |name: &str, key: &str| value["reshards"][0][name][key].as_f64().expect(key);
    assert!(phase("during", "p99_ms") > phase("before", "p99_ms"));
    assert!(phase("after", "source_requests_per_s") < phase("before", "source_requests_per_s"));
}

#[test]
fn a_copy_that_outlasts_the_run_is_named_so() {
    let path = reshard_example();
    let text = shardlab(&[
        "simulate",
        path.as_str(),
        "--duration",
        "22",
        "--users",
        "500",
    ])
    .ok()
    .to_owned();
    assert!(text.contains("it outlasts the 22 s run"), "{text}");
    assert!(text.contains("no cutover in this run"), "{text}");
    let json = shardlab(&[
        "simulate",
        path.as_str(),
        "--duration",
        "22",
        "--users",
        "500",
        "--json",
    ])
    .ok()
    .to_owned();
    let value: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(value["reshards"][0]["outlasts_run"], Value::from(true));
    assert_eq!(value["reshards"][0]["after"], Value::Null);
    // --explain states the copy's settings and the new host's limit.
    let explained = shardlab(&["simulate", path.as_str(), "--duration", "2", "--explain"])
        .ok()
        .to_owned();
    assert!(
        explained.contains(
            "rows of 65,536 bytes; a split copies at 300 MB/s, at most 360 MB/s onto a new host"
        ),
        "{explained}"
    );
    assert!(
        explained.contains("at 20 s: shard 0 copies its upper half"),
        "{explained}"
    );
}
