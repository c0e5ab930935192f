//! The Ring view: placement schemes, the animated ring, movement and balance statistics, and the
//! step-by-step lookup. The page owns one reducer ([`state::RingState`]) and mirrors it in the
//! address bar ([`url_state`]); every number comes from `shardlab_core::placement`, and the
//! statistics stream as sliced jobs ([`crate::jobs`]) so no task blocks the page.
//!
//! Everything but the home-page preview is compiled only with the `ring` feature, so that the
//! pages that do not show this view do not carry its code (see `route.rs`).

#[cfg(feature = "ring")]
pub mod buckets;
#[cfg(feature = "ring")]
pub mod comparisons;
#[cfg(feature = "ring")]
pub mod directory_table;
#[cfg(feature = "ring")]
pub mod dot_raster;
#[cfg(feature = "ring")]
pub mod id_bits;
#[cfg(feature = "ring")]
pub mod key_dots;
#[cfg(feature = "ring")]
pub mod lookup_steps;
#[cfg(feature = "ring")]
pub mod plots;
pub mod preview;
#[cfg(feature = "ring")]
pub mod ranges;
#[cfg(feature = "ring")]
pub mod ring_drawing;
#[cfg(feature = "ring")]
pub mod scheme_picker;
#[cfg(feature = "ring")]
pub mod scores;
#[cfg(feature = "ring")]
pub mod server_list;
#[cfg(feature = "ring")]
pub mod settings;
#[cfg(feature = "ring")]
pub mod snapshot;
#[cfg(feature = "ring")]
pub mod state;
#[cfg(feature = "ring")]
pub mod stats;
#[cfg(feature = "ring")]
pub mod to_decoder;
#[cfg(feature = "ring")]
pub mod url_state;

#[cfg(feature = "ring")]
mod page;
#[cfg(feature = "ring")]
pub use page::RingView;
