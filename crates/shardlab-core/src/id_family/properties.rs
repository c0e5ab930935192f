//! Property tests: composing and decoding are inverse on random field values in every layout,
//! the UUID and ULID readings agree with the `uuid` and `ulid` crates on random IDs, every text
//! form round-trips through its family, and no text makes a parse, a decode or the ranking panic.

use proptest::prelude::*;
// `::` because `super::*` brings this module's own `uuid` into scope.
use ::ulid::Ulid;
use ::uuid::{Builder, Uuid, Variant};

use super::*;

/// Every layout: each family's, and every UUID kind.
fn every_layout() -> Vec<WideLayout> {
    let uuids = UuidVersion::ALL
        .into_iter()
        .map(UuidKind::Rfc9562)
        .chain([UuidKind::Nil, UuidKind::Max])
        .map(WideLayout::Uuid);
    IdFamily::ALL
        .into_iter()
        .filter_map(IdFamily::fixed_layout)
        .chain(uuids)
        .collect()
}

/// A layout and random values for its fields: each below 2^width, the fixed ones at their value.
fn layout_and_values() -> impl Strategy<Value = (WideLayout, Vec<u128>)> {
    prop::sample::select(every_layout()).prop_flat_map(|layout| {
        let values: Vec<BoxedStrategy<u128>> = layout
            .fields()
            .iter()
            .map(|field| match layout.fixed_value(field.role) {
                Some(fixed) => Just(fixed).boxed(),
                None => {
                    let mask = u128::MAX >> u128::BITS.saturating_sub(field.width);
                    any::<u128>().prop_map(move |value| value & mask).boxed()
                }
            })
            .collect();
        (Just(layout), values)
    })
}

/// What a UUID's kind is, as the `uuid` crate reads it; `None` where it reads no kind.
fn oracle_kind(uuid: &Uuid) -> Option<UuidKind> {
    if uuid.is_nil() {
        return Some(UuidKind::Nil);
    }
    if uuid.is_max() {
        return Some(UuidKind::Max);
    }
    if uuid.get_variant() != Variant::RFC4122 {
        return None;
    }
    let number = u8::try_from(uuid.get_version_num()).ok()?;
    UuidVersion::from_number(number).map(UuidKind::Rfc9562)
}

proptest! {
    #[test]
    fn compose_and_decode_are_inverse((layout, values) in layout_and_values()) {
        let Ok(id) = layout.compose(&values) else {
            return Err(TestCaseError::fail(format!("{layout:?} {values:?} does not compose")));
        };
        let decoded = layout.family().decode(&id);
        // A UUID composed as v4 whose random bits happen to be all zeros or ones is still a v4:
        // Nil and Max need their version and variant bits too.
        prop_assert_eq!(decoded.as_ref().map(|d| d.layout), Ok(layout));
        prop_assert_eq!(decoded.map(|d| d.values()), Ok(values));
    }

    #[test]
    fn every_text_form_round_trips_through_its_family((layout, values) in layout_and_values()) {
        let family = layout.family();
        let Ok(id) = layout.compose(&values) else {
            return Err(TestCaseError::fail(format!("{layout:?} {values:?} does not compose")));
        };
        for &form in family.text_forms() {
            let text = form.format(&id);
            prop_assert!(text.is_ok());
            let text = text.unwrap_or_default();
            prop_assert_eq!(family.parse(&text), Ok(id), "{} {}", form, text);
        }
    }

    #[test]
    fn uuids_agree_with_the_uuid_crate(value in any::<u128>(), version in 0u8..16, variant in 0u8..8) {
        // Random bits with a random version nibble and variant bits, so every kind comes up.
        let value = (value & !(0xF << 76) & !(0b111 << 61))
            | (u128::from(version) << 76)
            | (u128::from(variant) << 61);
        let oracle = Uuid::from_u128(value);
        let ours = IdFamily::Uuid.read(&oracle.hyphenated().to_string());
        prop_assert_eq!(ours.as_ref().ok().map(|d| d.layout), oracle_kind(&oracle).map(WideLayout::Uuid));
        if let Ok(decoded) = ours {
            let oracle_ms = oracle.get_timestamp().and_then(|time| {
                let (seconds, nanos) = time.to_unix();
                let ms = seconds.checked_mul(1_000)?.checked_add(u64::from(nanos / 1_000_000))?;
                i64::try_from(ms).ok()
            });
            let ours_ms = decoded.time.map(|time| time.unix_ms);
            // The uuid crate reads v1 and v6 times before 1970 as wrapped; compare from 1970 on.
            if ours_ms.is_none_or(|ms| ms >= 0) {
                prop_assert_eq!(ours_ms, oracle_ms);
            }
        }
    }

    #[test]
    fn v7_times_agree_with_the_uuid_crate_s_builder(millis in 0u64..(1 << 48), random in any::<[u8; 10]>()) {
        let oracle = Builder::from_unix_timestamp_millis(millis, &random).into_uuid();
        let ours = IdFamily::Uuid.read(&oracle.simple().to_string());
        prop_assert_eq!(ours.as_ref().ok().and_then(|d| d.value("unix_ts_ms")), Some(u128::from(millis)));
        prop_assert_eq!(ours.ok().and_then(|d| d.time).map(|t| t.unix_ms), i64::try_from(millis).ok());
    }

    #[test]
    fn v1_and_v6_agree_with_the_uuid_crate_s_builder(ticks in 0u64..(1 << 60), counter in 0u16..(1 << 14), node in any::<[u8; 6]>()) {
        for oracle in [
            Builder::from_gregorian_timestamp(ticks, counter, &node).into_uuid(),
            Builder::from_sorted_gregorian_timestamp(ticks, counter, &node).into_uuid(),
        ] {
            let ours = IdFamily::Uuid.read(&oracle.to_string());
            let ours = ours.as_ref().ok();
            prop_assert_eq!(ours.and_then(|d| d.time).map(|t| t.ticks), Some(u128::from(ticks)));
            prop_assert_eq!(ours.and_then(|d| d.value("clock_seq")), Some(u128::from(counter)));
        }
    }

    #[test]
    fn ulids_agree_with_the_ulid_crate(value in any::<u128>()) {
        let oracle = Ulid(value);
        let ours = IdFamily::Ulid.read(&oracle.to_string());
        let ours = ours.as_ref().ok();
        prop_assert_eq!(ours.and_then(|d| d.value("timestamp")), Some(u128::from(oracle.timestamp_ms())));
        prop_assert_eq!(ours.and_then(|d| d.value("randomness")), Some(oracle.random()));
    }

    #[test]
    fn no_text_makes_anything_panic(text in any::<String>(), now in any::<i64>()) {
        for family in IdFamily::ALL {
            let _ = family.read(&text);
        }
        let ranked = rank(&text, now);
        prop_assert!(ranked.len() <= Reading::ALL.len());
    }

    #[test]
    fn no_id_like_text_makes_anything_panic(text in "[0-9A-Za-z{}\"()_ -]{0,60}", now in any::<i64>()) {
        for family in IdFamily::ALL {
            let _ = family.read(&text);
        }
        let ranked = rank(&text, now);
        // The ranking's order: standing never goes back.
        let standings: Vec<u8> = ranked.iter().map(|c| match c.plausibility {
            Plausibility::Plausible => 0,
            Plausibility::NoTime => 1,
            Plausibility::BeforeEpoch { .. } => 2,
            Plausibility::InTheFuture => 3,
        }).collect();
        prop_assert!(standings.windows(2).all(|pair| pair[0] <= pair[1]));
    }
}
