// Issue 16, "Nothing lost, nothing blank": pages that work without storage, hashes the router
// cannot read, an autosave that keeps the reader's board, inputs that say what they did, and an
// embed.js that never frames another vendor's site. The shared fixture fails any test that logs
// a console error, throws, breaks the CSP or requests another origin.
import { test as plainTest } from '@playwright/test';
import { test, expect, openRoute } from './fixtures.js';

/** Makes every `window.localStorage` of the page (frames included) throw, as a browser that
 * blocks site data does: the getter itself throws `SecurityError`. */
async function blockStorage(context) {
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
  });
}

const FULL_PAGES = [
  ['home', '#/', 'index.html'],
  ['decoder', '#/decoder', 'decoder.html'],
  ['ring', '#/ring', 'ring.html'],
  ['board', '#/board', 'board.html'],
  ['a Learn chapter', '#/learn/shard-later', 'index.html'],
];

test.describe('with storage blocked', () => {
  for (const [name, hash, file] of FULL_PAGES) {
    test(`the ${name} page renders and says once that nothing is saved`, async ({ page }) => {
      await blockStorage(page.context());
      await openRoute(page, hash, file);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.getByTestId('storage-note')).toHaveCount(1);
      await expect(page.getByTestId('storage-note')).toContainText('last only until you close this page');
      const text = await page.locator('main').innerText();
      expect(text.length).toBeGreaterThan(200);
    });
  }

  test('the theme toggle, the board and a Learn task still work, for this visit', async ({ page }) => {
    await blockStorage(page.context());
    await openRoute(page, '#/board', 'board.html');
    await page.getByRole('button', { name: /theme/i }).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', /light|dark/);
    // An edit with no storage: no failure beside Export (the page already said it cannot save).
    await page.locator('#board-users').evaluate((el) => {
      el.value = '500';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.waitForTimeout(600);
    await expect(page.getByTestId('save-failed')).toHaveCount(0);
  });

  test('the embed example frames its three widgets, and an embed shows no storage note', async ({ page }) => {
    await blockStorage(page.context());
    await page.goto('embed-example.html');
    // Each live frame joins its embed as the reader nears it (issue 37 §2).
    const embeds = page.locator('shardlab-widget, [data-shardlab]');
    await expect(embeds).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      await embeds.nth(i).scrollIntoViewIfNeeded();
      const iframe = embeds.nth(i).locator('iframe');
      await expect(iframe).toHaveCount(1);
      const frame = await (await iframe.elementHandle()).contentFrame();
      await expect(frame.locator('body[data-app-ready="true"]')).toHaveCount(1);
      await expect(frame.locator('main')).not.toBeEmpty();
      await expect(frame.getByTestId('storage-note')).toHaveCount(0);
    }
  });
});

// A page of another site (localhost, where the suite serves 127.0.0.1) framing a full view and an
// embed, with storage blocked in the frames as a browser that blocks third-party storage does.
// The shared fixture refuses requests to other origins, so this test keeps its own error list.
plainTest('a full page and an embed framed cross-site render with storage blocked', async ({ page, baseURL }) => {
  await blockStorage(page.context());
  const site = new URL(baseURL);
  // A real address of the other site (a routed page would count as public, and Chromium's private
  // network rules would refuse its frames), with no page there, hence no shardlab CSP; its
  // content becomes the two frames.
  await page.goto(`http://localhost:${site.port}/a-blog-post`);
  // From here on nothing of shardlab's may fail (the host's own 404s, its page and its favicon,
  // are expected: there is no such page).
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text());
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && res.url().startsWith(site.origin)) errors.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  await page.setContent(`<!doctype html><title>host</title>
    <iframe id="full" src="${site.origin}/ring.html#/ring" width="1000" height="800"></iframe>
    <iframe id="embed" src="${site.origin}/board.html#/embed/board" width="1000" height="800"></iframe>`);
  for (const id of ['full', 'embed']) {
    const frame = page.frameLocator(`#${id}`);
    await expect(frame.locator('body[data-app-ready="true"]')).toHaveCount(1);
    await expect(frame.locator('main')).not.toBeEmpty();
  }
  await expect(page.frameLocator('#full').getByTestId('storage-note')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test.describe('hashes the router cannot read', () => {
  for (const [file, hash, fixed, title] of [
    ['ring.html', '#//', '#/', /Where does a row live/],
    ['ring.html', '#///', '#/', /Where does a row live/],
    ['index.html', '#///', '#/', /Where does a row live/],
    // Read as a scheme-relative URL, `//ring` named a host "ring" and opened the home page.
    ['index.html', '#//ring', '#/ring', /^Ring/],
  ]) {
    test(`${file}${hash} opens ${fixed}, not a blank page`, async ({ page }) => {
      await openRoute(page, hash, file);
      await expect(page.locator('main h1').first()).toHaveText(title);
      expect(await page.evaluate(() => location.hash)).toBe(fixed);
    });
  }

  test('the fixed hash stays on its own page, under <base href> and under a subpath', async ({ page }) => {
    for (const prefix of ['', 'shardlab/']) {
      await openRoute(page, '#//ring', `${prefix}ring.html`);
      await expect(page.locator('main h1').first()).toHaveText(/^Ring/);
      expect(await page.evaluate(() => location.pathname + location.hash)).toBe(`/${prefix}ring.html#/ring`);
    }
  });

  test('setting such a hash on a live page keeps the page', async ({ page }) => {
    await openRoute(page, '#/', 'index.html');
    await page.evaluate(() => { location.hash = '//'; });
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/');
    await page.evaluate(() => { location.hash = 'learn'; });
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/learn');
    await expect(page.locator('main h1').first()).toHaveText(/Learn/);
  });
});

test.describe('the board autosave', () => {
  const KEY = 'shardlab.board.v1';
  const KEPT = 'shardlab.board.v1.kept';
  const saved = (page) => page.evaluate((key) => localStorage.getItem(key), KEY);
  // The users slider is log-scaled: its position is not the user count.
  const setSlider = (page, position) => page.locator('#board-users').evaluate((el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, position);
  const savedUsers = async (page) => {
    const text = await saved(page);
    return text ? Object.fromEntries(JSON.parse(text)).users : null;
  };

  /** Opens the board once so the page's origin has storage, then writes `text` as the save. */
  async function withSave(page, text) {
    await openRoute(page, '#/', 'index.html');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, text]);
  }

  test('a link opens as the link, leaves the save alone until an edit, and offers the save', async ({ page }) => {
    const mine = JSON.stringify([['v', '1'], ['preset', 'one-big-box'], ['users', '300'], ['seed', '9']]);
    await withSave(page, mine);
    await openRoute(page, '#/board?v=1&preset=pinterest&users=4000&seed=7', 'board.html');
    await expect(page.locator('#board-preset')).toHaveValue('pinterest');
    await expect(page.getByTestId('saved-aside')).toBeVisible();
    await page.waitForTimeout(800);
    expect(await saved(page)).toBe(mine);
    await page.getByRole('button', { name: 'Open my saved board' }).click();
    await expect(page.locator('#board-preset')).toHaveValue('one-big-box');
    await expect(page.getByTestId('saved-aside')).toHaveCount(0);
  });

  test('an edit saves; a hidden frame of the board never does', async ({ page }) => {
    await openRoute(page, '#/board', 'board.html');
    await setSlider(page, 777);
    await expect.poll(() => savedUsers(page)).not.toBeNull();
    const before = await saved(page);
    // A same-site page that frames the full board in a 1×1 frame, with a link of its own.
    await page.setContent(`<iframe src="/board.html#/board?v=1&users=12345" width="1" height="1"></iframe>`);
    const frame = page.frameLocator('iframe');
    await expect(frame.locator('body[data-app-ready="true"]')).toHaveCount(1);
    await frame.locator('#board-users').evaluate((el) => {
      el.value = '999';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.waitForTimeout(800);
    expect(await page.frames()[1].evaluate((key) => localStorage.getItem(key), KEY)).toBe(before);
  });

  test('a save with one bad value opens with a note and is not rewritten before an edit', async ({ page }) => {
    const bad = JSON.stringify([['v', '1'], ['preset', 'one-big-box'], ['users', '0'], ['seed', 'x']]);
    await withSave(page, bad);
    await openRoute(page, '#/board', 'board.html');
    await expect(page.locator('#board-preset')).toHaveValue('one-big-box');
    await expect(page.locator('.note').filter({ hasText: "Your saved board's seed" })).toBeVisible();
    await expect(page.locator('.note').filter({ hasText: "Your saved board's users" })).toBeVisible();
    await page.waitForTimeout(800);
    expect(await saved(page)).toBe(bad);
  });

  for (const [name, text] of [
    ['a future version', JSON.stringify([['v', '2'], ['users', '5']])],
    ['a damaged save', '{"not": "pairs"'],
  ]) {
    test(`${name} is kept aside, never overwritten, and can be downloaded`, async ({ page }) => {
      await withSave(page, text);
      await openRoute(page, '#/board', 'board.html');
      await expect(page.locator('.note').filter({ hasText: 'Your saved board could not be opened' })).toBeVisible();
      await page.waitForTimeout(800);
      expect(await saved(page)).toBe(text);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the saved text' }).click();
      expect((await download).suggestedFilename()).toBe('shardlab-saved-board.json');
      await setSlider(page, 640);
      await expect.poll(() => saved(page)).not.toBe(text);
      expect(await savedUsers(page)).toMatch(/^\d+$/);
      expect(await page.evaluate((key) => localStorage.getItem(key), KEPT)).toBe(text);
    });
  }

  test('a full quota says so beside Export', async ({ page }) => {
    await openRoute(page, '#/board', 'board.html');
    await page.evaluate(() => {
      Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await setSlider(page, 450);
    await expect(page.getByTestId('save-failed')).toContainText('refused to save');
    await expect(page.getByTestId('save-failed')).toContainText('Export JSON');
  });

  test('another tab\'s save is announced, and its board can be loaded', async ({ page, context }) => {
    await openRoute(page, '#/board', 'board.html');
    const other = await context.newPage();
    await openRoute(other, '#/board', 'board.html');
    await other.locator('#board-preset').selectOption('one-big-box');
    await expect(page.getByTestId('other-tab')).toBeVisible();
    await page.getByRole('button', { name: 'Load that board' }).click();
    await expect(page.locator('#board-preset')).toHaveValue('one-big-box');
    await expect(page.getByTestId('other-tab')).toHaveCount(0);
    await other.close();
  });

  test('a link over the node limit is refused with a note, and nothing is drawn from it', async ({ page }) => {
    // The 20,004 nodes, each as small as the format allows, so the link stays under the
    // 1 MB a link's design may have and the address under Chromium's 2 MB.
    const design = {
      version: 1,
      nodes: Array.from({ length: 20_004 }, (_, i) => ({ id: `n${i}`, settings: { kind: 'users' } })),
      edges: [],
    };
    const d = encodeURIComponent(JSON.stringify(design));
    await openRoute(page, `#/board?v=1&users=4000&seed=1&d=${d}`, 'board.html');
    await expect(page.locator('.note').filter({ hasText: 'at most 64 are accepted' })).toBeVisible();
    await expect(page.locator('.board-svg [data-node]')).toHaveCount(4);
  });

  test('the 33rd fault is refused beside the buttons', async ({ page }) => {
    await openRoute(page, '#/board', 'board.html');
    const kill = page.getByRole('button', { name: 'Flush the cache' });
    for (let i = 0; i < 32; i++) await kill.click();
    await expect(page.locator('.fault-list li')).toHaveCount(32);
    await kill.click();
    await expect(page.locator('.fault-list li')).toHaveCount(32);
    await expect(page.locator('.board-faults .field-error')).toContainText('at most 32 faults');
  });
});

test.describe('Learn progress', () => {
  const KEY = 'shardlab.learn.v1';

  test('one ill-typed field drops only itself, and unknown task ids are not counted', async ({ page }) => {
    await openRoute(page, '#/', 'index.html');
    const stored = {
      done: { 'shard-later': ['knee', 'made-up-1', 'made-up-2', 'made-up-3'], 'mod-n': 'oops' },
      finished: ['ring'],
      last: 7,
    };
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, JSON.stringify(stored)]);
    await openRoute(page, '#/learn', 'index.html');
    const first = page.locator('.chapter-list li').first();
    await expect(first.locator('.chapter-progress')).toHaveText(/^1 of \d tasks?$/);
    // The readable parts survive the next save.
    await openRoute(page, '#/learn/shard-later', 'index.html');
    const after = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), KEY);
    expect(after.finished).toContain('ring');
    expect(after.last).toBe('shard-later');
  });

  test('progress that is not progress at all is kept aside before the first save', async ({ page }) => {
    await openRoute(page, '#/', 'index.html');
    await page.evaluate((key) => localStorage.setItem(key, '[1, 2, 3]'), KEY);
    await openRoute(page, '#/learn/shard-later', 'index.html');
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(`${key}.kept`), KEY)).toBe('[1, 2, 3]');
  });
});

test.describe('Ring inputs say what they did', () => {
  for (const bad of ['0', '-5', '1e9', '2.5', '150']) {
    test(`a weight of "${bad}" is refused inline and the weight stays`, async ({ page }) => {
      await openRoute(page, '#/ring?v=1&scheme=rendezvous', 'ring.html');
      const box = page.locator('#rv-weight-0');
      await box.fill(bad);
      await box.press('Enter');
      await expect(page.locator('.rv-weight-error')).toContainText('1 … 100');
      await expect(box).toHaveValue('1');
      await expect(box).toHaveAttribute('aria-invalid', 'true');
    });
  }

  for (const [id, bad, range] of [
    ['#rv-vnodes', '5000', '1 … 1,000'],
    ['#rv-replicas', '9', '1 … 5'],
    ['#rv-keys', '12', '1,000 … 1,000,000'],
    ['#rv-sample', '99999', '0 … 10,000'],
    ['#rv-seed', '18446744073709551616', '0 … 18,446,744,073,709,551,615'],
  ]) {
    test(`${id} refuses "${bad}" with its range and keeps its value`, async ({ page }) => {
      await openRoute(page, '#/ring', 'ring.html');
      const box = page.locator(id);
      const before = await box.inputValue();
      await box.fill(bad);
      await box.press('Enter');
      await expect(page.locator(`${id}-error`)).toContainText(range);
      await expect(box).toHaveValue(before);
    });
  }
});

test('embed.js added inside a shadow root never frames another script\'s site', async ({ page }) => {
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  await page.route('**/vendor/embed.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '/* another vendor */' }));
  // A host page of our origin that has not loaded embed.js itself (the example post's own copy
  // would rightly frame what is added later).
  await page.route('**/bare-host.html', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>host</title><body></body>' }));
  await page.goto('bare-host.html');
  await page.evaluate(() => {
    document.body.innerHTML = '<script src="/vendor/embed.js"></script><div data-shardlab="ring"></div><div id="host"></div>';
    const vendor = document.createElement('script');
    vendor.src = '/vendor/embed.js';
    document.body.prepend(vendor);
    const shadow = document.getElementById('host').attachShadow({ mode: 'open' });
    const ours = document.createElement('script');
    ours.src = '/embed.js';
    shadow.appendChild(ours);
  });
  await expect.poll(() => warnings.join('\n')).toContain('add data-shardlab-embed');
  await expect(page.locator('iframe')).toHaveCount(0);
});

// Issue 16 part 4: the largest ring the limits accept (64 servers of weight 100 at 100 vnodes,
// 640,000 points) drew 631,837 SVG elements and held the main thread for 45-84 s. Here it must
// open, draw a bounded picture and answer a click; how long its longest task is (goal 200 ms of
// CPU) and how soon it answers (goal 2 s) are measured by `cargo xtask bench` (the largest-ring
// row of BENCHMARKS.md), not judged here: a shared CI machine's speed decided those bounds.
// With 1,000 vnodes the link asks for 6.4 M points, over the limit: the page says so and falls back
// to 100 vnodes, which is the largest ring again.
for (const vnodes of [100, 1000]) test(`the largest ring the limits accept (a link with ${vnodes} vnodes) opens, draws a bounded picture and answers a click`, async ({ page }) => {
  test.setTimeout(60_000);
  const ids = Array.from({ length: 64 }, (_, i) => i).join('.');
  const weights = Array.from({ length: 64 }, () => 100).join('.');
  await openRoute(page, `#/ring?v=1&scheme=ring&servers=${ids}&w=${weights}&vnodes=${vnodes}`, 'ring.html');
  await expect(page.locator('#rv-vnodes')).toHaveValue('100');
  if (vnodes === 1000) await expect(page.locator('.note').first()).toContainText('vnodes');
  await expect(page.locator('.rv-band').first()).toBeAttached();
  await expect(page.locator('.rv-server')).toHaveCount(64);
  await page.getByRole('button', { name: 'Kill server S0' }).click();
  await expect(page.locator('.rv-server')).toHaveCount(63);
  // The count after the keys' flight, through to its result.
  await expect(page.getByTestId('moved-percent')).toBeVisible({ timeout: 20_000 });
  expect(await page.locator('.rv-ring *').count(), 'the drawing is bounded').toBeLessThan(3_000);
});

test.describe('inputs that say what they did (issue 16 part 5)', () => {
  test('digits typed in the Seed box while a run streams are all kept', async ({ page }) => {
    await openRoute(page, '#/board?v=1&preset=pinterest&users=150000&seed=1', 'board.html');
    await expect(page.locator('#board-progress')).toBeVisible();
    const seed = page.locator('#board-seed');
    await seed.click();
    await seed.press('Control+a');
    // Slowly, so several slices of the run re-render the caption between the keys.
    await seed.pressSequentially('777', { delay: 150 });
    await expect(seed).toHaveValue('777');
    await seed.press('Enter');
    await expect(page).toHaveURL(/seed=777/);
  });

  test('an imported layout with a tick of 2^64 - 1 ms is refused as the editor refuses it', async ({ page }) => {
    await openRoute(page, '#/decoder', 'decoder.html');
    // Written out by hand: JSON.stringify would round 2^64 - 1 to a double.
    const layout = '{"fields": [{"name": "ts", "width": 41, "role": "timestamp", '
      + '"time": {"unit_ms": 18446744073709551615, "epoch_ms": 0}}, {"name": "seq", "width": 22, "role": "sequence"}]}';
    await page.locator('#layout-import').setInputFiles({
      name: 'long-tick.json', mimeType: 'application/json', buffer: Buffer.from(layout),
    });
    await expect(page.getByTestId('layout-import-error')).toContainText('at most 86400000 ms');
    await expect(page.locator('.field-editor[data-field="shard"]')).toHaveCount(1);
  });

  test('the epoch box speaks of epochs, not of hex IDs', async ({ page }) => {
    await openRoute(page, '#/decoder?v=1&layout=snowflake', 'decoder.html');
    const epoch = page.locator('input.time-epoch-ms');
    await epoch.fill('0x10');
    await epoch.press('Enter');
    const error = page.getByTestId('time-error');
    await expect(error).toContainText('An epoch in Unix ms is a whole number');
    await expect(error).not.toContainText('IDs');
  });

  test('a node far off the board is refused when the link opens', async ({ page }) => {
    const design = {
      version: 1,
      nodes: [{ id: 'users', x: 1e308, y: 0, settings: { kind: 'users' } }],
      edges: [],
    };
    const d = encodeURIComponent(JSON.stringify(design));
    await openRoute(page, `#/board?v=1&users=4000&seed=1&d=${d}`, 'board.html');
    await expect(page.locator('.note').filter({ hasText: 'outside ±1000000 board units' })).toBeVisible();
    await expect(page.locator('.board-svg [data-node]')).toHaveCount(4);
  });
});
