// One key followed across the views: each link opens the other view (on its own page of the
// release site) in the state the link promises, checked in that view's DOM.
import { test, expect, openRoute } from './fixtures.js';

const PIN = '241294492511762325';
const field = (page, name) => page.locator(`.field-editor[data-field="${name}"] input`);

test('the Decoder opens the Ring with the ID as the looked-up key', async ({ page }) => {
  await openRoute(page, '#/decoder');
  await page.getByRole('link', { name: 'Place this ID with hash placement instead' }).click();
  await expect(page).toHaveURL(new RegExp(`/ring\\.html#/ring\\?.*key=${PIN}`));
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(page.locator('#rv-key')).toHaveValue(PIN);
});

test('the Ring opens the Decoder on a Pin in the key\'s mod shard', async ({ page }) => {
  // A decimal key is its own hash, so key 3429 + 4096 lands on shard 3429.
  await openRoute(page, '#/ring?v=1&key=7525');
  await expect(page.locator('#rv-key')).toHaveValue('7525');
  await page.getByRole('link', { name: 'What if the shard were in the ID?' }).click();
  await expect(page).toHaveURL(/\/decoder\.html#\/decoder\?/);
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(field(page, 'shard')).toHaveValue('3429');
  await expect(field(page, 'type')).toHaveValue('1');
  await expect(field(page, 'local')).toHaveValue('1');
  await expect(page.getByTestId('loc-master')).toHaveText('MySQL007A');
});

test('a Board database lists IDs on a shard, and each opens in the Decoder on that host', async ({ page }) => {
  await openRoute(page, '#/board');
  await page.locator('.board-svg [data-node="db"]').click();
  const host = page.locator('#shard-samples-host');
  const options = await host.locator('option').allTextContents();
  expect(options.length).toBeGreaterThan(1);
  const last = options[options.length - 1];
  await host.selectOption({ label: last });
  await expect(page.locator('.shard-samples')).toContainText(`${last} holds logical shards`);
  const links = page.getByTestId('sample-ids').locator('a');
  await expect(links).toHaveCount(5);
  const id = (await links.first().textContent()).trim();
  await links.first().click();
  await expect(page).toHaveURL(/\/decoder\.html#\/decoder\?/);
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(page.getByTestId('id-decimal')).toHaveText(id);
  await expect(page.getByTestId('loc-master')).toHaveText(last);
});

test('the links work in the build for a /shardlab/ subpath, both ways', async ({ page }) => {
  await openRoute(page, '#/decoder', '/shardlab/');
  await page.getByRole('link', { name: 'Place this ID with hash placement instead' }).click();
  await expect(page).toHaveURL(new RegExp(`/shardlab/ring\\.html#/ring\\?.*key=${PIN}`));
  await expect(page.locator('#rv-key')).toHaveValue(PIN);
  await page.getByRole('link', { name: 'What if the shard were in the ID?' }).click();
  await expect(page).toHaveURL(/\/shardlab\/decoder\.html#\/decoder\?/);
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(field(page, 'type')).toHaveValue('1');
  await expect(field(page, 'local')).toHaveValue('1');
});
