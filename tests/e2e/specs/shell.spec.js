// The app shell: every route, keyboard navigation, the theme toggle, subpath hosting and layout at
// phone and desktop widths. The shared fixture fails any test that logs a console error or makes a
// request to another origin.
import { test, expect, openRoute, allowConsoleErrors, allowPageErrors } from './fixtures.js';

const routes = [
  ['#/', 'Where does a row live?'],
  ['#/learn', 'Learn'],
  ['#/decoder', 'Decoder'],
  ['#/ring', 'Ring'],
  ['#/board', 'Board'],
  ['#/no-such-view', 'No such page'],
];

for (const [hash, heading] of routes) {
  test(`route ${hash} renders its page`, async ({ page }) => {
    await openRoute(page, hash);
    await expect(page.locator('main h1')).toHaveText(heading);
    // The Learn link carries the finished-chapter count ("Learn 0/15").
    await expect(page.locator('header nav a')).toHaveText([/^Learn \d+\/15$/, 'Decoder', 'Ring', 'Board']);
    await expect(page.locator('footer .sources li').first()).toBeVisible();
  });
}

test('the current view is marked in the navigation', async ({ page }) => {
  await openRoute(page, '#/ring');
  await expect(page.locator('header nav a.active')).toHaveText('Ring');
  await expect(page).toHaveTitle(/Ring/);
});

/** Presses `key` until the focused element's text is `label` (at most 15 presses). */
async function focusByKey(page, key, label) {
  for (let i = 0; i < 15; i += 1) {
    await page.keyboard.press(key);
    const text = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    // The brand link starts with a decorative mark, so compare the end of the text.
    if (text === label || text.endsWith(label)) return;
  }
  throw new Error(`pressing ${key} never focused "${label}"`);
}

test('the navigation works from the keyboard alone', async ({ page }) => {
  await openRoute(page, '#/');
  await focusByKey(page, 'Tab', 'Decoder');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/decoder$/);
  await expect(page.locator('main h1')).toHaveText('Decoder');
  // Focus moves to the new page, so the next Tab starts from its content, not the old link.
  await expect(page.locator('main#main')).toBeFocused();

  await focusByKey(page, 'Shift+Tab', 'Board');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/board$/);
  await expect(page.locator('main h1')).toHaveText('Board');

  await focusByKey(page, 'Shift+Tab', 'shardlab');
  await page.keyboard.press('Enter');
  await expect(page.locator('main h1')).toHaveText('Where does a row live?');
});

test('the skip link moves focus to the content', async ({ page }) => {
  await openRoute(page, '#/ring');
  await page.keyboard.press('Tab');
  await expect(page.locator('.skip-link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await expect(page).toHaveURL(/#\/ring$/);
});

for (const scheme of ['light', 'dark']) {
  // Issue 19, §3: the toggle names the action in both themes, with the icon of the theme it goes to.
  test(`the theme toggle survives a reload (system ${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openRoute(page, '#/');
    const startsDark = scheme === 'dark';
    const wanted = startsDark ? 'light' : 'dark';
    const toggle = page.locator('.theme-toggle');
    await expect(toggle).toHaveAccessibleName(`Switch to ${wanted} theme`);
    await expect(toggle.locator('[aria-hidden="true"]')).toHaveText(startsDark ? '☀' : '☾');
    const bgBefore = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', wanted);
    await expect(toggle).toHaveAccessibleName(`Switch to ${scheme} theme`);
    await expect(toggle.locator('[aria-hidden="true"]')).toHaveText(startsDark ? '☾' : '☀');
    await expect(toggle).toBeFocused();
    const bgAfter = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bgAfter).not.toBe(bgBefore);

    await page.reload();
    await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('data-theme', wanted);
    await expect(page.locator('.theme-toggle')).toHaveAccessibleName(`Switch to ${scheme} theme`);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(bgAfter);
  });
}

// Issue 19, §3: the home page's first call to action is the Learn path.
test('the home page starts new readers on the Learn path', async ({ page }) => {
  await openRoute(page, '#/');
  const first = page.locator('main a, main button').first();
  await expect(first).toHaveText(/start here/i);
  await first.click();
  await expect(page).toHaveURL(/#\/learn$/);
  await expect(page.locator('.learn .chapter-list li').first()).toBeVisible();
});

test('a build for /shardlab/ works under that subpath', async ({ page }) => {
  const requested = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await openRoute(page, '#/', '/shardlab/');
  await expect(page.locator('main h1')).toHaveText('Where does a row live?');
  await page.locator('header nav a', { hasText: 'Ring' }).click();
  // The release site keeps each view on its own page, so the Ring route opens ring.html.
  await expect(page).toHaveURL(/\/shardlab\/ring\.html#\/ring$/);
  await expect(page.locator('main h1')).toHaveText('Ring');
  expect(requested.length).toBeGreaterThan(2);
  for (const path of requested) expect(path.startsWith('/shardlab/'), path).toBe(true);
  expect(requested.some((p) => p.endsWith('.wasm'))).toBe(true);
});

// The simulator's worker is spawned from a path relative to the page (issue 23 §5), so the
// Board runs under a subpath too.
test('under the /shardlab/ subpath the Board simulates in its worker', async ({ page }) => {
  await openRoute(page, '#/board?v=1&preset=one-big-box&users=500&seed=3', '/shardlab/board.html');
  await expect(page.getByTestId('caption-source')).toHaveText('simulation', { timeout: 30_000 });
});

for (const [name, width, height] of [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
  ['narrow', 360, 740],
  ['wide', 1920, 1080],
]) {
  test(`the home page fits a ${name} screen (${width}×${height})`, async ({ page }, info) => {
    await page.setViewportSize({ width, height });
    await openRoute(page, '#/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
    await expect(page.locator('.card')).toHaveCount(4);
    for (const theme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: info.outputPath(`home-${name}-${theme}.png`), fullPage: true });
    }
  });
}

test('the release build carries a strict Content-Security-Policy', async ({ page }) => {
  await openRoute(page, '#/');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("default-src 'self'");
  expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain("'unsafe-eval'");
  // An inline script injected now must be refused, and the refusal reported.
  allowConsoleErrors(page, /Content Security Policy/);
  const ran = await page.evaluate(async () => {
    window.__injected = false;
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.head.appendChild(s);
    await new Promise((r) => setTimeout(r, 50));
    const seen = window.__cspViolations.length;
    window.__cspViolations.length = 0; // expected: not a failure of this test
    return { injected: window.__injected, seen };
  });
  expect(ran.injected).toBe(false);
  expect(ran.seen).toBeGreaterThan(0);
});

// Issue 20 §3: the first paint does not wait for the wasm. index.html carries a static skeleton
// of the shell (the header's frame and "Loading shardlab…"), which the app removes as it mounts;
// an embed's skeleton has no header; a module that cannot load says so in place of the promise.
test.describe('the skeleton before the wasm', () => {
  // Holds every wasm request until `release` is called.
  async function holdWasm(page) {
    let release;
    const released = new Promise((resolve) => { release = resolve; });
    await page.route('**/*.wasm', async (route) => {
      await released;
      await route.continue();
    });
    return () => release();
  }

  for (const width of [1280, 390]) test(`a page paints the shell at once and the app replaces it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const release = await holdWasm(page);
    await page.goto('board.html#/board');
    await expect(page.locator('#boot .site-header .brand')).toHaveText('▚shardlab');
    await expect(page.locator('#boot-note')).toHaveText('Loading shardlab…');
    await expect(page.locator('body[data-app-ready]')).toHaveCount(0);
    // The paint entry is queued after the frame that painted, so the skeleton can be in the
    // DOM a moment before the entry exists: poll for it rather than read it once (CI once did).
    await expect.poll(
      () => page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null),
      { message: 'something was painted while the wasm was held', timeout: 5000 },
    ).not.toBeNull();
    // The skeleton's header is as tall as the app's, so nothing below it moves.
    const skeleton = await page.locator('#boot .site-header').boundingBox();
    release();
    await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
    await expect(page.locator('#boot')).toHaveCount(0);
    await expect(page.locator('header.site-header')).toHaveCount(1);
    const real = await page.locator('header.site-header').boundingBox();
    expect(Math.abs(real.height - skeleton.height), `skeleton ${skeleton.height} px, header ${real.height} px`).toBeLessThanOrEqual(1);
  });

  test('an embed\'s skeleton has no site header', async ({ page }) => {
    const release = await holdWasm(page);
    await page.goto('ring.html#/embed/ring/grow');
    await expect(page.locator('#boot-note')).toBeVisible();
    await expect(page.locator('#boot .site-header')).toBeHidden();
    release();
    await expect(page.locator('[data-widget="ring/grow"]')).toHaveCount(1);
    await expect(page.locator('#boot')).toHaveCount(0);
  });

  test('a module that cannot load says so where the skeleton promised it', async ({ page }) => {
    allowConsoleErrors(page, /Failed to load resource|WebAssembly|wasm/i);
    allowPageErrors(page, /.*/);
    await page.route('**/*.wasm', (route) => route.abort());
    // crash.js arriving late is what CI once hit: a deferred crash.js ran after the module had
    // already failed, and heard nothing. Inline in the page, it runs before the loader is parsed,
    // and there is no request of its own to be late.
    expect(await (await page.request.get('decoder.html')).text()).toContain('boot-failed');
    await page.goto('decoder.html#/decoder');
    await expect(page.locator('#boot-note')).toContainText('shardlab could not start');
    await expect(page.locator('#boot-note')).toHaveClass(/boot-failed/);
  });
});
