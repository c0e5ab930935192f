// Registers shardlab's service worker (sw.js, written by `cargo xtask dist`), so that after one
// visit every page works without a network. Plain JavaScript beside the wasm, like crash.js: it
// must not delay the app, and where a browser refuses workers or storage (a blocked-storage
// setting throws on the first touch of `navigator.serviceWorker`) the site simply stays online-only.
// A frame sandboxed without allow-same-origin (WordPress's oEmbed frames) throws on that touch
// too, so the touch in the load handler is guarded as well.
//
// An embed does not register it (issue 37): a reader who scrolls to one embed in someone's post
// would otherwise download every page's wasm into the precache, over their network, for a site
// they never opened. Framed, or opened at an embed route, the page stays online-only.
//
// Each visit asks for a new release itself (issue 44 §1): `register` alone does not look again,
// and the check a browser makes after a navigation waits until the worker has been idle for a
// second, so a reader moving quickly between pages could keep release 1 for many visits. The
// check is one small request for sw.js, which the browser compares byte for byte.
try {
  const embedded = window.self !== window.top || location.hash.indexOf('#/embed/') === 0;
  if (!embedded && 'serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      try {
        navigator.serviceWorker
          .register('sw.js')
          .then((registration) => registration.update())
          .catch(() => {});
      } catch (_) {
        // Storage blocked or an opaque origin: nothing to cache into.
      }
    });
  }
} catch (_) {
  // Storage blocked: nothing to cache into.
}
