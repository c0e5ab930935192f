// The wasm bench page (issue 7, part 2). Times the kernels of crates/shardlab-bench-kernels' table
// compiled to wasm (crates/shardlab-wasm-bench, under the same ids as criterion's), the peer crates
// compiled into the same wasm, and the npm peers in this same tab. `?quick=1` shortens every
// measurement.
// Results go to `window.shardlabBench`, which bench/run-wasm.mjs reads back as JSON.
import init, { Contender, TextPlacer, batch_keys, kernel_ids, placement_keys, jump } from '/gen/pkg/shardlab_wasm_bench.js';

const quick = new URLSearchParams(location.search).get('quick') === '1';
/** Warm-up before the timed samples, per contender. */
const WARM_MS = quick ? 50 : 500;
/** The least time one sample runs for: performance.now() is coarse (100 µs) outside isolation. */
const SAMPLE_MS = quick ? 20 : 100;
const SAMPLES = quick ? 5 : 12;
/** Fewer samples for runs longer than this, so a slow kernel does not eat the time box. */
const LONG_RUN_MS = 150;
const LONG_RUN_SAMPLES = quick ? 2 : 3;

const logBox = document.getElementById('log');
function log(line) {
  logBox.textContent += `${line}\n`;
  console.log(`bench: ${line}`);
}

/**
 * Mean milliseconds of one call of `run`, after `WARM_MS` of warm-up: each sample repeats `run`
 * for at least `SAMPLE_MS`. The same statistic for every contender (criterion reports the mean).
 */
function measure(run) {
  const warmStart = performance.now();
  let warmRuns = 0;
  do {
    run();
    warmRuns += 1;
  } while (performance.now() - warmStart < WARM_MS);
  const perRun = (performance.now() - warmStart) / warmRuns;
  const reps = Math.max(1, Math.ceil(SAMPLE_MS / Math.max(perRun, 1e-3)));
  const samples = perRun > LONG_RUN_MS ? Math.min(SAMPLES, LONG_RUN_SAMPLES) : SAMPLES;
  let total = 0;
  for (let s = 0; s < samples; s += 1) {
    const start = performance.now();
    for (let r = 0; r < reps; r += 1) run();
    total += (performance.now() - start) / reps;
  }
  return total / samples;
}

function wasmKernels(results) {
  const keys = batch_keys(); // BigUint64Array: each key crosses as a BigInt
  // The kernels of crates/shardlab-bench-kernels' table that run in wasm, in its order.
  for (const id of kernel_ids()) {
    let contender;
    try {
      contender = new Contender(id);
    } catch (error) {
      results.errors.push(`${id}: ${error}`);
      log(`${id}: ${error}`);
      continue;
    }
    const elements = contender.elements();
    const ms = measure(() => contender.run());
    results.batched[id] = { ns_per_element: (ms * 1e6) / elements, elements, ms_per_run: ms };
    let line = `${id}: ${((ms * 1e6) / elements).toFixed(2)} ns per element`;
    // Per-call figures are taken for our own lookups: the cost of crossing JS → wasm once per key.
    if (contender.per_call()) {
      const perCallMs = measure(() => {
        let sum = 0;
        for (const key of keys) sum = (sum + contender.one(key)) | 0;
        return sum;
      });
      results.per_call[id] = { ns_per_element: (perCallMs * 1e6) / keys.length };
      line += `; per call ${((perCallMs * 1e6) / keys.length).toFixed(2)} ns`;
    }
    log(line);
    contender.free();
  }
}

/**
 * A 128-bit digest for the npm `hashring`, which reads 16 bytes per hash (4 ring points per
 * digest) and would use Node's MD5, which browsers lack: FNV-1a 32 of the string, spread by
 * four rounds of murmur3's finaliser.
 */
function fnvDigest(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  const out = new Uint8Array(16);
  for (let word = 0; word < 4; word += 1) {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    out[word * 4] = h & 0xff;
    out[word * 4 + 1] = (h >>> 8) & 0xff;
    out[word * 4 + 2] = (h >>> 16) & 0xff;
    out[word * 4 + 3] = h >>> 24;
    h = (h + 0x9e3779b9) | 0;
  }
  return out;
}

const SERVERS = 100;
const POINTS = 256;

/** The placement race against the npm rings: 1 M string keys on 100 servers × 256 points. */
function npmPlacement(results) {
  const count = 1_000_000;
  const stream = placement_keys(count);
  const keys = new Array(count);
  for (let i = 0; i < count; i += 1) keys[i] = `user:${stream[i]}`;
  const names = Array.from({ length: SERVERS }, (_, i) => `server-${i}`);
  const index = new Map(names.map((name, i) => [name, i]));
  const placeWith = (get) => () => {
    const counts = new Uint32Array(SERVERS);
    for (let i = 0; i < count; i += 1) counts[index.get(get(keys[i]))] += 1;
    return counts;
  };
  const race = {};

  // Ours: the keys go into wasm as one UTF-8 buffer (built once, as the peers' array is); the
  // copy into wasm memory is part of every timed run.
  const placer = new TextPlacer();
  const text = new TextEncoder().encode(keys.join('\n'));
  const oursBatched = measure(() => placer.place(text));
  race['ours, batched (one call)'] = (oursBatched * 1e6) / count;
  const perCall = measure(placeWith((key) => names[placer.locate(key)]));
  race['ours, one call per key'] = (perCall * 1e6) / count;
  const placed = placer.place(text).reduce((a, b) => a + b, 0);
  if (placed !== count) results.errors.push(`ours placed ${placed} of ${count} keys`);

  const ConsistentHash = globalThis.npmPeers['consistent-hash'];
  // Its default ring of 100,003 positions cannot take 25,600 random points; 1,000,003 is one of
  // the sizes its source recommends.
  const ring = new ConsistentHash({ weight: POINTS, range: 1_000_003 });
  for (const name of names) ring.add(name, POINTS);
  race['consistent-hash 1.2.2'] = (measure(placeWith((key) => ring.get(key))) * 1e6) / count;

  const HashRing = globalThis.npmPeers.hashring;
  // 64 vnodes × 4 points per digest = 256 points per server, as ours.
  const hashring = new HashRing(names, fnvDigest, { 'vnode count': POINTS / 4 });
  race['hashring 3.2.0'] = (measure(placeWith((key) => hashring.get(key))) * 1e6) / count;
  placer.free();
  results.npm_placement = { keys: count, servers: SERVERS, points: POINTS, ns_per_key: race };
  for (const [who, ns] of Object.entries(race)) log(`placement ${who}: ${ns.toFixed(1)} ns per key`);
}

/** Jump: ours (batched and per call) against jump-gouache, answers checked equal. */
function npmJump(results) {
  const { jump: gouache } = globalThis.npmPeers['jump-gouache/lib/jump'];
  const keys = batch_keys();
  const rows = [];
  for (const n of [10, 100, 1000]) {
    let differ = 0;
    for (const key of keys) if (gouache(key, n) !== jump(key, n)) differ += 1;
    const contender = new Contender(`jump/ours/prehashed/N${n}`);
    const batched = (measure(() => contender.run()) * 1e6) / keys.length;
    contender.free();
    const perCall = (measure(() => {
      let sum = 0;
      for (const key of keys) sum = (sum + jump(key, n)) | 0;
      return sum;
    }) * 1e6) / keys.length;
    const peer = (measure(() => {
      let sum = 0;
      for (const key of keys) sum = (sum + gouache(key, n)) | 0;
      return sum;
    }) * 1e6) / keys.length;
    rows.push({ n, ours_batched: batched, ours_per_call: perCall, peer, keys: keys.length, differ });
    log(`jump N=${n}: ours ${batched.toFixed(1)} ns batched, ${perCall.toFixed(1)} ns per call; jump-gouache ${peer.toFixed(1)} ns; ${differ} of ${keys.length} answers differ`);
  }
  results.npm_jump = rows;
}

async function main() {
  const results = {
    quick,
    // The xtask states these in the report, so they are said once, here.
    settings: { warm_ms: WARM_MS, sample_ms: SAMPLE_MS, samples: SAMPLES, long_run_ms: LONG_RUN_MS,
      long_run_samples: LONG_RUN_SAMPLES },
    user_agent: navigator.userAgent,
    batched: {},
    per_call: {},
    errors: [],
  };
  try {
    await init();
    log(`quick: ${quick}`);
    wasmKernels(results);
    npmPlacement(results);
    npmJump(results);
  } catch (error) {
    results.errors.push(String(error && error.stack ? error.stack : error));
    log(`failed: ${error}`);
  }
  window.shardlabBench = results;
}

main();
