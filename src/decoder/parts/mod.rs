//! The Decoder's panels and the pieces its widgets are made of, one per file: function components
//! where a piece keeps local state or is worth its cost, plain functions returning markup where it
//! is a few lines (each component costs the page 0.6–0.8 kB). Each takes what it shows and sends
//! [`Action`](super::state::Action)s; the interaction state machines they hold locally (the step
//! player, the bit strip) are pure reducers in [`state`](super::state). [`compose`](super::compose)
//! composes them into the full view and its widgets.

pub mod batch;
pub mod batch_report;
pub mod bit_strip;
pub mod code_panel;
pub mod config_table;
pub mod detect_panel;
pub mod failure_lab;
pub mod field_editor;
pub mod field_values;
pub mod generator;
pub mod id_input;
pub mod id_readout;
pub mod layout_editor;
pub mod location;
pub mod mask_pitfall;
pub mod number_pitfall;
pub mod placement_panel;
pub mod step_player;
pub mod time_base_editor;
pub mod wide_strip;
