//! The families' tables, decodes of published examples worked out by hand from their sources,
//! the errors, composing, and the ranking. The oracle crates' checks are in `vectors.rs` and
//! `properties.rs`.

use super::*;
use crate::id_text::{IdTextError, TextForm, WideId};
use crate::layout::{parse_iso_utc, Preset};

/// Unix ms of an ISO-8601 UTC time, as a signed number.
fn at(iso: &str) -> i64 {
    parse_iso_utc(iso)
        .ok()
        .and_then(|ms| i64::try_from(ms).ok())
        .unwrap_or(i64::MIN)
}

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

#[test]
fn names_and_aliases() {
    let names: Vec<&str> = IdFamily::ALL.iter().map(|family| family.name()).collect();
    assert_eq!(
        names,
        ["uuid", "ulid", "ksuid", "objectid", "tsid", "sonyflake-v2"]
    );
    for family in IdFamily::ALL {
        assert_eq!(IdFamily::from_name(family.name()), Ok(family));
    }
    assert_eq!(IdFamily::from_name(" uuidV7 "), Ok(IdFamily::Uuid));
    assert_eq!(
        IdFamily::from_name("flake").map_err(|error| error.to_string()),
        Err(
            "there is no ID family called \"flake\"; the families are uuid (or uuidv7), ulid, \
             ksuid, objectid, tsid and sonyflake-v2"
                .to_owned()
        )
    );
}

#[test]
fn every_reading_is_found_by_its_name() {
    for reading in Reading::ALL {
        assert_eq!(Reading::from_name(reading.name()), Ok(reading));
    }
    assert_eq!(
        Reading::from_name("UUIDV7"),
        Ok(Reading::Family(IdFamily::Uuid))
    );
    assert_eq!(
        Reading::from_name("flickr").map_err(|error| error.to_string()),
        Err(
            "there is no layout called \"flickr\"; the layouts are pinterest, instagram, \
             snowflake, discord, sonyflake, uuid (or uuidv7), ulid, ksuid, objectid, tsid and \
             sonyflake-v2"
                .to_owned()
        )
    );
}

#[test]
fn every_layout_fills_its_family_s_width_and_names_its_time_fields() {
    for layout in every_layout() {
        let widths: u32 = layout.fields().iter().map(|field| field.width).sum();
        assert_eq!(widths, layout.family().bits(), "{layout:?}");
        assert!(layout.fields().iter().all(|field| field.width <= 128));
        for name in layout.time_fields() {
            let role = layout
                .fields()
                .iter()
                .find(|field| field.name == *name)
                .map(|field| field.role);
            assert_eq!(role, Some(WideFieldRole::Time), "{layout:?} {name}");
        }
        assert_eq!(
            layout.time_base().is_some(),
            !layout.time_fields().is_empty()
        );
        // The canonical form carries the family's width.
        assert!(layout.family().canonical_form().max_bits() >= layout.bits());
    }
}

#[test]
fn the_epochs_are_the_dates_their_sources_give() {
    assert_eq!(KSUID_EPOCH_UNIX_MS, at("2014-05-13T16:53:20Z"));
    assert_eq!(TSID_EPOCH_UNIX_MS, at("2020-01-01T00:00:00Z"));
    assert_eq!(SONYFLAKE_V2_EPOCH_UNIX_MS, at("2025-01-01T00:00:00Z"));
    // 1582-10-15 is 141,427 days before 1970-01-01.
    assert_eq!(GREGORIAN_EPOCH_UNIX_MS, -141_427 * 86_400_000);
}

#[test]
fn the_ksuid_readme_example() {
    // segmentio/ksuid's README: `ksuid -f inspect 0ujtsYcgvSTl8PAuAdqWYSMnLOv` prints
    // Timestamp 107608047, Payload B5A1CD34B5F99D1154FB6853345C9735, 2017-10-09 21:00:47 -0700.
    let decoded = IdFamily::Ksuid.read("0ujtsYcgvSTl8PAuAdqWYSMnLOv");
    let decoded = decoded.as_ref().ok();
    assert_eq!(
        decoded.and_then(|d| d.value("timestamp")),
        Some(107_608_047)
    );
    assert_eq!(
        decoded.and_then(|d| d.value("payload")),
        Some(0xB5A1_CD34_B5F9_9D11_54FB_6853_345C_9735)
    );
    let time = decoded.and_then(|d| d.time);
    assert_eq!(time.map(|t| t.unix_ms), Some(at("2017-10-10T04:00:47Z")));
    assert_eq!(
        time.and_then(|t| t.iso8601()).as_deref(),
        Some("2017-10-10T04:00:47.000Z")
    );
    let back = decoded.map(|d| WideLayout::Ksuid.compose(&d.values()));
    assert_eq!(back, decoded.map(|d| Ok(d.id)));
}

#[test]
fn the_mongodb_docs_object_id() {
    // MongoDB's ObjectId page: ObjectId("507f1f77bcf86cd799439011"), whose getTimestamp() is
    // 2012-10-17T21:13:27Z; 4 bytes of seconds, 5 random bytes, a 3-byte counter.
    let decoded = IdFamily::ObjectId.read("ObjectId(\"507f1f77bcf86cd799439011\")");
    let decoded = decoded.as_ref().ok();
    assert_eq!(
        decoded.map(DecodedId::values),
        Some(vec![0x507f_1f77, 0xbc_f86c_d799, 0x43_9011])
    );
    assert_eq!(
        decoded.and_then(|d| d.time).map(|t| t.unix_ms),
        Some(at("2012-10-17T21:13:27Z"))
    );
}

#[test]
fn the_tsid_readme_sequences_change_time_where_it_says() {
    // tsid-creator's README lists TSIDs made one after another, as numbers and as text, and
    // marks where the millisecond changed; the counter counts up within it.
    let numbers = [
        "38352658567418867",
        "38352658567418868",
        "38352658567418874",
        "38352658573940759",
    ];
    let texts = [
        "01226N0640J7K",
        "01226N0640J7M",
        "01226N0640J7T",
        "01226N0693HDA",
    ];
    for sequence in [numbers, texts] {
        let decoded: Vec<DecodedId> = sequence
            .iter()
            .filter_map(|text| IdFamily::Tsid.read(text).ok())
            .collect();
        assert_eq!(decoded.len(), 4);
        let times: Vec<Option<u128>> = decoded.iter().map(|d| d.value("time")).collect();
        assert_eq!(times[0], times[1]);
        assert_eq!(times[1], times[2]);
        assert_ne!(times[2], times[3], "the millisecond changed");
        let counters: Vec<Option<u128>> = decoded.iter().map(|d| d.value("counter")).collect();
        assert_eq!(counters[1], counters[0].map(|c| c + 1));
        // Made in 2020, the year after the epoch.
        let year_2020 = at("2020-01-01T00:00:00Z")..at("2021-01-01T00:00:00Z");
        assert!(decoded
            .iter()
            .all(|d| d.time.is_some_and(|t| year_2020.contains(&t.unix_ms))));
    }
    // The number and the text name the same ID.
    assert_eq!(
        IdFamily::Tsid.parse("38358284406638839"),
        IdFamily::Tsid.parse("01226N0640J7Q")
    );
}

#[test]
fn sonyflake_v2_composes_as_its_compose_does() {
    // v2/sonyflake.go's Compose: elapsedTime<<(BitsSequence+BitsMachineID) |
    // sequence<<BitsMachineID | machineID, with 10 ms ticks since 2025-01-01.
    let id = WideLayout::SonyflakeV2.compose(&[0, 100, 5, 42]);
    let expected = (100u128 << 24) | (5 << 16) | 42;
    assert_eq!(id.map(|id| id.as_u128()), Ok(Some(expected)));
    let decoded = IdFamily::SonyflakeV2.read(&expected.to_string());
    assert_eq!(
        decoded.ok().and_then(|d| d.time).map(|t| t.unix_ms),
        Some(at("2025-01-01T00:00:01Z"))
    );
}

#[test]
fn uuid_versions_decode_into_their_own_fields() {
    // RFC 9562, appendix A.1 and A.5: the same time as v1 and as v6, 2022-02-22T19:22:22Z,
    // the 60-bit timestamp 0x1EC9414C232AB00.
    for text in [
        "C232AB00-9414-11EC-B3C8-9E6BDECED846",
        "1EC9414C-232A-6B00-B3C8-9E6BDECED846",
    ] {
        let decoded = IdFamily::Uuid.read(text);
        let decoded = decoded.as_ref().ok();
        assert_eq!(
            decoded.and_then(|d| d.time),
            Some(WideTime {
                ticks: 0x1EC_9414_C232_AB00,
                unix_ms: at("2022-02-22T19:22:22Z")
            }),
            "{text}"
        );
        assert_eq!(decoded.and_then(|d| d.value("clock_seq")), Some(0x33C8));
        assert_eq!(decoded.and_then(|d| d.value("var")), Some(0b10));
    }
    let v1 = IdFamily::Uuid.read("C232AB00-9414-11EC-B3C8-9E6BDECED846");
    assert_eq!(
        v1.map(|d| (d.layout, d.value("time_low"), d.value("time_high"))),
        Ok((
            WideLayout::Uuid(UuidKind::Rfc9562(UuidVersion::GregorianTime)),
            Some(0xC232_AB00),
            Some(0x1EC)
        ))
    );
    // RFC 9562, appendix A.3: a v4 has no time.
    let v4 = IdFamily::Uuid.read("919108f7-52d1-4320-9bac-f847db4148a8");
    assert_eq!(
        v4.as_ref().map(|d| (d.layout, d.time)),
        Ok((
            WideLayout::Uuid(UuidKind::Rfc9562(UuidVersion::Random)),
            None
        ))
    );
    assert_eq!(v4.map(|d| d.value("ver")), Ok(Some(4)));
}

#[test]
fn nil_and_max_are_special_values() {
    let nil = IdFamily::Uuid.read("00000000-0000-0000-0000-000000000000");
    assert_eq!(
        nil.map(|d| (d.layout, d.values(), d.time)),
        Ok((WideLayout::Uuid(UuidKind::Nil), vec![0], None))
    );
    let max = IdFamily::Uuid.read("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF");
    assert_eq!(
        max.map(|d| (d.layout, d.values())),
        Ok((WideLayout::Uuid(UuidKind::Max), vec![u128::MAX]))
    );
    assert_eq!(WideLayout::Uuid(UuidKind::Max).title(), "the Max UUID");
}

#[test]
fn a_uuid_of_another_variant_or_an_unused_version_is_named() {
    // The 17th hex digit is d: 110x, Microsoft's.
    let microsoft = IdFamily::Uuid.read("017F22E2-79B0-7CC3-D8C4-DC0C0C07398F");
    assert_eq!(
        microsoft,
        Err(FamilyError::UuidVariant {
            variant: UuidVariant::Microsoft
        })
    );
    assert_eq!(
        microsoft.map_err(|error| error.to_string()),
        Err(
            "this UUID's variant bits (the top of its 17th hex digit) are 110, the Microsoft \
             variant; only RFC 9562's variant (10x: the digit is 8, 9, a or b) has versions and \
             fields"
                .to_owned()
        )
    );
    assert_eq!(
        IdFamily::Uuid.read("017F22E2-79B0-7CC3-18C4-DC0C0C07398F"),
        Err(FamilyError::UuidVariant {
            variant: UuidVariant::Ncs
        })
    );
    let unused = IdFamily::Uuid.read("017F22E2-79B0-FCC3-98C4-DC0C0C07398F");
    assert_eq!(unused, Err(FamilyError::UuidVersion { version: 15 }));
    assert_eq!(
        unused.map_err(|error| error.to_string()),
        Err(
            "this UUID's version (its 13th hex digit) is F; RFC 9562 defines versions 1 to 8"
                .to_owned()
        )
    );
}

#[test]
fn bad_text_names_the_limit_or_the_character() {
    assert_eq!(
        IdFamily::Ulid.read("01ARZ3NDEKTSV4RRFFQ69G5FA"),
        Err(FamilyError::Text {
            family: IdFamily::Ulid,
            error: IdTextError::WrongLength {
                form: TextForm::Crockford32,
                found: 25,
                expected: crate::id_text::ExpectedLength::Exactly(26)
            }
        })
    );
    let bad = IdFamily::Ksuid.read("0ujtsYcgvSTl8PAuAdqWYSMnL-v");
    assert_eq!(
        bad.map_err(|error| error.to_string()),
        Err("'-' at position 26 is not in a KSUID's base62: 0-9, A-Z and a-z".to_owned())
    );
    let paste = "1".repeat(1_000_000);
    for family in IdFamily::ALL {
        assert_eq!(
            family.read(&paste),
            Err(FamilyError::Text {
                family,
                error: IdTextError::TooLong { limit: 256 }
            })
        );
    }
    // A number past 64 bits is too large for a TSID, said as such.
    let wide = IdFamily::Tsid.read("18446744073709551616");
    assert_eq!(
        wide.map_err(|error| error.to_string()),
        Err("a TSID is 64 bits, so at most 18446744073709551615; this number is larger".to_owned())
    );
    // A ULID whose first character overflows 48 bits of time.
    assert!(matches!(
        IdFamily::Ulid.read("80000000000000000000000000"),
        Err(FamilyError::Text {
            error: IdTextError::Overflow { .. },
            ..
        })
    ));
}

#[test]
fn an_id_of_another_width_is_refused() {
    let short = WideId::from_u128(5, 64);
    assert_eq!(
        short.map(|id| IdFamily::Uuid.decode(&id)),
        Ok(Err(FamilyError::Width {
            family: IdFamily::Uuid,
            found: 64
        }))
    );
    assert_eq!(
        FamilyError::Width {
            family: IdFamily::Ksuid,
            found: 128
        }
        .to_string(),
        "a KSUID is 160 bits; this ID is 128"
    );
}

#[test]
fn compose_checks_count_widths_and_fixed_fields() {
    assert_eq!(
        WideLayout::Ulid.compose(&[1]),
        Err(ComposeWideError::FieldCount {
            expected: 2,
            found: 1
        })
    );
    assert_eq!(
        WideLayout::Tsid.compose(&[0, 1024, 0]),
        Err(ComposeWideError::TooLarge {
            field: "node",
            width: 10
        })
    );
    let v7 = WideLayout::Uuid(UuidKind::Rfc9562(UuidVersion::UnixTime));
    assert_eq!(
        v7.compose(&[1, 4, 0, 2, 0]),
        Err(ComposeWideError::Fixed {
            field: "ver",
            expected: 7,
            found: 4
        })
    );
    assert_eq!(
        ComposeWideError::TooLarge {
            field: "node",
            width: 10
        }
        .to_string(),
        "the field node is 10 bits wide, so its value is at most 1023"
    );
    // RFC 9562, appendix A.6: the v7 example from its fields.
    let example = v7.compose(&[0x017F_22E2_79B0, 7, 0xCC3, 0b10, 0x18C4_DC0C_0C07_398F]);
    assert_eq!(
        example.map(|id| TextForm::Uuid.format(&id)),
        Ok(Ok("017f22e2-79b0-7cc3-98c4-dc0c0c07398f".to_owned()))
    );
}

/// 2024-01-01T00:00:00Z, the "now" of the ranking tests.
fn new_year_2024() -> i64 {
    at("2024-01-01T00:00:00Z")
}

#[test]
fn a_twitter_snowflake_ranks_twitter_first_and_discord_in_the_future() {
    let ranked = rank("1541815603606036480", new_year_2024());
    let names: Vec<&str> = ranked.iter().map(|c| c.reading.name()).collect();
    assert_eq!(
        names,
        [
            "snowflake",
            "instagram",
            "pinterest",
            "discord",
            "sonyflake",
            "sonyflake-v2",
            "tsid"
        ]
    );
    assert_eq!(ranked[0].plausibility, Plausibility::Plausible);
    assert_eq!(ranked[0].unix_ms, Some(at("2022-06-28T16:07:40.105Z")));
    assert_eq!(ranked[2].plausibility, Plausibility::NoTime);
    // Discord's epoch is 2015, so the same number is a Discord ID from 2026.
    assert_eq!(ranked[3].plausibility, Plausibility::InTheFuture);
    assert_eq!(ranked[3].unix_ms, Some(at("2026-08-25T14:24:45.448Z")));
}

#[test]
fn a_recent_discord_id_ranks_discord_first() {
    // A Discord ID made on 2023-12-01, ranked a month later: Twitter's reading of it is four
    // years earlier, plausible but further from now.
    let made = at("2023-12-01T00:00:00Z");
    let discord = Preset::Discord.layout();
    let ticks = u64::try_from(made.saturating_sub(1_420_070_400_000)).unwrap_or(0);
    let id = discord.compose(&[ticks, 1, 0, 7]).unwrap_or(0);
    let ranked = rank(&id.to_string(), new_year_2024());
    assert_eq!(ranked[0].reading, Reading::Preset(Preset::Discord));
    assert_eq!(ranked[0].unix_ms, Some(made));
    assert_eq!(ranked[1].reading, Reading::Preset(Preset::Snowflake));
    assert_eq!(ranked[1].plausibility, Plausibility::Plausible);
    assert!(ranked[1].unix_ms < Some(at("2020-01-01T00:00:00Z")));
}

#[test]
fn a_tweet_older_than_the_epochs_gap_is_a_tie_with_discord_not_a_discord_id() {
    // The README's tweet from 2022, ranked on 2026-12-01: its Discord reading (2026-08) has
    // passed, so both read plausibly and only recency lists Discord first.
    let ranked = rank("1541815603606036480", at("2026-12-01T00:00:00Z"));
    let tie = epoch_tie(&ranked);
    assert_eq!(
        tie.map(|t| (t.first.reading, t.second.reading)),
        Some((
            Reading::Preset(Preset::Discord),
            Reading::Preset(Preset::Snowflake)
        ))
    );
    assert_eq!(
        tie.map(|t| t.epochs_apart_ms),
        Some(1_420_070_400_000 - 1_288_834_974_657)
    );
    assert_eq!(
        tie.and_then(|t| t.second.unix_ms),
        Some(at("2022-06-28T16:07:40.105Z"))
    );
}

#[test]
fn a_ranking_won_on_evidence_is_no_tie() {
    // In 2024 Discord's reading of the tweet was in the future: Twitter wins on the time.
    assert_eq!(
        epoch_tie(&rank("1541815603606036480", new_year_2024())),
        None
    );
    // Instagram's example: its small sequence puts it above the others on the fields.
    let instagram = rank(&Preset::Instagram.example_id().to_string(), new_year_2024());
    assert_eq!(
        instagram.first().map(|c| c.reading),
        Some(Reading::Preset(Preset::Instagram))
    );
    assert_eq!(epoch_tie(&instagram), None);
    // One reading alone, and none.
    assert_eq!(
        epoch_tie(&rank("01ARZ3NDEKTSV4RRFFQ69G5FAV", new_year_2024())),
        None
    );
    assert_eq!(epoch_tie(&[]), None);
}

#[test]
fn a_discord_id_is_a_tie_with_the_tweet_it_also_reads_as() {
    let made = at("2023-12-01T00:00:00Z");
    let ticks = u64::try_from(made.saturating_sub(1_420_070_400_000)).unwrap_or(0);
    let id = Preset::Discord
        .layout()
        .compose(&[ticks, 1, 0, 7])
        .unwrap_or(0);
    let ranked = rank(&id.to_string(), new_year_2024());
    let tie = epoch_tie(&ranked);
    assert_eq!(tie.map(|t| t.first.unix_ms), Some(Some(made)));
    assert_eq!(
        tie.map(|t| t.second.reading),
        Some(Reading::Preset(Preset::Snowflake))
    );
    // Discord's own example from 2016 also reads as a tweet from 2012.
    let example = rank(&Preset::Discord.example_id().to_string(), new_year_2024());
    assert_eq!(
        epoch_tie(&example).map(|t| (t.first.reading, t.second.reading)),
        Some((
            Reading::Preset(Preset::Discord),
            Reading::Preset(Preset::Snowflake)
        ))
    );
}

#[test]
fn texts_of_one_form_rank_their_family() {
    let now = new_year_2024();
    let only = |text: &str| -> Vec<(Reading, Plausibility)> {
        rank(text, now)
            .iter()
            .map(|c| (c.reading, c.plausibility))
            .collect()
    };
    assert_eq!(
        only("017F22E2-79B0-7CC3-98C4-DC0C0C07398F"),
        [(Reading::Family(IdFamily::Uuid), Plausibility::Plausible)]
    );
    assert_eq!(
        only("919108f7-52d1-4320-9bac-f847db4148a8"),
        [(Reading::Family(IdFamily::Uuid), Plausibility::NoTime)]
    );
    assert_eq!(
        only("01ARZ3NDEKTSV4RRFFQ69G5FAV"),
        [(Reading::Family(IdFamily::Ulid), Plausibility::Plausible)]
    );
    assert_eq!(
        only("0ujtsYcgvSTl8PAuAdqWYSMnLOv"),
        [(Reading::Family(IdFamily::Ksuid), Plausibility::Plausible)]
    );
    assert_eq!(
        only("507f1f77bcf86cd799439011"),
        [(Reading::Family(IdFamily::ObjectId), Plausibility::Plausible)]
    );
    assert_eq!(
        only("01226N0640J7Q"),
        [(Reading::Family(IdFamily::Tsid), Plausibility::Plausible)]
    );
    // A ULID from the far future, and a v1 UUID from before 1970.
    assert_eq!(
        only("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"),
        [(Reading::Family(IdFamily::Ulid), Plausibility::InTheFuture)]
    );
    assert_eq!(
        only("00000000-0000-1000-8000-000000000000"),
        [(
            Reading::Family(IdFamily::Uuid),
            Plausibility::BeforeEpoch {
                earliest_unix_ms: 0
            }
        )]
    );
    assert_eq!(only("not an ID"), []);
    assert_eq!(only(""), []);
}

/// The reading `rank` puts first for `id` at `now`.
fn first_reading(id: u64, now: i64) -> Reading {
    rank(&id.to_string(), now)
        .first()
        .map_or(Reading::Preset(Preset::Pinterest), |c| c.reading)
}

#[test]
fn each_preset_s_example_ranks_its_own_layout_first_but_the_ambiguous_two() {
    let now = at("2026-01-01T00:00:00Z");
    for preset in [Preset::Snowflake, Preset::Discord, Preset::Instagram] {
        assert_eq!(
            first_reading(preset.example_id(), now),
            Reading::Preset(preset),
            "{preset}"
        );
    }
    // Discord's 2016 example also reads as a Sonyflake ID from 2017 (sequence 2) and a TSID
    // from 2021, both later and plausible; the source puts the service first.
    let discord = rank(&Preset::Discord.example_id().to_string(), now);
    let names: Vec<&str> = discord.iter().map(|c| c.reading.name()).collect();
    assert_eq!(
        names,
        [
            "discord",
            "snowflake",
            "sonyflake",
            "instagram",
            "tsid",
            "pinterest",
            "sonyflake-v2"
        ]
    );
    assert_eq!(
        discord[0].fit,
        Fit::Usual {
            field: "increment",
            value: 7
        }
    );
    // Instagram's example read as Twitter's or Discord's would be 1,031 IDs from one worker in
    // one millisecond.
    let instagram = rank(&Preset::Instagram.example_id().to_string(), now);
    let discord_reading = instagram
        .iter()
        .find(|c| c.reading == Reading::Preset(Preset::Discord))
        .map(|c| (c.plausibility, c.fit));
    assert_eq!(
        discord_reading,
        Some((
            Plausibility::Plausible,
            Fit::Unusual {
                field: "increment",
                value: 1031,
                why: Oddity::BusyTick { capacity: 4096 }
            }
        ))
    );

    // Genuinely ambiguous 1: Pinterest has no time field, so a plausible time elsewhere outranks
    // it; its example is the first reading with no time, above every impossible one.
    let pinterest = rank(&Preset::Pinterest.example_id().to_string(), now);
    let first_without_time = pinterest
        .iter()
        .find(|c| c.plausibility == Plausibility::NoTime)
        .map(|c| c.reading);
    assert_eq!(first_without_time, Some(Reading::Preset(Preset::Pinterest)));
    assert!(pinterest
        .iter()
        .skip_while(|c| c.plausibility.is_possible())
        .all(|c| !c.plausibility.is_possible()));
    // Genuinely ambiguous 2: Sonyflake v2 is Sonyflake's layout with an epoch ten years later,
    // so the 2015 example is also a v2 ID from October 2025: once that has passed, both are
    // plausible, both sequences small, and recency picks v2, with v1 next.
    let sonyflake = rank(&Preset::Sonyflake.example_id().to_string(), now);
    let names: Vec<&str> = sonyflake.iter().take(2).map(|c| c.reading.name()).collect();
    assert_eq!(names, ["sonyflake-v2", "sonyflake"]);
    assert_eq!(
        first_reading(Preset::Sonyflake.example_id(), at("2025-06-01T00:00:00Z")),
        Reading::Preset(Preset::Sonyflake)
    );
    // The same tie between Twitter and Discord: after 2026-08-25 the Twitter example is also a
    // plausible Discord ID, and the nearer time wins.
    assert_eq!(
        first_reading(Preset::Snowflake.example_id(), at("2026-12-01T00:00:00Z")),
        Reading::Preset(Preset::Discord)
    );
}

#[test]
fn a_set_reserved_bit_makes_a_reading_unusual() {
    // Twitter's example with the sign bit set: no Twitter ID is negative.
    let id = Preset::Snowflake.example_id() | 1 << 63;
    let ranked = rank(&id.to_string(), at("2026-01-01T00:00:00Z"));
    let snowflake = ranked
        .iter()
        .find(|c| c.reading == Reading::Preset(Preset::Snowflake))
        .map(|c| c.fit);
    assert_eq!(
        snowflake,
        Some(Fit::Unusual {
            field: "sign",
            value: 1,
            why: Oddity::ReservedSet
        })
    );
}

#[test]
fn the_readings_name_fields_their_layouts_have() {
    for reading in Reading::ALL {
        let names: Vec<String> = match reading {
            Reading::Preset(preset) => preset
                .layout()
                .fields()
                .iter()
                .map(|f| f.name.clone())
                .collect(),
            Reading::Family(family) => family
                .fixed_layout()
                .map(|l| l.fields().iter().map(|f| f.name.to_owned()).collect())
                .unwrap_or_default(),
        };
        let (reserved, sequence) = reading.telling_fields();
        for field in [reserved, sequence].into_iter().flatten() {
            assert!(names.iter().any(|n| n == field), "{reading:?} {field}");
        }
    }
}

#[test]
fn unread_names_the_form_that_read_furthest() {
    let message = |text: &str| unread(text).to_string();
    assert!(message("01ARZ3NDEKTSV4RRFFQ69G5FAU").contains("position 26"));
    assert!(message("01ARZ3NDEKTSV4RRFFQ69G5FA").contains("a ULID has 26"));
    assert!(
        message("17592884729911706x").contains("position 18 is not a decimal digit"),
        "{}",
        message("17592884729911706x")
    );
    assert!(message("017F22E2-79B0-7CC3-98C4-DC0C0C0739zF").contains("position 35"));
    assert!(matches!(
        unread("017F22E2-79B0-0CC3-98C4-DC0C0C07398F"),
        Unread::Family(FamilyError::UuidVersion { version: 0 })
    ));
    assert!(matches!(
        unread("123456789012345678901234567"),
        Unread::Number(_)
    ));
    assert_eq!(
        unread("  "),
        Unread::Text {
            form: TextForm::Uuid,
            error: IdTextError::Empty
        }
    );
    assert!(message(&"9".repeat(300)).contains("at most 256"));
}

#[test]
fn a_text_over_the_id_limit_is_read_by_nothing_and_unread_names_the_limit() {
    use crate::id_text::MAX_ID_TEXT_CHARS;
    // The 64-bit parser reads a number padded with zeros however long: the limit stops it.
    let at_limit = format!("{}1541815603606036480", "0".repeat(MAX_ID_TEXT_CHARS - 19));
    assert_eq!(at_limit.chars().count(), MAX_ID_TEXT_CHARS);
    assert!(!rank(&at_limit, 0).is_empty());
    for long in [
        format!("0{at_limit}"),
        format!("{}1541815603606036480", "0".repeat(2_200_000)),
        "é".repeat(MAX_ID_TEXT_CHARS + 1),
    ] {
        assert!(rank(&long, 0).is_empty());
        let why = unread(&long);
        assert!(
            matches!(
                why,
                Unread::Text {
                    error: IdTextError::TooLong { .. },
                    ..
                }
            ),
            "{why:?}"
        );
        assert_eq!(
            why.to_string(),
            "an ID is at most 256 characters long; this text is longer"
        );
    }
}
