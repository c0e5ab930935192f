// Embedding and sharing: the example blog post with its three widget embeds, auto-height of a
// whole view, the messages an embed sends, the chrome-less route and its theme, "Copy link" and
// the embed builder from each view, and links from a newer format. (widgets.spec.js embeds every
// widget from another site.) The shared fixture fails any test that logs a console error, breaks the
// CSP or requests another origin.
import { test, expect, openRoute } from './fixtures.js';
import { expectFitted, fit, openedFrame } from './frames.js';

// Records, in the top page only, every message a frame posts to it.
const recordMessages = (page) =>
  page.addInitScript(() => {
    if (window.top !== window) return;
    window.__messages = [];
    window.addEventListener('message', (e) => window.__messages.push({ data: e.data, origin: e.origin }));
  });

// Loads a page afresh (not as a same-document hash change), then waits for the app.
async function load(page, path) {
  await page.goto('about:blank');
  await openRoute(page, path);
}


test('the example post fits its three widget embeds to their content, and they post only the host API\'s messages', async ({ page }) => {
  await recordMessages(page);
  await page.goto('embed-example.html');
  const embeds = page.locator('shardlab-widget, div[data-shardlab]');
  await expect(embeds).toHaveCount(3);
  const widgets = [['ring', 'grow', 'Grow the ring'], ['decoder', 'paste', 'Paste an ID'], ['board', 'solve', 'Solve a design']];
  for (const [i, [view, widget, title]] of widgets.entries()) {
    // Each frame is made as its element nears the screen, inside it.
    await embeds.nth(i).scrollIntoViewIfNeeded();
    const iframe = embeds.nth(i).locator('iframe');
    await expect(iframe).toHaveAttribute('src', new RegExp(`/${view}\\.html#/embed/${view}/${widget}\\?theme=(light|dark)$`));
    await expect(iframe).toHaveAttribute('title', `shardlab: ${title} (interactive)`);
    const frame = await openedFrame(iframe);
    await expect(frame.locator('header')).toHaveCount(0);
    await expect(frame.locator('footer')).toHaveCount(0);
    const f = await expectFitted(iframe);
    expect(f.outer).toBeGreaterThan(120);
  }

  const messages = await page.evaluate(() => window.__messages);
  const origin = new URL(page.url()).origin;
  const types = messages.map((m) => m.data.type);
  expect(types.filter((t) => t === 'shardlab:ready')).toHaveLength(3);
  expect(types.filter((t) => t === 'shardlab:height').length).toBeGreaterThanOrEqual(3);
  for (const m of messages) {
    expect(m.origin).toBe(origin);
    expect(['shardlab:height', 'shardlab:ready', 'shardlab:change']).toContain(m.data.type);
    if (m.data.type === 'shardlab:height') {
      expect(Object.keys(m.data).sort()).toEqual(['height', 'type']);
      expect(Number.isInteger(m.data.height)).toBe(true);
    } else {
      expect(typeof m.data.state).toBe('string');
      expect(typeof m.data.summary).toBe('object');
    }
  }
});

test('a whole view still embeds from data-shardlab="<view>", and its frame follows its height', async ({ page }) => {
  await page.goto('embed-example.html');
  await expect(page.locator('shardlab-widget[name="ring/grow"] iframe')).toHaveCount(1);
  // The new div is mounted (by the script's watch on the page, or by a second copy of it); the
  // page's frames stay as they are.
  await page.evaluate(() => {
    // The height the frame is mounted with, before it reports its own.
    new MutationObserver((records) => {
      for (const r of records) {
        for (const node of r.addedNodes) {
          if (node.tagName === 'IFRAME' && !window.__openedAt) window.__openedAt = node.getAttribute('height');
        }
      }
    }).observe(document.querySelector('article'), { childList: true, subtree: true });
    const div = document.createElement('div');
    div.setAttribute('data-shardlab', 'ring');
    div.setAttribute('data-state', 'v=1&scheme=mod');
    div.setAttribute('data-height', '900');
    document.querySelector('article').prepend(div);
    const again = document.createElement('script');
    again.src = 'embed.js?again';
    again.setAttribute('data-shardlab-embed', '');
    document.body.append(again);
  });
  const ring = page.locator('div[data-shardlab="ring"] iframe');
  await expect(ring).toHaveCount(1);
  await expect(ring).toHaveAttribute('src', /\/ring\.html#\/embed\/ring\?v=1&scheme=mod&theme=(light|dark)$/);
  await expect(ring).toHaveAttribute('title', /Ring/);
  // It opens at the author's data-height, then takes its content's.
  expect(await page.evaluate(() => window.__openedAt)).toBe('900');
  const ringFrame = await openedFrame(ring);
  await expectFitted(ring);

  // A change inside the ring embed changes its height, and the iframe follows.
  const before = (await fit(ring)).outer;
  await ringFrame.locator('label[for="rv-scheme-directory"]').click();
  await expect(ringFrame.locator('#rv-scheme-directory')).toBeChecked();
  await expect.poll(async () => (await fit(ring)).outer).not.toBe(before);
  await expectFitted(ring);
  // The embed keeps its state under its own route.
  await expect.poll(() => ringFrame.url()).toMatch(/#\/embed\/ring\?v=1&scheme=directory/);
});

test('the embed route shows the view alone, with a link to the full view in a new tab', async ({ page }) => {
  await openRoute(page, 'ring.html#/embed/ring?v=1&scheme=jump');
  await expect(page.locator('header, footer, .skip-link')).toHaveCount(0);
  await expect(page.locator('#rv-scheme-jump')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  const open = page.getByRole('link', { name: /Open in shardlab/ });
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('href', /^ring\.html#\/ring\?v=1&scheme=jump/);
  // Opened directly (not in a frame), it posts nothing and scrolls as a page does.
  await expect(page.locator('html[data-embed-framed]')).toHaveCount(0);
});

test('an embed takes its theme from the host, never from or into the reader\'s saved choice', async ({ page }) => {
  await page.goto('index.html#/');
  await page.evaluate(() => localStorage.setItem('shardlab.theme', 'dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  await openRoute(page, 'decoder.html#/embed/decoder');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await load(page, 'decoder.html#/embed/decoder?theme=dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(dark).not.toBe(light);
  // The theme parameter stays in the address when the view rewrites its state.
  await page.locator('#bit-46').click();
  await expect(page).toHaveURL(/#\/embed\/decoder\?v=1&.*theme=dark/);

  await page.emulateMedia({ colorScheme: 'dark' });
  await load(page, 'decoder.html#/embed/decoder?theme=light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('shardlab.theme'))).toBe('dark');
});

// Each view: a way to change its state, and how to tell that a page shows the changed state.
const views = [
  {
    name: 'decoder',
    change: async (page) => {
      await page.getByRole('textbox', { name: 'ID', exact: true }).fill('123456789');
      await expect(page).toHaveURL(/id=123456789/);
    },
    check: async (page) => expect(page.getByTestId('id-decimal')).toHaveText('123456789'),
  },
  {
    name: 'ring',
    change: async (page) => {
      await page.locator('label[for="rv-scheme-rendezvous"]').click();
      await expect(page).toHaveURL(/scheme=rendezvous/);
    },
    check: async (page) => expect(page.locator('#rv-scheme-rendezvous')).toBeChecked(),
  },
  {
    name: 'board',
    change: async (page) => {
      await page.locator('#board-preset').selectOption('link-shortener');
      await expect(page).toHaveURL(/preset=link-shortener/);
    },
    check: async (page) => expect(page.locator('#board-preset')).toHaveValue('link-shortener'),
  },
];

for (const view of views) {
  test(`a link copied from the ${view.name} reproduces it in a fresh browser`, async ({ page, context, browser, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL).origin });
    await openRoute(page, `#/${view.name}`);
    await view.change(page);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.locator('.share-status')).toHaveText(/Copied the link/);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link.startsWith(`${baseURL}${view.name}.html#/${view.name}?v=1&`), link).toBe(true);

    const fresh = await browser.newContext();
    try {
      const other = await fresh.newPage();
      await other.goto(link);
      await expect(other.locator('body[data-app-ready="true"]')).toHaveCount(1);
      await view.check(other);
    } finally {
      await fresh.close();
    }

    // "Embed" opens the builder on the whole view in the same state (the full view is on
    // screen); its snippet is one form, the script's by default, at the preview's height.
    await page.getByRole('button', { name: 'Embed' }).click();
    await expect(page.getByRole('button', { name: 'Embed' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('.share-status')).toHaveText('');
    await expect(page.getByLabel('What to embed')).toHaveValue('');
    await expect(page.getByTestId('embed-preview')).toHaveAttribute('src', new RegExp(`^${view.name}\\.html#/embed/${view.name}\\?v=1&`));
    const snippet = page.getByTestId('embed-snippet');
    await expect(snippet).toHaveValue(/ data-height="\d+"><a href="[^"]+"><img src="[^"]+\/w\/[a-z]+\/picture\.svg" alt="[^"]+"/);
    const script = await snippet.inputValue();
    expect(script).toContain(`<div data-shardlab="${view.name}" data-state="v=1&amp;`);
    expect(script).toContain(`<script src="${baseURL}embed.js" async data-shardlab-embed></script>`);

    // The theme goes into the preview and the snippet; the iframe form carries it in its address.
    await page.getByLabel('Theme').selectOption('dark');
    await expect(page.getByTestId('embed-preview')).toHaveAttribute('src', /&theme=dark$/);
    await expect(snippet).toHaveValue(/ data-theme="dark"/);
    await page.getByLabel('Snippet form').selectOption({ label: 'A plain iframe' });
    const iframe = await snippet.inputValue();
    expect(iframe).toContain(`${baseURL}${view.name}.html#/embed/${view.name}?v=1&amp;`);
    expect(iframe).toMatch(/&amp;theme=dark" title="shardlab: \w+ \(interactive\)" width="100%" height="\d+" data-heights="[\d:,]+" style="border:0"/);
    // The preview's height follows the view as it settles (the Ring's plots fill in, 3,700 to
    // 5,160 px), and the snippet's height follows the preview. So the copy waits until the
    // snippet has held still for a second, as a reader who copies a settled snippet would.
    await expect.poll(async () => {
      const before = await snippet.inputValue();
      await page.waitForTimeout(1000);
      return before === await snippet.inputValue();
    }, { timeout: 60_000 }).toBe(true);
    // A Board still finishing its run can grow after that second, in the hidden previews at
    // the other widths too, so each width's height in the clipboard is one shown before the
    // click or just after it, and the iframe is as tall as the tallest of them.
    const shown = await snippet.inputValue();
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await expect(page.locator('.share-status')).toHaveText(/Copied the iframe snippet/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const after = await snippet.inputValue();
    const heightsOf = (text) => Object.fromEntries(
      text.match(/ data-heights="([^"]*)"/)[1].split(',').map((pair) => pair.split(':').map(Number)),
    );
    const copiedHeights = heightsOf(copied);
    for (const [width, height] of Object.entries(copiedHeights)) {
      expect([heightsOf(shown)[width], heightsOf(after)[width]], `height at ${width} px`).toContain(height);
    }
    expect(Number(copied.match(/ height="(\d+)"/)[1])).toBe(Math.max(...Object.values(copiedHeights)));
    const heightless = (text) => text.replace(/ (data-)?heights?="[^"]*"/g, '');
    expect(heightless(copied)).toBe(heightless(iframe));
  });
}

test('a refused clipboard leaves the link on screen, selected', async ({ page }) => {
  await openRoute(page, '#/ring');
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
  });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.locator('.share-status')).toContainText('did not allow copying');
  await expect(page.getByLabel('Link to this state')).toHaveValue(/ring\.html#\/ring$/);
});

for (const [name, fallback] of [['decoder', 'the Pinterest example'], ['ring', 'the default ring'], ['board', 'the default board']]) {
  test(`a ${name} link from a newer shardlab opens the default with a notice`, async ({ page }) => {
    await openRoute(page, `#/${name}?v=3&scheme=mod&id=5&preset=one-big-box`);
    await expect(page.locator('.note').first()).toContainText(
      `This link was made by a newer shardlab (format 3); this page reads format 1, so it shows ${fallback}.`,
    );
  });
}

test('a truncated ring link keeps what it can and says what it dropped', async ({ page }) => {
  await openRoute(page, '#/ring?v=1&scheme=mod&servers=0.1.2.3.4&w=1.1.1');
  await expect(page.locator('#rv-scheme-mod')).toBeChecked();
  await expect(page.locator('.note').first()).toContainText('5 servers but 3 weights');
});

test('the example page works under a subpath', async ({ page }) => {
  await page.goto('shardlab/embed-example.html');
  const ring = page.locator('iframe').first();
  await expect(ring).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/shardlab\/ring\.html#\/embed\/ring\/grow\?theme=(light|dark)$/);
  await openedFrame(ring);
  await expectFitted(ring);
});
