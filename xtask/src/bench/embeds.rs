//! The embed rows of BENCHMARKS.md (issue 37, "Speed and size"): `bench/embed-metrics.mjs`
//! measures, and this writes its JSON as the "Embeds" section.
//!
//! The full bench puts the section after the page's tables. `cargo xtask bench --only=embeds`
//! measures only the embeds and puts the section in place of the one already in BENCHMARKS.md
//! ([`splice`]), leaving every other table as the last full run wrote it; so the section carries
//! its own date.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{run_capturing, verdict, Phases};
use crate::tools::{self, Needs};

/// The picture paints within this many ms of the host page's HTML, on loopback.
const PICTURE_GOAL_MS: f64 = 100.0;
/// The live frame is interactive within this many ms of the host page's navigation start, at 4×
/// CPU slow-down over Fast 3G.
const LIVE_GOAL_MS: f64 = 1_500.0;
/// Each build-time picture's SVG, gzipped, is at most this many bytes (30 kB).
const PICTURE_GZIP_GOAL_BYTES: f64 = 30_000.0;
/// The requests that must follow one another before an embed's frame can be interactive, each
/// made once the one before it has arrived: the host page's HTML, embed.js, the frame's page, and
/// the wasm that page preloads (its JS comes beside the wasm).
const CHAIN: [&str; 4] = [
    "the host page",
    "`embed.js`",
    "the frame's page",
    "the wasm that page preloads",
];

/// The section's heading, by which [`splice`] finds it.
const HEADING: &str = "### Embeds";

/// Runs `bench/embed-metrics.mjs` on `dist` and returns its JSON.
pub(super) fn measure(
    root: &Path,
    dist: &Path,
    out: &Path,
    quick: bool,
    port: &str,
    phases: &mut Phases,
) -> Result<Value, String> {
    phases.run("embeds in Chromium", || {
        let mut node = tools::command("node");
        node.arg(root.join("bench/embed-metrics.mjs"))
            .arg(dist)
            .arg(out)
            .env("SHARDLAB_BENCH_PORT", port);
        if quick {
            node.arg("--quick");
        }
        run_capturing(&mut node)
    })?;
    super::read_json(out)
}

/// `cargo xtask bench --only=embeds [--dist DIR] [--quick]`: the embed rows alone, into
/// BENCHMARKS.md. `dist` is a release build to measure as it is, whatever it was built from (a
/// build of another checkout, say); without it, the bench's own fresh site as the full run uses.
pub(super) fn only(
    root: &Path,
    target: &Path,
    dist: Option<&Path>,
    quick: bool,
) -> Result<(), String> {
    let mut phases = Phases::default();
    phases.run("tools check", || {
        tools::ensure(Needs::BUILD | Needs::BROWSER)?;
        tools::ensure_npm_packages("bench", "the bench page's packages")
    })?;
    let dist = match dist {
        Some(dir) if dir.join("pictures.json").is_file() => dir.to_path_buf(),
        Some(dir) => {
            return Err(format!(
                "{} holds no release site with pictures: build one with `cargo xtask dist`",
                dir.display()
            ))
        }
        None => phases.run("release site", || {
            super::browser::release_site(root, target)
        })?,
    };
    let json = measure(
        root,
        &dist,
        &json_path(target),
        quick,
        &super::browser::port(),
        &mut phases,
    )?;
    let section = section(&json);
    let path = root.join("BENCHMARKS.md");
    let old = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::write(&path, splice(&old, &section))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    println!("\n{section}");
    println!(
        "bench: wrote the embed rows into {}; {}",
        path.display(),
        phases.summary()
    );
    Ok(())
}

/// Where the script's JSON goes.
pub(super) fn json_path(target: &Path) -> PathBuf {
    target.join("bench-embeds.json")
}

/// `doc` with its Embeds section replaced by `section`, or `section` put before the notes on
/// missed goals (else before "Page weight", else at the end) when it has none.
pub(super) fn splice(doc: &str, section: &str) -> String {
    let section = format!("{}\n", section.trim());
    let starts = |heading: &str| doc.find(&format!("\n{heading}\n")).map(|i| i + 1);
    if let Some(start) = starts(HEADING) {
        // To the next heading of the same or a higher level.
        let rest = &doc[start + HEADING.len()..];
        let end = ["\n### ", "\n## "]
            .iter()
            .filter_map(|h| rest.find(h))
            .min()
            .map_or(doc.len(), |i| start + HEADING.len() + i + 1);
        return format!("{}{section}\n{}", &doc[..start], &doc[end..]);
    }
    let before = starts("### Missed goals in the browser: why, and what would fix them")
        .or_else(|| starts("## Page weight"));
    match before {
        Some(at) => format!("{}{section}\n{}", &doc[..at], &doc[at..]),
        None => format!("{}\n\n{section}", doc.trim_end()),
    }
}

/// A figure in ms: the median, with the least and most in brackets when there were several.
fn spread_ms(v: &Value) -> Option<String> {
    let median = v.get("median")?.as_f64()?;
    let all: Vec<f64> = v
        .get("all")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default();
    let unit = |ms: f64| {
        if median >= 1000.0 {
            format!("{:.2}", ms / 1000.0)
        } else {
            format!("{ms:.0}")
        }
    };
    let unit_name = if median >= 1000.0 { "s" } else { "ms" };
    Some(if all.len() > 1 {
        let lo = all.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = all.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        format!("{} {unit_name} ({}–{})", unit(median), unit(lo), unit(hi))
    } else {
        format!("{} {unit_name}", unit(median))
    })
}

fn median_of(v: Option<&Value>) -> Option<f64> {
    v?.get("median")?.as_f64()
}

fn kb(bytes: f64) -> String {
    format!("{:.1} kB", bytes / 1000.0)
}

/// The Embeds section, from `bench/embed-metrics.mjs`'s JSON.
pub(super) fn section(json: &Value) -> String {
    let num = |path: &str| json.pointer(path).and_then(Value::as_f64);
    let chromium = json.get("chromium").and_then(Value::as_str).unwrap_or("?");
    let quick = json.get("quick").and_then(Value::as_bool) == Some(true);
    let loads = num("/loads").unwrap_or(f64::NAN);
    let slow_loads = num("/slow_loads").unwrap_or(f64::NAN);
    let latency = num("/network/latency").unwrap_or(f64::NAN);
    let down = num("/network/downloadThroughput").unwrap_or(f64::NAN);
    let up = num("/network/uploadThroughput").unwrap_or(f64::NAN);
    let rate = num("/cpu_rate").unwrap_or(f64::NAN);
    let load = num("/load_average").map_or_else(|| "unknown".to_owned(), |l| format!("{l:.1}"));
    let date = super::command_output("date", &["-u", "+%Y-%m-%d %H:%M UTC"])
        .unwrap_or_else(|| "unknown".into());
    let mode = if quick {
        "one load per page and figure (quick mode)".to_owned()
    } else {
        format!(
            "the median of {loads} loads per page on loopback and {slow_loads} over the slow \
             network, the least and most in brackets"
        )
    };
    let mut out = String::new();
    let mut notes: Vec<String> = Vec::new();
    let _ = write!(
        out,
        "{HEADING}\n\n\
         `bench/embed-metrics.mjs` (issue 37) measures embeds in Debian's Chromium {chromium} at \
         1280 × 800, with no cache, on {date} (load average {load} at the end): {mode}. The hosts are the site's example posts and \
         pages the script writes itself, served by the same server: one embed at the top of a \
         page per view, and a post with five embeds of three views 3,000 px apart. Everything \
         goes out gzipped, as from a static host. **Picture**: from the host page's HTML having \
         arrived (`responseEnd`) to its first embed's picture painted (the Element Timing API; an \
         init script marks each picture), unthrottled. **Live**: from the host page's navigation \
         start to its first embed's `shardlab-ready` (the frame's app has rendered and said so), \
         at {rate}× CPU slow-down (`Emulation.setCPUThrottlingRate`) over DevTools' \"Fast 3G\" \
         (`Network.emulateNetworkConditions`: {latency} ms latency, {down:.0} bytes/s down, \
         {up:.0} bytes/s up, which are 150 ms × 3.75, 1.6 Mbit/s × 0.9 and 750 kbit/s × 0.9). \
         **Lazy**: `.wasm` requests from the page, its frames and their workers.\n\n\
         | case | measured | goal |\n|---|---|---|\n"
    );

    // Pictures on loopback.
    let mut unpainted_hosts: Vec<String> = Vec::new();
    let mut late: Vec<String> = Vec::new();
    // Each page's picture after its first paint (medians), and the widest spread of one page.
    let mut gaps: Vec<f64> = Vec::new();
    let mut widest = 0.0_f64;
    for (host, p) in json
        .get("picture")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let embed = p.get("embed").and_then(Value::as_str).unwrap_or("?");
        let unpainted = p.get("unpainted").and_then(Value::as_f64).unwrap_or(0.0);
        let loads = p.get("loads").and_then(Value::as_f64).unwrap_or(f64::NAN);
        let frame_in = p.get("frame_in_ms").and_then(spread_ms);
        let paint = p.get("paint_ms");
        let measured = match paint.and_then(spread_ms) {
            Some(text) if unpainted > 0.0 => {
                format!("{text}; not painted in {unpainted} of {loads} loads")
            }
            Some(text) => text,
            None => "never painted".to_owned(),
        };
        let met = unpainted == 0.0 && median_of(paint).is_some_and(|ms| ms <= PICTURE_GOAL_MS);
        if unpainted > 0.0 {
            unpainted_hosts.push(format!("`{host}`"));
        }
        let _ = writeln!(
            out,
            "| picture, `{host}` ({embed}): HTML → picture painted (the page's first paint {}, live frame put in {}, both after the HTML) | {measured} | ≤ {PICTURE_GOAL_MS:.0} ms — {} |",
            p.get("fcp_ms")
                .and_then(spread_ms)
                .unwrap_or_else(|| "—".into()),
            frame_in.unwrap_or_else(|| "—".into()),
            verdict(met)
        );
        let fcp = median_of(p.get("fcp_ms"));
        if let (Some(paint), Some(fcp)) = (median_of(paint), fcp) {
            gaps.push(paint - fcp);
            if !met && unpainted == 0.0 {
                late.push(format!(
                    "`{host}` {paint:.0} ms, its first paint {fcp:.0} ms"
                ));
            }
        }
        let all: Vec<f64> = paint
            .and_then(|v| v.get("all"))
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_f64).collect())
            .unwrap_or_default();
        if let (Some(lo), Some(hi)) = (
            all.iter().copied().reduce(f64::min),
            all.iter().copied().reduce(f64::max),
        ) {
            widest = widest.max(hi - lo);
        }
    }
    if !late.is_empty() {
        let least = gaps.iter().copied().fold(f64::INFINITY, f64::min);
        let most = gaps.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        notes.push(format!(
            "**Pictures painted later than {PICTURE_GOAL_MS:.0} ms after their HTML** ({}). The \
             picture is an `<img>` of a static SVG of a few kB: its own request, a decode, then \
             the next frame, so it paints at the page's first paint or after it, in this run \
             {least:.0} to {most:.0} ms after it (medians per page). The loads of one page \
             spread over up to {widest:.0} ms, with the load average above: on this shared \
             machine much of the time is a wait for a core, so read these rows again from a run \
             on an idle machine before changing the pages for them.",
            late.join("; ")
        ));
    }
    if !unpainted_hosts.is_empty() {
        notes.push(format!(
            "**A picture never painted** ({}): embed.js put the live frame in before the first \
             paint, and the frame hides the element's other children, picture included, while it \
             loads. On loopback the frame is there before the picture; a reader then sees the \
             empty frame until the app renders. Keeping the picture on screen until the frame \
             posts `shardlab:ready` would fix it.",
            unpainted_hosts.join(", ")
        ));
    }

    // Live frames over Fast 3G.
    let mut slowest: Option<(f64, &str, f64)> = None;
    for (host, l) in json
        .get("live")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let embed = l.get("embed").and_then(Value::as_str).unwrap_or("?");
        let never = l.get("never_ready").and_then(Value::as_f64).unwrap_or(0.0);
        let bytes = l.get("bytes").and_then(Value::as_f64);
        let requests = l.get("requests").and_then(Value::as_f64);
        let ready = l.get("ready_ms");
        let measured = match ready.and_then(spread_ms) {
            Some(text) if never > 0.0 => format!("{text}; never ready in {never} loads"),
            Some(text) => text,
            None => "never ready (2 min)".to_owned(),
        };
        let median = median_of(ready);
        let met = never == 0.0 && median.is_some_and(|ms| ms <= LIVE_GOAL_MS);
        if let (Some(ms), Some(wasm)) = (median, l.get("wasm_bytes").and_then(Value::as_f64)) {
            if !met && slowest.is_none_or(|(worst, _, _)| ms > worst) {
                slowest = Some((ms, host.as_str(), wasm));
            }
        }
        let _ = writeln!(
            out,
            "| live at {rate}× CPU over Fast 3G, `{host}` ({embed}): navigation start → `shardlab-ready` (frame put in at {}; {} in {} requests by then) | {measured} | ≤ {:.1} s — {} |",
            l.get("frame_in_ms")
                .and_then(spread_ms)
                .unwrap_or_else(|| "—".into()),
            bytes.map_or_else(|| "?".into(), kb),
            requests.map_or_else(|| "?".into(), |r| format!("{r:.0}")),
            LIVE_GOAL_MS / 1000.0,
            verdict(met)
        );
    }
    if let Some((ms, host, wasm)) = slowest {
        let chain_s = CHAIN.len() as f64 * latency / 1000.0;
        let wasm_s = wasm / down;
        let mut note = format!(
            "**Live frames over {:.1} s at {rate}× CPU over Fast 3G.** The preset delays every \
             request by {latency} ms and carries {}/s. Before a frame can be interactive, {} \
             and {} are fetched one after another, each once the one before it has arrived \
             ({} × {latency} ms = {chain_s:.2} s), and the wasm has to come down ({} for the \
             slowest row, `{host}`: {wasm_s:.2} s). So no load on this profile comes under \
             {:.2} s, before any CPU is counted; the goal is out of reach for a frame of a \
             separate page with this much wasm. What is within reach is the rest of the \
             {:.2} s: the requests that hold the chain up, and the app's start at {rate}× CPU.",
            LIVE_GOAL_MS / 1000.0,
            kb(down),
            CHAIN[..CHAIN.len() - 1].join(", "),
            CHAIN[CHAIN.len() - 1],
            CHAIN.len(),
            kb(wasm),
            chain_s + wasm_s,
            ms / 1000.0,
        );
        let requests: Vec<&Value> = json
            .pointer(&format!(
                "/waterfall/{}",
                host.replace('~', "~0").replace('/', "~1")
            ))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .collect();
        // The frame's page: the first page after the host's own; then its first wasm request.
        let path = |r: &Value| {
            r.get("path")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned()
        };
        let frame_page = requests.iter().skip(1).find(|r| path(r).ends_with(".html"));
        let wasm_asked = requests.iter().find(|r| path(r).ends_with(".wasm"));
        if let (Some(page), Some(asked)) = (frame_page, wasm_asked) {
            let arrived = page.get("end_ms").and_then(Value::as_f64);
            let start = asked.get("start_ms").and_then(Value::as_f64);
            if let (Some(arrived), Some(start)) = (arrived, start) {
                let _ = write!(
                    note,
                    " In its first load the frame's page (`{}`) had arrived at {arrived:.0} ms \
                     and its wasm was asked for at {start:.0} ms: {:.2} s went to the requests \
                     the page makes before its preload of the wasm goes out.",
                    path(page),
                    (start - arrived) / 1000.0
                );
            }
        }
        let waterfall: Vec<String> = requests
            .iter()
            .map(|r| {
                let at = |k: &str| {
                    r.get(k)
                        .and_then(Value::as_f64)
                        .map_or_else(|| "?".to_owned(), |v| format!("{v:.0}"))
                };
                format!(
                    "`{}` {}–{}",
                    r.get("path").and_then(Value::as_str).unwrap_or("?"),
                    at("start_ms"),
                    at("end_ms")
                )
            })
            .collect();
        if !waterfall.is_empty() {
            let _ = write!(
                note,
                " Its first load's requests, in ms from the host page's: {}.",
                waterfall.join(", ")
            );
        }
        notes.push(note);
    }

    // The five-embed post.
    if let Some(lazy) = json.get("lazy") {
        let n = |k: &str| lazy.get(k).and_then(Value::as_f64).unwrap_or(f64::NAN);
        let names = |k: &str| -> Vec<String> {
            lazy.get(k)
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default()
        };
        let before = n("wasm_before");
        let met = before == 0.0;
        let _ = writeln!(
            out,
            "| {} embeds of {} views ({}), 3,000 px apart: `.wasm` requests before the reader scrolls ({} moved, {} frames) | {before:.0} | none — {} |",
            names("embeds").len(),
            names("views").len(),
            names("views").join(", "),
            kb(n("bytes_before")),
            n("frames_before"),
            verdict(met)
        );
        let steps: Vec<String> = lazy
            .get("steps")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|s| {
                let embed = s.get("embed").and_then(Value::as_str).unwrap_or("?");
                let count = s
                    .get("wasm_requests")
                    .and_then(Value::as_f64)
                    .unwrap_or(f64::NAN);
                // The script marks a service worker's own fetches (a precache).
                let by_worker = s
                    .get("wasm")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter(|w| w.as_str().is_some_and(|w| w.ends_with("(service worker)")))
                    .count();
                let worker = if by_worker > 0 {
                    format!(" ({by_worker} by the service worker)")
                } else {
                    String::new()
                };
                let ready = if s.get("ready").and_then(Value::as_bool) == Some(true) {
                    ""
                } else {
                    ", not ready"
                };
                format!("{embed} {count:.0}{worker}{ready}")
            })
            .collect();
        let _ = writeln!(
            out,
            "| the same post, scrolled to each embed in turn until it is interactive: `.wasm` requests so far | {} | — (each view's wasm when it is near) |",
            steps.join(", ")
        );
        let most_by_worker = lazy
            .get("steps")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|s| {
                s.get("wasm")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter(|w| w.as_str().is_some_and(|w| w.ends_with("(service worker)")))
                    .count()
            })
            .max()
            .unwrap_or(0);
        if most_by_worker > 0 {
            notes.push(format!(
                "**Once one frame is live, the site's service worker fetches every page's wasm.** \
                 The frame's page registers `sw.js` (`offline.js`), whose install precaches the \
                 whole release: {most_by_worker} `.wasm` requests by the service worker in the \
                 five-embed post, so a reader who scrolls to one embed downloads every view's \
                 wasm. Not registering the worker under an embed route (`#/embed/…`) would keep \
                 a post's cost to the views it shows."
            ));
        }
        if !met {
            notes.push(
                "**The five-embed post fetched wasm before the reader scrolled.** A frame was \
                 put in for an embed 3,000 px below the screen, or something prefetches the \
                 views' wasm; the frames column says which."
                    .to_owned(),
            );
        }
    }

    // Build-time pictures.
    let pictures: Vec<(String, f64, f64)> = json
        .get("pictures")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|p| {
            (
                p.get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("?")
                    .to_owned(),
                p.get("gzip_bytes")
                    .and_then(Value::as_f64)
                    .unwrap_or(f64::NAN),
                p.get("raw_bytes")
                    .and_then(Value::as_f64)
                    .unwrap_or(f64::NAN),
            )
        })
        .collect();
    let over: Vec<&(String, f64, f64)> = pictures
        .iter()
        .filter(|(_, gzip, _)| gzip.is_nan() || *gzip > PICTURE_GZIP_GOAL_BYTES)
        .collect();
    let largest = pictures
        .iter()
        .filter(|(_, gzip, _)| !gzip.is_nan())
        .max_by(|a, b| a.1.total_cmp(&b.1));
    match largest {
        Some((name, gzip, raw)) => {
            let mut sizes: Vec<f64> = pictures.iter().map(|p| p.1).collect();
            sizes.sort_by(f64::total_cmp);
            let _ = writeln!(
                out,
                "| build-time pictures ({} SVGs, `pictures.json`), gzip level 9: the largest, {name} ({} raw); the median {}, the smallest {} | {} | each ≤ 30 kB — {} |",
                pictures.len(),
                kb(*raw),
                kb(sizes[sizes.len() / 2]),
                kb(sizes[0]),
                kb(*gzip),
                verdict(over.is_empty())
            );
        }
        None => out.push_str("| build-time pictures | not measured | — |\n"),
    }
    if !over.is_empty() {
        notes.push(format!(
            "**Pictures over 30 kB gzipped**: {}. Draw fewer marks (a path per series rather \
             than a mark per point) in `shardlab-pictures`.",
            over.iter()
                .map(|(name, gzip, _)| format!("{name} {}", kb(*gzip)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }

    if !notes.is_empty() {
        out.push('\n');
        for note in notes {
            let _ = writeln!(out, "{note}\n");
        }
    }
    if let Some(problems) = json.get("problems").and_then(Value::as_array) {
        if !problems.is_empty() {
            out.push_str("\nThe pages logged errors while measured:\n\n");
            for p in problems {
                let _ = writeln!(out, "- `{}`", p.as_str().unwrap_or("?"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{section, splice};
    use serde_json::{json, Value};

    fn run(paint_ms: f64, unpainted: u64, ready_ms: f64, wasm_before: u64, gzip: u64) -> Value {
        json!({
            "quick": false, "loads": 5, "slow_loads": 3, "cpu_rate": 4, "chromium": "1",
            "network": { "latency": 562.5, "downloadThroughput": 180000.0, "uploadThroughput": 84375.0 },
            "pictures": [
                { "name": "ring/grow", "raw_bytes": 20000, "gzip_bytes": gzip },
                { "name": "decoder/paste", "raw_bytes": 9000, "gzip_bytes": 3000 },
            ],
            "picture": { "embed-example.html": {
                "embed": "ring/grow", "loads": 5, "unpainted": unpainted,
                "paint_ms": { "median": paint_ms, "min": paint_ms, "max": paint_ms + 10.0, "all": [paint_ms, paint_ms + 10.0] },
                "frame_in_ms": { "median": 30.0, "all": [30.0] },
                "fcp_ms": { "median": paint_ms - 20.0, "all": [paint_ms - 20.0] },
            } },
            "live": { "embed-example.html": {
                "embed": "ring/grow", "loads": 3, "never_ready": 0,
                "ready_ms": { "median": ready_ms, "all": [ready_ms] },
                "frame_in_ms": { "median": 1900.0, "all": [1900.0] },
                "bytes": 290000.0, "wasm_bytes": 270000.0, "requests": 9,
            } },
            "waterfall": { "embed-example.html": [
                { "path": "/embed-example.html", "start_ms": 0, "end_ms": 590 },
                { "path": "/embed.js", "start_ms": 780, "end_ms": 1400 },
                { "path": "/ring.html", "start_ms": 1450, "end_ms": 2040 },
                { "path": "/a_bg.wasm", "start_ms": 3440, "end_ms": 5500 },
            ] },
            "lazy": {
                "embeds": ["ring/grow", "decoder/paste", "board/solve", "ring/replicas", "decoder/detect"],
                "views": ["ring", "decoder", "board"],
                "wasm_before": wasm_before, "bytes_before": 40000, "frames_before": 0,
                "steps": [ { "embed": "ring/grow", "ready": true, "wasm_requests": 3,
                             "wasm": ["/a_bg.wasm", "/a_bg.wasm (service worker)", "/b_bg.wasm (service worker)"] } ],
            },
            "problems": [],
        })
    }

    #[test]
    fn goals_follow_the_numbers() {
        let met = section(&run(40.0, 0, 1200.0, 0, 12_000));
        assert!(met.contains("| 40 ms (40–50) | ≤ 100 ms — met |"), "{met}");
        assert!(met.contains("| 1.20 s | ≤ 1.5 s — met |"), "{met}");
        assert!(met.contains("| 0 | none — met |"), "{met}");
        assert!(
            met.contains("| ring/grow 3 (2 by the service worker) |"),
            "{met}"
        );
        assert!(met.contains("| 12.0 kB | each ≤ 30 kB — met |"), "{met}");
        assert!(!met.contains("**Live frames over"), "{met}");

        let missed = section(&run(140.0, 0, 5200.0, 2, 31_000));
        assert!(
            missed.contains("| 140 ms (140–150) | ≤ 100 ms — **missed** |"),
            "{missed}"
        );
        assert!(
            missed.contains("| 5.20 s | ≤ 1.5 s — **missed** |"),
            "{missed}"
        );
        // Four requests × 562.5 ms, and 270 kB of wasm at 180,000 bytes/s.
        assert!(missed.contains("(4 × 562.5 ms = 2.25 s)"), "{missed}");
        assert!(missed.contains("`embed-example.html`: 1.50 s)"), "{missed}");
        assert!(missed.contains("under 3.75 s"), "{missed}");
        assert!(
            missed.contains(
                "in ms from the host page's: `/embed-example.html` 0–590, `/embed.js` 780–1400, "
            ),
            "{missed}"
        );
        assert!(
            missed.contains("(`/ring.html`) had arrived at 2040 ms and its wasm was asked for at 3440 ms: 1.40 s went"),
            "{missed}"
        );
        assert!(missed.contains("carries 180.0 kB/s"), "{missed}");
        assert!(
            missed.contains("2 `.wasm` requests by the service worker"),
            "{missed}"
        );
        assert!(missed.contains("| 2 | none — **missed** |"), "{missed}");
        assert!(missed.contains("ring/grow 31.0 kB"), "{missed}");
        assert!(
            missed.contains("(`embed-example.html` 140 ms, its first paint 120 ms)"),
            "{missed}"
        );
        assert!(missed.contains("20 to 20 ms after it"), "{missed}");
        assert!(missed.contains("spread over up to 10 ms"), "{missed}");
        assert!(!met.contains("Pictures painted later"), "{met}");
    }

    #[test]
    fn a_picture_hidden_before_it_painted_is_missed() {
        let out = section(&run(40.0, 2, 1200.0, 0, 12_000));
        assert!(
            out.contains("not painted in 2 of 5 loads | ≤ 100 ms — **missed** |"),
            "{out}"
        );
        assert!(out.contains("**A picture never painted**"), "{out}");
    }

    #[test]
    fn the_section_replaces_its_old_self_or_goes_before_the_notes() {
        let doc = "# B\n\n## The page\n\n### Interactions\n\nx\n\n### Missed goals in the browser: why, and what would fix them\n\ny\n\n## Page weight\n\nz\n";
        let once = splice(doc, "### Embeds\n\nfirst\n");
        assert_eq!(
            once,
            "# B\n\n## The page\n\n### Interactions\n\nx\n\n### Embeds\n\nfirst\n\n### Missed goals in the browser: why, and what would fix them\n\ny\n\n## Page weight\n\nz\n"
        );
        let twice = splice(&once, "### Embeds\n\nsecond\n");
        assert_eq!(twice, once.replace("first", "second"));
        assert_eq!(
            splice("# B\n", "### Embeds\n\nfirst\n"),
            "# B\n\n### Embeds\n\nfirst\n"
        );
    }
}
