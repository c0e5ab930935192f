//! A release site for a sub-path (`/shardlab/`) made from the root build by rewriting it, instead
//! of a second round of trunk builds: `cargo xtask test` needs both, and five release builds
//! cost several minutes of CI.
//!
//! Trunk's public URL reaches only the text of the pages: the `<base href>`, the asset links and
//! the inline loader's two addresses. The wasm, the JS glue, the CSS and every other file are the
//! same bytes at any URL (checked against two trunk builds when this was written: every file but
//! the pages, whose Content-Security-Policy hashes the loader, and `sw.js`, whose version hashes
//! the pages, was byte-identical). So the rewrite is: every quoted address in a page or a JSON
//! file that starts with `/` and names something in the build gains the prefix; the policy is
//! hashed again; the service worker is written again for the new pages.

use std::path::Path;

use crate::{csp, dist_stamp, flag_value, normalise_public_url, offline, root};

/// `cargo xtask rebase --public-url P --to DIR [--dist DIR]`: the build in `--dist` (default
/// `dist`, built for `/`) copied to `--to` for the public URL `P`, building nothing.
pub fn run(args: &[String]) -> Result<(), String> {
    let public_url = flag_value(args, "--public-url")?.ok_or("rebase needs --public-url")?;
    let to = flag_value(args, "--to")?.ok_or("rebase needs --to DIR")?;
    let from = root().join(flag_value(args, "--dist")?.unwrap_or_else(|| "dist".into()));
    if !from.join("index.html").exists() {
        return Err(format!(
            "{} holds no site: run `cargo xtask dist` first",
            from.display()
        ));
    }
    let to = root().join(to);
    rebase(&from, &to, &normalise_public_url(&public_url))?;
    println!(
        "rebase: {} (public URL {})",
        to.display(),
        normalise_public_url(&public_url)
    );
    Ok(())
}

/// Copies the root build `from` (built for `/`) to `to` as the build for `public_url`
/// (`/shardlab/`, with both slashes).
pub fn rebase(from: &Path, to: &Path, public_url: &str) -> Result<(), String> {
    dist_stamp::forget(to);
    if to.exists() {
        std::fs::remove_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    }
    copy_tree(from, from, to, public_url)?;
    offline::write_service_worker(to)
}

fn copy_tree(root: &Path, from: &Path, to: &Path, public_url: &str) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(root, &path, &target, public_url)?;
            continue;
        }
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default();
        let is_page = extension == "html";
        if is_page || extension == "json" {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let exists = |address: &str| root.join(address).exists();
            let mut moved = with_prefix(&text, public_url, exists);
            if is_page && text.contains(csp::META_START) {
                moved = csp::with_policy(&csp::without_policy(&moved))?;
            }
            std::fs::write(&target, moved).map_err(|e| format!("{}: {e}", target.display()))?;
        } else {
            std::fs::copy(&path, &target)
                .map_err(|e| format!("{} → {}: {e}", path.display(), target.display()))?;
        }
    }
    Ok(())
}

/// `text` with `prefix` (`/shardlab/`) in place of the leading `/` of every quoted root-relative
/// address whose path (before any `?` or `#`) `exists` says names something in the build, or is
/// the root itself. Other quoted text, protocol-relative `//host` addresses included, is kept.
fn with_prefix(text: &str, prefix: &str, exists: impl Fn(&str) -> bool) -> String {
    let mut out = String::with_capacity(text.len() + 256);
    let mut rest = text;
    while let Some(at) = rest.find(['"', '\'']) {
        let (before, from_quote) = rest.split_at(at);
        out.push_str(before);
        let quote = from_quote.chars().next().unwrap_or('"');
        out.push(quote);
        let body = &from_quote[quote.len_utf8()..];
        rest = body;
        let Some(path_and_more) = body.strip_prefix('/') else {
            continue;
        };
        if path_and_more.starts_with('/') {
            continue;
        }
        let end = path_and_more
            .find([quote, '?', '#', '\n'])
            .unwrap_or(path_and_more.len());
        let path = &path_and_more[..end];
        if path.is_empty() || exists(path) {
            out.push_str(prefix);
            rest = path_and_more;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // Lines of a real trunk page built for `/`, and what trunk wrote for `/shardlab/`.
    const ROOT: &str = r#"<base href="/" />
<script type="module">
import init, * as bindings from '/shardlab-app-ca957be0feab04e0.js';
const wasm = await init({ module_or_path: '/shardlab-app-ca957be0feab04e0_bg.wasm' });
</script>
<link rel="stylesheet" href="/style-923bc92e564e0a5f.css" integrity="sha384-17rb"/>
<a href="https://example.org/x">out</a> <a href="//cdn.example/x">cdn</a> <a href="/nowhere">?</a>
<iframe src="/w/ring-grow/?embed&amp;v=1"></iframe>"#;
    const SUB: &str = r#"<base href="/shardlab/" />
<script type="module">
import init, * as bindings from '/shardlab/shardlab-app-ca957be0feab04e0.js';
const wasm = await init({ module_or_path: '/shardlab/shardlab-app-ca957be0feab04e0_bg.wasm' });
</script>
<link rel="stylesheet" href="/shardlab/style-923bc92e564e0a5f.css" integrity="sha384-17rb"/>
<a href="https://example.org/x">out</a> <a href="//cdn.example/x">cdn</a> <a href="/nowhere">?</a>
<iframe src="/shardlab/w/ring-grow/?embed&amp;v=1"></iframe>"#;

    fn in_build(path: &str) -> bool {
        [
            "shardlab-app-ca957be0feab04e0.js",
            "shardlab-app-ca957be0feab04e0_bg.wasm",
            "style-923bc92e564e0a5f.css",
            "w/ring-grow/",
        ]
        .contains(&path)
    }

    #[test]
    fn addresses_of_the_build_gain_the_prefix_and_nothing_else_does() {
        assert_eq!(with_prefix(ROOT, "/shardlab/", in_build), SUB);
    }

    #[test]
    fn text_without_addresses_is_kept_whole() {
        let text = "it's \"quoted\" and 'single' / slashes, an unclosed \" quote and a ' too";
        assert_eq!(with_prefix(text, "/shardlab/", |_| true), text);
        assert_eq!(with_prefix("", "/shardlab/", |_| true), "");
        assert_eq!(with_prefix("\"/", "/p/", |_| true), "\"/p/");
    }
}
