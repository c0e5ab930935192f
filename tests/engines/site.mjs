// The test copy of the release site: `dist` copied to a temporary folder, every HTML page in it
// given the error hook (errors.js, served at `/__errors.js`) as its first script, and served on
// loopback by the repository's one static server (tests/e2e/serve.mjs). Every request answered
// with 404 is kept, so a test fails on a missing file as on an error.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { serve } from '../e2e/serve.mjs';

const HOOK = fileURLToPath(new URL('errors.js', import.meta.url));
const HOOK_TAG = '<script src="/__errors.js"></script>';
const CSP_META = /<meta http-equiv="Content-Security-Policy"[^>]*>/i;

/**
 * `html` with the hook's tag as its first script: right after the page's CSP meta when it has one,
 * so the policy governs the hook as it governs the app (a same-origin src passes `script-src
 * 'self'`), else at the top of <head>.
 */
export function withHook(html) {
  const head = html.indexOf('<head>');
  if (head < 0) throw new Error('a page with no <head>');
  const csp = CSP_META.exec(html);
  const at = csp ? csp.index + csp[0].length : head + '<head>'.length;
  return `${html.slice(0, at)}\n  ${HOOK_TAG}${html.slice(at)}`;
}

/** Copies `dist` to a new temporary folder with the hook in every page; returns the folder. */
async function testCopy(dist) {
  const copy = await mkdtemp(join(tmpdir(), 'shardlab-engines-'));
  await cp(dist, copy, { recursive: true });
  const entries = await readdir(copy, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const path = join(entry.parentPath ?? entry.path, entry.name);
    await writeFile(path, withHook(await readFile(path, 'utf8')));
  }
  await cp(HOOK, join(copy, '__errors.js'));
  return copy;
}

/**
 * Serves a test copy of `dist` on 127.0.0.1:`port`. Resolves to `{ origin, missing, close }`:
 * `missing` lists every path answered with 404, in order.
 */
export async function serveSite(dist, port) {
  const copy = await testCopy(dist);
  const server = await serve([['/', copy]], port);
  const missing = [];
  server.on('request', (req, res) => {
    res.on('finish', () => {
      // Browsers ask for /favicon.ico on their own; the pages name their icon.
      if (res.statusCode === 404 && req.url !== '/favicon.ico') missing.push(req.url);
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    missing,
    async close() {
      await new Promise((done) => {
        server.close(done);
        server.closeAllConnections();
      });
      await rm(copy, { recursive: true, force: true });
    },
  };
}
