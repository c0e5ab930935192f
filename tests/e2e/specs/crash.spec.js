// The last resort (issue 8, item 3): a panic stops the wasm app, and the crash banner kept in
// index.html must appear and reload the page. The panic is forced from `#/debug/panic`, a route that
// exists only in the debug build (`dist-debug/`, served under `/debug/`); `cargo xtask test` builds
// it and sets SHARDLAB_DIST_DEBUG. Without that build, the test is skipped and says why.
import { test, expect, openRoute, allowConsoleErrors, allowPageErrors } from './fixtures.js';

test('a forced panic shows the crash banner, and its button reloads a working app', async ({ page }) => {
  test.skip(!process.env.SHARDLAB_DIST_DEBUG, 'no debug build: run `cargo xtask test`, or set SHARDLAB_DIST_DEBUG');
  // The panic hook logs the panic, and with panic=abort the wasm trap surfaces as a page error.
  allowConsoleErrors(page, /shardlab crashed/);
  allowPageErrors(page, /unreachable|panic/i);
  await openRoute(page, '#/debug/panic', '/debug/');
  const banner = page.locator('#crash-banner');
  await expect(banner).toBeHidden();
  await page.locator('#debug-panic').click();
  await expect(banner).toBeVisible();
  await expect(page.locator('#crash-detail')).toContainText('a panic forced on purpose');
  // The app is dead now; the banner's button is plain JS and must still work.
  await page.locator('#crash-reload').click();
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(banner).toBeHidden();
  await expect(page.locator('#debug-panic')).toBeVisible();
  // The app works again after the reload: the forced panic page responds and the shell navigates.
  await page.getByRole('link', { name: 'Learn' }).first().click();
  await expect(page).toHaveURL(/#\/learn/);
});
