//! The Ring view: placement schemes, the animated ring, movement and balance statistics, and the
//! step-by-step lookup. The page owns one reducer ([`state::RingState`]) and mirrors it in the
//! address bar ([`url_state`]); every number comes from `shardlab_core::placement`, and the
//! statistics stream as sliced jobs ([`crate::jobs`]) so no task blocks the page.
//!
//! The page ([`RingView`]) shows the full view or one widget of the catalogue
//! ([`crate::catalogue::RingWidget`]); `compose.rs` composes each from the components in
//! `parts/`. Beside the view template (`page.rs`, `state.rs`, `url_state.rs`, `snapshot.rs`,
//! `preview.rs`, `compose.rs`), the Ring's files are:
//!
//! - what a state shows, worked out from the state `drawn.rs` keeps a paint behind the controls:
//!   `scene.rs` (the drawing's ticks, band and keys), `lookup.rs` (one key's lookup in words),
//!   `ring_change.rs` (what the last change did), `hot_keys.rs` (the hot-key comparison) and
//!   `kept_tables.rs` (Maglev's tables, filled in slices);
//! - the drawing: `ring_drawing.rs` (the SVG ring), `key_dots.rs`, `dot_raster.rs` and
//!   `flight.rs` (the keys on a canvas, and their flight), `animation.rs` (a change's stages) and
//!   `landing.rs` (work that waits for the keys to land);
//! - the lookup's walk: `lookup_steps.rs`, with play, pause and step controls of its own (not
//!   `widgets::playback`), and `lookup_inset.rs`, the zoomed strip beside them;
//! - the statistics: `measure.rs` (the sliced movement and load counts), and for the compare
//!   page `compare_page.rs`, `comparisons.rs`, `plots.rs`, `sweep_plot.rs` and `lookup_timing.rs`.
//!
//! The plots (the comparisons and "Vnodes and balance") are a page of their own
//! ([`compare_page`], `compare.html`), which the full view frames.
//!
//! Everything but the home-page preview is compiled only with the `ring-code` feature (which the
//! `ring` and `compare` pages enable), so that the pages that show neither do not carry its
//! code; on each of the two, its routes reach only its own components (see `pages.rs`).

with_feature! { "ring-code";
    pub mod animation;
    pub mod comparisons;
    mod compose;
    pub mod dot_raster;
    pub mod drawn;
    pub mod flight;
    pub mod hot_keys;
    pub mod kept_tables;
    pub mod key_dots;
    pub mod landing;
    pub mod lookup;
    pub mod lookup_inset;
    pub mod lookup_steps;
    pub mod lookup_timing;
    pub mod measure;
    pub mod parts;
    pub mod plots;
    pub mod ring_change;
    pub mod ring_drawing;
    pub mod scene;
    pub mod snapshot;
    pub mod state;
    pub mod sweep_plot;
    pub mod url_state;
    mod page;
    pub use page::RingView;
    mod compare_page;
    pub use compare_page::{CompareView, MetricsView, VnodesView};
}

pub mod preview;
