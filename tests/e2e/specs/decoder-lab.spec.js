// "When generators fail" (issue 22 §4): the clock stepping back makes the naive generator issue
// duplicates while waiting it out makes none; a parameter out of range names its range and the
// last runs stay; the fault and its parameters travel in the link.
import { test, expect, openRoute } from './fixtures.js';

const naiveDups = (page) => page.getByTestId('lab-naive-dups');
const fixedDups = (page) => page.getByTestId('lab-fixed-dups');

test('the clock step duplicates under trust and not when waited out', async ({ page }) => {
  await openRoute(page, 'decoder.html#/w/decoder/lab?v=1&layout=snowflake&id=1541815603606036480');
  await expect(page.locator('[data-widget="decoder/lab"]')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'The clock steps back' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Wait it out' })).toBeChecked();
  const naive = Number((await naiveDups(page).textContent()).replace(/,/g, ''));
  expect(naive).toBeGreaterThan(0);
  await expect(fixedDups(page)).toHaveText('0');
  await expect(page.getByTestId('lab-summary')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('lab-summary')).toContainText('Wait it out: 0 duplicates');
  // The first duplicates name generator 0, before and after its clock stepped back.
  await expect(page.locator('[data-testid="lab-naive"] .lab-examples')).toContainText('gen 0/0, 4');
  // Refusing instead: no duplicates either, and the refusals are counted.
  await page.getByRole('radio', { name: 'Refuse until then' }).check();
  await expect(fixedDups(page)).toHaveText('0');
  await expect(page.getByTestId('lab-fixed')).toContainText('requests refused');
  await expect(page).toHaveURL(/fix=refuse/);
  // The rollover of Twitter's layout: 2080.
  await expect(page.getByTestId('lab-rollover')).toContainText('2080-07-10');
});

test('a step back out of range names the range and keeps the last runs', async ({ page }) => {
  await openRoute(page, 'decoder.html#/w/decoder/lab?v=1&layout=snowflake&id=1541815603606036480');
  const before = await naiveDups(page).textContent();
  const by = page.getByLabel('Step back by (ms)');
  await by.fill('20000');
  await by.press('Enter');
  await expect(page.getByTestId('lab-by-error')).toContainText('1 … 10,000');
  await expect(by).toHaveAttribute('aria-invalid', 'true');
  await expect(naiveDups(page)).toHaveText(before);
  await by.fill('300');
  await by.press('Enter');
  await expect(page.getByTestId('lab-by-error')).toBeEmpty();
  await expect(naiveDups(page)).not.toHaveText(before);
  await expect(page).toHaveURL(/by=300/);
});

test('random worker IDs show the birthday odds, computed and measured', async ({ page }) => {
  await openRoute(page, 'decoder.html#/w/decoder/lab?v=1&layout=snowflake&fault=random&k=50');
  await expect(page.getByRole('radio', { name: 'Random worker IDs' })).toBeChecked();
  await expect(page.getByTestId('lab-birthday')).toContainText('50 generators drawing one of 1,024');
  await expect(page.getByTestId('lab-birthday')).toContainText('measured');
  await expect(fixedDups(page)).toHaveText('0');
});
