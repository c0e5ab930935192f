//! A page per widget at a path, for pasting a URL (issue 37 §3): `w/<view>-<widget>/index.html`
//! (and `w/<view>/` for a whole view) beside that widget's `picture.svg` and `picture.png`.
//!
//! Each page is a copy of the release page that holds its widget's code (the Ring's plots are
//! `compare.html`, the catalogue's `widgets.json` says which), with:
//! - its own title and description, Open Graph and Twitter card tags (`og:image` is the PNG), and
//!   an oEmbed discovery link to a static `oembed.json` beside it;
//! - the picture and a link to the live widget inside the boot skeleton, so the page reads with
//!   no script and shows the picture until the wasm has mounted;
//! - a small inline boot script, first in `<head>`, that turns the path and query into the app's
//!   hash route (`#/w/ring/grow?…`, or `#/embed/ring/grow?…` when framed or asked with `?embed`)
//!   and, framed with WordPress's `#?secret=…`, answers its height protocol
//!   (`{message: "height", value, secret}` to the parent on every change of height).
//!
//! A frame sandboxed with `allow-scripts` alone has an opaque origin, so everything it loads is
//! a cross-origin request: the page's stylesheets get `crossorigin="anonymous"` (their
//! `integrity` can only be checked on a CORS response), and the host must send
//! `Access-Control-Allow-Origin` for the site's files (README, "Paste a URL").
//!
//! The pages share the site's wasm, scripts and styles (their URLs are absolute paths under the
//! public URL), so the site grows by a few kilobytes of HTML per widget and no wasm. The inline
//! script is hashed into the page's Content-Security-Policy like trunk's own ([`csp`]).
//!
//! URLs a host reads (`og:image`, the oEmbed link, `oembed.json`'s iframe and thumbnail) are
//! absolute when `dist` is given `--site-url`; without it they are paths from the origin's root,
//! which browsers resolve but link-card and oEmbed consumers on other sites cannot.

use std::path::Path;

use serde_json::Value;

use crate::csp;

/// One entry of `pictures.json`, as `shardlab-pictures` writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// `view/widget` or `view`.
    pub name: String,
    /// `w/<folder>/`, relative to the site's root.
    pub path: String,
    /// The picture's alt text.
    pub alt: String,
    /// The picture's title.
    pub title: String,
    /// The picture's size in CSS pixels.
    pub width: u64,
    pub height: u64,
}

/// Where the site is served: the public URL's path, and the origin when known.
#[derive(Debug, Clone, PartialEq)]
pub struct Site {
    /// `/` or `/sub/path/`, with both slashes.
    pub public_url: String,
    /// `https://example.org`, without a trailing slash; `None` writes paths from the root.
    pub origin: Option<String>,
}

impl Site {
    /// The origin `--site-url` names: `http(s)://host[:port]`, a trailing slash allowed; a path is
    /// refused, since `--public-url` gives it.
    pub fn origin_of(url: &str) -> Result<String, String> {
        let origin = url.trim_end_matches('/');
        let host = origin
            .strip_prefix("https://")
            .or_else(|| origin.strip_prefix("http://"))
            .unwrap_or_default();
        if host.is_empty() || host.contains(['/', '?', '#', ' ', '"']) {
            return Err(format!(
                "--site-url takes the site's origin, like https://example.org (the path is \
                 --public-url's), not {url:?}"
            ));
        }
        Ok(origin.to_owned())
    }

    /// The address of `path` (relative to the site's root): absolute with an origin, else a path
    /// from the origin's root.
    pub fn url(&self, path: &str) -> String {
        let from_root = format!("{}{path}", self.public_url);
        match &self.origin {
            Some(origin) => format!("{origin}{from_root}"),
            None => from_root,
        }
    }
}

/// The entries of `pictures.json`.
pub fn read_entries(json: &str) -> Result<Vec<Entry>, String> {
    let value: Value =
        serde_json::from_str(json).map_err(|e| format!("pictures.json does not parse: {e}"))?;
    let list = value.as_array().ok_or("pictures.json is not a list")?;
    list.iter()
        .map(|item| {
            let text = |key: &str| {
                item.get(key)
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .ok_or_else(|| format!("a pictures.json entry lacks its {key}"))
            };
            let number = |key: &str| {
                item.get(key)
                    .and_then(Value::as_u64)
                    .ok_or_else(|| format!("a pictures.json entry lacks its {key}"))
            };
            Ok(Entry {
                name: text("name")?,
                path: text("path")?,
                alt: text("alt")?,
                title: text("title")?,
                width: number("width")?,
                height: number("height")?,
            })
        })
        .collect()
}

/// The release page that holds `name`'s code: a widget's from the catalogue (`widgets.json`'s
/// `embed_route`), a view's `<view>.html`.
pub fn source_page(name: &str, catalogue: &Value) -> Result<String, String> {
    let Some((view, widget)) = name.split_once('/') else {
        return Ok(format!("{name}.html"));
    };
    catalogue
        .as_array()
        .into_iter()
        .flatten()
        .find(|entry| entry["view"] == view && entry["widget"] == widget)
        .and_then(|entry| entry["embed_route"].as_str())
        .and_then(|route| route.split_once('#'))
        .map(|(page, _)| page.to_owned())
        .ok_or_else(|| format!("widgets.json does not list {name}"))
}

/// The app's hash routes for `name`: the page with the site's header, and the embed.
pub fn routes(name: &str) -> (String, String) {
    if name.contains('/') {
        (format!("/w/{name}"), format!("/embed/{name}"))
    } else {
        (format!("/{name}"), format!("/embed/{name}"))
    }
}

/// `text` safe inside an element or a double-quoted attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The boot script: the path and query to the hash route, and WordPress's height protocol.
fn boot_script(route: &str, embed_route: &str) -> String {
    // Kept small and ES5: it runs before anything else, in every engine, framed or not.
    format!(
        "(function(){{var h=location.hash,s=location.search.replace(/^\\?/,'');\
var secret=(/[#?&]secret=([A-Za-z0-9._-]+)/.exec(h)||[])[1];var framed;\
try{{framed=window.top!==window.self}}catch(e){{framed=true}}\
var q=s.split('&').filter(function(p){{return p&&p!=='embed'&&p.indexOf('embed=')!==0}}).join('&');\
var embed=framed||/(^|&)embed(=|&|$)/.test(s);\
if(h.indexOf('#/')!==0){{var t=location.href.split('#')[0]+'#'+(embed?'{embed_route}':'{route}')+(q?'?'+q:'');\
try{{history.replaceState(history.state,'',t)}}catch(e){{location.replace(t)}}}}\
if(!secret||!framed)return;var last=0;\
function post(){{var d=document.documentElement,b=document.body;\
var v=Math.ceil(Math.max(d.getBoundingClientRect().height,b?b.scrollHeight:0));\
if(v&&v!==last){{last=v;window.parent.postMessage({{message:'height',value:v,secret:secret}},'*')}}}}\
function watch(){{post();if(window.ResizeObserver){{var o=new ResizeObserver(post);\
o.observe(document.documentElement);if(document.body)o.observe(document.body)}}else{{setInterval(post,500)}}}}\
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',watch);else watch();\
window.addEventListener('load',post)}})();"
    )
}

/// The tags `<head>` gains: cards, oEmbed discovery and the canonical address.
fn head_tags(entry: &Entry, site: &Site) -> String {
    let page = site.url(&entry.path);
    let image = site.url(&format!("{}picture.png", entry.path));
    let oembed = site.url(&format!("{}oembed.json", entry.path));
    let title = escape(&entry.title);
    let alt = escape(&entry.alt);
    format!(
        "\n  <link rel=\"canonical\" href=\"{page}\" />\
         \n  <link rel=\"alternate\" type=\"application/json+oembed\" href=\"{oembed}\" title=\"{title}\" />\
         \n  <meta property=\"og:type\" content=\"website\" />\
         \n  <meta property=\"og:site_name\" content=\"shardlab\" />\
         \n  <meta property=\"og:title\" content=\"{title}\" />\
         \n  <meta property=\"og:description\" content=\"{alt}\" />\
         \n  <meta property=\"og:url\" content=\"{page}\" />\
         \n  <meta property=\"og:image\" content=\"{image}\" />\
         \n  <meta property=\"og:image:type\" content=\"image/png\" />\
         \n  <meta property=\"og:image:alt\" content=\"{alt}\" />\
         \n  <meta name=\"twitter:card\" content=\"summary_large_image\" />\
         \n  <meta name=\"twitter:title\" content=\"{title}\" />\
         \n  <meta name=\"twitter:description\" content=\"{alt}\" />\
         \n  <meta name=\"twitter:image\" content=\"{image}\" />\
         \n  <meta name=\"twitter:image:alt\" content=\"{alt}\" />"
    )
}

/// The picture and the link, inside the boot skeleton (which the app removes once it mounts).
fn fallback(entry: &Entry, site: &Site, page: &str, route: &str) -> String {
    format!(
        "\n      <figure class=\"widget-picture\" style=\"margin:16px auto;max-width:{}px;padding:0 12px\">\
         \n        <img src=\"{}\" alt=\"{}\" width=\"{}\" height=\"{}\" style=\"display:block;max-width:100%;height:auto\" />\
         \n        <figcaption><a href=\"{}\">Open “{}” in shardlab</a></figcaption>\
         \n      </figure>",
        entry.width,
        site.url(&format!("{}picture.svg", entry.path)),
        escape(&entry.alt),
        entry.width,
        entry.height,
        site.url(&format!("{page}#{route}")),
        escape(&entry.title),
    )
}

/// `oembed.json` for `entry`: a rich embed whose iframe's address is a path and a query (a host
/// may rewrite the fragment), at the picture's size.
pub fn oembed_json(entry: &Entry, site: &Site) -> String {
    let src = format!("{}?embed", site.url(&entry.path));
    let html = format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"{}\" height=\"{}\" loading=\"lazy\" style=\"border:0;width:100%;max-width:{}px\"></iframe>",
        escape(&src),
        escape(&entry.title),
        entry.width,
        entry.height,
        entry.width
    );
    let value = serde_json::json!({
        "version": "1.0",
        "type": "rich",
        "provider_name": "shardlab",
        "provider_url": site.url(""),
        "title": entry.title,
        "html": html,
        "width": entry.width,
        "height": entry.height,
        "thumbnail_url": site.url(&format!("{}picture.png", entry.path)),
        "thumbnail_width": entry.width * 2,
        "thumbnail_height": entry.height * 2,
    });
    serde_json::to_string_pretty(&value).unwrap_or_default()
}

/// `entry`'s page, made from `html` (the release page that holds its code, before its policy).
pub fn page_html(html: &str, entry: &Entry, site: &Site, page: &str) -> Result<String, String> {
    let (route, embed_route) = routes(&entry.name);
    let mut out = html.to_owned();
    // The title and the description.
    let title_start = out.find("<title>").ok_or("the page has no <title>")?;
    let title_end = out[title_start..]
        .find("</title>")
        .map(|i| title_start + i + "</title>".len())
        .ok_or("the page's <title> is not closed")?;
    out.replace_range(
        title_start..title_end,
        &format!("<title>{} · shardlab</title>", escape(&entry.title)),
    );
    if let Some(start) = out.find("<meta name=\"description\"") {
        if let Some(len) = out[start..].find('>') {
            out.replace_range(
                start..=start + len,
                &format!(
                    "<meta name=\"description\" content=\"{}\" />",
                    escape(&entry.alt)
                ),
            );
        }
    }
    // Trunk's stylesheets carry `integrity`; in a frame with an opaque origin (WordPress's
    // sandbox) they are cross-origin, and a no-cors response cannot be checked, so they are
    // fetched with CORS, as the module scripts and the wasm already are.
    out = out.replace(
        "<link rel=\"stylesheet\" href=",
        "<link rel=\"stylesheet\" crossorigin=\"anonymous\" href=",
    );
    // The boot script first (the skeleton's own script reads the hash it writes), then the tags.
    let base = out.find("<base ").ok_or("the page has no <base>")?;
    let base_end = out[base..]
        .find('>')
        .map(|i| base + i + 1)
        .ok_or("the page's <base> is not closed")?;
    let insert = format!(
        "\n  <script>{}</script>{}",
        boot_script(&route, &embed_route),
        head_tags(entry, site)
    );
    out.insert_str(base_end, &insert);
    // The picture and the link, after the skeleton's loading note.
    let note = out
        .find("id=\"boot-note\"")
        .ok_or("the page has no boot note")?;
    let note_end = out[note..]
        .find("</p>")
        .map(|i| note + i + "</p>".len())
        .ok_or("the boot note is not closed")?;
    out.insert_str(note_end, &fallback(entry, site, page, &route));
    Ok(out)
}

/// Writes every widget's page and `oembed.json` into `dist_dir`, from `pictures.json` there and
/// the release pages (before their policy: each page gets its own, with its boot script).
pub fn write(dist_dir: &Path, site: &Site) -> Result<usize, String> {
    let read =
        |path: &Path| std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()));
    let entries = read_entries(&read(&dist_dir.join("pictures.json"))?)?;
    let catalogue: Value = serde_json::from_str(&read(&dist_dir.join("widgets.json"))?)
        .map_err(|e| format!("widgets.json does not parse: {e}"))?;
    for entry in &entries {
        let page = source_page(&entry.name, &catalogue)?;
        let html = read(&dist_dir.join(&page))?;
        let folder = dist_dir.join(&entry.path);
        std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let text = csp::with_policy(&page_html(&html, entry, site, &page)?)?;
        let write = |name: &str, text: &str| {
            let path = folder.join(name);
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
        };
        write("index.html", &text)?;
        write("oembed.json", &oembed_json(entry, site))?;
    }
    Ok(entries.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<html><head>\n  <meta name=\"description\" content=\"old\" />\n  <title>old</title>\n  <base href=\"/shardlab/\" />\n<link rel=\"stylesheet\" href=\"/shardlab/a.css\" integrity=\"sha384-x\"/>\n<script>if (location.hash.indexOf('#/embed/') === 0) x();</script></head>\
        <body><div id=\"boot\"><p id=\"boot-note\" class=\"boot-note\">Loading…</p></div></body></html>";

    fn entry() -> Entry {
        Entry {
            name: "ring/grow".into(),
            path: "w/ring-grow/".into(),
            alt: "Four servers & \"more\"".into(),
            title: "Grow the ring".into(),
            width: 680,
            height: 420,
        }
    }

    fn site(origin: Option<&str>) -> Site {
        Site {
            public_url: "/shardlab/".into(),
            origin: origin.map(str::to_owned),
        }
    }

    #[test]
    fn the_page_carries_cards_discovery_the_picture_and_its_boot_script_first() {
        let page = page_html(
            PAGE,
            &entry(),
            &site(Some("https://example.org")),
            "ring.html",
        )
        .unwrap();
        assert!(
            page.contains("<title>Grow the ring · shardlab</title>"),
            "{page}"
        );
        assert!(page.contains(
            "<meta property=\"og:image\" content=\"https://example.org/shardlab/w/ring-grow/picture.png\" />"
        ));
        assert!(page.contains("type=\"application/json+oembed\" href=\"https://example.org/shardlab/w/ring-grow/oembed.json\""));
        assert!(page.contains("content=\"Four servers &amp; &quot;more&quot;\""));
        assert!(page.contains("<img src=\"https://example.org/shardlab/w/ring-grow/picture.svg\""));
        assert!(page.contains("href=\"https://example.org/shardlab/ring.html#/w/ring/grow\""));
        let boot = page.find("'/embed/ring/grow'").unwrap();
        assert!(boot < page.find("location.hash.indexOf('#/embed/')").unwrap());
        // Both inline scripts are in the policy.
        let with_policy = csp::with_policy(&page).unwrap();
        assert_eq!(csp::inline_script_hashes(&with_policy).len(), 2);
    }

    #[test]
    fn without_an_origin_addresses_are_paths_from_the_root() {
        let page = page_html(PAGE, &entry(), &site(None), "ring.html").unwrap();
        assert!(page.contains("content=\"/shardlab/w/ring-grow/picture.png\""));
        let json: Value = serde_json::from_str(&oembed_json(&entry(), &site(None))).unwrap();
        assert_eq!(json["thumbnail_url"], "/shardlab/w/ring-grow/picture.png");
    }

    #[test]
    fn the_site_url_is_an_origin() {
        assert_eq!(
            Site::origin_of("https://example.org/").unwrap(),
            "https://example.org"
        );
        assert_eq!(
            Site::origin_of("http://127.0.0.1:4206").unwrap(),
            "http://127.0.0.1:4206"
        );
        for bad in [
            "example.org",
            "https://example.org/shardlab/",
            "https://",
            "ftp://x",
        ] {
            assert!(Site::origin_of(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_oembed_iframe_is_addressed_by_path_and_query() {
        let json: Value =
            serde_json::from_str(&oembed_json(&entry(), &site(Some("https://example.org"))))
                .unwrap();
        assert_eq!(json["version"], "1.0");
        assert_eq!(json["type"], "rich");
        assert_eq!(json["height"], 420);
        let html = json["html"].as_str().unwrap();
        assert!(
            html.starts_with("<iframe src=\"https://example.org/shardlab/w/ring-grow/?embed\""),
            "{html}"
        );
        assert!(!html.contains('#'), "{html}");
    }

    #[test]
    fn a_widget_s_page_is_the_catalogue_s_and_a_view_s_its_own() {
        let catalogue: Value = serde_json::from_str(
            "[{\"view\":\"ring\",\"widget\":\"compare\",\"embed_route\":\"compare.html#/embed/ring/compare\"}]",
        )
        .unwrap();
        assert_eq!(
            source_page("ring/compare", &catalogue).unwrap(),
            "compare.html"
        );
        assert_eq!(source_page("ring", &catalogue).unwrap(), "ring.html");
        assert!(source_page("ring/grow", &catalogue).is_err());
        assert_eq!(routes("ring").0, "/ring");
        assert_eq!(routes("ring/grow").1, "/embed/ring/grow");
    }
}
