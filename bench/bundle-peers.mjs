// Packs the npm peers (CommonJS packages) into one classic script for the bench page, so that the
// page runs them as published, without a bundler: each module's source is wrapped in a function
// with its own `require`, resolved here by Node's own resolution. Node's `crypto` is replaced by an
// empty object: `hashring` only reaches it when it is not given a hash function, and the page gives
// it one (a browser has no synchronous MD5).
import { readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { join } from 'node:path';

/** Returns the script text; it sets `globalThis.npmPeers[name]` for each entry of `entries`. */
export function bundlePeers(benchDir, entries) {
  const rootRequire = createRequire(join(benchDir, 'package.json'));
  const modules = new Map(); // path -> { id, source, deps: Map(spec -> id | null) }
  const visit = (path) => {
    if (modules.has(path)) return modules.get(path).id;
    const record = { id: modules.size, source: readFileSync(path, 'utf8'), deps: new Map() };
    modules.set(path, record);
    if (path.endsWith('.json')) return record.id;
    const localRequire = createRequire(path);
    for (const match of record.source.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const spec = match[1];
      if (record.deps.has(spec)) continue;
      record.deps.set(spec, isBuiltin(spec) ? null : visit(localRequire.resolve(spec)));
    }
    return record.id;
  };
  const entryIds = entries.map((name) => [name, visit(rootRequire.resolve(name))]);
  const parts = ['(function () {', 'var defs = [], cache = [];'];
  for (const [path, { id, source, deps }] of modules) {
    const table = JSON.stringify(Object.fromEntries(deps));
    const body = path.endsWith('.json') ? `module.exports = ${source};` : source;
    parts.push(
      `defs[${id}] = [${table}, function (module, exports, require) {\n${body}\n}];`,
    );
  }
  parts.push(`function load(id) {
  if (cache[id]) return cache[id].exports;
  var module = { exports: {} };
  cache[id] = module;
  var def = defs[id];
  def[1].call(module.exports, module, module.exports, function (spec) {
    var target = def[0][spec];
    if (target === null) return {};
    if (target === undefined) throw new Error('not bundled: ' + spec);
    return load(target);
  });
  return module.exports;
}
globalThis.npmPeers = {};`);
  for (const [name, id] of entryIds) parts.push(`globalThis.npmPeers[${JSON.stringify(name)}] = load(${id});`);
  parts.push('})();');
  return parts.join('\n');
}
