//! The design format: presets, JSON round trips, hostile input and validation errors.
#![cfg(not(target_arch = "wasm32"))]
// Test helpers panic on purpose: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use proptest::prelude::*;
use shardlab_core::sim::*;

fn pinterest() -> Design {
    preset("pinterest").expect("preset exists").design
}

fn errors_of(design: &Design) -> Vec<DesignError> {
    validate(design)
}

#[test]
fn every_preset_is_valid_and_round_trips_through_json() {
    for name in PRESET_NAMES {
        let p = preset(name).expect("preset exists");
        assert_eq!(p.name, name);
        assert!(
            validate(&p.design).is_empty(),
            "{name}: {:?}",
            validate(&p.design)
        );
        let json = serde_json::to_string_pretty(&p.design).expect("serialises");
        assert!(json.contains("\"version\": 1"));
        let back: Design = serde_json::from_str(&json).expect("parses");
        assert_eq!(back, p.design, "{name}");
    }
    assert!(preset("nope").is_none());
}

/// A position or setting read from JSON is the correctly rounded double of its decimal, so a design
/// written back out and read again is bit-identical. serde_json's default parser can be one ulp
/// off on long decimals (the `board_url` fuzzer found a 131-digit `x` that drifted through a link);
/// the workspace enables its `float_roundtrip` feature.
#[test]
fn long_decimals_read_correctly_rounded_and_round_trip() {
    let texts = [
        format!("5{}.0", "2022202222".repeat(13)),
        "5.2022202222222222222e+130".to_string(),
        "0.1000000000000000055511151231257827021181583404541015625".to_string(),
        "2.2250738585072011e-308".to_string(),
        "9007199254740993".to_string(),
    ];
    for text in &texts {
        let expected: f64 = text.parse().expect("a decimal");
        let mut design = pinterest();
        let first = design.nodes.first().expect("a node").x;
        let json = serde_json::to_string(&design).expect("serialises");
        let field = format!("\"x\":{first:?}");
        assert!(json.contains(&field), "{json}");
        let read: Design =
            serde_json::from_str(&json.replacen(&field, &format!("\"x\":{text}"), 1))
                .expect("parses");
        let x = read.nodes.first().expect("a node").x;
        assert_eq!(x.to_bits(), expected.to_bits(), "{text}");
        design.nodes.first_mut().expect("a node").x = x;
        let again: Design =
            serde_json::from_str(&serde_json::to_string(&design).expect("serialises"))
                .expect("parses");
        assert_eq!(again, design, "{text}");
    }
}

proptest! {
    #[test]
    fn any_finite_position_round_trips_bit_for_bit(bits in any::<u64>()) {
        let value = f64::from_bits(bits);
        prop_assume!(value.is_finite());
        let mut design = pinterest();
        design.nodes.first_mut().expect("a node").x = value;
        let text = serde_json::to_string(&design).expect("serialises");
        let back: Design = serde_json::from_str(&text).expect("parses");
        prop_assert_eq!(back.nodes.first().expect("a node").x.to_bits(), value.to_bits());
    }
}

#[test]
fn every_preset_explains_every_setting_it_shows() {
    for name in PRESET_NAMES {
        let p = preset(name).expect("preset exists");
        for node in &p.design.nodes {
            for setting in node.settings.kind().settings() {
                assert!(
                    p.reason(&node.id, *setting).is_some_and(|r| !r.is_empty()),
                    "{name}: no reason for {} on {}",
                    setting.key(),
                    node.id
                );
                assert!(node.settings.value_text(*setting).is_some());
            }
        }
    }
}

#[test]
fn every_setting_and_kind_has_a_why() {
    for kind in NodeKind::ALL {
        assert!(kind.why().ends_with('.'));
        for setting in kind.settings() {
            assert!(setting.why().ends_with('.'), "{:?}", setting);
            assert!(!setting.label().is_empty());
        }
    }
}

#[test]
fn the_pinterest_preset_is_the_seed_board() {
    let d = pinterest();
    assert_eq!(d.user_count(), 4_000);
    let app = d.first_of(NodeKind::AppServer).expect("app");
    let NodeSettings::AppServer(a) = &app.settings else {
        panic!()
    };
    assert_eq!((a.size, a.copies), (InstanceSize::Large, 3));
    let NodeSettings::Cache(c) = &d.first_of(NodeKind::Cache).expect("cache").settings else {
        panic!()
    };
    assert_eq!(
        (c.engine, c.strategy, c.ttl_s, c.size),
        (
            CacheEngine::Memcached,
            CacheStrategy::Aside,
            60,
            InstanceSize::Medium
        )
    );
    let NodeSettings::Database(db) = &d.first_of(NodeKind::Database).expect("db").settings else {
        panic!()
    };
    assert_eq!(
        (db.engine, db.shards, db.shard_key, db.size),
        (
            DbEngine::Mysql,
            8,
            ShardKey::IdEncoded,
            InstanceSize::Medium
        )
    );
}

#[test]
fn a_minimal_hand_written_file_takes_defaults() {
    let json = r#"{
        "version": 1,
        "nodes": [
            {"id": "u", "settings": {"kind": "users", "count": 10}},
            {"id": "a", "settings": {"kind": "app_server"}},
            {"id": "d", "settings": {"kind": "database", "shards": 2}}
        ],
        "edges": [{"from": "u", "to": "a"}, {"from": "a", "to": "d"}],
        "faults": [{"at_s": 5, "kind": "master_down", "shard": 1}]
    }"#;
    let design: Design = serde_json::from_str(json).expect("parses");
    assert!(validate(&design).is_empty(), "{:?}", validate(&design));
    assert_eq!(design.faults[0].kind, FaultKind::MasterDown { shard: 1 });
    // A file from before replication was a setting gets no replicas, async writes and the
    // 5 s + 5 s failover that was then the fixed gap.
    let db = design
        .nodes
        .iter()
        .find_map(|n| n.settings.database())
        .expect("a database");
    assert_eq!(
        (
            db.read_replicas,
            db.replication,
            db.failover_detect_s,
            db.failover_promote_s
        ),
        (0, Replication::Async, 5, 5)
    );
    assert_eq!(db.failover_gap_s(), 10.0);
}

#[test]
fn bad_json_is_an_error_not_a_panic() {
    for bad in [
        "",
        "{",
        "null",
        "[]",
        r#"{"version": 1}"#,
        r#"{"version": -1, "nodes": []}"#,
        r#"{"version": 1, "nodes": [{"id": "x", "settings": {"kind": "spaceship"}}]}"#,
        r#"{"version": 1, "nodes": [{"id": "x", "settings": {"kind": "users", "count": 1e99}}]}"#,
        r#"{"version": 1, "nodes": [], "extra": true}"#,
        r#"{"version": 1, "nodes": [{"id": "u", "settings": {"kind": "users", "cuont": 3}}]}"#,
    ] {
        assert!(serde_json::from_str::<Design>(bad).is_err(), "{bad}");
    }
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        let _ = serde_json::from_str::<Design>(&text);
    }

    #[test]
    fn mutated_presets_never_panic(cut in 0usize..2000, byte in 0u8..128) {
        let json = serde_json::to_string(&pinterest()).expect("serialises");
        let mut bytes = json.into_bytes();
        if !bytes.is_empty() {
            let at = cut % bytes.len();
            bytes[at] = byte;
        }
        if let Ok(text) = String::from_utf8(bytes) {
            if let Ok(design) = serde_json::from_str::<Design>(&text) {
                // Whatever parses must validate without panicking, and solve or refuse cleanly.
                let _ = validate(&design);
                let _ = estimate(&design, 100);
            }
        }
    }
}

#[test]
fn users_out_of_range_names_the_node_and_the_limits() {
    for count in [0, 1_000_001] {
        let mut d = pinterest();
        if let NodeSettings::Users(u) = &mut d.nodes[0].settings {
            u.count = count;
        }
        let errors = errors_of(&d);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].node_id(), Some("users"));
        let message = errors[0].to_string();
        assert!(message.contains("1 … 1,000,000"), "{message}");
    }
    assert!(matches!(
        estimate(&pinterest(), 0),
        Err(SimError::Users { users: 0 })
    ));
    assert!(matches!(
        simulate(&pinterest(), 2_000_000, 1, 10.0),
        Err(SimError::Users { .. })
    ));
}

#[test]
fn missing_database_path_is_reported() {
    let mut d = preset("link-shortener").expect("preset").design;
    d.edges.retain(|e| e.to != "db");
    let errors = errors_of(&d);
    assert!(
        errors.contains(&DesignError::NoPathToDatabase { id: "users".into() }),
        "{errors:?}"
    );
    assert!(matches!(estimate(&d, 10), Err(SimError::Design(_))));
}

#[test]
fn cache_aside_needs_the_app_to_reach_the_database() {
    let mut d = pinterest();
    d.edges.retain(|e| !(e.from == "app" && e.to == "db"));
    let errors = errors_of(&d);
    assert!(
        errors.iter().any(|e| matches!(e, DesignError::MissingEdge { from, to, .. } if from == "app" && to == "db")),
        "{errors:?}"
    );
}

#[test]
fn a_cycle_names_a_node_on_it() {
    let mut d = pinterest();
    d.edges.push(Edge {
        from: "db".into(),
        to: "app".into(),
    });
    let errors = errors_of(&d);
    assert!(
        errors
            .iter()
            .any(|e| matches!(e, DesignError::Cycle { .. })),
        "{errors:?}"
    );
    let self_loop = {
        let mut d = pinterest();
        d.edges.push(Edge {
            from: "cache".into(),
            to: "cache".into(),
        });
        errors_of(&d)
    };
    assert!(self_loop.contains(&DesignError::Cycle { id: "cache".into() }));
}

#[test]
fn dangling_and_duplicate_edges_and_ids() {
    let mut d = pinterest();
    d.edges.push(Edge {
        from: "app".into(),
        to: "ghost".into(),
    });
    d.edges.push(Edge {
        from: "users".into(),
        to: "app".into(),
    });
    let errors = errors_of(&d);
    assert!(errors
        .iter()
        .any(|e| matches!(e, DesignError::DanglingEdge { missing, .. } if missing == "ghost")));
    assert!(errors
        .iter()
        .any(|e| matches!(e, DesignError::DuplicateEdge { .. })));

    let mut d = pinterest();
    d.nodes[2].id = "app".into();
    let errors = errors_of(&d);
    assert!(
        errors.contains(&DesignError::DuplicateId { id: "app".into() }),
        "{errors:?}"
    );
}

#[test]
fn size_limits_and_version() {
    let mut d = pinterest();
    let extra = d.nodes[0].clone();
    for i in 0..61 {
        let mut n = extra.clone();
        n.id = format!("u{i}");
        d.nodes.push(n);
    }
    assert_eq!(
        errors_of(&d),
        vec![DesignError::TooManyNodes { count: 65, max: 64 }]
    );

    let mut d = pinterest();
    d.version = 2;
    assert_eq!(
        errors_of(&d)[0],
        DesignError::UnsupportedVersion { found: 2 }
    );
}

#[test]
fn kinds_edges_and_settings_are_checked() {
    let mut d = pinterest();
    let mut second = d.nodes[0].clone();
    second.id = "more-users".into();
    d.nodes.push(second);
    d.edges.push(Edge {
        from: "more-users".into(),
        to: "app".into(),
    });
    assert!(errors_of(&d).contains(&DesignError::TooManyOfKind {
        kind: "users",
        id: "more-users".into()
    }));

    let mut d = pinterest();
    d.edges.push(Edge {
        from: "users".into(),
        to: "db".into(),
    });
    assert!(errors_of(&d)
        .iter()
        .any(|e| matches!(e, DesignError::EdgeNotAllowed { from, .. } if from == "users")));

    let mut d = pinterest();
    if let NodeSettings::Database(db) = &mut d.nodes[3].settings {
        db.shards = 65;
        db.standby = false;
        db.auto_failover = true;
    }
    if let NodeSettings::AppServer(a) = &mut d.nodes[1].settings {
        a.copies = 0;
    }
    if let NodeSettings::Users(u) = &mut d.nodes[0].settings {
        u.read_fraction = f64::NAN;
    }
    let errors = errors_of(&d);
    for (id, setting) in [
        ("db", "shards"),
        ("app", "copies"),
        ("users", "read_fraction"),
    ] {
        assert!(
            errors.iter().any(|e| matches!(e, DesignError::OutOfRange { id: i, setting: s, .. } if i == id && *s == setting)),
            "{id}.{setting}: {errors:?}"
        );
    }
    assert!(errors.contains(&DesignError::FailoverWithoutStandby { id: "db".into() }));
}

#[test]
fn replication_settings_out_of_range_name_their_range() {
    fn database(d: &mut Design) -> &mut DatabaseSettings {
        d.nodes
            .iter_mut()
            .find_map(|n| match &mut n.settings {
                NodeSettings::Database(db) => Some(db),
                _ => None,
            })
            .expect("a database")
    }
    for (replicas, detect, promote) in [(6, 0, 301), (u32::MAX, 301, 0)] {
        let mut d = pinterest();
        let db = database(&mut d);
        db.read_replicas = replicas;
        db.failover_detect_s = detect;
        db.failover_promote_s = promote;
        refused_with_ranges(
            &d,
            &[
                (Setting::ReadReplicas, replicas),
                (Setting::FailoverDetect, detect),
                (Setting::FailoverPromote, promote),
            ],
        );
    }
    assert_eq!(
        Setting::ReadReplicas.range().map(|r| r.accepted),
        Some("0 … 5")
    );
    assert_eq!(
        Setting::FailoverDetect.range().map(|r| r.accepted),
        Some("1 … 300 s")
    );

    // Every edge of the ranges is accepted.
    let mut d = pinterest();
    let db = database(&mut d);
    db.read_replicas = 5;
    db.failover_detect_s = 1;
    db.failover_promote_s = 300;
    assert!(errors_of(&d).is_empty(), "{:?}", errors_of(&d));
}

/// `design`'s problems are exactly these database settings out of range, each message naming
/// the value and the accepted range.
fn refused_with_ranges(design: &Design, expected: &[(Setting, u32)]) {
    let messages: Vec<String> = errors_of(design).iter().map(|e| e.to_string()).collect();
    assert_eq!(messages.len(), expected.len(), "{messages:?}");
    for (setting, value) in expected {
        let accepted = setting.range().expect("a number").accepted;
        let message = format!(
            "node \"db\": {} is {value}; accepted {accepted}",
            setting.key()
        );
        assert!(messages.contains(&message), "{message}: {messages:?}");
    }
}

#[test]
fn reshard_settings_out_of_range_name_their_range() {
    for (row_bytes, copy_mb_s) in [(63, 0), (1_048_577, 2_001), (0, u32::MAX)] {
        let mut d = pinterest();
        if let NodeSettings::Database(db) = &mut d.nodes[3].settings {
            db.row_bytes = row_bytes;
            db.copy_mb_s = copy_mb_s;
        }
        refused_with_ranges(
            &d,
            &[
                (Setting::RowBytes, row_bytes),
                (Setting::CopyThrottle, copy_mb_s),
            ],
        );
    }
    assert_eq!(
        Setting::RowBytes.range().map(|r| r.accepted),
        Some("64 … 1,048,576 bytes")
    );
    assert_eq!(
        Setting::CopyThrottle.range().map(|r| r.accepted),
        Some("1 … 2,000 MB/s")
    );
    // The edges are accepted, and the setter refuses what the validator refuses.
    for (row_bytes, copy_mb_s) in [(64, 1), (1_048_576, 2_000)] {
        let mut d = pinterest();
        if let NodeSettings::Database(db) = &mut d.nodes[3].settings {
            db.row_bytes = row_bytes;
            db.copy_mb_s = copy_mb_s;
        }
        assert!(errors_of(&d).is_empty(), "{:?}", errors_of(&d));
    }
    let mut settings = NodeSettings::default_for(NodeKind::Database);
    assert!(settings
        .set(Setting::CopyThrottle, SettingValue::Number(2_001.0))
        .is_err());
    assert!(settings
        .set(Setting::RowBytes, SettingValue::Number(16_384.0))
        .is_ok());
    assert_eq!(settings.database().map(|db| db.row_bytes), Some(16_384));
}

/// A design written before the reshard settings existed reads with their defaults and writes
/// back byte for byte: the two are left out while they have their defaults.
#[test]
fn a_design_from_before_the_reshard_settings_writes_back_unchanged() {
    let old = r#"{"version":1,"name":"old","nodes":[{"id":"u","label":"","x":0.0,"y":0.0,"settings":{"kind":"users","count":10,"requests_per_user_per_s":1.0,"read_fraction":0.9,"zipf_exponent":1.0,"catalogue_objects":100000,"user_skew":1.0,"apdex_t_ms":200.0}},{"id":"a","label":"","x":0.0,"y":0.0,"settings":{"kind":"app_server","size":"medium","copies":1,"queue_bound":1000,"timeout_ms":2000}},{"id":"d","label":"","x":0.0,"y":0.0,"settings":{"kind":"database","engine":"mysql","shards":2,"shard_key":"id_encoded","size":"medium","standby":true,"auto_failover":false}}],"edges":[{"from":"u","to":"a"},{"from":"a","to":"d"}],"faults":[{"at_s":5.0,"kind":"shard_split","shard":1}]}"#;
    let design: Design = serde_json::from_str(old).expect("parses");
    let db = design
        .nodes
        .iter()
        .find_map(|n| n.settings.database())
        .expect("a database");
    assert_eq!(
        (db.row_bytes, db.copy_mb_s),
        (DEFAULT_ROW_BYTES, DEFAULT_COPY_MB_S)
    );
    assert_eq!(serde_json::to_string(&design).expect("writes"), old);
}

#[test]
fn sync_replication_needs_a_copy_to_wait_for() {
    let mut d = pinterest();
    if let NodeSettings::Database(db) = &mut d.nodes[3].settings {
        db.replication = Replication::Sync;
        db.standby = false;
    }
    let errors = errors_of(&d);
    assert_eq!(errors, [DesignError::SyncWithoutCopy { id: "db".into() }]);
    assert_eq!(
        errors[0].to_string(),
        "node \"db\": sync replication needs a standby or a read replica to wait for; add one or \
         choose async"
    );
    // A read replica is a copy to wait for, as the standby is.
    if let NodeSettings::Database(db) = &mut d.nodes[3].settings {
        db.read_replicas = 1;
    }
    assert!(errors_of(&d).is_empty());
}

#[test]
fn faults_are_checked() {
    let mut d = pinterest();
    d.faults = vec![
        Fault {
            at_s: 1.0,
            kind: FaultKind::MasterDown { shard: 8 },
        },
        Fault {
            at_s: -1.0,
            kind: FaultKind::CacheFlush,
        },
        Fault {
            at_s: 1.0,
            kind: FaultKind::TrafficSpike {
                factor: 0.5,
                duration_s: 1.0,
            },
        },
        Fault {
            at_s: 1.0,
            kind: FaultKind::HotKey {
                share: 0.0,
                duration_s: 0.0,
            },
        },
    ];
    let errors = errors_of(&d);
    assert_eq!(errors.len(), 5, "{errors:?}");

    let mut d = preset("link-shortener").expect("preset").design;
    d.faults = vec![Fault {
        at_s: 1.0,
        kind: FaultKind::CacheFlush,
    }];
    assert_eq!(
        errors_of(&d),
        vec![DesignError::FaultNeedsCache {
            index: 0,
            kind: "cache_flush"
        }]
    );
}

#[test]
fn unreachable_nodes_are_named() {
    let mut d = pinterest();
    d.edges.retain(|e| e.to != "cache");
    if let NodeSettings::Cache(c) = &mut d.nodes[2].settings {
        c.strategy = CacheStrategy::None;
    }
    assert_eq!(
        errors_of(&d),
        vec![DesignError::Unreachable { id: "cache".into() }]
    );
}

#[test]
fn prices_and_bill() {
    let mut d = pinterest();
    let bill = prices::bill(&d);
    // 3 × large app, one medium cache, 8 × (master + standby) medium MySQL.
    let expected = 3.0 * 0.40 + 0.16 + 16.0 * 0.18;
    let total: f64 = bill.iter().map(|l| l.per_hour).sum();
    assert!((total - expected).abs() < 1e-9);
    assert!((prices::per_month(prices::per_second(1.0)) - 730.5).abs() < 1e-9);

    // Two read replicas per shard are two more medium instances per shard.
    if let NodeSettings::Database(db) = &mut d.nodes[3].settings {
        db.read_replicas = 2;
    }
    let bill = prices::bill(&d);
    let line = bill
        .iter()
        .find(|l| l.node_id == "db")
        .expect("the database");
    assert_eq!(
        line.item,
        "8 × medium mysql (master + standby + 2 replicas)"
    );
    assert_eq!(line.instances, 32);
    let total: f64 = bill.iter().map(|l| l.per_hour).sum();
    assert!((total - (expected + 16.0 * 0.18)).abs() < 1e-9);
}

/// What no way in may hold (a file, a link, a save): each is refused by `size_errors` before the
/// board draws it, and `validate` reports it first.
#[test]
fn a_design_too_big_to_hold_is_refused_by_size_errors() {
    use shardlab_core::sim::validate::{
        size_errors, MAX_COORDINATE, MAX_LABEL_CHARS, MAX_NAME_CHARS,
    };
    assert!(size_errors(&pinterest()).is_empty());
    let mut far = pinterest();
    far.nodes.first_mut().expect("a node").x = 1e308;
    let mut edge = pinterest();
    edge.nodes.first_mut().expect("a node").y = -MAX_COORDINATE;
    assert!(
        size_errors(&edge).is_empty(),
        "the limit itself is on the board"
    );
    let mut labelled = pinterest();
    labelled.nodes.first_mut().expect("a node").label = "é".repeat(MAX_LABEL_CHARS + 1);
    let mut named = pinterest();
    named.name = "n".repeat(MAX_NAME_CHARS + 1);
    for (design, expected) in [
        (far, "position outside"),
        (labelled, "label of 41 characters"),
        (named, "name has 81 characters"),
    ] {
        let errors = size_errors(&design);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].to_string().contains(expected), "{}", errors[0]);
        assert_eq!(validate(&design).first(), errors.first());
    }
}

/// Issue 19 §3: a message named the box by its internal id ("node `cache-2` is a second cache").
#[test]
fn a_message_names_each_box_by_its_label() {
    let mut design = pinterest();
    let mut second = design.first_of(NodeKind::Cache).unwrap().clone();
    second.id = "cache-2".into();
    second.label = "Spare cache".into();
    design.nodes.push(second);
    design.edges.push(Edge {
        from: "app".into(),
        to: "cache-2".into(),
    });
    let errors = validate(&design);
    let extra = errors
        .iter()
        .find(|e| matches!(e, DesignError::TooManyOfKind { .. }))
        .expect("a second cache is refused");
    let text = extra.labelled(&design).to_string();
    assert!(
        text.contains("Spare cache") && !text.contains("cache-2"),
        "{text}"
    );
    // The structured error keeps the id the board attaches it to.
    assert_eq!(extra.node_id(), Some("cache-2"));
    for error in &errors {
        let text = error.labelled(&design).to_string();
        for node in &design.nodes {
            assert!(
                !text.contains(&format!("`{}`", node.id)) || node.id == node.label,
                "{text}"
            );
        }
    }
}

/// Issue 19 §3: a load balancer added to a wired design goes on the users → App Server edge.
#[test]
fn a_new_load_balancer_splices_into_the_users_edge() {
    let mut design = pinterest();
    assert_eq!(design.splice_point(NodeKind::Cache), None);
    let mut lb = design.first_of(NodeKind::Users).unwrap().clone();
    lb.id = "load-balancer".into();
    lb.settings = NodeSettings::default_for(NodeKind::LoadBalancer);
    design.nodes.push(lb);
    assert!(
        !validate(&design).is_empty(),
        "an unwired load balancer is refused"
    );
    let index = design
        .splice_point(NodeKind::LoadBalancer)
        .expect("an edge to splice");
    let edge = design.edges[index].clone();
    assert_eq!(
        (
            design.node(&edge.from).unwrap().settings.kind(),
            design.node(&edge.to).unwrap().settings.kind()
        ),
        (NodeKind::Users, NodeKind::AppServer)
    );
    assert!(design.splice("load-balancer", index));
    assert!(validate(&design).is_empty(), "{:?}", validate(&design));
    assert!(!design.has_edge(&edge.from, &edge.to));
    // Once it is on the path there is no users → App Server edge left to offer.
    assert_eq!(design.splice_point(NodeKind::LoadBalancer), None);
    assert!(!design.splice("nope", 0));
}

#[test]
fn connect_targets_are_the_callees_not_yet_wired() {
    let design = pinterest();
    let ids = |from: &str| -> Vec<String> {
        design
            .connect_targets(from)
            .iter()
            .map(|n| n.id.clone())
            .collect()
    };
    // The cache may call the database, and does not yet; the App Server calls both already.
    assert_eq!(ids("cache"), ["db"]);
    assert!(ids("app").is_empty());
    // The users call the App Server already and there is no load balancer; the database calls
    // nothing; a node that is not there has no targets.
    assert!(ids("users").is_empty());
    assert!(ids("db").is_empty());
    assert!(ids("nowhere").is_empty());
}
