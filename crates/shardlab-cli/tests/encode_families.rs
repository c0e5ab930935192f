//! `shardlab encode` with the ID families: named fields composed into the family's text form,
//! checked against published vectors.

#![allow(clippy::expect_used)]

mod support;

use serde_json::json;
use support::shardlab;

#[test]
fn uuidv7_composes_the_rfc_example() {
    // RFC 9562, appendix A.6: unix_ts_ms 0x017F22E279B0, rand_a 0xCC3, rand_b 0x18C4DC0C0C07398F.
    let fields = [
        "unix_ts_ms=0x017F22E279B0",
        "rand_a=0xCC3",
        "rand_b=0x18C4DC0C0C07398F",
    ];
    let mut args = vec!["encode", "--layout", "uuidv7"];
    args.extend(fields);
    assert_eq!(
        shardlab(&args).ok().trim(),
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"
    );
    // --layout uuid with ver=7 is the same UUID; --json gives the decode object.
    let mut args = vec!["--json", "encode", "--layout", "uuid", "ver=7"];
    args.extend(fields);
    let value = shardlab(&args).json();
    assert_eq!(value["id"], "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    assert_eq!(value["unix_ms"], json!(0x017F_22E2_79B0_u64));
}

#[test]
fn the_other_families_print_their_own_text() {
    // segmentio/ksuid's README example.
    let ksuid = shardlab(&[
        "encode",
        "--layout",
        "ksuid",
        "timestamp=107608047",
        "payload=0xB5A1CD34B5F99D1154FB6853345C9735",
    ]);
    assert_eq!(ksuid.ok().trim(), "0ujtsYcgvSTl8PAuAdqWYSMnLOv");
    // A TSID of time 1, node 0, counter 0 is 1 << 22 = 4 × 32^4: in 13 Crockford characters
    // of 5 bits, the fifth from the end is 4 and the rest are 0.
    let tsid = shardlab(&["encode", "--layout", "tsid", "time=1"]);
    assert_eq!(tsid.ok().trim(), "0000000040000");
    // Sonyflake v2 is a decimal int64: tick 1 << 24 | sequence 2 << 16 | machine 3.
    let sonyflake = shardlab(&[
        "encode",
        "--layout",
        "sonyflake-v2",
        "time=1",
        "sequence=2",
        "machine=3",
    ]);
    assert_eq!(
        sonyflake.ok().trim(),
        ((1u64 << 24) | (2 << 16) | 3).to_string()
    );
}

#[test]
fn family_errors_name_the_field_and_its_width() {
    let wide = shardlab(&["encode", "--layout", "tsid", "node=1024"]);
    assert_eq!(
        wide.error(),
        "error: the field node is 10 bits wide, so its value is at most 1023"
    );
    let versionless = shardlab(&["encode", "--layout", "uuid", "rand_a=1"]);
    assert!(versionless.error().contains("give ver=1 … ver=8"));
    let clash = shardlab(&["encode", "--layout", "uuidv7", "ver=4"]);
    assert_eq!(
        clash.error(),
        "error: the field ver is fixed at 7 in this layout; 4 was given"
    );
    let unknown = shardlab(&["encode", "--layout", "ulid", "shard=1"]);
    assert!(unknown
        .error()
        .contains("ULID has no field called \"shard\"; its fields are timestamp, randomness"));
}
