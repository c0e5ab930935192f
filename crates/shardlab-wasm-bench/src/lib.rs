//! The kernels of `shardlab-bench-kernels`' table, and the peer crates they race, compiled to wasm
//! for the bench page (`bench/wasm/`, issue 7). Not part of the site.
//!
//! The page asks [`kernel_ids`] which kernels to time and builds each as a [`Contender`] under
//! its criterion id, from the same table (inputs, peers, checks) as the native bench, so `cargo
//! xtask bench` can divide the wasm time by the native time kernel by kernel. One
//! [`Contender::run`] is one timed iteration of the native bench. The page does the timing and the
//! warm-up; this crate only does the work, and returns a checksum so that nothing is optimised
//! away.
//!
//! [`Contender::one`] answers a single key: the page calls it once per key to time the per-call
//! cost of crossing from JS into wasm (a `u64` arrives as a `BigInt`). [`TextPlacer`] and the key
//! exports serve the race against the npm peers, which runs in JS.

use std::num::NonZeroU32;

use shardlab_bench_kernels::{keys, table, Timed, BATCH, PLACE_SERVERS, PLACE_VNODES};
use shardlab_core::placement::{jump_bucket, key_hash, Placement, Ring, ServerList};
use wasm_bindgen::prelude::*;

/// The ids of the kernels the page times, in the table's order.
#[wasm_bindgen]
pub fn kernel_ids() -> Vec<String> {
    table()
        .kernels()
        .iter()
        .filter(|kernel| kernel.targets.wasm())
        .map(|kernel| kernel.id.clone())
        .collect()
}

/// One kernel of the table, built in wasm.
#[wasm_bindgen]
pub struct Contender {
    timed: Timed,
    per_call: bool,
}

#[wasm_bindgen]
impl Contender {
    /// Builds the kernel with criterion's id `id` (for example `ring/ours/prehashed/N10-V100`).
    /// Peers that compute our function are checked against ours first, as natively, and fail to
    /// build if they differ.
    #[wasm_bindgen(constructor)]
    pub fn new(id: &str) -> Result<Contender, JsError> {
        let table = table();
        let kernel = table
            .kernel(id)
            .filter(|kernel| kernel.targets.wasm())
            .ok_or_else(|| JsError::new(&format!("no contender `{id}`")))?;
        Ok(Contender {
            timed: kernel.set_up().map_err(|e| JsError::new(&e))?,
            per_call: kernel.per_call,
        })
    }

    /// Elements of one run: keys for lookups and placement, events for the DES, 1 for `estimate`.
    /// The per-element time is one run's time divided by this, as criterion's throughput does.
    pub fn elements(&self) -> f64 {
        self.timed.elements as f64
    }

    /// Whether the page also times [`Contender::one`] (our own lookups).
    pub fn per_call(&self) -> bool {
        self.per_call
    }

    /// One timed iteration of the native bench; returns a checksum of the answers.
    pub fn run(&self) -> u32 {
        self.timed.run() as u32
    }

    /// The owner of one key (lookup contenders; 0 otherwise): the per-call path.
    pub fn one(&self, key: u64) -> u32 {
        self.timed.one(key).unwrap_or(0)
    }
}

/// The batch keys, for the per-call loop and for the JS peers.
#[wasm_bindgen]
pub fn batch_keys() -> Vec<u64> {
    keys(BATCH)
}

/// The first `count` keys of the placement key stream (the 1 M placement keys), for the JS peers.
#[wasm_bindgen]
pub fn placement_keys(count: u32) -> Vec<u64> {
    keys(count as usize)
}

/// Our jump bucket of `key` among `buckets` (0 for no buckets): the JS jump peer is checked
/// against it.
#[wasm_bindgen]
pub fn jump(key: u64, buckets: u32) -> u32 {
    NonZeroU32::new(buckets).map_or(0, |b| jump_bucket(key, b))
}

/// Places text keys, one per line of UTF-8 `text`, on the 100 × 256 ring the way the app does
/// (`key_hash`, then the ring) and counts them per server: the batched race against the npm
/// rings, which also take strings and hash them themselves.
#[wasm_bindgen]
pub struct TextPlacer {
    ring: Ring,
}

#[wasm_bindgen]
impl TextPlacer {
    /// The ring of 100 servers × 256 vnodes.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Result<TextPlacer, JsError> {
        let servers =
            ServerList::uniform(PLACE_SERVERS).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(TextPlacer {
            ring: Ring::new(servers, PLACE_VNODES).map_err(|e| JsError::new(&e.to_string()))?,
        })
    }

    /// The server of one text key: the per-call path.
    pub fn locate(&self, key: &str) -> u32 {
        self.ring.locate(key_hash(key)).0
    }

    /// Keys per server, for the keys on the lines of `text`.
    pub fn place(&self, text: &[u8]) -> Vec<u32> {
        let mut counts = vec![0u32; PLACE_SERVERS as usize];
        for line in text.split(|&b| b == b'\n') {
            let Ok(key) = std::str::from_utf8(line) else {
                continue;
            };
            let owner = self.ring.locate(key_hash(key)).0 as usize;
            if let Some(count) = counts.get_mut(owner) {
                *count += 1;
            }
        }
        counts
    }
}
