//! Installing what the workflows need, and skipping what is already there.
//!
//! Every install step first asks whether the tool is present at the right version, so a second run
//! costs seconds. Nothing here downloads a browser or a prebuilt binary: tools come from crates.io,
//! npm and Debian's packages, which is all this kind of machine can reach.

use std::path::PathBuf;
use std::process::Command;

use crate::root;

/// The trunk release that builds with rustc 1.95 (0.22 needs 1.96).
const TRUNK_VERSION: &str = "0.21.14";
/// twiggy, the wasm size profiler `cargo xtask size` runs (issue 20 §2).
pub const TWIGGY_VERSION: &str = "0.8.0";
/// Debian's ChromeDriver, installed with the `chromium-driver` package.
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// Debian's Chromium.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// Debian's Firefox ESR, driven over WebDriver BiDi by the engines suite (`tests/engines`).
pub const FIREFOX: &str = "/usr/bin/firefox-esr";
/// Debian's WebKitWebDriver (package `webkit2gtk-driver`).
pub const WEBKIT_DRIVER: &str = "/usr/bin/WebKitWebDriver";
/// WebKitGTK's MiniBrowser (it comes with `libwebkit2gtk-4.1-0`, which the driver depends on).
pub const MINIBROWSER: &str = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
/// The MiniBrowser has no headless mode: it runs on a virtual X display (packages `xvfb`, `xauth`).
pub const XVFB_RUN: &str = "/usr/bin/xvfb-run";
/// Debian's Hugo, which builds the Hugo site of `cargo xtask hosts` (package `hugo`).
pub const HUGO: &str = "/usr/bin/hugo";

/// What a workflow needs installed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Needs(u8);

impl Needs {
    /// The wasm32 target, trunk, wasm-bindgen-cli and wasm-opt.
    pub const BUILD: Needs = Needs(1);
    /// Debian's chromium and chromium-driver.
    pub const BROWSER: Needs = Needs(2);
    /// The e2e folder's npm packages.
    pub const E2E: Needs = Needs(4);
    /// twiggy, for `cargo xtask size`.
    pub const PROFILE: Needs = Needs(8);
    /// Firefox, WebKit and a virtual display, with the engines suite's npm packages.
    pub const ENGINES: Needs = Needs(16);

    fn has(self, other: Needs) -> bool {
        self.0 & other.0 != 0
    }
}

impl std::ops::BitOr for Needs {
    type Output = Needs;
    fn bitor(self, rhs: Needs) -> Needs {
        Needs(self.0 | rhs.0)
    }
}

/// Installs whatever `needs` asks for that is missing.
pub fn ensure(needs: Needs) -> Result<(), String> {
    if needs.has(Needs::BUILD) {
        ensure_wasm_target()?;
        // trunk and wasm-bindgen-cli are a fresh machine's two long compiles (15 and 11.5 minutes
        // one after the other in session 15's fresh run, on two cores shared with other work),
        // each ending in crates that build on one core: side by side, each fills the other's
        // idle core.
        std::thread::scope(|scope| {
            let bindgen = scope.spawn(ensure_wasm_bindgen);
            let trunk = ensure_trunk();
            let bindgen = bindgen
                .join()
                .unwrap_or_else(|_| Err("installing wasm-bindgen-cli panicked".into()));
            trunk.and(bindgen)
        })?;
        ensure_npm_packages("tools", "binaryen (wasm-opt)")?;
    }
    if needs.has(Needs::BROWSER) {
        ensure_chromium()?;
    }
    if needs.has(Needs::E2E) {
        ensure_npm_packages("tests/e2e", "Playwright")?;
    }
    if needs.has(Needs::PROFILE) {
        ensure_twiggy()?;
    }
    if needs.has(Needs::ENGINES) {
        ensure_engines()?;
        ensure_npm_packages("tests/engines", "puppeteer-core and selenium-webdriver")?;
    }
    Ok(())
}

/// The PATH every child process gets: cargo's bin folder (where `cargo install` puts trunk and
/// wasm-bindgen) and the npm binaryen's wasm-opt ahead of Debian's, which cannot parse today's wasm.
fn search_path() -> std::ffi::OsString {
    let mut dirs: Vec<PathBuf> = vec![root().join("tools/node_modules/.bin"), cargo_bin_dir()];
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).unwrap_or_default()
}

fn cargo_bin_dir() -> PathBuf {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .unwrap_or_else(|| PathBuf::from("/root/.cargo"));
    home.join("bin")
}

/// A command for `program` with the search path above, run from the workspace root.
pub fn command(program: &str) -> Command {
    let mut cmd = Command::new(program);
    cmd.env("PATH", search_path()).current_dir(root());
    cmd
}

/// `cargo`, the same one that runs this xtask.
pub fn cargo() -> Command {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    command(&cargo)
}

/// `cargo test` for wasm32, run by wasm-bindgen-test-runner in headless Chromium.
pub fn wasm_test() -> Command {
    let mut cmd = cargo();
    cmd.args(["test", "--target", "wasm32-unknown-unknown"])
        .env("CHROMEDRIVER", CHROMEDRIVER)
        // The runner prefers geckodriver when it is on PATH; say which driver to use.
        .env_remove("GECKODRIVER")
        .env("WASM_BINDGEN_TEST_TIMEOUT", "120");
    cmd
}

fn output_of(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn run(what: &str, cmd: &mut Command) -> Result<(), String> {
    println!("xtask: installing {what}: {}", crate::describe(cmd));
    let status = cmd
        .status()
        .map_err(|e| format!("could not run {}: {e}", crate::describe(cmd)))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("installing {what} failed ({status})"))
}

fn ensure_wasm_target() -> Result<(), String> {
    let installed =
        output_of(command("rustup").args(["target", "list", "--installed"])).unwrap_or_default();
    if installed
        .lines()
        .any(|l| l.trim() == "wasm32-unknown-unknown")
    {
        return Ok(());
    }
    run(
        "the wasm32 target",
        command("rustup").args(["target", "add", "wasm32-unknown-unknown"]),
    )
}

fn ensure_trunk() -> Result<(), String> {
    let version = output_of(command("trunk").arg("--version")).unwrap_or_default();
    if version.split_whitespace().nth(1) == Some(TRUNK_VERSION) {
        return Ok(());
    }
    run(
        &format!("trunk {TRUNK_VERSION} (about 12 minutes on two cores)"),
        cargo().args(["install", "trunk", "--version", TRUNK_VERSION, "--locked"]),
    )
}

/// The wasm-bindgen version in Cargo.lock; the CLI must match it exactly.
fn locked_wasm_bindgen_version() -> Result<String, String> {
    let lock_path = root().join("Cargo.lock");
    let lock =
        std::fs::read_to_string(&lock_path).map_err(|e| format!("{}: {e}", lock_path.display()))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\"" {
            if let Some(version) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
                .and_then(|v| v.strip_suffix('"'))
            {
                return Ok(version.to_string());
            }
        }
    }
    Err("Cargo.lock has no wasm-bindgen entry".into())
}

fn ensure_wasm_bindgen() -> Result<(), String> {
    let wanted = locked_wasm_bindgen_version()?;
    let have = output_of(command("wasm-bindgen").arg("--version")).unwrap_or_default();
    if have.split_whitespace().nth(1) == Some(wanted.as_str()) {
        return Ok(());
    }
    // Not `--locked`: the CLI's own lockfile names a webpki-roots release the registry no longer has.
    run(
        &format!("wasm-bindgen-cli {wanted}"),
        cargo().args(["install", "wasm-bindgen-cli", "--version", &wanted]),
    )
}

/// twiggy from crates.io, built here like trunk (a couple of minutes on two cores).
fn ensure_twiggy() -> Result<(), String> {
    let version = output_of(command("twiggy").arg("--version")).unwrap_or_default();
    if version.split_whitespace().nth(1) == Some(TWIGGY_VERSION) {
        return Ok(());
    }
    run(
        &format!("twiggy {TWIGGY_VERSION}"),
        cargo().args(["install", "twiggy", "--version", TWIGGY_VERSION, "--locked"]),
    )
}

fn ensure_chromium() -> Result<(), String> {
    if std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(CHROMEDRIVER).exists() {
        return Ok(());
    }
    run("the apt package lists", command("apt-get").arg("update"))?;
    run(
        "Debian's chromium and chromium-driver",
        command("apt-get")
            .args([
                "install",
                "-y",
                "--no-install-recommends",
                "chromium",
                "chromium-driver",
            ])
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

/// Debian's Firefox ESR, WebKitWebDriver and Xvfb, unless every program is there already.
fn ensure_engines() -> Result<(), String> {
    let programs = [
        FIREFOX,
        WEBKIT_DRIVER,
        MINIBROWSER,
        XVFB_RUN,
        "/usr/bin/xauth",
    ];
    if programs.iter().all(|p| std::path::Path::new(p).exists()) {
        return Ok(());
    }
    run("the apt package lists", command("apt-get").arg("update"))?;
    run(
        "Debian's firefox-esr, webkit2gtk-driver, xvfb and xauth",
        command("apt-get")
            .args([
                "install",
                "-y",
                "--no-install-recommends",
                "firefox-esr",
                "webkit2gtk-driver",
                "xvfb",
                "xauth",
            ])
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

/// Debian's Hugo, unless it is there.
pub fn ensure_hugo() -> Result<(), String> {
    if std::path::Path::new(HUGO).exists() {
        return Ok(());
    }
    run("the apt package lists", command("apt-get").arg("update"))?;
    run(
        "Debian's hugo",
        command("apt-get")
            .args(["install", "-y", "--no-install-recommends", "hugo"])
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

/// A Python virtual environment in `folder/.venv` holding the pinned `folder/requirements.txt`,
/// unless it already holds exactly that list; returns the environment's `bin` folder.
pub fn ensure_pip_packages(folder: &str, what: &str) -> Result<PathBuf, String> {
    let dir = root().join(folder);
    let venv = dir.join(".venv");
    let list = std::fs::read(dir.join("requirements.txt"))
        .map_err(|e| format!("{folder}/requirements.txt: {e}"))?;
    let stamp_path = venv.join(".shardlab-requirements");
    if std::fs::read(&stamp_path).unwrap_or_default() == list {
        return Ok(venv.join("bin"));
    }
    if !venv.join("bin/pip").exists() {
        run(
            &format!("a Python environment for {what}"),
            command("python3").arg("-m").arg("venv").arg(&venv),
        )?;
    }
    run(
        &format!("{what} from PyPI"),
        command(&venv.join("bin/pip").to_string_lossy())
            .args(["install", "--quiet", "--disable-pip-version-check", "-r"])
            .arg(dir.join("requirements.txt")),
    )?;
    std::fs::write(&stamp_path, list).map_err(|e| format!("{}: {e}", stamp_path.display()))?;
    Ok(venv.join("bin"))
}

/// Where an engine of the engines suite draws.
pub enum Display {
    /// Headless, as Firefox runs.
    None,
    /// A virtual X display as tall as a long page, for the MiniBrowser, which has no headless
    /// mode; its WebKitWebDriver listens on the port given.
    Xvfb { driver_port: u16 },
}

/// The engines suite's tests in `file` (under `tests/engines`) against the site in `dist`, served
/// on `port`: node's own test runner, whose summary `Tally::node_tests` counts.
pub fn engine_suite(file: &str, dist: &std::path::Path, port: u16, display: Display) -> Command {
    let mut cmd = match display {
        Display::None => command("node"),
        Display::Xvfb { driver_port } => {
            let mut cmd = command(XVFB_RUN);
            cmd.args(["-a", "-s", "-screen 0 1600x6400x24", "node"])
                .env("SHARDLAB_WEBDRIVER_PORT", driver_port.to_string());
            cmd
        }
    };
    cmd.args(["--test", "--test-reporter=spec", file])
        .current_dir(root().join("tests/engines"))
        .env("SHARDLAB_DIST", dist)
        .env("SHARDLAB_PORT", port.to_string())
        .env("SHARDLAB_FIREFOX", FIREFOX)
        .env("SHARDLAB_WEBKIT_DRIVER", WEBKIT_DRIVER)
        .env("SHARDLAB_MINIBROWSER", MINIBROWSER);
    cmd
}

/// `npm ci` in `folder` unless its node_modules already matches its package-lock.json.
pub(crate) fn ensure_npm_packages(folder: &str, what: &str) -> Result<(), String> {
    let dir = root().join(folder);
    let lock = std::fs::read(dir.join("package-lock.json"))
        .map_err(|e| format!("{folder}/package-lock.json: {e}"))?;
    let stamp_path = dir.join("node_modules/.shardlab-lock");
    let stamp = std::fs::read(&stamp_path).unwrap_or_default();
    if stamp == lock {
        return Ok(());
    }
    run(
        &format!("{what} from npm"),
        command("npm")
            .args(["ci", "--no-audit", "--no-fund", "--ignore-scripts"])
            .current_dir(&dir),
    )?;
    std::fs::write(&stamp_path, lock).map_err(|e| format!("{}: {e}", stamp_path.display()))
}
