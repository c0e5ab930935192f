//! Small reusable controls: the draft-keeping input, the log-scale slider, the in-router link,
//! the step player, the colour classes for field roles and servers, and the box that renders once
//! it is near the viewport.

pub mod draft_input;
pub mod in_view;
pub mod log_slider;
pub mod palette;
pub mod playback;
pub mod route_link;
