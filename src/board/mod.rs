//! The Board view: a draggable design board, its settings with a "why", the simulator and its
//! caption, failures on a timeline, and plots. The page owns one reducer ([`state::BoardState`]),
//! mirrors it in the address bar ([`url_state`]) and in localStorage ([`autosave`]), and runs the simulation in
//! slices ([`runner`]); each panel is a component in its own file.
//!
//! Everything but the home-page preview is compiled only with the `board` feature, so that the
//! pages that do not show this view do not carry its code (see `route.rs`).

#[cfg(feature = "board")]
pub mod autosave;
#[cfg(feature = "board")]
pub mod caption;
#[cfg(feature = "board")]
pub mod design_io;
#[cfg(feature = "board")]
pub mod faults;
#[cfg(feature = "board")]
pub mod geometry;
#[cfg(feature = "board")]
pub mod gesture;
#[cfg(feature = "board")]
pub mod palette;
#[cfg(feature = "board")]
pub mod parts;
#[cfg(feature = "board")]
pub mod plots;
pub mod preview;
#[cfg(feature = "board")]
pub mod runner;
#[cfg(feature = "board")]
pub mod save_notes;
#[cfg(feature = "board")]
pub mod saving;
#[cfg(feature = "board")]
pub mod setting_edit;
#[cfg(feature = "board")]
pub mod settings_panel;
#[cfg(feature = "board")]
pub mod shard_samples;
#[cfg(feature = "board")]
pub mod snapshot;
#[cfg(feature = "board")]
pub mod state;
#[cfg(feature = "board")]
pub mod url_state;

#[cfg(feature = "board")]
mod page;
#[cfg(feature = "board")]
pub use page::BoardView;
