//! `cargo xtask size [--dist DIR] [--top N] [--write]`: what each page of a release site weighs, and
//! what in its wasm weighs the most (issue 20 §2).
//!
//! It builds nothing. It reads the dist that `cargo xtask dist` wrote:
//! 1. every page's wasm and JS, brotli at the highest quality, as the size budget counts them
//!    (`xtask/size-budget.mjs`, the same script, with no budget to fail on);
//! 2. for each page, `twiggy top -n N` on a copy of that page's wasm that keeps its function names.
//!
//! wasm-opt drops the name section, so twiggy on the shipped `_bg.wasm` sees only `code[1234]`.
//! `dist` therefore keeps each page's wasm as cargo linked it, names and all, in
//! `target/pages/names/<page>.wasm`, and this command runs on it the same two steps trunk ran,
//! `wasm-bindgen --target=web --no-typescript` and `wasm-opt -Oz --low-memory-unused`, the latter
//! with `--debuginfo` so the names survive. It then checks that the result's code and data (every
//! section but the custom ones) match the shipped wasm's to within 1 %, so the names describe the
//! bytes a reader downloads; a mismatch (a dist older than its kept copy) is an error.
//! `--write` puts the report into BENCHMARKS.md's "Page weight" section, which `cargo xtask bench`
//! keeps as it is.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::{flag_value, root, tools, PAGES};

/// The heading of the section this command owns in BENCHMARKS.md.
pub const SECTION: &str = "## Page weight";

/// Where `dist` keeps the named wasm of `html`'s page.
pub fn named_wasm(html: &str) -> PathBuf {
    root()
        .join("target/pages/names")
        .join(html.replace(".html", ".wasm"))
}

/// Keeps the named wasm cargo just linked for `html` (called by `dist` after each page's build).
pub fn keep_named_wasm(html: &str) -> Result<(), String> {
    let linked =
        crate::bench::target_dir(&root()).join("wasm32-unknown-unknown/release/shardlab-app.wasm");
    let kept = named_wasm(html);
    if let Some(dir) = kept.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::copy(&linked, &kept)
        .map(|_| ())
        .map_err(|e| format!("{} → {}: {e}", linked.display(), kept.display()))
}

pub fn run(args: &[String]) -> Result<(), String> {
    let dist = root().join(flag_value(args, "--dist")?.unwrap_or_else(|| "dist".into()));
    let top: usize = flag_value(args, "--top")?
        .unwrap_or_else(|| "15".into())
        .parse()
        .map_err(|e| format!("--top: {e}"))?;
    let write = args.iter().any(|a| a == "--write");
    tools::ensure(tools::Needs::BUILD | tools::Needs::PROFILE)?;

    let sizes = output(
        tools::command("node")
            .arg(root().join("xtask/size-budget.mjs"))
            .arg(&dist)
            // No budget to fail on: this command reports.
            .arg(u64::MAX.to_string()),
    )?;
    let mut report = String::new();
    let _ = write!(
        report,
        "{SECTION}\n\n\
         Written by `cargo xtask size --write` from the dist that `cargo xtask dist --dist dist` \
         built (issue 20 §2); `cargo xtask bench` keeps this section as it is. Sizes are the wasm \
         and JS each page loads, brotli at the highest quality, as `xtask/size-budget.mjs` (the CI \
         budget) counts them. Twiggy {} ranks each page's wasm: its shallow bytes per item, before \
         compression, on the page's wasm rebuilt from cargo's named artefact with the same \
         wasm-bindgen and `wasm-opt -Oz --low-memory-unused` steps plus `--debuginfo`, whose code and \
         data match the shipped file's (see `xtask/src/size.rs`).\n\n```text\n{}```\n",
        tools::TWIGGY_VERSION,
        sizes.lines().filter(|l| !l.contains("budget")).fold(String::new(), |mut s, l| {
            s.push_str(l.split("  (").next().unwrap_or(l));
            s.push('\n');
            s
        }),
    );
    let scratch = root().join("target/pages/profile");
    for (html, _) in PAGES {
        let top_items = profile(&dist, html, &scratch, top)?;
        let _ = write!(
            report,
            "\n### `{html}`: twiggy's top {top}\n\n```text\n{top_items}```\n"
        );
    }
    println!("{report}");
    if write {
        let path = root().join("BENCHMARKS.md");
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        let new = with_section(&strip_section(&old), &report);
        std::fs::write(&path, new).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("size: wrote {SECTION:?} into {}", path.display());
    }
    Ok(())
}

/// twiggy's top items of `html`'s wasm, rebuilt with names from the kept artefact.
fn profile(dist: &Path, html: &str, scratch: &Path, top: usize) -> Result<String, String> {
    let shipped = shipped_wasm(dist, html)?;
    let named = named_wasm(html);
    if !named.exists() {
        return Err(format!(
            "{} is missing: run `cargo xtask dist` first, which keeps it",
            named.display()
        ));
    }
    let stem = html.trim_end_matches(".html");
    let out = scratch.join(stem);
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    output(
        tools::command("wasm-bindgen")
            .arg("--target=web")
            .arg(format!("--out-dir={}", out.display()))
            .arg("--out-name=page")
            .arg(&named)
            .arg("--no-typescript"),
    )?;
    let optimised = out.join("page_opt.wasm");
    output(
        tools::command("wasm-opt")
            .arg(format!("--output={}", optimised.display()))
            .arg("-Oz")
            .arg(out.join("page_bg.wasm"))
            .args(["--low-memory-unused", "--debuginfo"]),
    )?;
    let (ours, theirs) = (code_and_data(&optimised)?, code_and_data(&shipped)?);
    // Within 1 %: names can keep a few functions from merging.
    if ours.abs_diff(theirs) > theirs / 100 {
        return Err(format!(
            "the named build of {html} has {ours} bytes of code and data, the shipped one {theirs}: \
             the dist and target/pages/names come from different builds; run `cargo xtask dist`"
        ));
    }
    output(
        tools::command("twiggy")
            .args(["top", "-n", &top.to_string()])
            .arg(&optimised),
    )
}

/// The `_bg.wasm` that `html` loads.
fn shipped_wasm(dist: &Path, html: &str) -> Result<PathBuf, String> {
    let page = dist.join(html);
    let text = std::fs::read_to_string(&page).map_err(|e| format!("{}: {e}", page.display()))?;
    text.split('"')
        .find(|s| s.ends_with("_bg.wasm"))
        .and_then(|s| s.rsplit('/').next())
        .map(|name| dist.join(name))
        .ok_or_else(|| format!("{} names no _bg.wasm", page.display()))
}

/// The bytes of every section of a wasm file but its custom ones (names, producers, features).
fn code_and_data(path: &Path) -> Result<u64, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bad = || format!("{} is not a wasm module", path.display());
    let mut at = 8;
    let mut total = 0u64;
    while at < bytes.len() {
        let id = *bytes.get(at).ok_or_else(bad)?;
        let (len, next) = leb128(&bytes, at + 1).ok_or_else(bad)?;
        if id != 0 {
            total += len;
        }
        at = next + usize::try_from(len).map_err(|_| bad())?;
    }
    Ok(total)
}

fn leb128(bytes: &[u8], mut at: usize) -> Option<(u64, usize)> {
    let mut value = 0u64;
    let mut shift = 0;
    loop {
        let byte = *bytes.get(at)?;
        at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Some((value, at));
        }
        shift += 7;
        if shift > 63 {
            return None;
        }
    }
}

fn output(cmd: &mut std::process::Command) -> Result<String, String> {
    let out = cmd
        .output()
        .map_err(|e| format!("could not run {}: {e}", crate::describe(cmd)))?;
    if !out.status.success() {
        return Err(format!(
            "{} failed: {}",
            crate::describe(cmd),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `text` without its "Page weight" section (from the heading to the next `## ` or the end).
pub fn strip_section(text: &str) -> String {
    let Some(start) = text.find(&format!("\n{SECTION}\n")) else {
        return text.to_owned();
    };
    let rest = &text[start + 1..];
    let end = rest[SECTION.len()..]
        .find("\n## ")
        .map_or(text.len(), |i| start + 1 + SECTION.len() + i + 1);
    format!("{}{}", &text[..start + 1], &text[end..])
}

/// `text` with `section` at its end.
pub fn with_section(text: &str, section: &str) -> String {
    format!("{}\n\n{}", text.trim_end(), section.trim_end()) + "\n"
}

/// The "Page weight" section of `text`, if it has one (for `bench`, which rewrites the rest).
pub fn section_of(text: &str) -> Option<String> {
    let stripped = strip_section(text);
    (stripped.len() != text.len()).then(|| {
        let start = text.find(&format!("\n{SECTION}\n")).map_or(0, |i| i + 1);
        text[start..start + (text.len() - stripped.len())].to_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_is_replaced_and_kept() {
        let doc = "# B\n\n## A\n\na\n\n## Page weight\n\nold\n\n## C\n\nc\n";
        assert_eq!(strip_section(doc), "# B\n\n## A\n\na\n\n## C\n\nc\n");
        assert_eq!(
            section_of(doc).as_deref(),
            Some("## Page weight\n\nold\n\n")
        );
        let last = "# B\n\n## Page weight\n\nold\n";
        assert_eq!(strip_section(last), "# B\n\n");
        assert_eq!(
            with_section(&strip_section(last), "## Page weight\n\nnew\n"),
            "# B\n\n## Page weight\n\nnew\n"
        );
        assert_eq!(section_of("# B\n"), None);
    }
}
