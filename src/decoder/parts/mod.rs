//! The Decoder's panels, one function component per file. Each takes what it shows as props and
//! sends [`Action`](super::state::Action)s; the interaction state machines they hold locally
//! (the step player, the bit strip) are pure reducers in [`state`](super::state).

pub mod arithmetic;
pub mod bit_strip;
pub mod field_editor;
pub mod generator;
pub mod id_input;
pub mod layout_editor;
pub mod placement_panel;
pub mod step_player;
pub mod time_base_editor;
