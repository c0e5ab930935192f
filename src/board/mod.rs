//! The Board view: a draggable design board, its settings with a "why", the simulator and its
//! caption, failures on a timeline, and plots. The page owns one reducer ([`state::BoardState`]),
//! mirrors it in the address bar ([`url_state`]) and in localStorage ([`autosave`]), and runs the simulation in
//! slices ([`runner`]). Each panel is a component in its own file under [`parts`], and
//! [`compose`] puts them together as the full view or as one widget.
//!
//! Everything but the home-page preview is compiled only with the `board` feature, so that the
//! pages that do not show this view do not carry its code (see `route.rs`).

#[cfg(feature = "board")]
pub mod autosave;
#[cfg(feature = "board")]
mod compose;
#[cfg(feature = "board")]
pub mod design_io;
#[cfg(feature = "board")]
pub mod geometry;
#[cfg(feature = "board")]
pub mod gesture;
#[cfg(feature = "board")]
pub mod parts;
pub mod preview;
#[cfg(feature = "board")]
pub mod runner;
#[cfg(feature = "board")]
pub mod setting_edit;
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
