//! Stamps the build with a hash of the sources the messages are made of (this crate's and the
//! core's), as `SHARDLAB_WIRE_STAMP`. bincode is not self-describing: a page and a worker of two
//! builds could misread each other's bytes without an error, so each message carries the stamp
//! and a message with another is not read (see `protocol::Envelope`).

use std::path::{Path, PathBuf};

fn main() {
    let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let roots = [here.join("src"), here.join("../shardlab-core/src")];
    let mut files = Vec::new();
    for root in &roots {
        println!("cargo:rerun-if-changed={}", root.display());
        collect(root, &mut files);
    }
    files.sort();
    // FNV-1a over each file's path within its root and its bytes: stable, and no dependency.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for file in &files {
        let name = roots
            .iter()
            .find_map(|root| file.strip_prefix(root).ok())
            .unwrap_or(file);
        feed(name.to_string_lossy().as_bytes());
        feed(&std::fs::read(file).unwrap_or_default());
    }
    println!("cargo:rustc-env=SHARDLAB_WIRE_STAMP={hash}");
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}
