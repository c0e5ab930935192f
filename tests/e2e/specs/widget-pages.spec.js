// Issue 37 §2–3: a page per widget at a path (`w/ring-grow/`), for pasting a URL. It is read here
// the way the hosts read it:
// - a WordPress-style oEmbed consumer fetches the page, follows its discovery link, keeps only the
//   iframe of `html`, sandboxes it with `allow-scripts` and gives it `#?secret=…`, then sizes it
//   from the frame's `{message: "height", value, secret}`;
// - a Ghost-style card consumer reads the Open Graph and Twitter tags and fetches their image;
// - a reader opens a state by its query, or reads the page with JavaScript off.
// The site's `dist` here has no `--site-url`, so its addresses are paths from the root; the
// consumers resolve them against the page's address, as a browser would.
//
// The host is localhost where the suite serves 127.0.0.1 (another site, as in widgets.spec.js).
// A frame sandboxed without `allow-same-origin` has an opaque origin, so the site's scripts and
// wasm reach it as cross-origin requests: the suite's server sends `Access-Control-Allow-Origin`,
// as GitHub Pages does (README, "Paste a URL").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as plain, expect } from '@playwright/test';
import { test, openRoute } from './fixtures.js';
import { fit } from './frames.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = process.env.SHARDLAB_DIST || join(here, '../../../dist');
const pictures = JSON.parse(readFileSync(join(dist, 'pictures.json'), 'utf8'));

const unescape = (text) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The `content` of the `<meta>` whose `attr` is `name`, or null. */
function meta(html, attr, name) {
  const tag = new RegExp(`<meta ${attr}="${name.replace(/[+]/g, '\\+')}" content="([^"]*)"`).exec(html);
  return tag ? unescape(tag[1]) : null;
}

plain('every widget and view has a page, an oEmbed file and its pictures, as pictures.json lists', async ({ request, baseURL }) => {
  expect(pictures.length).toBe(32);
  for (const entry of pictures) {
    expect(entry.path).toBe(`w/${entry.name.replace('/', '-')}/`);
    for (const file of ['', 'oembed.json', 'picture.svg', 'picture.png']) {
      const res = await request.get(`${baseURL}${entry.path}${file}`);
      expect(res.status(), `${entry.path}${file}`).toBe(200);
    }
  }
});

// The Board's simulator needs a worker, which an opaque origin may not start: its frame shows
// the estimate and says why, and does not crash.
for (const [name, folder, title] of [['ring/grow', 'ring-grow', 'Grow the ring'], ['board/solve', 'board-solve', 'Solve a design']]) {
  plain(`a WordPress-style consumer gets a sandboxed frame of ${name} that renders and sizes itself by its secret`, async ({ page, request, baseURL }) => {
    const pageUrl = `${baseURL}w/${folder}/`;
    const html = await (await request.get(pageUrl)).text();
    const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html);
    expect(link, 'the oEmbed discovery link').not.toBeNull();
    const oembed = await (await request.get(new URL(unescape(link[1]), pageUrl).href)).json();
    expect(oembed).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'shardlab', title, width: 680 });
    expect(oembed.height).toBeGreaterThan(100);
    expect(oembed.thumbnail_url).toMatch(new RegExp(`w/${folder}/picture\\.png$`));
    // WordPress keeps only the iframe, adds its sandbox and a secret in the fragment.
    const iframe = /^<iframe [^>]*src="([^"]+)"[^>]*><\/iframe>$/.exec(oembed.html);
    expect(iframe, oembed.html).not.toBeNull();
    const src = new URL(unescape(iframe[1]), pageUrl);
    expect(src.pathname).toMatch(new RegExp(`/w/${folder}/$`));
    expect(src.search).toBe('?embed');
    src.hash = '?secret=abc';

    const site = new URL(baseURL);
    const host = `http://localhost:${site.port}`;
    const problems = [];
    await page.goto(`${host}/a-wordpress-post`);
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push(`console error: ${msg.text()}`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400 && res.url().startsWith(site.origin)) problems.push(`HTTP ${res.status()} for ${res.url()}`);
    });
    // wp-embed's receiver: a height from the frame whose data-secret matches, clamped to 200 … 1000.
    await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title>
      <style>body { margin: 0; padding: 8px; } iframe { border: 0; display: block; width: 680px; }</style></head><body>
      <script>window.__wp = []; window.addEventListener('message', function (e) {
        var d = e.data; if (!d || d.message !== 'height' || d.secret !== 'abc') return;
        var f = document.querySelector('iframe[data-secret="abc"]'); if (!f || f.contentWindow !== e.source) return;
        window.__wp.push(d.value); f.height = Math.max(200, Math.min(1000, d.value));
      });</script>
      <iframe sandbox="allow-scripts" security="restricted" data-secret="abc" src="${src.href}"
        width="${oembed.width}" height="${oembed.height}" title="${oembed.title}"></iframe></body></html>`);
    const frameElement = page.locator('iframe[data-secret="abc"]');
    const frame = await (await frameElement.elementHandle()).contentFrame();
    await expect(frame.locator('body[data-app-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
    await expect(frame.locator(`[data-widget="${name}"]`)).toHaveCount(1);
    await expect(frame.locator('header.site-header')).toHaveCount(0);
    await expect(frame.locator('#crash-banner')).toBeHidden();
    expect(frame.url()).toMatch(new RegExp(`#/embed/${name}(\\?|$)`));
    if (name === 'board/solve') {
      await expect(frame.getByText('does not let it start the simulator')).toBeVisible({ timeout: 15_000 });
    }
    // Heights arrive with the secret, and the frame ends as tall as its content.
    await expect.poll(() => page.evaluate(() => window.__wp.length)).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const f = await fit(frameElement);
        return Math.abs(f.outer - Math.min(1000, Math.max(200, f.content))) <= 1;
      }, { timeout: 15_000 })
      .toBe(true);
    expect(problems).toEqual([]);
  });
}

plain('a Ghost-style consumer finds the card tags, and their image exists', async ({ request, baseURL }) => {
  for (const entry of pictures.filter((p) => ['ring/grow', 'decoder/paste', 'board'].includes(p.name))) {
    const pageUrl = `${baseURL}${entry.path}`;
    const html = await (await request.get(pageUrl)).text();
    expect(meta(html, 'property', 'og:title')).toBe(entry.title);
    expect(meta(html, 'property', 'og:description')).toBe(entry.alt);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    for (const [attr, name] of [['property', 'og:image'], ['name', 'twitter:image']]) {
      const image = meta(html, attr, name);
      expect(image, name).toMatch(new RegExp(`${entry.path}picture\\.png$`));
      const res = await request.get(new URL(image, pageUrl).href);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      expect((await res.body()).length).toBeGreaterThan(5_000);
    }
  }
});

test('the page opens the state its query names, and the picture\'s numbers are the widget\'s', async ({ page }) => {
  const snapshot = async () => JSON.parse(await page.locator('[data-widget]').getAttribute('data-shardlab-snapshot'));
  await page.goto('w/ring-grow/?vnodes=3');
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  // The app then writes the whole state into its route, as it does for any address.
  await expect(page).toHaveURL(/\/w\/ring-grow\/\?vnodes=3#\/w\/ring\/grow\?(.+&)?vnodes=3(&|$)/);
  await expect(page.locator('header.site-header')).toHaveCount(1);
  expect((await snapshot()).vnodes).toBe(3);

  // The default state, grown by one server, moves what the picture's alt text says.
  await page.goto('about:blank');
  await page.goto('w/ring-grow/');
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  expect((await snapshot()).vnodes).toBe(4);
  await page.getByRole('button', { name: 'Add a server' }).click();
  await expect.poll(async () => (await snapshot()).moved_fraction ?? null, { timeout: 20_000 }).not.toBeNull();
  const moved = (await snapshot()).moved_fraction;
  const alt = pictures.find((p) => p.name === 'ring/grow').alt;
  expect(alt).toContain(`adding a fifth moves ${(moved * 100).toFixed(1)} % of`);
});

test('a whole view\'s page boots the view', async ({ page }) => {
  await page.goto('w/decoder/');
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(page).toHaveURL(/\/w\/decoder\/#\/decoder(\?|$)/);
});

test('a page of the sub-path build boots its widget from the plots\' page', async ({ page }) => {
  await page.goto('/shardlab/w/ring-compare/?embed');
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(page).toHaveURL(/\/shardlab\/w\/ring-compare\/\?embed#\/embed\/ring\/compare(\?|$)/);
  await expect(page.locator('[data-widget="ring/compare"]')).toHaveCount(1);
});

plain('with JavaScript off the page shows the picture and a link to the widget', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const entry = pictures.find((p) => p.name === 'board/solve');
  await page.goto(`${baseURL}${entry.path}`);
  const img = page.locator(`img[alt="${entry.alt.replace(/"/g, '\\"')}"]`);
  await expect(img).toBeVisible();
  expect(await img.evaluate((el) => el.complete && el.naturalWidth)).toBe(entry.width);
  const link = page.getByRole('link', { name: `Open “${entry.title}” in shardlab` });
  await expect(link).toBeVisible();
  expect(await link.getAttribute('href')).toMatch(/board\.html#\/w\/board\/solve$/);
  await context.close();
});

// The page when scripts run: the boot skeleton shows the picture until the app mounts, and then
// the app alone is left (its CSP lets the boot script run).
test('the live page replaces its picture with the widget', async ({ page }) => {
  await openRoute(page, '', 'w/decoder-paste/');
  await expect(page.locator('.widget-picture')).toHaveCount(0);
  await expect(page.locator('[data-widget="decoder/paste"]')).toHaveCount(1);
});
