//! Minifies each page's wasm-bindgen JS glue with terser (from `tools/package.json`) after trunk
//! has built it, and rewrites the page's `modulepreload` integrity hash to match.
//!
//! Why: trunk 0.21's own minifier cannot parse wasm-bindgen's ES module (it stops at
//! `export default`), and the glue is about 8 kB of each page's brotli budget; terser takes
//! about a fifth of that off.

use std::collections::HashMap;
use std::path::Path;

use base64::Engine;
use sha2::{Digest, Sha384};

use crate::{root, tools};

/// Minifies the glue every page in `pages` loads, once per file, and updates each page's hash.
pub fn minify_glue(dist_dir: &Path, pages: &[&str]) -> Result<(), String> {
    let terser = root().join("tools/node_modules/terser/bin/terser");
    let mut done: HashMap<String, String> = HashMap::new();
    for page in pages {
        let page_path = dist_dir.join(page);
        let html = std::fs::read_to_string(&page_path)
            .map_err(|e| format!("{}: {e}", page_path.display()))?;
        let Some(href) = modulepreload_href(&html) else {
            return Err(format!("{page}: no modulepreload link for the app's JS"));
        };
        let file = href.rsplit('/').next().unwrap_or(href).to_owned();
        let integrity = match done.get(&file) {
            Some(integrity) => integrity.clone(),
            None => {
                let js = dist_dir.join(&file);
                let status = tools::command("node")
                    .arg(&terser)
                    .arg(&js)
                    .args(["--module", "--compress", "--mangle", "--output"])
                    .arg(&js)
                    .status()
                    .map_err(|e| format!("could not start terser: {e}"))?;
                if !status.success() {
                    return Err(format!("terser on {file} exited with {status}"));
                }
                let bytes = std::fs::read(&js).map_err(|e| format!("{}: {e}", js.display()))?;
                let integrity = sri_sha384(&bytes);
                done.insert(file.clone(), integrity.clone());
                integrity
            }
        };
        let updated = with_integrity(&html, href, &integrity)
            .ok_or_else(|| format!("{page}: no integrity attribute on the link to {href}"))?;
        std::fs::write(&page_path, updated).map_err(|e| format!("{}: {e}", page_path.display()))?;
    }
    Ok(())
}

/// The `href` of the page's `<link rel="modulepreload" …>`.
fn modulepreload_href(html: &str) -> Option<&str> {
    let start = html.find("rel=\"modulepreload\"")?;
    let rest = html.get(start..)?;
    let href_at = rest.find("href=\"")? + "href=\"".len();
    let rest = rest.get(href_at..)?;
    rest.get(..rest.find('"')?)
}

/// `sha384-…` as a subresource-integrity value.
fn sri_sha384(bytes: &[u8]) -> String {
    format!(
        "sha384-{}",
        base64::engine::general_purpose::STANDARD.encode(Sha384::digest(bytes))
    )
}

/// The page with the `integrity` of the tag that links `href` replaced by `integrity`.
fn with_integrity(html: &str, href: &str, integrity: &str) -> Option<String> {
    let link = html.find(&format!("href=\"{href}\""))?;
    let tag_start = html.get(..link)?.rfind('<')?;
    let tag_end = link + html.get(link..)?.find('>')?;
    let tag = html.get(tag_start..tag_end)?;
    let attr = tag.find("integrity=\"")? + "integrity=\"".len();
    let value_end = attr + tag.get(attr..)?.find('"')?;
    let mut out = String::with_capacity(html.len());
    out.push_str(html.get(..tag_start + attr)?);
    out.push_str(integrity);
    out.push_str(html.get(tag_start + value_end..)?);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<script type=\"module\">import init from '/a-1.js';</script>\
        <link rel=\"stylesheet\" href=\"/s.css\" integrity=\"sha384-css\"/>\
        <link rel=\"modulepreload\" href=\"/a-1.js\" crossorigin=\"anonymous\" integrity=\"sha384-old\">\
        <link rel=\"preload\" href=\"/a-1_bg.wasm\" integrity=\"sha384-wasm\" as=\"fetch\">";

    #[test]
    fn finds_the_glue_and_replaces_only_its_hash() {
        assert_eq!(modulepreload_href(PAGE), Some("/a-1.js"));
        let updated = with_integrity(PAGE, "/a-1.js", "sha384-new").expect("tag found");
        assert!(updated
            .contains("href=\"/a-1.js\" crossorigin=\"anonymous\" integrity=\"sha384-new\">"));
        assert!(updated.contains("integrity=\"sha384-css\""));
        assert!(updated.contains("integrity=\"sha384-wasm\""));
        assert!(!updated.contains("sha384-old"));
        assert_eq!(updated.len(), PAGE.len() - "old".len() + "new".len());
    }

    #[test]
    fn the_hash_is_base64_sha384() {
        // The SRI value of the empty string, as browsers compute it.
        assert_eq!(
            sri_sha384(b""),
            "sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb"
        );
    }
}
