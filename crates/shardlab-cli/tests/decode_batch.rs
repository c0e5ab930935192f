//! `shardlab decode --batch`: a pile of IDs summarised, as a reader would run it.

#![allow(clippy::expect_used)]

mod support;

use std::path::PathBuf;

use serde_json::json;
use support::shardlab;

/// Writes `text` to a file of this test's own and returns its path.
fn file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("shardlab-batch-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("the temp file is written");
    path
}

/// A Twitter snowflake: timestamp (ms since 1288834974657) << 22, datacenter << 17,
/// worker << 12, sequence.
fn snowflake(ms: u64, datacenter: u64, worker: u64, sequence: u64) -> String {
    ((ms << 22) | (datacenter << 17) | (worker << 12) | sequence).to_string()
}

#[test]
fn a_snowflake_batch_reports_every_finding() {
    // Tick 1000 ms, generator 1/2: sequences 0, 3 (1 and 2 missing) and 4095 (exhausted, and
    // 4 … 4094 missing); tick 500 comes after tick 1000 (out of order); line 5 repeats line 1;
    // line 6 is not an ID; line 7 is blank.
    let text = [
        snowflake(1000, 1, 2, 0),
        snowflake(1000, 1, 2, 3),
        snowflake(1000, 1, 2, 4095),
        snowflake(500, 3, 4, 0),
        snowflake(1000, 1, 2, 0),
        "12a4".to_owned(),
        String::new(),
    ]
    .join("\n");
    let path = file("snowflake", &text);
    let path = path.to_str().expect("a UTF-8 path");
    let value = shardlab(&["--json", "decode", "--layout", "snowflake", "--batch", path]).json();
    assert_eq!(value["layout"], "snowflake");
    assert_eq!(value["lines"], 7);
    assert_eq!(value["parsed"], 5);
    assert_eq!(value["refused"]["count"], 1);
    assert_eq!(value["refused"]["examples"][0]["line"], 6);
    assert_eq!(
        value["refused"]["examples"][0]["error"],
        "'a' at position 3 is not a decimal digit; hex IDs start with 0x"
    );
    let epoch: i64 = 1_288_834_974_657;
    assert_eq!(value["time"]["earliest"]["unix_ms"], json!(epoch + 500));
    assert_eq!(value["time"]["earliest"]["line"], 4);
    assert_eq!(value["time"]["latest"]["unix_ms"], json!(epoch + 1000));
    // Line 4 only: line 5 ties the latest time, which is not out of order.
    assert_eq!(value["out_of_order"]["count"], 1);
    assert_eq!(value["out_of_order"]["examples"][0]["line"], 4);
    assert_eq!(
        value["duplicates"]["examples"][0]["id"],
        snowflake(1000, 1, 2, 0)
    );
    assert_eq!(value["duplicates"]["examples"][0]["first_line"], 1);
    assert_eq!(
        value["histogram"]["bars"],
        json!([
            {"values": {"datacenter": 1, "worker": 2}, "ids": 4},
            {"values": {"datacenter": 3, "worker": 4}, "ids": 1},
        ])
    );
    assert_eq!(value["sequence"]["gaps"]["count"], 2);
    assert_eq!(value["sequence"]["missing"], 2 + 4091);
    assert_eq!(value["sequence"]["exhausted"]["count"], 1);
    assert_eq!(value["sequence"]["exhausted"]["examples"][0]["line"], 3);

    let text = shardlab(&["decode", "--layout", "snowflake", "--batch", path]);
    let text = text.ok();
    assert!(text.contains("5 read, 1 refused (7 lines)"), "{text}");
    assert!(text.contains("duplicates    1 (line 5)"), "{text}");
}

#[test]
fn a_csv_column_is_read_by_name_from_stdin() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_shardlab"))
        .args([
            "--json", "decode", "--layout", "ulid", "--batch", "-", "--column", "id",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"user,id\nann,01ARZ3NDEKTSV4RRFFQ69G5FAV\nbob,\"01ARZ3NDEKTSV4RRFFQ69G5FAV\"\n")
        .expect("written");
    let output = child.wait_with_output().expect("it exits");
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(value["parsed"], 2);
    assert_eq!(value["duplicates"]["count"], 1);
    // The ULID spec's example: 01ARZ3NDEK is 1,469,922,850,259 ms.
    assert_eq!(
        value["time"]["latest"]["unix_ms"],
        json!(1_469_922_850_259_i64)
    );
}

#[test]
fn batch_errors_are_one_line() {
    let path = file("header", "name,id\na,1\n");
    let path = path.to_str().expect("a UTF-8 path");
    let missing = shardlab(&["decode", "--batch", path, "--column", "uuid"]);
    assert!(missing
        .error()
        .contains("the header has no column called \"uuid\""));
    let nothing = file("blank", "\n \n");
    let nothing = shardlab(&["decode", "--batch", nothing.to_str().expect("path")]);
    assert!(nothing.error().contains("there are no IDs"));
    let many = file("many", &"1\n".repeat(100_001));
    let many = shardlab(&["decode", "--batch", many.to_str().expect("path")]);
    assert!(many
        .error()
        .contains("at most 100,000 lines of IDs; this text has 100,001"));
    let absent = shardlab(&["decode", "--batch", "/no/such/file"]);
    assert!(absent
        .error()
        .starts_with("error: cannot read \"/no/such/file\""));
    let both = shardlab(&["decode", "--batch", path, "123"]);
    both.error();
    let no_column = shardlab(&["decode", "--batch", path, "--header"]);
    no_column.error();
}
