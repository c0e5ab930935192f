// The Ring view: movement under mod and the ring, balance against vnodes, distinct replicas, the
// address bar, and screenshots for a human to look at. The shared fixture fails any test that logs
// a console error or requests another origin.
import { readFileSync } from 'node:fs';
import { test, expect, openRoute } from './fixtures.js';

const percent = async (page) => Number(await page.getByTestId('moved-percent').getAttribute('title')) * 100;
// The statistics panel is done counting (an edit marks the old numbers as being recounted at once).
const settled = async (page) => {
  await expect(page.getByTestId('max-over-mean')).toBeVisible();
  await expect(page.locator('.rv-stats .rv-progress')).toHaveCount(0);
};
const scheme = (page, name) => page.locator(`label[for="rv-scheme-${name}"]`);
// The comparison sweeps run once their plots come near the screen (widgets/in_view.rs): scroll
// there, as a reader would, and wait for both plots to be on the page.
/** The plots' own page (`compare.html`), which the full Ring frames for its comparisons. */
const plots = (page) => page.frameLocator('.rv-comparisons iframe.widget-frame[title="Compare schemes"]');
/** That page's frame, for what a locator cannot do (watching its document). */
const plotsFrame = (page) => page.frames().find((frame) => frame.url().includes('compare.html#/embed/ring/compare'));
const comparisons = async (page) => {
  await page.locator('.rv-comparisons').scrollIntoViewIfNeeded();
  await expect(plots(page).getByTestId('plot-moved')).toBeAttached({ timeout: 30_000 });
  await expect(plots(page).getByTestId('plot-vnodes')).toBeAttached({ timeout: 30_000 });
};

test('a fifth server moves about 80 % under mod and about 20 % on the ring', async ({ page }) => {
  await openRoute(page, '#/ring');
  await scheme(page, 'mod').click();
  await expect(page.locator('#rv-scheme-mod')).toBeChecked();
  await page.getByTestId('add-server').click();
  await settled(page);
  const modMoved = await percent(page);
  expect(modMoved).toBeGreaterThan(75);
  expect(modMoved).toBeLessThan(85);
  await expect(page.getByTestId('moved-counter')).toContainText('of 100,000 keys');

  await openRoute(page, '#/ring');
  await page.reload();
  await expect(page.locator('#rv-scheme-ring')).toBeChecked();
  await page.getByTestId('add-server').click();
  await settled(page);
  const ringMoved = await percent(page);
  expect(ringMoved).toBeGreaterThan(12);
  expect(ringMoved).toBeLessThan(28);
  // An add is read against the new server's fair share, never a "minimum" it can undercut.
  await expect(page.getByTestId('moved-counter')).toContainText(/The new server took \d+\.\d % of the keys, against a fair share of 20\.0 %/);
  await expect(page.getByTestId('moved-counter')).not.toContainText('minimum possible');
});

// Issue 38, item 2: at 4 vnodes a grown ring moved 12.6 % beside "minimum possible 20.0 %".
test('an uneven add says what the new server took, which on a ring is what moved', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&scheme=ring&vnodes=4');
  await settled(page);
  await page.getByTestId('add-server').click();
  await settled(page);
  const moved = Number(await page.getByTestId('moved-percent').getAttribute('title'));
  const took = Number(await page.getByTestId('newcomer-took').getAttribute('title'));
  const fair = Number(await page.getByTestId('fair-share').getAttribute('title'));
  expect(fair).toBeCloseTo(0.2, 9);
  expect(took).toBeCloseTo(moved, 9);
  expect(moved).toBeLessThan(fair);
  await expect(page.getByTestId('moved-counter')).not.toContainText('minimum possible');
});

// Issue 19, §2: a kill's minimum is the killed server's own measured share, not 1/N; a weight
// change keeps the count, and max/fair share counts a heavier server's larger share as fair.
test('the minimum possible is the killed server\'s share, and load is over the fair share', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&vnodes=10');
  await settled(page);
  const held = Number((await page.locator('.rv-load tr[data-server="1"] td.num').first().textContent()).replace(/,/g, ''));
  await page.getByRole('button', { name: 'Kill server S1', exact: true }).click();
  await settled(page);
  const minimum = Number(await page.getByTestId('minimum-percent').getAttribute('title'));
  expect(minimum).toBeCloseTo(held / 100_000, 3);
  expect(Math.abs(minimum - 0.25)).toBeGreaterThan(0.001);
  await openRoute(page, '#/ring?v=1&vnodes=200');
  await settled(page);
  const weight = page.locator('#rv-weight-0');
  await weight.fill('2');
  await weight.press('Enter');
  await settled(page);
  await expect(page.getByTestId('moved-counter')).toContainText("set S0's weight to 2:");
  await expect(page.locator('.rv-balance')).toContainText('max over fair share (by weight)');
  expect(Number(await page.getByTestId('max-over-mean').getAttribute('title'))).toBeLessThan(1.25);
});

test('Maglev is a scheme of the page: its table size is typed, checked and kept in the link', async ({ page }) => {
  await openRoute(page, '#/ring');
  await scheme(page, 'maglev').click();
  await expect(page.locator('#rv-scheme-maglev')).toBeChecked();
  await expect(page.locator('.rv-scheme-picture')).toContainText('A table of 65,537 slots');
  // A whole number that is not a prime is refused beside the box, in the core's words.
  const size = page.locator('#rv-table-size');
  await size.fill('12');
  await size.press('Enter');
  await expect(page.locator('.rv-settings .field-error')).toContainText('must be a prime number');
  await expect(page.locator('.rv-settings .field-error')).toContainText('It stays 65,537');
  await size.fill('251');
  await size.press('Enter');
  await expect(page.locator('.rv-settings .field-error')).toHaveCount(0);
  await expect(page.locator('.mg-table').first().locator('.mg-slot')).toHaveCount(251);
  await page.getByTestId('add-server').click();
  await settled(page);
  // Four servers to five over 251 slots: about a fifth of the keys, and a few more.
  const moved = await percent(page);
  expect(moved).toBeGreaterThan(15);
  expect(moved).toBeLessThan(35);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/scheme=maglev.*table=251/);
  await page.reload();
  await expect(page.locator('#rv-scheme-maglev')).toBeChecked();
  await expect(size).toHaveValue('251');
});

// Issue 21, §4: multi-probe's picture is the looked-up key's k probes, each reaching clockwise to
// the next server point; the nearest names the owner. k is typed, checked and kept in the link.
test('multi-probe draws the key\'s k probes, and the nearest probe names the owner', async ({ page }) => {
  await openRoute(page, '#/ring');
  await scheme(page, 'multi-probe').click();
  await expect(page.locator('#rv-scheme-multi-probe')).toBeChecked();
  const picture = page.locator('.rv-mp-picture');
  await expect(picture).toHaveAttribute('data-probes', '21');
  await expect(picture.locator('.rv-mp-arc')).toHaveCount(21);
  await expect(picture.locator('.rv-mp-arc.nearest')).toHaveCount(1);
  const owner = await picture.getAttribute('data-owner');
  await expect(picture.locator('.rv-mp-table tbody tr').first().locator('th')).toHaveText(`S${owner}`);
  await expect(picture.locator('.rv-mp-arc.nearest')).toHaveClass(new RegExp(`server-${owner}\\b`));
  const k = page.locator('#rv-probes');
  await k.fill('0');
  await k.press('Enter');
  await expect(page.locator('.rv-settings .field-error')).toContainText('1 … 1,000');
  await expect(picture).toHaveAttribute('data-probes', '21');
  // One probe per key is a ring of one point per server: far from even. Twenty-one are near 1.05.
  await settled(page);
  const many = Number(await page.getByTestId('max-over-mean').getAttribute('title'));
  await k.fill('1');
  await k.press('Enter');
  await expect(picture).toHaveAttribute('data-probes', '1');
  await expect(picture.locator('.rv-mp-arc')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/scheme=multi-probe.*probes=1/);
  const maxOverMean = async () => Number(await page.getByTestId('max-over-mean').getAttribute('title'));
  await expect.poll(maxOverMean, { timeout: 30_000 }).toBeGreaterThan(many);
  expect(many).toBeLessThan(1.15);
  await page.reload();
  await expect(k).toHaveValue('1');
});

// Issue 21, §4: bounded loads' picture is the looked-up key arriving after the counted keys: its
// ring owner full, the walk clockwise past full servers to the first with room.
test('bounded loads walk a key past full servers to the first with room', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&scheme=bounded-load&vnodes=4&c=1.02');
  await expect(page.locator('#rv-scheme-bounded-load')).toBeChecked();
  const chain = page.locator('.rv-spill-chain');
  await expect(chain).toBeAttached({ timeout: 30_000 });
  const steps = Number(await chain.getAttribute('data-steps'));
  expect(steps).toBeGreaterThan(1);
  await expect(chain.locator('li.full')).toHaveCount(steps - 1);
  await expect(chain.locator('li').first()).toContainText('the ring owner');
  await expect(chain.locator('li').last()).toHaveClass(/room/);
  const owner = await chain.getAttribute('data-owner');
  await expect(chain.locator('li').last()).toHaveClass(new RegExp(`server-${owner}\\b`));
  await expect(page.locator('.rv-spill-mark.full')).toHaveCount(steps - 1);
  // The statistics count the bounded assignment: no server above c times its share.
  await settled(page);
  const maxOverMean = async () => Number(await page.getByTestId('max-over-mean').getAttribute('title'));
  expect(await maxOverMean()).toBeLessThanOrEqual(1.02);
  // The plain ring on the same four vnodes per server is far from even.
  await scheme(page, 'ring').click();
  await expect.poll(maxOverMean, { timeout: 30_000 }).toBeGreaterThan(1.1);
  // A load factor below 1 is refused beside the box, and c stays.
  await scheme(page, 'bounded-load').click();
  const c = page.locator('#rv-scheme-c');
  await c.fill('0.9');
  await c.press('Enter');
  await expect(page.locator('.rv-settings .field-error')).toContainText('It stays 1.02');
  await expect(chain).toBeAttached({ timeout: 30_000 });
});

test('more vnodes, evener load', async ({ page }) => {
  await openRoute(page, '#/ring');
  const vnodes = page.getByLabel('Vnodes per unit of weight');
  await vnodes.fill('1');
  await vnodes.press('Enter');
  await expect(page).toHaveURL(/vnodes=1&/);
  await settled(page);
  const few = Number(await page.getByTestId('max-over-mean').getAttribute('title'));
  await vnodes.fill('500');
  await vnodes.press('Enter');
  await expect(page).toHaveURL(/vnodes=500&/);
  // The address bar can change a frame before the panel marks its numbers as being recounted,
  // so wait for the count that answers 500 vnodes rather than for the first settled panel.
  const maxOverMean = async () => Number(await page.getByTestId('max-over-mean').getAttribute('title'));
  await expect.poll(maxOverMean, { timeout: 30_000 }).toBeLessThan(1.1);
  await settled(page);
  const many = await maxOverMean();
  expect(many).toBeLessThan(few);
  expect(many).toBeLessThan(1.1);
});

test('an edit typed while the first statistics stream is kept', async ({ page }) => {
  // Each streamed slice re-renders the page; the half-typed number must survive those renders
  // (it used to be written over with the old value, and Enter then committed the old value).
  // A million keys keep the first count streaming for a good second.
  await openRoute(page, '#/ring?v=1&keys=1000000');
  const vnodes = page.getByLabel('Vnodes per unit of weight');
  await vnodes.fill('1');
  await page.waitForTimeout(600);
  await expect(vnodes).toHaveValue('1');
  await vnodes.press('Enter');
  await expect(page).toHaveURL(/vnodes=1&/);
  await expect(vnodes).toHaveValue('1');
  // A weight typed at once after load is kept as well.
  await openRoute(page, '#/ring?v=1&keys=1000000');
  const weight = page.locator('#rv-weight-0');
  await weight.fill('3');
  await page.waitForTimeout(600);
  await weight.press('Enter');
  await expect(page).toHaveURL(/w=3\.1\.1\.1/);
  await expect(weight).toHaveValue('3');
});

test('R = 3 gives three distinct owners for a key', async ({ page }) => {
  await openRoute(page, '#/ring');
  const r = page.getByLabel('Replicas R');
  await r.fill('3');
  await r.press('Enter');
  await page.locator('#rv-key').fill('cart:2026');
  const owners = await page.getByTestId('replica').allTextContents();
  expect(owners).toHaveLength(3);
  expect(new Set(owners).size).toBe(3);
  // Stepping to the end walks to the last replica.
  for (let i = 0; i < 40; i += 1) {
    const next = page.getByRole('button', { name: 'Next step' });
    if (await next.isDisabled()) break;
    await next.click();
  }
  await expect(page.locator('.rv-step.current')).toContainText('replica 3');
});

// Issue 19, §3: keyboard focus. Stepping to the last lookup step keeps focus on the step
// button (a disabled one would drop it to the body), and a keyboard Kill moves focus off the Kill
// buttons, so a second key press does not kill a second server.
test('keyboard focus stays on a control after the last step and after a kill', async ({ page }) => {
  await openRoute(page, '#/ring');
  // The page's opening count first, so the key presses below meet a page with nothing else to do.
  await settled(page);
  const next = page.getByRole('button', { name: 'Next step' });
  const position = page.locator('.rv-lookup-panel .rv-row .muted');
  const steps = Number((await position.textContent()).match(/of (\d+)/)[1]);
  expect(steps).toBeGreaterThan(2);
  await next.focus();
  // One press per step, each waited for, rather than pressing until the button reads as spent.
  for (let step = 2; step <= steps; step += 1) {
    await page.keyboard.press('Enter');
    await expect(position).toHaveText(`step ${step} of ${steps}`);
  }
  await expect(next).toBeDisabled();
  await expect(next).toBeFocused();
  // A key press on the spent button does nothing (the last step stays).
  const current = await page.locator('.rv-step.current').textContent();
  await page.keyboard.press('Enter');
  await expect(page.locator('.rv-step.current')).toHaveText(current);

  await settled(page);
  await page.getByRole('button', { name: 'Kill server S1', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.rv-server')).toHaveCount(3);
  const focused = await page.evaluate(() => ({
    tag: document.activeElement.tagName,
    kill: document.activeElement.classList.contains('rv-kill'),
  }));
  expect(focused.kill).toBe(false);
  expect(focused.tag).not.toBe('BODY');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(page.locator('.rv-server')).toHaveCount(3);
  await settled(page);
  await expect(page.getByTestId('moved-counter')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('moved-counter')).toContainText('killed S1');
});

test('a reload restores the same state', async ({ page }) => {
  await openRoute(page, '#/ring');
  await scheme(page, 'jump').click();
  await page.getByTestId('add-server').click();
  await page.getByLabel('Kill server S1').click();
  await page.getByLabel('Replicas R').fill('2');
  await page.getByLabel('Replicas R').press('Enter');
  await page.locator('#rv-key').fill('order:77');
  await settled(page);
  const url = page.url();
  expect(url).toContain('scheme=jump');
  const counter = await page.getByTestId('moved-counter').textContent();
  const load = await page.locator('.rv-load').textContent();
  await page.reload();
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await settled(page);
  expect(page.url()).toBe(url);
  await expect(page.locator('#rv-scheme-jump')).toBeChecked();
  await expect(page.getByTestId('moved-counter')).toHaveText(counter);
  await expect(page.locator('.rv-load')).toHaveText(load);
  await expect(page.locator('#rv-key')).toHaveValue('order:77');
});

// An address edited while the page runs (by the reader, or by the page that frames this one)
// wins: the view restores it and leaves it, rather than writing its old state back.
test('an edited address restores the ring and stays', async ({ page }) => {
  await openRoute(page, '#/ring');
  await settled(page);
  await page.evaluate(() => { location.hash = '#/ring?v=1&scheme=jump&vnodes=20'; });
  await expect(page.locator('#rv-scheme-jump')).toBeChecked();
  await expect(page.getByLabel('Vnodes per unit of weight')).toHaveValue('20');
  await page.waitForTimeout(1000);
  expect(page.url()).toContain('scheme=jump');
  expect(page.url()).toContain('vnodes=20');
  await expect(page.locator('#rv-scheme-jump')).toBeChecked();
  // A spelling of the same state the view would not write becomes its own spelling.
  await page.evaluate(() => { location.hash = '#/ring?v=1&scheme=jump&vnodes=020'; });
  await expect(page).toHaveURL(/vnodes=20(&|$)/);
  // A bare address is the defaults, though the view never wrote it.
  await page.evaluate(() => { location.hash = '#/ring'; });
  await expect(page.getByLabel('Vnodes per unit of weight')).toHaveValue('100');
  await expect(page.locator('#rv-scheme-jump')).not.toBeChecked();
});

// Issue 19, §3: the lookup step is part of the link; a bad one is a note, never a crash.
test('the lookup step survives a reload, and a bad step in a link is a note', async ({ page }) => {
  await openRoute(page, '#/ring');
  await page.locator('#rv-key').fill('cart:2026');
  const next = page.getByRole('button', { name: 'Next step' });
  await next.click();
  await next.click();
  const current = await page.locator('.rv-step.current').textContent();
  await expect(page).toHaveURL(/[?&]step=3(&|$)/);
  await page.reload();
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(page.locator('.rv-step.current')).toHaveText(current);
  await openRoute(page, '#/ring?v=1&key=cart%3A2026&step=banana');
  await expect(page.locator('.ring-view .note')).toContainText('lookup step');
  await expect(page.locator('.rv-step').first()).toHaveClass(/current/);
});

// The keys are painted on a canvas under the SVG; it states what it drew in data attributes.
const dots = (page) => page.locator('canvas.rv-dots');
const inkedPixels = (page) =>
  dots(page).evaluate((canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) inked += 1;
    return inked;
  });

test('the canvas draws every sampled key and flies the moved ones', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&sample=10000');
  await expect(dots(page)).toHaveAttribute('data-dots', '10000');
  await expect(dots(page)).toHaveAttribute('data-moved', '0');
  await expect(page.locator('.rv-figure figcaption')).toContainText('10000 drawn keys');
  const before = await inkedPixels(page);
  expect(before).toBeGreaterThan(1000);
  // No SVG circle per key any more: the SVG keeps only the ring's marks.
  expect(await page.locator('.rv-ring circle').count()).toBeLessThan(10);
  await page.getByTestId('add-server').click();
  await expect(dots(page)).toHaveAttribute('data-flying', 'true');
  await expect(dots(page)).toHaveAttribute('data-flying', 'false', { timeout: 5_000 });
  const moved = Number(await dots(page).getAttribute('data-moved'));
  await expect(page.getByTestId('moved-drawn')).toContainText(`${moved} of them moved`);
  expect(moved).toBeGreaterThan(1000);
  expect(moved).toBeLessThan(3000);
  // The moved keys now also fill the inner orbit.
  expect(await inkedPixels(page)).toBeGreaterThan(before);
});

test('with reduced motion the moved keys land at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openRoute(page, '#/ring');
  await dots(page).evaluate((canvas) => {
    window.__flew = false;
    new MutationObserver(() => {
      if (canvas.dataset.flying === 'true') window.__flew = true;
    }).observe(canvas, { attributes: true, attributeFilter: ['data-flying'] });
  });
  await page.getByTestId('add-server').click();
  await expect(page.getByTestId('moved-drawn')).toBeVisible();
  await expect(dots(page)).not.toHaveAttribute('data-moved', '0');
  await expect(dots(page)).toHaveAttribute('data-flying', 'false');
  expect(await page.evaluate(() => window.__flew)).toBe(false);
});

test('the dots take the theme colours when the theme changes', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openRoute(page, '#/ring');
  // The sum of every inked pixel's colour channels: the servers' colours differ between themes.
  const sample = () =>
    dots(page).evaluate((canvas) => {
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0) sum += data[i] + data[i + 1] + data[i + 2];
      return sum;
    });
  const light = await sample();
  await page.locator('.theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(sample).not.toBe(light);
});

test('a bad link shows a note and falls back to defaults', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&scheme=nope&servers=1.1&vnodes=99999&r=0');
  await expect(page.locator('.ring-view .note')).toContainText('scheme');
  await expect(page.locator('#rv-scheme-ring')).toBeChecked();
  await expect(page.locator('.rv-server')).toHaveCount(4);
});

for (const [width, height] of [[1280, 800], [390, 844]]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`screenshots at ${width}×${height}, ${colorScheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await openRoute(page, '#/ring');
      await settled(page);
      const ring = page.locator('.rv-ring');
      await ring.scrollIntoViewIfNeeded();
      // Slow the flight down for the picture only: a screenshot takes longer than the 600 ms flight.
      // The canvas reads its flight time from --rv-flight when a flight starts.
      const slow = await page.addStyleTag({ content: '.rv-dots { --rv-flight: 4s !important; }' });
      await page.getByTestId('add-server').click();
      await page.waitForTimeout(1000);
      await expect(page.locator('canvas.rv-dots')).toHaveAttribute('data-flying', 'true');
      await ring.screenshot({ path: `test-results/ring-mid-${width}-${colorScheme}.png` });
      await slow.evaluate((el) => el.remove());
      await settled(page);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `test-results/ring-${width}-${colorScheme}.png`, fullPage: true });
      await scheme(page, 'mod').click();
      await settled(page);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `test-results/ring-mod-${width}-${colorScheme}.png`, fullPage: true });
    });
  }
}

test('the comparison sweeps wait until their plots come near the screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRoute(page, '#/ring');
  await settled(page);
  await page.waitForTimeout(1000);
  // The plots are a page of their own, framed lazily: nothing of theirs runs until the reader
  // scrolls near them.
  const frames = page.locator('.rv-comparisons iframe.widget-frame');
  await expect(frames).toHaveCount(2);
  await expect(frames.first()).toHaveAttribute('src', /compare\.html#\/embed\/ring\/compare\?/);
  // The metric table is the same page's other widget, over the same servers and settings.
  await expect(frames.last()).toHaveAttribute('src', /compare\.html#\/embed\/ring\/metrics\?/);
  await expect(plots(page).getByTestId('plot-moved')).toHaveCount(0);
  await comparisons(page);
  await expect(plots(page).locator('.in-view-waiting')).toHaveCount(0);
  await expect(plots(page).getByTestId('plot-moved').locator('canvas.chart-canvas[data-drawn="true"]')).toBeAttached({ timeout: 30_000 });
  // Inside the Ring the frame is shardlab already: no embed link out to it.
  await expect(plots(page).getByRole('link', { name: /Open in shardlab/ })).toHaveCount(0);
});

test('a parameter set measured before comes back at once, without a second sweep', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/ring');
  await settled(page);
  await comparisons(page);
  const moved = plots(page).getByTestId('plot-moved');
  const balance = plots(page).getByTestId('plot-vnodes');
  await expect(moved.locator('.rv-progress')).toHaveCount(0, { timeout: 30_000 });
  await expect(balance.locator('.rv-progress')).toHaveCount(0, { timeout: 30_000 });
  const at100 = await moved.locator('tbody').textContent();
  const vnodes = page.getByLabel('Vnodes per unit of weight');
  await vnodes.fill('20');
  await vnodes.press('Enter');
  await expect(page).toHaveURL(/vnodes=20&/);
  // Wait for the sweep at 20 to finish: a plot with no progress line and a table other than the
  // one at 100. Checking the two apart raced on a loaded machine: the plot is briefly gone while
  // the new sweep starts, and its first partial table already differs.
  await expect.poll(() => plotsFrame(page).evaluate((before) => {
    const plot = document.querySelector('[data-testid="plot-moved"]');
    return !!plot && !plot.querySelector('.rv-progress') && plot.querySelector('tbody')?.textContent !== before;
  }, at100), { timeout: 30_000 }).toBe(true);
  // From here on, any progress line inside the two plots means a sweep ran again.
  // The frame's address changes in its fragment alone, so its document (and its kept sweeps) stay.
  await plotsFrame(page).evaluate(() => {
    window.__swept = [];
    new MutationObserver(() => {
      for (const id of ['moved', 'vnodes']) {
        if (document.querySelector(`[data-testid="plot-${id}"] .rv-progress`)) window.__swept.push(id);
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  await vnodes.fill('100');
  await vnodes.press('Enter');
  // 100 is the default, which the address leaves out.
  await expect(page).not.toHaveURL(/vnodes=/);
  await page.waitForTimeout(1000);
  expect(await plotsFrame(page).evaluate(() => window.__swept)).toEqual([]);
  expect(await moved.locator('tbody').textContent()).toBe(at100);
  // A server added and killed brings the balance sweep's server count back too. The sweep for
  // five servers starts after the flight and the Ring's catch-up, so wait until it has been seen
  // to run and to finish: a sweep still to start would otherwise run after the Kill.
  await plotsFrame(page).evaluate(() => { window.__swept = []; });
  await page.getByTestId('add-server').click();
  await expect(page.getByRole('heading', { name: 'Servers (5)' })).toBeVisible();
  await expect.poll(() => plotsFrame(page).evaluate(() => window.__swept.includes('vnodes')), { timeout: 30_000 }).toBe(true);
  await expect(balance.locator('.rv-progress')).toHaveCount(0, { timeout: 30_000 });
  await plotsFrame(page).evaluate(() => { window.__swept = []; });
  await page.getByRole('button', { name: 'Kill server S4' }).click();
  await expect(page.getByRole('heading', { name: 'Servers (4)' })).toBeVisible();
  await page.waitForTimeout(1500); // longer than the balance sweep's wait for the flight
  expect(await plotsFrame(page).evaluate(() => window.__swept)).toEqual([]);
  expect(await moved.locator('tbody').textContent()).toBe(at100);
});

test('the plots have tables, PNG and SVG downloads', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRoute(page, '#/ring');
  await settled(page);
  await comparisons(page);
  for (const id of ['moved', 'vnodes']) {
    const plot = plots(page).getByTestId(`plot-${id}`);
    await expect(plot.locator('canvas.chart-canvas[data-drawn="true"]').first()).toBeAttached();
    await expect(plot.locator('.rv-progress')).toHaveCount(0, { timeout: 30_000 });
    await expect(plot.locator('table tbody tr').first()).toBeAttached();
  }
  // Mod moves about 80 % at N = 4; the ring about 20 %.
  const row = plots(page).getByTestId('plot-moved').locator('tbody tr', { hasText: /^4/ });
  const cells = await row.locator('td').allTextContents();
  expect(Number(cells[0].split(' ')[0])).toBeGreaterThan(0.75);
  expect(Number(cells[1].split(' ')[0])).toBeLessThan(0.28);
  const svg = page.waitForEvent('download');
  await plots(page).getByTestId('plot-moved').getByRole('button', { name: 'Download SVG' }).click();
  expect((await svg).suggestedFilename()).toBe('shardlab-moved.svg');
  // The files themselves: a standalone SVG document with the plot's lines, a real PNG, and a CSV
  // with the same numbers as the table. They are kept in test-results/ to be looked at.
  await (await svg).saveAs('test-results/exported-moved.svg');
  const svgText = readFileSync('test-results/exported-moved.svg', 'utf8');
  expect(svgText).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svgText).toContain('<polyline');
  // Issue 19, §3: an export says what it shows and where it came from.
  const movedTitle = (await plots(page).getByTestId('plot-moved').locator('h2').textContent()).trim();
  expect(svgText).toContain(movedTitle);
  expect(svgText).toContain('Source: shardlab');
  const png = page.waitForEvent('download');
  await plots(page).getByTestId('plot-vnodes').getByRole('button', { name: 'Download PNG' }).click();
  expect((await png).suggestedFilename()).toBe('shardlab-vnodes.png');
  await (await png).saveAs('test-results/exported-vnodes.png');
  const pngBytes = readFileSync('test-results/exported-vnodes.png');
  expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(pngBytes.length).toBeGreaterThan(5_000);
  // The PNG is drawn at twice the on-screen size (or the screen's pixel ratio, if higher).
  const shownWidth = await plots(page).getByTestId('plot-vnodes').locator('canvas').evaluate((c) => c.clientWidth);
  expect(pngBytes.readUInt32BE(16)).toBeGreaterThanOrEqual(2 * shownWidth);
  // Taller than the plot on screen: a title above it and a source line under it.
  const shownHeight = await plots(page).getByTestId('plot-vnodes').locator('canvas').evaluate((c) => c.clientHeight);
  expect(pngBytes.readUInt32BE(20)).toBeGreaterThanOrEqual(2 * (shownHeight + 40));
  const csv = page.waitForEvent('download');
  await plots(page).getByTestId('plot-moved').getByRole('button', { name: 'Download CSV' }).click();
  expect((await csv).suggestedFilename()).toBe('shardlab-moved.csv');
  await (await csv).saveAs('test-results/exported-moved.csv');
  const csvLines = readFileSync('test-results/exported-moved.csv', 'utf8').trim().split('\n');
  expect(csvLines.length).toBe(1 + (await plots(page).getByTestId('plot-moved').locator('tbody tr').count()));
  const csvRow = csvLines.find((line) => line.startsWith('4,')).split(',');
  expect(Number(csvRow[1])).toBeGreaterThan(0.75);
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    for (const id of ['moved', 'vnodes']) {
      await plots(page).getByTestId(`plot-${id}`).locator('canvas').screenshot({ path: `test-results/ring-plot-${id}-${colorScheme}.png` });
    }
  }
});

// Issue 19, §3: on a phone the movement plot's table (a column per scheme) scrolls inside its card
// instead of running past it and cutting the last column ("id") off.
test('on a phone the plot tables scroll inside their cards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRoute(page, '#/ring');
  await comparisons(page);
  const plot = plots(page).getByTestId('plot-moved');
  await expect(plot.locator('table tbody tr').first()).toBeAttached({ timeout: 30_000 });
  // The table is filled as the run measures; its columns settle when the progress line goes.
  await expect(plot.locator('.rv-progress')).toHaveCount(0, { timeout: 60_000 });
  await plot.locator('summary').click();
  const last = plot.locator('thead th').last();
  await expect(last).toHaveText(/^id/);
  // Scrolled to its end, the table shows its last column inside the card.
  const scroller = plot.locator('.rv-plot-scroll');
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
  const box = await plot.boundingBox();
  const view = await scroller.boundingBox();
  const head = await last.boundingBox();
  expect(view.x + view.width).toBeLessThanOrEqual(box.x + box.width + 1);
  expect(head.x).toBeGreaterThanOrEqual(view.x - 1);
  // The id column starts inside the scrolled view (before the fix it lay wholly past the card).
  expect(head.x).toBeLessThan(view.x + view.width);
  // ...and ends inside it: the whole column can be read.
  expect(head.x + head.width).toBeLessThanOrEqual(view.x + view.width + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
