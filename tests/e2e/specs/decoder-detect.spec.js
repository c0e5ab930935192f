// "Whose ID is this?" (issue 22 §2): the widget's own route ranks a pasted ID, a bad ULID gets the
// character and its position while the last good list stays, a wide ID's bits show on the strip,
// and the pasted text travels in the link.
import { test, expect, openRoute } from './fixtures.js';

const input = (page) => page.getByRole('textbox', { name: 'Whose ID is this?' });
const readings = (page) => page.locator('.detect-reading');

test('the widget route ranks Discord\'s example Discord first, with its 2016 time', async ({ page }) => {
  await openRoute(page, 'decoder.html#/w/decoder/detect');
  await expect(page.locator('[data-widget="decoder/detect"]')).toHaveCount(1);
  await expect(readings(page).first()).toHaveAttribute('data-reading', 'discord');
  await expect(readings(page).first()).toContainText('2016-04-30T11:18:25.796Z');
  await expect(page.getByTestId('detect-summary')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('detect-summary')).toContainText('A tie: Discord');
});

// Issue 38 §3: a 2022 tweet read in 2026 is as much a Discord ID from 2026; the page says it is a
// tie and why, and never calls it Discord's on recency alone.
test('a tweet that also reads as a Discord ID is a tie, said with both times', async ({ page }) => {
  await openRoute(page, 'decoder.html#/w/decoder/detect?v=1&detect=1541815603606036480');
  const summary = page.getByTestId('detect-summary');
  await expect(summary).toContainText('A tie: Discord');
  await expect(summary).toContainText('Twitter');
  await expect(page.getByTestId('detect-order')).toContainText('nothing else in the ID tells them apart');
  await expect(page.getByTestId('detect-order')).toContainText(/Discord reads \d+ \w+ ago, Snowflake \(Twitter\) reads \d+ years ago/);
  await expect(summary).not.toContainText('Likeliest: Discord');
});

test('a bad ULID names the character and its position, and the last list stays', async ({ page }) => {
  await openRoute(page, 'decoder.html#/w/decoder/detect');
  await input(page).fill('01ARZ3NDEKTSV4RRFFQ69G5FAV');
  await expect(readings(page)).toHaveCount(1);
  await expect(readings(page).first()).toHaveAttribute('data-reading', 'ulid');
  await input(page).fill('01ARZ3NDEKTSV4RRFFQ69G5FAU');
  await expect(page.getByTestId('detect-error')).toContainText("'U' at position 26");
  await expect(input(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(readings(page).first()).toHaveAttribute('data-reading', 'ulid');
  // The ULID's bits: 48 of time, 80 random, from the keyboard.
  await page.locator('.detect-reading[data-reading="ulid"] button').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('wide-strip').locator('.wide-bit')).toHaveCount(128);
  await expect(page.locator('.wide-fields tr[data-field="timestamp"] td').nth(1)).toHaveText('48');
  await expect(page.getByTestId('detect-detail-time')).toContainText('2016-07-30T23:54:10.259Z');
  // The link carries the last good text and the pick.
  await expect(page).toHaveURL(/detect=01ARZ3NDEKTSV4RRFFQ69G5FAV/);
  await expect(page).toHaveURL(/reading=ulid/);
});

test('the full view shows the widget right after the 64-bit strip', async ({ page }) => {
  await openRoute(page, 'decoder.html#/decoder?v=1&detect=507f1f77bcf86cd799439011');
  await expect(readings(page).first()).toHaveAttribute('data-reading', 'objectid');
  const order = await page.evaluate(() =>
    [...document.querySelectorAll('.decoder-grid > section')].map((s) => s.className));
  const strip = order.findIndex((c) => c.includes('strip-panel'));
  expect(order[strip + 1]).toContain('detect-panel');
});
