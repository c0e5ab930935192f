//! Deterministic checks of each placement scheme: reference vectors, lookups, traces and shapes.

// Helpers outside #[test] functions panic on purpose too: a panic is how a test reports.
#![allow(clippy::unwrap_used)]

use std::num::NonZeroU32;

use shardlab_core::placement::{
    jump_bucket, key_hash, Directory, DirectoryDefault, Jump, Mod, Placement, Range, Rendezvous,
    Ring, SchemeSpec, Server, ServerId, ServerList, WalkOutcome, SCHEME_NAMES,
};

fn buckets(count: u32) -> NonZeroU32 {
    NonZeroU32::new(count).unwrap()
}

/// The table in dgryski/go-jump's `jump_test.go`, "generated from the reference C++ code":
/// entry `i` is the bucket of the key for `i + 1` buckets.
#[test]
fn jump_matches_the_go_reference_table() {
    let table: [(u64, &[u32]); 4] = [
        (0, &[0; 20]),
        (
            1,
            &[0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 17, 17],
        ),
        (
            0xdead_beef,
            &[0, 1, 2, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 16, 16, 16],
        ),
        (
            0x0ddc_0ffe_ebad_f00d,
            &[0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 15, 15, 15, 15],
        ),
    ];
    for (key, expected) in table {
        for (i, &bucket) in expected.iter().enumerate() {
            let count = u32::try_from(i).unwrap() + 1;
            assert_eq!(
                jump_bucket(key, buckets(count)),
                bucket,
                "key {key:#x}, {count} buckets"
            );
        }
    }
}

/// The vectors in lithammer/python-jump-consistent-hash's `tests/test_jump.py` (checked against
/// its C extension, which is the paper's C++ code).
#[test]
fn jump_matches_the_python_reference_vectors() {
    let vectors = [
        (1, 1, 0),
        (42, 57, 43),
        (0xDEAD_10CC, 1, 0),
        (0xDEAD_10CC, 666, 361),
        (256, 1024, 520),
    ];
    for (key, count, expected) in vectors {
        assert_eq!(
            jump_bucket(key, buckets(count)),
            expected,
            "key {key}, {count} buckets"
        );
    }
}

#[test]
fn numeric_key_strings_reach_jump_unhashed() {
    // What `shardlab locate --scheme jump --servers 1024 256` prints.
    let jump = Jump::new(ServerList::uniform(1024).unwrap());
    assert_eq!(jump.locate(key_hash("256")), ServerId(520));
    assert_eq!(jump.locate(key_hash("42")), jump.locate(42));
}

#[test]
fn jump_maps_buckets_to_servers_in_list_order() {
    let servers = ServerList::new(vec![Server::new(10), Server::new(20), Server::new(30)]).unwrap();
    let jump = Jump::new(servers);
    for key in 0..200u64 {
        let bucket = jump.bucket(key) as usize;
        assert_eq!(jump.locate(key), jump.servers().get(bucket).unwrap().id);
    }
}

#[test]
fn mod_is_hash_mod_n() {
    let servers = ServerList::new(vec![Server::new(7), Server::new(3), Server::new(9)]).unwrap();
    let scheme = Mod::new(servers);
    assert_eq!(scheme.locate(0), ServerId(7));
    assert_eq!(scheme.locate(4), ServerId(3));
    assert_eq!(scheme.locate(u64::MAX), ServerId(7)); // 2^64 − 1 ≡ 0 (mod 3)
}

#[test]
fn ring_lookup_takes_the_first_vnode_at_or_after_the_key() {
    let ring = Ring::new(ServerList::uniform(3).unwrap(), 4).unwrap();
    let points = ring.points();
    assert_eq!(points.len(), 12);
    assert!(points.windows(2).all(|pair| pair[0] <= pair[1]));
    for (position, &point) in points.iter().enumerate() {
        let owner = ring.owners()[position];
        // A key exactly on a vnode belongs to it; a key just before it too.
        assert_eq!(ring.locate(point), owner);
        if let Some(just_before) = point.checked_sub(1) {
            if position == 0 || points[position - 1] < just_before {
                assert_eq!(ring.locate(just_before), owner);
            }
        }
    }
    // Past the last point the ring wraps to the first vnode.
    let last = *points.last().unwrap();
    if last < u64::MAX {
        assert_eq!(ring.locate(last + 1), ring.owners()[0]);
    }
}

#[test]
fn ring_vnode_counts_follow_weights_and_points_are_deterministic() {
    let servers = ServerList::new(vec![Server::weighted(1, 3), Server::weighted(2, 1)]).unwrap();
    let ring = Ring::new(servers.clone(), 10).unwrap();
    let count = |id| {
        ring.owners()
            .iter()
            .filter(|&&owner| owner == ServerId(id))
            .count()
    };
    assert_eq!((count(1), count(2)), (30, 10));
    assert_eq!(ring, Ring::new(servers.clone(), 10).unwrap());
    // Another salt draws another ring.
    assert_ne!(
        ring.points(),
        Ring::with_salt(servers, 10, 99).unwrap().points()
    );
    let shares = ring.shares();
    assert_eq!(shares[0].vnodes, 30);
    assert_eq!(shares[1].vnodes, 10);
}

#[test]
fn ring_arcs_and_shares_cover_the_ring_once() {
    let ring = Ring::new(ServerList::uniform(7).unwrap(), 20).unwrap();
    let arcs = ring.arcs();
    assert_eq!(arcs.len(), ring.vnode_count());
    let arc_total: f64 = arcs.iter().map(|arc| arc.fraction).sum();
    assert!((arc_total - 1.0).abs() < 1e-9, "{arc_total}");
    for (position, arc) in arcs.iter().enumerate() {
        assert_eq!(arc.vnode, position);
        assert_eq!(arc.end, ring.points()[position]);
        assert_eq!(ring.locate(arc.end), arc.server);
    }
    let share_total: f64 = ring.shares().iter().map(|share| share.share).sum();
    assert!((share_total - 1.0).abs() < 1e-9, "{share_total}");

    // A single vnode owns the whole ring.
    let lonely = Ring::new(ServerList::uniform(1).unwrap(), 1).unwrap();
    assert_eq!(lonely.arcs()[0].fraction, 1.0);
    assert_eq!(lonely.shares()[0].share, 1.0);
}

#[test]
fn ring_trace_matches_the_fast_path() {
    let servers = ServerList::new(vec![
        Server::weighted(0, 1),
        Server::weighted(1, 3),
        Server::weighted(2, 1),
        Server::weighted(3, 2),
    ])
    .unwrap();
    let ring = Ring::new(servers, 5).unwrap();
    for key in [
        "user:1",
        "user:2",
        "pin:241294492511762325",
        "0",
        "18446744073709551615",
    ] {
        let hash = key_hash(key);
        for r in 1..=5 {
            let trace = ring.trace(hash, r).unwrap();
            assert_eq!(trace.key_hash, hash);
            assert_eq!(trace.point, hash);
            assert_eq!(trace.owner, ring.locate(hash));
            assert_eq!(trace.replicas, ring.replicas(hash, r).unwrap());
            assert_eq!(trace.replicas.len(), (r as usize).min(4));
            assert_eq!(trace.start, ring.start_position(hash));
            // The binary search ends where `partition_point` does.
            let last_probe = trace.probes.last().unwrap();
            let landed = if last_probe.went_right {
                last_probe.mid + 1
            } else {
                last_probe.mid
            };
            let expected = ring.points().partition_point(|&point| point < hash);
            assert_eq!(landed, expected);
            assert_eq!(trace.wrapped, expected == ring.vnode_count());
            // The walk starts at the start position; chosen steps give the replicas, and skipped
            // steps belong to servers already chosen.
            assert_eq!(trace.walk[0].position, trace.start);
            let mut chosen = Vec::new();
            for step in &trace.walk {
                match step.outcome {
                    WalkOutcome::Chosen => chosen.push(step.vnode.server),
                    WalkOutcome::SkippedSameServer => assert!(chosen.contains(&step.vnode.server)),
                }
            }
            assert_eq!(chosen, trace.replicas);
        }
    }
}

#[test]
fn ring_trace_wraps_past_the_last_point() {
    let ring = Ring::new(ServerList::uniform(2).unwrap(), 1).unwrap();
    let last = *ring.points().last().unwrap();
    if last < u64::MAX {
        let trace = ring.trace(last + 1, 2).unwrap();
        assert!(trace.wrapped);
        assert_eq!(trace.start, 0);
        assert_eq!(trace.owner, ring.owners()[0]);
    }
}

#[test]
fn rendezvous_scores_rank_the_owner_first() {
    let servers = ServerList::new(vec![
        Server::weighted(5, 1),
        Server::weighted(6, 4),
        Server::weighted(7, 2),
    ])
    .unwrap();
    let scheme = Rendezvous::new(servers);
    for key in 0..300u64 {
        let scores = scheme.scores(key);
        assert_eq!(scores.len(), 3);
        assert_eq!(scores[0].server, scheme.locate(key));
        assert!(scores.windows(2).all(|pair| pair[0].score >= pair[1].score));
        assert!(scores
            .iter()
            .all(|score| score.score.is_finite() && score.score > 0.0));
    }
}

#[test]
fn range_sends_sequential_keys_to_the_last_range() {
    // Split today's IDs 0 .. 1,000,000 evenly over 4 servers.
    let range = Range::over_span(ServerList::uniform(4).unwrap(), 0, 1_000_000).unwrap();
    assert_eq!(range.splits(), &[250_000, 500_000, 750_000]);
    // Existing IDs spread evenly...
    assert_eq!(range.locate(0), ServerId(0));
    assert_eq!(range.locate(249_999), ServerId(0));
    assert_eq!(range.locate(250_000), ServerId(1));
    // ...but every new ID from the counter (or clock) lands on the last server.
    assert!((1_000_000..1_050_000).all(|id| range.locate(id) == ServerId(3)));
    let spans = range.spans();
    assert_eq!(spans.len(), 4);
    assert_eq!((spans[0].start, spans[0].end), (0, 249_999));
    assert_eq!((spans[3].start, spans[3].end), (750_000, u64::MAX));
}

#[test]
fn even_range_covers_u64_in_equal_parts() {
    let range = Range::even(ServerList::uniform(4).unwrap());
    assert_eq!(range.splits(), &[1 << 62, 1 << 63, 3 << 62]);
    assert_eq!(range.locate(u64::MAX), ServerId(3));
    let explicit = Range::new(ServerList::uniform(3).unwrap(), vec![10, 20]).unwrap();
    assert_eq!(explicit.locate(9), ServerId(0));
    assert_eq!(explicit.locate(10), ServerId(1));
    assert_eq!(explicit.locate(20), ServerId(2));
}

#[test]
fn directory_counts_its_hops_and_prefers_the_table() {
    let mut directory = Directory::new(ServerList::uniform(4).unwrap(), DirectoryDefault::Modulo);
    assert_eq!(Directory::HOPS_PER_LOOKUP, 1);
    assert_eq!(directory.insert(9, ServerId(3)).unwrap(), None);
    assert_eq!(directory.insert(9, ServerId(2)).unwrap(), Some(ServerId(3)));
    let hit = directory.lookup(9);
    assert!(hit.from_table);
    assert_eq!(hit.owner, ServerId(2));
    let miss = directory.lookup(5);
    assert!(!miss.from_table);
    assert_eq!(miss.owner, ServerId(1)); // 5 mod 4
    assert_eq!(directory.locate(5), ServerId(1));
    assert_eq!(directory.lookups(), 3);
    directory.reset_lookups();
    assert_eq!(directory.lookups(), 0);
    assert_eq!(directory.remove_entry(9), Some(ServerId(2)));
    assert_eq!(directory.entry_count(), 0);
    assert_eq!(directory.pin(6), ServerId(2));
    assert_eq!(
        directory.entries().collect::<Vec<_>>(),
        vec![(6, ServerId(2))]
    );
}

#[test]
fn directory_rehoming_moves_only_the_removed_servers_entries() {
    let servers = ServerList::uniform(5).unwrap();
    let mut directory = Directory::new(servers.clone(), DirectoryDefault::Jump);
    directory.pin_all(0..2_000);
    // Growing moves nothing: the table still says where every key is.
    let grown = directory.rehomed(servers.grown(1).unwrap());
    assert!((0..2_000).all(|key| grown.locate(key) == directory.locate(key)));
    // Removing server 2 moves exactly its keys.
    let shrunk = directory.rehomed(servers.without_server(ServerId(2)).unwrap());
    for key in 0..2_000 {
        let before = directory.locate(key);
        let after = shrunk.locate(key);
        if before == ServerId(2) {
            assert_ne!(after, ServerId(2));
        } else {
            assert_eq!(after, before);
        }
    }
}

#[test]
fn scheme_specs_build_by_name() {
    let servers = ServerList::uniform(3).unwrap();
    for name in SCHEME_NAMES {
        let spec = SchemeSpec::from_name(name, 50).unwrap();
        assert_eq!(spec.name(), name);
        let scheme = spec.build(servers.clone()).unwrap();
        assert_eq!(scheme.name(), name);
        assert_eq!(scheme.servers(), &servers);
        assert!(servers.contains(scheme.locate(key_hash("hello"))));
    }
    let weighted = ["ring", "rendezvous", "maglev", "bounded-load"];
    for name in SCHEME_NAMES {
        let scheme = SchemeSpec::from_name(name, 50)
            .unwrap()
            .build(servers.clone())
            .unwrap();
        assert_eq!(scheme.uses_weights(), weighted.contains(&name), "{name}");
    }
}

#[test]
fn server_lists_grow_shrink_and_round_trip_through_json() {
    let list = ServerList::new(vec![Server::weighted(4, 2), Server::new(9)]).unwrap();
    assert_eq!(list.total_weight(), 3);
    assert_eq!(list.max_id(), ServerId(9));
    let grown = list.grown(2).unwrap();
    assert_eq!(
        grown.ids().collect::<Vec<_>>(),
        [4, 9, 10, 11].map(ServerId)
    );
    assert_eq!(grown.shrunk(2).unwrap(), list);
    assert_eq!(
        list.without_server(ServerId(4))
            .unwrap()
            .ids()
            .collect::<Vec<_>>(),
        [ServerId(9)]
    );
    assert_eq!(list.with_server(Server::new(1)).unwrap().len(), 3);
    assert_eq!(list.position(ServerId(9)), Some(1));
    assert!(!list.is_empty());

    let json = serde_json::to_string(&list).unwrap();
    assert_eq!(json, r#"[{"id":4,"weight":2},{"id":9,"weight":1}]"#);
    let back: ServerList = serde_json::from_str(&json).unwrap();
    assert_eq!(back, list);
    assert!(
        serde_json::from_str::<ServerList>(r#"[{"id":1,"weight":1},{"id":1,"weight":1}]"#).is_err()
    );
    assert!(serde_json::from_str::<ServerList>("[]").is_err());
}
