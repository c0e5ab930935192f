//! `cargo xtask hosts [--short] [--dist DIR]`: shardlab embedded in real sites, built by the tools
//! authors write with (issue 37 item 4).
//!
//! Each host has a small site in `tests/hosts/<host>/` holding one post with one embed below the
//! fold. The site is staged in `target/hosts/<host>/site` with the shipped recipe file from
//! `docs/hosts/` copied in, the recipe's placeholder address (`https://example.org/shardlab/`)
//! replaced by the loopback shardlab site's and the site's own `http://127.0.0.1/` given its port,
//! then built into `target/hosts/<host>/public` by the host's own tool: Debian's `hugo`,
//! Docusaurus from npm (`tests/hosts/docusaurus/node_modules`), MkDocs Material from PyPI
//! (`tests/hosts/mkdocs/.venv`). Each tool is installed once, pinned, and skipped when present.
//!
//! `tests/e2e/specs-hosts/` then serves the shardlab build and each host's site on their own
//! loopback ports (two origins, as on the web) and checks in Chromium that the picture comes
//! first, that the live frame replaces it only near the viewport, and that the frame fits its
//! content. The test reads `target/hosts/hosts.json`, written here, for the ports and pages.
//!
//! `--short` builds Hugo alone: it installs nothing from the network and builds in under a second,
//! so `cargo xtask test` runs it. Docusaurus (an npm install of about 1,300 packages, then a webpack
//! build of a minute or more) and MkDocs are for hand runs and CI's long form.

use std::path::Path;
#[cfg(test)]
use std::path::PathBuf;
use std::time::Instant;

use crate::tally::Tally;
use crate::tools::{self, Needs};
use crate::{flag_value, root};

/// Where the shardlab site is served for the host sites; each host's site is on the next ports.
pub const SHARDLAB_PORT: u16 = 4300;
/// The recipes' placeholder for the shardlab site's address.
const PLACEHOLDER: &str = "https://example.org/shardlab/";
/// The fixtures' own address, given its port when staged.
const OWN_ADDRESS: &str = "http://127.0.0.1/";
/// Docusaurus 3.10 declares Node.js 20 or newer.
const DOCUSAURUS_NODE_MAJOR: u32 = 20;

/// A host an author builds a site with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Host {
    Hugo,
    Docusaurus,
    MkDocs,
}

/// Which hosts a run builds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Hugo alone: no network install, a build under a second.
    Short,
    /// Every host.
    Full,
}

impl Host {
    pub const ALL: [Host; 3] = [Host::Hugo, Host::Docusaurus, Host::MkDocs];

    /// The folder under `tests/hosts/` and `target/hosts/`, and the name the test reports.
    pub fn name(self) -> &'static str {
        match self {
            Host::Hugo => "hugo",
            Host::Docusaurus => "docusaurus",
            Host::MkDocs => "mkdocs",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Host::Hugo => "Hugo",
            Host::Docusaurus => "Docusaurus",
            Host::MkDocs => "MkDocs Material",
        }
    }

    fn port(self) -> u16 {
        match self {
            Host::Hugo => SHARDLAB_PORT + 1,
            Host::Docusaurus => SHARDLAB_PORT + 2,
            Host::MkDocs => SHARDLAB_PORT + 3,
        }
    }

    /// The path of the post holding the embed.
    fn post(self) -> &'static str {
        match self {
            Host::Hugo => "/posts/rings/",
            Host::Docusaurus => "/rings",
            Host::MkDocs => "/rings/",
        }
    }

    /// A page linking to the post that the host opens without a full load (a single-page app's
    /// navigation), if it has one.
    fn client_side_from(self) -> Option<&'static str> {
        match self {
            Host::Hugo => None,
            Host::Docusaurus | Host::MkDocs => Some("/"),
        }
    }

    /// The shipped recipe files the site uses: (under `docs/hosts/<host>/`, under the site).
    /// MkDocs's recipe is Markdown the fixture's post follows, so there is no file to copy.
    fn recipe_files(self) -> &'static [&'static str] {
        match self {
            Host::Hugo => &["layouts/shortcodes/shardlab.html"],
            Host::Docusaurus => &["src/components/Shardlab.jsx"],
            Host::MkDocs => &[],
        }
    }

    fn in_scope(self, scope: Scope) -> bool {
        match scope {
            Scope::Full => true,
            Scope::Short => self == Host::Hugo,
        }
    }

    /// Installs the host's tool unless it is there.
    fn ensure(self) -> Result<(), String> {
        match self {
            Host::Hugo => tools::ensure_hugo(),
            Host::Docusaurus => {
                check_node_for_docusaurus()?;
                tools::ensure_npm_packages("tests/hosts/docusaurus", "Docusaurus")
            }
            Host::MkDocs => {
                tools::ensure_pip_packages("tests/hosts/mkdocs", "MkDocs Material").map(|_| ())
            }
        }
    }

    /// Builds the staged site in `site` into `public` with the host's own tool.
    fn build(self, site: &Path, public: &Path) -> Result<(), String> {
        let mut cmd = match self {
            Host::Hugo => {
                let mut cmd = tools::command(tools::HUGO);
                cmd.arg("--source")
                    .arg(site)
                    .arg("--destination")
                    .arg(public)
                    .arg("--cacheDir")
                    .arg(site.with_file_name("cache"))
                    // A shortcode's warning (a missing parameter) fails the build.
                    .args(["--panicOnWarning", "--noBuildLock", "--quiet"]);
                cmd
            }
            Host::Docusaurus => {
                // The site's node_modules is the cached install, linked in by `stage`.
                let mut cmd = tools::command("node");
                cmd.arg(site.join("node_modules/@docusaurus/core/bin/docusaurus.mjs"))
                    .arg("build")
                    .arg(site)
                    .arg("--out-dir")
                    .arg(public)
                    .current_dir(site);
                cmd
            }
            Host::MkDocs => {
                let bin = root().join("tests/hosts/mkdocs/.venv/bin");
                let mut cmd = tools::command(&bin.join("mkdocs").to_string_lossy());
                cmd.args(["build", "--strict", "--quiet", "--config-file"])
                    .arg(site.join("mkdocs.yml"))
                    .arg("--site-dir")
                    .arg(public)
                    // Material prints a notice about its successor on every build.
                    .env("NO_MKDOCS_2_WARNING", "1");
                cmd
            }
        };
        let status = cmd
            .status()
            .map_err(|e| format!("could not run {}: {e}", crate::describe(&cmd)))?;
        status
            .success()
            .then_some(())
            .ok_or_else(|| format!("`{}` exited with {status}", crate::describe(&cmd)))
    }
}

/// `cargo xtask hosts [--short] [--dist DIR]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let scope = if args.iter().any(|a| a == "--short") {
        Scope::Short
    } else {
        Scope::Full
    };
    let dist = root().join(flag_value(args, "--dist")?.unwrap_or_else(|| "dist".into()));
    tools::ensure(Needs::BROWSER | Needs::E2E)?;
    let mut tally = Tally::default();
    steps(&mut tally, &dist, scope);
    tally.finish()
}

/// Builds each host's site in `scope` as a step of `tally`, then runs the test against them and
/// the shardlab site in `dist` (built by `cargo xtask dist`).
pub fn steps(tally: &mut Tally, dist: &Path, scope: Scope) {
    let work = root().join("target/hosts");
    let mut built = Vec::new();
    for host in Host::ALL.into_iter().filter(|h| h.in_scope(scope)) {
        let what = format!("a {} site holding an embed", host.label());
        if tally.step(&what, || build_site(host, &work)) {
            built.push(host);
        }
    }
    if built.is_empty() {
        return tally.fail("embeds in real host sites (skipped: no site built)");
    }
    let manifest = work.join("hosts.json");
    let wrote = tally.step("the hosts test's list of sites", || {
        if !dist.join("w/ring-grow/picture.svg").exists() {
            return Err(format!(
                "{} holds no widget pictures: run `cargo xtask dist` first",
                dist.display()
            ));
        }
        write_manifest(&manifest, dist, &work, &built)
    });
    if !wrote {
        return;
    }
    let root = root();
    let names: Vec<&str> = built.iter().map(|h| h.name()).collect();
    tally.playwright(
        &format!("embeds in real host sites ({}, Chromium)", names.join(", ")),
        tools::command("npx")
            .args(["playwright", "test", "-c", "playwright.hosts.config.js"])
            .current_dir(root.join("tests/e2e"))
            .env("SHARDLAB_HOSTS_MANIFEST", &manifest),
        &root.join("tests/e2e/test-results/hosts-results.json"),
    );
}

/// Installs the host's tool, stages its site and builds it; prints how long each took.
fn build_site(host: Host, work: &Path) -> Result<(), String> {
    let started = Instant::now();
    host.ensure()?;
    let installed = started.elapsed();
    let dir = work.join(host.name());
    let (site, public) = (dir.join("site"), dir.join("public"));
    stage(host, &site)?;
    let staged = Instant::now();
    host.build(&site, &public)?;
    println!(
        "hosts: {} installed or checked in {:.1} s, built in {:.1} s",
        host.label(),
        installed.as_secs_f64(),
        staged.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A fresh copy of `tests/hosts/<host>/` in `site`, with the recipe files and the addresses.
fn stage(host: Host, site: &Path) -> Result<(), String> {
    let root = root();
    let fixture = root.join("tests/hosts").join(host.name());
    if site.exists() {
        std::fs::remove_dir_all(site).map_err(|e| format!("{}: {e}", site.display()))?;
    }
    copy_tree(&fixture, site)?;
    for file in host.recipe_files() {
        let from = root.join("docs/hosts").join(host.name()).join(file);
        let to = site.join(file);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::copy(&from, &to)
            .map_err(|e| format!("{} → {}: {e}", from.display(), to.display()))?;
    }
    if host == Host::Docusaurus {
        link_node_modules(&fixture.join("node_modules"), &site.join("node_modules"))?;
    }
    let shardlab = format!("http://127.0.0.1:{SHARDLAB_PORT}/");
    let own = format!("http://127.0.0.1:{}/", host.port());
    rewrite_addresses(site, &[(PLACEHOLDER, &shardlab), (OWN_ADDRESS, &own)])
}

/// Copies `from` into `to`, leaving out installed packages and anything a build left behind.
fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    const LEFT_OUT: [&str; 5] = ["node_modules", ".venv", ".docusaurus", "build", "public"];
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if LEFT_OUT.iter().any(|left| name == *left) {
            continue;
        }
        let (path, target) = (entry.path(), to.join(&name));
        if path.is_dir() {
            copy_tree(&path, &target)?;
        } else {
            std::fs::copy(&path, &target)
                .map_err(|e| format!("{} → {}: {e}", path.display(), target.display()))?;
        }
    }
    Ok(())
}

#[cfg(unix)]
fn link_node_modules(installed: &Path, link: &Path) -> Result<(), String> {
    std::os::unix::fs::symlink(installed, link)
        .map_err(|e| format!("{} → {}: {e}", link.display(), installed.display()))
}

#[cfg(not(unix))]
fn link_node_modules(installed: &Path, link: &Path) -> Result<(), String> {
    Err(format!(
        "linking {} to {} needs a Unix file system",
        link.display(),
        installed.display()
    ))
}

/// Replaces each (from, to) in every text file of the staged site.
fn rewrite_addresses(dir: &Path, pairs: &[(&str, &str)]) -> Result<(), String> {
    const TEXT: [&str; 6] = ["md", "mdx", "toml", "yml", "js", "html"];
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        // The linked node_modules is the install, not the site.
        if entry.file_type().is_ok_and(|t| t.is_symlink()) {
            continue;
        }
        if path.is_dir() {
            rewrite_addresses(&path, pairs)?;
            continue;
        }
        let is_text = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| TEXT.contains(&e));
        if !is_text {
            continue;
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let rewritten = pairs
            .iter()
            .fold(text.clone(), |text, (from, to)| text.replace(from, to));
        if rewritten != text {
            std::fs::write(&path, rewritten).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// What the test reads: where the shardlab site and each built host's site are, and their pages.
fn write_manifest(path: &Path, dist: &Path, work: &Path, built: &[Host]) -> Result<(), String> {
    let hosts: Vec<serde_json::Value> = built
        .iter()
        .map(|host| {
            serde_json::json!({
                "name": host.name(),
                "label": host.label(),
                "port": host.port(),
                "root": work.join(host.name()).join("public"),
                "post": host.post(),
                "clientSideFrom": host.client_side_from(),
            })
        })
        .collect();
    let manifest = serde_json::json!({
        "shardlab": { "port": SHARDLAB_PORT, "root": dist },
        "shots": work.join("shots"),
        "hosts": hosts,
    });
    let text = serde_json::to_string_pretty(&manifest).map_err(|e| e.to_string())?;
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Docusaurus 3.10 runs on Node.js 20 or newer; say so plainly rather than fail in its build.
fn check_node_for_docusaurus() -> Result<(), String> {
    let out = tools::command("node")
        .arg("--version")
        .output()
        .map_err(|e| format!("could not run node: {e}"))?;
    let version = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let major = version
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse::<u32>().ok())
        .unwrap_or(0);
    if major >= DOCUSAURUS_NODE_MAJOR {
        Ok(())
    } else {
        Err(format!(
            "Docusaurus 3.10 needs Node.js {DOCUSAURUS_NODE_MAJOR} or newer; this machine has {version}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty folder of its own for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("shardlab-hosts-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn short_builds_hugo_alone_and_full_builds_every_host() {
        let short: Vec<Host> = Host::ALL
            .into_iter()
            .filter(|h| h.in_scope(Scope::Short))
            .collect();
        assert_eq!(short, [Host::Hugo]);
        assert!(Host::ALL.iter().all(|h| h.in_scope(Scope::Full)));
    }

    #[test]
    fn each_host_has_its_own_port_after_shardlabs() {
        let mut ports: Vec<u16> = Host::ALL.iter().map(|h| h.port()).collect();
        ports.push(SHARDLAB_PORT);
        ports.sort_unstable();
        ports.dedup();
        assert_eq!(ports.len(), Host::ALL.len() + 1);
    }

    #[test]
    fn every_recipe_file_a_host_uses_is_shipped() {
        for host in Host::ALL {
            for file in host.recipe_files() {
                let path = root().join("docs/hosts").join(host.name()).join(file);
                assert!(path.is_file(), "{} is missing", path.display());
            }
        }
    }

    #[test]
    fn staging_rewrites_addresses_in_text_files_only() {
        let dir = scratch("rewrite");
        std::fs::create_dir_all(dir.join("docs")).unwrap();
        std::fs::write(
            dir.join("docs/post.md"),
            "see https://example.org/shardlab/w/ring-grow/ on http://127.0.0.1/",
        )
        .unwrap();
        std::fs::write(dir.join("picture.png"), "https://example.org/shardlab/").unwrap();
        rewrite_addresses(
            &dir,
            &[
                (PLACEHOLDER, "http://127.0.0.1:4300/"),
                (OWN_ADDRESS, "http://127.0.0.1:4301/"),
            ],
        )
        .unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join("docs/post.md")).unwrap(),
            "see http://127.0.0.1:4300/w/ring-grow/ on http://127.0.0.1:4301/"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("picture.png")).unwrap(),
            "https://example.org/shardlab/"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `Host::ALL` holds every variant once. The xtask does not depend on the core, so this is its
    /// `assert_lists_every_variant!` written out: the `match` has no catch-all, so a new variant
    /// does not compile here until it is named, and the count fails until `ALL` lists it.
    #[test]
    fn all_lists_every_host_once() {
        let index = |value: &Host| match value {
            Host::Hugo => 0,
            Host::Docusaurus => 1,
            Host::MkDocs => 2,
        };
        let mut times = [0; 3];
        for value in &Host::ALL {
            times[index(value)] += 1;
        }
        assert_eq!(times, [1; 3]);
    }
}
