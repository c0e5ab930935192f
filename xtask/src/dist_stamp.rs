//! Which inputs a release dist was built from, so that `cargo xtask bench` can measure an existing
//! `dist/` instead of building the four pages again (`--quick` must finish in minutes).
//!
//! [`Inputs::now`] hashes (SHA-256) every file git sees in the checkout, committed or not, except
//! those that cannot reach a release page (tests, benches, docs, the CLI, Markdown), together with
//! the public URL and `rustc -vV`. [`dist`](crate::dist) forgets a folder's stamp before it builds
//! and records the inputs it started from once the build has succeeded, so a stamp that matches
//! names a complete build of these very inputs. Leaving a file out would let a stale dist pass for
//! fresh, so the exclusions are only folders that no page build reads; anything else counts.
//!
//! Stamps live in `target/dist-inputs/`, not in the dist, which is deployed as it is.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::{root, tools};

/// Paths (prefixes, relative to the root) that no page build reads. This file is one: it only
/// decides whether a build is needed.
const NOT_INPUTS: [&str; 14] = [
    "bench/",
    "tests/",
    "docs/",
    "fuzz/",
    "crates/shardlab-cli/",
    "crates/shardlab-wasm-bench/",
    "crates/shardlab-bench-kernels/",
    "crates/shardlab-peers/",
    "crates/shardlab-core/tests/",
    "crates/shardlab-core/benches/",
    "xtask/src/bench",
    "xtask/src/fuzz.rs",
    "xtask/src/tally.rs",
    "xtask/src/dist_stamp.rs",
];

/// The inputs of a dist build: a digest of the files, the public URL and the compiler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inputs(String);

impl Inputs {
    /// The inputs as they are now. `None` when git cannot list them (no checkout, no git): then
    /// no dist counts as fresh and every run builds.
    pub fn now(public_url: &str) -> Option<Inputs> {
        let listing = tools::command("git")
            .args([
                "ls-files",
                "-z",
                "--cached",
                "--others",
                "--exclude-standard",
            ])
            .output()
            .ok()
            .filter(|out| out.status.success())?;
        let mut files: Vec<String> = listing
            .stdout
            .split(|&byte| byte == 0)
            .filter(|name| !name.is_empty())
            .map(|name| String::from_utf8_lossy(name).into_owned())
            .filter(|name| is_input(name))
            .collect();
        files.sort();
        files.dedup();
        let mut hasher = Sha256::new();
        let root = root();
        for name in &files {
            // A listed file that is gone (deleted, not yet staged) counts by its absence.
            let bytes = std::fs::read(root.join(name)).unwrap_or_default();
            hasher.update((name.len() as u64).to_le_bytes());
            hasher.update(name.as_bytes());
            hasher.update((bytes.len() as u64).to_le_bytes());
            hasher.update(&bytes);
        }
        let rustc = tools::command("rustc").arg("-vV").output().ok()?;
        hasher.update(&rustc.stdout);
        hasher.update(public_url.as_bytes());
        let mut hex = String::with_capacity(64);
        for byte in hasher.finalize() {
            let _ = write!(hex, "{byte:02x}");
        }
        Some(Inputs(format!("{public_url} {hex}")))
    }

    /// Notes that `dist_dir` now holds a complete build of these inputs.
    pub fn record(&self, dist_dir: &Path) -> Result<(), String> {
        let path = stamp_path(dist_dir);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&path, &self.0).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Whether `dist_dir` holds a complete build of these inputs with every page in `pages`.
    pub fn built_into(&self, dist_dir: &Path, pages: &[&str]) -> bool {
        pages.iter().all(|page| dist_dir.join(page).is_file())
            && std::fs::read_to_string(stamp_path(dist_dir)).is_ok_and(|stamp| stamp == self.0)
    }
}

/// Drops `dist_dir`'s stamp: called before a build touches the folder, so that a failed or
/// interrupted build never passes for fresh.
pub fn forget(dist_dir: &Path) {
    let _ = std::fs::remove_file(stamp_path(dist_dir));
}

fn is_input(name: &str) -> bool {
    !name.ends_with(".md") && !NOT_INPUTS.iter().any(|prefix| name.starts_with(prefix))
}

/// `target/dist-inputs/<SHA-256 of the folder's path, shortened>`.
fn stamp_path(dist_dir: &Path) -> PathBuf {
    let digest = Sha256::digest(dist_dir.to_string_lossy().as_bytes());
    let mut name = String::with_capacity(16);
    for byte in digest.iter().take(8) {
        let _ = write!(name, "{byte:02x}");
    }
    crate::bench::target_dir(&root())
        .join("dist-inputs")
        .join(name)
}

#[cfg(test)]
mod tests {
    use super::{forget, is_input, Inputs};

    #[test]
    fn a_stamp_matches_only_its_inputs_and_a_complete_folder() {
        let (Some(root_url), Some(again), Some(sub_url)) = (
            Inputs::now("/"),
            Inputs::now("/"),
            Inputs::now("/shardlab/"),
        ) else {
            panic!("git and rustc are needed to fingerprint the inputs");
        };
        assert_eq!(root_url, again, "the same checkout gives the same inputs");
        assert_ne!(root_url, sub_url, "the public URL is an input");

        let dir = std::env::temp_dir().join(format!("shardlab-stamp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let pages = ["index.html", "ring.html"];
        for page in pages {
            std::fs::write(dir.join(page), "<!doctype html>").expect("page");
        }
        assert!(!root_url.built_into(&dir, &pages), "no stamp yet");
        root_url.record(&dir).expect("record");
        assert!(root_url.built_into(&dir, &pages));
        assert!(!sub_url.built_into(&dir, &pages), "built for another URL");
        assert!(
            !root_url.built_into(&dir, &["index.html", "board.html"]),
            "a page is missing"
        );
        forget(&dir);
        assert!(
            !root_url.built_into(&dir, &pages),
            "forgotten before a build"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn page_sources_count_and_tests_do_not() {
        for input in [
            "src/main.rs",
            "www/style.css",
            "index.html",
            "Cargo.lock",
            "xtask/src/minify.rs",
        ] {
            assert!(is_input(input), "{input}");
        }
        for not_input in [
            "README.md",
            "tests/e2e/serve.mjs",
            "bench/page-metrics.mjs",
            "xtask/src/bench/browser.rs",
        ] {
            assert!(!is_input(not_input), "{not_input}");
        }
    }
}
