//! The Decoder view: the 64-bit strip, the layout, compose and decompose, shard → host, and ID
//! generation. The page owns one reducer ([`state::DecoderState`]) and mirrors its lasting parts
//! in the address bar ([`url_state`]); each panel is a component in its own file.
//!
//! Everything but the home-page preview is compiled only with the `decoder` feature, so that the
//! pages that do not show this view do not carry its code (see `route.rs`).

#[cfg(feature = "decoder")]
pub mod arithmetic;
#[cfg(feature = "decoder")]
pub mod bit_strip;
#[cfg(feature = "decoder")]
mod dom;
#[cfg(feature = "decoder")]
pub mod field_editor;
#[cfg(feature = "decoder")]
pub mod generator;
#[cfg(feature = "decoder")]
pub mod id_input;
#[cfg(feature = "decoder")]
pub mod layout_editor;
#[cfg(feature = "decoder")]
pub mod layout_io;
#[cfg(feature = "decoder")]
pub mod placement_panel;
pub mod preview;
#[cfg(feature = "decoder")]
pub mod snapshot;
#[cfg(feature = "decoder")]
pub mod state;
#[cfg(feature = "decoder")]
pub mod time_base_editor;
#[cfg(feature = "decoder")]
pub mod to_ring;
#[cfg(feature = "decoder")]
pub mod url_state;

#[cfg(feature = "decoder")]
mod page;
#[cfg(feature = "decoder")]
pub use page::DecoderView;
