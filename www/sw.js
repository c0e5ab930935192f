// shardlab's service worker. After one visit it holds every page and asset of this release, so a
// reload and any route work with the network off. It caches the site's own files only (the list
// below, which `cargo xtask dist` writes with the release's version), never a reader's data, which
// stays in the address bar and localStorage. A new release has a new version: it installs beside
// the old one, takes over, and deletes the old cache.
const VERSION = '__SHARDLAB_VERSION__';
const FILES = __SHARDLAB_FILES__;
const CACHE = `shardlab-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

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
