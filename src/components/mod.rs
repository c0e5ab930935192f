//! Pieces shared by every view.

pub mod csv;
pub mod download;
pub mod draft_input;
pub mod embed_frame;
pub mod embed_height;
pub mod file_import;
pub mod footer;
pub mod format;
pub mod header;
pub mod json;
pub mod log_slider;
pub mod not_found;
pub mod number;
pub mod other_page;
pub mod page_focus;
pub mod palette;
pub mod route_link;
pub mod share_bar;
pub mod snapshot;
pub mod theme_change;
pub mod theme_toggle;
pub mod url_query;
pub mod url_state_hook;
