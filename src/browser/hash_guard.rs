//! Keeps the address's hash one the hash router can read.
//!
//! gloo's hash history resolves the hash's path against the page's address, and throws (a JS
//! exception, past the panic hook) when that fails: `#//` and `#///` read as a scheme-relative URL
//! with an empty host ("failed to get make url"), and a hash that does not start with `/` trips its
//! absolute-path assertion once the page is live. A blank page was the result. [`install`] fixes
//! such a hash at start-up and on every `popstate`, ahead of the router's own listener, so the
//! router only ever reads a hash of the form `#/…`.

use gloo::events::EventListener;

/// The hash to read instead of `hash` (as `location.hash` gives it, `#` included), or `None` when
/// the router can read it as it is. Leading slashes and backslashes (the URL parser reads `\` as
/// `/`) become one `/`, and a hash with none gets one: `#//ring` reads as `#/ring`.
pub fn normal_hash(hash: &str) -> Option<String> {
    let body = hash.strip_prefix('#').unwrap_or(hash);
    if body.is_empty() {
        // The router itself turns an empty hash into `#/`.
        return None;
    }
    let rest = body.trim_start_matches(['/', '\\']);
    let readable = body.strip_prefix('/').is_some_and(|after| after == rest);
    (!readable).then(|| format!("#/{rest}"))
}

/// Replaces the address's hash when [`normal_hash`] says so, without a history entry or an event.
fn fix_current() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let Some(fixed) = location.hash().ok().as_deref().and_then(normal_hash) else {
        return;
    };
    // The page's own path, written out: a bare `#…` would resolve against `<base href>`, which
    // names the site's root, and so move `ring.html#//ring` to `/#/ring`.
    let url = format!(
        "{}{}{fixed}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Fixes the hash now and after every navigation, before the router reads it. Call it before the
/// app is rendered: listeners run in the order they were added, and the router adds its own when
/// it mounts.
pub fn install() {
    fix_current();
    if let Some(window) = web_sys::window() {
        EventListener::new(&window, "popstate", |_| fix_current()).forget();
    }
}

#[cfg(test)]
mod tests {
    use super::normal_hash;

    #[test]
    fn readable_hashes_are_left_alone() {
        for hash in [
            "",
            "#",
            "#/",
            "#/ring",
            "#/ring?v=1&key=a//b",
            "#/learn/ring",
        ] {
            assert_eq!(normal_hash(hash), None, "{hash}");
        }
    }

    #[test]
    fn extra_leading_slashes_and_backslashes_collapse_to_one() {
        assert_eq!(normal_hash("#//").as_deref(), Some("#/"));
        assert_eq!(normal_hash("#///").as_deref(), Some("#/"));
        assert_eq!(normal_hash("#//ring?v=1").as_deref(), Some("#/ring?v=1"));
        assert_eq!(normal_hash("#/\\host/x").as_deref(), Some("#/host/x"));
        assert_eq!(normal_hash("#\\\\").as_deref(), Some("#/"));
    }

    #[test]
    fn a_hash_without_a_leading_slash_gets_one() {
        assert_eq!(normal_hash("#ring").as_deref(), Some("#/ring"));
        assert_eq!(normal_hash("#?v=1").as_deref(), Some("#/?v=1"));
    }

    #[test]
    fn every_result_is_readable() {
        for hash in ["#//", "#/\\/\\x", "#x", "#\\", "#///a//b"] {
            let fixed = normal_hash(hash).unwrap_or_default();
            assert_eq!(normal_hash(&fixed), None, "{hash} -> {fixed}");
        }
    }
}
