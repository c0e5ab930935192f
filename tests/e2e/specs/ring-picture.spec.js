// The Ring's picture explains the cause (issue 18): a change marks the arcs a new server took or a
// killed one gave up, plays in two stages (arcs, then keys; held before them while the keys'
// layer is painted) with a Replay button, shows the end
// state at once under reduced motion, and the lookup walk has a zoomed strip that follows it.
// Screenshots (at 1280 and 390 px, 3–5 vnodes, one mid-animation) are for a human to look at.
import { test, expect, openRoute } from './fixtures.js';

const wrap = (page) => page.locator('.rv-ring-wrap');
const marks = (page) => page.locator('[data-testid="change-marks"] .rv-mark');
const legend = (page) => page.getByTestId('change-legend');

/** Records every `data-stage` the drawing passes through, from now on. A loaded machine can set
 * two stages in one task, and the observer then hears both at once: each record's old value is
 * the stage the one before it set, so every stage is read from the records, not from the element. */
const recordStages = (page) =>
  wrap(page).evaluate((el) => {
    window.__stages = [];
    const push = (stage) => {
      if (window.__stages[window.__stages.length - 1] !== stage) window.__stages.push(stage);
    };
    new MutationObserver((records) => {
      records.slice(1).forEach((record) => push(record.oldValue));
      push(el.dataset.stage);
    }).observe(el, { attributes: true, attributeFilter: ['data-stage'], attributeOldValue: true });
  });
const stages = (page) => page.evaluate(() => window.__stages);

/** Does `act` and waits until the change it starts has played to its end. The wrapper says
 * "done" until the change's first frame, which a loaded machine can paint after the click
 * returns, so waiting for "done" alone can pass before the change began. */
const playedOut = async (page, act) => {
  await recordStages(page);
  await act();
  await expect.poll(() => stages(page), { timeout: 15_000 }).toEqual(['held', 'arcs', 'keys', 'done']);
};

test('adding a server marks the arcs it took, in two stages', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&vnodes=3');
  await expect(page.locator('canvas.rv-dots')).not.toHaveAttribute('data-dots', '0');
  await expect(marks(page)).toHaveCount(0);
  // At 3 vnodes the band names its wide arcs.
  expect(await page.locator('.rv-band-label').count()).toBeGreaterThan(3);
  await playedOut(page, () => page.getByTestId('add-server').click());
  expect(await marks(page).count()).toBeGreaterThan(0);
  expect(await page.locator('.rv-mark.took.server-4').count()).toBe(await marks(page).count());
  await expect(legend(page)).toContainText('S4 took these arcs:');
  await expect(legend(page)).toContainText('of the ring, from S');
  // The new server's ticks are there, in its colour.
  await expect(page.locator('.rv-tick.fresh.server-4')).toHaveCount(3);
});

test('killing a server marks the arcs it gave up, and to whom', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&vnodes=4');
  await playedOut(page, () => page.getByRole('button', { name: 'Kill server S1', exact: true }).click());
  expect(await marks(page).count()).toBeGreaterThan(0);
  expect(await page.locator('.rv-mark.gave.server-1').count()).toBe(await marks(page).count());
  await expect(page.locator('pattern#rv-hatch-1')).toBeAttached();
  await expect(legend(page)).toContainText('S1 gave up these arcs (hatched):');
  await expect(legend(page)).toContainText('to S');
  // Its old vnodes stay as faint dashed ticks, so the reader sees where its arcs were.
  await expect(page.locator('.rv-tick.gone.server-1')).toHaveCount(4);
});

test('Replay plays the last change again', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&vnodes=3');
  await expect(page.getByTestId('replay')).toHaveCount(0);
  await playedOut(page, () => page.getByTestId('add-server').click());
  await playedOut(page, () => page.getByTestId('replay').click());
  await expect(page.locator('canvas.rv-dots')).toHaveAttribute('data-flying', 'false');
  // The marks stay after the replay.
  expect(await marks(page).count()).toBeGreaterThan(0);
});

test('with reduced motion a change shows its end state at once, marked', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openRoute(page, '#/ring?v=1&vnodes=5');
  await recordStages(page);
  await page.getByTestId('add-server').click();
  await expect(legend(page)).toContainText('S4 took these arcs:');
  await expect(page.locator('canvas.rv-dots')).not.toHaveAttribute('data-moved', '0');
  await page.getByTestId('replay').click();
  await page.waitForTimeout(300);
  expect((await stages(page)).filter((s) => s !== 'done')).toEqual([]);
  await expect(wrap(page)).toHaveAttribute('data-stage', 'done');
  const opacity = await marks(page).first().evaluate((el) => getComputedStyle(el).opacity);
  expect(Number(opacity)).toBe(1);
});

test('the zoomed strip follows the lookup walk', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&key=cart%3A2026');
  const inset = page.getByTestId('lookup-inset');
  await expect(inset).toHaveAttribute('data-vnodes', '0');
  const next = page.getByRole('button', { name: 'Next step' });
  await next.click();
  await expect(inset.getByTestId('inset-key')).toBeVisible();
  await expect(inset).toHaveAttribute('data-vnodes', '0');
  await next.click();
  await expect(inset).toHaveAttribute('data-vnodes', '1');
  await expect(inset.getByTestId('inset-vnode').first()).toContainText('owner');
  // Walk to the end: every vnode the walk visits is in the strip, labelled with its server.
  while (await next.isEnabled()) await next.click();
  // The walk's last step is drawn before the ring's walked vnodes are counted.
  await expect(inset.getByTestId('inset-vnode').last()).toContainText('replica 3');
  const walked = await page.locator('.rv-ring .rv-walk').count();
  await expect(inset.getByTestId('inset-vnode')).toHaveCount(walked);
  await expect(inset.locator('figcaption')).toContainText('of the ring');
  // Every label lies inside the strip.
  const box = await inset.locator('svg').boundingBox();
  for (const label of await inset.locator('text').all()) {
    const b = await label.boundingBox();
    expect(b.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 1);
  }
  // A scheme without a ring has no strip.
  await page.locator('label[for="rv-scheme-jump"]').click();
  await expect(inset).toHaveCount(0);
});

for (const [width, height] of [[1280, 800], [680, 900], [390, 844]]) {
  test(`pictures at ${width} px: 3, 4 and 5 vnodes, mid-animation and the walk`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    for (const vnodes of [3, 4, 5]) {
      await openRoute(page, `#/ring?v=1&vnodes=${vnodes}`);
      await expect(page.locator('canvas.rv-dots')).not.toHaveAttribute('data-dots', '0');
      const figure = page.locator('.rv-figure');
      await figure.scrollIntoViewIfNeeded();
      // Slow the animation for the picture only: --rv-flight sets its pace.
      const slow = await page.addStyleTag({ content: '.rv-dots { --rv-flight: 6s !important; }' });
      await page.getByTestId('add-server').click();
      await expect(wrap(page)).toHaveAttribute('data-stage', 'arcs');
      await page.waitForTimeout(1200);
      await figure.screenshot({ path: `test-results/ring-picture-${width}-v${vnodes}-arcs.png` });
      await expect(wrap(page)).toHaveAttribute('data-stage', 'keys', { timeout: 5_000 });
      await page.waitForTimeout(1200);
      await figure.screenshot({ path: `test-results/ring-picture-${width}-v${vnodes}-keys.png` });
      await slow.evaluate((el) => el.remove());
      await expect(wrap(page)).toHaveAttribute('data-stage', 'done', { timeout: 10_000 });
      await figure.screenshot({ path: `test-results/ring-picture-${width}-v${vnodes}-added.png` });
      await playedOut(page, () => page.getByRole('button', { name: 'Kill server S1', exact: true }).click());
      await figure.screenshot({ path: `test-results/ring-picture-${width}-v${vnodes}-killed.png` });
    }
    await openRoute(page, '#/ring?v=1');
    const next = page.getByRole('button', { name: 'Next step' });
    for (let i = 0; i < 3; i += 1) await next.click();
    const panel = page.locator('.rv-lookup-panel');
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `test-results/ring-picture-${width}-walk.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

// Issue 19, §2: range, mod and jump count from 0, as the server ids S0… do: "range 1" is S1's range.
test('range counts its ranges from 0, as mod and jump count buckets', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&scheme=range');
  const caption = await page.locator('.rv-ranges caption').textContent();
  const shown = Number(caption.match(/in range (\d+)/)[1]);
  const chosen = page.locator('.rv-ranges tr.chosen');
  await expect(chosen.locator('th')).toHaveText(`S${shown}`);
  await expect(chosen).toHaveAttribute('data-range', String(shown));
  await openRoute(page, '#/ring?v=1&scheme=mod');
  const rule = await page.locator('.rv-buckets-picture p').textContent();
  const bucket = Number(rule.match(/= bucket (\d+)/)[1]);
  await expect(page.locator('.rv-bucket.hit .rv-bucket-name')).toHaveText(`${bucket} · S${bucket}`);
});
