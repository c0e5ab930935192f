//! `shardlab decode` and `shardlab encode`, run as a reader would.

// Helpers outside #[test] functions are not covered by clippy.toml's allow-expect-in-tests; a
// failed expect here is a failed test, which is what it should be.
#![allow(clippy::expect_used)]

mod support;

use std::io::Write;

use serde_json::json;
use support::shardlab;

const PIN: &str = "241294492511762325";

#[test]
fn the_pinterest_example_decodes_to_its_fields_and_host() {
    let run = shardlab(&["decode", PIN]);
    let text = run.ok();
    assert!(text.contains("shard     16 bits  3429"), "{text}");
    assert!(text.contains("type      10 bits  1 (Pin)"), "{text}");
    assert!(text.contains("local     36 bits  7075733"), "{text}");
    assert!(text.contains("MySQL007A"), "{text}");
    assert!(text.contains("db03429"), "{text}");
    assert!(
        text.contains("SELECT * FROM pins WHERE local_id = 7075733;"),
        "{text}"
    );
}

#[test]
fn the_pinterest_example_as_json() {
    let value = shardlab(&["--json", "decode", PIN]).json();
    assert_eq!(value["layout"], "pinterest");
    // IDs are strings so that JavaScript's doubles cannot round them.
    assert_eq!(value["id"], json!(PIN));
    assert_eq!(
        value["fields"],
        json!({"reserved": 0, "shard": 3429, "type": 1, "local": 7_075_733})
    );
    assert_eq!(value["host"], "MySQL007A");
    assert_eq!(value["database"], "db03429");
    assert!(value.get("unix_ms").is_none(), "Pinterest IDs hold no time");
    // The flag works after the subcommand too.
    assert_eq!(shardlab(&["decode", PIN, "--json"]).json(), value);
}

#[test]
fn fields_keep_layout_order_in_json() {
    let stdout = shardlab(&["--json", "decode", PIN]).ok().to_owned();
    let order: Vec<usize> = ["\"reserved\"", "\"shard\"", "\"type\"", "\"local\""]
        .iter()
        .map(|name| stdout.find(name).expect("field present"))
        .collect();
    assert!(order.windows(2).all(|pair| pair[0] < pair[1]), "{stdout}");
}

#[test]
fn hex_binary_and_separators_name_the_same_id() {
    let expected = shardlab(&["--json", "decode", PIN]).json();
    let binary = format!("0b{:b}", 241_294_492_511_762_325_u64);
    for form in [
        "0x03594010006bf795",
        "0x0359_4010_006B_F795",
        binary.as_str(),
        "241_294_492_511_762_325",
        "241,294,492,511,762,325",
    ] {
        assert_eq!(
            shardlab(&["--json", "decode", form]).json(),
            expected,
            "{form}"
        );
    }
}

#[test]
fn a_timestamp_layout_gives_unix_ms_and_no_host() {
    let value = shardlab(&[
        "--json",
        "decode",
        "--layout",
        "snowflake",
        "1541815603606036480",
    ])
    .json();
    assert_eq!(value["layout"], "snowflake");
    assert_eq!(value["unix_ms"], json!(1_656_432_460_105_u64));
    assert_eq!(value["iso8601"], "2022-06-28T16:07:40.105Z");
    assert!(
        value.get("host").is_none(),
        "Snowflake publishes no shard table"
    );
    // Instagram has a shard field but no published table, so still no host.
    let instagram = shardlab(&["--json", "decode", "--layout", "Instagram", "5"]).json();
    assert!(instagram.get("host").is_none());
}

#[test]
fn set_reserved_bits_and_unmapped_shards_are_warnings_not_errors() {
    let value = shardlab(&["--json", "decode", "0xffffffffffffffff"]).json();
    assert_eq!(value["fields"]["reserved"], 3);
    assert!(
        value.get("host").is_none(),
        "shard 65535 is past the 2015 table"
    );
    assert_eq!(value["warnings"].as_array().map(Vec::len), Some(2));
}

#[test]
fn a_layout_file_is_read_and_has_no_host() {
    let mut file = tempfile("layout.json");
    write!(
        file.1,
        r#"{{"fields":[{{"name":"shard","width":16,"role":"shard"}},{{"name":"local","width":48,"role":"local"}}]}}"#
    )
    .expect("write layout");
    let path = file.0.to_str().expect("UTF-8 temp path");
    let value = shardlab(&[
        "--json",
        "decode",
        "--layout-file",
        path,
        "0x0001000000000005",
    ])
    .json();
    assert_eq!(value["layout"], path);
    assert_eq!(value["fields"], json!({"shard": 1, "local": 5}));
    assert!(value.get("host").is_none());
}

#[test]
fn encode_composes_the_pinterest_example() {
    let run = shardlab(&["encode", "shard=3429", "type=1", "local=7075733"]);
    assert_eq!(run.ok(), format!("{PIN}\n"));
    let value = shardlab(&["--json", "encode", "type=1", "local=7075733", "shard=3429"]).json();
    assert_eq!(value, shardlab(&["--json", "decode", PIN]).json());
}

#[test]
fn a_local_id_past_32_bits_round_trips() {
    // 2^32 + 7: a 32-bit mask, as in copies of the article's code, would give 7.
    let local = (1_u64 << 32) + 7;
    let local_arg = format!("local={local}");
    let id = shardlab(&["encode", "shard=3429", "type=1", &local_arg])
        .ok()
        .trim()
        .to_owned();
    let value = shardlab(&["--json", "decode", &id]).json();
    assert_eq!(value["fields"]["local"], json!(local));
    assert_eq!(value["fields"]["shard"], 3429);
    assert_eq!(value["id"], json!(id));
    // The largest local ID round trips too.
    let max_local = (1_u64 << 36) - 1;
    let max_arg = format!("local=0x{max_local:x}");
    let value = shardlab(&["--json", "encode", "shard=1", &max_arg]).json();
    assert_eq!(value["fields"]["local"], json!(max_local));
}

#[test]
fn encode_with_other_layouts() {
    let value = shardlab(&[
        "--json",
        "encode",
        "--layout",
        "snowflake",
        "timestamp=367597485448",
        "datacenter=11",
        "worker=26",
    ])
    .json();
    assert_eq!(value["id"], "1541815603606036480");
}

#[test]
fn help_and_version_succeed() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["decode", "--help"],
        &["place", "--help"],
    ] {
        let run = shardlab(args);
        assert_eq!(run.status, Some(0), "{args:?}");
        assert!(!run.stdout.is_empty());
    }
}

#[test]
fn bad_ids_are_one_line_errors() {
    let ten_thousand_digits = "9".repeat(10_000);
    let cases: [(&str, &str); 8] = [
        ("", "type or paste an ID"),
        ("12a4", "not a decimal digit"),
        ("18446744073709551616", "18446744073709551615"),
        ("-5", "never negative"),
        ("🙂", "not a decimal digit"),
        (&ten_thousand_digits, "10000 digits"),
        ("0x", "hex digits"),
        ("0b102", "binary"),
    ];
    for (id, expected) in cases {
        let run = shardlab(&["decode", id]);
        let line = run.error();
        assert!(line.contains(expected), "{id:.20}: {line}");
    }
}

#[test]
fn bad_layouts_are_one_line_errors() {
    let line = shardlab(&["decode", "--layout", "flickr", "1"])
        .error()
        .to_owned();
    assert!(line.contains("flickr"), "{line}");

    let line = shardlab(&["decode", "--layout-file", "/nonexistent/layout.json", "1"])
        .error()
        .to_owned();
    assert!(line.contains("cannot read"), "{line}");

    let mut not_json = tempfile("not-json.json");
    write!(not_json.1, "shard: 16 bits").expect("write");
    let path = not_json.0.to_str().expect("UTF-8 temp path");
    assert!(shardlab(&["decode", "--layout-file", path, "1"])
        .error()
        .contains("not a valid layout"));

    let mut too_wide = tempfile("too-wide.json");
    write!(
        too_wide.1,
        r#"{{"fields":[{{"name":"a","width":40,"role":"other"}},{{"name":"b","width":30,"role":"other"}}]}}"#
    )
    .expect("write");
    let path = too_wide.0.to_str().expect("UTF-8 temp path");
    assert!(shardlab(&["encode", "--layout-file", path, "a=1"])
        .error()
        .contains("70 bits"));

    // A file name with a line break still gives one error line, the break named.
    assert!(shardlab(&["decode", "--layout-file", "no\nsuch", "1"])
        .error()
        .contains("\"noU+000Asuch\""));

    let both = shardlab(&["decode", "--layout", "pinterest", "--layout-file", "x", "1"]);
    assert!(both.error().contains("cannot be used with"));
}

#[test]
fn bad_encode_arguments_are_one_line_errors() {
    let cases: [(&[&str], &str); 9] = [
        (&["encode", "bogus=1"], "no field named \"bogus\""),
        (&["encode", "shard=1", "shard=2"], "given twice"),
        (&["encode", "shard=65536"], "does not fit"),
        (&["encode", "local=0x1000000000"], "does not fit"),
        (&["encode", "shard"], "not name=value"),
        (&["encode", "=5"], "no field name"),
        (&["encode", "shard="], "no value"),
        (&["encode", "shard=-1"], "never negative"),
        (&["encode"], "required"),
    ];
    for (args, expected) in cases {
        let run = shardlab(args);
        let line = run.error();
        assert!(line.contains(expected), "{args:?}: {line}");
    }
}

#[test]
fn usage_errors_are_one_line_errors() {
    for args in [
        &[][..],
        &["decode"],
        &["decode", "--bogus", "1"],
        &["frobnicate"],
        &["decode", "1", "2"],
    ] {
        shardlab(args).error();
    }
}

/// A file in the target directory's temp area, unique per test, with an open handle.
fn tempfile(name: &str) -> (std::path::PathBuf, std::fs::File) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("shardlab-cli-tests");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{}-{name}", std::process::id()));
    let file = std::fs::File::create(&path).expect("temp file");
    (path, file)
}
