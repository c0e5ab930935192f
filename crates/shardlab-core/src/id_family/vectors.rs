//! The published UUID and ULID vectors checked against the `uuid` and `ulid` crates: each
//! crate's reading of the version, variant, time and fields against ours.

use std::error::Error;

// `::` because `super::*` brings this module's own `uuid` into scope.
use ::ulid::Ulid;
use ::uuid::{Uuid, Variant, Version};

use super::*;

/// A vector that does not parse fails its test through `?`.
type Checked = Result<(), Box<dyn Error>>;

/// RFC 9562, appendix A: v1 (A.1), v3 (A.2), v4 (A.3), v5 (A.4), v6 (A.5), v7 (A.6), and v8
/// (B.1 and B.2). A.1's and A.5's tables give the node as 0x9F6BDECED846 where their final hex
/// reads 9E6B…; the hex is used, and the node is checked against whatever it holds.
const RFC_VECTORS: [(&str, u8); 8] = [
    ("C232AB00-9414-11EC-B3C8-9E6BDECED846", 1),
    ("5df41881-3aed-3515-88a7-2f4a814cf09e", 3),
    ("919108f7-52d1-4320-9bac-f847db4148a8", 4),
    ("2ed6657d-e927-568b-95e1-2665a8aea6a2", 5),
    ("1EC9414C-232A-6B00-B3C8-9E6BDECED846", 6),
    ("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", 7),
    ("2489E9AD-2EE2-8E00-8EC9-32D5F69181C0", 8),
    ("5c146b14-3c52-8afd-938a-375d0df1fbf6", 8),
];

/// The Unix ms of a `uuid` timestamp, rounded down as ours is.
fn oracle_unix_ms(uuid: &Uuid) -> Option<i64> {
    let (seconds, nanos) = uuid.get_timestamp()?.to_unix();
    let ms = seconds
        .checked_mul(1_000)?
        .checked_add(u64::from(nanos / 1_000_000))?;
    i64::try_from(ms).ok()
}

#[test]
fn rfc_9562_vectors_agree_with_the_uuid_crate() -> Checked {
    for (text, number) in RFC_VECTORS {
        let oracle = Uuid::parse_str(text)?;
        assert_eq!(oracle.get_variant(), Variant::RFC4122, "{text}");
        assert_eq!(oracle.get_version_num(), usize::from(number), "{text}");
        let decoded = IdFamily::Uuid.read(text)?;
        let version = UuidVersion::from_number(number).ok_or("a version 1 to 8")?;
        assert_eq!(decoded.layout, WideLayout::Uuid(UuidKind::Rfc9562(version)));
        assert_eq!(decoded.value("ver"), Some(u128::from(number)));
        assert_eq!(decoded.id.as_u128(), Some(oracle.as_u128()));
        assert_eq!(
            decoded.time.map(|t| t.unix_ms),
            oracle_unix_ms(&oracle),
            "{text}"
        );
        assert_eq!(decoded.layout.compose(&decoded.values())?, decoded.id);
    }
    Ok(())
}

#[test]
fn v1_and_v6_ticks_and_clock_sequence_agree_with_the_uuid_crate() -> Checked {
    for text in [RFC_VECTORS[0].0, RFC_VECTORS[4].0] {
        let oracle = Uuid::parse_str(text)?;
        let (ticks, counter) = oracle
            .get_timestamp()
            .ok_or("a time-based UUID")?
            .to_gregorian();
        let decoded = IdFamily::Uuid.read(text)?;
        assert_eq!(decoded.time.map(|t| t.ticks), Some(u128::from(ticks)));
        assert_eq!(decoded.value("clock_seq"), Some(u128::from(counter)));
        let node = oracle.get_node_id().ok_or("a node")?;
        let mut node_bytes = [0u8; 8];
        node_bytes[2..].copy_from_slice(&node);
        assert_eq!(
            decoded.value("node"),
            Some(u128::from(u64::from_be_bytes(node_bytes)))
        );
    }
    Ok(())
}

#[test]
fn nil_max_and_other_variants_agree_with_the_uuid_crate() -> Checked {
    assert!(Uuid::nil().is_nil());
    assert_eq!(
        IdFamily::Uuid.read(&Uuid::nil().to_string())?.layout,
        WideLayout::Uuid(UuidKind::Nil)
    );
    assert_eq!(
        IdFamily::Uuid.read(&Uuid::max().to_string())?.layout,
        WideLayout::Uuid(UuidKind::Max)
    );
    for (text, variant, ours) in [
        (
            "017F22E2-79B0-7CC3-18C4-DC0C0C07398F",
            Variant::NCS,
            UuidVariant::Ncs,
        ),
        (
            "017F22E2-79B0-7CC3-D8C4-DC0C0C07398F",
            Variant::Microsoft,
            UuidVariant::Microsoft,
        ),
        (
            "017F22E2-79B0-7CC3-F8C4-DC0C0C07398F",
            Variant::Future,
            UuidVariant::Future,
        ),
    ] {
        assert_eq!(Uuid::parse_str(text)?.get_variant(), variant);
        assert_eq!(
            IdFamily::Uuid.read(text),
            Err(FamilyError::UuidVariant { variant: ours })
        );
    }
    assert_eq!(
        Uuid::parse_str("017F22E2-79B0-FCC3-98C4-DC0C0C07398F")?.get_version(),
        None::<Version>
    );
    Ok(())
}

#[test]
fn the_ulid_spec_example_agrees_with_the_ulid_crate() -> Checked {
    let text = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    let oracle = Ulid::from_string(text).map_err(|error| error.to_string())?;
    let decoded = IdFamily::Ulid.read(text)?;
    assert_eq!(
        decoded.value("timestamp"),
        Some(u128::from(oracle.timestamp_ms()))
    );
    assert_eq!(decoded.value("randomness"), Some(oracle.random()));
    assert_eq!(
        decoded.time.map(|t| t.unix_ms),
        i64::try_from(oracle.timestamp_ms()).ok()
    );
    Ok(())
}
