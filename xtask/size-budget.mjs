// Prints the size of each page of the release site, raw and brotli-compressed at the highest
// quality: the wasm and JS that page loads (read from its HTML). Fails when any page is over the
// budget. A Web Worker (trunk's `NAME_loader.js`, `NAME.js`, `NAME_bg.wasm`) is a line of its
// own under the same budget: the page that spawns it loads it after its first render.
// Usage: node xtask/size-budget.mjs DIST_DIR BUDGET_BYTES
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const [dir, budgetArg] = process.argv.slice(2);
const budget = Number(budgetArg);
if (!dir || !Number.isFinite(budget)) {
  console.error('usage: node size-budget.mjs DIST_DIR BUDGET_BYTES');
  process.exit(2);
}
const brotli = new Map();
function sizes(name) {
  if (!brotli.has(name)) {
    const bytes = readFileSync(join(dir, name));
    const compressed = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
    brotli.set(name, { raw: bytes.length, brotli: compressed });
  }
  return brotli.get(name);
}
/** The raw and brotli bytes of `files` together. */
function total(files) {
  let raw = 0;
  let compressed = 0;
  for (const file of files) {
    const s = sizes(file);
    raw += s.raw;
    compressed += s.brotli;
  }
  return { raw, compressed };
}
const kB = (n) => (n / 1000).toFixed(1);
const pages = readdirSync(dir).filter((n) => n.endsWith('.html')).sort();
let worst = 0;
let failed = false;
for (const page of pages) {
  const html = readFileSync(join(dir, page), 'utf8');
  const assets = new Set();
  for (const m of html.matchAll(/(?:href|src)="([^"]+\.(?:wasm|js))"/g)) assets.add(basename(m[1]));
  const { raw, compressed } = total(assets);
  worst = Math.max(worst, compressed);
  const over = compressed > budget;
  failed ||= over || assets.size === 0;
  console.log(`${page.padEnd(14)} ${kB(raw).padStart(7)} kB raw ${kB(compressed).padStart(6)} kB brotli  (${[...assets].join(', ')})${over ? '  OVER BUDGET' : ''}`);
}
for (const loader of readdirSync(dir).filter((n) => n.endsWith('_loader.js')).sort()) {
  const name = loader.slice(0, -'_loader.js'.length);
  const files = [loader, `${name}.js`, `${name}_bg.wasm`];
  const { raw, compressed } = total(files);
  const over = compressed > budget;
  failed ||= over;
  console.log(`worker ${name.padEnd(7)} ${kB(raw).padStart(7)} kB raw ${kB(compressed).padStart(6)} kB brotli  (${files.join(', ')})${over ? '  OVER BUDGET' : ''}`);
}
const all = [...brotli.values()].reduce((a, s) => a + s.brotli, 0);
console.log(`largest page: ${kB(worst)} kB brotli; budget ${kB(budget)} kB per page; whole site ${kB(all)} kB brotli`);
if (pages.length === 0) {
  console.error(`no pages in ${dir}`);
  process.exit(1);
}
if (failed) process.exit(1);
