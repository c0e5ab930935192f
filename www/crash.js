// Wires the crash banner's reload button. It lives outside the wasm module on purpose: after a
// panic the module has stopped, so only plain JavaScript can still answer the click.
document.addEventListener('DOMContentLoaded', () => {
  const button = document.getElementById('crash-reload');
  if (button) button.addEventListener('click', () => window.location.reload());
});

// Until the app mounts, the page shows index.html's skeleton, "Loading shardlab…". If the module
// cannot start (a request that failed, WebAssembly turned off), say so there rather than promise
// a load that will not come. The app removes the skeleton when it starts, so this stays quiet.
function stalled(event) {
  const note = document.getElementById('boot-note');
  const target = event.target;
  // A script or preload that failed, an uncaught error, or a rejected promise (the module's
  // loader); an image that failed, say, is not the app failing to start.
  const failed = event.type === 'unhandledrejection' || event.error
    || (target && (target.tagName === 'SCRIPT' || target.tagName === 'LINK'));
  if (!note || !failed) return;
  note.textContent = 'shardlab could not start: part of it did not load, or this browser has WebAssembly or JavaScript modules turned off. Reloading the page tries again.';
  note.classList.add('boot-failed');
}
window.addEventListener('error', stalled, true);
window.addEventListener('unhandledrejection', stalled);
