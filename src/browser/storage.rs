//! The browser's localStorage, the one way the app reaches it: the saved theme, the board's
//! autosave and Learn's progress.
//!
//! A browser that blocks site data ("Don't allow sites to save data", a cross-site frame with
//! third-party storage blocked, some private modes) throws `SecurityError` from the
//! `window.localStorage` getter itself. gloo's `LocalStorage::raw()` turns that throw into a JS
//! exception with `expect_throw`, which the panic hook never sees and which stopped the first
//! render of every page. Here every access answers with an `Option` or a `Result` instead, so a
//! page works without saving (clippy.toml refuses `gloo::storage` and `expect_throw` elsewhere).
//!
//! A stored value this build cannot read whole is kept aside before it is overwritten, up to
//! three per key with their times ([`set_keeping`], [`keep`], [`kept`]; the rule is the core's,
//! [`shardlab_core::kept`]), and the pages offer each for download.

use shardlab_core::kept::{KeptWhy, Slot, Slots, MAX_KEPT};

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
/// cannot read whole (`readable` says no: a newer version's save, a damaged one, one nested too
/// deep), it is first kept aside under `kept_key` ([`keep`]), so a reader's data is never
/// overwritten unread. If it cannot be kept, nothing is written.
pub fn set_keeping(
    key: &str,
    value: &str,
    kept_key: &str,
    readable: fn(&str) -> bool,
) -> Result<(), SaveError> {
    let storage = local().ok_or(SaveError::Blocked)?;
    let current = storage.get_item(key).ok().flatten();
    if let Some(current) = current.filter(|text| text != value && !readable(text)) {
        keep_in(&storage, kept_key, &current, KeptWhy::Unreadable)?;
    }
    storage.set_item(key, value).map_err(|_| SaveError::Refused)
}

/// One value kept aside ([`keep`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// The storage key it is kept under.
    pub key: String,
    /// When it was kept (Unix ms), if known.
    pub at_ms: Option<i64>,
    /// Why it was kept.
    pub why: KeptWhy,
    /// The value, as it was stored.
    pub text: String,
}

/// The key of slot `slot` of the values kept under `kept_key`: the first is `kept_key` itself
/// (where older builds kept their one value), then `kept_key.2` and `kept_key.3`.
fn slot_key(kept_key: &str, slot: usize) -> String {
    match slot {
        0 => kept_key.to_owned(),
        n => format!("{kept_key}.{}", n.saturating_add(1)),
    }
}

/// The key of the line that dates the slots ([`Slots::to_text`]).
fn times_key(kept_key: &str) -> String {
    format!("{kept_key}.at")
}

/// The slots under `kept_key` with their values.
fn slots_in(storage: &web_sys::Storage, kept_key: &str) -> (Slots, [Option<String>; MAX_KEPT]) {
    let values: [Option<String>; MAX_KEPT] =
        std::array::from_fn(|slot| storage.get_item(&slot_key(kept_key, slot)).ok().flatten());
    let filled = std::array::from_fn(|slot| values.get(slot).is_some_and(Option::is_some));
    let times = storage.get_item(&times_key(kept_key)).ok().flatten();
    (Slots::from_text(times.as_deref(), filled), values)
}

/// Every value kept aside under `kept_key`, the most recently kept first.
pub fn kept(kept_key: &str) -> Vec<Kept> {
    let Some(storage) = local() else {
        return Vec::new();
    };
    let (slots, mut values) = slots_in(&storage, kept_key);
    slots
        .newest_first()
        .into_iter()
        .filter_map(|(slot, at_ms, why)| {
            let text = values.get_mut(slot)?.take()?;
            Some(Kept {
                key: slot_key(kept_key, slot),
                at_ms,
                why,
                text,
            })
        })
        .collect()
}

/// Keeps `text` aside under `kept_key`, with the time and `why`: in the first empty slot, else
/// over the value kept longest ago (the core's rule, [`shardlab_core::kept`]). A text already
/// kept is not kept twice.
pub fn keep(kept_key: &str, text: &str, why: KeptWhy) -> Result<(), SaveError> {
    let storage = local().ok_or(SaveError::Blocked)?;
    keep_in(&storage, kept_key, text, why)
}

fn keep_in(
    storage: &web_sys::Storage,
    kept_key: &str,
    text: &str,
    why: KeptWhy,
) -> Result<(), SaveError> {
    let (mut slots, values) = slots_in(storage, kept_key);
    if values.iter().flatten().any(|kept| kept == text) {
        return Ok(());
    }
    let slot = slots.slot_for_new();
    storage
        .set_item(&slot_key(kept_key, slot), text)
        .map_err(|_| SaveError::Refused)?;
    if let Some(place) = slots.0.get_mut(slot) {
        *place = Slot::Kept {
            at_ms: Some(js_sys::Date::now() as i64),
            why,
        };
    }
    // The value is kept whatever becomes of its date.
    let _ = storage.set_item(&times_key(kept_key), &slots.to_text());
    Ok(())
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
    use shardlab_core::kept::KeptWhy;
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

    fn forget(kept: &str) {
        for key in [
            kept.to_owned(),
            format!("{kept}.2"),
            format!("{kept}.3"),
            format!("{kept}.at"),
        ] {
            super::remove(&key);
        }
    }

    #[wasm_bindgen_test]
    fn an_unreadable_value_is_kept_aside_before_it_is_overwritten() {
        let (key, kept) = ("shardlab.test.careful", "shardlab.test.careful.kept");
        forget(kept);
        let readable: fn(&str) -> bool = |text| text.starts_with("ok");
        super::set(key, "from a newer version").unwrap();
        assert_eq!(super::set_keeping(key, "ok 1", kept, readable), Ok(()));
        assert_eq!(super::get(key).as_deref(), Some("ok 1"));
        assert_eq!(super::get(kept).as_deref(), Some("from a newer version"));
        // A readable value is simply replaced, and what is kept stays.
        assert_eq!(super::set_keeping(key, "ok 2", kept, readable), Ok(()));
        // A second and a third unreadable value are kept beside the first (newest first; these
        // may share a millisecond, so sorted here).
        for damaged in ["damaged again", "damaged a third time"] {
            super::set(key, damaged).unwrap();
            assert_eq!(super::set_keeping(key, "ok 3", kept, readable), Ok(()));
        }
        let texts = |list: Vec<super::Kept>| {
            let mut texts: Vec<String> = list.into_iter().map(|k| k.text).collect();
            texts.sort();
            texts
        };
        let all = super::kept(kept);
        assert!(all
            .iter()
            .all(|k| k.at_ms.is_some() && k.why == KeptWhy::Unreadable));
        assert_eq!(
            texts(all),
            [
                "damaged a third time",
                "damaged again",
                "from a newer version"
            ]
            .map(String::from)
        );
        // The same text is not kept twice; a fourth replaces the one kept longest ago.
        super::set(key, "damaged again").unwrap();
        assert_eq!(super::set_keeping(key, "ok 4", kept, readable), Ok(()));
        assert_eq!(super::kept(kept).len(), 3);
        assert_eq!(super::keep(kept, "replaced", KeptWhy::Replaced), Ok(()));
        let all = super::kept(kept);
        assert_eq!(all.len(), 3);
        assert!(all
            .iter()
            .any(|k| k.text == "replaced" && k.why == KeptWhy::Replaced));
        assert!(!all.iter().any(|k| k.text == "from a newer version"));
        super::remove(key);
        forget(kept);
    }

    #[wasm_bindgen_test]
    fn a_value_an_older_build_kept_is_listed_with_no_time() {
        let kept = "shardlab.test.legacy.kept";
        forget(kept);
        super::set(kept, "kept by an older build").unwrap();
        let all = super::kept(kept);
        assert_eq!(all.len(), 1);
        let first = all.first().map(|k| (k.at_ms, k.key.as_str()));
        assert_eq!(first, Some((None, kept)));
        forget(kept);
    }
}
