//! Replays the committed fuzz corpora (`fuzz/corpus/<target>/`) through the same checks the fuzz
//! targets run, so every input the fuzzer kept stays a regression test on stable, without nightly
//! or libFuzzer. The checks live in `fuzz/src/lib.rs` and the corpus walk in `fuzz/src/replay.rs`,
//! both included here by path.

// Native only: the test reads the corpora from disk.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../../../fuzz/src/lib.rs"]
mod checks;

#[path = "../../../fuzz/src/replay.rs"]
mod corpus;

use std::path::Path;

/// Runs `check` on every file of the target's committed corpus (`fuzz/corpus/<target>/`).
fn replay(target: &str, check: fn(&[u8])) {
    corpus::replay(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus"),
        target,
        check,
    );
}

#[test]
fn parse_id_corpus() {
    replay("parse_id", checks::parse_id);
}

#[test]
fn layout_json_corpus() {
    replay("layout_json", checks::layout_json);
}

#[test]
fn layout_edits_corpus() {
    replay("layout_edits", checks::layout_edits);
}

#[test]
fn design_json_corpus() {
    replay("design_json", checks::design_json);
}

#[test]
fn json_depth_corpus() {
    replay("json_depth", checks::json_depth);
}

#[test]
fn shard_map_edits_corpus() {
    replay("shard_map_edits", checks::shard_map_edits);
}
