//! The core crate in a real browser: the same checks as the native suite's key facts, compiled to
//! wasm32 and run by wasm-bindgen-test in headless Chromium (`cargo xtask test` runs it). Native runs
//! compile this file to nothing.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

use shardlab_core::layout::{parse_id, BitLayout, ParseIdError, Preset, ShardMap};
use shardlab_core::placement::{jump_bucket, movement, Mod, Ring, ServerList};
use shardlab_core::sim::{estimate, preset, simulate};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[path = "common/determinism.rs"]
mod determinism;

const PIN: u64 = 241_294_492_511_762_325;

#[wasm_bindgen_test]
fn pinterest_example_decodes_and_locates() {
    let layout = BitLayout::preset("pinterest").unwrap();
    let decoded = layout.decode(parse_id(" \"241_294_492_511_762_325\" ").unwrap());
    assert_eq!(decoded.value("shard"), Some(3429));
    assert_eq!(decoded.value("type"), Some(1));
    assert_eq!(decoded.value("local"), Some(7_075_733));
    let location = ShardMap::pinterest_2015().locate(&layout, PIN).unwrap();
    assert_eq!(location.hosts.master, "MySQL007A");
    assert_eq!(location.database, "db03429");
}

#[wasm_bindgen_test]
fn compose_inverts_decompose_for_every_preset() {
    // A fixed spread of IDs, including both extremes, so u64 arithmetic in wasm is exercised fully.
    let ids = [
        0,
        1,
        PIN,
        u64::MAX >> 2,
        u64::MAX >> 1,
        u64::MAX,
        0x0123_4567_89AB_CDEF,
    ];
    for preset in Preset::ALL {
        let layout = preset.layout();
        for id in ids {
            let kept = id & !layout.unused_top_mask();
            assert_eq!(
                layout.compose(&layout.decompose(kept)),
                Ok(kept),
                "{}",
                preset.name()
            );
        }
    }
}

#[wasm_bindgen_test]
fn local_ids_past_32_bits_survive() {
    let layout = BitLayout::preset("pinterest").unwrap();
    let local = (1u64 << 32) + 5;
    let id = layout.compose(&[0, 3429, 1, local]).unwrap();
    assert_eq!(layout.decode(id).value("local"), Some(local));
}

#[wasm_bindgen_test]
fn bad_ids_are_errors_not_panics() {
    assert!(matches!(parse_id(""), Err(ParseIdError::Empty)));
    assert!(matches!(
        parse_id("18446744073709551616"),
        Err(ParseIdError::TooLarge { .. })
    ));
    assert!(matches!(parse_id("-1"), Err(ParseIdError::Negative { .. })));
    assert!(parse_id("🦀").is_err());
    assert!(parse_id(&"9".repeat(10_000)).is_err());
}

#[wasm_bindgen_test]
fn a_split_moves_hosts_not_ids() {
    let layout = BitLayout::preset("pinterest").unwrap();
    let map = ShardMap::pinterest_2015();
    let split = map.split_host("MySQL007A").unwrap();
    let before = map.locate(&layout, PIN).unwrap();
    let after = split.map.locate(&layout, PIN).unwrap();
    assert_eq!(before.shard, after.shard);
    assert_ne!(
        before.hosts, after.hosts,
        "shard 3429 is in the upper half of 3072–3583"
    );
}

#[wasm_bindgen_test]
fn jump_matches_the_published_reference_vector() {
    // From the reference implementation's test table: key 256 on 1,024 buckets is bucket 520.
    let buckets = std::num::NonZeroU32::new(1024).unwrap();
    assert_eq!(jump_bucket(256, buckets), 520);
}

#[wasm_bindgen_test]
fn growing_four_to_five_moves_about_four_fifths_under_mod_and_a_fifth_on_the_ring() {
    let four = ServerList::uniform(4).unwrap();
    let five = ServerList::uniform(5).unwrap();
    let under_mod = movement(&Mod::new(four.clone()), &Mod::new(five.clone()), 50_000, 7).unwrap();
    assert!(
        (under_mod.moved_fraction - 0.8).abs() < 0.02,
        "{}",
        under_mod.moved_fraction
    );
    let ring_before = Ring::new(four, 160).unwrap();
    let ring_after = Ring::new(five, 160).unwrap();
    let on_ring = movement(&ring_before, &ring_after, 50_000, 7).unwrap();
    assert!(
        (on_ring.moved_fraction - 0.2).abs() < 0.05,
        "{}",
        on_ring.moved_fraction
    );
}

#[wasm_bindgen_test]
fn ring_replicas_are_distinct() {
    let ring = Ring::new(ServerList::uniform(6).unwrap(), 100).unwrap();
    for key in [0u64, 1, PIN, u64::MAX] {
        let mut owners = ring.replicas(key, 3).unwrap();
        owners.sort();
        owners.dedup();
        assert_eq!(owners.len(), 3);
    }
}

#[wasm_bindgen_test]
fn the_simulator_is_deterministic_and_conserves_requests_in_the_browser() {
    let design = preset("pinterest").unwrap().design;
    let first = simulate(&design, 4_000, 11, 5.0).unwrap();
    let second = simulate(&design, 4_000, 11, 5.0).unwrap();
    assert_eq!(first, second);
    assert_eq!(first.requests, first.completed + first.errors.total());
    assert!(first.requests > 0);
    let caption = estimate(&design, 4_000).unwrap().caption();
    assert!(caption.starts_with("At 4,000 users"), "{caption}");
}

#[wasm_bindgen_test]
fn every_seeded_output_matches_the_native_fixture_bit_for_bit() {
    // The fixture is what the native build computes (tests/determinism.rs checks that side).
    let actual = determinism::canonical();
    if let Some(difference) = determinism::first_difference(determinism::FIXTURE, &actual) {
        panic!("wasm32 and native disagree: {difference}");
    }
}
