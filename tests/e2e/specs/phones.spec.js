// A phone (390 px, touch): the Board embed lets one finger scroll the page until a tap or two
// fingers activate it, its text is at least 12 CSS px, its hint names touch gestures, and
// Learn's "Try it" sheet leaves the widget's main button uncovered.
import { test, expect, openRoute } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A one-finger swipe from (x, y0) to (x, y1) in steps, as the touchscreen sends it. */
async function swipe(page, x, y0, y1, steps = 12) {
  const cdp = await page.context().newCDPSession(page);
  const point = (y) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(y0) });
  for (let i = 1; i <= steps; i += 1) {
    const y = y0 + ((y1 - y0) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The board's pan and zoom, as its drawing's transform. */
const boardTransform = (page) => page.locator('.board-svg > g').getAttribute('transform');

/** Opens the Board embed with the board's middle near the middle of the screen. */
async function openBoardEmbed(page) {
  await openRoute(page, 'board.html#/embed/board');
  const svg = page.locator('.board-svg');
  await expect(svg).toBeVisible();
  await svg.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect.poll(() => boardTransform(page)).not.toBeNull();
  return svg;
}

test('one finger on the Board embed scrolls the page, and the board stays put', async ({ page }) => {
  const svg = await openBoardEmbed(page);
  const box = await svg.boundingBox();
  const before = await boardTransform(page);
  const x = box.x + box.width / 2;
  await swipe(page, x, box.y + box.height * 0.8, box.y + box.height * 0.2);
  // The page scrolled under the finger: the board moved up the screen.
  await expect.poll(async () => (await svg.boundingBox()).y).toBeLessThan(box.y - 50);
  expect(await boardTransform(page)).toBe(before);
  await expect(svg).not.toHaveClass(/touch-active/);
});

test('a tap activates the Board embed: one finger then pans it, and a tap outside ends that', async ({ page }) => {
  const svg = await openBoardEmbed(page);
  const box = await svg.boundingBox();
  // The board's lower right corner is background on every preset.
  const x = box.x + box.width - 12;
  const y = box.y + box.height - 12;
  await page.touchscreen.tap(x, y);
  await expect(svg).toHaveClass(/touch-active/);
  await expect(page.locator('.board-zoom .hint-touch')).toContainText('Tap outside the board');
  const before = await boardTransform(page);
  await swipe(page, x, y, y - 150);
  await expect.poll(() => boardTransform(page)).not.toBe(before);
  // The page did not scroll under the finger: the board is where it was on screen (the page's
  // scroll offset may move when the caption above it rewords itself, anchored to the board).
  const after = await svg.boundingBox();
  expect(Math.abs(after.y - box.y)).toBeLessThan(2);
  // A tap on the page outside the board gives one finger back to the page.
  await page.touchscreen.tap(195, Math.max(box.y - 40, 10));
  await expect(svg).not.toHaveClass(/touch-active/);
});

test('two fingers on the Board embed pinch it, and the page stays where it is', async ({ page }) => {
  const svg = await openBoardEmbed(page);
  const box = await svg.boundingBox();
  const before = await boardTransform(page);
  const cdp = await page.context().newCDPSession(page);
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const fingers = (gap) => [
    { x: cx - gap, y: cy, id: 1, radiusX: 4, radiusY: 4, force: 1 },
    { x: cx + gap, y: cy, id: 2, radiusX: 4, radiusY: 4, force: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
  for (let gap = 40; gap <= 120; gap += 10) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(gap) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await expect.poll(() => boardTransform(page)).not.toBe(before);
  await expect(svg).toHaveClass(/touch-active/);
  const after = await svg.boundingBox();
  expect(Math.abs(after.y - box.y)).toBeLessThan(2);
});

test('the Board embed names touch gestures, not Ctrl or Cmd, on a touch screen', async ({ page }) => {
  await openBoardEmbed(page);
  const hint = page.locator('.board-zoom .hint');
  await expect(hint).toBeVisible();
  await expect(hint).toContainText('Tap the board, or use two fingers');
  const shown = await hint.evaluate((el) => el.innerText);
  expect(shown).not.toMatch(/Ctrl|Cmd/);
});

test('every text on the Board embed is at least 12 CSS px at 390 px', async ({ page }) => {
  await openBoardEmbed(page);
  await expect(page.locator('.board-svg .node-label').first()).toBeVisible();
  const sizes = await page.locator('.board-svg text').evaluateAll((texts) =>
    texts.map((t) => {
      const scale = t.getScreenCTM().a;
      return { text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale };
    }),
  );
  expect(sizes.length).toBeGreaterThan(4);
  for (const size of sizes) expect(size.px, size.text).toBeGreaterThanOrEqual(11.99);
  // The boxes that do not fit are counted, with a way to reach them.
  await expect(page.locator('.board-zoom .hint')).toContainText(/of \d+ boxes are off screen; Pan to them/);
});

test("Learn's Try it sheet never covers the widget's main button (chapter 4's Add a server)", async ({ page }) => {
  await openRoute(page, '#/learn/mod-n');
  const frame = page.locator('iframe.live-frame');
  await expect(frame).toHaveClass(/sized/);
  const button = page.frameLocator('iframe.live-frame').getByTestId('add-server');
  await expect(button).toBeVisible();
  const sheet = page.locator('.stage-tasks');
  await expect(sheet).toBeVisible();
  const height = page.viewportSize().height;
  // The reader scrolls down through the widget: wherever the button is on the screen, whole,
  // above the sheet's one-line head, no part of the sheet is over it.
  for (const at of [0.2, 0.45, 0.6, 0.7, 0.8, 0.86]) {
    const box = await button.boundingBox();
    await page.evaluate((dy) => window.scrollBy(0, dy), box.y - at * height);
    await expect.poll(async () => {
      const b = await button.boundingBox();
      const s = await sheet.boundingBox();
      return b.y + b.height <= s.y + 0.5 || b.y >= s.y + s.height - 0.5;
    }, { message: `the button at ${at} of the screen is clear of the sheet` }).toBe(true);
  }
  // A finger on the button presses it: the sheet is not in the way.
  const b = await button.boundingBox();
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [b.x + b.width / 2, b.y + b.height / 2]);
  expect(hit).toBe('IFRAME');
  // The sheet says it is folded while ducked, and opens when asked.
  await expect(sheet).toHaveClass(/ducked/);
  await expect(sheet.getByRole('button', { name: 'Show tasks' })).toHaveAttribute('aria-expanded', 'false');
  await sheet.getByRole('button', { name: 'Show tasks' }).click();
  await expect(sheet.locator('.task-list')).toBeVisible();
  await page.screenshot({ path: 'test-results/phones-chapter-4.png' });
});
