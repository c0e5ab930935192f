// The engines suite's error hook. site.mjs puts `<script src="/__errors.js">` at the top of every
// page's <head> in its test copy of the site, so this runs before the app's own scripts. It writes
// each uncaught error, unhandled rejection, console error, CSP violation and worker error into
// `__shardlabErrors` of the top window (frames of the same origin report there too), where the test
// reads it: WebKitWebDriver has no log endpoint to read them from.
(() => {
  let sink;
  try {
    sink = window.top.__shardlabErrors;
  } catch {
    // A frame under another origin's page: keep its own list.
  }
  if (!Array.isArray(sink)) {
    sink = [];
    window.__shardlabErrors = sink;
  }
  const where = () => location.pathname + location.hash;
  const note = (kind, text) => sink.push(`${kind} in ${where()}: ${text}`);
  const describe = (value) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value));

  window.addEventListener('error', (e) => {
    note('uncaught error', `${e.message} (${e.filename}:${e.lineno}:${e.colno})`);
  });
  window.addEventListener('unhandledrejection', (e) => note('unhandled rejection', describe(e.reason)));
  document.addEventListener('securitypolicyviolation', (e) => {
    note('CSP violation', `${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
  });
  const consoleError = console.error;
  console.error = function (...args) {
    note('console error', args.map(describe).join(' '));
    return consoleError.apply(this, args);
  };
  // A worker's uncaught error fires on its Worker object, never on the window.
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    window.Worker = class extends NativeWorker {
      constructor(...args) {
        super(...args);
        this.addEventListener('error', (e) => note('worker error', e.message || 'the worker failed to load'));
      }
    };
  }
})();
