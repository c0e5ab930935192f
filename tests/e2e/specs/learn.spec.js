// The Learn path: every chapter's tasks done through the live views (iframes of the view pages),
// checked from the views' own state, and the progress kept over a reload. The shared fixture fails
// any test that logs a console error or requests another origin, frames included.
import { test, expect, openRoute } from './fixtures.js';

const PIN = '241294492511762325';

/** The chapter's live view number `n`, once its app has mounted. */
async function liveView(page, n = 0) {
  const frame = page.locator('iframe.live-frame').nth(n);
  await frame.scrollIntoViewIfNeeded();
  const view = frame.contentFrame();
  await expect(view.locator('body[data-app-ready="true"]')).toHaveCount(1, { timeout: 20_000 });
  return view;
}

/** The header's Learn link, which carries the finished-chapter count ("Learn 3/11"). */
const learnLink = (page) => page.locator('.site-header nav a').filter({ hasText: /^Learn/ });

const done = (page, id, timeout = 10_000) =>
  expect(page.locator(`#task-${id} .task-status`)).toHaveText('✓ Done', { timeout });

const notDone = (page, id) => expect(page.locator(`#task-${id} .task-status`)).toHaveText('Not yet');

/** Answers a reading task. */
async function read(page, id, text) {
  await page.locator(`#task-${id}-answer`).fill(text);
  await page.locator(`#task-${id}`).getByRole('button', { name: 'Check' }).click();
}

/** Picks option `label` of a question and checks it. */
async function choose(page, id, label) {
  await page.locator(`#task-${id}`).getByLabel(label).check();
  await page.locator(`#task-${id}`).getByRole('button', { name: 'Check' }).click();
}

/** The chapter is finished: the header counts it, and it stays so over a reload. */
async function finishedAndKept(page, ids) {
  await expect(learnLink(page)).toHaveText('Learn 1/11');
  await page.reload();
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  for (const id of ids) await done(page, id);
  await expect(learnLink(page)).toHaveText('Learn 1/11');
}

// Ring helpers, inside a frame.
const ringSettled = async (view) => {
  await expect(view.getByTestId('max-over-mean')).toBeVisible({ timeout: 20_000 });
  await expect(view.locator('.rv-progress')).toHaveCount(0, { timeout: 20_000 });
};
const setRingNumber = async (view, label, value) => {
  const input = view.getByLabel(label);
  await input.fill(value);
  await input.press('Enter');
};

// Board helpers, inside a frame.
const boardSimulated = (view) =>
  expect(view.getByTestId('caption-source')).toHaveText('simulation', { timeout: 30_000 });
// The database is reached the keyboard way (focus, then Enter). In a two-view chapter the board's
// frame is under 600 px wide, so its opening view zooms in until node text is legible and the
// database box sits at the right edge, partly out of view: a reader pans or tabs to it, and a
// click at the box's centre would land on the neighbouring frame.
const setShardKey = async (view, key) => {
  const database = view.locator('.board-svg [data-node="db"]');
  await database.focus();
  await database.press('Enter');
  await view.locator('select[data-setting="shard_key"]').selectOption(key);
};

test('the chapter list links every chapter and the header counts none yet', async ({ page }) => {
  await openRoute(page, '#/learn');
  await expect(page.locator('.learn .chapter-list li')).toHaveCount(11);
  await expect(learnLink(page)).toHaveText('Learn 0/11');
  await page.locator('.learn .chapter-list a').first().click();
  await expect(page.locator('h1')).toHaveText('Shard later');
  await expect(page.locator('iframe.live-frame')).toHaveAttribute('title', 'Board: one big box behind a cache');
  await expect(page.locator('.chapter-sources a').first()).toHaveAttribute('href', /^https:/);
  await page.getByRole('link', { name: /Next: Choosing a shard key/ }).click();
  await expect(page.locator('h1')).toHaveText('Choosing a shard key');
  await page.getByRole('link', { name: /Previous: Shard later/ }).click();
  await expect(page.locator('h1')).toHaveText('Shard later');
});

test('every page counts finished chapters in its header, and follows another tab', async ({ page }) => {
  await openRoute(page, '#/board', 'board.html');
  await expect(learnLink(page)).toHaveText('Learn 0/11');
  // Another page of the site stores a new count: the board's header follows the storage event.
  const other = await page.context().newPage();
  await other.goto('index.html#/learn');
  await other.evaluate(() => localStorage.setItem('shardlab.learn.finished', '3'));
  await expect(learnLink(page)).toHaveText('Learn 3/11');
  // Nonsense in the key reads as none finished, never more than there are chapters.
  await other.evaluate(() => localStorage.setItem('shardlab.learn.finished', '99'));
  await expect(learnLink(page)).toHaveText('Learn 11/11');
  await other.evaluate(() => localStorage.setItem('shardlab.learn.finished', 'lots'));
  await expect(learnLink(page)).toHaveText('Learn 0/11');
  await other.close();
  for (const file of ['decoder.html', 'ring.html']) {
    await openRoute(page, `#/${file.replace('.html', '')}`, file);
    await expect(learnLink(page)).toHaveText('Learn 0/11');
  }
});

test('1 shard later: one big box falls under Apdex 0.85 just past its knee', async ({ page }) => {
  test.setTimeout(120_000);
  await openRoute(page, '#/learn/shard-later');
  const view = await liveView(page);
  await boardSimulated(view);
  await notDone(page, 'knee');
  // Slam the slider to the top: far past the knee, so it does not count.
  const slider = view.locator('#board-users');
  await slider.fill('1000');
  await expect(view.getByTestId('board-caption')).toHaveText(/^At 1\.00M users/);
  await page.waitForTimeout(1_500);
  await notDone(page, 'knee');
  // About 5,000 users: the simulation puts the box under 0.85.
  await slider.fill('540');
  await expect(view.getByTestId('board-caption')).toHaveText(/^At 5\.01k users/);
  await done(page, 'knee', 60_000);
  await expect(page.getByTestId('task-announcement')).toContainText('Chapter finished');
  await finishedAndKept(page, ['knee']);
});

test('2 choosing a shard key: keying on the user makes a hot shard', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/shard-key');
  const view = await liveView(page);
  // Answering before the view shows the hot shard does not count.
  await choose(page, 'which-property', 'Even distribution');
  await expect(page.locator('#task-which-property .field-error')).toContainText('first put the live view');
  await setShardKey(view, 'hash_user');
  await boardSimulated(view);
  await done(page, 'hot-user', 30_000);
  await choose(page, 'which-property', 'High cardinality');
  await notDone(page, 'which-property');
  await expect(page.locator('#task-which-property .task-explanation')).toContainText('plenty of distinct values');
  await choose(page, 'which-property', 'Even distribution');
  await done(page, 'which-property');
  await finishedAndKept(page, ['hot-user', 'which-property']);
});

test('3 range, hash and directory: time-ordered keys heat the last range shard', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/range-hash-directory');
  await expect(page.locator('iframe.live-frame')).toHaveCount(2);
  const view = await liveView(page, 0);
  await setShardKey(view, 'range_time');
  await boardSimulated(view);
  await done(page, 'last-range-hot', 30_000);
  await choose(page, 'directory-cost', 'An extra hop on every read, and a table that must never go down');
  await done(page, 'directory-cost');
  await finishedAndKept(page, ['last-range-hot', 'directory-cost']);
});

test('4 hash mod N: the reader types the moved share the counter shows', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/mod-n');
  const view = await liveView(page);
  await ringSettled(view);
  await view.getByTestId('add-server').click();
  await ringSettled(view);
  const shown = await view.getByTestId('moved-percent').textContent();
  expect(Number(shown)).toBeGreaterThan(75);
  await read(page, 'read-moved', '20');
  await expect(page.locator('#task-read-moved .field-error')).toContainText('is not what the counter says');
  await notDone(page, 'read-moved');
  await read(page, 'read-moved', `${shown} %`);
  await done(page, 'read-moved');
  await choose(page, 'why-eighty', 'A key stays only where h mod 4 equals h mod 5');
  await done(page, 'why-eighty');
  await finishedAndKept(page, ['read-moved', 'why-eighty']);
});

test('5 the ring: a fifth server moves about a fifth of the keys', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/ring');
  const view = await liveView(page);
  await ringSettled(view);
  await notDone(page, 'grow');
  await view.getByTestId('add-server').click();
  await ringSettled(view);
  await done(page, 'grow');
  await finishedAndKept(page, ['grow']);
});

test('6 virtual nodes: more vnodes bring max/mean under 1.10', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/virtual-nodes');
  const view = await liveView(page);
  await ringSettled(view);
  await page.waitForTimeout(1_000);
  await notDone(page, 'balance');
  await setRingNumber(view, 'Vnodes per unit of weight', '500');
  await expect(view.locator('body')).toHaveAttribute('data-app-ready', 'true');
  await ringSettled(view);
  await done(page, 'balance', 20_000);
  await finishedAndKept(page, ['balance']);
});

test('7 replication: R = 3 survives a killed server', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/replication');
  const view = await liveView(page);
  await ringSettled(view);
  await view.getByLabel('Kill server S1').click();
  await page.waitForTimeout(1_000);
  // One replica is not the task.
  await notDone(page, 'three-owners');
  await setRingNumber(view, 'Replicas R', '3');
  await done(page, 'three-owners');
  await finishedAndKept(page, ['three-owners']);
});

test('8 shard in the ID: decode the Pin, then compose shard 5000 type 2', async ({ page }) => {
  await openRoute(page, '#/learn/shard-in-the-id');
  const view = await liveView(page);
  await read(page, 'decode-pin', '3429');
  await expect(page.locator('#task-decode-pin .field-error')).toContainText('First paste the Pin');
  await view.getByRole('textbox', { name: 'ID', exact: true }).fill(PIN);
  await expect(view.getByTestId('id-decimal')).toHaveText(PIN);
  await page.waitForTimeout(600);
  await read(page, 'decode-pin', '3429');
  await done(page, 'decode-pin');
  await view.locator('.field-editor[data-field="shard"] input').fill('5000');
  await view.locator('.field-editor[data-field="type"] input').fill('2');
  await done(page, 'compose');
  await finishedAndKept(page, ['decode-pin', 'compose']);
});

test('9 grow by whole shards: split the host, the ID stays', async ({ page }) => {
  await openRoute(page, '#/learn/grow-by-shards');
  const view = await liveView(page);
  await view.getByRole('button', { name: 'Split MySQL007A' }).click();
  await expect(view.getByTestId('loc-master')).toHaveText('MySQL009A');
  await done(page, 'split');
  await read(page, 'new-master', 'MySQL007A');
  await notDone(page, 'new-master');
  await read(page, 'new-master', 'MySQL009A');
  await done(page, 'new-master');
  await finishedAndKept(page, ['split', 'new-master']);
});

test('10 the Pinterest board: a dead master with no failover, explained', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/pinterest-board');
  const view = await liveView(page);
  await view.locator('#fault-at').fill('10');
  await view.getByRole('button', { name: 'Kill a master' }).click();
  await expect(view.locator('.fault-list li')).toHaveCount(1);
  await boardSimulated(view);
  await done(page, 'kill-master', 30_000);
  await choose(page, 'explain', "The dead master's shards have no one serving them until someone fails over");
  await done(page, 'explain');
  await finishedAndKept(page, ['kill-master', 'explain']);
});

test('11 trade-offs: split the Pin\'s host beside a growing ring, then the quiz', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/trade-offs');
  const frames = page.locator('iframe.live-frame');
  await expect(frames).toHaveCount(2);
  await expect(frames.nth(0)).toHaveAttribute('src', /#\/embed\/decoder\?.*layout=pinterest/);
  await expect(frames.nth(1)).toHaveAttribute('src', /#\/embed\/ring\?.*scheme=ring/);
  // The ID side: split the host, and the ID on screen stays the same.
  const decoder = await liveView(page, 0);
  await expect(decoder.getByTestId('id-decimal')).toHaveText(PIN);
  await notDone(page, 'split-id');
  await decoder.getByRole('button', { name: 'Split MySQL007A' }).click();
  await expect(decoder.getByTestId('loc-master')).toHaveText('MySQL009A');
  await expect(decoder.getByTestId('id-decimal')).toHaveText(PIN);
  await done(page, 'split-id');
  // The hash side: the right answer counts only once the ring has grown and counted.
  const correct = 'The split moved whole shards and changed no ID; the ring moved about 1/(N+1) of its keys, each one recomputed by the hash';
  const ring = await liveView(page, 1);
  await ringSettled(ring);
  await choose(page, 'what-moved', correct);
  await expect(page.locator('#task-what-moved .field-error')).toContainText('first put the live view');
  await notDone(page, 'what-moved');
  await ring.getByTestId('add-server').click();
  await ringSettled(ring);
  await choose(page, 'what-moved', 'Both moved about a fifth of their data, one object at a time');
  await notDone(page, 'what-moved');
  await choose(page, 'what-moved', correct);
  await done(page, 'what-moved');
  await choose(page, 'hot-pin', 'Move that Pin to a quieter shard');
  await notDone(page, 'hot-pin');
  await choose(page, 'hot-pin', 'Relieve its whole shard: split the range or give the host more hardware, and cache the Pin');
  await done(page, 'hot-pin');
  await finishedAndKept(page, ['split-id', 'what-moved', 'hot-pin']);
});

test('the home page says where you were, and a confirmed reset forgets it', async ({ page }) => {
  await openRoute(page, '#/learn/grow-by-shards');
  const view = await liveView(page);
  await view.getByRole('button', { name: 'Split MySQL007A' }).click();
  await done(page, 'split');
  await openRoute(page, '#/');
  await expect(page.locator('.resume')).toContainText('You were on chapter 9');
  await expect(page.locator('.resume')).toContainText('1 of 2 tasks done');
  await page.locator('.resume a').click();
  await expect(page.locator('h1')).toHaveText('Grow by moving whole shards');
  await openRoute(page, '#/learn');
  await expect(page.locator('.learn .chapter-list li').nth(8)).toContainText('1 of 2 tasks');
  await page.getByRole('button', { name: 'Reset progress…' }).click();
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.locator('.learn .chapter-list li').nth(8)).toContainText('1 of 2 tasks');
  await page.getByRole('button', { name: 'Reset progress…' }).click();
  await page.getByRole('button', { name: 'Yes, reset my progress' }).click();
  await expect(page.locator('.learn .chapter-list li').nth(8)).toContainText('0 of 2 tasks');
  await openRoute(page, '#/');
  await expect(page.locator('.resume')).toHaveCount(0);
});

test('under the /shardlab/ subpath the live view loads from that subpath and ticks its task', async ({ page }) => {
  await openRoute(page, '#/learn/grow-by-shards', '/shardlab/');
  await expect(page.locator('iframe.live-frame')).toHaveAttribute('src', /^decoder\.html#\/embed\/decoder\?/);
  const view = await liveView(page);
  await view.getByRole('button', { name: 'Split MySQL007A' }).click();
  await done(page, 'split');
  const path = await page.locator('iframe.live-frame').evaluate((el) => el.contentWindow.location.pathname);
  expect(path).toBe('/shardlab/decoder.html');
});

test('a live view takes the height its own frame asks for, and only its own', async ({ page }) => {
  await openRoute(page, '#/learn/ring');
  const view = await liveView(page);
  const frame = page.locator('iframe.live-frame');
  // A message from the page itself (not the frame) is ignored.
  await page.evaluate(() => window.postMessage({ type: 'shardlab:height', height: 333 }, '*'));
  await page.waitForTimeout(300);
  await expect(frame).not.toHaveAttribute('style', /333px/);
  // The embedded view posts its own height as it renders: the frame ends up as tall as the view.
  await expect.poll(async () => {
    const content = await view.locator('html').evaluate((el) => el.scrollHeight);
    const box = await frame.boundingBox();
    return Math.abs(box.height - content);
  }, { timeout: 15_000 }).toBeLessThanOrEqual(2);
  await expect(frame).toHaveAttribute('style', /^height: \d+px$/);
});

test('screenshots of two chapters at desktop and phone widths', async ({ page }) => {
  test.setTimeout(90_000);
  for (const [name, size] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    await page.setViewportSize(size);
    for (const slug of ['mod-n', 'pinterest-board']) {
      await openRoute(page, `#/learn/${slug}`);
      await liveView(page);
      await page.waitForTimeout(1_500);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/artifacts/learn-${slug}-${name}.png`, fullPage: true });
    }
  }
});
