//! Small reusable controls: the draft-keeping input, the log-scale slider, the in-router link and
//! the colour classes for field roles and servers.

pub mod draft_input;
pub mod log_slider;
pub mod palette;
pub mod route_link;
