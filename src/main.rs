//! The shardlab web app's entry point; everything else lives in the library crate.

// The same no-panic lints as the library (src/lib.rs), so nothing added here escapes them.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

fn main() {
    shardlab_app::start();
}
