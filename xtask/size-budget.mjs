// Prints the size of the release bundle (every .wasm and .js file in a dist folder), raw and
// brotli-compressed at the highest quality, and fails when the brotli total is over the budget.
// Usage: node xtask/size-budget.mjs DIST_DIR BUDGET_BYTES
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const [dir, budgetArg] = process.argv.slice(2);
const budget = Number(budgetArg);
if (!dir || !Number.isFinite(budget)) {
  console.error('usage: node size-budget.mjs DIST_DIR BUDGET_BYTES');
  process.exit(2);
}
let raw = 0;
let brotli = 0;
for (const name of readdirSync(dir).sort()) {
  if (!/\.(wasm|js)$/.test(name)) continue;
  const bytes = readFileSync(join(dir, name));
  const compressed = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
  raw += bytes.length;
  brotli += compressed;
  console.log(`${name.padEnd(40)} ${String(bytes.length).padStart(9)} B raw ${String(compressed).padStart(8)} B brotli`);
}
const kB = (n) => (n / 1000).toFixed(1);
console.log(`bundle: ${kB(raw)} kB raw, ${kB(brotli)} kB brotli; budget ${kB(budget)} kB brotli`);
if (brotli === 0) {
  console.error(`no .wasm or .js files in ${dir}`);
  process.exit(1);
}
if (brotli > budget) {
  console.error(`over budget by ${kB(brotli - budget)} kB`);
  process.exit(1);
}
