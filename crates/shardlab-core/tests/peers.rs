//! Our jump hash is the paper's function: it must agree with the `jumphash` crate key for key,
//! given the same 64-bit hash (the benchmarks race the two, issue 7). Our Maglev fill is the
//! paper's too: the `maglev` crate, given our preference lists, must fill the same table (issue
//! 21). The adapters come from `shardlab-peers`, the same ones the benchmarks use.
#![cfg(not(target_arch = "wasm32"))]

use std::num::NonZeroU32;

use shardlab_core::placement::{jump_bucket, KeyStream, MaglevTable, Server, ServerList};
use shardlab_peers::{
    jumphash, maglev_on_our_lists, maglev_tables_agree, sip_jump_key, PassThrough, JUMP_SIP_KEYS,
};

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
    let peer = jumphash::JumpHasher::new_with_keys(JUMP_SIP_KEYS.0, JUMP_SIP_KEYS.1);
    let buckets = NonZeroU32::MIN.saturating_add(99);
    for key in KeyStream::new(4).take_keys(2_000) {
        assert_eq!(
            jump_bucket(sip_jump_key(key), buckets),
            peer.slot(&key, 100)
        );
    }
}

#[test]
fn maglev_given_our_lists_fills_our_table() {
    // Equal weights only: the peer gives every backend one turn a pass, as ours does then.
    let gappy = ServerList::new([2, 3, 5, 8, 13, 21].map(Server::new).to_vec()).expect("servers");
    let lists = [
        (ServerList::uniform(1).expect("servers"), 7),
        (ServerList::uniform(3).expect("servers"), 13),
        (ServerList::uniform(40).expect("servers"), 251),
        (ServerList::uniform(100).expect("servers"), 65_537),
        (gappy, 1_009),
    ];
    for (servers, size) in lists {
        let ours = MaglevTable::new(&servers, size).expect("a table");
        let peer = maglev_on_our_lists(&ours);
        assert_eq!(
            maglev_tables_agree(&ours, &peer),
            Ok(()),
            "{} servers, M = {size}",
            servers.len()
        );
    }
}
