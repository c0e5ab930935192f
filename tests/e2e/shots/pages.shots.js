// The pictures a reviewer looks at before calling a page done (the brief: "take screenshots with
// Playwright at 1280 and 390 px and open the PNGs"): every Learn chapter, whole and at its first
// task, the three full views, every widget of widgets.json alone at a column's and a phone's
// width, and the example post. SHARDLAB_SHOTS picks groups (learn,views,widgets,post; all by
// default) and SHARDLAB_SHOTS_SLUGS chapters; SHARDLAB_SHOTS_OUT is the folder.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';

const here = fileURLToPath(new URL('.', import.meta.url));
const out = process.env.SHARDLAB_SHOTS_OUT || join(here, '../../../target/shots');
const dist = process.env.SHARDLAB_DIST || join(here, '../../../dist');
const groups = (process.env.SHARDLAB_SHOTS || 'learn,views,widgets,post').split(',');
const slugs = process.env.SHARDLAB_SHOTS_SLUGS ? process.env.SHARDLAB_SHOTS_SLUGS.split(',') : null;
const widths = [[1280, 800], [390, 844]];
mkdirSync(out, { recursive: true });

// Waits for the app, then for the work a reader would wait for: every "measuring…" line and
// progress bar (the Board's capacity search among them) gone.
// `scope` is a page or a frame locator.
async function settled(scope) {
  await expect(scope.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(scope.locator('.rv-progress, .run-progress, .plot-status progress')).toHaveCount(0, { timeout: 60_000 }).catch(() => {});
  if (scope.waitForTimeout) await scope.waitForTimeout(500);
}

const shot = (name) => join(out, `${name}.png`);

for (const [width, height] of widths) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height } });

    if (groups.includes('learn')) {
      test(`learn chapters at ${width}`, async ({ page }) => {
        await page.goto('index.html#/learn');
        await settled(page);
        const hrefs = await page.locator('.learn .chapter-list a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        for (const href of hrefs) {
          const slug = href.split('/').pop();
          if (slugs && !slugs.includes(slug)) continue;
          await page.goto(`index.html${href}`);
          await settled(page);
          // The live views are frames: give each its first load.
          for (const frame of await page.locator('iframe.live-frame').all()) {
            await frame.scrollIntoViewIfNeeded();
            await expect(frame).toHaveClass(/sized/, { timeout: 30_000 }).catch(() => {});
            await settled(frame.contentFrame());
          }
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: shot(`learn-${slug}-${width}`), fullPage: true });
          // What the reader sees while acting on the first task: its widget and the card.
          const card = page.locator('.task-card').first();
          if (await card.count()) {
            await page.locator('iframe.live-frame').first().scrollIntoViewIfNeeded().catch(() => {});
            await page.screenshot({ path: shot(`learn-${slug}-${width}-acting`) });
          }
        }
      });
    }

    if (groups.includes('views')) {
      for (const view of ['decoder', 'ring', 'board']) {
        test(`${view} view at ${width}`, async ({ page }) => {
          await page.goto(`${view}.html#/${view}`);
          await settled(page);
          // What renders only near the screen (the Ring's sweeps) is scrolled to, as a reader would.
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await settled(page);
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: shot(`view-${view}-${width}`), fullPage: true });
        });
      }
    }

    if (groups.includes('post')) {
      test(`example post at ${width}`, async ({ page }) => {
        await page.goto('embed-example.html');
        await expect(page.locator('iframe')).toHaveCount(3);
        for (const frame of await page.locator('iframe').all()) await frame.scrollIntoViewIfNeeded();
        await page.waitForTimeout(3000);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: shot(`post-${width}`), fullPage: true });
      });
    }
  });
}

if (groups.includes('widgets')) {
  const catalogue = JSON.parse(readFileSync(join(dist, 'widgets.json'), 'utf8'));
  for (const [width, height] of [[680, 900], [390, 844]]) {
    test(`every widget at ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      for (const entry of catalogue) {
        await page.goto(entry.embed_route);
        await settled(page);
        await page.locator('[data-widget]').screenshot({ path: shot(`widget-${entry.view}-${entry.widget}-${width}`) });
      }
    });
  }
}
