//! The adapters that let each peer crate race ours on the same hash: the same types as in
//! `crates/shardlab-core/benches/core.rs`.

use std::hash::{Hash, Hasher};

use shardlab_core::placement::{ServerId, KEY_HASH_SEED};

/// A hasher that returns the last `u64` written: lets a peer take our pre-hashed keys as-is.
#[derive(Clone, Copy, Default)]
pub(crate) struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Not used by the races (they write u64s), but defined so any input hashes.
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// A hashring node that is one of our ring's vnodes: it hashes to our point.
#[derive(Clone, Debug)]
pub(crate) struct OurPoint {
    pub(crate) point: u64,
    pub(crate) server: ServerId,
}

impl Hash for OurPoint {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.point);
    }
}

/// A hashring node hashed by hashring's own hasher: (server, vnode index).
#[derive(Clone, Debug, Hash)]
pub(crate) struct SipVnode {
    pub(crate) server: u32,
    pub(crate) index: u32,
}

/// A conhash node; conhash makes its vnodes as MD5 of `"{name}:{replica}"`.
#[derive(Clone, Debug)]
pub(crate) struct ConServer(pub(crate) u32);

impl conhash::Node for ConServer {
    fn name(&self) -> String {
        format!("server-{}", self.0)
    }
}

/// Rendezvous-hash node scores with our hash: xxh3-64 of (key LE, server LE) with our seed.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Xxh3NodeHasher;

impl rendezvous_hash::NodeHasher<u32> for Xxh3NodeHasher {
    fn hash<T: Hash>(&self, node: &u32, item: &T) -> u64 {
        let mut key = PassThrough::default();
        item.hash(&mut key);
        let mut bytes = [0u8; 12];
        bytes[..8].copy_from_slice(&key.finish().to_le_bytes());
        bytes[8..].copy_from_slice(&node.to_le_bytes());
        xxhash_rust::xxh3::xxh3_64_with_seed(&bytes, KEY_HASH_SEED)
    }
}

/// The first 8 bytes, big-endian, of the MD5 of the key's little-endian bytes (conhash's order).
pub(crate) fn md5_u64(key: u64) -> u64 {
    let digest = md5::compute(key.to_le_bytes());
    let mut head = [0u8; 8];
    head.copy_from_slice(&digest.0[..8]);
    u64::from_be_bytes(head)
}

/// SipHash-1-3 of the key with `keys`: what `jumphash::JumpHasher` hashes a key with.
pub(crate) fn sip_jump_key(key: u64, keys: (u64, u64)) -> u64 {
    let mut hasher = siphasher::sip::SipHasher13::new_with_keys(keys.0, keys.1);
    hasher.write_u64(key);
    hasher.finish()
}
