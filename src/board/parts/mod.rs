//! The Board's components, one function component per file; [`super::compose`] puts them
//! together as the full view and as each widget.
//!
//! The drawing, around the pure gesture reducer ([`super::gesture`]): [`canvas`] holds the
//! [`super::gesture::Stage`] and draws the zoom bar, the SVG, the loose wire and the callouts;
//! [`node_view`] and [`edge_view`] draw one box or edge and turn its events into
//! [`super::gesture::Input`]s; [`driver`] is the DOM glue. The loose wire, the callouts and the
//! zoom bar stay inside [`canvas`]: as components of their own they cost the board page 1.9 kB of
//! brotli (0.6 to 0.8 kB each), and the page may not grow.
//!
//! Around it: [`palette`] (the tool row), [`saving`] (export and import), [`caption`] (the
//! sentence, the users slider and the seed), [`seed_spread`] (the same board over K seeds, each
//! figure's median and band), [`settings_panel`] with [`shard_samples`],
//! [`faults`] (the timeline of failures), [`plots`] (the four plots, or the ones a widget
//! shows; [`capacity`] runs the capacity plot's search, [`error_causes`] words why the
//! timeline's errors rose), [`model_coverage`] (what the simulator models and leaves out) and
//! [`save_notes`] (what the page says about the reader's saved board).

pub mod canvas;
pub mod capacity;
pub mod caption;
pub mod driver;
pub mod edge_view;
pub mod error_causes;
pub mod failover;
pub mod faults;
pub mod model_coverage;
pub mod node_view;
pub mod palette;
pub mod plots;
pub mod reshard;
pub mod save_notes;
pub mod saving;
pub mod scrubber;
pub mod seed_spread;
pub mod settings_panel;
pub mod shard_samples;
