//! The peer crates of the benchmarks (issue 7) and the adapters that let each of them race ours on
//! the same hash, so that the hash does not decide a race.
//!
//! One copy for every user: the core's `tests/peers.rs` (as a dev-dependency, so the core itself
//! never links a peer) and the kernel table of `crates/shardlab-bench-kernels`, which the native
//! bench and `crates/shardlab-wasm-bench` both time. The peer crates are re-exported so that their
//! versions are declared once, in this crate's `Cargo.toml`.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use shardlab_core::placement::{Ring, ServerId, KEY_HASH_SEED};

pub use {conhash, hashring, jumphash, md5, rendezvous_hash, siphasher};

/// `jumphash::JumpHasher`'s SipHash-1-3 keys in the `siphash13` jump races (any fixed pair will
/// do; fixed so that the peer draws nothing from its random source).
pub const JUMP_SIP_KEYS: (u64, u64) = (0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210);

/// A hasher that returns the last `u64` written: lets a peer take our pre-hashed keys as they are.
#[derive(Clone, Copy, Debug, Default)]
pub struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // The races write `u64`s only; this folds any other input so that it still hashes.
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// Builds [`PassThrough`] hashers, for the peers that take a `BuildHasher`.
pub type PassThroughBuilder = BuildHasherDefault<PassThrough>;

/// A `hashring` node that is one of our ring's vnodes: it hashes (through [`PassThrough`]) to our
/// point, so the peer's ring has exactly our points.
#[derive(Clone, Copy, Debug)]
pub struct OurPoint {
    /// The vnode's position on our ring.
    pub point: u64,
    /// The server that owns it.
    pub server: ServerId,
}

impl Hash for OurPoint {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.point);
    }
}

/// `hashring` over our ring's very points, with the pass-through hasher: both rings then
/// binary-search the same sorted points and must name the same server for every key.
pub fn hashring_on_our_points(ring: &Ring) -> hashring::HashRing<OurPoint, PassThroughBuilder> {
    let mut peer = hashring::HashRing::with_hasher(PassThroughBuilder::default());
    peer.batch_add(
        ring.points()
            .iter()
            .zip(ring.owners())
            .map(|(&point, &server)| OurPoint { point, server })
            .collect(),
    );
    peer
}

/// A `hashring` node hashed by `hashring`'s own hasher (SipHash-2-4): (server, vnode index).
#[derive(Clone, Copy, Debug, Hash)]
pub struct SipVnode {
    /// The server's number.
    pub server: u32,
    /// Which of the server's vnodes this is.
    pub index: u32,
}

/// `hashring` with its default SipHash-2-4 over `servers` × `vnodes` nodes: the same size as our
/// ring with those counts.
pub fn hashring_sip(servers: u32, vnodes: u32) -> hashring::HashRing<SipVnode> {
    let mut peer = hashring::HashRing::new();
    peer.batch_add(
        (0..servers)
            .flat_map(|server| (0..vnodes).map(move |index| SipVnode { server, index }))
            .collect(),
    );
    peer
}

/// A `conhash` node; `conhash` makes its vnodes as MD5 of `"{name}:{replica}"`.
#[derive(Clone, Copy, Debug)]
pub struct ConServer(pub u32);

impl conhash::Node for ConServer {
    fn name(&self) -> String {
        format!("server-{}", self.0)
    }
}

/// `conhash` with `servers` servers of `vnodes` replicas each.
pub fn conhash_md5(servers: u32, vnodes: u32) -> conhash::ConsistentHash<ConServer> {
    let mut peer = conhash::ConsistentHash::new();
    for server in 0..servers {
        peer.add(&ConServer(server), vnodes as usize);
    }
    peer
}

/// `rendezvous_hash` node scores computed with our hash: xxh3-64 of (key LE, server LE) with our
/// seed, so the peer's winner must be ours.
#[derive(Clone, Copy, Debug, Default)]
pub struct Xxh3NodeHasher;

impl rendezvous_hash::NodeHasher<u32> for Xxh3NodeHasher {
    fn hash<T: Hash>(&self, node: &u32, item: &T) -> u64 {
        let mut key = PassThrough::default();
        item.hash(&mut key);
        let mut bytes = [0u8; 12];
        let (key_bytes, node_bytes) = bytes.split_at_mut(8);
        key_bytes.copy_from_slice(&key.finish().to_le_bytes());
        node_bytes.copy_from_slice(&node.to_le_bytes());
        xxhash_rust::xxh3::xxh3_64_with_seed(&bytes, KEY_HASH_SEED)
    }
}

/// The first 8 bytes, big-endian, of the MD5 of the key's little-endian bytes: the order in which
/// `conhash` sorts its digests, so our ring fed this hash races `conhash` on the same hash.
pub fn md5_u64(key: u64) -> u64 {
    let digest = md5::compute(key.to_le_bytes());
    let mut head = [0u8; 8];
    for (to, from) in head.iter_mut().zip(digest.0) {
        *to = from;
    }
    u64::from_be_bytes(head)
}

/// SipHash-1-3 of the key with [`JUMP_SIP_KEYS`]: what `jumphash::JumpHasher` hashes a key with
/// before its jump.
pub fn sip_jump_key(key: u64) -> u64 {
    let mut hasher = siphasher::sip::SipHasher13::new_with_keys(JUMP_SIP_KEYS.0, JUMP_SIP_KEYS.1);
    hasher.write_u64(key);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use std::hash::{BuildHasher, Hasher};

    use super::{md5_u64, sip_jump_key, PassThrough, PassThroughBuilder};

    #[test]
    fn pass_through_returns_the_last_u64() {
        assert_eq!(
            PassThroughBuilder::default().hash_one(0xdead_beef_u64),
            0xdead_beef
        );
        let mut hasher = PassThrough::default();
        hasher.write_u64(7);
        hasher.write_u64(9);
        assert_eq!(hasher.finish(), 9);
    }

    #[test]
    fn md5_u64_is_the_digest_head_big_endian() {
        // MD5 of the 8 zero bytes is 7dea362b3fac8e00956a4952a3d4f474.
        assert_eq!(md5_u64(0), 0x7dea_362b_3fac_8e00);
    }

    #[test]
    fn sip_jump_key_is_what_jumphash_hashes_with() {
        let peer =
            jumphash::JumpHasher::new_with_keys(super::JUMP_SIP_KEYS.0, super::JUMP_SIP_KEYS.1);
        let buckets = std::num::NonZeroU32::MIN.saturating_add(999);
        for key in [0_u64, 1, 42, u64::MAX] {
            let ours = shardlab_core::placement::jump_bucket(sip_jump_key(key), buckets);
            assert_eq!(ours, peer.slot(&key, 1_000), "key {key}");
        }
    }
}
