// Issue 37 item 4: shardlab embedded in real sites that Hugo, Docusaurus and MkDocs Material built
// from the shipped recipes (`cargo xtask hosts` builds them and writes the manifest read here).
// Each host's site and the shardlab site are served on loopback on ports of their own, so the
// embed comes from another origin, as it would for an author. For each host: the served page
// already holds the picture and its link (no script needed); a reader scrolling down sees the
// picture before any frame; the live frame replaces it near the viewport, in the state the
// recipe asked for, and fits its content with no inner scrollbar; a page opened at the embed,
// and (for a single-page host) a post reached by the host's own navigation, get one frame too.
// Any console error, failed request, or request to a third origin fails the test.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { expectFitted, openedFrame } from '../specs/frames.js';

const manifest = JSON.parse(readFileSync(process.env.SHARDLAB_HOSTS_MANIFEST, 'utf8'));
const shardlab = `http://127.0.0.1:${manifest.shardlab.port}`;
// What each recipe asks for: Grow the ring with three vnodes per server.
const NAME = 'ring/grow';
const STATE = 'v=1&vnodes=3';
// How near the viewport embed.js starts a frame (its NEAR), for the check that the post puts the
// embed further down than that.
const NEAR_PX = 600;

const test = base.extend({
  host: [null, { option: true }],
  page: async ({ page, host }, use) => {
    const origins = new Set([shardlab, `http://127.0.0.1:${host.port}`]);
    const problems = [];
    page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`); });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('response', (res) => { if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`); });
    page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`));
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!origins.has(url.origin) && url.protocol !== 'data:' && url.protocol !== 'blob:') {
        problems.push(`request to a third origin: ${req.url()}`);
      }
    });
    await page.setViewportSize({ width: 1280, height: 720 });
    await use(page);
    expect(problems, 'console errors, page errors, failed requests and third origins').toEqual([]);
  },
});

// Records, in the host page, the first frame put into the embed, and whether its picture had
// loaded by then.
const watchFrames = (page) => page.addInitScript(() => {
  if (window.top !== window) return;
  window.__embed = { frame: null, pictureAtFrame: null };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeName !== 'IFRAME' || !node.closest('shardlab-widget') || window.__embed.frame) continue;
        const img = node.closest('shardlab-widget').querySelector('img');
        window.__embed.frame = node;
        window.__embed.pictureAtFrame = Boolean(img && img.complete && img.naturalWidth > 0);
      }
    }
  }).observe(document, { childList: true, subtree: true });
});

const twoFrames = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

const frameSource = new RegExp(`^${shardlab}/ring\\.html#/embed/ring/grow\\?v=1&vnodes=3&theme=(light|dark)$`);

// The live frame is there, in the recipe's state, and fits its content; the picture stepped aside.
async function expectLive(widget) {
  const iframe = widget.locator('iframe');
  await expect(iframe).toHaveCount(1);
  await expect(iframe).toHaveAttribute('src', frameSource);
  await expect(widget.locator('img')).toBeHidden();
  const frame = await openedFrame(iframe);
  await expect(frame.locator(`[data-widget="${NAME}"]`)).toHaveCount(1);
  const snapshot = JSON.parse(await frame.locator('[data-shardlab-snapshot]').first().getAttribute('data-shardlab-snapshot'));
  expect(snapshot.vnodes, 'the frame opened in the state the recipe asked for').toBe(3);
  return expectFitted(iframe);
}

for (const host of manifest.hosts) {
  test.describe(host.label, () => {
    test.use({ host });
    const site = `http://127.0.0.1:${host.port}`;

    test('the built page holds the picture and its link, with no script run', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 720 } });
      try {
        const page = await context.newPage();
        await page.goto(`${site}${host.post}`);
        const widget = page.locator(`shardlab-widget[name="${NAME}"]`);
        await expect(widget).toHaveCount(1);
        await expect(widget).toHaveAttribute('state', STATE);
        await expect(widget.getByRole('link')).toHaveAttribute('href', `${shardlab}/w/ring-grow/?${STATE}`);
        const picture = widget.getByRole('img');
        await expect(picture).toHaveAttribute('src', `${shardlab}/w/ring-grow/picture.svg`);
        await expect(picture).toHaveAttribute('alt', /\S/);
        await picture.scrollIntoViewIfNeeded();
        await expect(picture).toBeVisible();
        await expect.poll(() => picture.evaluate((img) => img.complete && img.naturalWidth > 0)).toBe(true);
        await expect(page.locator(`script[src="${shardlab}/embed.js"]`)).toHaveCount(1);
        await expect(page.locator('iframe')).toHaveCount(0);
      } finally {
        await context.close();
      }
    });

    test('a reader scrolling down sees the picture first, then the live frame, which fits', async ({ page }) => {
      await watchFrames(page);
      const wasm = [];
      page.on('request', (req) => { if (req.url().endsWith('.wasm')) wasm.push(req.url()); });
      const pictures = [];
      page.on('request', (req) => { if (req.url().endsWith('/picture.svg')) pictures.push(req.url()); });
      await page.goto(`${site}${host.post}`);
      const widget = page.locator(`shardlab-widget[name="${NAME}"]`);
      await expect(widget).toHaveCount(1);
      await expect.poll(() => page.evaluate(() => customElements.get('shardlab-widget') !== undefined), { message: 'embed.js defined the element' }).toBe(true);
      await page.waitForLoadState('networkidle');
      const below = await widget.evaluate((el) => el.getBoundingClientRect().top - innerHeight);
      expect(below, 'the post puts the embed below the fold, further than embed.js looks ahead').toBeGreaterThan(NEAR_PX);
      await expect(widget.locator('iframe')).toHaveCount(0);
      expect(wasm, 'no wasm before the reader nears the embed').toEqual([]);

      // Scroll down like a reader, a little at a time; whenever the picture has been asked for,
      // let it arrive before reading on (the browser fetches a lazy picture from further away
      // than embed.js starts a frame, so a reader meets the picture first).
      const img = widget.locator('img');
      for (let step = 0; step < 100 && (await widget.locator('iframe').count()) === 0; step++) {
        await page.evaluate(() => window.scrollBy({ top: 150, behavior: 'instant' }));
        await twoFrames(page);
        if (pictures.length > 0) {
          await expect.poll(() => img.evaluate((el) => el.complete)).toBe(true);
        }
      }
      const seen = await page.evaluate(() => ({ framed: window.__embed.frame !== null, pictureAtFrame: window.__embed.pictureAtFrame }));
      expect(seen, 'the picture had loaded when the frame was put in').toEqual({ framed: true, pictureAtFrame: true });
      const fitted = await expectLive(widget);
      expect(fitted.scrollHeight, 'no scrollbar inside the frame').toBeLessThanOrEqual(fitted.clientHeight + 1);
      expect(wasm.length, 'the live frame loaded its wasm').toBeGreaterThan(0);

      mkdirSync(manifest.shots, { recursive: true });
      await widget.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.screenshot({ path: join(manifest.shots, `${host.name}.png`) });
    });

    test('a page opened at the embed starts its frame at once, and keeps that one frame', async ({ page }) => {
      await watchFrames(page);
      await page.goto(`${site}${host.post}#the-ring-live`);
      const widget = page.locator(`shardlab-widget[name="${NAME}"]`);
      await expectLive(widget);
      await page.waitForLoadState('networkidle');
      // A host that rebuilds its page after loading (a single-page app taking over the server's
      // HTML) must not throw the first frame away and load a second.
      expect(await page.evaluate(() => document.querySelector('shardlab-widget iframe') === window.__embed.frame)).toBe(true);
      await expectLive(widget);
    });

    if (host.clientSideFrom) {
      test('a post reached by the host\'s own navigation, with no full load, gets its frame', async ({ page }) => {
        await page.goto(`${site}${host.clientSideFrom}`);
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => { window.__samePage = true; });
        await page.locator('article').getByRole('link', { name: 'growing a hash ring', exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${host.post.replace(/\/$/, '')}/?$`));
        const widget = page.locator(`shardlab-widget[name="${NAME}"]`);
        await expect(widget).toHaveCount(1);
        expect(await page.evaluate(() => window.__samePage), 'the host navigated without a full load').toBe(true);
        await widget.scrollIntoViewIfNeeded();
        await expectLive(widget);
      });
    }
  });
}
