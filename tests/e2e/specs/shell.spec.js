// The app shell: every route, keyboard navigation, the theme toggle, subpath hosting and layout at
// phone and desktop widths. The shared fixture fails any test that logs a console error or makes a
// request to another origin.
import { test, expect, openRoute, allowConsoleErrors } from './fixtures.js';

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
    // The Learn link carries the finished-chapter count ("Learn 0/11").
    await expect(page.locator('header nav a')).toHaveText([/^Learn \d+\/11$/, 'Decoder', 'Ring', 'Board']);
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
  test(`the theme toggle survives a reload (system ${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openRoute(page, '#/');
    const toggle = page.getByRole('button', { name: /dark theme/i });
    const startsDark = scheme === 'dark';
    await expect(toggle).toHaveAttribute('aria-pressed', String(startsDark));
    const bgBefore = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await toggle.click();
    const wanted = startsDark ? 'light' : 'dark';
    await expect(page.locator('html')).toHaveAttribute('data-theme', wanted);
    await expect(toggle).toHaveAttribute('aria-pressed', String(!startsDark));
    const bgAfter = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bgAfter).not.toBe(bgBefore);

    await page.reload();
    await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('data-theme', wanted);
    await expect(page.getByRole('button', { name: /dark theme/i })).toHaveAttribute('aria-pressed', String(!startsDark));
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(bgAfter);
  });
}

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
