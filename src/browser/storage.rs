//! The browser's localStorage, the one way the app reaches it: the saved theme, the board's
//! autosave and Learn's progress.
//!
//! A browser that blocks site data ("Don't allow sites to save data", a cross-site frame with
//! third-party storage blocked, some private modes) throws `SecurityError` from the
//! `window.localStorage` getter itself. gloo's `LocalStorage::raw()` turns that throw into a JS
//! exception with `expect_throw`, which the panic hook never sees and which stopped the first
//! render of every page. Here every access answers with an `Option` or a `Result` instead, so a
//! page works without saving (clippy.toml refuses `gloo::storage` and `expect_throw` elsewhere).

/// Why a value was not saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The browser gives this page no storage at all.
    Blocked,
    /// The browser refused the write: its quota for this site is full, as a rule.
    Refused,
}

impl SaveError {
    /// What the reader is told beside the control whose save failed.
    pub fn message(self) -> &'static str {
        match self {
            SaveError::Blocked => "This browser does not let shardlab save anything.",
            SaveError::Refused => {
                "The browser refused to save (its storage for this site may be full)."
            }
        }
    }
}

/// The page's localStorage, or `None` when the browser blocks it.
fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Whether this page can save at all.
pub fn available() -> bool {
    local().is_some()
}

/// The stored text under `key`; `None` when there is none or storage is blocked.
pub fn get(key: &str) -> Option<String> {
    local()?.get_item(key).ok().flatten()
}

/// Stores `value` under `key`.
pub fn set(key: &str, value: &str) -> Result<(), SaveError> {
    let storage = local().ok_or(SaveError::Blocked)?;
    storage.set_item(key, value).map_err(|_| SaveError::Refused)
}

/// Stores `value` under `key` the careful way: when what `key` holds now is something this build
/// cannot read (`readable` says no: a newer version's save, or a damaged one), it is first copied
/// to `kept_key`, unless something is kept there already, so a reader's data is never overwritten
/// unread. If it cannot be kept, nothing is written.
pub fn set_keeping(
    key: &str,
    value: &str,
    kept_key: &str,
    readable: fn(&str) -> bool,
) -> Result<(), SaveError> {
    let storage = local().ok_or(SaveError::Blocked)?;
    let current = storage.get_item(key).ok().flatten();
    if let Some(current) = current.filter(|text| text != value && !readable(text)) {
        let kept = storage.get_item(kept_key).ok().flatten();
        if kept.is_none() {
            storage
                .set_item(kept_key, &current)
                .map_err(|_| SaveError::Refused)?;
        }
    }
    storage.set_item(key, value).map_err(|_| SaveError::Refused)
}

/// Forgets `key`; nothing happens when storage is blocked.
pub fn remove(key: &str) {
    if let Some(storage) = local() {
        let _ = storage.remove_item(key);
    }
}

/// The note a full page shows once when it cannot save: what is lost, said quietly.
pub const BLOCKED_NOTE: &str = "This browser does not let shardlab store anything, so your theme, \
    the board's autosave and Learn progress last only until you close this page. Export and \
    Copy link still keep your work.";

#[cfg(all(test, target_arch = "wasm32"))]
#[allow(clippy::unwrap_used)]
mod tests {
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    fn values_round_trip_and_removal_forgets_them() {
        let key = "shardlab.test.storage";
        assert!(super::available());
        assert_eq!(super::set(key, "v"), Ok(()));
        assert_eq!(super::get(key).as_deref(), Some("v"));
        super::remove(key);
        assert_eq!(super::get(key), None);
    }

    #[wasm_bindgen_test]
    fn an_unreadable_value_is_kept_aside_before_it_is_overwritten() {
        let (key, kept) = ("shardlab.test.careful", "shardlab.test.careful.kept");
        super::remove(kept);
        let readable: fn(&str) -> bool = |text| text.starts_with("ok");
        super::set(key, "from a newer version").unwrap();
        assert_eq!(super::set_keeping(key, "ok 1", kept, readable), Ok(()));
        assert_eq!(super::get(key).as_deref(), Some("ok 1"));
        assert_eq!(super::get(kept).as_deref(), Some("from a newer version"));
        // A readable value is simply replaced, and what is kept stays.
        assert_eq!(super::set_keeping(key, "ok 2", kept, readable), Ok(()));
        super::set(key, "damaged again").unwrap();
        assert_eq!(super::set_keeping(key, "ok 3", kept, readable), Ok(()));
        assert_eq!(super::get(kept).as_deref(), Some("from a newer version"));
        super::remove(key);
        super::remove(kept);
    }
}
