//! The widgets' build-time pictures: runs `shardlab-pictures` (its own crate, so the renderer and
//! its rasterizer never enter the app's wasm or this tool's build) on the release folder, which
//! writes `w/<folder>/picture.svg` and `picture.png` and `pictures.json`.
//!
//! The PNG's text is drawn in DejaVu Sans from Debian's `fonts-dejavu-core`; when the font is
//! missing, this installs the package with apt (as root or through sudo) and otherwise says what
//! to install.

use std::path::Path;
use std::process::Command;

use crate::{describe, root, tools};

/// The font file the pictures' PNGs need.
const FONT: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
/// The Debian package that installs it.
const FONT_PACKAGE: &str = "fonts-dejavu-core";

/// Installs the pictures' font when it is missing.
fn ensure_font() -> Result<(), String> {
    if Path::new(FONT).exists() {
        return Ok(());
    }
    println!("pictures: installing {FONT_PACKAGE} for the PNGs' text");
    let as_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.starts_with(b"0"));
    let mut apt = if as_root {
        Command::new("apt-get")
    } else {
        let mut sudo = Command::new("sudo");
        sudo.args(["-n", "apt-get"]);
        sudo
    };
    apt.args(["install", "-y", "--no-install-recommends", FONT_PACKAGE]);
    let ok = apt.status().is_ok_and(|status| status.success());
    if ok && Path::new(FONT).exists() {
        Ok(())
    } else {
        Err(format!(
            "{FONT} is missing and `{}` did not install it: install Debian's {FONT_PACKAGE}",
            describe(&apt)
        ))
    }
}

/// Draws every picture into `dist_dir`. A debug build, as `cargo test` leaves it: the one
/// simulation and the twelve key counts take seconds even so.
pub fn draw(dist_dir: &Path) -> Result<(), String> {
    ensure_font()?;
    let mut cargo = tools::cargo();
    cargo
        .args(["run", "--quiet", "-p", "shardlab-pictures", "--", "--out"])
        .arg(dist_dir)
        .current_dir(root());
    let status = cargo
        .status()
        .map_err(|e| format!("could not run {}: {e}", describe(&cargo)))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("{} exited with {status}", describe(&cargo)))
}
