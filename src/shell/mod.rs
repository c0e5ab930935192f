//! The page chrome every view shares: header, footer, theme toggle, focus on navigation, the
//! not-found and hand-over pages, the embed frame and its height, and the share bar.

pub mod embed_frame;
pub mod embed_height;
pub mod footer;
pub mod header;
pub mod not_found;
pub mod other_page;
pub mod page_focus;
pub mod share_bar;
pub mod theme_toggle;
