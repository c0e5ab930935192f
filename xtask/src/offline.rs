//! The service worker of a release (issue 20 §4): `www/sw.js` with this build's file list and
//! version filled in, written as `sw.js` beside the pages once everything else in the folder is
//! final (after the glue is minified and the pages carry their policy).
//!
//! The version is a hash of every file's name and bytes, so any change to the release gives the
//! worker new bytes: the browser installs it beside the old one, and its `activate` deletes the
//! old cache. The list is every file of the folder but the worker itself, plus `./` (the folder's
//! own address, which a host answers with `index.html`).

use std::fmt::Write as _;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::root;

/// The worker's file name, beside the pages; `www/offline.js` registers it by this name.
pub const WORKER: &str = "sw.js";

/// Writes `dist_dir/sw.js` for the files now in `dist_dir`.
pub fn write_service_worker(dist_dir: &Path) -> Result<(), String> {
    let template_path = root().join("www").join(WORKER);
    let template = std::fs::read_to_string(&template_path)
        .map_err(|e| format!("{}: {e}", template_path.display()))?;
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let entries =
        std::fs::read_dir(dist_dir).map_err(|e| format!("{}: {e}", dist_dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if !path.is_file() || name == WORKER || name.starts_with('.') {
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        files.push((name, bytes));
    }
    files.sort();
    std::fs::write(dist_dir.join(WORKER), worker_text(&template, &files)?)
        .map_err(|e| format!("{}: {e}", dist_dir.join(WORKER).display()))
}

/// The template with the version and the list of `files` (name and bytes) in place.
fn worker_text(template: &str, files: &[(String, Vec<u8>)]) -> Result<String, String> {
    let mut hasher = Sha256::new();
    for (name, bytes) in files {
        hasher.update(name.as_bytes());
        hasher.update([0]);
        hasher.update(bytes);
    }
    let mut version = String::with_capacity(16);
    for byte in hasher.finalize().iter().take(8) {
        let _ = write!(version, "{byte:02x}");
    }
    let names: Vec<&str> = std::iter::once("./")
        .chain(files.iter().map(|(name, _)| name.as_str()))
        .collect();
    let list = serde_json::to_string(&names).map_err(|e| e.to_string())?;
    for placeholder in ["'__SHARDLAB_VERSION__'", "__SHARDLAB_FILES__"] {
        if !template.contains(placeholder) {
            return Err(format!("www/{WORKER} lacks its placeholder {placeholder}"));
        }
    }
    Ok(template
        .replace("'__SHARDLAB_VERSION__'", &format!("'{version}'"))
        .replace("__SHARDLAB_FILES__", &list))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str =
        "const VERSION = '__SHARDLAB_VERSION__';\nconst FILES = __SHARDLAB_FILES__;\n";

    fn files(pairs: &[(&str, &str)]) -> Vec<(String, Vec<u8>)> {
        pairs
            .iter()
            .map(|(n, b)| ((*n).to_owned(), b.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn the_worker_lists_every_file_and_the_folder_itself() {
        let text = worker_text(TEMPLATE, &files(&[("index.html", "a"), ("x.wasm", "b")])).unwrap();
        assert!(
            text.contains(r#"const FILES = ["./","index.html","x.wasm"];"#),
            "{text}"
        );
        assert!(!text.contains("__SHARDLAB"), "{text}");
    }

    #[test]
    fn any_change_to_a_file_changes_the_version() {
        let version = |pairs: &[(&str, &str)]| {
            let text = worker_text(TEMPLATE, &files(pairs)).unwrap();
            text.lines().next().unwrap_or_default().to_owned()
        };
        let one = version(&[("index.html", "a"), ("x.wasm", "b")]);
        assert_eq!(one, version(&[("index.html", "a"), ("x.wasm", "b")]));
        assert_ne!(one, version(&[("index.html", "a"), ("x.wasm", "c")]));
        assert_ne!(one, version(&[("index.html", "ax"), ("wasm", "b")]));
    }

    #[test]
    fn a_template_without_its_placeholders_is_an_error() {
        assert!(worker_text("self.addEventListener('fetch', () => {});", &[]).is_err());
    }

    #[test]
    fn the_shipped_template_has_its_placeholders() {
        let template = std::fs::read_to_string(root().join("www").join(WORKER)).unwrap();
        assert!(worker_text(&template, &files(&[("index.html", "a")])).is_ok());
    }
}
