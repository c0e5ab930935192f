//! What the app asks of the browser rather than of Rust: localStorage, the hash guard, the theme,
//! the crash banner, `JSON.parse`, `TextEncoder` for long texts, `parseFloat` and `Math`'s sine and cosine (each keeps Rust's tables out of the
//! page), the reduced-motion query and the theme-change hook.

pub mod crash;
pub mod hash_guard;
pub mod js_words;
pub mod json;
pub mod long_text;
pub mod math;
pub mod motion;
pub mod number;
pub mod storage;
pub mod theme;
pub mod theme_change;
