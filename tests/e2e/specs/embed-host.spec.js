// The live embed side of issue 37 and issue 44 item 3: `<shardlab-widget>` and the older
// `data-shardlab` div with their fallback pictures, lazy and bounded live frames, pages without
// script and in print, the host API (set, theme, change, error) and a host page that would break a
// script keeping a global name. Host pages are served by the test at /host-*.html on shardlab's own
// origin (widgets.spec.js embeds from another site). The shared fixture fails any test that logs a
// console error or requests another origin.
import { test, expect } from './fixtures.js';
import { expectFitted, openedFrame } from './frames.js';

const GROW_FALLBACK = `<a href="ring.html#/w/ring/grow"><img src="w/ring-grow/picture.svg" alt="Grow the ring, pictured"
  width="680" height="512" style="max-width:100%;height:auto"><br>Grow the ring: open it in shardlab</a>`;

// Serves `body` as a host page at /<name>.html and opens it; returns the wasm requests seen.
async function hostPage(page, body, { name = 'host-page', head = '' } = {}) {
  await page.route(`**/${name}.html`, (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A host page</title>
      <meta name="viewport" content="width=device-width, initial-scale=1">${head}</head>
      <body style="margin:0;padding:8px">${body}</body></html>`,
  }));
  const wasm = [];
  page.on('request', (req) => { if (req.url().endsWith('.wasm')) wasm.push(req.url()); });
  await page.goto(`${name}.html`);
  return wasm;
}

const SCRIPT = '<script src="embed.js" async data-shardlab-embed></script>';

// Records every shardlab-* event the host page's elements fire, in order (from the next load on).
const recordEvents = (page) => page.addInitScript(() => {
  if (window.top !== window) return;
  window.__events = [];
  for (const type of ['shardlab-ready', 'shardlab-change', 'shardlab-error']) {
    document.addEventListener(type, (e) => window.__events.push({ type, detail: JSON.parse(JSON.stringify(e.detail)) }));
  }
});
const events = (page, type) => page.evaluate((t) => window.__events.filter((e) => e.type === t), type);

test('a <shardlab-widget> shows its picture, and its live frame only once it nears the viewport', async ({ page }) => {
  const wasm = await hostPage(page, `<div style="height:3000px">A long post.</div>
    <shardlab-widget name="ring/grow" state="v=1&amp;vnodes=3" theme="light" height="480">${GROW_FALLBACK}</shardlab-widget>
    ${SCRIPT}`);
  const widget = page.locator('shardlab-widget');
  await expect(widget.getByRole('img', { name: 'Grow the ring, pictured' })).toBeAttached();
  await expect(page.locator('script[src="embed.js"]')).toBeAttached();
  await expect.poll(() => page.evaluate(() => customElements.get('shardlab-widget') !== undefined)).toBe(true);
  // Far below the screen: no frame, and no wasm fetched.
  await page.waitForLoadState('networkidle');
  await expect(widget.locator('iframe')).toHaveCount(0);
  expect(wasm).toEqual([]);

  await widget.scrollIntoViewIfNeeded();
  const iframe = widget.locator('iframe');
  await expect(iframe).toHaveCount(1);
  await expect(iframe).toHaveAttribute('src', /\/ring\.html#\/embed\/ring\/grow\?v=1&vnodes=3&theme=light$/);
  await expect(iframe).toHaveAttribute('title', 'shardlab: Grow the ring (interactive)');
  // The picture steps aside on screen while the frame is live.
  await expect(widget.locator('img')).toBeHidden();
  const frame = await openedFrame(iframe);
  await expect(frame.locator('[data-widget="ring/grow"]')).toHaveCount(1);
  await expectFitted(iframe);
  expect(wasm.length).toBeGreaterThan(0);
});

// On a slow network the wasm takes seconds: the reader keeps the picture (and its link) until the
// frame's app is ready, not an empty box, and the keyboard cannot land in the unseen frame.
test('the picture stays until the live frame is ready, then gives way', async ({ page }) => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await recordEvents(page);
  await hostPage(page, `<shardlab-widget name="ring/grow" theme="light">${GROW_FALLBACK}</shardlab-widget>${SCRIPT}`);
  const widget = page.locator('shardlab-widget');
  const iframe = widget.locator('iframe');
  await expect(iframe).toHaveCount(1);
  await expect(widget).toHaveAttribute('data-shardlab-starting', '');
  await page.waitForTimeout(500);
  await expect(widget.getByRole('img', { name: 'Grow the ring, pictured' })).toBeVisible();
  await expect(widget.getByRole('link', { name: /Grow the ring: open it in shardlab/ })).toBeVisible();
  await expect(iframe).toHaveAttribute('tabindex', '-1');
  expect(await iframe.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
  expect(await events(page, 'shardlab-ready')).toHaveLength(0);

  release();
  await expect.poll(() => events(page, 'shardlab-ready')).toHaveLength(1);
  await expect(widget.locator('img')).toBeHidden();
  await expect(widget).not.toHaveAttribute('data-shardlab-starting');
  await expect(iframe).not.toHaveAttribute('tabindex');
  expect(await iframe.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await expectFitted(iframe);
});

test('elements added after the script ran (a single-page host\'s navigation) get their frames', async ({ page }) => {
  await hostPage(page, `<main id="content"><p>The first page.</p></main>${SCRIPT}`);
  await expect.poll(() => page.evaluate(() => customElements.get('shardlab-widget') !== undefined)).toBe(true);
  await page.evaluate((fallback) => {
    document.getElementById('content').innerHTML = `<p>The next page.</p>
      <shardlab-widget name="ring/grow">${fallback}</shardlab-widget>
      <div data-shardlab="decoder/paste" data-height="400"></div>
      <shardlab-widget name="ring/grwo"></shardlab-widget>`;
  }, GROW_FALLBACK);
  await expect(page.locator('shardlab-widget[name="ring/grow"] iframe')).toHaveCount(1);
  await expect(page.locator('div[data-shardlab="decoder/paste"] iframe')).toHaveAttribute('src', /\/decoder\.html#\/embed\/decoder\/paste\?theme=light$/);
  // An empty div got a link of its own, for print.
  await expect(page.locator('div[data-shardlab="decoder/paste"] a')).toHaveAttribute('href', /\/decoder\.html#\/w\/decoder\/paste$/);
  await expect(page.locator('shardlab-widget[name="ring/grwo"]')).toContainText('no view or widget is named "ring/grwo"');
  await expect(page.locator('shardlab-widget[name="ring/grwo"] iframe')).toHaveCount(0);
  await openedFrame(page.locator('shardlab-widget[name="ring/grow"] iframe'));
});

test('the element\'s state property sets its state, as React 19 sets a custom element\'s props', async ({ page }) => {
  await hostPage(page, `<main id="content"><p>A page rendered by a framework.</p></main>${SCRIPT}`);
  await expect.poll(() => page.evaluate(() => customElements.get('shardlab-widget') !== undefined)).toBe(true);
  await page.evaluate(() => {
    const el = document.createElement('shardlab-widget');
    el.setAttribute('name', 'ring/grow');
    el.state = 'v=1&vnodes=3';
    document.getElementById('content').appendChild(el);
  });
  const widget = page.locator('shardlab-widget');
  await expect(widget).toHaveAttribute('state', 'v=1&vnodes=3');
  await expect(widget.locator('iframe')).toHaveAttribute('src', /#\/embed\/ring\/grow\?v=1&vnodes=3&theme=/);
  await openedFrame(widget.locator('iframe'));
  await page.evaluate(() => { document.querySelector('shardlab-widget').state = 'v=1&vnodes=5'; });
  await expect.poll(() => page.evaluate(() => document.querySelector('shardlab-widget').state)).toMatch(/vnodes=5/);
});

test('with JavaScript off, each embed of the example post shows its picture and its link', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('embed-example.html');
    for (const [name, link] of [['ring/grow', /ring\.html#\/w\/ring\/grow$/], ['decoder/paste', /decoder\.html#\/w\/decoder\/paste$/], ['board/solve', /board\.html#\/w\/board\/solve$/]]) {
      const embed = page.locator(`shardlab-widget[name="${name}"], div[data-shardlab="${name}"]`);
      const picture = embed.getByRole('img');
      await expect(picture).toBeVisible();
      expect(await picture.evaluate((img) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(embed.getByRole('link')).toHaveAttribute('href', link);
    }
    await expect(page.locator('iframe')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('in print, a live embed shows its picture and link instead of its frame', async ({ page }) => {
  await page.goto('embed-example.html');
  const grow = page.locator('shardlab-widget[name="ring/grow"]');
  await expect(grow.locator('iframe')).toHaveCount(1);
  await expect(grow.locator('img')).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(grow.getByRole('img')).toBeVisible();
  await expect(grow.getByRole('link')).toBeVisible();
  await expect(grow.locator('iframe')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(grow.locator('iframe')).toBeVisible();
});

test('the host sets a state, hears the change, and sets the theme; a bad state is refused whole', async ({ page }) => {
  await recordEvents(page);
  await hostPage(page, `<shardlab-widget name="ring/grow" theme="light">${GROW_FALLBACK}</shardlab-widget>${SCRIPT}`);
  const iframe = page.locator('shardlab-widget iframe');
  const frame = await openedFrame(iframe);
  await expect.poll(() => events(page, 'shardlab-ready')).toHaveLength(1);

  await page.evaluate(() => document.querySelector('shardlab-widget').set('v=1&vnodes=3'));
  await expect.poll(async () => (await events(page, 'shardlab-change')).some((e) => /(^|&)vnodes=3(&|$)/.test(e.detail.state) && e.detail.summary.vnodes === 3)).toBe(true);
  await expect.poll(() => frame.url()).toMatch(/vnodes=3/);
  // The host's theme= stays with the frame's address.
  expect(frame.url()).toMatch(/theme=light/);
  expect(await page.evaluate(() => document.querySelector('shardlab-widget').state)).toMatch(/vnodes=3/);

  await page.evaluate(() => document.querySelector('shardlab-widget').setTheme('dark'));
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.evaluate(() => document.querySelector('shardlab-widget').setTheme('light'));
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'light');

  // vnodes=7 reads, servers does not: nothing of it is applied, and the host hears why.
  const changes = (await events(page, 'shardlab-change')).length;
  await page.evaluate(() => document.querySelector('shardlab-widget').set('v=1&vnodes=7&servers=0.zero'));
  await expect.poll(() => events(page, 'shardlab-error')).toHaveLength(1);
  const [error] = await events(page, 'shardlab-error');
  expect(error.detail.message).toContain('servers');
  expect(error.detail.message).not.toMatch(/Error:|JsValue\(/);
  expect(frame.url()).toMatch(/vnodes=3/);
  expect(frame.url()).not.toMatch(/vnodes=7/);
  const snapshot = JSON.parse(await frame.locator('[data-shardlab-snapshot]').getAttribute('data-shardlab-snapshot'));
  expect(snapshot.vnodes).toBe(3);
  expect((await events(page, 'shardlab-change')).length).toBe(changes);
});

test('an embed ignores messages from any window but its parent, and messages of another shape', async ({ page }) => {
  await recordEvents(page);
  await hostPage(page, `<shardlab-widget name="ring/grow" theme="light">${GROW_FALLBACK}</shardlab-widget>
    <iframe id="stranger" title="another frame" srcdoc="<p>another frame on the page</p>"></iframe>${SCRIPT}`);
  const iframe = page.locator('shardlab-widget iframe');
  const frame = await openedFrame(iframe);
  await expect.poll(() => events(page, 'shardlab-ready')).toHaveLength(1);
  await page.evaluate(() => {
    const embed = document.querySelector('shardlab-widget iframe').contentWindow;
    // From a sibling frame's own script (so the message's source is that frame, not the parent).
    document.getElementById('stranger').contentWindow.eval(`
      const target = parent.document.querySelector('shardlab-widget iframe').contentWindow;
      target.postMessage({ type: 'shardlab:set', state: 'v=1&vnodes=9' }, '*');
      target.postMessage({ type: 'shardlab:theme', theme: 'dark' }, '*');`);
    // The parent, in shapes that are not the API's.
    embed.postMessage('shardlab:set', '*');
    embed.postMessage({ type: 'shardlab:set', state: 9 }, '*');
    embed.postMessage({ type: 'shardlab:set' }, '*');
    embed.postMessage({ type: 'shardlab:theme', theme: 'purple' }, '*');
    embed.postMessage({ type: 'SHARDLAB:SET', state: 'v=1&vnodes=8' }, '*');
    embed.postMessage(null, '*');
    // Then one that is: the barrier the test waits for.
    embed.postMessage({ type: 'shardlab:set', state: 'v=1&vnodes=5' }, '*');
  });
  await expect.poll(async () => (await events(page, 'shardlab-change')).some((e) => /vnodes=5/.test(e.detail.state))).toBe(true);
  const states = (await events(page, 'shardlab-change')).map((e) => e.detail.state).join(' ');
  expect(states).not.toMatch(/vnodes=(9|8)/);
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await events(page, 'shardlab-error')).toEqual([]);
});

test('theme="auto" follows the host page\'s background, and its changes', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await hostPage(page, `<shardlab-widget name="decoder/paste"></shardlab-widget>${SCRIPT}`,
    { head: '<style>body { background: #111; color: #eee } body.light { background: #fff; color: #111 }</style>' });
  const iframe = page.locator('shardlab-widget iframe');
  await expect(iframe).toHaveAttribute('src', /theme=dark$/);
  const frame = await openedFrame(iframe);
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.evaluate(() => document.body.classList.add('light'));
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('a host page with an element and a global named __shardlabEmbed does not break the script', async ({ page }) => {
  await page.route('**/host-globals.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__shardlabEmbed = 42;' }));
  await hostPage(page, `<div id="__shardlabEmbed">a host's own element</div><form name="__shardlabEmbed"></form>
    <script src="host-globals.js"></script>
    <shardlab-widget name="ring/grow">${GROW_FALLBACK}</shardlab-widget>
    <div data-shardlab="decoder/paste"></div>${SCRIPT}`);
  expect(await page.evaluate(() => window.__shardlabEmbed)).toBe(42);
  const grow = page.locator('shardlab-widget iframe');
  await openedFrame(grow);
  await expectFitted(grow);
  await expect(page.locator('div[data-shardlab="decoder/paste"] iframe')).toHaveCount(1);
  expect(await page.evaluate(() => window.__shardlabEmbed)).toBe(42);
});

test('inside an open shadow root, the marked script and a <shardlab-widget> work', async ({ page }) => {
  await hostPage(page, '<div id="host"></div>');
  await page.evaluate((fallback) => {
    const shadow = document.getElementById('host').attachShadow({ mode: 'open' });
    shadow.innerHTML = `<shardlab-widget name="ring/grow" height="500">${fallback}</shardlab-widget>`;
    const script = document.createElement('script');
    script.src = 'embed.js';
    script.setAttribute('data-shardlab-embed', '');
    shadow.appendChild(script);
  }, GROW_FALLBACK);
  const iframe = page.locator('#host shardlab-widget iframe');
  await expect(iframe).toHaveCount(1);
  await expect(page.locator('#host shardlab-widget img')).toBeHidden();
  await openedFrame(iframe);
  await expectFitted(iframe);
});

test('at most 8 frames run at once; past that an embed waits for a click, and loading="click" always does', async ({ page }) => {
  const many = Array.from({ length: 10 }, () => '<shardlab-widget name="decoder/paste" height="120" style="height:40px;overflow:hidden"></shardlab-widget>').join('');
  await hostPage(page, `${many}<shardlab-widget id="asked" name="ring/grow" loading="click">${GROW_FALLBACK}</shardlab-widget>${SCRIPT}`);
  await expect(page.locator('iframe')).toHaveCount(8);
  await expect(page.getByRole('button', { name: 'Load the live widget: Paste an ID' })).toHaveCount(2);
  const asked = page.locator('#asked');
  await expect(asked.locator('iframe')).toHaveCount(0);
  await expect(asked.getByRole('img')).toBeVisible();
  // Every live frame is in sight, so the click waits too; scrolled away, the first frames make room.
  await page.evaluate(() => {
    const spacer = document.createElement('div');
    spacer.style.height = '4000px';
    document.getElementById('asked').before(spacer);
  });
  await asked.scrollIntoViewIfNeeded();
  await asked.getByRole('button', { name: 'Load the live widget: Grow the ring' }).click();
  await expect(asked.locator('iframe')).toHaveCount(1);
  await expect(page.locator('iframe')).toHaveCount(8);
  // The frame out of sight longest went back to its link.
  await expect(page.locator('shardlab-widget[name="decoder/paste"][data-shardlab-live]')).toHaveCount(7);
});

// Issue 38 item 9: the example's frames opened at 600 px and jumped to their content's height.
for (const width of [1280, 390]) {
  test(`at ${width} px, the example post's frames open within a tenth of their content's height`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript(() => {
      window.__opened = {};
      new MutationObserver((records) => {
        for (const r of records) {
          for (const node of r.addedNodes) {
            if (node.tagName === 'IFRAME') window.__opened[node.parentElement.getAttribute('name') || node.parentElement.getAttribute('data-shardlab')] = Number(node.getAttribute('height'));
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('embed-example.html');
    const embeds = page.locator('shardlab-widget, div[data-shardlab]');
    for (const name of ['ring/grow', 'decoder/paste', 'board/solve']) {
      const embed = page.locator(`shardlab-widget[name="${name}"], div[data-shardlab="${name}"]`);
      await embed.scrollIntoViewIfNeeded();
      const iframe = embed.locator('iframe');
      await openedFrame(iframe);
      const { outer } = await expectFitted(iframe);
      const opened = await page.evaluate((n) => window.__opened[n], name);
      expect(Math.abs(opened - outer), `${name} opened at ${opened} px and fits ${outer} px`).toBeLessThanOrEqual(outer / 10);
    }
    await expect(embeds).toHaveCount(3);
  });
}

test('the scrollytelling example sets its Ring embed to each step as the reader scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('embed-scrolly.html');
  const iframe = page.locator('#story iframe');
  const frame = await openedFrame(iframe);
  const steps = page.locator('.step');
  await expect(steps).toHaveCount(5);
  for (const [i, pattern] of [[1, /servers=0\.1\.2\.3\.4/], [2, /servers=0\.1\.3(&|$)/], [3, /scheme=mod/], [4, /vnodes=100/], [0, /#\/embed\/ring\/grow\?theme=/]]) {
    await steps.nth(i).evaluate((step) => step.scrollIntoView({ block: 'center' }));
    await expect(steps.nth(i)).toHaveClass(/is-active/);
    await expect.poll(() => frame.url(), { message: `step ${i + 1}` }).toMatch(pattern);
  }
  await expect(page.locator('#story-said')).toContainText('4 servers');
});
