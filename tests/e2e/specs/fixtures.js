// A `page` fixture shared by every spec: it fails the test on any console error, uncaught page
// error, or request to an origin other than the page's own.
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page, baseURL }, use) => {
    const origin = new URL(baseURL).origin;
    const problems = [];
    // A test that provokes an error on purpose lists it here first (see allowConsoleErrors).
    page.__allowedErrors = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      if (page.__allowedErrors.some((re) => re.test(msg.text()))) return;
      problems.push(`console error: ${msg.text()}`);
    });
    page.__allowedPageErrors = [];
    page.on('pageerror', (err) => {
      if (page.__allowedPageErrors.some((re) => re.test(err.message))) return;
      problems.push(`page error: ${err.message}`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
    });
    page.on('request', (req) => {
      const url = new URL(req.url());
      const local = url.origin === origin || url.protocol === 'data:' || url.protocol === 'blob:';
      if (!local) problems.push(`request to another origin: ${req.url()}`);
    });
    // The release build carries a strict Content-Security-Policy; record anything it blocks.
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
      });
    });
    await use(page);
    const violations = await page
      .evaluate(() => window.__cspViolations ?? [])
      .catch(() => []);
    for (const v of violations) problems.push(`CSP violation: ${v}`);
    expect(problems, 'console errors, page errors, CSP violations and foreign requests').toEqual([]);
  },
});

export { expect };

/** Lets console errors matching `pattern` pass, for a test that provokes them on purpose. */
export function allowConsoleErrors(page, pattern) {
  page.__allowedErrors.push(pattern);
}

/** Lets uncaught page errors matching `pattern` pass, for a test that crashes the app on purpose. */
export function allowPageErrors(page, pattern) {
  page.__allowedPageErrors.push(pattern);
}

/** Opens a route and waits until the app has rendered its shell. */
export async function openRoute(page, hash = '#/', prefix = '') {
  await page.goto(`${prefix}${hash}`);
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
}
