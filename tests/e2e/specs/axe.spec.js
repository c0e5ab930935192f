// Accessibility by axe-core (issue 38, item 8): every page, every Learn chapter and every widget's
// embed route has no serious and no critical violation, and none of the moderate ones named in
// HELD: every rule in the light theme, the colour rules in the dark one (on the pages and the
// chapters, whose parts are every widget's parts). A failure prints each
// violation with the rule, its help text and the elements it found, so the report says what to
// fix without a rerun.
//
// The widgets are the built site's widgets.json (the catalogue the core's enums write), and the
// chapters are the links of the Learn index, so a new widget or chapter is checked without an edit
// here. Motion is reduced so that no colour is measured halfway through a transition.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, openRoute } from './fixtures.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = process.env.SHARDLAB_DIST || join(here, '../../../dist');
const catalogue = JSON.parse(readFileSync(join(dist, 'widgets.json'), 'utf8'));

/** Each page of the site and each view's chrome-less form, on the page that builds it. */
const PAGES = [
  ['index.html', '#/'],
  ['index.html', '#/learn'],
  ['decoder.html', '#/decoder'],
  ['ring.html', '#/ring'],
  ['board.html', '#/board'],
  ['decoder.html', '#/embed/decoder'],
  ['ring.html', '#/embed/ring'],
  ['board.html', '#/embed/board'],
];

/** Every widget's embed route, split into its page and its hash. */
const EMBEDS = catalogue.map((entry) => {
  const at = entry.embed_route.indexOf('#');
  return [entry.embed_route.slice(0, at), entry.embed_route.slice(at)];
});

/** The impacts this suite holds at zero. */
const BLOCKING = ['serious', 'critical'];

/** Moderate rules that are held at zero too: each page has an `h1`, headings go down one level
 * at a time (an embed route's h1, then h2, then h3), no content stands outside a landmark, and
 * no two landmarks of one document share a role and a name. */
const HELD = ['page-has-heading-one', 'heading-order', 'region', 'landmark-unique'];

/** The axe rules whose outcome depends on the colours a theme sets. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The frame path of an axe target: the selectors of the iframes that hold the element. */
const framePath = (target) => JSON.stringify(target.slice(0, -1));

/** Whether axe's finding on `node` counts. A landmark's name has to be unique in its own
 * document: the same panel in two frames of a chapter (two widgets of one view) is told apart by
 * the frames' titles. */
function counts(violation, node) {
  if (violation.id !== 'landmark-unique') return true;
  const related = [...node.any, ...node.all, ...node.none].flatMap((check) => check.relatedNodes ?? []);
  return related.some((other) => framePath(other.target) === framePath(node.target));
}

/** The violations this suite holds at zero on the page as it is now, one readable line per
 * element. Label-in-name (WCAG 2.5.3) is an experimental rule in axe, so it is turned on. */
async function blockingViolations(page, where, theme) {
  const builder = new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  // The themes differ only in colours (www/style.css swaps custom properties), so the dark one is
  // checked for the rules that read colours; the light one runs every rule. A full second pass
  // was six of CI's minutes.
  if (theme === 'dark') builder.withRules(COLOUR_RULES);
  const results = await builder.analyze();
  const lines = [];
  for (const violation of results.violations) {
    if (!BLOCKING.includes(violation.impact) && !HELD.includes(violation.id)) continue;
    for (const node of violation.nodes) {
      if (!counts(violation, node)) continue;
      const summary = (node.failureSummary || '').replace(/\s+/g, ' ').trim();
      lines.push(`${where}: ${violation.impact} ${violation.id} (${violation.help}) at ${node.target.join(' ')}: ${summary}`);
    }
  }
  return lines;
}

/** Opens `hash` on `file` in `theme`, waits for the app, and returns what axe blocks on. */
async function check(page, theme, file, hash) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await openRoute(page, hash, file);
  return blockingViolations(page, `${file}${hash} (${theme})`, theme);
}

for (const theme of ['light', 'dark']) {
  test.describe(`axe, ${theme} theme`, () => {
    // A widget's embed route draws the parts its view's page draws, in the same colours, so the
    // dark theme's colour rules run on the pages and the views' embed forms; the light theme's
    // full pass also covers each widget alone (its own headings and landmarks). Checking the
    // 29 widgets in the dark theme too was two of CI's minutes for no part not already seen.
    const routes = theme === 'light' ? [...PAGES, ...EMBEDS] : PAGES;
    for (const [file, hash] of routes) {
      test(`${file}${hash} passes axe`, async ({ page }) => {
        expect(await check(page, theme, file, hash)).toEqual([]);
      });
    }

    test('every Learn chapter passes axe', async ({ page }) => {
      // Fifteen chapters, each with its live frames, in one test: about 2 minutes on a loaded
      // 2-core machine in the light theme's full pass.
      test.setTimeout(300_000);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await openRoute(page, '#/learn', 'index.html');
      const hrefs = await page
        .locator('a[href*="#/learn/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      const chapters = [...new Set(hrefs.map((href) => href.slice(href.indexOf('#'))))];
      expect(chapters.length, 'chapters linked from the Learn index').toBeGreaterThan(1);
      const found = [];
      for (const hash of chapters) {
        // A fresh load each time: a hash change alone would find the app ready before it re-renders.
        await page.goto('about:blank');
        found.push(...(await check(page, theme, 'index.html', hash)));
      }
      expect(found).toEqual([]);
    });
  });
}
