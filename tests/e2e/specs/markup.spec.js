// Text, never markup (issue 8, item 5): a node label, a field name, a host name or a key of
// `<img src=x onerror=…>` shows as text wherever it appears, and in the exported files. If any of
// them became markup, an <img> element would appear and its onerror would open a dialog or log.
import { test, expect, openRoute } from './fixtures.js';

const MARKUP = '<img src=x onerror=alert(1)>';

/** Fails the test on any dialog; the fixture already fails it on console and page errors. */
function refuseDialogs(page) {
  const dialogs = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

async function download(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const chunks = await (await file.createReadStream()).toArray();
  return Buffer.concat(chunks).toString();
}

test('a board node label of markup is text on the board, in the panel and in every export', async ({ page }) => {
  const dialogs = refuseDialogs(page);
  await openRoute(page, '#/board');
  await expect(page.getByTestId('caption-source')).toHaveText('simulation', { timeout: 20_000 });
  await page.locator('.board-svg [data-node="app"]').click();
  await page.locator('#board-settings-first').fill(MARKUP);
  await page.locator('#board-settings-first').press('Tab');
  await expect(page.locator('.board-svg [data-node="app"] .node-label')).toHaveText(MARKUP);
  await expect(page.locator('td[data-label="Where"]').first()).toHaveText(MARKUP);
  const json = await download(page, page.getByRole('button', { name: 'Export JSON' }));
  expect(JSON.parse(json).nodes.find((n) => n.id === 'app').label).toBe(MARKUP);
  for (const plot of await page.locator('[data-plot]').all()) {
    const svg = await download(page, plot.getByRole('button', { name: 'Export SVG' }));
    expect(svg).not.toContain('<img');
    const csv = await download(page, plot.getByRole('button', { name: 'Export CSV' }));
    expect(csv).not.toContain('<img');
  }
  // The label survives a reload (it travels in the URL and localStorage) and is still text.
  await page.reload();
  await expect(page.locator('.board-svg [data-node="app"] .node-label')).toHaveText(MARKUP);
  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('a decoder field name and host name of markup are refused as text', async ({ page }) => {
  const dialogs = refuseDialogs(page);
  await openRoute(page, '#/decoder');
  const name = page.getByLabel('Name of field 2');
  await name.fill(MARKUP);
  await name.press('Enter');
  await expect(page.getByTestId('layout-error')).not.toBeEmpty();
  const host = page.getByRole('textbox', { name: /^Master of shards/ }).first();
  await host.fill(MARKUP);
  await host.press('Enter');
  await expect(page.locator('.host-input.invalid')).toHaveCount(1);
  await expect(page.locator('td .error[role="alert"]').first()).not.toBeEmpty();
  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('a ring key of markup is text in the lookup steps and the address', async ({ page }) => {
  const dialogs = refuseDialogs(page);
  await openRoute(page, '#/ring');
  await page.locator('#rv-key').fill(MARKUP);
  await expect(page.locator('.rv-step').first()).toContainText(MARKUP);
  // The key lasts because the address holds it; reload only once it does.
  await expect
    .poll(() => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').get('key'))
    .toBe(MARKUP);
  await page.reload();
  await expect(page.locator('#rv-key')).toHaveValue(MARKUP);
  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
