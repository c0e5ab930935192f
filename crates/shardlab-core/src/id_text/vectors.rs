//! The published vectors: each family's example from its own specification or reference
//! implementation, with the expected bytes worked out independently of this module (by the
//! oracle crates, or from the numbers the publication gives).

use std::error::Error;

// `::` because `super::*` brings this module's own `uuid` into scope.
use ::ulid::Ulid;
use ::uuid::Uuid;

use crate::layout::parse_iso_utc;

use super::*;

/// A vector that does not parse fails its test through `?`.
type Checked = Result<(), Box<dyn Error>>;

/// RFC 9562, appendix A.6: the UUIDv7 example.
const RFC_V7: &str = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F";

/// RFC 9562, appendix A.3: the UUIDv4 example.
const RFC_V4: &str = "919108F7-52D1-4320-9BAC-F847DB4148A8";

/// The ULID spec's example.
const SPEC_ULID: &str = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

/// segmentio/ksuid's README example, and the timestamp and payload it gives for it.
const README_KSUID: &str = "0ujtsYcgvSTl8PAuAdqWYSMnLOv";
const README_KSUID_TIMESTAMP: u32 = 107_608_047;
const README_KSUID_PAYLOAD: &str = "B5A1CD34B5F99D1154FB6853345C9735";

/// KSUID's epoch, in Unix seconds.
const KSUID_EPOCH_SECONDS: u64 = 1_400_000_000;

/// The ObjectId of MongoDB's documentation.
const DOCS_OBJECT_ID: &str = "507f1f77bcf86cd799439011";

/// The first 48 bits of `bytes`, big-endian: the millisecond timestamp of a UUIDv7 and a ULID.
fn first_48_bits(bytes: &[u8]) -> Option<u64> {
    let [a, b, c, d, e, f, ..] = *bytes else {
        return None;
    };
    Some(u64::from_be_bytes([0, 0, a, b, c, d, e, f]))
}

#[test]
fn rfc_9562_uuid_v7() -> Checked {
    let oracle = Uuid::parse_str(RFC_V7)?;
    assert_eq!(oracle.get_version_num(), 7);
    let ours = TextForm::Uuid.parse(RFC_V7)?;
    assert_eq!(ours.bits(), 128);
    assert_eq!(ours.as_bytes(), oracle.as_bytes());
    // The RFC's timestamp: Tuesday, February 22, 2022 2:22:22.00 PM GMT-05:00.
    assert_eq!(
        first_48_bits(ours.as_bytes()),
        Some(parse_iso_utc("2022-02-22T19:22:22Z")?)
    );
    assert_eq!(
        TextForm::Uuid.format(&ours)?,
        oracle.hyphenated().to_string()
    );
    assert_eq!(
        TextForm::Uuid.format(&ours)?,
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"
    );
    Ok(())
}

#[test]
fn rfc_9562_uuid_v4() -> Checked {
    let oracle = Uuid::parse_str(RFC_V4)?;
    assert_eq!(oracle.get_version_num(), 4);
    let ours = TextForm::Uuid.parse(RFC_V4)?;
    assert_eq!(ours.as_u128(), Some(oracle.as_u128()));
    assert_eq!(
        TextForm::Uuid.format(&ours)?,
        oracle.hyphenated().to_string()
    );
    Ok(())
}

#[test]
fn the_ulid_spec_example() -> Checked {
    // ulid's errors are std errors only with its std feature, which is off.
    let oracle = Ulid::from_string(SPEC_ULID).map_err(|error| error.to_string())?;
    let ours = TextForm::Crockford32.parse(SPEC_ULID)?;
    assert_eq!(ours.bits(), 128);
    assert_eq!(ours.as_bytes(), oracle.to_bytes());
    assert_eq!(first_48_bits(ours.as_bytes()), Some(oracle.timestamp_ms()));
    assert_eq!(TextForm::Crockford32.format(&ours)?, SPEC_ULID);
    assert_eq!(TextForm::Crockford32.format(&ours)?, oracle.to_string());
    Ok(())
}

#[test]
fn the_ksuid_readme_example() -> Checked {
    assert_eq!(README_KSUID_TIMESTAMP, 0x0669_F7EF);
    let mut expected = README_KSUID_TIMESTAMP.to_be_bytes().to_vec();
    expected.extend(u128::from_str_radix(README_KSUID_PAYLOAD, 16)?.to_be_bytes());
    let ours = TextForm::Base62.parse(README_KSUID)?;
    assert_eq!(ours.bits(), 160);
    assert_eq!(ours.as_bytes(), expected);
    assert_eq!(TextForm::Base62.format(&ours)?, README_KSUID);
    // The README's time for it, 2017-10-09 21:00:47 -0700, is that timestamp after the epoch.
    let seconds = u64::from(README_KSUID_TIMESTAMP).checked_add(KSUID_EPOCH_SECONDS);
    assert_eq!(
        seconds.and_then(|s| s.checked_mul(1_000)),
        Some(parse_iso_utc("2017-10-10T04:00:47Z")?)
    );
    Ok(())
}

#[test]
fn the_mongodb_docs_object_id() -> Checked {
    let value = u128::from_str_radix(DOCS_OBJECT_ID, 16)?;
    let expected = value.to_be_bytes().get(4..).map(<[u8]>::to_vec);
    let ours = TextForm::ObjectId.parse(DOCS_OBJECT_ID)?;
    assert_eq!(ours.bits(), 96);
    assert_eq!(Some(ours.as_bytes().to_vec()), expected);
    // Its first 4 bytes are the seconds of the timestamp MongoDB's docs give for it.
    let seconds = ours
        .as_bytes()
        .first_chunk()
        .map(|&four| u32::from_be_bytes(four));
    assert_eq!(
        seconds.and_then(|s| u64::from(s).checked_mul(1_000)),
        Some(parse_iso_utc("2012-10-17T21:13:27Z")?)
    );
    assert_eq!(
        TextForm::ObjectId.format(&ours)?,
        "ObjectId(\"507f1f77bcf86cd799439011\")"
    );
    Ok(())
}
