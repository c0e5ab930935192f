//! Replays the committed corpora of the URL-state fuzz targets (`fuzz/corpus/{decoder,ring,board}_url/`)
//! through the same checks the targets run, so every link the fuzzer kept stays a regression test
//! on stable. The checks live in `fuzz/src/url_state.rs` and the corpus walk in
//! `fuzz/src/replay.rs`, both included here by path; the core's parsers have their own replay in
//! `crates/shardlab-core/tests/fuzz_corpus_replay.rs`.

// Native only: the test reads the corpora from disk.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../fuzz/src/url_state.rs"]
mod checks;

#[path = "../fuzz/src/replay.rs"]
mod corpus;

use std::path::Path;

/// Runs `check` on every file of the target's committed corpus (`fuzz/corpus/<target>/`).
fn replay(target: &str, check: fn(&[u8])) {
    corpus::replay(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus"),
        target,
        check,
    );
}

#[test]
fn decoder_url_corpus() {
    replay("decoder_url", checks::decoder_url);
}

#[test]
fn ring_url_corpus() {
    replay("ring_url", checks::ring_url);
}

#[test]
fn board_url_corpus() {
    replay("board_url", checks::board_url);
}

/// The reading every check starts from: form decoding, with a stray `%` kept as it is.
#[test]
fn the_address_bar_reading_matches_the_apps_writing() {
    let pairs = checks::pairs_from_bytes(b"a=1&b=x%20y+z&c&=d&e=%zz%4");
    let expected = [
        ("a", "1"),
        ("b", "x y z"),
        ("c", ""),
        ("", "d"),
        ("e", "%zz%4"),
    ];
    assert_eq!(
        pairs,
        expected
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect::<Vec<_>>()
    );
}
