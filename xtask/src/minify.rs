//! Minifies each page's wasm-bindgen JS glue with terser (from `tools/package.json`) after trunk
//! has built it, shortens the names the wasm imports from the glue, and rewrites the page's
//! `modulepreload` and wasm `preload` integrity hashes to match.
//!
//! Why: trunk 0.21's own minifier cannot parse wasm-bindgen's ES module (it stops at
//! `export default`), and the glue is about 8 kB of each page's brotli budget; terser takes
//! about a fifth of that off. wasm-bindgen names each import with a 16-digit hash
//! (`__wbg_Error_208446807d0d1e30`), written once in the wasm and once in the glue: some 260 of
//! them a page, incompressible, about 2 kB of brotli on each page for nothing.

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
                let wasm_href = wasm_preload_href(&html)
                    .ok_or_else(|| format!("{page}: no preload link for the app's wasm"))?;
                let wasm_file = wasm_href.rsplit('/').next().unwrap_or(wasm_href).to_owned();
                let wasm = dist_dir.join(&wasm_file);
                let module =
                    std::fs::read(&wasm).map_err(|e| format!("{}: {e}", wasm.display()))?;
                let glue =
                    std::fs::read_to_string(&js).map_err(|e| format!("{}: {e}", js.display()))?;
                let (module, glue) = shorten_imports(&module, &glue)
                    .ok_or_else(|| format!("{wasm_file}: its import section did not parse"))?;
                std::fs::write(&wasm, &module).map_err(|e| format!("{}: {e}", wasm.display()))?;
                std::fs::write(&js, &glue).map_err(|e| format!("{}: {e}", js.display()))?;
                done.insert(wasm_href.to_owned(), sri_sha384(&module));
                let bytes = glue.into_bytes();
                let integrity = sri_sha384(&bytes);
                done.insert(file.clone(), integrity.clone());
                integrity
            }
        };
        let mut updated = with_integrity(&html, href, &integrity)
            .ok_or_else(|| format!("{page}: no integrity attribute on the link to {href}"))?;
        if let Some(wasm_href) = wasm_preload_href(&html) {
            if let Some(wasm_integrity) = done.get(wasm_href) {
                updated = with_integrity(&updated, wasm_href, wasm_integrity).ok_or_else(|| {
                    format!("{page}: no integrity attribute on the link to {wasm_href}")
                })?;
            }
        }
        std::fs::write(&page_path, updated).map_err(|e| format!("{}: {e}", page_path.display()))?;
    }
    Ok(())
}

/// Minifies each Web Worker's glue (trunk's `NAME_loader.js` names `NAME.js`, a classic script
/// that defines the global `wasm_bindgen`) and shortens its wasm's import names, as for a page.
/// A worker's files carry no integrity hash: the loader imports them by name.
pub fn minify_workers(dist_dir: &Path) -> Result<(), String> {
    let terser = root().join("tools/node_modules/terser/bin/terser");
    let entries =
        std::fs::read_dir(dist_dir).map_err(|e| format!("{}: {e}", dist_dir.display()))?;
    let mut names: Vec<String> = entries
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name().to_string_lossy().into_owned();
            file.strip_suffix("_loader.js").map(str::to_owned)
        })
        .collect();
    names.sort();
    for name in names {
        let js = dist_dir.join(format!("{name}.js"));
        let wasm = dist_dir.join(format!("{name}_bg.wasm"));
        // A script, not a module: top-level names stay, so `wasm_bindgen` is still the global
        // the loader calls.
        let status = tools::command("node")
            .arg(&terser)
            .arg(&js)
            .args(["--compress", "--mangle", "--output"])
            .arg(&js)
            .status()
            .map_err(|e| format!("could not start terser: {e}"))?;
        if !status.success() {
            return Err(format!("terser on {name}.js exited with {status}"));
        }
        let module = std::fs::read(&wasm).map_err(|e| format!("{}: {e}", wasm.display()))?;
        let glue = std::fs::read_to_string(&js).map_err(|e| format!("{}: {e}", js.display()))?;
        let (module, glue) = shorten_imports(&module, &glue)
            .ok_or_else(|| format!("{name}_bg.wasm: its import section did not parse"))?;
        std::fs::write(&wasm, &module).map_err(|e| format!("{}: {e}", wasm.display()))?;
        std::fs::write(&js, &glue).map_err(|e| format!("{}: {e}", js.display()))?;
        let loader = dist_dir.join(format!("{name}_loader.js"));
        let text =
            std::fs::read_to_string(&loader).map_err(|e| format!("{}: {e}", loader.display()))?;
        if let Some(current) = loader_with_options(&text) {
            std::fs::write(&loader, current).map_err(|e| format!("{}: {e}", loader.display()))?;
        }
    }
    Ok(())
}

/// Trunk 0.21's worker loader calls `wasm_bindgen("./NAME_bg.wasm")`, a form the glue of this
/// wasm-bindgen still takes but warns about ("using deprecated parameters for the initialization
/// function") on every Board page. The same call with the options object, or `None` when the
/// loader is not in that form (a newer trunk already writes it).
fn loader_with_options(loader: &str) -> Option<String> {
    let call = "wasm_bindgen(\"";
    let start = loader.find(call)?;
    let path_start = start + call.len();
    let path_len = loader.get(path_start..)?.find("\")")?;
    let path = loader.get(path_start..path_start + path_len)?;
    let rest = loader.get(path_start + path_len + "\")".len()..)?;
    Some(format!(
        "{}wasm_bindgen({{module_or_path:\"{path}\"}}){rest}",
        loader.get(..start)?
    ))
}

/// The `href` of the page's `<link rel="modulepreload" …>`.
fn modulepreload_href(html: &str) -> Option<&str> {
    let start = html.find("rel=\"modulepreload\"")?;
    let rest = html.get(start..)?;
    let href_at = rest.find("href=\"")? + "href=\"".len();
    let rest = rest.get(href_at..)?;
    rest.get(..rest.find('"')?)
}

/// The `href` of the page's `<link rel="preload" …>` of its `_bg.wasm`.
fn wasm_preload_href(html: &str) -> Option<&str> {
    let end = html.find("_bg.wasm\"")? + "_bg.wasm".len();
    let start = html.get(..end)?.rfind("href=\"")? + "href=\"".len();
    html.get(start..end)
}

/// Reads one unsigned LEB128 number at `*at`, moving past it.
fn leb(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let (mut value, mut shift) = (0u64, 0u32);
    loop {
        let byte = *bytes.get(*at)?;
        *at += 1;
        value |= u64::from(byte & 0x7f).checked_shl(shift)?;
        if byte & 0x80 == 0 {
            return Some(value);
        }
        shift += 7;
    }
}

fn push_leb(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// `text` with `name` replaced by `short`, when `name` occurs in it exactly once as a whole
/// identifier (the glue's key for that import); `None` otherwise.
fn rename_sole_ident(text: &str, name: &str, short: &str) -> Option<String> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut whole = text.match_indices(name).map(|(at, _)| at).filter(|&at| {
        let before = text.get(..at).and_then(|t| t.chars().next_back());
        let after = text.get(at + name.len()..).and_then(|t| t.chars().next());
        !before.is_some_and(ident) && !after.is_some_and(ident)
    });
    let at = whole.next()?;
    if whole.next().is_some() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    out.push_str(text.get(..at)?);
    out.push_str(short);
    out.push_str(text.get(at + name.len()..)?);
    Some(out)
}

/// The module and glue with each import from the glue's module (`wbg` or `./…_bg.js`) that the
/// glue names exactly once (as
/// its key in the imports object) renamed to `$` and a base-36 number, in both. `None` when the
/// module's sections do not parse.
fn shorten_imports(module: &[u8], glue: &str) -> Option<(Vec<u8>, String)> {
    if module.get(..8)? != b"\0asm\x01\0\0\0" {
        return None;
    }
    let mut at = 8;
    let mut out = module.get(..8)?.to_vec();
    let mut glue = glue.to_owned();
    let mut renamed = 0u32;
    while at < module.len() {
        let id = *module.get(at)?;
        at += 1;
        let size = usize::try_from(leb(module, &mut at)?).ok()?;
        let body = module.get(at..at.checked_add(size)?)?;
        at += size;
        if id != 2 {
            out.push(id);
            push_leb(&mut out, size as u64);
            out.extend_from_slice(body);
            continue;
        }
        let mut p = 0;
        let count = leb(body, &mut p)?;
        let mut section = Vec::with_capacity(body.len());
        push_leb(&mut section, count);
        for _ in 0..count {
            let mut name = || -> Option<String> {
                let len = usize::try_from(leb(body, &mut p)?).ok()?;
                let text = std::str::from_utf8(body.get(p..p.checked_add(len)?)?).ok()?;
                p += len;
                Some(text.to_owned())
            };
            let (module_name, field) = (name()?, name()?);
            let desc_start = p;
            let kind = *body.get(p)?;
            p += 1;
            match kind {
                0 => {
                    leb(body, &mut p)?;
                }
                1 | 2 => {
                    if kind == 1 {
                        p += 1; // the table's reference type
                    }
                    let flags = *body.get(p)?;
                    p += 1;
                    leb(body, &mut p)?;
                    if flags & 1 == 1 {
                        leb(body, &mut p)?;
                    }
                }
                3 => p += 2, // value type, mutability
                4 => {
                    p += 1;
                    leb(body, &mut p)?;
                }
                _ => return None,
            }
            // wasm-bindgen names the glue's module `wbg` or, lately, `./<crate>_bg.js`.
            let from_glue = module_name == "wbg" || module_name.ends_with("_bg.js");
            let short = format!("${}", base36(renamed));
            let renamed_glue = if from_glue {
                rename_sole_ident(&glue, &field, &short)
            } else {
                None
            };
            let field = match renamed_glue {
                Some(renamed_glue) => {
                    glue = renamed_glue;
                    renamed += 1;
                    short
                }
                None => field,
            };
            for text in [&module_name, &field] {
                push_leb(&mut section, text.len() as u64);
                section.extend_from_slice(text.as_bytes());
            }
            section.extend_from_slice(body.get(desc_start..p)?);
        }
        out.push(id);
        push_leb(&mut out, section.len() as u64);
        out.extend_from_slice(&section);
    }
    Some((out, glue))
}

fn base36(mut n: u32) -> String {
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(digits[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
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

    #[test]
    fn the_worker_loader_passes_its_wasm_as_an_option() {
        let trunk = r#"importScripts("./w.js");wasm_bindgen("./w_bg.wasm");"#;
        assert_eq!(
            loader_with_options(trunk).as_deref(),
            Some(r#"importScripts("./w.js");wasm_bindgen({module_or_path:"./w_bg.wasm"});"#)
        );
        let current = r#"importScripts("./w.js");wasm_bindgen({module_or_path:"./w_bg.wasm"});"#;
        assert_eq!(loader_with_options(current), None);
    }

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
    fn imports_named_once_in_the_glue_are_shortened_in_both() {
        // A module importing `wbg.__wbg_log_0123456789abcdef` (a function of type 0) and
        // `wbg.__wbindgen_free`, which the glue names twice and so keeps.
        let mut module = b"\0asm\x01\0\0\0".to_vec();
        let mut section = vec![2u8];
        for field in ["__wbg_log_0123456789abcdef", "__wbindgen_free"] {
            section.extend_from_slice(&[9]);
            section.extend_from_slice(b"./a_bg.js");
            section.push(field.len() as u8);
            section.extend_from_slice(field.as_bytes());
            section.extend_from_slice(&[0, 0]);
        }
        module.push(2);
        module.push(section.len() as u8);
        module.extend_from_slice(&section);
        module.extend_from_slice(&[0, 3, 1, b'x', 7]); // a custom section after it, kept as is
        let glue = "const i={__wbg_log_0123456789abcdef:function(){},__wbindgen_free:f};x.__wbindgen_free()";
        let (short, glue) = shorten_imports(&module, glue).expect("parses");
        assert_eq!(
            glue,
            "const i={$0:function(){},__wbindgen_free:f};x.__wbindgen_free()"
        );
        let text = String::from_utf8_lossy(&short);
        assert!(text.contains("wbg\u{2}$0") || short.windows(2).any(|w| w == b"$0"));
        assert!(!text.contains("__wbg_log"));
        assert!(text.contains("__wbindgen_free"));
        assert!(short.ends_with(&[0, 3, 1, b'x', 7]));
        assert_eq!(
            short.len(),
            module.len() - "__wbg_log_0123456789abcdef".len() + 2
        );
        // Not a module: refused, not guessed at.
        assert!(shorten_imports(b"nope", "").is_none());
        assert_eq!(base36(0), "0");
        assert_eq!(base36(36 * 36), "100");
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
