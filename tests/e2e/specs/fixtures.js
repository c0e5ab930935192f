// A `page` fixture shared by every spec: it fails the test on any console error, uncaught page
// error, or request to an origin other than the page's own.
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page, baseURL }, use) => {
    const origin = new URL(baseURL).origin;
    const problems = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
    });
    page.on('request', (req) => {
      const url = new URL(req.url());
      const local = url.origin === origin || url.protocol === 'data:' || url.protocol === 'blob:';
      if (!local) problems.push(`request to another origin: ${req.url()}`);
    });
    await use(page);
    expect(problems, 'console errors, page errors and foreign requests').toEqual([]);
  },
});

export { expect };

/** Opens a route and waits until the app has rendered its shell. */
export async function openRoute(page, hash = '#/', prefix = '') {
  await page.goto(`${prefix}${hash}`);
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
}
