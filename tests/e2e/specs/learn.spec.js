// The Learn path: every chapter's tasks done through its live widgets (iframes of the view pages
// at their widget embed routes), checked from the views' own state, and the progress kept over a
// reload; each task card within one viewport of its widget while the reader acts; predictions;
// the explanation locked until the tasks are done; export and import of progress. The shared
// fixture fails any test that logs a console error or requests another origin, frames included.
import { writeFileSync } from 'node:fs';
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

/** The header's Learn link, which carries the finished-chapter count ("Learn 3/15"). */
const learnLink = (page) => page.locator('.site-header nav a').filter({ hasText: /^Learn/ });

const done = (page, id, timeout = 10_000) =>
  expect(page.locator(`#task-${id} .task-status`)).toHaveText('✓ Done', { timeout });

const notDone = (page, id) => expect(page.locator(`#task-${id} .task-status`)).toHaveText('Not yet');

/** Answers a reading task. */
async function read(page, id, text) {
  await page.locator(`#task-${id}-answer`).fill(text);
  await page.locator(`#task-${id}`).getByRole('button', { name: 'Check' }).click();
}

/** Commits a guess for a prediction task. */
async function predict(page, id, text) {
  await page.locator(`#task-${id}-guess`).fill(text);
  await page.locator(`#task-${id}`).getByRole('button', { name: 'Commit guess' }).click();
}

/** "What you just saw" is locked (the placeholder says what opens it), or open. */
const afterLocked = (page) => expect(page.getByTestId('after-locked')).toBeVisible();
const afterOpen = async (page) => {
  await expect(page.getByTestId('after-locked')).toHaveCount(0);
  await expect(page.locator('.chapter-after p').first()).toBeVisible();
};

/**
 * While the reader acts in frame `n` (its top near the top of the viewport, and, for a frame
 * taller than the viewport, its bottom near the bottom), the tasks beside it are wholly in the
 * viewport and the frame is on screen too.
 */
async function tasksInViewWhileActing(page, n) {
  const frame = page.locator('iframe.live-frame').nth(n);
  // The nth frame of the page is the chapter's frame n (the lesson places them in order).
  const tasks = page.locator(`.stage[data-frame="${n}"] .stage-tasks`);
  const viewport = page.viewportSize();
  const box = await frame.boundingBox();
  const top = await page.evaluate(() => window.scrollY);
  const positions = [top + box.y - 80];
  if (box.height > viewport.height) positions.push(top + box.y + box.height - viewport.height + 80);
  for (const y of positions) {
    await page.evaluate((y) => window.scrollTo(0, y), y);
    await page.waitForTimeout(100);
    const f = await frame.boundingBox();
    const t = await tasks.boundingBox();
    const where = `frame ${n} at y=${y}: frame ${JSON.stringify(f)}, tasks ${JSON.stringify(t)}`;
    expect(f.y < viewport.height && f.y + f.height > 0, where).toBe(true);
    expect(t.y >= -1 && t.y + t.height <= viewport.height + 1, where).toBe(true);
  }
}

/** Picks option `label` of a question and checks it. */
async function choose(page, id, label) {
  await page.locator(`#task-${id}`).getByLabel(label).check();
  await page.locator(`#task-${id}`).getByRole('button', { name: 'Check' }).click();
}

/** The chapter is finished: the header counts it, and it stays so over a reload. */
async function finishedAndKept(page, ids) {
  await expect(learnLink(page)).toHaveText('Learn 1/15');
  await page.reload();
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  for (const id of ids) await done(page, id);
  await expect(learnLink(page)).toHaveText('Learn 1/15');
}

// Ring helpers, inside a frame. A widget shows only its own parts, so "settled" is read from
// what every Ring widget has: the snapshot's count and no progress bar.
const frameSnapshot = (view) => view.locator('[data-shardlab-snapshot]').first()
  .evaluate((el) => JSON.parse(el.dataset.shardlabSnapshot));
const ringSettled = async (view) => {
  await expect.poll(async () => (await frameSnapshot(view)).measured, { timeout: 20_000 }).toBe(true);
  await expect(view.locator('.rv-progress')).toHaveCount(0, { timeout: 20_000 });
};
const setRingNumber = async (view, label, value) => {
  const input = view.getByLabel(label);
  await input.fill(value);
  await input.press('Enter');
};

// Board helpers, inside a frame: the snapshot says where its numbers come from.
const boardSimulated = (view) =>
  expect.poll(async () => (await frameSnapshot(view)).source, { timeout: 30_000 }).toBe('simulation');
// The shard-load widget has the database's shard key beside its plot.
const setShardKey = async (view, key) => {
  await view.locator('select[data-setting="shard_key"]').selectOption(key);
};

test('the chapter list links every chapter and the header counts none yet', async ({ page }) => {
  await openRoute(page, '#/learn');
  await expect(page.locator('.learn .chapter-list li')).toHaveCount(15);
  // The lead counts the chapters the list has (it once said "Eleven" beside fifteen).
  await expect(page.locator('.learn .lead')).toContainText(/^15 short chapters/);
  await expect(learnLink(page)).toHaveText('Learn 0/15');
  await page.locator('.learn .chapter-list a').first().click();
  await expect(page.locator('h1')).toHaveText('Shard later');
  // The board the task watches, then the capacity widget that checks the reader's answer.
  await expect(page.locator('iframe.live-frame')).toHaveCount(2);
  await expect(page.locator('iframe.live-frame').first()).toHaveAttribute('title', 'Board: one big box behind a cache');
  await expect(page.locator('iframe.live-frame').nth(1)).toHaveAttribute('src', /#\/embed\/board\/capacity\?/);
  await expect(page.locator('.chapter-sources a').first()).toHaveAttribute('href', /^https:/);
  await page.getByRole('link', { name: /Next: Choosing a shard key/ }).click();
  await expect(page.locator('h1')).toHaveText('Choosing a shard key');
  await page.getByRole('link', { name: /Previous: Shard later/ }).click();
  await expect(page.locator('h1')).toHaveText('Shard later');
});

test('every page counts finished chapters in its header, and follows another tab', async ({ page }) => {
  await openRoute(page, '#/board', 'board.html');
  await expect(learnLink(page)).toHaveText('Learn 0/15');
  // Another page of the site stores a new count: the board's header follows the storage event.
  const other = await page.context().newPage();
  await other.goto('index.html#/learn');
  await other.evaluate(() => localStorage.setItem('shardlab.learn.finished', '3'));
  await expect(learnLink(page)).toHaveText('Learn 3/15');
  // Nonsense in the key reads as none finished, never more than there are chapters.
  await other.evaluate(() => localStorage.setItem('shardlab.learn.finished', '99'));
  await expect(learnLink(page)).toHaveText('Learn 15/15');
  await other.evaluate(() => localStorage.setItem('shardlab.learn.finished', 'lots'));
  await expect(learnLink(page)).toHaveText('Learn 0/15');
  await other.close();
  for (const file of ['decoder.html', 'ring.html']) {
    await openRoute(page, `#/${file.replace('.html', '')}`, file);
    await expect(learnLink(page)).toHaveText('Learn 0/15');
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
  await expect(view.getByTestId('board-caption')).toHaveText(/^At 1,000,000 users/);
  await page.waitForTimeout(1_500);
  await notDone(page, 'knee');
  // About 5,000 users: the simulation puts the box under 0.85.
  await slider.fill('540');
  await expect(view.getByTestId('board-caption')).toHaveText(/^At 5,012 users/);
  await done(page, 'knee', 60_000);
  await expect(page.getByTestId('task-announcement')).toContainText('Chapter finished');
  await finishedAndKept(page, ['knee']);
});

test('2 choosing a shard key: keying on the user makes a hot shard', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/shard-key');
  const view = await liveView(page);
  // A wrong answer is explained; the right one, before the view shows the hot shard, waits for it.
  await choose(page, 'which-property', 'High cardinality');
  await notDone(page, 'which-property');
  await expect(page.locator('#task-which-property .task-explanation')).toContainText('plenty of distinct values');
  await choose(page, 'which-property', 'Even distribution');
  await expect(page.locator('#task-which-property .field-error')).toContainText('the answer counts as soon as it gets there');
  await notDone(page, 'which-property');
  await setShardKey(view, 'hash_user');
  await boardSimulated(view);
  await done(page, 'hot-user', 30_000);
  // Issue 38 §6: once the state arrives the waiting answer counts, with no second Check.
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
  // The samples' rule names the key in force, not a hash, under ranges of time.
  const rule = view.locator('.shard-samples p').filter({ hasText: 'shard key' });
  await expect(rule).toContainText('by when they were made');
  await expect(rule).not.toContainText('hash');
  await choose(page, 'directory-cost', 'An extra hop per read, to a table that must stay up');
  await done(page, 'directory-cost');
  await finishedAndKept(page, ['last-range-hot', 'directory-cost']);
});

test('4 hash mod N: a committed guess, then the moved share the counter shows', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/mod-n');
  const view = await liveView(page);
  await ringSettled(view);
  await afterLocked(page);
  // Predict, then observe: a guess out of range is refused, a good one is kept over a reload.
  await predict(page, 'predict-moved', '120');
  await expect(page.locator('#task-predict-moved-guess-error')).toContainText('between 0 and 100');
  await predict(page, 'predict-moved', '25');
  await expect(page.locator('#task-predict-moved [data-testid=predict-guess]')).toContainText('25.0 %');
  await notDone(page, 'predict-moved');
  await page.reload();
  const again = await liveView(page);
  await ringSettled(again);
  await expect(page.locator('#task-predict-moved [data-testid=predict-guess]')).toContainText('25.0 %');
  await again.getByTestId('add-server').click();
  await ringSettled(again);
  await done(page, 'predict-moved');
  const result = page.locator('#task-predict-moved [data-testid=predict-result]');
  await expect(result.getByTestId('predict-guess')).toHaveText('You guessed 25.0 %.');
  await expect(result.getByTestId('predict-measured')).toHaveText(/^The widget measured (79|80)\.\d %\.$/);
  await expect(result.getByTestId('predict-spread')).toHaveText(/^Over 8 seeds, hash mod N moves (79|80)\.\d % to (80|81)\.\d %/);
  await expect(result).toContainText('points too low');
  const shown = await again.getByTestId('moved-percent').textContent();
  expect(Number(shown)).toBeGreaterThan(75);
  await read(page, 'read-moved', '20');
  await expect(page.locator('#task-read-moved .field-error')).toContainText('is not what the counter says');
  await notDone(page, 'read-moved');
  await read(page, 'read-moved', `${shown} %`);
  await done(page, 'read-moved');
  await afterLocked(page);
  await choose(page, 'why-eighty', 'A key stays put only where h mod 4 equals h mod 5');
  await done(page, 'why-eighty');
  await afterOpen(page);
  await finishedAndKept(page, ['predict-moved', 'read-moved', 'why-eighty']);
  // Issue 38 §5: after the reload the guess card keeps its chart and the measurement it was set
  // against, whatever the widget shows now.
  const kept = page.locator('#task-predict-moved [data-testid=predict-result]');
  await expect(kept.getByTestId('predict-guess')).toHaveText('You guessed 25.0 %.');
  await expect(kept.getByTestId('predict-measured')).toHaveText(/^The widget measured (79|80)\.\d %\.$/);
  await expect(kept.locator('.predict-mark.measured')).toHaveCount(1);
});

test('a chapter\'s widget reopens where the reader left it, until they start it over', async ({ page }) => {
  // Issue 38 §5: a reload keeps each widget's state with the progress, not only the ticks.
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/mod-n');
  const view = await liveView(page);
  await ringSettled(view);
  const frame = page.locator('iframe.live-frame').first();
  const home = await frame.getAttribute('src');
  expect((await frameSnapshot(view)).servers).toHaveLength(4);
  // The view rewrites the chapter's short link into its own long form as it opens: still the
  // chapter's state, so nothing is kept until the reader acts.
  const kept = () => page.evaluate(() => JSON.parse(localStorage.getItem('shardlab.learn.v1') || '{}').widgets || {});
  await page.waitForTimeout(1000);
  expect(await kept()).toEqual({});
  await view.getByTestId('add-server').click();
  await ringSettled(view);
  expect((await frameSnapshot(view)).servers).toHaveLength(5);
  // The chapter reads the frame's address a moment after the change and keeps it.
  await expect.poll(kept).toHaveProperty(['mod-n/0/ring/grow']);
  await page.reload();
  const again = await liveView(page);
  await ringSettled(again);
  expect((await frameSnapshot(again)).servers).toHaveLength(5);
  expect(await frame.getAttribute('src')).not.toBe(home);
  // Starting over opens the chapter's state, forgets the kept one, and a reload keeps it so.
  await page.getByRole('button', { name: 'Start this widget over' }).first().click();
  await expect(frame).toHaveAttribute('src', home);
  const fresh = await liveView(page);
  await ringSettled(fresh);
  expect((await frameSnapshot(fresh)).servers).toHaveLength(4);
  expect(await kept()).toEqual({});
  await page.reload();
  const last = await liveView(page);
  await ringSettled(last);
  expect((await frameSnapshot(last)).servers).toHaveLength(4);
  await expect(frame).toHaveAttribute('src', home);
});

test('5 the ring: a guess, then a fifth server moves about a fifth of the keys', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/ring');
  await expect(page.locator('iframe.live-frame')).toHaveCount(2);
  await expect(page.locator('iframe.live-frame').nth(0)).toHaveAttribute('src', /#\/embed\/ring\/lookup\?/);
  const view = await liveView(page, 1);
  await ringSettled(view);
  // The chapter links each widget below its frame, so the framed widget has no link of its own;
  // the chapter's link opens the widget without that mark, so it has its link there.
  await expect(view.getByRole('link', { name: /Open in shardlab/ })).toHaveCount(0);
  const fullSize = page.locator('.live-view').nth(1).getByRole('link', { name: 'Open it full size' });
  await expect(fullSize).toHaveAttribute('href', /#\/embed\/ring\/grow\?/);
  expect(await fullSize.getAttribute('href')).not.toContain('within=');
  await notDone(page, 'grow');
  await predict(page, 'predict-ring', '20');
  await view.getByTestId('add-server').click();
  await ringSettled(view);
  await done(page, 'grow');
  await done(page, 'predict-ring');
  const result = page.locator('#task-predict-ring [data-testid=predict-result]');
  await expect(result.getByTestId('predict-guess')).toHaveText('You guessed 20.0 %.');
  await expect(result.getByTestId('predict-measured')).toHaveText(/^The widget measured \d+\.\d %\.$/);
  await expect(result.getByTestId('predict-spread')).toContainText('Over 8 seeds, a ring at these vnodes moves');
  await afterOpen(page);
  await finishedAndKept(page, ['predict-ring', 'grow']);
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
  await view.getByRole('button', { name: /^Kill S\d+, the key's first owner$/ }).click();
  await page.waitForTimeout(1_000);
  // One replica is not the task.
  await notDone(page, 'three-owners');
  await setRingNumber(view, 'Replicas R', '3');
  await done(page, 'three-owners');
  await finishedAndKept(page, ['three-owners']);
});

test('8 maglev: kill a server in the table, count the moves between survivors, grow, quiz', async ({ page }) => {
  test.setTimeout(120_000);
  await openRoute(page, '#/learn/maglev');
  const table = await liveView(page);
  // Before a kill, a reading is refused with what to do first.
  await read(page, 'between', '1');
  await expect(page.locator('#task-between .field-error')).toContainText('First kill a server');
  await table.getByRole('button', { name: 'Kill S3' }).click();
  await expect(table.getByTestId('mg-status')).toContainText('Claim 13 of 13', { timeout: 20_000 });
  await expect(table.getByTestId('mg-churn')).toContainText('moved 4 of 13 slots');
  // The count the task asks for is not printed (issue 38 §6): it waits behind a disclosure.
  await expect(table.getByTestId('mg-between-count')).toBeHidden();
  await read(page, 'between', '3');
  await expect(page.locator('#task-between .field-error')).toContainText('is not what the table shows');
  await read(page, 'between', '1');
  await done(page, 'between');
  const grow = await liveView(page, 1);
  await ringSettled(grow);
  await grow.getByTestId('add-server').click();
  await expect(grow.getByTestId('moved-counter')).toContainText('After you added S4', { timeout: 20_000 });
  await done(page, 'grow', 30_000);
  await choose(page, 'why', 'Its two hashes spread keys less well than the ring\'s');
  await notDone(page, 'why');
  await choose(page, 'why', 'Keeping every share even means a refill reshuffles');
  await done(page, 'why');
  await afterOpen(page);
  await finishedAndKept(page, ['between', 'grow', 'why']);
});

test('9 hot keys: predict the cure that keeps one owner, see it, then bound the loads', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/hot-keys');
  const view = await liveView(page);
  // The hot key's owner stands out before any cure.
  await expect(view.getByTestId('hot-verdict')).toContainText('S3 owns it');
  // Issue 38 §6: the cures' measurements, which answer the question, wait folded.
  await expect(view.getByTestId('cure-peak').first()).toBeHidden();
  // The lead points at the folded cures, not at a table out of sight.
  await expect(view.locator('.rv-hot > .help')).toContainText('open the four cures below and pick one');
  await choose(page, 'predict', 'Bounded loads, c = 1.25');
  await notDone(page, 'predict');
  await choose(page, 'predict', 'Ten times the vnodes');
  await done(page, 'predict');
  await view.getByText('Show the four cures, measured on the same requests').click();
  await view.locator('#rv-cure-more-vnodes').check();
  await done(page, 'vnodes', 20_000);
  await view.locator('#rv-cure-bounded-loads').check();
  await done(page, 'bounded', 20_000);
  await afterOpen(page);
  await finishedAndKept(page, ['predict', 'vnodes', 'bounded']);
});

test('10 shard in the ID: decode the Pin, then compose shard 5000 type 2', async ({ page }) => {
  await openRoute(page, '#/learn/shard-in-the-id');
  const view = await liveView(page);
  await read(page, 'decode-pin', '3429');
  await expect(page.locator('#task-decode-pin .field-error')).toContainText('First paste the Pin');
  await view.getByRole('textbox', { name: 'ID', exact: true }).fill(PIN);
  await expect(view.getByTestId('id-decimal')).toHaveText(PIN);
  await page.waitForTimeout(600);
  await read(page, 'decode-pin', '3429');
  await done(page, 'decode-pin');
  const compose = await liveView(page, 1);
  await compose.locator('.field-editor[data-field="shard"] input').fill('5000');
  await compose.locator('.field-editor[data-field="type"] input').fill('2');
  // The "No host" the task calls expected is there to see, in the widget.
  await expect(compose.getByTestId('loc-error')).toContainText('No host');
  await done(page, 'compose');
  await finishedAndKept(page, ['decode-pin', 'compose']);
});

test('11 grow by whole shards: split the host, the ID stays', async ({ page }) => {
  await openRoute(page, '#/learn/grow-by-shards');
  const view = await liveView(page);
  await afterLocked(page);
  await expect(page.locator('.chapter-after')).not.toContainText('MySQL009A');
  await view.getByRole('button', { name: 'Split MySQL007A' }).click();
  await done(page, 'split');
  await afterLocked(page);
  await read(page, 'new-master', 'MySQL007A');
  await notDone(page, 'new-master');
  await read(page, 'new-master', 'MySQL009A');
  await done(page, 'new-master');
  // The Board's side: the same split as a timed copy, with its bill and the run around it.
  await afterLocked(page);
  const board = await liveView(page, 1);
  await board.locator('input[data-setting="row_bytes"]').fill('65536');
  await board.locator('input[data-setting="row_bytes"]').press('Tab');
  await board.locator('#fault-at').fill('20');
  await board.locator('#fault-shard').fill('0');
  await board.getByRole('button', { name: 'Reshard' }).click();
  await expect(board.getByTestId('reshard-verdict')).toContainText('copies 2.0 GB at 200 MB/s');
  await boardSimulated(board);
  await done(page, 'copy', 30_000);
  await expect(board.getByTestId('reshard-verdict').locator('tbody tr')).toHaveCount(3);
  await afterOpen(page);
  await expect(page.locator('.chapter-after')).toContainText('MySQL009A');
  await finishedAndKept(page, ['split', 'new-master', 'copy']);
});

test('12 choosing an ID scheme: predict what leaks, then a UUIDv4 and a UUIDv7 in the detector', async ({ page }) => {
  test.setTimeout(60_000);
  await openRoute(page, '#/learn/id-schemes');
  await expect(page.locator('iframe.live-frame')).toHaveAttribute('src', /#\/embed\/decoder\/detect\?/);
  const view = await liveView(page);
  // It opens on Discord's example, a snowflake with a time: neither paste task is done by it.
  await expect(view.getByTestId('detect-summary')).toContainText('A tie: Discord');
  await page.waitForTimeout(600);
  await notDone(page, 'v4');
  await notDone(page, 'v7');
  await choose(page, 'predict', 'Every UUID, since its version field holds a time');
  await notDone(page, 'predict');
  await choose(page, 'predict', 'UUIDv7 and ULID, whose first 48 bits are the time');
  await done(page, 'predict');
  const input = view.locator('#detect-input');
  await input.fill('919108f7-52d1-4320-9bac-f847db4148a8');
  await expect(view.getByTestId('detect-time').first()).toHaveText('no time');
  await done(page, 'v4');
  await page.waitForTimeout(600);
  await notDone(page, 'v7');
  await afterLocked(page);
  await input.fill('017F22E2-79B0-7CC3-98C4-DC0C0C07398F');
  await expect(view.getByTestId('detect-time').first()).toHaveText('2022-02-22T19:22:22.000Z');
  await done(page, 'v7');
  await afterOpen(page);
  await expect(page.locator('.chapter-after')).toContainText('2022-02-22T19:22:22.000Z');
  await finishedAndKept(page, ['predict', 'v4', 'v7']);
});

test('13 the Pinterest board: a dead master with no failover, explained', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/pinterest-board');
  const view = await liveView(page);
  await view.locator('#fault-at').fill('10');
  await view.getByRole('button', { name: 'Kill a master' }).click();
  await expect(view.locator('.fault-list li')).toHaveCount(1);
  await boardSimulated(view);
  await done(page, 'kill-master', 30_000);
  await choose(page, 'explain', "No one serves the dead master's shards until someone fails over");
  await done(page, 'explain');
  await finishedAndKept(page, ['kill-master', 'explain']);
});

test('14 failover and replicas: predict the window, fail over, then add replicas', async ({ page }) => {
  test.setTimeout(120_000);
  await openRoute(page, '#/learn/failover-replicas');
  await choose(page, 'predict', 'Those that reach it between 10 s and 20 s');
  await done(page, 'predict');
  const view = await liveView(page);
  await view.locator('select[data-setting="auto_failover"]').selectOption('on');
  await view.locator('#fault-at').fill('10');
  await view.getByRole('button', { name: 'Kill a master' }).click();
  await expect(view.locator('.fault-list li')).toHaveCount(1);
  // The verdict names the takeover from the database's own times, before the run is done.
  await expect(view.getByTestId('failover-verdict')).toContainText('its standby takes over at 20 s (5 s to notice, 5 s to promote)');
  await boardSimulated(view);
  await done(page, 'failover', 30_000);
  await expect(view.getByTestId('failover-verdict')).toContainText('requests found no master');
  await view.locator('input[data-setting="read_replicas"]').fill('2');
  await view.locator('input[data-setting="read_replicas"]').press('Tab');
  await done(page, 'replicas', 30_000);
  await expect(view.getByTestId('failover-verdict')).toContainText('The masters were');
  await finishedAndKept(page, ['predict', 'failover', 'replicas']);
});

test('15 trade-offs: split the Pin\'s host beside a growing ring, then the quiz', async ({ page }) => {
  test.setTimeout(90_000);
  await openRoute(page, '#/learn/trade-offs');
  const frames = page.locator('iframe.live-frame');
  await expect(frames).toHaveCount(2);
  await expect(frames.nth(0)).toHaveAttribute('src', /#\/embed\/decoder\/config\?.*layout=pinterest/);
  await expect(frames.nth(1)).toHaveAttribute('src', /#\/embed\/ring\/grow\?.*scheme=ring/);
  // The ID side: split the host (the task checks that the ID on screen stays the same).
  const decoder = await liveView(page, 0);
  await notDone(page, 'split-id');
  await decoder.getByRole('button', { name: 'Split MySQL007A' }).click();
  await done(page, 'split-id');
  // The hash side: the right answer counts only once the ring has grown and counted.
  const correct = 'The split moved whole shards; the ring rehashed keys one by one';
  const ring = await liveView(page, 1);
  await ringSettled(ring);
  await choose(page, 'what-moved', 'Both sides moved about a fifth of their data, one object at a time');
  await notDone(page, 'what-moved');
  await choose(page, 'what-moved', correct);
  await expect(page.locator('#task-what-moved .field-error')).toContainText('the answer counts as soon as it gets there');
  await notDone(page, 'what-moved');
  await ring.getByTestId('add-server').click();
  await ringSettled(ring);
  await done(page, 'what-moved');
  await choose(page, 'hot-pin', 'Move that one Pin to a quieter shard and update its references');
  await notDone(page, 'hot-pin');
  await choose(page, 'hot-pin', 'Relieve its whole shard: split the range, and cache the Pin');
  await done(page, 'hot-pin');
  await finishedAndKept(page, ['split-id', 'what-moved', 'hot-pin']);
});

test('the home page says where you were, and a confirmed reset forgets it', async ({ page }) => {
  await openRoute(page, '#/learn/grow-by-shards');
  const view = await liveView(page);
  await view.getByRole('button', { name: 'Split MySQL007A' }).click();
  await done(page, 'split');
  await openRoute(page, '#/');
  await expect(page.locator('.resume')).toContainText('You were on chapter 11');
  await expect(page.locator('.resume')).toContainText('1 of 3 tasks done');
  // Issue 38 §5: the hero, "Where was I?" and the Learn index all offer the same chapter.
  await expect(page.locator('.start-here a')).toHaveText('Continue the Learn path: chapter 11 →');
  await openRoute(page, '#/learn');
  await expect(page.locator('a.continue')).toHaveText('Continue with chapter 11');
  await openRoute(page, '#/');
  await page.locator('.resume a').click();
  await expect(page.locator('h1')).toHaveText('Grow by moving whole shards');
  await openRoute(page, '#/learn');
  await expect(page.locator('.learn .chapter-list li').nth(10)).toContainText('1 of 3 tasks');
  await page.getByRole('button', { name: 'Reset progress…' }).click();
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.locator('.learn .chapter-list li').nth(10)).toContainText('1 of 3 tasks');
  await page.getByRole('button', { name: 'Reset progress…' }).click();
  await page.getByRole('button', { name: 'Yes, reset my progress' }).click();
  await expect(page.locator('.learn .chapter-list li').nth(10)).toContainText('0 of 3 tasks');
  await openRoute(page, '#/');
  await expect(page.locator('.resume')).toHaveCount(0);
});

test('under the /shardlab/ subpath the live view loads from that subpath and ticks its task', async ({ page }) => {
  await openRoute(page, '#/learn/grow-by-shards', '/shardlab/');
  await expect(page.locator('iframe.live-frame').first()).toHaveAttribute('src', /^decoder\.html#\/embed\/decoder\/config\?/);
  const view = await liveView(page);
  await view.getByRole('button', { name: 'Split MySQL007A' }).click();
  await done(page, 'split');
  const path = await page.locator('iframe.live-frame').first().evaluate((el) => el.contentWindow.location.pathname);
  expect(path).toBe('/shardlab/decoder.html');
});

test('a live view takes the height its own frame asks for, and only its own', async ({ page }) => {
  await openRoute(page, '#/learn/ring');
  const view = await liveView(page, 1);
  const frame = page.locator('iframe.live-frame').nth(1);
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

test('each chapter\'s tasks stay within one viewport of their widget, on a desktop and a phone', async ({ page }) => {
  test.setTimeout(240_000);
  const slugs = ['shard-later', 'shard-key', 'range-hash-directory', 'mod-n', 'ring', 'virtual-nodes',
    'replication', 'maglev', 'hot-keys', 'shard-in-the-id', 'grow-by-shards', 'id-schemes', 'pinterest-board',
    'failover-replicas', 'trade-offs'];
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    for (const slug of slugs) {
      await openRoute(page, `#/learn/${slug}`);
      const frames = page.locator('iframe.live-frame');
      const count = await frames.count();
      for (let n = 0; n < count; n += 1) {
        const stage = page.locator('.stage').nth(n);
        if (!(await stage.evaluate((el) => el.classList.contains('with-tasks')))) continue;
        await liveView(page, n);
        await tasksInViewWhileActing(page, n);
      }
    }
  }
});

test('on a phone the tasks fold to one line over the widget, and unfold', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRoute(page, '#/learn/virtual-nodes');
  await liveView(page);
  const tasks = page.locator('.stage-tasks');
  const fold = tasks.getByRole('button', { name: 'Hide tasks' });
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  const open = (await tasks.boundingBox()).height;
  await fold.click();
  await expect(page.locator('#task-balance')).toBeHidden();
  const folded = (await tasks.boundingBox()).height;
  expect(folded).toBeLessThan(open);
  expect(folded).toBeLessThanOrEqual(60);
  await tasks.getByRole('button', { name: 'Show tasks' }).click();
  await expect(page.locator('#task-balance')).toBeVisible();
});

test('on a phone the sheet holds the task to do now, and the next appears when it ticks', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openRoute(page, '#/learn/mod-n');
  const view = await liveView(page);
  await ringSettled(view);
  const tasks = page.locator('.stage-tasks').first();
  await expect(tasks.locator('.task-count')).toHaveText('0 of 3 done');
  // The sheet folds to its head while "Add a server" is where it would be (issue 38, see
  // phones.spec.js); the reader opens it.
  if (await tasks.evaluate((el) => el.classList.contains('ducked'))) {
    await tasks.getByRole('button', { name: 'Show tasks' }).click();
  }
  await expect(page.locator('#task-predict-moved')).toBeVisible();
  await expect(page.locator('#task-read-moved')).toBeHidden();
  for (const hint of await tasks.locator('.task-watch').all()) await expect(hint).toBeHidden();
  // With one task in it the sheet leaves most of the phone's screen to the widget.
  const sheet = await tasks.boundingBox();
  expect(sheet.height, `sheet ${sheet.height} px`).toBeLessThanOrEqual(844 * 0.4 + 1);
  await predict(page, 'predict-moved', '25');
  await view.getByTestId('add-server').click();
  await ringSettled(view);
  await done(page, 'predict-moved');
  await expect(tasks.locator('.task-count')).toHaveText('1 of 3 done');
  // Scrolled on to the counter, with the button above the sheet: the ticked task stays in
  // sight, and the next one takes its turn.
  const button = await view.getByTestId('add-server').boundingBox();
  await page.evaluate((dy) => window.scrollBy(0, dy), button.y - 100);
  await expect(tasks).not.toHaveClass(/ducked/);
  await expect(page.locator('#task-predict-moved')).toBeVisible();
  await expect(page.locator('#task-read-moved')).toBeVisible();
  await expect(page.locator('#task-why-eighty')).toBeHidden();
});

test('quiz options keep their order over a reload, and the order is the reader\'s', async ({ page }) => {
  // Fourteen loads of a chapter that frames two views.
  test.setTimeout(120_000);
  await openRoute(page, '#/learn/trade-offs');
  const order = () => page.locator('#task-hot-pin .choice-option').allTextContents();
  const first = await order();
  expect(first).toHaveLength(3);
  await page.reload();
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  expect(await order()).toEqual(first);
  // Another reader (another seed) sees the same three options, in an order of their own.
  const orders = new Set();
  for (let seed = 1; seed <= 12; seed += 1) {
    await page.evaluate((seed) => localStorage.setItem('shardlab.learn.v1', JSON.stringify({ seed })), seed);
    await page.reload();
    await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
    const seen = await order();
    expect([...seen].sort()).toEqual([...first].sort());
    orders.add(seen.join('|'));
  }
  expect(orders.size).toBeGreaterThan(1);
});

test('with storage blocked, a chapter still works and its quiz keeps one order', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });
  });
  await openRoute(page, '#/learn/trade-offs');
  await expect(page.locator('#task-hot-pin .choice-option')).toHaveCount(3);
  await choose(page, 'hot-pin', 'Relieve its whole shard: split the range, and cache the Pin');
  await done(page, 'hot-pin');
});

test('progress exports to a file and imports back; a bad file changes nothing', async ({ page }, info) => {
  test.setTimeout(60_000);
  await openRoute(page, '#/learn/grow-by-shards');
  const view = await liveView(page);
  await view.getByRole('button', { name: 'Split MySQL007A' }).click();
  await done(page, 'split');
  await openRoute(page, '#/learn');
  const row = page.locator('.learn .chapter-list li').nth(10);
  await expect(row).toContainText('1 of 3 tasks');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export progress' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('shardlab-learn-progress.json');
  const file = info.outputPath('progress.json');
  await download.saveAs(file);
  // Forget everything, then bring it back from the file.
  await page.getByRole('button', { name: 'Reset progress…' }).click();
  await page.getByRole('button', { name: 'Yes, reset my progress' }).click();
  await expect(row).toContainText('0 of 3 tasks');
  await page.locator('#progress-import').setInputFiles(file);
  await expect(page.locator('#progress-import-note')).toContainText('Imported "progress.json"');
  await expect(row).toContainText('1 of 3 tasks');
  // A file that is not progress is refused, and the progress stays.
  const bad = info.outputPath('not-progress.json');
  writeFileSync(bad, '{"format":"shardlab-design","version":1}');
  await page.locator('#progress-import').setInputFiles(bad);
  await expect(page.locator('#progress-import-note')).toContainText('is JSON but not shardlab Learn progress');
  await expect(page.locator('#progress-import-note')).toHaveClass(/field-error/);
  await expect(row).toContainText('1 of 3 tasks');
  writeFileSync(bad, 'nonsense');
  await page.locator('#progress-import').setInputFiles(bad);
  await expect(page.locator('#progress-import-note')).toContainText('it is not JSON');
  await expect(row).toContainText('1 of 3 tasks');
  // Continue goes back to the chapter left unfinished (issue 38 §5), as the home page does.
  await expect(page.locator('.learn-summary a.continue')).toHaveText('Continue with chapter 11');
  await page.locator('.learn-summary a.continue').click();
  await expect(page.locator('h1')).toHaveText('Grow by moving whole shards');
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

// Issue 19, §3: a chapter with one task reads "0 of 1 task", and chapter 8's task says that the
// "No host" for shard 5000 is expected.
test('counts read as English, and an expected error is announced in the task', async ({ page }) => {
  await openRoute(page, '#/learn');
  await expect(page.locator('.learn .chapter-list li').first()).toContainText(/0 of 1 task$/);
  await expect(page.locator('.learn .chapter-list li').first()).not.toContainText('1 tasks');
  await openRoute(page, '#/learn/shard-in-the-id');
  await expect(page.locator('.learn-chapter')).toContainText('“No host” for shard 5000: that is expected');
});
