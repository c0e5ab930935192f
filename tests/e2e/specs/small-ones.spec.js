// Issue 38, item 9, the small ones, each at a desktop's 1280 px and a phone's 390 px: the
// selected bucket of mod-vs-ring fits its row, a dead master's errors say why on the timeline,
// and the Decoder's split notice reads as a change (old → new), not as an error. Each test
// leaves a screenshot in test-results/ for a person to look at. ("Break it"'s p99 label is a
// native test of the chart's layout: src/chart/draw.rs.)
import { test, expect, openRoute } from './fixtures.js';

const WIDTHS = [1280, 390];

for (const width of WIDTHS) {
  test(`mod-vs-ring: the selected bar and its ring fit the row at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openRoute(page, '#/embed/ring/mod-vs-ring', 'ring.html');
    await page.getByTestId('add-server').click();
    const row = page.locator('.rv-buckets');
    await expect(row.locator('.rv-bucket')).toHaveCount(5);
    await expect(row.locator('.rv-bucket.hit')).toHaveCount(1);
    // The selected bar's ring reaches outline-width + outline-offset past the bar. Whichever
    // bar the key selects, that ring stays inside the row's visible box (the row scrolls
    // sideways, so it clips) and off its own count above it.
    const misfits = await row.evaluate((ol) => {
      const hit = ol.querySelector('.rv-bucket.hit .rv-bucket-bar');
      const style = getComputedStyle(hit);
      const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      const box = ol.getBoundingClientRect();
      const inner = {
        left: box.left + ol.clientLeft,
        top: box.top + ol.clientTop,
        right: box.left + ol.clientLeft + ol.clientWidth,
        bottom: box.top + ol.clientTop + ol.clientHeight,
      };
      const found = [];
      for (const li of ol.querySelectorAll('.rv-bucket')) {
        const bar = li.querySelector('.rv-bucket-bar').getBoundingClientRect();
        const count = li.querySelector('.rv-bucket-count').getBoundingClientRect();
        const name = li.querySelector('.rv-bucket-name').textContent;
        const r = { left: bar.left - ring, top: bar.top - ring, right: bar.right + ring, bottom: bar.bottom + ring };
        if (r.left < inner.left - 0.5 || r.right > inner.right + 0.5 || r.top < inner.top - 0.5) {
          found.push(`${name}: its ring leaves the row`);
        }
        if (r.top < count.bottom - 0.5) found.push(`${name}: its ring covers its count`);
      }
      return found;
    });
    await page.locator('.rv-pair').screenshot({ path: `test-results/small-mod-vs-ring-${width}.png` });
    expect(misfits).toEqual([]);
  });

  test(`break: a dead master's errors say why on the timeline at ${width} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await openRoute(page, 'board.html#/embed/board/break');
    const timeline = page.locator('[data-plot="plot-timeline"]');
    await expect(timeline).toHaveCount(1, { timeout: 20_000 });
    await expect(timeline.locator('figcaption')).not.toContainText('Why errors rise');
    await page.locator('#fault-at').fill('20');
    await page.getByRole('button', { name: 'Kill a master' }).click();
    await expect(timeline).toHaveAttribute('data-detail', /fault/, { timeout: 20_000 });
    // The words come from the run: its error window and the causes the simulator counted.
    await expect(timeline.locator('figcaption')).toContainText(
      /Why errors rise from second (19|20|21) to second \d+: [\d,]+ requests failed; [\d,]+ found no master \(the master of shard 0 died at 20 s and nothing promoted its standby\)/,
      { timeout: 20_000 },
    );
    await timeline.locator('canvas').scrollIntoViewIfNeeded();
    await expect(timeline.locator('canvas')).toHaveAttribute('data-drawn', 'true');
    await page.screenshot({ path: `test-results/small-break-${width}.png`, fullPage: true });
  });

  test(`config: the split notice reads as a change, old → new, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openRoute(page, 'decoder.html#/embed/decoder/config');
    await page.getByRole('button', { name: 'Split MySQL007A' }).click();
    const host = page.getByTestId('split-host');
    await expect(host).toContainText('MySQL007A → MySQL009A');
    await expect(host).toContainText('moved');
    const look = await host.evaluate((el) => {
      const probe = document.createElement('span');
      el.append(probe);
      const resolve = (v) => { probe.style.color = `var(${v})`; return getComputedStyle(probe).color; };
      const red = [resolve('--error'), resolve('--moved')];
      probe.remove();
      const marks = [el, ...el.querySelectorAll('*')].map((e) => {
        const s = getComputedStyle(e);
        return { line: s.textDecorationLine, decoration: s.textDecorationColor, shadow: s.boxShadow, colour: s.color };
      });
      const [was, now] = [...el.querySelectorAll('code')].map((c) => Number(getComputedStyle(c).fontWeight));
      return { red, marks, was, now };
    });
    for (const mark of look.marks) {
      // Nothing struck out, and no red mark (a line, an underline or a shadow) on either name.
      expect(mark.line).not.toContain('line-through');
      for (const red of look.red) {
        expect(mark.colour).not.toBe(red);
        expect(mark.shadow).not.toContain(red);
        if (mark.line !== 'none') expect(mark.decoration).not.toBe(red);
      }
    }
    // The new name stands out by more than colour: it alone is bold.
    expect(look.now).toBeGreaterThanOrEqual(600);
    expect(look.was).toBeLessThan(600);
    await page.getByTestId('split-report').screenshot({ path: `test-results/small-split-${width}.png` });
  });
}
