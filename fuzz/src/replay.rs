//! Replaying a committed fuzz corpus on stable: the one directory walk both replay tests share.
//!
//! Not part of the fuzz crate. `crates/shardlab-core/tests/fuzz_corpus_replay.rs` (the core's
//! targets, checks in `lib.rs`) and the app's `tests/fuzz_url_state_replay.rs` (the URL-state
//! targets, checks in `url_state.rs`) include it by `#[path]`, each keeping only its own checks.
//! So it may use only `std`.

use std::path::{Path, PathBuf};

/// Runs `check` on every file of `corpora/<target>/`, in name order, and fails naming the file
/// whose check panics (with the command that replays it under the fuzzer). An empty or missing
/// corpus fails too: a replay that reads nothing would pass without testing anything.
pub fn replay(corpora: &Path, target: &str, check: fn(&[u8])) {
    let dir = corpora.join(target);
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
            "{target}: {} fails its check (replay with `cargo +nightly fuzz run {target} {}` from fuzz/)",
            path.display(),
            path.display()
        );
    }
    println!("{target}: {} inputs replayed", paths.len());
}
