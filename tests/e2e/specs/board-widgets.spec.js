// The Board's widgets (issue 18), each in its chrome-less embed route: it loads with no console
// error (the shared fixture fails on one), carries `data-widget` and the Board's snapshot, is at
// most 700 px tall in a 680 px column, does not scroll sideways on a 390 px phone, keeps every
// box of its board inside the canvas, and answers its one key interaction.
import { test, expect, openRoute } from './fixtures.js';

const WIDGETS = ['solve', 'break', 'spread', 'capacity', 'shard-load', 'failover', 'reshard', 'scrub'];

/** The embed's height as the frame would be sized to it (shell/embed_height.rs). */
const contentHeight = (page) => page.evaluate(() => Math.max(
  document.body.scrollHeight,
  Math.ceil(document.documentElement.getBoundingClientRect().height),
));

/** Whether every box of the board is inside the canvas's visible box. */
const boxesInside = (page) => page.evaluate(() => {
  const board = document.querySelector('.board-svg').getBoundingClientRect();
  const boxes = [...document.querySelectorAll('.board-svg [data-node] > rect')];
  return boxes.length > 0 && boxes.every((el) => {
    const r = el.getBoundingClientRect();
    return r.left >= board.left - 0.5 && r.right <= board.right + 0.5
      && r.top >= board.top - 0.5 && r.bottom <= board.bottom + 0.5;
  });
});

const setUsers = (page, position) => page.locator('#board-users').evaluate((el, v) => {
  el.value = String(v);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}, position);

for (const name of WIDGETS) {
  test(`the ${name} widget fits a column and a phone`, async ({ page }) => {
    // A short viewport, so the page's height is its content's and not the window's.
    await page.setViewportSize({ width: 680, height: 400 });
    await openRoute(page, `board.html#/embed/board/${name}`);
    const root = page.locator(`[data-widget="board/${name}"]`);
    await expect(root).toHaveCount(1);
    await expect(root).toHaveAttribute('data-shardlab-snapshot', /"preset":"pinterest"/);
    // The default state, settled: the simulation has finished (the snapshot says so).
    await expect(root).toHaveAttribute('data-shardlab-snapshot', /"source":"simulation"/, { timeout: 20_000 });
    // A widget never shows the rest of the view (its one heading is its own title).
    await expect(page.locator('.board-palette, .board-settings, h1:not(.widget-title)')).toHaveCount(0);
    await page.screenshot({ path: `test-results/board-widget-${name}-680.png`, fullPage: true });
    const tall = await contentHeight(page);
    test.info().annotations.push({ type: "height at 680 px", description: String(tall) });
    expect(tall, `${name} at 680 px wide`).toBeLessThanOrEqual(700);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      { message: `${name}: no horizontal scrolling at 390 px` }).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/board-widget-${name}-390.png`, fullPage: true });
  });
}

test('solve: every box is inside the canvas at 680, its text is 12 px at 390, and the slider moves the caption', async ({ page }) => {
  await page.setViewportSize({ width: 680, height: 800 });
  await openRoute(page, 'board.html#/embed/board/solve');
  await expect(page.locator('.board-svg [data-node]')).toHaveCount(4);
  await expect.poll(() => boxesInside(page), { message: 'every box inside at 680' }).toBe(true);
  // At 390 the zoom stops where text would shrink under 12 px (issue 38): the board opens on its
  // first boxes and says how many are off screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const smallestText = () => page.locator('.board-svg [data-node] text').evaluateAll(
    (els) => Math.min(...els.map((el) => parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a)),
  );
  await expect.poll(smallestText, { message: 'text at 390' }).toBeGreaterThanOrEqual(11.9);
  await expect(page.locator('.board-zoom .hint')).toContainText('boxes are off screen');
  const caption = page.getByTestId('board-caption');
  await expect(caption).toHaveText(/^At 4,000 users/);
  await setUsers(page, 1000);
  await expect(caption).toHaveText(/^At 1,000,000 users/);
  // The widget keeps its own address as its state changes.
  await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#\/embed\/board\/solve\?v=1&.*users=1000000/);
});

test('solve: a widget address opens its preset default, never the reader\'s autosave', async ({ page }) => {
  await openRoute(page, 'board.html#/board', '');
  await page.evaluate(() => localStorage.setItem('shardlab.board.v1', JSON.stringify([['v', '1'], ['preset', 'one-big-box'], ['users', '7000']])));
  await openRoute(page, 'board.html#/w/board/solve');
  await expect(page.locator('[data-widget="board/solve"]')).toHaveAttribute('data-shardlab-snapshot', /"preset":"pinterest"/);
  await expect(page.getByTestId('board-caption')).toHaveText(/^At 4,000 users/);
  await setUsers(page, 0);
  await expect(page.getByTestId('board-caption')).toHaveText(/^At 10 users/);
  // Editing the widget's board leaves the reader's save as it was.
  await page.waitForTimeout(600);
  const saved = await page.evaluate(() => localStorage.getItem('shardlab.board.v1'));
  expect(saved).toContain('one-big-box');
});

test('break: an injected fault shows in the second-by-second plot', async ({ page }) => {
  await openRoute(page, 'board.html#/embed/board/break');
  const timeline = page.locator('[data-plot="plot-timeline"]');
  await expect(timeline).toHaveCount(1, { timeout: 20_000 });
  await expect(timeline).not.toHaveAttribute('data-detail', /fault/);
  await page.getByRole('button', { name: 'Kill a master' }).click();
  await expect(page.locator('.fault-list li')).toHaveText([/At 20 s: master of shard 0 dies/]);
  await expect(timeline).toHaveAttribute('data-detail', /fault/, { timeout: 20_000 });
  await expect(page.locator('[data-widget="board/break"]')).toHaveAttribute('data-shardlab-snapshot', /"faults":\["master_down"\]/);
});

test('capacity and shard-load draw their own plots and nothing else', async ({ page }) => {
  await openRoute(page, 'board.html#/embed/board/capacity');
  await expect(page.locator('[data-plot="plot-capacity"] canvas')).toHaveAttribute('data-drawn', 'true');
  await expect(page.locator('[data-plot]')).toHaveCount(1);
  await openRoute(page, 'board.html#/embed/board/shard-load');
  await expect(page.locator('[data-plot="plot-shards"] canvas')).toHaveAttribute('data-drawn', 'true');
  await expect(page.locator('[data-plot]')).toHaveCount(1);
  await expect(page.getByTestId('sample-ids').locator('a')).toHaveCount(5);
});

test('a bad value in a widget\'s link is named inside the widget\'s frame', async ({ page }) => {
  await openRoute(page, 'board.html#/embed/board/capacity?v=1&users=lots');
  const root = page.locator('[data-widget="board/capacity"]');
  await expect(root.locator('.note')).toContainText(/users .*lots.* is not a whole number 10 … 1000000; kept 4000\./);
  await expect(root.locator('[data-plot="plot-capacity"]')).toHaveCount(1);
});

test('failover: a dead master with auto-failover fails requests only in its window', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 680, height: 900 });
  await openRoute(page, 'board.html#/embed/board/failover');
  const verdict = page.getByTestId('failover-verdict');
  await expect(verdict).toContainText('No master dies in this run yet');
  await page.locator('select[data-setting="auto_failover"]').selectOption('on');
  await page.locator('input[data-setting="failover_detect_s"]').fill('3');
  await page.locator('input[data-setting="failover_detect_s"]').press('Tab');
  await page.locator('input[data-setting="failover_promote_s"]').fill('9');
  await page.locator('input[data-setting="failover_promote_s"]').press('Tab');
  await page.locator('#fault-at').fill('10');
  await page.getByRole('button', { name: 'Kill a master' }).click();
  await expect(verdict).toContainText('its standby takes over at 22 s (3 s to notice, 9 s to promote)');
  const root = page.locator('[data-widget="board/failover"]');
  await expect(root).toHaveAttribute('data-shardlab-snapshot', /"source":"simulation"/, { timeout: 30_000 });
  await expect(verdict).toContainText('requests found no master');
  // The seconds that failed lie in the window [10, 22], within one simulated second.
  const [first, last] = (await verdict.textContent()).match(/from second (\d+) to second (\d+)/).slice(1).map(Number);
  expect(first).toBeGreaterThanOrEqual(9);
  expect(first).toBeLessThanOrEqual(11);
  expect(last).toBeGreaterThanOrEqual(20);
  expect(last).toBeLessThanOrEqual(22);
  await page.screenshot({ path: 'test-results/board-failover-window.png', fullPage: true });
});

test('reshard: the bill shows before the run, and p99 climbs during the copy', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 680, height: 900 });
  await openRoute(page, 'board.html#/embed/board/reshard');
  const verdict = page.getByTestId('reshard-verdict');
  await expect(verdict).toContainText('No reshard on the timeline yet');
  await page.locator('input[data-setting="row_bytes"]').fill('65536');
  await page.locator('input[data-setting="row_bytes"]').press('Tab');
  await page.locator('input[data-setting="copy_mb_s"]').fill('300');
  await page.locator('input[data-setting="copy_mb_s"]').press('Tab');
  await page.locator('#fault-at').fill('20');
  await page.locator('#fault-shard').fill('0');
  await page.getByRole('button', { name: 'Reshard' }).click();
  await expect(verdict).toContainText('from MySQL001A to MySQL009A');
  await expect(verdict).toContainText('copies 2.0 GB at 300 MB/s');
  const root = page.locator('[data-widget="board/reshard"]');
  await expect(root).toHaveAttribute('data-shardlab-snapshot', /"source":"simulation"/, { timeout: 30_000 });
  const p99 = await verdict.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => parseFloat(row.querySelectorAll('td')[0].textContent)));
  expect(p99).toHaveLength(3);
  expect(p99[1]).toBeGreaterThan(p99[0]);
  expect(p99[1]).toBeGreaterThan(p99[2]);
  // The Decoder's side of the same split is one link away.
  await expect(verdict.getByRole('link', { name: "The same split in the Decoder's config table" }))
    .toHaveAttribute('href', /#\/decoder\?v=1&layout=pinterest/);
  await page.screenshot({ path: 'test-results/board-reshard-bill.png', fullPage: true });
});

// Issue 23 §1: the same board over K seeds, in the simulator's worker.
test('spread: K seeds give each figure a median and a band; a bad count, Cancel and a change keep the page honest', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 680, height: 900 });
  await openRoute(page, 'board.html#/embed/board/spread');
  const panel = page.getByTestId('seed-spread');
  const seeds = panel.locator('#spread-seeds');
  await expect(panel.getByTestId('spread-result')).toContainText('Not run yet for this board');
  await seeds.fill('0');
  await seeds.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText('Seeds is a whole number 1 … 100; the last good count, 10, stays.');
  await expect(seeds).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('button', { name: 'Run 10 seeds' })).toBeVisible();
  await seeds.fill('3');
  await seeds.press('Enter');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Run 3 seeds' }).click();
  const table = panel.locator('.spread-table');
  await expect(table).toBeVisible({ timeout: 90_000 });
  const caption = await panel.locator('#spread-caption').textContent();
  const [, first, last] = caption.match(/^Medians over 3 seeds \((\d+) … (\d+)\), 60 simulated s each\.$/) ?? [];
  expect(Number(last) - Number(first), caption).toBe(2);
  await expect(table.locator('tbody tr')).toHaveCount(7);
  // The caption's run has a worker, the sweep another, and the sweep split its seeds with a
  // helper worker of its own.
  expect(page.workers().length, page.workers().map((w) => w.url()).join('\n')).toBeGreaterThanOrEqual(3);
  // Each figure's median lies inside its min … max.
  const number = (text) => Number(text.replace(/[^0-9.]/g, ''));
  for (const figure of ['apdex', 'p99_ms', 'throughput_rps']) {
    const cells = await table.locator(`tr[data-figure="${figure}"] td`).allTextContents();
    if (cells[2] === 'the same') continue;
    const ends = cells[2].split(' … ').map(number);
    const [low, high] = [ends[0], ends[ends.length - 1]];
    const median = number(cells[0]);
    expect(median, `${figure}: ${cells.join(' | ')}`).toBeGreaterThanOrEqual(low);
    expect(median, `${figure}: ${cells.join(' | ')}`).toBeLessThanOrEqual(high);
  }
  await page.screenshot({ path: 'test-results/board-spread-680.png', fullPage: true });
  // A changed board drops the result it no longer describes.
  await setUsers(page, 600);
  await expect(table).toHaveCount(0);
  await expect(panel.getByTestId('spread-result')).toContainText('Not run yet for this board');
  // Cancel stops a long sweep and the panel is ready again.
  await seeds.fill('100');
  await seeds.press('Enter');
  await panel.getByRole('button', { name: 'Run 100 seeds' }).click();
  await expect(panel.getByTestId('spread-result')).toContainText(/Seed \d+ of 100/);
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('button', { name: 'Run 100 seeds' })).toBeVisible();
  await expect(panel.getByTestId('spread-result')).toContainText('Not run yet for this board');
});

// Issue 23 §4 as a widget: a link's design and `t` open the boxes at that second.
test('scrub: a link opens the board at its second, a dead master\'s drops on its box', async ({ page }) => {
  await openRoute(page, '#/board');
  await expect(page.getByTestId('caption-source')).toHaveText('simulation', { timeout: 20_000 });
  await page.locator('#fault-at').fill('10');
  await page.getByRole('button', { name: 'Kill a master' }).click();
  await expect(page).toHaveURL(/[?&]d=/);
  const query = page.url().split('?')[1];
  await openRoute(page, `board.html#/w/board/scrub?${query}&t=30`);
  const readout = page.getByTestId('scrub-readout');
  await expect(readout).toContainText(/^Second 30 of \d+: [\d,]+ requests arrived, p99 [\d,.]+ ms, [\d,]+ errors\./, { timeout: 20_000 });
  await expect(page.locator('#scrub')).toHaveValue('30');
  await expect(page.locator('.board-svg [data-node="db"] [data-testid="drop-badge"] text')).toHaveText(/^[\d,]+ dropped: no master$/);
  await expect(page.locator('.board-svg [data-node="users"] .node-load')).toHaveText(/req\/s$/);
  // The widget is the boxes and the scrubber, nothing else of the view.
  await expect(page.locator('.board-faults, .board-plots, .board-palette')).toHaveCount(0);
});
