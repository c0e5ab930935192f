// shardlab's service worker. After one visit it holds every page and asset of this release, so a
// reload and any route work with the network off. It caches the site's own files only (the list
// below, which `cargo xtask dist` writes with the release's version), never a reader's data, which
// stays in the address bar and localStorage. A new release has a new version: it installs beside
// the old one, takes over, and deletes the old cache.
//
// A release is installed whole or not at all (issue 44 §1). Every file is fetched past the
// browser's HTTP cache: a host that sends `max-age=600` (GitHub Pages) or only `Last-Modified`
// would otherwise let the previous release's pages into the new cache, naming bundles the host
// no longer has, and the page could not start, online or offline, until the next release. Before
// anything is stored, each page's scripts, wasm and styles must be files of this release; if one
// is not (a stale proxy, a half-uploaded release), the install fails, the old worker and its
// cache stay, and the browser tries again at a later visit.
const VERSION = '__SHARDLAB_VERSION__';
const FILES = __SHARDLAB_FILES__;
const CACHE = `shardlab-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(installRelease().then(() => self.skipWaiting()));
});

async function installRelease() {
  // A cache of this version left by an install that failed halfway is not trusted.
  await caches.delete(CACHE);
  const cache = await caches.open(CACHE);
  try {
    // Each body goes into the cache as it arrives: responses held unread would keep the
    // browser's few connections to the host busy, and the last files would never come.
    await Promise.all(FILES.map(async (file) => {
      const response = await fetch(new Request(file, { cache: 'reload' }));
      if (!response.ok) throw new Error(`${file} answered ${response.status}`);
      await cache.put(file, response);
    }));
    const listed = new Set(FILES.map((file) => new URL(file, self.location.href).href));
    for (const file of FILES.filter(isPage)) {
      const page = await cache.match(file);
      const html = page ? await page.text() : '';
      for (const named of bundlesNamed(html, new URL(file, self.location.href).href)) {
        if (!listed.has(named)) throw new Error(`${file} names ${named}, not a file of release ${VERSION}`);
      }
    }
  } catch (error) {
    // Not installed: the worker in charge keeps its own cache, and this one goes.
    await caches.delete(CACHE);
    throw error;
  }
}

function isPage(file) {
  return file.endsWith('/') || file.endsWith('.html');
}

// The same-origin scripts, wasm and styles a page names: in `src` and `href` attributes and in
// the quoted strings of its inline module (trunk's loader names the glue and the wasm there),
// resolved as the page resolves them, against its `<base href>`. A page that names only files
// of this release is this release's page (their names carry content hashes) and can start.
function bundlesNamed(html, pageUrl) {
  const base = /<base\s[^>]*href="([^"]*)"/i.exec(html);
  const baseUrl = base ? new URL(base[1], pageUrl).href : pageUrl;
  const origin = new URL(pageUrl).origin;
  const named = new Set();
  for (const match of html.matchAll(/["']([^"'\s<>]+\.(?:js|mjs|wasm|css))(?:[?#][^"']*)?["']/gi)) {
    let url;
    try {
      url = new URL(match[1], baseUrl);
    } catch (_) {
      continue;
    }
    if (url.origin === origin && url.href !== self.location.href) named.add(url.origin + url.pathname);
  }
  return named;
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => key.startsWith('shardlab-') && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// The release's files come from the cache (their names carry content hashes, and the pages are
// this release's); anything else of the site's goes to the network. A page asked for while
// offline and not cached (a typo'd address) gets the home page, whose router says "not found".
// Should the browser have evicted the cache, every request goes to the network as if there were
// no worker: the cache is never refilled piecemeal, since a page and bundles fetched at
// different times might belong to different releases.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      if (request.mode === 'navigate') {
        const home = await cache.match('./');
        if (home) return home;
      }
      throw error;
    }
  })());
});
