//! Property tests: replicas stay distinct, and removing a server moves only its keys.
#![cfg(not(target_arch = "wasm32"))]
// Helpers outside #[test] functions panic on purpose too: a panic is how a test reports.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use shardlab_core::placement::{
    scheme_metrics, Directory, DirectoryChange, DirectoryDefault, Jump, KeyStream, Placement,
    Range, Rendezvous, Ring, SchemeSpec, Server, ServerId, ServerList,
};
use shardlab_core::stepped::Stepped;

/// 1 to 12 servers with distinct ids and weights 1 to 5.
fn weighted_servers(min: usize) -> impl Strategy<Value = ServerList> {
    prop::collection::btree_set(0u32..1_000, min..=12).prop_flat_map(|ids| {
        let count = ids.len();
        prop::collection::vec(1u32..=5, count).prop_map(move |weights| {
            let servers = ids
                .iter()
                .zip(weights)
                .map(|(&id, weight)| Server::weighted(id, weight));
            ServerList::new(servers.collect()).unwrap()
        })
    })
}

/// Every key whose owner was not `removed` keeps its owner; the removed server's keys go elsewhere.
fn only_removed_keys_move(
    before: &dyn Placement,
    after: &dyn Placement,
    removed: ServerId,
    keys: &[u64],
) {
    for &key in keys {
        let old = before.locate(key);
        let new = after.locate(key);
        if old == removed {
            assert_ne!(new, removed, "key {key} still on the removed server");
        } else {
            assert_eq!(new, old, "key {key} moved off a surviving server");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn ring_replicas_are_distinct_under_weights(
        servers in weighted_servers(1),
        vnodes in 1u32..=20,
        r in 1u32..=15,
        salt in any::<u64>(),
        keys in prop::collection::vec(any::<u64>(), 1..20),
    ) {
        let ring = Ring::with_salt(servers.clone(), vnodes, salt).unwrap();
        for key in keys {
            let replicas = ring.replicas(key, r).unwrap();
            prop_assert_eq!(replicas.len(), (r as usize).min(servers.len()));
            prop_assert_eq!(replicas[0], ring.locate(key));
            let mut distinct = replicas.clone();
            distinct.sort_unstable();
            distinct.dedup();
            prop_assert_eq!(distinct.len(), replicas.len());
            prop_assert!(replicas.iter().all(|&id| servers.contains(id)));
        }
    }

    #[test]
    fn ring_removal_moves_only_the_removed_servers_keys(
        servers in weighted_servers(2),
        vnodes in 1u32..=30,
        pick in any::<prop::sample::Index>(),
        keys in prop::collection::vec(any::<u64>(), 200),
    ) {
        let removed = servers.get(pick.index(servers.len())).unwrap().id;
        let before = Ring::new(servers.clone(), vnodes).unwrap();
        let after = Ring::new(servers.without_server(removed).unwrap(), vnodes).unwrap();
        only_removed_keys_move(&before, &after, removed, &keys);
    }

    #[test]
    fn ring_addition_moves_keys_only_to_the_newcomer(
        servers in weighted_servers(1),
        vnodes in 1u32..=30,
        keys in prop::collection::vec(any::<u64>(), 200),
    ) {
        let grown = servers.grown(1).unwrap();
        let newcomer = grown.max_id();
        let before = Ring::new(servers, vnodes).unwrap();
        let after = Ring::new(grown, vnodes).unwrap();
        for key in keys {
            let new = after.locate(key);
            prop_assert!(new == before.locate(key) || new == newcomer);
        }
    }

    #[test]
    fn rendezvous_removal_moves_only_the_removed_servers_keys(
        servers in weighted_servers(2),
        pick in any::<prop::sample::Index>(),
        keys in prop::collection::vec(any::<u64>(), 200),
    ) {
        let removed = servers.get(pick.index(servers.len())).unwrap().id;
        let before = Rendezvous::new(servers.clone());
        let after = Rendezvous::new(servers.without_server(removed).unwrap());
        only_removed_keys_move(&before, &after, removed, &keys);
    }

    #[test]
    fn jump_removing_the_last_bucket_moves_only_its_keys(
        count in 2u32..=500,
        keys in prop::collection::vec(any::<u64>(), 200),
    ) {
        let servers = ServerList::uniform(count).unwrap();
        let removed = servers.max_id();
        let before = Jump::new(servers.clone());
        let after = Jump::new(servers.shrunk(1).unwrap());
        only_removed_keys_move(&before, &after, removed, &keys);
    }

    #[test]
    fn directory_removal_moves_only_the_removed_servers_keys(
        servers in weighted_servers(2),
        pick in any::<prop::sample::Index>(),
        keys in prop::collection::vec(any::<u64>(), 100),
    ) {
        let removed = servers.get(pick.index(servers.len())).unwrap().id;
        let mut before = Directory::new(servers.clone(), DirectoryDefault::Modulo);
        before.pin_all(keys.iter().copied());
        let after = before.rehomed(servers.without_server(removed).unwrap());
        only_removed_keys_move(&before, &after, removed, &keys);
    }

    #[test]
    fn a_directory_change_built_in_slices_equals_the_one_shot_build(
        before in weighted_servers(1),
        after in weighted_servers(1),
        modulo in any::<bool>(),
        n_keys in 0u64..3_000,
        slices in prop::collection::vec(0u64..700, 1..20),
        seed in any::<u64>(),
    ) {
        let default = if modulo { DirectoryDefault::Modulo } else { DirectoryDefault::Jump };
        // The one-shot reference: pin every key, then rehome the whole table.
        let mut one_shot = Directory::new(before.clone(), default);
        one_shot.pin_all(KeyStream::new(seed).take_keys(n_keys));
        let rehomed = one_shot.rehomed(after.clone());
        let mut change = DirectoryChange::new(before, after, default, n_keys, seed);
        let mut pinned = 0u64;
        for &slice in slices.iter().cycle().take(10_000) {
            if change.is_done() {
                break;
            }
            let stepped = change.step(slice).done - pinned;
            prop_assert!(stepped <= slice);
            pinned += stepped;
            prop_assert_eq!(change.progress().done, pinned);
        }
        let (sliced_before, sliced_after) = change.finish();
        prop_assert_eq!(sliced_before, one_shot);
        prop_assert_eq!(sliced_after, rehomed);
    }

    #[test]
    fn range_is_monotone_in_the_key(
        count in 1u32..=50,
        a in any::<u64>(),
        b in any::<u64>(),
    ) {
        let range = Range::even(ServerList::uniform(count).unwrap());
        let (low, high) = if a <= b { (a, b) } else { (b, a) };
        prop_assert!(range.range_index(low) <= range.range_index(high));
        prop_assert!(range.range_index(high) < count as usize);
    }

    #[test]
    fn jump_stays_in_range_and_is_monotone_in_buckets(key in any::<u64>(), count in 1u32..=10_000) {
        let buckets = std::num::NonZeroU32::new(count).unwrap();
        let bucket = shardlab_core::placement::jump_bucket(key, buckets);
        prop_assert!(bucket < count);
        // Growing by one bucket either keeps the key or moves it to the new bucket.
        let grown = shardlab_core::placement::jump_bucket(key, std::num::NonZeroU32::new(count + 1).unwrap());
        prop_assert!(grown == bucket || grown == count);
    }
}

/// The owner and replicas of `key` found the plain way: binary search over the ring's sorted
/// points, wrap to 0 past the end, then walk clockwise collecting distinct owners.
fn reference_replicas(ring: &Ring, key: u64, r: u32) -> Vec<ServerId> {
    let points = ring.points();
    let owners = ring.owners();
    let found = points.partition_point(|&point| point < key);
    let start = if found == points.len() { 0 } else { found };
    let wanted = (r as usize).min(ring.servers().len());
    let mut chosen = Vec::new();
    for step in 0..points.len() {
        if chosen.len() == wanted {
            break;
        }
        let owner = owners[(start + step) % points.len()];
        if !chosen.contains(&owner) {
            chosen.push(owner);
        }
    }
    chosen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The ring's bucket index must not change a single answer: owner and replicas equal the
    /// binary-search reference for random keys, the points themselves, their neighbours and both
    /// ends of `u64` (wrap-around), from one vnode up, with weights and salts.
    #[test]
    fn ring_lookup_equals_binary_search_reference(
        servers in weighted_servers(1),
        vnodes in 1u32..=200,
        r in 1u32..=4,
        salt in any::<u64>(),
        keys in prop::collection::vec(any::<u64>(), 1..64),
    ) {
        let ring = Ring::with_salt(servers, vnodes, salt).unwrap();
        let near_points = ring.points().iter().flat_map(|&p| [p.wrapping_sub(1), p, p.wrapping_add(1)]);
        let all_keys: Vec<u64> = keys
            .into_iter()
            .chain(near_points)
            .chain([0, 1, u64::MAX - 1, u64::MAX])
            .collect();
        for key in all_keys {
            let expected = reference_replicas(&ring, key, r);
            prop_assert_eq!(ring.locate(key), expected[0], "owner of {:#x}", key);
            prop_assert_eq!(ring.replicas(key, r).unwrap(), expected, "replicas of {:#x}", key);
        }
    }

    /// A single vnode owns the whole ring, whatever the key.
    #[test]
    fn one_vnode_ring_owns_every_key(id in 0u32..1_000, salt in any::<u64>(), key in any::<u64>()) {
        let ring = Ring::with_salt(ServerList::new(vec![Server::weighted(id, 1)]).unwrap(), 1, salt).unwrap();
        prop_assert_eq!(ring.vnode_count(), 1);
        prop_assert_eq!(ring.locate(key), ServerId(id));
        prop_assert_eq!(ring.replicas(key, 3).unwrap(), reference_replicas(&ring, key, 3));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Jump hash is monotone for any N: adding a bucket moves keys only to it, removing the last
    /// moves only its keys, which is the least any scheme can move on a removal.
    #[test]
    fn jump_metrics_show_no_monotonicity_violation_for_any_n(
        servers in 1u32..=300,
        keys in 1u64..=3_000,
        seed in any::<u64>(),
    ) {
        let list = ServerList::uniform(servers).unwrap();
        let metrics = scheme_metrics(&SchemeSpec::Jump, &list, keys, seed).unwrap();
        let add = metrics.add_one.unwrap();
        prop_assert_eq!(add.monotonicity.violations, 0);
        prop_assert!(add.moved_fraction <= 1.0);
        prop_assert_eq!(metrics.remove_one.is_some(), servers >= 2);
        if let Some(remove) = metrics.remove_one {
            prop_assert_eq!(remove.monotonicity.violations, 0);
            prop_assert_eq!(remove.moved_fraction, remove.minimum_fraction);
        }
        prop_assert_eq!(metrics.state_bytes, 0);
    }
}
