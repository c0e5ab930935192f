// Registers shardlab's service worker (sw.js, written by `cargo xtask dist`), so that after one
// visit every page works without a network. Plain JavaScript beside the wasm, like crash.js: it
// must not delay the app, and where a browser refuses workers or storage (a blocked-storage
// setting throws on the first touch of `navigator.serviceWorker`) the site simply stays online-only.
try {
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('sw.js').catch(() => {});
    });
  }
} catch (_) {
  // Storage blocked: nothing to cache into.
}
