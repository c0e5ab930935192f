// The Decoder's "A pile of IDs" widget (issue 22 §3): 100,000 IDs are read in slices with a
// progress bar, summarised and exported as CSV with no task over the chunked-work bound, and bad
// piles get an inline message naming the limit or the line while the reader's text stays.
import { test, expect, openRoute } from './fixtures.js';
import { expectShortTasks, watchMainThread } from './long-tasks.js';

const ROUTE = 'decoder.html#/w/decoder/batch?v=1&layout=snowflake';

/**
 * Makes `count` Snowflake IDs inside the page (so no harness transfer is a task of the page's
 * own): 40 per millisecond over datacenter 1's workers 0-3, each worker's sequence counting up
 * within the millisecond; the last line repeats the first (a duplicate, and out of time order).
 */
async function makePile(page, count) {
  await page.evaluate((count) => {
    const epoch = 1288834974657n;
    const start = 1700000000000n - epoch;
    const lines = [];
    for (let i = 0; i < count - 1; i += 1) {
      const ms = start + BigInt(Math.floor(i / 40));
      const worker = BigInt(i % 4);
      const sequence = BigInt(Math.floor((i % 40) / 4));
      lines.push(((ms << 22n) | (1n << 17n) | (worker << 12n) | sequence).toString());
    }
    lines.push(lines[0]);
    window.__pile = lines.join('\n');
  }, count);
}

/** Puts `window.__pile` (or `text`) into the box as a paste does: its value, then an input event. */
const paste = (page, text) =>
  page.evaluate((text) => {
    const box = document.querySelector('#batch-text');
    box.value = text ?? window.__pile;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, text ?? null);

/**
 * A paste of `window.__pile` as the page sees the reader's: a `paste` event carrying it, made
 * ready by `readyPaste` (the harness's work: a 100 MB DataTransfer is seconds of it) and sent by
 * `sendPaste`. A synthetic paste puts nothing in the box itself, so what the box holds after it is
 * what the page let in.
 */
const readyPaste = (page) =>
  page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', window.__pile);
    window.__paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
  });
const sendPaste = (page) =>
  page.evaluate(() => document.querySelector('#batch-text').dispatchEvent(window.__paste));

test('100,000 IDs are read in slices with a progress bar, summarised and exported', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await openRoute(page, ROUTE);
  await makePile(page, 100_000);
  // Pasted, as a reader's pile arrives: it is held beside the box, never laid out in it (a box
  // of 100,000 lines is seconds of the browser's own layout; big-paste.spec.js pastes with Ctrl+V).
  await readyPaste(page);
  // Every total the progress bar shows, recorded in the page: on a loaded machine the run can end
  // between two of the harness's looks.
  await page.evaluate(() => {
    window.__totals = new Set();
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="batch-progress"] progress');
      if (bar) window.__totals.add(bar.getAttribute('max'));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['max'] });
  });
  await watchMainThread(page, browser);
  await sendPaste(page);
  await expect(page.getByTestId('batch-held')).toContainText('Holding 100,000 lines');
  await expect(page.locator('#batch-text')).toHaveValue('');
  const status = page.getByTestId('batch-status');
  await expect(status).toHaveText('Read 100,000 IDs: 1 duplicate, 1 out of time order, 0 refused lines.', { timeout: 60_000 });
  await expect(page.getByTestId('batch-progress')).toHaveCount(0);
  expect(await page.evaluate(() => [...window.__totals]), 'the progress bar counted the pile\'s lines').toContain('100000');
  await expect(page.getByTestId('batch-duplicates')).toHaveText('1');
  await expect(page.getByTestId('batch-duration')).toHaveText('2.499 s');
  await expect(page.getByTestId('batch-span')).toContainText('2023-11-14T22:13:20.000Z (line 1)');
  // Four workers of datacenter 1, in turn: worker 0 has the repeated first ID, worker 3 one less.
  const bars = page.getByTestId('batch-histogram').locator('tbody tr');
  await expect(bars).toHaveCount(4);
  await expect(bars.first()).toContainText('datacenter 1, worker 0');
  await expect(bars.locator('td.num')).toHaveText(['25,001', '25,000', '25,000', '24,999']);
  await expect(page.getByTestId('batch-gaps')).toHaveText('0');
  await expect(page.getByTestId('batch-exhausted')).toHaveText('0');
  // The export: one row per ID, written in slices too.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('shardlab-ids.csv');
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString();
  const rows = csv.trimEnd().split('\n');
  expect(rows).toHaveLength(100_001);
  expect(rows[0]).toBe('line,id,sign,timestamp,datacenter,worker,sequence,time (UTC)');
  expect(rows[1]).toMatch(/^1,\d+,0,411165025343,1,0,0,2023-11-14T22:13:20\.000Z$/);
  await expectShortTasks(browser, testInfo);
});

test('a new paste cancels the run, and Cancel stops one where it is', async ({ page }) => {
  test.setTimeout(120_000);
  await openRoute(page, ROUTE);
  await makePile(page, 100_000);
  await readyPaste(page);
  // The CPU slowed 6×, as on a slow phone, so the run outlasts the click: on a fast or a loaded
  // machine a whole pile could be read between the progress showing and the click landing.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  // Cancel is pressed inside the page as soon as the run has counted the pile: on a loaded machine
  // the harness's own click came after the run had ended (its button hidden) in 2 of 5 tries.
  await page.evaluate(() => new Promise((pressed) => {
    const observer = new MutationObserver(() => {
      const cancel = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Cancel' && !b.hidden);
      const bar = document.querySelector('[data-testid="batch-progress"] progress');
      if (cancel && bar?.getAttribute('max') === '100000') {
        observer.disconnect();
        cancel.click();
        pressed();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    // Pasted, so the pile is held beside the box: a box of 100,000 lines is a minute of layout
    // at this slow-down, which tests the browser, not the widget.
    document.querySelector('#batch-text').dispatchEvent(window.__paste);
  }));
  await expect(page.getByTestId('batch-status')).toContainText(/^Cancelled after [\d,]+ of 100,000 lines/);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByTestId('batch-progress')).toHaveCount(0);
  // A new paste while a run is going replaces it: only the new pile's report is shown.
  await page.getByRole('button', { name: 'Decode' }).click();
  await expect(page.getByTestId('batch-progress')).toBeVisible();
  await paste(page, '1541815603606036480\n1541815603606036480');
  await expect(page.getByTestId('batch-status')).toHaveText('Read 2 IDs: 1 duplicate, 0 out of time order, 0 refused lines.');
});

test.describe('a bad pile is refused inline and the text stays in the box', () => {
  // Over the limits, a paste is kept out of the box (a browser takes minutes to lay out a million
  // lines and gives up on 100 MB), and what the box held stays, its report on screen.
  const tooBig = [
    ['a 100 MB paste', "'x'.repeat(100_000_000)", 'a batch is at most 8 MiB (8,388,608 bytes); this text is 100,000,000 bytes'],
    ['a million lines', "'1\\n'.repeat(1_000_000)", 'a batch is at most 100,000 lines of IDs; this text has 1,000,000'],
  ];
  for (const [name, make, message] of tooBig) {
    test(`${name}`, async ({ page, browser }, testInfo) => {
      await openRoute(page, ROUTE);
      const kept = '1541815603606036480\n1541815603606036481';
      await paste(page, kept);
      await expect(page.getByTestId('batch-status')).toContainText('Read 2 IDs');
      await page.evaluate(`window.__pile = ${make}`);
      await readyPaste(page);
      await watchMainThread(page, browser);
      await sendPaste(page);
      await expect(page.getByTestId('batch-error')).toHaveText(`${message}. It was not put in the box.`);
      await expect(page.locator('#batch-text')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#batch-text')).toHaveValue(kept);
      await expectShortTasks(browser, testInfo);
      // Decode reads the box again.
      await page.getByRole('button', { name: 'Decode' }).click();
      await expect(page.getByTestId('batch-status')).toContainText('Read 2 IDs');
      await expect(page.getByTestId('batch-error')).toBeEmpty();
    });
  }

  test('an empty box says there are no IDs', async ({ page }) => {
    await openRoute(page, ROUTE);
    await paste(page, '  \n\n');
    await expect(page.getByTestId('batch-error')).toContainText('there are no IDs in this text');
    await expect(page.locator('#batch-text')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#batch-text')).toHaveValue('  \n\n');
  });

  test('a bad character names its line and position; the good IDs are read', async ({ page }) => {
    await openRoute(page, ROUTE);
    await paste(page, '1541815603606036480\n15418156036060x6480\n');
    await expect(page.getByTestId('batch-refused')).toHaveText('1');
    const example = page.locator('.batch-finding.found').filter({ hasText: 'Refused lines' }).locator('li');
    await expect(example).toContainText('line 2: "15418156036060x6480"');
    await expect(example).toContainText("'x' at position 15 is not a decimal digit");
    await expect(page.getByTestId('batch-status')).toContainText('Read 1 ID:');
  });

  test('a missing CSV column names the header', async ({ page }) => {
    await openRoute(page, ROUTE);
    await paste(page, 'user,snowflake\nann,1541815603606036480\n');
    await page.getByRole('radio', { name: 'CSV column' }).check();
    await page.getByRole('textbox', { name: /CSV column/ }).fill('id');
    await expect(page.getByTestId('batch-error')).toContainText('the header has no column called "id"; its columns are "user", "snowflake"');
    await page.getByRole('textbox', { name: /CSV column/ }).fill('snowflake');
    await expect(page.getByTestId('batch-status')).toHaveText('Read 1 ID: 0 duplicates, 0 out of time order, 0 refused lines.');
    await expect(page.locator('#batch-text')).toHaveValue('user,snowflake\nann,1541815603606036480\n');
  });
});
