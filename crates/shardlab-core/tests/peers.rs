//! Our jump hash is the paper's function: it must agree with the `jumphash` crate key for key,
//! given the same 64-bit hash (the benchmarks race the two, issue 7).
#![cfg(not(target_arch = "wasm32"))]

use std::hash::Hasher;
use std::num::NonZeroU32;

use shardlab_core::placement::{jump_bucket, KeyStream};

/// Returns the last `u64` written, so `jumphash` sees our key hash unchanged.
#[derive(Clone, Copy, Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

#[test]
fn jump_bucket_equals_jumphash() {
    let peer = jumphash::CustomJumpHasher::new(PassThrough::default());
    for buckets in [1u32, 2, 10, 100, 1_000, 65_536] {
        let n = NonZeroU32::new(buckets).expect("non-zero");
        for key in KeyStream::new(3).take_keys(2_000) {
            assert_eq!(
                jump_bucket(key, n),
                peer.slot(&key, buckets),
                "key {key}, {buckets} buckets"
            );
        }
    }
}

#[test]
fn jump_bucket_equals_jumphash_with_siphash() {
    let (k1, k2) = (0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210);
    let peer = jumphash::JumpHasher::new_with_keys(k1, k2);
    let buckets = NonZeroU32::MIN.saturating_add(99);
    for key in KeyStream::new(4).take_keys(2_000) {
        let mut sip = siphasher::sip::SipHasher13::new_with_keys(k1, k2);
        sip.write_u64(key);
        assert_eq!(jump_bucket(sip.finish(), buckets), peer.slot(&key, 100));
    }
}
