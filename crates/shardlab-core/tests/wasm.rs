//! The core crate in a real browser: the same checks as the native suite's key facts, compiled to
//! wasm32 and run by wasm-bindgen-test in headless Chromium (`cargo xtask test` runs it). Native runs
//! compile this file to nothing.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

use shardlab_core::layout::{parse_id, BitLayout, ParseIdError, Preset, ShardMap};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

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
