// Issue 44 §4 and §5: what the page says about a reader's input is in plain words. A design that
// the browser's JSON reader refuses is explained without JavaScript's wording ("Error:",
// "JsValue(…)"), and a key longer than the Ring keeps is cut with a word under its box.
import { test, expect, openRoute } from './fixtures.js';

const JS_WORDING = /JsValue|\bError:|JSON\.parse|JSON Parse error/;

test('a board link whose design has a value of the wrong kind is explained in plain words', async ({ page }) => {
  for (const [design, says] of [
    // An object where the name's text belongs: serde-wasm-bindgen names it `JsValue(Object(…))`.
    [{ version: 1, name: { a: 1 } }, 'an object'],
    [{ version: 1, name: [1, 2] }, 'a list'],
    ['{nope', 'could not be read'],
  ]) {
    const text = typeof design === 'string' ? design : JSON.stringify(design);
    await page.goto('about:blank');
    await openRoute(page, `#/board?v=1&d=${encodeURIComponent(text)}`, 'board.html');
    const note = page.locator('p.note', { hasText: 'could not be read' });
    await expect(note).toBeVisible();
    await expect(note).toContainText(says);
    expect(await note.innerText()).not.toMatch(JS_WORDING);
  }
});

test('a key longer than the Ring keeps is cut with a word under its box', async ({ page }) => {
  await openRoute(page, '#/embed/ring/lookup', 'ring.html');
  const box = page.locator('#rv-key');
  await box.fill('k'.repeat(200));
  await expect(page.getByTestId('key-cut')).toHaveCount(0);
  await box.fill('k'.repeat(250));
  const said = page.getByTestId('key-cut');
  await expect(said).toContainText('250 characters');
  await expect(said).toContainText('at most 200');
  await expect(box).toHaveAttribute('aria-describedby', 'rv-key-cut');
  // Back within the limit, the words go.
  await box.fill('cart:2026');
  await expect(said).toHaveCount(0);
});
