// Runs the wasm bench page (bench/wasm/) in Debian's Chromium and writes its results as JSON.
// Usage: node run-wasm.mjs GEN_DIR OUT_JSON [--quick]
//   GEN_DIR holds pkg/ (wasm-bindgen --target web output); peers.js is written there.
// Port: SHARDLAB_BENCH_PORT (default 4185).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { bundlePeers } from './bundle-peers.mjs';
import { CHROMIUM } from './chromium.mjs';
// The repository's one static server, shared with the e2e suite.
import { serve } from '../tests/e2e/serve.mjs';

const [genDir, outPath, ...flags] = process.argv.slice(2);
if (!genDir || !outPath) {
  console.error('usage: node run-wasm.mjs GEN_DIR OUT_JSON [--quick]');
  process.exit(2);
}
const quick = flags.includes('--quick');
const here = dirname(fileURLToPath(import.meta.url));
writeFileSync(
  join(genDir, 'peers.js'),
  bundlePeers(here, ['consistent-hash', 'hashring', 'jump-gouache/lib/jump']),
);
const port = Number(process.env.SHARDLAB_BENCH_PORT || 4185);
const server = await serve([['/gen/', genDir], ['/', join(here, 'wasm')]], port);
const browser = await chromium.launch(CHROMIUM);
try {
  const page = await browser.newPage();
  page.on('console', (msg) => console.log(msg.text()));
  page.on('pageerror', (error) => console.log(`page error: ${error}`));
  await page.goto(`http://127.0.0.1:${port}/${quick ? '?quick=1' : ''}`);
  await page.waitForFunction(() => window.shardlabBench !== undefined, null, {
    timeout: 15 * 60_000,
    polling: 500,
  });
  const results = await page.evaluate(() => window.shardlabBench);
  results.chromium = browser.version();
  writeFileSync(outPath, JSON.stringify(results, null, 2));
  if (results.errors.length > 0) console.log(`errors: ${results.errors.join('; ')}`);
} finally {
  await browser.close();
  server.close();
}
