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
//! Everything but the home-page preview is compiled only with the `ring` feature, so that the
//! pages that do not show this view do not carry its code (see `route.rs`).

#[cfg(feature = "ring")]
pub mod animation;
#[cfg(feature = "ring")]
pub mod comparisons;
#[cfg(feature = "ring")]
mod compose;
#[cfg(feature = "ring")]
pub mod dot_raster;
#[cfg(feature = "ring")]
pub mod drawn;
#[cfg(feature = "ring")]
pub mod flight;
#[cfg(feature = "ring")]
pub mod hot_keys;
#[cfg(feature = "ring")]
pub mod key_dots;
#[cfg(feature = "ring")]
pub mod landing;
#[cfg(feature = "ring")]
pub mod lookup;
#[cfg(feature = "ring")]
pub mod lookup_inset;
#[cfg(feature = "ring")]
pub mod lookup_steps;
#[cfg(feature = "ring")]
pub mod measure;
#[cfg(feature = "ring")]
pub mod parts;
#[cfg(feature = "ring")]
pub mod plots;
pub mod preview;
#[cfg(feature = "ring")]
pub mod ring_change;
#[cfg(feature = "ring")]
pub mod ring_drawing;
#[cfg(feature = "ring")]
pub mod scene;
#[cfg(feature = "ring")]
pub mod snapshot;
#[cfg(feature = "ring")]
pub mod state;
#[cfg(feature = "ring")]
pub mod sweep_plot;
#[cfg(feature = "ring")]
pub mod url_state;

#[cfg(feature = "ring")]
mod page;
#[cfg(feature = "ring")]
pub use page::RingView;
