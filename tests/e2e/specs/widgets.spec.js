// Issue 18's acceptance for the widget catalogue, against the release build. Every entry of the
// site's widgets.json is embedded from a page of another site: no console error, no request to a
// third origin, a frame as tall as its content (embed.js sizes it) and at most 700 px tall in a
// 680 px column, and no horizontal scroll in a 390 px one. Then the embed builder's snippet,
// pasted into such a page, mounts one frame of its content's height, and an unknown
// `data-shardlab` value gets a note in the host page instead of a frame.
//
// The host is a real address of localhost, where the suite serves 127.0.0.1: another site, with
// no page there (a routed page would count as public, and Chromium's private-network rules would
// refuse its loopback frames), so no shardlab CSP; its content is written by each test. The
// shared fixture refuses every origin but shardlab's, so this spec keeps its own list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { expectFitted, fit, openedFrame } from './frames.js';

// The catalogue the tests are declared from: the built site's widgets.json, read from the folder
// the suite serves (one test checks that the site serves the same file).
const here = fileURLToPath(new URL('.', import.meta.url));
const dist = process.env.SHARDLAB_DIST || join(here, '../../../dist');
const catalogueText = readFileSync(join(dist, 'widgets.json'), 'utf8');
const catalogue = JSON.parse(catalogueText);

const COLUMN = 680;
const PHONE = 390;
const TALLEST = 700;

// Opens the host page on the other site with `body`, and returns the list of problems seen from
// then on: console errors and page errors in any frame, shardlab responses that failed, and
// requests to any origin but the host's and shardlab's.
async function hostPage(page, baseURL, body) {
  const site = new URL(baseURL);
  const host = `http://localhost:${site.port}`;
  const problems = [];
  // The host's own 404 (there is no such page) comes before the listeners.
  await page.goto(`${host}/a-blog-post`);
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    // The host's own missing files (its favicon) say "Failed to load resource"; shardlab's are
    // caught as responses below.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
      problems.push(`console error: ${msg.text()}`);
    }
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && res.url().startsWith(site.origin)) problems.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  page.on('request', (req) => {
    const url = new URL(req.url());
    const known = [site.origin, host].includes(url.origin) || ['data:', 'blob:', 'about:'].includes(url.protocol);
    if (!known) problems.push(`request to another origin: ${req.url()}`);
  });
  await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1"><title>A blog post</title>
    <style>body { margin: 0; padding: 8px; } .column { margin: 0 0 24px; }</style></head>
    <body>${body}</body></html>`);
  return { problems, site: site.origin };
}

test('the site serves the catalogue the tests are declared from', async ({ request, baseURL }) => {
  const res = await request.get(`${baseURL}widgets.json`);
  expect(res.ok()).toBe(true);
  expect(await res.text()).toBe(catalogueText);
  expect(catalogue.length).toBeGreaterThanOrEqual(17);
});

for (const entry of catalogue) {
  const name = `${entry.view}/${entry.widget}`;
  test(`${name} embeds in a ${COLUMN} px column at most ${TALLEST} px tall, and fits a ${PHONE} px phone`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL).origin;
    const src = `${origin}/${entry.embed_route}`;
    // Side by side, so both start on screen (see `expectFitted`).
    const { problems } = await hostPage(page, baseURL, `<div style="display: flex; gap: 16px; align-items: flex-start">
      <div class="column" style="width: ${COLUMN}px"><iframe id="column" src="${src}" title="${entry.title}"></iframe></div>
      <div class="column" style="width: ${PHONE}px"><iframe id="phone" src="${src}" title="${entry.title}"></iframe></div></div>
      <script src="${origin}/embed.js" async data-shardlab-embed></script>`);
    const column = page.locator('#column');
    const phone = page.locator('#phone');
    for (const iframe of [column, phone]) {
      const frame = await openedFrame(iframe);
      await expect.soft(frame.locator(`[data-widget="${name}"]`), 'the frame shows the widget').toHaveCount(1);
    }
    const wide = await expectFitted(column, { sideways: false });
    expect.soft(wide.outer, `${name} at ${COLUMN} px is ${wide.outer} px tall`).toBeLessThanOrEqual(TALLEST);
    await expectFitted(phone, { sideways: false });
    await expect
      .soft
      .poll(async () => {
        await phone.scrollIntoViewIfNeeded();
        const f = await fit(phone);
        return f.scrollWidth - f.clientWidth;
      }, { message: `${name} at ${PHONE} px scrolls sideways by this many px` })
      .toBeLessThanOrEqual(1);
    expect(problems).toEqual([]);
  });
}

// The builder on a view's page, opened from the keyboard, with `widget` chosen; returns the
// snippet once the preview has reported its height.
async function buildSnippet(page, route, widgetTitle, form) {
  await page.goto(route);
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  const embed = page.getByRole('button', { name: 'Embed' });
  await embed.focus();
  await page.keyboard.press('Enter');
  await expect(embed).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  const what = page.getByLabel('What to embed');
  await expect(what).toBeFocused();
  await what.selectOption({ label: widgetTitle });
  await expect(page.getByLabel('Column width')).toHaveValue(String(COLUMN));
  if (form) await page.getByLabel('Snippet form').selectOption({ label: form });
  const snippet = page.getByTestId('embed-snippet');
  // Measured, and settled: a view's height changes as its statistics arrive.
  let last = '';
  await expect
    .poll(async () => {
      const now = await snippet.inputValue();
      const settled = now === last && /height="\d+"/.test(now);
      last = now;
      return settled;
    }, { message: 'the snippet carries the preview\'s settled height', intervals: [1500], timeout: 30_000 })
    .toBe(true);
  return snippet;
}

test('the builder\'s embed.js snippet, pasted into another site, mounts one frame of its content\'s height', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL).origin });
  const snippet = await buildSnippet(page, `${baseURL}ring.html#/ring`, 'Grow the ring');
  const text = await snippet.inputValue();
  expect(text).toMatch(/^<div data-shardlab="ring\/grow"( data-state="v=1&amp;[^"]*")? data-height="(\d+)"><a href="[^"]+\/ring\.html#\/w\/ring\/grow[^"]*"><img src="[^"]+\/w\/ring-grow\/picture\.svg" alt="[^"]+" width="\d+" height="\d+" style="[^"]+"><br>Grow the ring: open it in shardlab<\/a><\/div>\n<script src="[^"]+\/embed\.js" async data-shardlab-embed><\/script>$/);
  await page.getByRole('button', { name: 'Copy snippet' }).click();
  await expect(page.locator('.share-status')).toHaveText('Copied the embed.js snippet to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

  // The frame is mounted at the measured height (no jump when it reports), then fits its content.
  const { problems } = await hostPage(page, baseURL, `<div class="column" style="width: ${COLUMN}px">${text}</div>
    <script>new MutationObserver(() => {
      const frame = document.querySelector('iframe');
      if (frame && !window.__openedAt) window.__openedAt = frame.getAttribute('height');
    }).observe(document.body, { childList: true, subtree: true });</script>`);
  const frames = page.locator('iframe');
  await expect(frames).toHaveCount(1);
  expect(await page.evaluate(() => window.__openedAt)).toBe(text.match(/data-height="(\d+)"/)[1]);
  // The frame goes inside the div, whose picture steps aside while it is live.
  await expect(page.locator('div[data-shardlab] > iframe')).toHaveCount(1);
  await expect(page.locator('div[data-shardlab] img')).toBeHidden();
  await expect(frames).toHaveAttribute('src', /\/ring\.html#\/embed\/ring\/grow\?(v=1&.*&)?theme=light$/);
  await expect(frames).toHaveAttribute('title', 'shardlab: Grow the ring (interactive)');
  await openedFrame(frames);
  await expectFitted(frames);
  expect(problems).toEqual([]);
});

test('the builder\'s iframe snippet needs no script: it fits a phone\'s column as well as the one it was built in', async ({ page, baseURL }) => {
  const snippet = await buildSnippet(page, `${baseURL}decoder.html#/decoder`, 'Paste an ID', 'A plain iframe');
  // Issue 38 item 4: built at 680 px, a plain iframe got an inner scrollbar at 390 px. The builder
  // measures every column width and the frame takes the tallest, listing each for embed.js.
  await expect(snippet).toHaveValue(/ data-heights="390:\d+,680:\d+,800:\d+"/, { timeout: 30_000 });
  const text = await snippet.inputValue();
  expect(text).toMatch(/^<iframe src="[^"]+\/decoder\.html#\/embed\/decoder\/paste(\?v=1&amp;[^"]*)?" title="shardlab: Paste an ID \(interactive\)" width="100%" height="\d+" data-heights="[\d:,]+" style="border:0" loading="lazy"><a href="[^"]+"><img [^>]+><br>Paste an ID: open it in shardlab<\/a><\/iframe>$/);
  const tallest = Number(text.match(/ height="(\d+)" data-heights/)[1]);
  const heights = text.match(/data-heights="([^"]+)"/)[1].split(',').map((pair) => Number(pair.split(':')[1]));
  expect(tallest).toBe(Math.max(...heights));
  const { problems } = await hostPage(page, baseURL, `<div style="display: flex; gap: 16px; align-items: flex-start">
    <div class="column" style="width: ${COLUMN}px">${text}</div>
    <div class="column" style="width: ${PHONE}px">${text}</div></div>`);
  const frames = page.locator('iframe');
  await expect(frames).toHaveCount(2);
  for (const i of [0, 1]) {
    const frame = await openedFrame(frames.nth(i));
    await expect
      .poll(() => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)))
      .toBeGreaterThan(100);
    const f = await fit(frames.nth(i));
    expect(f.outer).toBe(tallest);
    expect(f.content, `the embed at ${i ? PHONE : COLUMN} px is ${f.content} px in a ${tallest} px frame`).toBeLessThanOrEqual(tallest + 1);
    expect(f.scrollHeight).toBeLessThanOrEqual(f.clientHeight + 1);
  }
  expect(problems).toEqual([]);
});

test('the builder opens on the widget on screen', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}board.html#/w/board/capacity`);
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Embed' }).click();
  await expect(page.getByLabel('What to embed')).toHaveValue('capacity');
  await expect(page.getByTestId('embed-preview')).toHaveAttribute('src', /^board\.html#\/embed\/board\/capacity/);
});

// Issue 38 item 9: on a widget's page the share buttons sat beside the title and jumped to a line
// of their own when Embed opened the builder.
test('pressing Embed leaves the share buttons where they are', async ({ page, baseURL }) => {
  for (const width of [1280, PHONE]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${baseURL}board.html#/w/board/solve`);
    await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
    const buttons = [page.getByRole('button', { name: 'Copy link' }), page.getByRole('button', { name: 'Embed' })];
    const places = () => Promise.all(buttons.map(async (b) => {
      const box = await b.boundingBox();
      return [Math.round(box.x), Math.round(box.y)];
    }));
    const before = await places();
    await buttons[1].click();
    await expect(page.getByLabel('What to embed')).toBeVisible();
    expect(await places(), `at ${width} px`).toEqual(before);
    await buttons[1].click();
    await expect(page.getByLabel('What to embed')).toHaveCount(0);
    expect(await places(), `at ${width} px, closed again`).toEqual(before);
  }
});

test('an unknown data-shardlab value gets a note in the host page, and no frame', async ({ page, baseURL }) => {
  const origin = new URL(baseURL).origin;
  const { problems } = await hostPage(page, baseURL, `
    <div data-shardlab="ring/grwo"></div>
    <script src="${origin}/embed.js" async data-shardlab-embed></script>`);
  const note = page.locator('div[data-shardlab="ring/grwo"]');
  await expect(note).toContainText('no view or widget is named "ring/grwo"');
  await expect(note).toBeVisible();
  await expect(note.getByRole('link', { name: `${origin}/widgets.json` })).toHaveAttribute('href', `${origin}/widgets.json`);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(problems).toEqual([]);
});
