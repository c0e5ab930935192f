//! The Ring view: placement schemes, the animated ring, movement and balance statistics, and the
//! step-by-step lookup. The page owns one reducer ([`state::RingState`]) and mirrors it in the
//! address bar ([`url_state`]); every number comes from `shardlab_core::placement`, and the
//! statistics stream as sliced jobs ([`crate::jobs`]) so no task blocks the page.
//!
//! The page ([`RingView`]) shows the full view or one widget of the catalogue
//! ([`crate::catalogue::RingWidget`]); `compose.rs` composes each from the components in
//! `parts/`, `measure.rs` runs the statistics, `scene.rs` and `lookup.rs` work out what the
//! drawing and the lookup show, from the state `drawn.rs` keeps a paint behind the controls.
//!
//! The plots (the comparisons and "Vnodes and balance") are a page of their own
//! ([`compare_page`], `compare.html`), which the full view frames.
//!
//! Everything but the home-page preview is compiled only with the `ring-code` feature (which the
//! `ring` and `compare` pages enable), so that the pages that show neither do not carry its
//! code; on each of the two, its routes reach only its own components (see `route.rs`).

#[cfg(feature = "ring-code")]
pub mod animation;
#[cfg(feature = "ring-code")]
pub mod comparisons;
#[cfg(feature = "ring-code")]
mod compose;
#[cfg(feature = "ring-code")]
pub mod dot_raster;
#[cfg(feature = "ring-code")]
pub mod drawn;
#[cfg(feature = "ring-code")]
pub mod flight;
#[cfg(feature = "ring-code")]
pub mod hot_keys;
#[cfg(feature = "ring-code")]
pub mod key_dots;
#[cfg(feature = "ring-code")]
pub mod landing;
#[cfg(feature = "ring-code")]
pub mod lookup;
#[cfg(feature = "ring-code")]
pub mod lookup_inset;
#[cfg(feature = "ring-code")]
pub mod lookup_steps;
#[cfg(feature = "ring-code")]
pub mod lookup_timing;
#[cfg(feature = "ring-code")]
pub mod measure;
#[cfg(feature = "ring-code")]
pub mod parts;
#[cfg(feature = "ring-code")]
pub mod plots;
pub mod preview;
#[cfg(feature = "ring-code")]
pub mod ring_change;
#[cfg(feature = "ring-code")]
pub mod ring_drawing;
#[cfg(feature = "ring-code")]
pub mod scene;
#[cfg(feature = "ring-code")]
pub mod snapshot;
#[cfg(feature = "ring-code")]
pub mod state;
#[cfg(feature = "ring-code")]
pub mod sweep_plot;
#[cfg(feature = "ring-code")]
pub mod url_state;

#[cfg(feature = "ring-code")]
mod page;
#[cfg(feature = "ring-code")]
pub use page::RingView;
#[cfg(feature = "ring-code")]
mod compare_page;
#[cfg(feature = "ring-code")]
pub use compare_page::{CompareView, MetricsView, VnodesView};
