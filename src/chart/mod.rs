//! Charts: one model for every plot in the app and its two readers.
//!
//! - [`figure`]: the model, a [`figure::Figure`] of panels (lines, bars, dashed levels, notes)
//!   over one x axis, marks through them and a legend, in one f64 × f64 coordinate system;
//! - [`axis`]: axes, ticks and log scales; [`labels`]: where mark labels go (pure, tested natively);
//! - [`draw`]: the plotters renderer of the model, through one back end type ([`backend`]) for the
//!   canvas and the SVG export, in the theme's [`colours`];
//! - [`view`]: the figure on the page, with its PNG and SVG exports;
//! - [`table`]: the figure's named series as a table and CSV, the plots' text alternative.
//!
//! The Ring's comparison plots and the Board's four plots are all figures. The bars drawn by hand
//! in HTML (a server's share in the Ring's load and score tables, the bucket row) are not plots:
//! they have no axes and sit beside the number they draw, so they stay with their tables.

pub mod axis;
pub mod backend;
pub mod colours;
pub mod draw;
pub mod figure;
pub mod labels;
pub mod table;
pub mod view;

pub use view::ChartView;
