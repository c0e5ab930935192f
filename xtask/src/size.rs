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
//! `wasm-bindgen --target=web --no-typescript` and `wasm-opt -Oz --low-memory-unused --gufa -Oz`, the latter
//! with `--debuginfo` so the names survive. It then checks that the result's code and data
//! sections equal the shipped wasm's byte for byte, so the names describe the bytes a reader
//! downloads; a mismatch (a dist older than its kept copy) is an error. The import section is not
//! compared: the dist shortens the glue's import names, so twiggy's import items read a little
//! larger than the page's.
//! `--write` puts the report into BENCHMARKS.md's "Page weight" section; `cargo xtask bench`
//! writes the same section ([`report`]) from the site it measured, so every figure comes from one run.

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
    let report = report(&dist, top)?;
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

/// The "Page weight" section for the release site in `dist`: every page's size and twiggy's `top`
/// items per page. `cargo xtask bench` writes it in its own run, on the site it measured.
pub fn report(dist: &Path, top: usize) -> Result<String, String> {
    let sizes = output(
        tools::command("node")
            .arg(root().join("xtask/size-budget.mjs"))
            .arg(dist)
            // No budget to fail on: this command reports.
            .arg(u64::MAX.to_string()),
    )?;
    let mut report = String::new();
    let _ = write!(
        report,
        "{SECTION}\n\n\
         Written by `cargo xtask bench` from the release site it measured above, or by `cargo \
         xtask size --write` from the dist that `cargo xtask dist --dist dist` built (issue 20 §2). \
         Sizes are the wasm \
         and JS each page loads, brotli at the highest quality, as `xtask/size-budget.mjs` (the CI \
         budget) counts them. Twiggy {} ranks each page's wasm: its shallow bytes per item, before \
         compression, on the page's wasm rebuilt from cargo's named artefact with the same \
         wasm-bindgen and `wasm-opt -Oz --low-memory-unused --gufa -Oz` steps plus `--debuginfo`, whose code and \
         data match the shipped file's (see `xtask/src/size.rs`).\n\n```text\n{}```\n",
        tools::TWIGGY_VERSION,
        sizes.lines().filter(|l| !l.contains("budget")).fold(String::new(), |mut s, l| {
            s.push_str(l.split("  (").next().unwrap_or(l));
            s.push('\n');
            s
        }),
    );
    let scratch = root().join("target/pages/profile");
    let mut profiles = Vec::new();
    for (html, _) in PAGES {
        profiles.push((html, profile(dist, html, &scratch, top)?));
    }
    report.push_str(&breakdown(&profiles, &brotli_kb(&sizes)));
    for (html, profile) in &profiles {
        let _ = write!(
            report,
            "\n### `{html}`: twiggy's top {top}\n\n```text\n{}```\n",
            profile.top_items
        );
    }
    Ok(report)
}

/// Each page's code and data by owner, with the size goal and why it is missed.
fn breakdown(profiles: &[(&str, Profile)], brotli_kb: &[(String, f64)]) -> String {
    let mut out = String::from(
        "\n### What each page's wasm is made of\n\nKilobytes of code and data before compression \
         (twiggy's shallow sizes, custom sections left out), by who owns them.\n\n| page |",
    );
    for owner in Owner::ALL {
        let _ = write!(out, " {} |", owner.label());
    }
    out.push_str(" all |\n|---|");
    out.push_str(&"---|".repeat(Owner::ALL.len() + 1));
    out.push('\n');
    for (html, profile) in profiles {
        let _ = write!(out, "| `{html}` |");
        let all: u64 = profile.owners.iter().sum();
        for bytes in profile.owners {
            let _ = write!(
                out,
                " {:.1} ({:.0} %) |",
                bytes as f64 / 1000.0,
                100.0 * bytes as f64 / all.max(1) as f64
            );
        }
        let _ = writeln!(out, " {:.1} |", all as f64 / 1000.0);
    }
    let over: Vec<String> = brotli_kb
        .iter()
        .filter(|(_, kb)| *kb > SIZE_GOAL_KB)
        .map(|(html, kb)| format!("`{html}` {kb:.1} kB"))
        .collect();
    if over.is_empty() {
        let _ = writeln!(
            out,
            "\n**Goal: every page at most {SIZE_GOAL_KB:.0} kB brotli — met.**"
        );
    } else {
        let _ = writeln!(
            out,
            "\n**Goal: every page at most {SIZE_GOAL_KB:.0} kB brotli — missed** ({}).{SIZE_MISS_WHY}",
            over.join(", ")
        );
    }
    out
}

/// Each page's brotli kilobytes, read from `xtask/size-budget.mjs`'s lines
/// (`board.html  725.7 kB raw  242.9 kB brotli`).
fn brotli_kb(sizes: &str) -> Vec<(String, f64)> {
    sizes
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let html = words.next().filter(|w| w.ends_with(".html"))?.to_owned();
            let words: Vec<&str> = words.collect();
            let at = words.iter().position(|w| *w == "brotli")?;
            let kb = words.get(at.checked_sub(2)?)?.parse().ok()?;
            Some((html, kb))
        })
        .collect()
}

/// Issue 20 §2's goal for every page, wasm and JS, brotli.
const SIZE_GOAL_KB: f64 = 175.0;

/// Why pages miss [`SIZE_GOAL_KB`].
const SIZE_MISS_WHY: &str = " The CI budget stays at 250 kB. The table above says why: no \
    one owner holds most of a page. Our components' bodies (Yew inlines each function \
    component into one `CompStateInner::view` instance), Yew's own machinery, Rust's `core`, \
    `alloc` and `std` instantiated for our types (drop glue, B-trees, `Rc`, sorting, \
    formatting), the prose and tables in the data segments, and the core's algorithms each \
    hold a tenth to a quarter. The cuts of issue 20 (serde's `Content` out of the Board's \
    settings reader, one sort instance per element type, Learn's JSON through the browser's \
    `JSON.parse`, charts without a sort, sorted `Vec`s for the validator's sets and the \
    canvas's maps, the Ring's sorts as one `u128` instance, the shell's and the Board's \
    hook-less parts as plain functions) took the pages from 193–249 kB to 195–245, and new \
    features (the ID-scheme chapter, the hot-key and failover widgets, the lenient design \
    reader, the reshard simulation) spent much of it again. What is left is locked in or \
    small: `<f64 as Display>` stays while serde-wasm-bindgen's messages and plotters' \
    colours use it, Yew's scheduler keeps a B-tree and yew-router links all three histories, \
    and each other candidate is worth under 1 kB. Reaching 175 kB takes a page that does not \
    carry every widget's code: wasm-bindgen links one module per page and cannot load a second \
    into the same memory, so that means a build per widget (an embed would load only its \
    widget). The Board's simulator worker made about 6 kB of room: the simulator and the \
    capacity search left the page, and the messages that replaced them cost a third of what \
    they freed, since they go as bincode (serde-wasm-bindgen would have cost 16 kB more) and the \
    design as the JSON text the page already writes. The seed spread and the reshard widget \
    spent that room again. The time scrubber (each second's load on the boxes and the shard \
    plot) cost 6 kB; its room came from a sort-free ordering of a drop's causes (1.4 kB), the \
    Board's boxes, edges, settings and plots as plain functions (2.2 kB) and wasm-opt's GUFA \
    pass after `-Oz` (0.66 kB). The Ring's comparisons (the two sweeps, their plots, the load \
    plot and the plotting code only they use on that page) were 34 kB of `ring.html`. They are \
    a page of their own, `compare.html` (the `ring/compare`, `ring/metrics` and `ring/vnodes` \
    widgets), which the full Ring frames: `ring.html` went from 245.5 to 212.9 kB, and \
    `compare.html` carries the literature's metric table and its lookup timing (9.5 kB of it). \
    Since then multi-probe's and bounded loads' pictures and widgets took `ring.html` to 223 kB \
    (10.4 kB), the Board's panels after its first paint cost 1.1 kB, and reading and writing \
    addresses with `form_urlencoded` (the parser yew-router already ran) and the Board's export \
    through the compact JSON writer gave back 2.6 kB. The Board and the Decoder stay the pages \
    nearest the budget, about 2 and 4.5 kB under it.";

/// twiggy's top items of `html`'s wasm, rebuilt with names from the kept artefact.
fn profile(dist: &Path, html: &str, scratch: &Path, top: usize) -> Result<Profile, String> {
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
            // index.html's `data-wasm-opt-params` for the app, then the names.
            .args(["--low-memory-unused", "--gufa", "-Oz", "--debuginfo"]),
    )?;
    let (ours, theirs) = (code_and_data(&optimised)?, code_and_data(&shipped)?);
    // Byte for byte: `--debuginfo` keeps the names without changing the code. The import section
    // is left out, since the dist shortens the glue's import names (`minify.rs`) and this copy
    // keeps wasm-bindgen's; for the smallest page that alone is over 1 % of the module.
    if ours != theirs {
        return Err(format!(
            "the named build of {html} has {} bytes of code and data, the shipped one {}, and they \
             differ: the dist and target/pages/names come from different builds; run `cargo xtask dist`",
            ours.len(),
            theirs.len()
        ));
    }
    let top_items = output(
        tools::command("twiggy")
            .args(["top", "-n", &top.to_string()])
            .arg(&optimised),
    )?;
    let every_item = output(
        tools::command("twiggy")
            .args(["top", "-n", "1000000", "--format", "csv"])
            .arg(&optimised),
    )?;
    Ok(Profile {
        top_items,
        owners: owners(&every_item),
    })
}

/// One page's wasm as twiggy sees it.
struct Profile {
    /// `twiggy top`'s table.
    top_items: String,
    /// The code and data bytes per [`Owner`], in `Owner::ALL`'s order.
    owners: [u64; Owner::ALL.len()],
}

/// Who a wasm item's bytes belong to, for the page-weight breakdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Owner {
    /// Our function components' bodies: Yew inlines each one into its `CompStateInner::view`.
    ComponentViews,
    /// The rest of Yew and yew-router: scheduling, hooks, the DOM diff, props.
    Yew,
    /// `shardlab_app` functions that are not component bodies.
    App,
    /// The pure core.
    Core,
    /// Rust's `core`, `alloc` and `std` (formatting, sorting, collections) and the allocator.
    Std,
    /// Data segments: strings (the prose), tables, constants.
    Data,
    /// Everything else: serde, wasm-bindgen, web-sys, plotters, imports, the function table.
    Other,
}

impl Owner {
    const ALL: [Owner; 7] = [
        Owner::ComponentViews,
        Owner::Yew,
        Owner::App,
        Owner::Core,
        Owner::Std,
        Owner::Data,
        Owner::Other,
    ];

    fn label(self) -> &'static str {
        match self {
            Owner::ComponentViews => "our components' views",
            Owner::Yew => "Yew and yew-router",
            Owner::App => "the app, outside views",
            Owner::Core => "the core",
            Owner::Std => "core, alloc, std, dlmalloc",
            Owner::Data => "data (strings, tables)",
            Owner::Other => "serde, wasm-bindgen, plotters, other",
        }
    }

    /// The owner of the item twiggy names `name`. Generic code is named after the crate that
    /// defines it (`<yew::…CompStateInner<COMP> as …>::view`), so the one Yew item our component
    /// bodies are inlined into is told apart first.
    fn of(name: &str) -> Owner {
        let first_word = |text: &str| -> String {
            text.trim_start_matches(['<', '&', '['])
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("")
                .to_owned()
        };
        // `<T as Trait>::f` where T has no path (`f64`, `[u8]`, `&str`) is the trait's crate's.
        let crate_name = match name.strip_prefix('<').and_then(|n| n.split_once(" as ")) {
            Some((ty, tr)) if !ty.contains("::") => first_word(tr),
            _ => first_word(name),
        };
        if name.starts_with("data segment") {
            Owner::Data
        } else if name
            .contains("CompStateInner<COMP> as yew::html::component::lifecycle::Stateful>::view")
        {
            Owner::ComponentViews
        } else {
            match crate_name.as_str() {
                "yew" | "yew_router" => Owner::Yew,
                "shardlab_app" => Owner::App,
                "shardlab_core" => Owner::Core,
                "core" | "alloc" | "std" | "dlmalloc" | "compiler_builtins" | "hashbrown" => {
                    Owner::Std
                }
                _ => Owner::Other,
            }
        }
    }
}

/// The shallow bytes of twiggy's CSV (`Name,ShallowSize,…`) per owner, leaving out the custom
/// sections (the names the profile build keeps, which the shipped file has not).
fn owners(csv: &str) -> [u64; Owner::ALL.len()] {
    let mut bytes = [0; Owner::ALL.len()];
    for line in csv.lines().skip(1) {
        // The name may hold commas, and a quoted one doubles its quotes: read the numbers from
        // the right.
        let mut fields = line.rsplitn(5, ',');
        let (Some(_), Some(_), Some(_), Some(size), Some(name)) = (
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
        ) else {
            continue;
        };
        let Ok(size) = size.parse::<u64>() else {
            continue;
        };
        let name = name.trim_matches('"');
        if name.contains("subsection") || name.starts_with("custom section") {
            continue;
        }
        let owner = Owner::of(name);
        if let Some(at) = Owner::ALL.iter().position(|o| *o == owner) {
            bytes[at] += size;
        }
    }
    bytes
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

/// The code and data sections of a wasm file, one after the other.
fn code_and_data(path: &Path) -> Result<Vec<u8>, String> {
    const CODE: u8 = 10;
    const DATA: u8 = 11;
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bad = || format!("{} is not a wasm module", path.display());
    let mut at = 8;
    let mut kept = Vec::new();
    while at < bytes.len() {
        let id = *bytes.get(at).ok_or_else(bad)?;
        let (len, start) = leb128(&bytes, at + 1).ok_or_else(bad)?;
        let end = usize::try_from(len)
            .ok()
            .and_then(|len| start.checked_add(len))
            .filter(|&end| end <= bytes.len())
            .ok_or_else(bad)?;
        if id == CODE || id == DATA {
            kept.extend_from_slice(bytes.get(start..end).ok_or_else(bad)?);
        }
        at = end;
    }
    Ok(kept)
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

    #[test]
    fn twiggy_items_go_to_their_owners() {
        let csv = "Name,ShallowSize,ShallowSizePercent,RetainedSize,RetainedSizePercent\n\
            \"\"\"function names\"\" subsection\",900,50.0,,\n\
            <yew::html::component::lifecycle::CompStateInner<COMP> as yew::html::component::lifecycle::Stateful>::view::h1,100,1.0,,\n\
            <yew::html::component::lifecycle::CreateRunner<COMP> as yew::scheduler::Runnable>::run::h2,20,1.0,,\n\
            shardlab_app::ring::scene::scene::h3,30,1.0,,\n\
            shardlab_core::placement::ring::Ring::new::h4,40,1.0,,\n\
            <f64 as core[c59]::fmt::Display>::fmt,50,1.0,,\n\
            \"data segment \"\".rodata.1\"\"\",60,1.0,,\n\
            \"<serde_core::de::Foo<'a, T> as X>::f, with a comma\",70,1.0,,\n";
        assert_eq!(owners(csv), [100, 20, 30, 40, 50, 60, 70]);
    }

    #[test]
    fn only_the_code_and_data_sections_are_compared() {
        let module = |imports: &[u8]| {
            let mut bytes = b"\0asm\x01\0\0\0".to_vec();
            // An import section, a custom (name) section, then code and data.
            bytes.push(2);
            bytes.push(u8::try_from(imports.len()).unwrap_or(0));
            bytes.extend_from_slice(imports);
            bytes.extend_from_slice(&[0, 3, b'a', b'b', b'c']);
            bytes.extend_from_slice(&[10, 2, 0xc0, 0xde]);
            bytes.extend_from_slice(&[11, 1, 0xda]);
            bytes
        };
        let dir = std::env::temp_dir().join(format!("shardlab-size-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_default();
        let (long, short, cut) = (
            dir.join("long.wasm"),
            dir.join("short.wasm"),
            dir.join("cut.wasm"),
        );
        let written = [
            std::fs::write(&long, module(b"__wbg_log_1234")),
            std::fs::write(&short, module(b"a")),
            std::fs::write(&cut, &module(b"a")[..14]),
        ];
        assert!(written.iter().all(Result::is_ok));
        assert_eq!(code_and_data(&long), Ok(vec![0xc0, 0xde, 0xda]));
        assert_eq!(code_and_data(&long), code_and_data(&short));
        assert!(code_and_data(&cut).is_err_and(|e| e.contains("not a wasm module")));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn brotli_sizes_are_read_from_the_budget_script() {
        let lines = "board.html       725.7 kB raw  242.9 kB brotli\n\
            embed-example.html     6.4 kB raw    2.1 kB brotli\n\
            largest: board.html 875.5 kB brotli\n\
            budget: 250000 bytes\n";
        assert_eq!(
            brotli_kb(lines),
            [
                ("board.html".to_owned(), 242.9),
                ("embed-example.html".to_owned(), 2.1)
            ]
        );
    }

    /// `Owner::ALL` holds every variant once. The xtask does not depend on the core, so this is its
    /// `assert_lists_every_variant!` written out: the `match` has no catch-all, so a new variant
    /// does not compile here until it is named, and the count fails until `ALL` lists it.
    #[test]
    fn all_lists_every_owner_once() {
        let index = |value: &Owner| match value {
            Owner::ComponentViews => 0,
            Owner::Yew => 1,
            Owner::App => 2,
            Owner::Core => 3,
            Owner::Std => 4,
            Owner::Data => 5,
            Owner::Other => 6,
        };
        let mut times = [0; 7];
        for value in &Owner::ALL {
            times[index(value)] += 1;
        }
        assert_eq!(times, [1; 7]);
    }
}
