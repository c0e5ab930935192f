// Issue 44 §1: a new release reaches returning readers whole. A reader who visited release 1 comes
// back after release 2 went up; the service worker must replace release 1's cache with release 2's
// files, never with a mix. Hosts let browsers keep files: GitHub Pages sends `max-age=600`, others
// only `Last-Modified` (which browsers turn into a guessed freshness of a tenth of the file's age).
// Had the worker filled its cache through the HTTP cache, the new cache would hold release 1's
// board.html, naming a bundle release 2 no longer has, and the Board could not start.
//
// Two builds, cheaply: release 1 is the built site (SHARDLAB_DIST) as it is; release 2 is the same
// files with every content-hashed name changed (and the pages and the worker's list rewritten to
// match) and another worker version. That is what a rebuild changes as far as the worker and the
// host can tell: new bundle names and a new sw.js. The bundles' bytes stay, so their integrity
// hashes in the pages still hold.
//
// The spec serves both from its own loopback server on SHARDLAB_PORT + 10, one release at a time
// at the same origin, and lets service workers run (the suite blocks them elsewhere).
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, openRoute } from './fixtures.js';
import { TYPES } from '../serve.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = process.env.SHARDLAB_DIST || join(here, '../../../dist');
const port = Number(process.env.SHARDLAB_PORT || 4178) + 10;

test.use({ serviceWorkers: 'allow', baseURL: `http://127.0.0.1:${port}/` });

// trunk names a bundle `stem-<hash>.ext`, the hash in up to 16 hex digits (no leading zeros).
const HASHED = /-([0-9a-f]{8,16})(?=[._])/;
const VERSION_LINE = /const VERSION = '([0-9a-f]+)';/;

/** Each hex digit moved on by one: another hash of the same length. */
function otherHash(hash) {
  return hash.replace(/[0-9a-f]/g, (d) => ((parseInt(d, 16) + 1) % 16).toString(16));
}

/** The bodies of a page's inline scripts, in order. */
const inlineScripts = (html) => [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

/** How a Content-Security-Policy names an inline script. */
const cspHash = (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** Release 1 (the dist as built) and release 2 (in a temporary folder), each with what tells it apart. */
function twoReleases() {
  const names = readdirSync(dist).filter((name) => statSync(join(dist, name)).isFile());
  const renamed = new Map(names
    .filter((name) => HASHED.test(name))
    .map((name) => [name, name.replace(HASHED, (_, hash) => `-${otherHash(hash)}`)]));
  const folder = mkdtempSync(join(tmpdir(), 'shardlab-release-2-'));
  const oldVersion = VERSION_LINE.exec(readFileSync(join(dist, 'sw.js'), 'utf8'))[1];
  for (const name of names) {
    let bytes = readFileSync(join(dist, name));
    // The pages and the worker name the bundles; the bundles' bytes stay as built.
    if (name.endsWith('.html') || name === 'sw.js') {
      const before = bytes.toString('utf8');
      let text = before;
      for (const [from, to] of renamed) text = text.split(from).join(to);
      if (name === 'sw.js') text = text.replace(VERSION_LINE, `const VERSION = '${otherHash(oldVersion)}';`);
      // trunk's inline loader names the bundles, and the page's Content-Security-Policy allows
      // each inline script by its hash: a renamed loader gets its new hash there.
      const [was, is] = [inlineScripts(before), inlineScripts(text)];
      was.forEach((script, i) => { text = text.split(cspHash(script)).join(cspHash(is[i])); });
      bytes = Buffer.from(text, 'utf8');
    }
    writeFileSync(join(folder, renamed.get(name) ?? name), bytes);
  }
  const board = (dir) => /<link rel="modulepreload" href="([^"]+)"/.exec(readFileSync(join(dir, 'board.html'), 'utf8'))[1];
  return [
    { dir: dist, version: oldVersion, boardScript: board(dist) },
    { dir: folder, version: otherHash(oldVersion), boardScript: board(folder) },
  ];
}

const HOURS = 3600 * 1000;

/**
 * A static host of one release at a time (`host.release = n` swaps it), sending `policy`'s
 * caching headers: 'max-age' sends `Cache-Control: max-age=600`; 'last-modified' sends only
 * `Last-Modified` (release 1 two days old, release 2 an hour old) and answers
 * `If-Modified-Since` with 304 Not Modified, as static hosts do.
 */
async function host(releases, policy) {
  const modified = [Date.now() - 48 * HOURS, Date.now() - HOURS].map((t) => new Date(Math.floor(t / 1000) * 1000));
  const state = { release: 1 };
  const server = createServer((req, res) => {
    const release = releases[state.release - 1];
    const path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    const name = path === '/' ? 'index.html' : path.slice(1);
    let body;
    try {
      if (name.includes('/') || name.startsWith('.')) throw new Error('outside the release');
      body = readFileSync(join(release.dir, name));
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const headers = { 'content-type': TYPES[extname(name)] || 'application/octet-stream' };
    if (policy === 'max-age') {
      headers['cache-control'] = 'max-age=600';
    } else {
      const lastModified = modified[state.release - 1];
      headers['last-modified'] = lastModified.toUTCString();
      const since = Date.parse(req.headers['if-modified-since'] ?? '');
      if (since >= lastModified.getTime()) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', done);
  });
  return {
    set release(n) { state.release = n; },
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
  };
}

let releases;
test.beforeAll(() => { releases = twoReleases(); });
test.afterAll(() => { if (releases) rmSync(releases[1].dir, { recursive: true, force: true }); });

/** The shardlab caches the origin holds. */
const cacheNames = (page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('shardlab-')));

/** The app bundle the open page loaded. */
const boardScript = (page) => page.evaluate(() => document.querySelector('link[rel="modulepreload"]').getAttribute('href'));

async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The Board has started: its caption is drawn by the app. */
async function boardStarted(page) {
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(page.getByTestId('board-caption')).toBeVisible();
}

for (const policy of ['max-age', 'last-modified']) {
  test(`after a release, the Board starts online and offline (host sends ${policy})`, async ({ page, context }) => {
    test.setTimeout(150_000);
    const [one, two] = releases;
    expect(two.boardScript, 'release 2 names other bundles').not.toBe(one.boardScript);
    const server = await host(releases, policy);
    try {
      await openRoute(page, '#/board', 'board.html');
      await controlled(page);
      expect(await boardScript(page)).toBe(one.boardScript);
      expect(await cacheNames(page)).toEqual([`shardlab-${one.version}`]);

      server.release = 2;
      // A visit checks for a new worker (offline.js asks on every load); once it has taken over,
      // its cache is the only one. The page is reloaded at most every 10 s: the worker's install
      // fetches the whole release, which on a loaded machine outlasts a reload or two.
      let visited = 0;
      await expect.poll(async () => {
        if (Date.now() - visited > 10_000) {
          await page.reload();
          visited = Date.now();
        }
        return cacheNames(page);
      }, { timeout: 90_000, intervals: [500, 1000, 2000] }).toEqual([`shardlab-${two.version}`]);

      await page.reload();
      await boardStarted(page);
      expect(await boardScript(page), 'the Board is release 2').toBe(two.boardScript);

      await context.setOffline(true);
      await page.reload();
      await boardStarted(page);
      expect(await boardScript(page)).toBe(two.boardScript);
    } finally {
      await context.setOffline(false);
      await server.close();
    }
  });
}

test('a release whose page names a bundle it lacks is not installed; the old one stays', async ({ page, context }) => {
  test.setTimeout(60_000);
  const [one, two] = releases;
  // Release 2's files, but release 1's board.html, as a stale proxy or a half-uploaded release
  // would serve them.
  const mixed = mkdtempSync(join(tmpdir(), 'shardlab-release-mixed-'));
  for (const name of readdirSync(two.dir)) {
    const from = name === 'board.html' ? one.dir : two.dir;
    writeFileSync(join(mixed, name), readFileSync(join(from, name)));
  }
  const server = await host([one, { ...two, dir: mixed }], 'max-age');
  try {
    await openRoute(page, '#/board', 'board.html');
    await controlled(page);

    server.release = 2;
    const outcome = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const settled = new Promise((resolve) => {
        registration.addEventListener('updatefound', () => {
          const worker = registration.installing;
          worker.addEventListener('statechange', () => {
            if (worker.state === 'redundant' || worker.state === 'activated') resolve(worker.state);
          });
        });
      });
      await registration.update().catch(() => {});
      return settled;
    });
    expect(outcome, 'the new worker gave up its install').toBe('redundant');
    expect(await cacheNames(page)).toEqual([`shardlab-${one.version}`]);

    await context.setOffline(true);
    await page.reload();
    await boardStarted(page);
    expect(await boardScript(page)).toBe(one.boardScript);
  } finally {
    await context.setOffline(false);
    await server.close();
    rmSync(mixed, { recursive: true, force: true });
  }
});
