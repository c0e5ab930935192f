// The Decoder's widgets (issue 18): each one, alone in its embed route, loads with no console
// error, carries `data-widget` and the view's snapshot, is at most 700 px tall at 680 px wide, does
// not scroll sideways at 390 px, and its one key interaction works inside it. The list is the
// catalogue the site publishes (www/widgets.json), so a new Decoder widget is checked here at once.
// The shared fixture fails any test that logs a console error or requests another origin.
import { readFileSync } from 'node:fs';
import { test, expect, openRoute } from './fixtures.js';

const PIN = '241294492511762325';
const CATALOGUE = JSON.parse(readFileSync(new URL('../../../www/widgets.json', import.meta.url), 'utf8'));
const WIDGETS = CATALOGUE.filter((entry) => entry.view === 'decoder');

/** The frame of the widget on screen. */
const frame = (page, name) => page.locator(`[data-widget="decoder/${name}"]`);

/** The snapshot the widget publishes. */
async function snapshot(page, name) {
  return JSON.parse(await frame(page, name).getAttribute('data-shardlab-snapshot'));
}

/** The document's content height, as the embed reports it to its host (shell/embed_height.rs). */
const contentHeight = (page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    return Math.ceil(Math.max(root.getBoundingClientRect().height, document.body.scrollHeight));
  });

/** The key interaction of each widget: one action and what it must change, inside the widget. */
const INTERACTIONS = {
  paste: async (page) => {
    // Shard 0, type 1, local 1: typing it moves the row to the first host.
    await page.getByRole('textbox', { name: 'ID', exact: true }).fill(String((1n << 36n) | 1n));
    await expect(page.getByTestId('loc-shard')).toHaveText('0');
    await expect(page.getByTestId('loc-master')).toHaveText('MySQL001A');
    await expect(page.getByTestId('value-shard')).toHaveText('0');
    expect((await snapshot(page, 'paste')).master).toBe('MySQL001A');
  },
  compose: async (page) => {
    await page.locator('.field-editor[data-field="shard"] input').fill('3430');
    await expect(page.getByTestId('id-decimal')).toHaveText(String(BigInt(PIN) + (1n << 46n)));
    await expect(page.locator('#bit-47')).toHaveAttribute('aria-pressed', 'true');
    // Where the composed ID lives follows it.
    await expect(page.getByTestId('loc-shard')).toHaveText('3430');
  },
  layout: async (page) => {
    // Type gives two bits back: the strip shows them as unused at the top, and type's handle
    // reads its new width.
    const width = page.getByLabel('Width of type in bits');
    await width.fill('8');
    await width.press('Enter');
    await expect(page.locator('#bit-63')).toHaveClass(/unused/);
    await expect(page.locator('#grip-2')).toHaveAttribute('aria-valuenow', '8');
    await expect(page.getByTestId('id-decimal')).toHaveCount(0);
  },
  config: async (page) => {
    await page.getByRole('button', { name: 'Split MySQL007A' }).click();
    await expect(page.getByTestId('loc-master')).toHaveText('MySQL009A');
    await expect(page.locator('.shard-table tbody tr')).toHaveCount(9);
    expect((await snapshot(page, 'config')).ranges).toBe(9);
  },
  generate: async (page) => {
    await page.getByLabel(/^Shard \(/).fill('3429');
    await page.getByRole('button', { name: 'Insert a new object' }).click();
    await expect(page.getByTestId('id-decimal')).toHaveText('241294492511762326');
    await expect(page.getByTestId('gen-steps').locator('li')).toHaveCount(4);
    expect((await snapshot(page, 'generate')).last_inserted).toBe('241294492511762326');
  },
  pitfalls: async (page) => {
    await expect(page.getByTestId('number-rounded')).toContainText('241294492511762336');
    await expect(page.getByTestId('number-rounded')).toContainText('off by +11');
    await expect(page.getByTestId('mask-result')).toContainText('matches the real local 7075733');
    await page.getByTestId('mask-try').click();
    await expect(page.getByTestId('mask-result')).toContainText('instead of the real local 4302043029');
  },
  detect: async (page) => {
    // Twitter's example: Twitter's layout reads it in 2022; its Discord reading is four years
    // later, so the list says why each one fits or not.
    await page.getByRole('textbox', { name: 'Whose ID is this?' }).fill('1541815603606036480');
    await expect(page.locator('.detect-reading[data-reading="snowflake"]')).toContainText('2022-06-28T16:07:40.105Z');
    await expect(page.locator('.detect-reading[data-reading="discord"]')).toContainText('2026-08-25T14:24:45.448Z');
    await page.locator('.detect-reading[data-reading="snowflake"] button').click();
    await expect(page.locator('.detect-detail h2')).toContainText('Snowflake (Twitter)');
  },
  batch: async (page) => {
    // Two copies of the example and shard 0's first ID: counted per shard, one duplicate.
    await page.getByRole('textbox', { name: 'A pile of IDs' }).fill(`${PIN}\n${PIN}\n1`);
    await expect(page.getByTestId('batch-status')).toHaveText('Read 3 IDs: 1 duplicate, 0 refused lines.');
    await expect(page.getByTestId('batch-histogram').locator('tbody th')).toHaveText(['shard 0', 'shard 3429']);
  },
  lab: async (page) => {
    // Pinterest has no clock, so the lab runs Snowflake's layout; refusing instead of waiting
    // still makes no duplicates, and the refusals are counted.
    await expect(page.getByTestId('lab-fixed-dups')).toHaveText('0');
    await page.getByRole('radio', { name: 'Refuse until then' }).check();
    await expect(page.getByTestId('lab-fixed')).toContainText('requests refused');
    expect((await snapshot(page, 'lab')).lab_fix).toBe('refuse');
  },
  code: async (page) => {
    await expect(page.locator('pre.code')).toContainText('let shard = (id >> 46) & 0xFFFF; // 3429');
    await page.getByRole('button', { name: 'JavaScript (BigInt)' }).click();
    await expect(page.locator('pre.code')).toContainText(`BigInt("${PIN}")`);
  },
};

test('the catalogue lists every Decoder widget this spec knows', () => {
  expect(WIDGETS.map((w) => w.widget).sort()).toEqual(Object.keys(INTERACTIONS).sort());
});

for (const { widget: name, embed_route: embedRoute, route } of WIDGETS) {
  test.describe(`the ${name} widget`, () => {
    test('opens alone on the Pinterest example, at most 700 px tall in a 680 px column', async ({ page }) => {
      await page.setViewportSize({ width: 680, height: 400 });
      await openRoute(page, embedRoute);
      await expect(frame(page, name)).toHaveCount(1);
      await expect(page.locator('[data-widget]')).toHaveCount(1);
      // The view's heading stays out; the page's one h1 is the widget's title.
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1.widget-title')).toHaveCount(1);
      expect((await snapshot(page, name)).id).toBe(PIN);
      await page.evaluate(() => document.fonts.ready);
      expect(await contentHeight(page), 'height at 680 px').toBeLessThanOrEqual(700);
    });

    test('fits a 390 px phone without scrolling sideways', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openRoute(page, embedRoute);
      await expect(frame(page, name)).toHaveCount(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
    });

    test('its key interaction works inside it and keeps the widget address', async ({ page }) => {
      await openRoute(page, route);
      await expect(frame(page, name)).toHaveCount(1);
      await INTERACTIONS[name](page);
      await expect(frame(page, name)).toHaveCount(1);
      // The code widget changes only its language tab, and the batch widget its pile, neither of
      // which is part of the state.
      if (name !== 'code' && name !== 'batch') {
        await expect(page).toHaveURL(new RegExp(`#/w/decoder/${name}\\?v=1&`));
      }
    });
  });
}

test('a link\'s state opens in a widget, and a bad one shows its note inside the widget', async ({ page }) => {
  await openRoute(page, `decoder.html#/embed/decoder/paste?v=1&layout=pinterest&id=${(1n << 36n) | 1n}`);
  await expect(page.getByTestId('loc-master')).toHaveText('MySQL001A');
  await page.goto('about:blank');
  await openRoute(page, 'decoder.html#/embed/decoder/compose?v=1&layout=flickr&id=12x');
  await expect(frame(page, 'compose').locator('.note').first()).toContainText('flickr');
  await expect(page.getByTestId('id-decimal')).toHaveText(PIN);
});
