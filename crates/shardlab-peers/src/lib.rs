//! The peer crates of the benchmarks (issues 7 and 21) and the adapters that let each of them race
//! ours on the same hash, so that the hash does not decide a race.
//!
//! One copy for every user: the core's `tests/peers.rs` (as a dev-dependency, so the core itself
//! never links a peer) and the kernel table of `crates/shardlab-bench-kernels`, which the native
//! bench and `crates/shardlab-wasm-bench` both time. The peer crates are re-exported so that their
//! versions are declared once, in this crate's `Cargo.toml`.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use shardlab_core::placement::{MaglevTable, Ring, ServerId, KEY_HASH_SEED};

pub use {conhash, hashring, jumphash, maglev, md5, mpchash, rendezvous_hash, siphasher};

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

/// What `maglev` writes into its hasher before a key or a backend's offset hash (its
/// `hash_with_seed`): the key's hash and the offset share this seed.
pub const MAGLEV_OFFSET_SEED: u32 = 0xdead_babe;
/// What `maglev` writes before a backend's skip hash.
pub const MAGLEV_SKIP_SEED: u32 = 0xdead_beef;

/// A `maglev` node that is one of our table's preference lists. Hashed by [`MaglevListHasher`],
/// it hands the peer our offset and skip, so that the peer fills the very table we fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OurList {
    /// The backend.
    pub server: ServerId,
    /// The first slot of its list.
    pub offset: u32,
    /// The step of its list.
    pub skip: u32,
}

impl Hash for OurList {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Two `u32`s, which tells [`MaglevListHasher`] a list from a key (one `u64`).
        state.write_u32(self.offset);
        state.write_u32(self.skip);
    }
}

/// The hasher that lets `maglev` take our lists and our pre-hashed keys as they are.
///
/// `maglev` writes a seed (`u32`) and then the value. A key (`u64`) comes back as it is, so the
/// peer's slot is `key mod M`, as ours is. An [`OurList`] comes back as its offset under
/// [`MAGLEV_OFFSET_SEED`] and as `skip − 1` under [`MAGLEV_SKIP_SEED`], which the peer's
/// `h mod (M − 1) + 1` turns back into the skip.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaglevListHasher {
    seed: Option<u32>,
    list: [Option<u32>; 2],
    last: u64,
}

impl Hasher for MaglevListHasher {
    fn finish(&self) -> u64 {
        let [Some(offset), Some(skip)] = self.list else {
            // A key: the last `u64` written.
            return self.last;
        };
        if self.seed == Some(MAGLEV_SKIP_SEED) {
            u64::from(skip.saturating_sub(1))
        } else {
            u64::from(offset)
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        // `maglev` writes `u32`s and `u64`s only; this folds any other input so that it still
        // hashes.
        for &byte in bytes {
            self.last = self.last.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u32(&mut self, value: u32) {
        match (self.seed, self.list) {
            (None, _) => self.seed = Some(value),
            (Some(_), [None, _]) => self.list[0] = Some(value),
            (Some(_), [Some(_), _]) => self.list[1] = Some(value),
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.last = value;
    }
}

/// Builds [`MaglevListHasher`]s.
pub type MaglevListBuilder = BuildHasherDefault<MaglevListHasher>;

/// `maglev` over our table's preference lists, in our order, with a table of our size: the peer
/// then fills the same table (the same lists taking turns in the same order) and looks a key up
/// at the same slot, `key mod M`.
///
/// On a 32-bit target (wasm32) the peer reduces only the key's low 32 bits (its hash is a
/// `usize`), so there its answer differs from ours for most keys even though the tables are
/// equal; [`maglev_tables_agree`] compares the tables, which holds on both.
pub fn maglev_on_our_lists(ours: &MaglevTable) -> maglev::Maglev<OurList, MaglevListBuilder> {
    let lists = ours.preferences().iter().map(|list| OurList {
        server: list.server,
        offset: list.offset,
        skip: list.skip,
    });
    maglev::Maglev::with_capacity_and_hasher(
        lists,
        ours.size() as usize,
        MaglevListBuilder::default(),
    )
}

/// Whether the peer's table is ours, slot by slot: the peer looked up at every slot number (a key
/// below M is its own slot) names our owner of that slot. The error names the first slot that
/// differs.
pub fn maglev_tables_agree<S: std::hash::BuildHasher>(
    ours: &MaglevTable,
    peer: &maglev::Maglev<OurList, S>,
) -> Result<(), String> {
    use maglev::ConsistentHasher;
    if peer.capacity() != ours.slots().len() {
        return Err(format!(
            "maglev has {} slots, ours {}",
            peer.capacity(),
            ours.slots().len()
        ));
    }
    for (slot, owner) in (0u64..).zip(ours.slots()) {
        let theirs = peer.get(&slot).map(|list| list.server);
        if theirs != Some(*owner) {
            return Err(format!(
                "maglev gives slot {slot} to {theirs:?}, ours to {owner}"
            ));
        }
    }
    Ok(())
}

/// `mpchash` with one node at each point of `circle` (a ring of one point per server, as
/// [`shardlab_core::placement::MultiProbe`] builds): both then search the same points. The peer
/// probes with its own hash (xxh3 double hashing, which it does not let a user replace) and its
/// fixed probe count ([`mpchash::DEFAULT_PROBE_COUNT`]).
pub fn mpchash_on_our_points(circle: &Ring) -> mpchash::HashRing<u32> {
    let peer = mpchash::HashRing::new();
    for (&point, &server) in circle.points().iter().zip(circle.owners()) {
        peer.insert(point, server.0);
    }
    peer
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

    use shardlab_core::placement::{MaglevTable, ServerList};

    use super::{
        maglev_on_our_lists, maglev_tables_agree, md5_u64, sip_jump_key, MaglevListHasher, OurList,
        PassThrough, PassThroughBuilder, MAGLEV_OFFSET_SEED, MAGLEV_SKIP_SEED,
    };

    fn table(servers: u32, size: u32) -> MaglevTable {
        let list = ServerList::uniform(servers).expect("servers");
        MaglevTable::new(&list, size).expect("a table")
    }

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
    fn the_maglev_hasher_hands_over_offset_skip_and_key() {
        let list = OurList {
            server: shardlab_core::placement::ServerId(3),
            offset: 5,
            skip: 9,
        };
        let hash = |seed: u32, value: &dyn Fn(&mut MaglevListHasher)| {
            let mut hasher = MaglevListHasher::default();
            hasher.write_u32(seed);
            value(&mut hasher);
            hasher.finish()
        };
        let write_list = |h: &mut MaglevListHasher| std::hash::Hash::hash(&list, h);
        assert_eq!(hash(MAGLEV_OFFSET_SEED, &write_list), 5);
        // `skip − 1`, which the peer's `h mod (M − 1) + 1` turns back into 9.
        assert_eq!(hash(MAGLEV_SKIP_SEED, &write_list), 8);
        let write_key = |h: &mut MaglevListHasher| std::hash::Hash::hash(&u64::MAX, h);
        assert_eq!(hash(MAGLEV_OFFSET_SEED, &write_key), u64::MAX);
    }

    #[test]
    fn maglev_fed_our_lists_fills_our_table() {
        use maglev::ConsistentHasher;
        let ours = table(7, 251);
        let peer = maglev_on_our_lists(&ours);
        assert_eq!(maglev_tables_agree(&ours, &peer), Ok(()));
        // On a 64-bit target the peer looks any key up at `key mod M`, as ours does.
        for key in [0_u64, 250, 251, 0x9e37_79b9_7f4a_7c15, u64::MAX] {
            assert_eq!(
                peer.get(&key).map(|list| list.server),
                Some(ours.locate(key)),
                "key {key}"
            );
        }
    }

    #[test]
    fn maglev_tables_agree_names_a_table_that_is_not_ours() {
        let ours = table(7, 251);
        // Another server list: same size, other owners.
        let other = maglev_on_our_lists(&table(8, 251));
        let error = maglev_tables_agree(&ours, &other).expect_err("the tables differ");
        assert!(error.starts_with("maglev gives slot"), "{error}");
        // Another size.
        let bigger = maglev_on_our_lists(&table(7, 257));
        assert_eq!(
            maglev_tables_agree(&ours, &bigger),
            Err("maglev has 257 slots, ours 251".into())
        );
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
