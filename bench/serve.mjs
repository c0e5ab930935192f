// A static file server on loopback for the bench runs: each mount maps a URL prefix to a folder.
// Wasm goes out as application/wasm so that streaming compilation works, as on the real host.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** Serves `mounts` ([[prefix, folder], …], longest prefix first) on `port`; resolves to the server. */
export function serve(mounts, port) {
  const roots = mounts.map(([prefix, dir]) => [prefix, resolve(dir)]);
  const server = createServer(async (req, res) => {
    const urlPath = new URL(req.url, 'http://localhost').pathname;
    for (const [prefix, dir] of roots) {
      if (!urlPath.startsWith(prefix)) continue;
      const rest = decodeURIComponent(urlPath.slice(prefix.length)) || 'index.html';
      const path = normalize(join(dir, rest));
      if (!path.startsWith(dir)) break;
      try {
        const info = await stat(path);
        const file = info.isDirectory() ? join(path, 'index.html') : path;
        const body = await readFile(file);
        res.writeHead(200, {
          'content-type': TYPES[extname(file)] || 'application/octet-stream',
          'cache-control': 'no-store',
        });
        res.end(body);
        return;
      } catch {
        break;
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done(server));
  });
}

/** Debian's Chromium, as the e2e suite launches it. */
export const CHROMIUM = {
  executablePath: process.env.SHARDLAB_CHROMIUM || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
