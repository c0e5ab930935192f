//! The page chrome every view shares: header, footer, theme toggle, focus on navigation, the two
//! frames a view renders in (`view_page` for the full view, `widget_page` for one widget), the
//! not-found and hand-over pages, the embed frame and its height, and the share bar with its embed
//! builder (`embed_builder` draws it, `embed_snippet` is its pure part).

pub mod embed_builder;
pub mod embed_frame;
pub mod embed_height;
pub mod embed_host;
pub mod embed_pictures;
pub mod embed_snippet;
pub mod footer;
pub mod header;
pub mod not_found;
pub mod other_page;
pub mod page_focus;
pub mod share_bar;
pub mod theme_toggle;
pub mod unknown_widget;
pub mod view_page;
#[cfg(feature = "ring-code")]
pub mod widget_frame;
pub mod widget_page;
