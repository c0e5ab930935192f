//! The board's drawing, one function component per file, around the pure gesture reducer
//! ([`super::gesture`]): [`canvas`] holds the [`super::gesture::Stage`] and draws the zoom bar,
//! the SVG, the loose wire and the callouts; [`node_view`] and [`edge_view`] draw one box or edge
//! and turn its events into [`super::gesture::Input`]s; [`driver`] is the DOM glue.
//!
//! The loose wire, the callouts and the zoom bar stay inside [`canvas`]: as components of their
//! own they cost the board page 1.9 kB of brotli (0.6 to 0.8 kB each), and the page may not grow.

pub mod canvas;
pub mod driver;
pub mod edge_view;
pub mod node_view;
