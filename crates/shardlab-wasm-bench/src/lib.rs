//! The kernels of `crates/shardlab-core/benches/core.rs`, and the peer crates they race, compiled
//! to wasm for the bench page (`bench/wasm/`, issue 7). Not part of the site.
//!
//! Every benchmark of the native bench has a [`Contender`] here under the very same id
//! (`group/contender/variant/case`, criterion's `full_id`), built from the same inputs: the same
//! 1,024 keys (`KeyStream`, seed 7), the same rings, the same hashers, the same preset. One
//! [`Contender::run`] is one timed iteration of the native bench, so `cargo xtask bench` can divide
//! the wasm time by the native time kernel by kernel. The page does the timing and the warm-up;
//! this crate only does the work, and returns a checksum so that nothing is optimised away.
//!
//! [`Contender::one`] answers a single key: the page calls it once per key to time the per-call
//! cost of crossing from JS into wasm (a `u64` arrives as a `BigInt`).

use std::hash::BuildHasher;
use std::num::NonZeroU32;

use shardlab_core::layout::{parse_id, BitLayout};
use shardlab_core::placement::{
    balance, jump_bucket, key_hash, movement, KeyStream, Mod, Placement, Rendezvous, Ring,
    ServerList,
};
use shardlab_core::sim::{estimate, preset, Design, Simulation};
use shardlab_core::stepped::Stepped;
use wasm_bindgen::prelude::*;

use shardlab_peers::{
    conhash_md5, hashring, hashring_on_our_points, hashring_sip, jumphash, md5_u64,
    rendezvous_hash, sip_jump_key, OurPoint, PassThrough, PassThroughBuilder, Xxh3NodeHasher,
    JUMP_SIP_KEYS,
};

/// Keys per lookup batch, as in the native bench.
pub const BATCH: usize = 1_024;
/// The seed of the benchmark keys, as in the native bench.
const KEY_SEED: u64 = 7;
/// Users and simulated seconds of the DES run, as in the native bench.
const DES_USERS: u32 = 4_000;
const DES_SECONDS: f64 = 20.0;
/// The wasm-only run of issue 7: the `pinterest` preset as the board runs it, for 60 s.
const LONG_RUN_SECONDS: f64 = 60.0;
/// Keys of the placement race and of the experiments.
const PLACE_KEYS: usize = 1_000_000;
const EXPERIMENT_KEYS: u64 = 100_000;
/// The placement ring: servers and vnodes per server.
const PLACE_SERVERS: u32 = 100;
const PLACE_VNODES: u32 = 256;

/// The benchmark keys: the first `count` keys of the seeded stream.
fn keys(count: usize) -> Vec<u64> {
    KeyStream::new(KEY_SEED).take_keys(count as u64).collect()
}

fn servers(count: u32) -> Result<ServerList, JsError> {
    ServerList::uniform(count).map_err(|e| JsError::new(&e.to_string()))
}

fn ring(n: u32, v: u32) -> Result<Ring, JsError> {
    Ring::new(servers(n)?, v).map_err(|e| JsError::new(&e.to_string()))
}

fn count_from(case: &str, prefix: char) -> Result<u32, JsError> {
    case.strip_prefix(prefix)
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| JsError::new(&format!("bad case `{case}`")))
}

/// `N10-V100` → (10, 100).
fn ring_case(case: &str) -> Result<(u32, u32), JsError> {
    let (n, v) = case
        .split_once('-')
        .ok_or_else(|| JsError::new(&format!("bad ring case `{case}`")))?;
    Ok((count_from(n, 'N')?, count_from(v, 'V')?))
}

/// A lookup over the batch keys, monomorphised so that the loop inlines the lookup as the native
/// bench's closure does.
struct Lookup<F: Fn(u64) -> u32> {
    locate: F,
}

/// What a lookup contender can do: the batch loop and one key.
trait Lookups {
    fn batch(&self, keys: &[u64]) -> u32;
    fn one(&self, key: u64) -> u32;
}

impl<F: Fn(u64) -> u32> Lookups for Lookup<F> {
    fn batch(&self, keys: &[u64]) -> u32 {
        let mut sum = 0u32;
        for &key in keys {
            sum = sum.wrapping_add((self.locate)(std::hint::black_box(key)));
        }
        sum
    }

    fn one(&self, key: u64) -> u32 {
        (self.locate)(key)
    }
}

fn lookup<F: Fn(u64) -> u32 + 'static>(locate: F) -> Kernel {
    Kernel::Lookup(Box::new(Lookup { locate }))
}

/// The work of one contender.
enum Kernel {
    Lookup(Box<dyn Lookups>),
    Compose(BitLayout, Vec<Vec<u64>>),
    Decompose(BitLayout),
    ParseId(Vec<String>),
    PlaceOurs(Ring, Vec<u64>),
    PlaceHashring(
        Box<hashring::HashRing<OurPoint, PassThroughBuilder>>,
        Vec<u64>,
    ),
    Movement(Ring, Ring),
    Balance(Ring),
    Des(Box<Design>, u32, f64),
    Estimate(Box<Design>),
}

/// One benchmark of the native bench, built in wasm from the same inputs.
#[wasm_bindgen]
pub struct Contender {
    kernel: Kernel,
    keys: Vec<u64>,
    elements: f64,
}

#[wasm_bindgen]
impl Contender {
    /// Builds the contender with criterion's id `id` (for example `ring/ours/prehashed/N10-V100`).
    /// Lookup contenders check their answers against ours first where both compute the same thing,
    /// as the native bench does, and fail to build if they differ.
    #[wasm_bindgen(constructor)]
    pub fn new(id: &str) -> Result<Contender, JsError> {
        let parts: Vec<&str> = id.split('/').collect();
        let batch_keys = keys(BATCH);
        let (kernel, elements) = match parts.as_slice() {
            ["ring", who, variant, case] => {
                let (n, v) = ring_case(case)?;
                (ring_kernel(who, variant, n, v, &batch_keys)?, BATCH as f64)
            }
            ["jump", who, variant, case] => (
                jump_kernel(who, variant, count_from(case, 'N')?, &batch_keys)?,
                BATCH as f64,
            ),
            ["rendezvous", who, variant, case] => (
                rendezvous_kernel(who, variant, count_from(case, 'N')?, &batch_keys)?,
                BATCH as f64,
            ),
            ["mod", "ours", "prehashed", case] => {
                let ours = Mod::new(servers(count_from(case, 'N')?)?);
                (lookup(move |key| ours.locate(key).0), BATCH as f64)
            }
            ["layout", "ours", what] => (layout_kernel(what, &batch_keys)?, BATCH as f64),
            ["place", who, "1M-keys-N100-V256"] => {
                let ours = ring(PLACE_SERVERS, PLACE_VNODES)?;
                let million = keys(PLACE_KEYS);
                let kernel = match *who {
                    "ours" => Kernel::PlaceOurs(ours, million),
                    "hashring" => {
                        Kernel::PlaceHashring(Box::new(hashring_on_our_points(&ours)), million)
                    }
                    _ => return Err(unknown(id)),
                };
                (kernel, PLACE_KEYS as f64)
            }
            ["experiment", "ours", "movement-100k-keys-N100to101-V256"] => {
                let before = servers(PLACE_SERVERS)?;
                let after = before.grown(1).map_err(|e| JsError::new(&e.to_string()))?;
                let after =
                    Ring::new(after, PLACE_VNODES).map_err(|e| JsError::new(&e.to_string()))?;
                let before =
                    Ring::new(before, PLACE_VNODES).map_err(|e| JsError::new(&e.to_string()))?;
                (Kernel::Movement(before, after), EXPERIMENT_KEYS as f64)
            }
            ["experiment", "ours", "balance-100k-keys-N100-V256"] => (
                Kernel::Balance(ring(PLACE_SERVERS, PLACE_VNODES)?),
                EXPERIMENT_KEYS as f64,
            ),
            ["sim", "ours", which] => {
                let design = pinterest()?;
                let (users, seconds) = match *which {
                    "des-pinterest" => (DES_USERS, DES_SECONDS),
                    "des-pinterest-60s" => (design.user_count(), LONG_RUN_SECONDS),
                    "estimate-pinterest" => {
                        return Ok(Contender {
                            kernel: Kernel::Estimate(Box::new(design)),
                            keys: batch_keys,
                            elements: 1.0,
                        })
                    }
                    _ => return Err(unknown(id)),
                };
                let events = des_events(&design, users, seconds)?;
                (Kernel::Des(Box::new(design), users, seconds), events as f64)
            }
            _ => return Err(unknown(id)),
        };
        Ok(Contender {
            kernel,
            keys: batch_keys,
            elements,
        })
    }

    /// Elements of one run: keys for lookups and placement, events for the DES, 1 for `estimate`.
    /// The per-element time is one run's time divided by this, as criterion's throughput does.
    pub fn elements(&self) -> f64 {
        self.elements
    }

    /// Whether [`Contender::one`] answers single keys (lookups only).
    pub fn per_call(&self) -> bool {
        matches!(self.kernel, Kernel::Lookup(_))
    }

    /// One timed iteration of the native bench; returns a checksum of the answers.
    pub fn run(&self) -> Result<u32, JsError> {
        let keys = &self.keys;
        Ok(match &self.kernel {
            Kernel::Lookup(lookups) => lookups.batch(keys),
            Kernel::Compose(layout, parts) => parts.iter().fold(0u64, |sum, fields| {
                sum ^ layout.compose(std::hint::black_box(fields)).unwrap_or(0)
            }) as u32,
            Kernel::Decompose(layout) => keys.iter().fold(0u64, |sum, &id| {
                sum ^ layout
                    .decompose(std::hint::black_box(id))
                    .iter()
                    .sum::<u64>()
            }) as u32,
            Kernel::ParseId(texts) => texts.iter().fold(0u64, |sum, text| {
                sum ^ parse_id(std::hint::black_box(text)).unwrap_or(0)
            }) as u32,
            Kernel::PlaceOurs(ring, million) => {
                let mut counts = vec![0u32; PLACE_SERVERS as usize];
                for &key in million {
                    let owner = ring.locate(std::hint::black_box(key)).0 as usize;
                    if let Some(count) = counts.get_mut(owner) {
                        *count += 1;
                    }
                }
                checksum(&counts)
            }
            Kernel::PlaceHashring(peer, million) => {
                let mut counts = vec![0u32; PLACE_SERVERS as usize];
                for key in million {
                    let owner = peer
                        .get(std::hint::black_box(key))
                        .map_or(0, |p| p.server.0) as usize;
                    if let Some(count) = counts.get_mut(owner) {
                        *count += 1;
                    }
                }
                checksum(&counts)
            }
            Kernel::Movement(before, after) => {
                let result = movement(before, after, EXPERIMENT_KEYS, 1)
                    .map_err(|e| JsError::new(&e.to_string()))?;
                result.moved as u32
            }
            Kernel::Balance(ring) => {
                let result =
                    balance(ring, EXPERIMENT_KEYS, 1).map_err(|e| JsError::new(&e.to_string()))?;
                result.max as u32
            }
            Kernel::Des(design, users, seconds) => des_events(design, *users, *seconds)? as u32,
            Kernel::Estimate(design) => {
                let answer = estimate(std::hint::black_box(design), DES_USERS)
                    .map_err(|e| JsError::new(&e.to_string()))?;
                answer.p95_ms.to_bits() as u32
            }
        })
    }

    /// The owner of one key (lookup contenders; 0 otherwise): the per-call path.
    pub fn one(&self, key: u64) -> u32 {
        match &self.kernel {
            Kernel::Lookup(lookups) => lookups.one(key),
            _ => 0,
        }
    }

    /// Every answer for the batch keys (lookup contenders), so the page can check that two
    /// contenders computing the same function agree.
    pub fn answers(&self) -> Vec<u32> {
        match &self.kernel {
            Kernel::Lookup(lookups) => self.keys.iter().map(|&key| lookups.one(key)).collect(),
            _ => Vec::new(),
        }
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
        Ok(TextPlacer {
            ring: ring(PLACE_SERVERS, PLACE_VNODES)?,
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

fn unknown(id: &str) -> JsError {
    JsError::new(&format!("no contender `{id}`"))
}

fn checksum(counts: &[u32]) -> u32 {
    counts.iter().enumerate().fold(0u32, |a, (i, &c)| {
        a.wrapping_add(c.wrapping_mul(i as u32 + 1))
    })
}

fn pinterest() -> Result<Design, JsError> {
    preset("pinterest")
        .map(|p| p.design)
        .ok_or_else(|| JsError::new("no pinterest preset"))
}

/// Runs the DES to the end (building the simulation is part of a run, as natively) and returns
/// its event count.
fn des_events(design: &Design, users: u32, seconds: f64) -> Result<u64, JsError> {
    let mut sim = Simulation::new(design, users, std::hint::black_box(1), seconds)
        .map_err(|e| JsError::new(&e.to_string()))?;
    while !sim.step(1 << 20).is_done() {}
    Ok(sim.report().events)
}

fn disagree(what: &str, key: u64) -> JsError {
    JsError::new(&format!("{what} disagrees with ours on key {key}"))
}

fn ring_kernel(who: &str, variant: &str, n: u32, v: u32, keys: &[u64]) -> Result<Kernel, JsError> {
    let ours = ring(n, v)?;
    Ok(match (who, variant) {
        ("ours", "prehashed") => lookup(move |key| ours.locate(key).0),
        ("hashring", "prehashed") => {
            let peer = hashring_on_our_points(&ours);
            for &key in keys {
                let theirs = peer.get(&key).map(|p| p.server);
                if theirs != Some(ours.locate(key)) {
                    return Err(disagree("hashring", key));
                }
            }
            lookup(move |key| peer.get(&key).map_or(0, |p| p.server.0))
        }
        ("ours", "siphash") => lookup(move |key| {
            let hash = hashring::DefaultHashBuilder.hash_one(key);
            ours.locate(hash).0
        }),
        ("hashring", "siphash") => {
            let peer = hashring_sip(n, v);
            lookup(move |key| peer.get(&key).map_or(0, |p| p.server))
        }
        ("ours", "md5") => lookup(move |key| ours.locate(md5_u64(key)).0),
        ("conhash", "md5") => {
            let peer = conhash_md5(n, v);
            lookup(move |key| peer.get(&key.to_le_bytes()).map_or(0, |p| p.0))
        }
        _ => return Err(JsError::new(&format!("no ring contender {who}/{variant}"))),
    })
}

fn jump_kernel(who: &str, variant: &str, n: u32, keys: &[u64]) -> Result<Kernel, JsError> {
    let buckets = NonZeroU32::new(n).ok_or_else(|| JsError::new("no buckets"))?;
    let identity = jumphash::CustomJumpHasher::new(PassThrough::default());
    let sip = jumphash::JumpHasher::new_with_keys(JUMP_SIP_KEYS.0, JUMP_SIP_KEYS.1);
    for &key in keys {
        if jump_bucket(key, buckets) != identity.slot(&key, n) {
            return Err(disagree("jumphash", key));
        }
        if jump_bucket(sip_jump_key(key), buckets) != sip.slot(&key, n) {
            return Err(disagree("jumphash (SipHash-1-3)", key));
        }
    }
    Ok(match (who, variant) {
        ("ours", "prehashed") => lookup(move |key| jump_bucket(key, buckets)),
        ("jumphash", "prehashed") => lookup(move |key| identity.slot(&key, n)),
        ("ours", "siphash13") => lookup(move |key| jump_bucket(sip_jump_key(key), buckets)),
        ("jumphash", "siphash13") => lookup(move |key| sip.slot(&key, n)),
        _ => return Err(JsError::new(&format!("no jump contender {who}/{variant}"))),
    })
}

fn rendezvous_kernel(who: &str, variant: &str, n: u32, keys: &[u64]) -> Result<Kernel, JsError> {
    let ours = Rendezvous::new(servers(n)?);
    let mut same_hash = rendezvous_hash::RendezvousNodes::new(Xxh3NodeHasher);
    let mut own_hash = rendezvous_hash::RendezvousNodes::default();
    for server in 0..n {
        same_hash.insert(rendezvous_hash::IdNode::new(server));
        own_hash.insert(rendezvous_hash::IdNode::new(server));
    }
    for &key in keys {
        let theirs = same_hash.calc_candidates(&key).next().map(|node| **node);
        if theirs != Some(ours.locate(key).0) {
            return Err(disagree("rendezvous_hash", key));
        }
    }
    Ok(match (who, variant) {
        ("ours", "xxh3") => lookup(move |key| ours.locate(key).0),
        ("rendezvous_hash", "xxh3") => lookup(move |key| {
            same_hash
                .calc_candidates(&key)
                .next()
                .map_or(0, |node| **node)
        }),
        ("rendezvous_hash", "siphash13") => lookup(move |key| {
            own_hash
                .calc_candidates(&key)
                .next()
                .map_or(0, |node| **node)
        }),
        _ => {
            return Err(JsError::new(&format!(
                "no rendezvous contender {who}/{variant}"
            )))
        }
    })
}

fn layout_kernel(what: &str, keys: &[u64]) -> Result<Kernel, JsError> {
    let layout = BitLayout::preset("pinterest").map_err(|e| JsError::new(&e.to_string()))?;
    Ok(match what {
        "compose" => {
            let parts = keys.iter().map(|&id| layout.decompose(id)).collect();
            Kernel::Compose(layout, parts)
        }
        "decompose" => Kernel::Decompose(layout),
        "parse_id" => Kernel::ParseId(
            keys.iter()
                .enumerate()
                .map(|(i, id)| match i % 3 {
                    0 => id.to_string(),
                    1 => format!("{id:#x}"),
                    _ => format!("\"{id}\""),
                })
                .collect(),
        ),
        _ => return Err(JsError::new(&format!("no layout contender {what}"))),
    })
}
