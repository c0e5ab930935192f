//! `shardlab decode` with the ID families (issue 22): UUID, ULID, KSUID, ObjectId, TSID and
//! Sonyflake v2, and `decode --detect`, run as a reader would.

// Helpers outside #[test] functions are not covered by clippy.toml's allow-expect-in-tests; a
// failed expect here is a failed test, which is what it should be.
#![allow(clippy::expect_used)]

mod support;

use serde_json::json;
use support::shardlab;

/// RFC 9562, appendix A.6.
const RFC_V7: &str = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F";

#[test]
fn a_uuidv7_decodes_to_its_fields_version_variant_and_time() {
    let value = shardlab(&["--json", "decode", "--layout", "uuid", RFC_V7]).json();
    assert_eq!(value["layout"], "uuid");
    assert_eq!(value["id"], "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    assert_eq!(value["bits"], 128);
    assert_eq!(
        value["uuid"],
        json!({"kind": "rfc9562", "version": 7, "version_name": "Unix time", "variant": "10x"})
    );
    // rand_b is 62 bits: past 2^53, so a string; the others are exact numbers.
    assert_eq!(
        value["fields"],
        json!({
            "unix_ts_ms": 1_645_557_742_000_u64,
            "ver": 7,
            "rand_a": 0xCC3,
            "var": 2,
            "rand_b": 0x18C4_DC0C_0C07_398F_u64.to_string()
        })
    );
    assert_eq!(value["unix_ms"], json!(1_645_557_742_000_u64));
    assert_eq!(value["iso8601"], "2022-02-22T19:22:22.000Z");
    // uuidv7 is the same layout, and the UUID's spellings are the same UUID.
    for spelling in [
        "017f22e279b07cc398c4dc0c0c07398f",
        "{017F22E2-79B0-7CC3-98C4-DC0C0C07398F}",
        "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
    ] {
        let again = shardlab(&["--json", "decode", "--layout", "uuidv7", spelling]).json();
        assert_eq!(again, value, "{spelling}");
    }
    let text = shardlab(&["decode", "--layout", "uuid", RFC_V7])
        .ok()
        .to_owned();
    assert!(text.contains("version     7 (Unix time)"), "{text}");
    assert!(text.contains("variant     10x (RFC 9562)"), "{text}");
    assert!(
        text.contains("time        2022-02-22T19:22:22.000Z (Unix ms 1645557742000)"),
        "{text}"
    );
}

#[test]
fn a_uuidv1_s_time_is_its_three_parts_since_1582() {
    // RFC 9562, appendix A.1.
    let value = shardlab(&[
        "--json",
        "decode",
        "--layout",
        "uuid",
        "C232AB00-9414-11EC-B3C8-9E6BDECED846",
    ])
    .json();
    assert_eq!(value["uuid"]["version"], 1);
    assert_eq!(value["fields"]["time_low"], json!(0xC232_AB00_u32));
    assert_eq!(value["fields"]["clock_seq"], json!(0x33C8));
    assert_eq!(value["iso8601"], "2022-02-22T19:22:22.000Z");
}

#[test]
fn the_nil_uuid_is_a_special_value() {
    let value = shardlab(&[
        "--json",
        "decode",
        "--layout",
        "uuid",
        "00000000-0000-0000-0000-000000000000",
    ])
    .json();
    assert_eq!(value["uuid"], json!({"kind": "nil"}));
    assert!(value.get("unix_ms").is_none());
}

#[test]
fn ulid_ksuid_objectid_tsid_and_sonyflake_v2_decode() {
    let ulid = shardlab(&[
        "--json",
        "decode",
        "--layout",
        "ulid",
        "01ARZ3NDEKTSV4RRFFQ69G5FAV",
    ])
    .json();
    assert_eq!(ulid["fields"]["timestamp"], json!(1_469_922_850_259_u64));
    assert_eq!(ulid["iso8601"], "2016-07-30T23:54:10.259Z");

    // segmentio/ksuid's README: timestamp 107608047, payload B5A1CD34…, 2017-10-09 21:00:47 -0700.
    let ksuid = shardlab(&[
        "--json",
        "decode",
        "--layout",
        "ksuid",
        "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
    ])
    .json();
    assert_eq!(ksuid["bits"], 160);
    assert_eq!(ksuid["fields"]["timestamp"], 107_608_047);
    assert_eq!(
        ksuid["fields"]["payload"],
        0xB5A1_CD34_B5F9_9D11_54FB_6853_345C_9735_u128.to_string()
    );
    assert_eq!(ksuid["iso8601"], "2017-10-10T04:00:47.000Z");

    let object_id = shardlab(&[
        "--json",
        "decode",
        "--layout",
        "objectid",
        "ObjectId(\"507f1f77bcf86cd799439011\")",
    ])
    .json();
    assert_eq!(object_id["id"], "ObjectId(\"507f1f77bcf86cd799439011\")");
    assert_eq!(object_id["fields"]["counter"], 0x43_9011);
    assert_eq!(object_id["iso8601"], "2012-10-17T21:13:27.000Z");

    // The TSID text and its number are the same ID.
    let tsid = shardlab(&["--json", "decode", "--layout", "tsid", "01226N0640J7Q"]).json();
    let number = shardlab(&["--json", "decode", "--layout", "tsid", "38358284406638839"]).json();
    assert_eq!(tsid, number);
    assert_eq!(tsid["id"], "01226N0640J7Q");

    // Sonyflake v2's Compose: 100 ticks of 10 ms after 2025-01-01, sequence 5, machine 42.
    let id = ((100_u64 << 24) | (5 << 16) | 42).to_string();
    let sonyflake = shardlab(&["--json", "decode", "--layout", "sonyflake-v2", &id]).json();
    assert_eq!(
        sonyflake["fields"],
        json!({"sign": 0, "time": 100, "sequence": 5, "machine": 42})
    );
    assert_eq!(sonyflake["iso8601"], "2025-01-01T00:00:01.000Z");
}

#[test]
fn bad_family_ids_are_one_line_errors_naming_the_problem() {
    let cases: [(&str, &str, &str); 7] = [
        (
            "uuid",
            "017F22E2-79B0-7CC3-D8C4-DC0C0C07398F",
            "are 110, the Microsoft variant",
        ),
        (
            "uuid",
            "017F22E2-79B0-0CC3-98C4-DC0C0C07398F",
            "version (its 13th hex digit) is 0",
        ),
        (
            "ulid",
            "01ARZ3NDEKTSV4RRFFQ69G5FAU",
            "'U' at position 26 is not in a ULID's Crockford base32",
        ),
        (
            "ulid",
            "81ARZ3NDEKTSV4RRFFQ69G5FAV",
            "its first character is 0 to 7",
        ),
        (
            "ksuid",
            "0ujtsYcgv",
            "a KSUID has 27 characters; this one has 9",
        ),
        (
            "tsid",
            "18446744073709551616",
            "a TSID is 64 bits, so at most 18446744073709551615",
        ),
        ("objectid", "507f1f77bcf86cd79943901g", "'g' at position 24"),
    ];
    for (layout, id, expected) in cases {
        let run = shardlab(&["decode", "--layout", layout, id]);
        let line = run.error();
        assert!(line.contains(expected), "{layout} {id}: {line}");
    }
    let paste = "7".repeat(100_000);
    let line = shardlab(&["decode", "--layout", "uuid", &paste])
        .error()
        .to_owned();
    assert!(line.contains("at most 256 characters"), "{line:.200}");
}

#[test]
fn an_unknown_layout_lists_presets_and_families() {
    let line = shardlab(&["decode", "--layout", "flickr", "1"])
        .error()
        .to_owned();
    assert!(
        line.contains("uuid (or uuidv7), ulid, ksuid, objectid, tsid and sonyflake-v2"),
        "{line}"
    );
    // encode composes the families too: a ULID's 48-bit timestamp sits above 80 random bits,
    // and 80 = 16 × 5, so timestamp=1 is the 17th base32 character from the end.
    let ulid = shardlab(&["encode", "--layout", "ulid", "timestamp=1"]);
    assert_eq!(ulid.ok().trim(), "00000000010000000000000000");
}

#[test]
fn detect_ranks_a_twitter_snowflake_and_shows_discord_s_other_date() {
    let args = [
        "--json",
        "decode",
        "--detect",
        "--now",
        "2024-01-01T00:00:00Z",
        "1541815603606036480",
    ];
    let value = shardlab(&args).json();
    assert_eq!(value["id"], "1541815603606036480");
    assert_eq!(value["now_unix_ms"], json!(1_704_067_200_000_u64));
    let candidates = value["candidates"].as_array().expect("a list");
    assert_eq!(
        candidates[0],
        json!({
            "layout": "snowflake",
            "verdict": "plausible",
            "unix_ms": 1_656_432_460_105_u64,
            "iso8601": "2022-06-28T16:07:40.105Z"
        })
    );
    let discord = candidates
        .iter()
        .find(|candidate| candidate["layout"] == "discord")
        .expect("discord reads it");
    assert_eq!(discord["verdict"], "in_the_future");
    assert_eq!(discord["iso8601"], "2026-08-25T14:24:45.448Z");
    // Unix milliseconds work as --now too.
    let same = shardlab(&[
        "--json",
        "decode",
        "--detect",
        "--now",
        "1704067200000",
        "1541815603606036480",
    ])
    .json();
    assert_eq!(same, value);

    let text = shardlab(&args[1..]).ok().to_owned();
    let first = text.lines().nth(1).unwrap_or_default().to_owned();
    assert!(first.starts_with(" 1. snowflake"), "{text}");
    assert!(first.contains("plausible"), "{text}");
    assert!(
        text.contains("in the future  2026-08-25T14:24:45.448Z"),
        "{text}"
    );
}

#[test]
fn detect_says_a_tweet_read_after_the_epochs_gap_is_a_tie_with_discord() {
    let args = [
        "decode",
        "--detect",
        "--now",
        "2026-12-01T00:00:00Z",
        "1541815603606036480",
    ];
    let value = shardlab(&[&["--json"], &args[..]].concat()).json();
    assert_eq!(value["tie"]["layouts"], json!(["discord", "snowflake"]));
    assert_eq!(
        value["tie"]["epochs_apart_ms"],
        json!(1_420_070_400_000_u64 - 1_288_834_974_657)
    );
    let text = shardlab(&args).ok().to_owned();
    assert!(
        text.contains("1 and 2 are a tie: discord and snowflake count the same ticks from epochs 4 years apart"),
        "{text}"
    );
    // In 2024 Discord's reading was in the future: no tie.
    let before = shardlab(&[
        "--json",
        "decode",
        "--detect",
        "--now",
        "2024-01-01T00:00:00Z",
        "1541815603606036480",
    ])
    .json();
    assert!(before.get("tie").is_none(), "{before}");
}

#[test]
fn detect_names_a_uuid_s_version_and_refuses_what_nothing_reads() {
    let value = shardlab(&[
        "--json",
        "decode",
        "--detect",
        "--now",
        "2024-01-01",
        RFC_V7,
    ])
    .json();
    assert_eq!(
        value["candidates"],
        json!([{
            "layout": "uuid",
            "verdict": "plausible",
            "unix_ms": 1_645_557_742_000_u64,
            "iso8601": "2022-02-22T19:22:22.000Z",
            "uuid_version": "7"
        }])
    );
    let text = shardlab(&["decode", "--detect", "--now", "2024-01-01", RFC_V7])
        .ok()
        .to_owned();
    assert!(text.contains("(UUID version 7 (Unix time))"), "{text}");

    let line = shardlab(&["decode", "--detect", "not an id"])
        .error()
        .to_owned();
    assert!(line.contains("no layout reads \"not an id\""), "{line}");
    let line = shardlab(&["decode", "--detect", "--now", "soon", "5"])
        .error()
        .to_owned();
    assert!(line.starts_with("error: --now:"), "{line}");
    let both = shardlab(&["decode", "--detect", "--layout", "uuid", RFC_V7]);
    assert!(both.error().contains("cannot be used with"));
}
