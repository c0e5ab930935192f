// The one static server of the repository, on loopback only. Wasm goes out as application/wasm so
// that streaming compilation works, as on a real host, and nothing is cached between loads.
//
// - Run as a script (`node serve.mjs`, as playwright.config.js does), it serves the e2e suite: the
//   root build at `/`, the subpath build at `/shardlab/` and the debug build at `/debug/`, on
//   SHARDLAB_PORT (4178). SHARDLAB_DIST, SHARDLAB_DIST_SUB and SHARDLAB_DIST_DEBUG move the folders.
// - Imported, `serve(mounts, port)` serves any folders: the bench scripts (bench/run-wasm.mjs,
//   bench/page-metrics.mjs) use it for the bench page and the release site.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The content type of each kind of file the site ships (release.spec.js serves with it too). */
export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/** The file a URL path names under `roots` ([[prefix, absolute folder], …]), or null. */
async function fileFor(roots, urlPath) {
  for (const [prefix, dir] of roots) {
    if (!urlPath.startsWith(prefix)) continue;
    let rest;
    try {
      rest = decodeURIComponent(urlPath.slice(prefix.length)) || 'index.html';
    } catch {
      return null; // a malformed %-escape names no file
    }
    const path = normalize(join(dir, rest));
    // `..` must not climb out of the mounted folder.
    if (path !== dir && !path.startsWith(dir + sep)) return null;
    try {
      const info = await stat(path);
      return info.isDirectory() ? join(path, 'index.html') : path;
    } catch {
      return null;
    }
  }
  return null;
}

/** Kinds of file a static host compresses (GitHub Pages gzips these; images other than SVG not). */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.svg', '.json']);

/**
 * Serves `mounts` ([[prefix, folder], …], first match wins, so list the longest prefix first) on
 * 127.0.0.1:`port`; resolves to the listening server. With `{ gzip: true }`, text and wasm go out
 * gzipped to a client that accepts it, as from a real static host, so that a throttled network
 * carries the bytes a reader's would (bench/embed-metrics.mjs); without it, as they are.
 */
export function serve(mounts, port, { gzip = false } = {}) {
  const roots = mounts.map(([prefix, dir]) => [prefix, resolve(dir)]);
  /** Gzipped bodies by path and modification time: level 9 over a wasm takes a while. */
  const zipped = new Map();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, `http://127.0.0.1:${port}`);
    // A sub-mount without its slash (`/shardlab`) would break relative asset URLs, so it
    // redirects, as on any static host.
    const bare = roots.find(([prefix]) => prefix !== '/' && url.pathname === prefix.replace(/\/$/, ''));
    if (bare) {
      res.writeHead(301, { location: bare[0] });
      res.end();
      return;
    }
    const path = await fileFor(roots, url.pathname);
    try {
      if (!path) throw new Error('no file');
      let body = await readFile(path);
      const headers = {
        'content-type': TYPES[extname(path)] || 'application/octet-stream',
        'cache-control': 'no-store',
        // A frame sandboxed without allow-same-origin (WordPress's oEmbed frames) has an opaque
        // origin, so its module scripts and wasm are cross-origin requests; GitHub Pages sends
        // the same header.
        'access-control-allow-origin': '*',
      };
      if (gzip && COMPRESSED.has(extname(path)) && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
        const key = `${path}\0${(await stat(path)).mtimeMs}`;
        if (!zipped.has(key)) zipped.set(key, gzipSync(body, { level: 9 }));
        body = zipped.get(key);
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const port = Number(process.env.SHARDLAB_PORT || 4178);
  await serve(
    [
      ['/shardlab/', process.env.SHARDLAB_DIST_SUB || join(here, '../../dist-sub')],
      // The debug build with `#/debug/panic` (crash.spec.js); never part of the release site.
      ['/debug/', process.env.SHARDLAB_DIST_DEBUG || join(here, '../../dist-debug')],
      ['/', process.env.SHARDLAB_DIST || join(here, '../../dist')],
    ],
    port,
  );
  console.log(`e2e server on http://127.0.0.1:${port}/`);
}
