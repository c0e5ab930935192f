//! The Content-Security-Policy of the release build.
//!
//! Trunk writes one inline `<script type="module">` that loads the wasm. Rather than allow inline
//! scripts in general, the policy names that script by its SHA-256 hash, computed here after trunk
//! has written `index.html`. Everything else must come from the page's own origin.
//!
//! - `script-src 'self' 'wasm-unsafe-eval' 'sha256-…'`: our JS, our wasm, and trunk's loader only.
//! - `style-src 'self' 'unsafe-inline'`: Yew writes `style="…"` attributes (bar widths, positions);
//!   style attributes cannot run code, so this is the one relaxation.
//! - `img-src 'self' data: blob:`: plot exports draw through data and blob URLs.
//! - `worker-src 'self'`: the offline service worker, `sw.js` (`offline.rs`), and the Board's
//!   simulator, spawned from its loader file (`crates/shardlab-sim-worker`), not a `blob:` URL.
//! - `object-src 'none'`, `base-uri 'self'`, `form-action 'none'`.
//! - `frame-ancestors` cannot be set from a meta tag; it is left to the host, so pages may embed us.

use base64::Engine;
use sha2::{Digest, Sha256};

/// The directives, with `{script_hashes}` filled in per build.
const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{script_hashes}; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; \
    connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'";

/// The hashes of every inline `<script>` (one without `src`) in `html`, in order.
pub fn inline_script_hashes(html: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find("<script") {
        let Some(after_open) = rest.get(open..) else {
            break;
        };
        let Some(tag_end) = after_open.find('>') else {
            break;
        };
        let tag = after_open.get(..tag_end).unwrap_or_default();
        let Some(body_and_rest) = after_open.get(tag_end + 1..) else {
            break;
        };
        let Some(close) = body_and_rest.find("</script>") else {
            break;
        };
        if !tag.contains(" src=") {
            let body = body_and_rest.get(..close).unwrap_or_default();
            let digest = Sha256::digest(body.as_bytes());
            hashes.push(format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            ));
        }
        rest = body_and_rest.get(close..).unwrap_or_default();
    }
    hashes
}

/// How the policy's `<meta>` begins, as [`with_policy`] writes it.
pub const META_START: &str = "\n  <meta http-equiv=\"Content-Security-Policy\" content=\"";

/// `html` without the policy [`with_policy`] put in it (the rebased build hashes its own loader).
pub fn without_policy(html: &str) -> String {
    let Some(start) = html.find(META_START) else {
        return html.to_owned();
    };
    let end = html
        .get(start..)
        .and_then(|from| from.find("/>"))
        .map_or(html.len(), |close| start + close + "/>".len());
    format!(
        "{}{}",
        html.get(..start).unwrap_or_default(),
        html.get(end..).unwrap_or_default()
    )
}

/// `html` with the policy as the first element of `<head>`.
pub fn with_policy(html: &str) -> Result<String, String> {
    let hashes = inline_script_hashes(html);
    let script_hashes: String = hashes.iter().map(|h| format!(" {h}")).collect();
    let policy = POLICY.replace("{script_hashes}", &script_hashes);
    let meta = format!("{META_START}{policy}\" />");
    let head = html.find("<head>").ok_or("index.html has no <head>")?;
    let insert_at = head + "<head>".len();
    let (before, after) = html.split_at(insert_at);
    Ok(format!("{before}{meta}{after}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<html><head>\n<script type=\"module\">import init from '/a.js';</script>\
        <script src=\"crash.js\" defer></script></head><body></body></html>";

    #[test]
    fn the_policy_comes_out_as_it_went_in() {
        let with = with_policy(PAGE).unwrap();
        assert!(with.contains(META_START));
        assert_eq!(without_policy(&with), PAGE);
        assert_eq!(without_policy(PAGE), PAGE);
    }

    #[test]
    fn hashes_only_inline_scripts() {
        let hashes = inline_script_hashes(PAGE);
        assert_eq!(hashes.len(), 1);
        let expected = Sha256::digest(b"import init from '/a.js';");
        let expected = base64::engine::general_purpose::STANDARD.encode(expected);
        assert_eq!(hashes[0], format!("'sha256-{expected}'"));
    }

    #[test]
    fn the_policy_goes_first_in_head_and_names_the_hash() {
        let page = with_policy(PAGE).unwrap();
        let meta = page.find("Content-Security-Policy").unwrap();
        assert!(
            meta < page.find("<script").unwrap(),
            "the policy must precede the scripts"
        );
        assert!(page.contains("'wasm-unsafe-eval' 'sha256-"));
        assert!(page.contains("object-src 'none'"));
        assert!(!page.contains(" 'unsafe-eval'"), "no general eval");
        assert!(
            !page.contains("script-src 'self' 'unsafe-inline'"),
            "no inline scripts in general"
        );
    }

    #[test]
    fn a_page_without_head_is_an_error() {
        assert!(with_policy("<html></html>").is_err());
    }
}
