// The embed rows of issue 37's "Speed and size", measured in Debian's Chromium against the release
// site (`cargo xtask dist`):
// - picture: how soon after the host page's HTML has arrived an embed's build-time picture paints,
//   on loopback with nothing throttled;
// - live: how soon after the host page's navigation starts an embed's live frame is interactive
//   (its `shardlab-ready` event, which embed.js fires when the frame posts `shardlab:ready`), at 4×
//   CPU slow-down over DevTools' "Fast 3G" network;
// - lazy: the `.wasm` requests of a post with five embeds of three views, before the reader
//   scrolls and after they scroll to each embed in turn;
// - sizes: each build-time picture's SVG, gzipped, from `pictures.json`.
// Usage: node embed-metrics.mjs DIST_DIR OUT_JSON [--quick] [--only=picture,live,lazy]
// Port: SHARDLAB_BENCH_PORT (4185).
//
// Besides the site's own example posts, the script writes small host pages of its own (one embed
// at the top of a page per view, and the five-embed post) into a temporary folder, served by the
// same server under /bench-embeds/, so that every view is measured and the lazy check has embeds
// far apart whatever the example posts hold. Nothing is added to the site: an init script (run
// before the page's own scripts) marks each embed's picture for the Element Timing API, notes when
// a live frame is put in, and listens for `shardlab-ready`.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './chromium.mjs';
import { serve } from '../tests/e2e/serve.mjs';

const [dist, outPath, ...flags] = process.argv.slice(2);
if (!dist || !outPath) {
  console.error('usage: node embed-metrics.mjs DIST_DIR OUT_JSON [--quick]');
  process.exit(2);
}
const quick = flags.includes('--quick');
/** `--only=picture,live,lazy` runs just those parts (the sizes are always read). */
const only = flags.find((f) => f.startsWith('--only='))?.slice('--only='.length).split(',');
const runs = (part) => !only || only.includes(part);
/** Loads per page and figure; the median is reported. Quick mode loads each once. */
const LOADS = quick ? 1 : 5;
/** Loads per page over the throttled network, which take seconds each. */
const SLOW_LOADS = quick ? 1 : 3;
const port = Number(process.env.SHARDLAB_BENCH_PORT || 4185);
const origin = `http://127.0.0.1:${port}`;

/**
 * DevTools' "Fast 3G" preset (Chromium's front end, `NetworkManager.ts`, renamed "Slow 4G" in
 * 2024 with the same numbers; Puppeteer's `PredefinedNetworkConditions['Fast 3G']` copies it):
 * 1.6 Mbit/s down and 750 kbit/s up, each times 0.9, and 150 ms of round trip times 3.75, the
 * factors DevTools applies so that its per-request throttling approximates a real link's. The
 * protocol takes bytes per second and milliseconds.
 */
const FAST_3G = {
  offline: false,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, // 180,000 bytes/s
  uploadThroughput: ((750 * 1000) / 8) * 0.9, // 84,375 bytes/s
  latency: 150 * 3.75, // 562.5 ms
};
/** The CPU slow-down of the live figure, about a mid-range phone's. */
const CPU_RATE = 4;

/** One embed at the top of a page, per view: the picture in view at once, the frame live at once. */
const SINGLES = [
  { file: 'ring.html', name: 'ring/grow' },
  { file: 'decoder.html', name: 'decoder/paste' },
  { file: 'board.html', name: 'board/solve' },
];
/** The five-embed post: three views, the Ring's and the Decoder's twice. */
const FIVE = ['ring/grow', 'decoder/paste', 'board/solve', 'ring/replicas', 'decoder/detect'];
/** Space before the first embed and between two: well past embed.js's 600 px look-ahead. */
const GAP_PX = 3000;

const pictures = JSON.parse(readFileSync(join(dist, 'pictures.json'), 'utf8'));
const pictureOf = (name) => pictures.find((p) => p.name === name);

/** An embed as the builder's snippet writes it: the element, its picture and its link inside. */
function embedHtml(name) {
  const picture = pictureOf(name);
  if (!picture) throw new Error(`pictures.json has no picture of ${name}`);
  const title = picture.title;
  return `<shardlab-widget name="${name}">
  <a href="../${picture.path}"><img src="../${picture.path}picture.svg" width="${picture.width}" height="${picture.height}"
    alt="${picture.alt.replace(/"/g, '&quot;')}" style="max-width:100%;height:auto"><br>${title}: open it in shardlab</a>
</shardlab-widget>`;
}

function hostPage(title, body) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${title}</title>
<style>body{margin:0 auto;padding:16px;max-width:46rem;font:18px/1.6 Georgia,serif}.gap{height:${GAP_PX}px}</style>
</head>
<body>
${body}
<script src="../embed.js" async data-shardlab-embed></script>
</body>
</html>
`;
}

/** The bench's own host pages, in a temporary folder: `one-<view>.html` and `five.html`. */
function writeHostPages(dir) {
  for (const { name } of SINGLES) {
    const view = name.split('/')[0];
    writeFileSync(join(dir, `one-${view}.html`), hostPage(`One ${name} embed`, `<h1>One embed</h1>\n${embedHtml(name)}`));
  }
  const five = FIVE.map((name, i) => `<div class="gap"><p>Text before embed ${i + 1}.</p></div>\n${embedHtml(name)}`).join('\n');
  writeFileSync(join(dir, 'five.html'), hostPage('Five embeds of three views', `<h1>Five embeds</h1>\n${five}\n<div class="gap"></div>`));
}

function instrument() {
  const embeds = { pictures: [], frames: {}, ready: {} };
  window.__embeds = embeds;
  const nameOf = (el) => el.getAttribute('name') || el.getAttribute('data-shardlab') || '';
  // Element Timing reports an image painted only when it carries `elementtiming` by then; the
  // observer marks each embed's picture as the parser adds it, before the first paint.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        const images = node.localName === 'img' ? [node] : [...node.querySelectorAll('img')];
        for (const img of images) {
          const host = img.closest('shardlab-widget, [data-shardlab]');
          if (host && !img.hasAttribute('elementtiming')) img.setAttribute('elementtiming', `embed:${nameOf(host)}`);
        }
        const frames = node.localName === 'iframe' ? [node] : [...node.querySelectorAll('iframe')];
        for (const frame of frames) {
          const host = frame.closest('shardlab-widget, [data-shardlab]');
          if (host && !(nameOf(host) in embeds.frames)) embeds.frames[nameOf(host)] = performance.now();
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier.startsWith('embed:')) {
        embeds.pictures.push({ name: entry.identifier.slice(6), render: entry.renderTime || entry.loadTime });
      }
    }
  }).observe({ type: 'element', buffered: true });
  addEventListener('shardlab-ready', (event) => {
    const name = nameOf(event.target);
    if (!(name in embeds.ready)) embeds.ready[name] = performance.now();
  }, true);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const summary = (values) => (values.length
  ? { median: median(values), min: Math.min(...values), max: Math.max(...values), all: values }
  : null);

/** A fresh context and page (nothing cached, as for a first visit), instrumented. */
async function fresh(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  await page.addInitScript(instrument);
  return { context, page, problems };
}

/** When the host page's HTML had arrived (`responseEnd`), from its navigation start. */
const htmlArrived = (page) => page.evaluate(() => performance.getEntriesByType('navigation')[0].responseEnd);

/**
 * The first embed's picture on `url`: ms from the HTML's arrival to the picture's paint, and from
 * the HTML to the live frame put in its place (a frame put in before the picture painted hides it).
 */
async function picturePaint(browser, url, results, label) {
  const paint = [];
  const frameIn = [];
  const fcp = [];
  let unpainted = 0;
  let first = null;
  for (let i = 0; i < LOADS; i += 1) {
    const { context, page, problems } = await fresh(browser);
    await page.goto(url, { waitUntil: 'load' });
    // Element entries are queued after the paint's presentation: give them two frames and a bit.
    await page.waitForFunction(() => window.__embeds.pictures.length > 0, null, { timeout: 3000 }).catch(() => {});
    await page.waitForTimeout(300);
    const html = await htmlArrived(page);
    const seen = await page.evaluate(() => {
      const el = document.querySelector('shardlab-widget, [data-shardlab]');
      return {
        first: el && (el.getAttribute('name') || el.getAttribute('data-shardlab')),
        pictures: window.__embeds.pictures,
        frames: window.__embeds.frames,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      };
    });
    first = seen.first;
    if (seen.fcp !== null) fcp.push(seen.fcp - html);
    const painted = seen.pictures.find((p) => p.name === seen.first);
    if (painted) paint.push(painted.render - html);
    else unpainted += 1;
    if (seen.first in seen.frames) frameIn.push(seen.frames[seen.first] - html);
    results.problems.push(...problems.map((p) => `${label}: ${p}`));
    await context.close();
  }
  const out = { embed: first, loads: LOADS, unpainted, paint_ms: summary(paint), fcp_ms: summary(fcp), frame_in_ms: summary(frameIn) };
  console.log(`picture, ${label}: paints ${out.paint_ms ? out.paint_ms.median.toFixed(0) : '—'} ms after the HTML (${unpainted} of ${LOADS} loads never painted it; the page's first paint ${out.fcp_ms ? out.fcp_ms.median.toFixed(0) : '—'} ms); live frame put in ${out.frame_in_ms ? out.frame_in_ms.median.toFixed(0) : '—'} ms after the HTML`);
  return out;
}

/**
 * The first embed on `url` at 4× CPU over Fast 3G: ms from navigation start to its frame put in
 * and to its `shardlab-ready`, the bytes that crossed the network before it was ready, and the
 * requests in the chain (their count, since each waits the preset's latency).
 */
async function liveFrame(browser, url, name, results, label) {
  const ready = [];
  const frameIn = [];
  const bytes = [];
  const wasmBytes = [];
  let requests = null;
  let neverReady = 0;
  for (let i = 0; i < SLOW_LOADS; i += 1) {
    const { context, page, problems } = await fresh(browser);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    let transferred = 0;
    let readyBytes = null;
    const urls = [];
    // Each request's start and end (s, the protocol's monotonic clock), for the waterfall.
    const timing = new Map();
    cdp.on('Network.requestWillBeSent', (event) => {
      urls.push(event.request.url);
      timing.set(event.requestId, { path: new URL(event.request.url).pathname, start: event.timestamp });
    });
    cdp.on('Network.loadingFinished', (event) => {
      transferred += event.encodedDataLength;
      const t = timing.get(event.requestId);
      if (t) Object.assign(t, { end: event.timestamp, bytes: event.encodedDataLength });
    });
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const at = await page.waitForFunction((n) => window.__embeds.ready[n] ?? null, name, { timeout: 120_000, polling: 50 })
      .then((handle) => handle.jsonValue())
      .catch(() => null);
    if (at === null) {
      neverReady += 1;
    } else {
      ready.push(at);
      readyBytes = transferred;
      bytes.push(readyBytes);
      wasmBytes.push([...timing.values()].filter((t) => t.path.endsWith('.wasm') && t.bytes).reduce((sum, t) => sum + t.bytes, 0));
      requests = urls.length;
      if (i === 0) {
        // The first load's requests, from the host page's own (ms), to read where the time went.
        const all = [...timing.values()];
        const zero = Math.min(...all.map((t) => t.start));
        const ms = (s) => (s === undefined ? null : Math.round((s - zero) * 1000));
        results.waterfall[label] = all.map((t) => ({ path: t.path, start_ms: ms(t.start), end_ms: ms(t.end), bytes: t.bytes ?? null }));
      }
      const put = await page.evaluate((n) => window.__embeds.frames[n] ?? null, name);
      if (put !== null) frameIn.push(put);
    }
    results.problems.push(...problems.map((p) => `${label} (Fast 3G): ${p}`));
    await context.close();
  }
  const out = {
    embed: name,
    loads: SLOW_LOADS,
    never_ready: neverReady,
    ready_ms: summary(ready),
    frame_in_ms: summary(frameIn),
    bytes: bytes.length ? median(bytes) : null,
    wasm_bytes: wasmBytes.length ? median(wasmBytes) : null,
    requests,
  };
  console.log(`live, ${label} (${name}): interactive ${out.ready_ms ? out.ready_ms.median.toFixed(0) : '—'} ms from navigation start at ${CPU_RATE}× CPU over Fast 3G; frame put in at ${out.frame_in_ms ? out.frame_in_ms.median.toFixed(0) : '—'} ms; ${out.bytes ?? '?'} bytes in ${requests ?? '?'} requests`);
  return out;
}

/**
 * The five-embed post: `.wasm` requests (from the page, its frames and their workers) after it
 * has loaded and sat still, then after scrolling to each embed in turn until it is interactive.
 */
async function lazyWasm(browser, results) {
  const { context, page, problems } = await fresh(browser);
  const wasm = [];
  let bytes = 0;
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // A service worker's own fetches (a precache) count too: they cross the reader's network.
    if (pathname.endsWith('.wasm')) wasm.push(`${pathname}${request.serviceWorker() ? ' (service worker)' : ''}`);
  });
  context.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => null);
    if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize;
  });
  await page.goto(`${origin}/bench-embeds/five.html`, { waitUntil: 'load' });
  // Still, at the top: long enough for anything eager (a frame, a prefetch) to have started.
  await page.waitForTimeout(2000);
  const before = wasm.length;
  const bytesBefore = bytes;
  const framesBefore = await page.locator('iframe').count();
  const steps = [];
  const embeds = page.locator('shardlab-widget');
  for (let i = 0; i < FIVE.length; i += 1) {
    await embeds.nth(i).scrollIntoViewIfNeeded();
    const ready = await page.waitForFunction((n) => window.__embeds.ready[n] ?? null, FIVE[i], { timeout: 60_000 })
      .then(() => true).catch(() => false);
    steps.push({ embed: FIVE[i], ready, wasm_requests: wasm.length, wasm: wasm.slice() });
  }
  results.problems.push(...problems.map((p) => `five embeds: ${p}`));
  await context.close();
  const out = {
    embeds: FIVE,
    views: [...new Set(FIVE.map((n) => n.split('/')[0]))],
    wasm_before: before,
    bytes_before: bytesBefore,
    frames_before: framesBefore,
    steps,
    wasm_after: steps.length ? steps[steps.length - 1].wasm_requests : before,
  };
  console.log(`lazy: ${before} .wasm requests before scrolling (${bytesBefore} bytes, ${framesBefore} frames); after each scroll: ${steps.map((s) => s.wasm_requests).join(', ')}`);
  return out;
}

/** Each build-time picture's SVG: raw and gzipped (level 9) bytes. */
function pictureSizes() {
  return pictures.map((p) => {
    const svg = readFileSync(join(dist, p.path, 'picture.svg'));
    return { name: p.name, raw_bytes: svg.length, gzip_bytes: gzipSync(svg, { level: 9 }).length };
  }).sort((a, b) => b.gzip_bytes - a.gzip_bytes);
}

const results = {
  quick,
  loads: LOADS,
  slow_loads: SLOW_LOADS,
  network: FAST_3G,
  cpu_rate: CPU_RATE,
  pictures: pictureSizes(),
  picture: {},
  live: {},
  waterfall: {},
  problems: [],
};
console.log(`pictures: ${results.pictures.length}, largest ${results.pictures[0]?.name} ${results.pictures[0]?.gzip_bytes} bytes gzipped`);
const hostDir = mkdtempSync(join(tmpdir(), 'shardlab-embed-bench-'));
writeHostPages(hostDir);
// Gzipped, as a static host sends them: over Fast 3G the bytes on the wire are the figure.
const server = await serve([['/bench-embeds/', hostDir], ['/', dist]], port, { gzip: true });
const browser = await chromium.launch(CHROMIUM);
try {
  results.chromium = browser.version();
  const posts = ['embed-example.html', 'embed-scrolly.html'].filter((file) => existsSync(join(dist, file)));
  const hosts = [
    ...posts.map((file) => ({ label: file, url: `${origin}/${file}` })),
    ...SINGLES.map(({ name }) => ({ label: `one ${name} embed`, url: `${origin}/bench-embeds/one-${name.split('/')[0]}.html`, name })),
  ];
  for (const host of hosts.filter(() => runs('picture'))) {
    results.picture[host.label] = await picturePaint(browser, host.url, results, host.label);
  }
  for (const host of hosts.filter(() => runs('live'))) {
    // The example posts' first embed, as the page lists them.
    const name = host.name ?? await firstEmbed(browser, host.url);
    if (name) results.live[host.label] = await liveFrame(browser, host.url, name, results, host.label);
  }
  if (runs('lazy')) results.lazy = await lazyWasm(browser, results);
} finally {
  await browser.close();
  server.close();
  rmSync(hostDir, { recursive: true, force: true });
}
// The machine is shared: the load says how far to trust one run's times.
results.load_average = loadavg()[0];
writeFileSync(outPath, JSON.stringify(results, null, 2));
if (results.problems.length > 0) console.log(`problems: ${results.problems.join('; ')}`);

/** The name of the first embed on a page. */
async function firstEmbed(browser, url) {
  const { context, page } = await fresh(browser);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const name = await page.evaluate(() => {
    const el = document.querySelector('shardlab-widget, [data-shardlab]');
    return el && (el.getAttribute('name') || el.getAttribute('data-shardlab'));
  });
  await context.close();
  return name;
}
