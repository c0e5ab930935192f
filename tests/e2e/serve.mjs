// A small static server for the e2e suite: the root build at `/`, the subpath build at
// `/shardlab/` and the debug build at `/debug/`, on loopback only. Wasm is served as
// application/wasm so streaming compilation works.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const port = Number(process.env.SHARDLAB_PORT || 4178);
const mounts = [
  ['/shardlab/', resolve(process.env.SHARDLAB_DIST_SUB || '../../dist-sub')],
  // The debug build with `#/debug/panic` (crash.spec.js); never part of the release site.
  ['/debug/', resolve(process.env.SHARDLAB_DIST_DEBUG || '../../dist-debug')],
  ['/', resolve(process.env.SHARDLAB_DIST || '../../dist')],
];
const types = {
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

async function fileFor(urlPath) {
  for (const [prefix, dir] of mounts) {
    if (!urlPath.startsWith(prefix)) continue;
    const rest = decodeURIComponent(urlPath.slice(prefix.length)) || 'index.html';
    const path = normalize(join(dir, rest));
    if (!path.startsWith(dir)) return null;
    try {
      const info = await stat(path);
      return info.isDirectory() ? join(path, 'index.html') : path;
    } catch {
      return null;
    }
  }
  return null;
}

createServer(async (req, res) => {
  const url = new URL(req.url, `http://127.0.0.1:${port}`);
  // `/shardlab` without the slash would break relative asset URLs, as on any static host.
  if (url.pathname === '/shardlab') {
    res.writeHead(301, { location: '/shardlab/' });
    return res.end();
  }
  const path = await fileFor(url.pathname);
  if (!path) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('not found');
  }
  try {
    const body = await readFile(path);
    res.writeHead(200, {
      'content-type': types[extname(path)] || 'application/octet-stream',
      'cache-control': 'no-store',
    });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }
}).listen(port, '127.0.0.1', () => console.log(`e2e server on http://127.0.0.1:${port}/`));
