// Wires the crash banner's reload button. It lives outside the wasm module on purpose: after a
// panic the module has stopped, so only plain JavaScript can still answer the click.
document.addEventListener('DOMContentLoaded', () => {
  const button = document.getElementById('crash-reload');
  if (button) button.addEventListener('click', () => window.location.reload());
});
