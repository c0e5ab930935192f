//! The shardlab web app: a thin Yew front end over `shardlab-core`.
//!
//! Components render state and send actions; every number they show comes from the core crate,
//! which the CLI and the benchmarks call too. One folder per view (`home`, `learn`, `decoder`,
//! `ring`, `board`), and the app code they share in folders named for what they hold: `shell`
//! (the page chrome), `widgets`, `url`, `browser`, `files` and `chart`. ARCHITECTURE.md has the map.

// No panic from input (issue 8 §3): unwraps, expects, indexing and unchecked arithmetic are
// refused in every module of the app, so a value a reader typed, pasted, imported or put in a URL
// can reach no panic. A narrow `allow` with its reason marks the few spots input cannot reach;
// clippy.toml lets tests unwrap and index.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

/// Declares each item only in builds with the cargo feature `$feature`: the modules of a view
/// that only its own pages carry (see `pages.rs`), gated once in a view's `mod.rs`.
macro_rules! with_feature {
    ($feature:literal; $($item:item)*) => {
        $(#[cfg(feature = $feature)] $item)*
    };
}

pub mod app;
pub mod board;
pub mod browser;
pub mod catalogue;
pub mod chart;
pub mod course;
#[cfg(feature = "debug-panic")]
pub mod debug_panic;
pub mod decoder;
pub mod echo;
pub mod files;
#[cfg(feature = "home")]
pub mod home;
pub mod jobs;
pub mod learn;
pub mod pages;
pub mod reducer;
pub mod ring;
pub mod route;
pub mod shell;
pub mod snapshot;
pub mod url;
pub mod widgets;

#[cfg(all(test, target_arch = "wasm32"))]
mod test_support;

/// Starts the app: installs the crash banner and the hash guard, applies the saved theme, and
/// mounts the router into the page's `#app` element (or `<body>` when the page has none).
pub fn start() {
    browser::crash::install_panic_hook();
    // Before the router exists, so its first read and every later one see a readable hash.
    browser::hash_guard::install();
    // An embed takes its theme from the host page (shell::embed_frame), never the saved one.
    let hash = gloo::utils::window().location().hash().unwrap_or_default();
    if !hash.starts_with("#/embed/") {
        browser::theme::apply(browser::theme::saved());
    }
    // The static skeleton of index.html painted while the wasm loaded; the app draws its own.
    if let Some(boot) = gloo::utils::document().get_element_by_id("boot") {
        boot.remove();
    }
    let root = gloo::utils::document().get_element_by_id("app");
    match root {
        Some(root) => yew::Renderer::<app::App>::with_root(root).render(),
        None => yew::Renderer::<app::App>::new().render(),
    };
}
