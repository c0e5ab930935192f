// Issue 20 §4: offline after one visit. The release's service worker (www/sw.js, its file list and
// version written by `cargo xtask dist`) caches every page and asset on the first visit; with the
// network off, a reload and any route of any page still work. The suite blocks service workers
// (playwright.config.js); this spec lets them run.
import { test, expect, openRoute } from './fixtures.js';
import { openedFrame } from './frames.js';

test.use({ serviceWorkers: 'allow' });

// Every page of the release, at a route that shows its own view, with what proves it rendered.
const routes = [
  ['index.html#/', (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
  ['index.html#/learn/shard-later', (page) => expect(page.locator('#chapter-title')).toHaveText('Shard later')],
  ['decoder.html#/decoder', (page) => expect(page.getByTestId('loc-master')).toHaveText('MySQL007A')],
  ['ring.html#/ring', (page) => expect(page.locator('.rv-server').first()).toBeAttached()],
  ['ring.html#/embed/ring/grow', (page) => expect(page.locator('[data-widget="ring/grow"]')).toHaveCount(1)],
  ['board.html#/board', (page) => expect(page.getByTestId('board-caption')).toBeVisible()],
  ['compare.html#/embed/ring/vnodes', (page) => expect(page.locator('[data-widget="ring/vnodes"]')).toHaveCount(1)],
];

async function controlled(page) {
  // `ready` resolves once the worker is active: its install cached every file of the release.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('after one visit, every page reloads and routes with the network off', async ({ page, context }) => {
  test.setTimeout(60_000);
  await openRoute(page, '#/', 'index.html');
  await controlled(page);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith('shardlab-')));
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  for (const file of ['/', '/index.html', '/decoder.html', '/ring.html', '/board.html', '/compare.html', '/embed.js', '/widgets.json']) {
    expect(cached, `the worker cached ${file}`).toContain(file);
  }
  // One wasm per page (five), and the Board's simulator worker with its loader.
  expect(cached.filter((p) => p.endsWith('.wasm')).length, 'one wasm per page and the worker\'s').toBe(6);
  for (const file of ['/shardlab-sim-worker_loader.js', '/shardlab-sim-worker.js', '/shardlab-sim-worker_bg.wasm']) {
    expect(cached, `the worker cached ${file}`).toContain(file);
  }

  await context.setOffline(true);
  // The same page again, then every other page, each as a fresh load.
  await page.reload();
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  for (const [route, rendered] of routes) {
    await page.goto('about:blank');
    await openRoute(page, route);
    await rendered(page);
  }
  // The Board's simulation runs offline: its worker comes from the cache too.
  await openRoute(page, '#/board?v=1&preset=one-big-box&users=500&seed=3', 'board.html');
  await expect(page.getByTestId('caption-source')).toHaveText('simulation', { timeout: 30_000 });
  // The state in the address comes back offline too.
  await openRoute(page, '#/ring?v=1&scheme=jump&servers=0.1.2&vnodes=100&r=1', 'ring.html');
  await expect(page.locator('.rv-server')).toHaveCount(3);
});

test('the worker keeps one cache, of the site\'s own files, without itself', async ({ page }) => {
  await openRoute(page, '#/', 'index.html');
  await controlled(page);
  const names = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((n) => n.startsWith('shardlab-')));
    return { caches: keys, urls: (await cache.keys()).map((r) => r.url) };
  });
  expect(names.caches.filter((n) => n.startsWith('shardlab-'))).toHaveLength(1);
  const origin = new URL(page.url()).origin;
  expect(names.urls.every((u) => u.startsWith(origin)), names.urls.join('\n')).toBe(true);
  expect(names.urls.some((u) => u.endsWith('/sw.js')), 'the worker does not cache itself').toBe(false);
});

// Issue 37: a reader who meets one embed in someone's post downloads that widget's page, not the
// whole release. Framed, or opened at an embed route, the page registers no service worker, so
// nothing is precached.
test('an embed registers no service worker, framed or opened at its route', async ({ page, context }) => {
  const byWorker = [];
  context.on('request', (request) => { if (request.serviceWorker()) byWorker.push(request.url()); });
  await page.goto('embed-example.html');
  const frame = await openedFrame(page.locator('shardlab-widget[name="ring/grow"] iframe'));
  // offline.js registers on the frame's load event, which has passed once the app is ready.
  await frame.waitForFunction(() => document.readyState === 'complete');
  await page.waitForLoadState('networkidle');
  expect(await frame.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);

  await page.goto('about:blank');
  await openRoute(page, '#/embed/ring/grow', 'ring.html');
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  expect(byWorker).toEqual([]);

  // The same page at its own route does register it: the check above can fail.
  await page.goto('about:blank');
  await openRoute(page, '#/ring', 'ring.html');
  await controlled(page);
});
