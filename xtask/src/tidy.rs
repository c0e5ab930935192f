//! Tidy: the architecture rules a compiler cannot see, checked as text on every `cargo xtask test`
//! (these are unit tests of the xtask binary, so `cargo test --workspace` runs them), in the manner
//! of rust-analyzer's `tidy.rs`. `cargo xtask tidy` prints the same findings.
//!
//! - The app and the CLI declare no limit: a `const MAX_…` under `src/` or
//!   `crates/shardlab-cli/src/` belongs in the core, which they import (`pub use
//!   shardlab_core::…::MAX_…` is fine).
//! - The app and the CLI never decide by a scheme's or node kind's name: a string literal that is
//!   one of those names, in a match arm or a comparison, means the enum was bypassed.
//! - Every module folder under `src/` is named in ARCHITECTURE.md's code map.
//! - Shared code never imports a view: no `crate::<view>` path (`use crate::learn::…`,
//!   `crate::ring::…`, `use crate::{board::…}`) in a file outside the view folders, tests included,
//!   except `src/pages.rs`, the page switch. Shared code gets what it needs from a view passed in
//!   or from a shared module (`course.rs`).
//!
//! The first two checks read only the code before a file's first column-0 `#[cfg(test)]`: tests
//! may spell a name to build a fixture.

use std::path::{Path, PathBuf};

/// Where the enums' names are defined, and the match that gives them. xtask depends on no
/// project crate, so it reads them from the source: a new variant is checked as soon as it has
/// a name, with no list here to keep in step.
const NAME_SOURCES: [(&str, &str); 2] = [
    (
        "crates/shardlab-core/src/placement/kind.rs",
        "impl SchemeKind {",
    ),
    ("crates/shardlab-core/src/sim/design.rs", "impl NodeKind {"),
];

/// The names a `fn name(self)` gives in the `impl` block that opens with `block`: each
/// `Kind::Variant => "name"` arm of its match, up to the function's closing brace.
fn names_in(source: &str, block: &str) -> Vec<String> {
    let Some(body) = source
        .find(block)
        .and_then(|at| source.get(at..))
        .and_then(|rest| rest.find("fn name(self)").and_then(|at| rest.get(at..)))
    else {
        return Vec::new();
    };
    let body = body.split("\n    }\n").next().unwrap_or_default();
    body.lines()
        .filter_map(|line| line.split_once("=> \"")?.1.split_once('"'))
        .map(|(name, _)| name.to_string())
        .collect()
}

/// Every scheme and node-kind name, read from the core.
fn kind_names(root: &Path) -> Vec<String> {
    NAME_SOURCES
        .iter()
        .flat_map(|(path, block)| {
            names_in(
                &std::fs::read_to_string(root.join(path)).unwrap_or_default(),
                block,
            )
        })
        .collect()
}

/// Files where one of those words names something else, with the reason.
const OTHER_MEANING: [(&str, &str); 1] = [(
    "src/route.rs",
    "route segments (#/ring) and page names, not scheme names",
)];

/// The view folders under `src/`: each may import the shared code, and none may be imported by it.
const VIEWS: [&str; 5] = ["home", "learn", "decoder", "ring", "board"];

/// The one file outside the views that may name them: the page switch, which maps each route to
/// its view's component.
const PAGE_SWITCH: &str = "src/pages.rs";

/// All findings, one line each, as `path:line: what`.
pub fn findings(root: &Path) -> Vec<String> {
    let names = kind_names(root);
    let mut out = Vec::new();
    for file in rust_files(&root.join("src")) {
        let rel = relative(root, &file);
        let Ok(text) = std::fs::read_to_string(&file) else {
            out.push(format!("{rel}: unreadable"));
            continue;
        };
        out.extend(app_limits(&rel, &text));
        if is_shared(&rel) {
            out.extend(view_imports(&rel, &text));
        }
        if !OTHER_MEANING.iter().any(|(path, _)| *path == rel) {
            out.extend(name_matches(&rel, &text, &names));
        }
    }
    for file in rust_files(&root.join("crates/shardlab-cli/src")) {
        let rel = relative(root, &file);
        if let Ok(text) = std::fs::read_to_string(&file) {
            out.extend(app_limits(&rel, &text));
            out.extend(name_matches(&rel, &text, &names));
        }
    }
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap_or_default();
    out.extend(unmapped_folders(root, &architecture));
    out
}

/// `cargo xtask tidy`.
pub fn run() -> Result<(), String> {
    let found = findings(&crate::root());
    for line in &found {
        println!("{line}");
    }
    if found.is_empty() {
        println!("tidy: clean");
        Ok(())
    } else {
        Err(format!("tidy: {} finding(s)", found.len()))
    }
}

/// The part of a file before its tests.
fn before_tests(text: &str) -> &str {
    text.find("\n#[cfg(test)]").map_or(text, |at| &text[..at])
}

/// `const MAX_…` or `static MAX_…` declared (not re-exported) in app code.
fn app_limits(rel: &str, text: &str) -> Vec<String> {
    before_tests(text)
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.trim_start();
            let code = code.strip_prefix("pub ").unwrap_or(code);
            let code = match code.strip_prefix("pub(") {
                Some(rest) => rest.split_once(") ").map_or(rest, |(_, after)| after),
                None => code,
            };
            code.starts_with("const MAX_") || code.starts_with("static MAX_")
        })
        .map(|(n, line)| {
            format!(
                "{rel}:{}: a limit declared in the app (move it to shardlab-core): {}",
                n + 1,
                line.trim()
            )
        })
        .collect()
}

/// A scheme or node-kind name as a literal in a match arm (`"ring" =>`, `"ring" |`, `| "ring"`)
/// or a comparison (`== "ring"`, `!= "ring"`).
fn name_matches(rel: &str, text: &str, names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in before_tests(text).lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for name in names {
            let quoted = format!("\"{name}\"");
            let mut from = 0;
            while let Some(at) = code[from..].find(&quoted) {
                let start = from + at;
                let end = start + quoted.len();
                let before = code[..start].trim_end();
                let after = code[end..].trim_start();
                let decides = after.starts_with("=>")
                    || after.starts_with('|')
                    || before.ends_with('|') && !before.ends_with("||")
                    || before.ends_with("==")
                    || before.ends_with("!=")
                    || before.ends_with("matches!(")
                    || after.starts_with("==")
                    || after.starts_with("!=");
                if decides {
                    out.push(format!(
                        "{rel}:{}: decides by the name {quoted} (use the core's enum): {}",
                        n + 1,
                        line.trim()
                    ));
                }
                from = end;
            }
        }
    }
    out
}

/// Whether the app file at `rel` (`src/…`) is shared code: not in a view's folder and not the
/// page switch.
fn is_shared(rel: &str) -> bool {
    let Some(inside) = rel.strip_prefix("src/") else {
        return false;
    };
    let in_view = inside
        .split_once('/')
        .is_some_and(|(folder, _)| VIEWS.contains(&folder));
    !in_view && rel != PAGE_SWITCH
}

/// Each `crate::<view>` path in `text` (comments left out), one finding per line: `crate::ring::…`
/// or `use crate::learn;`, and a view named first in a group, `crate::{board::…, …}`.
fn view_imports(rel: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut named: Vec<&str> = Vec::new();
        for (at, _) in code.match_indices("crate::") {
            let after = &code[at + "crate::".len()..];
            // A path's head, or each head in a `{…}` group on this line.
            let heads: Vec<&str> = match after.strip_prefix('{') {
                Some(group) => group
                    .split('}')
                    .next()
                    .unwrap_or("")
                    .split(',')
                    .map(str::trim)
                    .collect(),
                None => vec![after],
            };
            for head in heads {
                let name = head
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or("");
                let preceded = code[..at]
                    .ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$');
                if !preceded && VIEWS.contains(&name) && !named.contains(&name) {
                    named.push(name);
                }
            }
        }
        for view in named {
            out.push(format!(
                "{rel}:{}: shared code imports the view `{view}` (move the item to a shared \
                 module, or pass it in from {PAGE_SWITCH}): {}",
                n + 1,
                line.trim()
            ));
        }
    }
    out
}

/// Module folders (those holding a `.rs` file; test data does not count) under `src/` that
/// ARCHITECTURE.md never names as `src/<path>/`.
fn unmapped_folders(root: &Path, architecture: &str) -> Vec<String> {
    folders(&root.join("src"))
        .into_iter()
        .filter(|dir| {
            entries(dir)
                .iter()
                .any(|path| path.extension().is_some_and(|ext| ext == "rs"))
        })
        .map(|dir| format!("{}/", relative(root, &dir)))
        .filter(|rel| !architecture.contains(rel.as_str()))
        .map(|rel| format!("{rel}: a folder ARCHITECTURE.md's code map does not name"))
        .collect()
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .collect();
    paths.sort();
    paths
}

fn folders(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in entries(dir) {
        if path.is_dir() {
            out.push(path.clone());
            out.extend(folders(&path));
        }
    }
    out
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in entries(dir) {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_is_tidy() {
        let found = findings(&crate::root());
        assert!(found.is_empty(), "tidy findings:\n{}", found.join("\n"));
    }

    /// The names come from the core's own `fn name` matches: all ten schemes and all five
    /// node kinds, and nothing from another function of the same file.
    #[test]
    fn names_are_read_from_the_core() {
        let names = kind_names(&crate::root());
        for name in [
            "mod",
            "ring",
            "jump",
            "rendezvous",
            "range",
            "directory",
            "id",
            "maglev",
            "multi-probe",
            "bounded-load",
        ] {
            assert!(
                names.iter().any(|n| n == name),
                "{name} missing from {names:?}"
            );
        }
        for name in ["users", "load_balancer", "app_server", "cache", "database"] {
            assert!(
                names.iter().any(|n| n == name),
                "{name} missing from {names:?}"
            );
        }
        assert_eq!(names.len(), 15, "{names:?}");
    }

    #[test]
    fn names_in_stops_at_the_end_of_name() {
        let source =
            "impl K {\n    pub fn name(self) -> &str {\n        match self {\n            \
                      K::A => \"a\",\n        }\n    }\n\n    fn label(self) {\n        \
                      K::A => \"not a name\",\n    }\n}\n";
        assert_eq!(names_in(source, "impl K {"), ["a"]);
        assert!(names_in(source, "impl J {").is_empty());
    }

    #[test]
    fn a_declared_limit_is_found_and_a_reexport_is_not() {
        let text = "pub use shardlab_core::X::MAX_A;\npub const MAX_B: u32 = 3;\n\
                    pub(crate) const MAX_C: u32 = 1;\nconst MAX_D: u8 = 2;\n\
                    #[cfg(test)]\nconst MAX_E: u8 = 2;\n";
        let found = app_limits("src/x.rs", text);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found[0].starts_with("src/x.rs:2:"));
        assert!(found[2].contains("MAX_D"));
    }

    /// Each finding's `file:line`, the part before its message.
    fn places(found: &[String]) -> Vec<&str> {
        found
            .iter()
            .map(|f| f.split(": ").next().unwrap_or(""))
            .collect()
    }

    #[test]
    fn deciding_by_a_name_is_found_and_naming_is_not() {
        let text = "match s {\n    \"ring\" => 1,\n    \"mod\" | \"jump\" => 2,\n}\n\
                    if kind == \"cache\" {}\nlet slug = \"ring\";\n// \"ring\" => in a comment\n\
                    let x = a || \"id\".is_empty();\n";
        let found = name_matches("src/x.rs", text, &kind_names(&crate::root()));
        let lines = places(&found);
        assert_eq!(
            lines,
            ["src/x.rs:2", "src/x.rs:3", "src/x.rs:3", "src/x.rs:5"],
            "{found:?}"
        );
    }

    #[test]
    fn a_view_imported_by_shared_code_is_found() {
        let bad = "use crate::learn::progress::{CHANGED_EVENT, COUNT_KEY};\n\
                   use crate::route::Route;\n\
                   fn f() -> Html { html! { <crate::ring::RingView /> } }\n\
                   use crate::{board::state::Action, route::View};\n\
                   let n = crate::home::CARDS.len() + crate::home::CARDS.len();\n\
                   #[cfg(test)]\nmod tests {\n    use crate::decoder::url_state;\n}\n";
        let found = view_imports("src/shell/header.rs", bad);
        let lines = places(&found);
        assert_eq!(
            lines,
            [
                "src/shell/header.rs:1",
                "src/shell/header.rs:3",
                "src/shell/header.rs:4",
                "src/shell/header.rs:5",
                "src/shell/header.rs:8",
            ],
            "{found:?}"
        );
        assert!(found[0].contains("the view `learn`"), "{found:?}");
        let good = "use crate::course::{CHANGED_EVENT, COUNT_KEY};\n\
                    use crate::route::Route;\nuse crate::{browser::theme, widgets::route_link};\n\
                    // Learn's own `crate::learn::progress` writes the count.\n\
                    let s = shardlab_core::ring::Ring::new();\nuse crate::ring_buffer::Slot;\n\
                    use crate::shell::boarding::Pass;\n";
        assert!(view_imports("src/shell/header.rs", good).is_empty());
    }

    #[test]
    fn only_the_shared_files_are_checked_for_view_imports() {
        for rel in [
            "src/shell/header.rs",
            "src/app.rs",
            "src/route.rs",
            "src/jobs/hook.rs",
        ] {
            assert!(is_shared(rel), "{rel}");
        }
        for rel in [
            "src/pages.rs",
            "src/learn/progress.rs",
            "src/home/mod.rs",
            "src/ring/parts/x.rs",
            "xtask/src/tidy.rs",
        ] {
            assert!(!is_shared(rel), "{rel}");
        }
    }

    #[test]
    fn an_unnamed_folder_is_found() {
        let root = crate::root();
        let found = unmapped_folders(&root, "src/board/ only");
        assert!(
            found.iter().any(|f| f.starts_with("src/ring/")),
            "{found:?}"
        );
        assert!(!found.iter().any(|f| f.starts_with("src/board/:")));
    }
}
