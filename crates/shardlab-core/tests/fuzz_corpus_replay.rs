//! Replays the committed fuzz corpora (`fuzz/corpus/<target>/`) through the same checks the fuzz
//! targets run, so every input the fuzzer kept stays a regression test on stable, without nightly
//! or libFuzzer. The checks live in `fuzz/src/lib.rs`, included here by path.

// Native only: the test reads the corpora from disk.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../../../fuzz/src/lib.rs"]
mod checks;

use std::path::{Path, PathBuf};

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target)
}

/// Runs `check` on every file of the target's corpus, naming the file if one fails.
fn replay(target: &str, check: fn(&[u8])) {
    let dir = corpus_dir(target);
    let entries =
        std::fs::read_dir(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    let mut paths: Vec<PathBuf> = entries
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    paths.sort();
    assert!(!paths.is_empty(), "{} is empty", dir.display());
    for path in &paths {
        let data =
            std::fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(
            outcome.is_ok(),
            "{target}: {} fails its check (replay with `cargo +nightly fuzz run {target} {}`)",
            path.display(),
            path.display()
        );
    }
    println!("{target}: {} inputs replayed", paths.len());
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
fn shard_map_edits_corpus() {
    replay("shard_map_edits", checks::shard_map_edits);
}
