//! The board's drawing, one function component per file, around the pure gesture reducer
//! ([`super::gesture`]): [`canvas`] holds the [`super::gesture::Stage`] and the SVG, and the
//! parts inside it turn DOM events into [`super::gesture::Input`]s and draw what it says.

pub mod callout;
pub mod canvas;
pub mod driver;
pub mod edge_view;
pub mod node_view;
pub mod wire_preview;
pub mod zoom_bar;
