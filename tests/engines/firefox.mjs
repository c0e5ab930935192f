// Firefox: Debian's firefox-esr over WebDriver BiDi, driven by puppeteer-core (which downloads no
// browser). Playwright cannot drive this Firefox: its BiDi mode needs a command Firefox lacks.
import puppeteer from 'puppeteer-core';

const FIREFOX = process.env.SHARDLAB_FIREFOX || '/usr/bin/firefox-esr';

/** One Firefox and one tab for the whole run, as the driver the checks in cases.mjs use. */
export async function launch({ width, height }) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width, height },
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  // What the hook cannot see (an error before it runs) still reaches the driver.
  const seen = [];
  // NS_BINDING_ABORTED is Firefox's word for a request the harness itself cut off by navigating
  // away (the last page's worker or precache still loading), reported a moment later: not the
  // page's error. Anything the page throws still counts, through the hook as well.
  page.on('pageerror', (e) => {
    if (!/^NS_BINDING_ABORTED\b/.test(e.message)) seen.push(`page error: ${e.message}`);
  });
  let scope = page;
  const element = async (selector) => scope.waitForSelector(selector, { timeout: 30_000 });
  return {
    name: 'Firefox',
    version: await browser.version(),
    async navigate(url) {
      scope = page;
      await page.goto('about:blank');
      await page.goto(url);
    },
    evaluate: (fn, ...args) => scope.evaluate(fn, ...args),
    async type(selector, text, { enter = false } = {}) {
      const input = await element(selector);
      await input.evaluate((el) => {
        el.focus();
        el.select?.();
      });
      await input.type(text);
      if (enter) await input.press('Enter');
    },
    async click(selector) {
      await (await element(selector)).click();
    },
    async enterFrame(selector) {
      scope = await (await element(selector)).contentFrame();
    },
    leaveFrame() {
      scope = page;
    },
    hearsPageErrors: true,
    takeDriverErrors: () => seen.splice(0),
    close: () => browser.close(),
  };
}
