//! The Board view: a draggable design board, its settings with a "why", the simulator and its
//! caption, failures on a timeline, and plots. The page owns one reducer ([`state::BoardState`]),
//! mirrors it in the address bar ([`url_state`]) and in localStorage ([`autosave`]), and runs the
//! simulation in the simulator's Web Worker ([`runner`]). Each panel is a part in its own file
//! under [`parts`], and [`compose`] puts them together as the full view or as one widget.
//!
//! Beside them: the pointer and keyboard gestures as a pure reducer ([`gesture`]) over the
//! board's geometry ([`geometry`]), both tested natively; a design as a file ([`design_io`]); and
//! a setting's text handed to the core's setter, its refusal in words ([`setting_edit`]).
//!
//! Everything but the home-page preview is compiled only with the `board` feature, so that the
//! pages that do not show this view do not carry its code (see `pages.rs`).

with_feature! { "board";
    pub mod autosave;
    mod compose;
    pub mod design_io;
    pub mod geometry;
    pub mod gesture;
    pub mod parts;
    pub mod runner;
    pub mod setting_edit;
    pub mod snapshot;
    pub mod state;
    pub mod url_state;
    mod page;
    pub use page::BoardView;
}

pub mod preview;
