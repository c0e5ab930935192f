//! The debug build: one page with the `debug-panic` feature, whose `#/debug/panic` route panics on
//! purpose, so the end-to-end suite can check the crash banner (issue 8, item 3). It goes to
//! `dist-debug/`, never into the release site, and the e2e server mounts it under `/debug/`.
//!
//! A release build, because its dependencies are already compiled for `dist`: only the app crate
//! compiles again, which keeps the extra time in `cargo xtask test` to about a minute.

use std::path::Path;

/// The path the e2e server (`tests/e2e/serve.mjs`) mounts the debug build under.
pub const PUBLIC_URL: &str = "/debug/";

/// Builds the debug page into `dist_dir`, with the same Content-Security-Policy as the release site
/// (the banner's reload button must work under it).
pub fn build(dist_dir: &Path) -> Result<(), String> {
    if dist_dir.exists() {
        std::fs::remove_dir_all(dist_dir).map_err(|e| format!("{}: {e}", dist_dir.display()))?;
    }
    let status = crate::tools::command("trunk")
        .args([
            "build",
            "--release",
            "--offline",
            "--public-url",
            PUBLIC_URL,
        ])
        .args(["--no-default-features", "--features", "home,debug-panic"])
        .arg("--dist")
        .arg(dist_dir)
        .arg("index.html")
        .current_dir(crate::root())
        .status()
        .map_err(|e| format!("could not start trunk: {e}"))?;
    if !status.success() {
        return Err(format!(
            "trunk build of the debug page exited with {status}"
        ));
    }
    let page = dist_dir.join("index.html");
    let text = std::fs::read_to_string(&page).map_err(|e| format!("{}: {e}", page.display()))?;
    std::fs::write(&page, crate::csp::with_policy(&text)?)
        .map_err(|e| format!("{}: {e}", page.display()))?;
    // The page registers a worker like every release page (www/offline.js).
    crate::offline::write_service_worker(dist_dir)
}
