//! The Ring's components, one per file: the pieces its widgets and its full view are composed of
//! (`compose.rs`). The ring drawing itself is `ring_drawing.rs`, beside its keys' canvas.

pub mod buckets;
pub mod cure_table;
pub mod directory_table;
pub mod grow_buttons;
pub mod hot_key_bars;
pub mod hot_keys;
pub mod id_bits;
pub mod lookup_panel;
pub mod maglev_table;
pub mod metrics_table;
pub mod moved_plot;
pub mod notes;
pub mod number_field;
pub mod plot_view;
pub mod probes_picture;
pub mod ranges;
pub mod replica_owners;
pub mod ring_figure;
pub mod scheme_picker;
pub mod scheme_picture;
pub mod scores;
pub mod server_list;
pub mod settings;
pub mod side_count;
pub mod spill_chain;
pub mod stats;
pub mod to_decoder;
pub mod vnode_plot;
