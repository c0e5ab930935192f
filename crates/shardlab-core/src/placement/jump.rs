//! Jump consistent hash (Lamping & Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm",
//! 2014).

use std::num::NonZeroU32;

use super::server::{ServerId, ServerList};
use super::{Placement, SchemeKind};

/// The multiplier of the 64-bit linear congruential generator in the paper.
const LCG_MULTIPLIER: u64 = 2_862_933_555_777_941_757;

/// The bucket in `0 .. buckets` of a 64-bit key, exactly as the paper's reference code computes it.
///
/// The key drives a 64-bit LCG (`key = key × 2862933555777941757 + 1`, wrapping); each step jumps
/// forward to `⌊(b + 1) × 2³¹ / ((key >> 33) + 1)⌋`, computed in `f64`. IEEE division,
/// multiplication and truncation are exactly specified, so native and wasm builds agree.
///
/// ```
/// use std::num::NonZeroU32;
/// use shardlab_core::placement::jump_bucket;
/// let buckets = NonZeroU32::new(1024).ok_or("zero")?;
/// assert_eq!(jump_bucket(256, buckets), 520);
/// # Ok::<(), &str>(())
/// ```
pub fn jump_bucket(mut key: u64, buckets: NonZeroU32) -> u32 {
    let buckets = u64::from(buckets.get());
    let mut bucket: u64 = 0;
    let mut next: u64 = 0;
    while next < buckets {
        bucket = next;
        key = key.wrapping_mul(LCG_MULTIPLIER).wrapping_add(1);
        // Below 2^53 so exact in f64; the product is at most (2^32) × 2^31 so it fits in u64.
        let numerator = bucket.saturating_add(1) as f64;
        let step = (1u64 << 31) as f64 / (key >> 33).saturating_add(1) as f64;
        next = (numerator * step) as u64;
    }
    // `bucket < buckets <= u32::MAX`, so the conversion never saturates.
    u32::try_from(bucket).unwrap_or(u32::MAX)
}

/// Jump consistent hash over a server list: bucket `i` is the `i`-th server.
///
/// Growing the list moves only the keys that land on the new buckets (≈ 1/(N+1) for one more).
/// Jump can only remove the *last* bucket cleanly: removing a server from the middle renumbers
/// every later bucket, which the explainer shows as a cost of its tiny memory footprint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Jump {
    servers: ServerList,
    buckets: NonZeroU32,
}

impl Jump {
    /// Jump over these servers, in list order.
    pub fn new(servers: ServerList) -> Self {
        // The list is non-empty and holds at most 10,000 servers.
        let count = u32::try_from(servers.len()).unwrap_or(u32::MAX);
        let buckets = NonZeroU32::new(count).unwrap_or(NonZeroU32::MIN);
        Self { servers, buckets }
    }

    /// The bucket (list position) of a key hash.
    pub fn bucket(&self, key_hash: u64) -> u32 {
        jump_bucket(key_hash, self.buckets)
    }
}

impl Placement for Jump {
    fn kind(&self) -> SchemeKind {
        SchemeKind::Jump
    }

    fn servers(&self) -> &ServerList {
        &self.servers
    }

    fn locate(&self, key_hash: u64) -> ServerId {
        self.servers.id_at(self.bucket(key_hash) as usize)
    }

    /// Nothing: the owner is computed from the hash and N.
    fn state_bytes(&self) -> u64 {
        0
    }
}
