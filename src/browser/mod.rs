//! What the app asks of the browser rather than of Rust: localStorage, the hash guard, the theme,
//! the crash banner, `JSON.parse` and `parseFloat` (each keeps a parser's tables out of the page),
//! and the theme-change hook.

pub mod crash;
pub mod hash_guard;
pub mod json;
pub mod number;
pub mod storage;
pub mod theme;
pub mod theme_change;
