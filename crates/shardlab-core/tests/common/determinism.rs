//! Every seeded output of the core, rendered as one canonical text in which each `f64` appears as
//! its IEEE-754 bit pattern (`f64:0x…`). The native test (`tests/determinism.rs`) and the browser
//! test (`tests/wasm.rs`) both compare this text with the committed fixture
//! `tests/fixtures/determinism.txt`, so a single flipped bit on either platform fails a test.
//!
//! Regenerate the fixture after an intended change of the numbers with
//! `SHARDLAB_BLESS=1 cargo test -p shardlab-core --test determinism`, and review its diff.
//!
//! Included with `#[path]` by both tests; it is not a test target of its own.

use serde::Serialize;
use serde_json::Value;
use shardlab_core::placement::{
    balance, movement, place_under, scheme_metrics, sweep_moved_fraction, sweep_vnodes, Popularity,
    SchemeSpec, Server, ServerList, SCHEME_NAMES,
};
use shardlab_core::sim::{
    estimate, preset, reshard_bill, simulate, validate, Fault, FaultKind, NodeSettings,
    Replication, PRESET_NAMES,
};

/// The committed fixture, the same bytes natively and in wasm.
pub const FIXTURE: &str = include_str!("../fixtures/determinism.txt");

/// User counts each preset runs at: light, near the default and overloaded.
const USER_COUNTS: [u32; 3] = [300, 4_000, 40_000];
/// Simulated seconds per run: enough for the caches to warm and the faults to fire, short enough
/// for a debug build in a browser.
const SIM_SECONDS: f64 = 2.0;
/// Seeds for the placement experiments.
const SEEDS: [u64; 2] = [1, 0xDEAD_BEEF];

/// The canonical text of every output, one `name = value` line per number or string.
pub fn canonical() -> String {
    let mut out = String::new();
    simulator(&mut out);
    placement(&mut out);
    replication(&mut out);
    reshard(&mut out);
    out
}

/// Where two canonical texts first differ, as a short message (the texts are long).
pub fn first_difference(expected: &str, actual: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let mut expected_lines = expected.lines();
    let mut actual_lines = actual.lines();
    let mut line = 1usize;
    loop {
        match (expected_lines.next(), actual_lines.next()) {
            (Some(e), Some(a)) if e == a => line += 1,
            (e, a) => {
                return Some(format!(
                    "line {line} differs:\n  fixture: {}\n  this run: {}",
                    e.unwrap_or("<end>"),
                    a.unwrap_or("<end>")
                ))
            }
        }
    }
}

fn simulator(out: &mut String) {
    for name in PRESET_NAMES {
        let Some(found) = preset(name) else {
            out.push_str(&format!("sim.{name} = <missing preset>\n"));
            continue;
        };
        let design = found.design;
        for users in USER_COUNTS {
            render(
                out,
                &format!("estimate.{name}.u{users}"),
                &estimate(&design, users).map_err(|e| e.to_string()),
            );
            render(
                out,
                &format!("sim.{name}.u{users}.seed7"),
                &simulate(&design, users, 7, SIM_SECONDS).map_err(|e| e.to_string()),
            );
        }
        // The same design broken on the timeline: every fault kind fires inside the run.
        let mut faulty = design.clone();
        faulty.faults = vec![
            fault(
                0.3,
                FaultKind::HotKey {
                    share: 0.3,
                    duration_s: 0.5,
                },
            ),
            fault(0.5, FaultKind::MasterDown { shard: 0 }),
            fault(0.8, FaultKind::CacheFlush),
            fault(
                1.0,
                FaultKind::TrafficSpike {
                    factor: 3.0,
                    duration_s: 0.5,
                },
            ),
            fault(1.2, FaultKind::ShardSplit { shard: 0 }),
        ];
        // A design without a cache in use refuses a cache flush; it gets the other four.
        if !validate(&faulty).is_empty() {
            faulty
                .faults
                .retain(|f| !matches!(f.kind, FaultKind::CacheFlush));
        }
        render(
            out,
            &format!("sim.{name}.u4000.seed99.faults"),
            &simulate(&faulty, 4_000, 99, SIM_SECONDS).map_err(|e| e.to_string()),
        );
    }
}

fn fault(at_s: f64, kind: FaultKind) -> Fault {
    Fault { at_s, kind }
}

fn placement(out: &mut String) {
    let weighted = ServerList::new(vec![
        Server::weighted(0, 1),
        Server::weighted(1, 3),
        Server::weighted(2, 1),
        Server::weighted(5, 2),
    ]);
    let grown = ServerList::new(vec![
        Server::weighted(0, 1),
        Server::weighted(1, 3),
        Server::weighted(2, 1),
        Server::weighted(5, 2),
        Server::weighted(9, 1),
    ]);
    let (Ok(before), Ok(after)) = (weighted, grown) else {
        out.push_str("placement = <server lists rejected>\n");
        return;
    };
    for name in SCHEME_NAMES {
        let Ok(spec) = SchemeSpec::from_name(name, 40) else {
            out.push_str(&format!("placement.{name} = <unknown scheme>\n"));
            continue;
        };
        let (Ok(b), Ok(a)) = (spec.build(before.clone()), spec.build(after.clone())) else {
            out.push_str(&format!("placement.{name} = <build failed>\n"));
            continue;
        };
        for seed in SEEDS {
            render(
                out,
                &format!("balance.{name}.seed{seed}"),
                &balance(&b, 20_000, seed).map_err(|e| e.to_string()),
            );
            render(
                out,
                &format!("movement.{name}.seed{seed}"),
                &movement(&b, &a, 20_000, seed).map_err(|e| e.to_string()),
            );
        }
    }
    // Bounded loads places through its own assignment, not `locate`; with Zipf requests too.
    if let Ok(spec) = SchemeSpec::from_name("bounded-load", 10) {
        for seed in SEEDS {
            render(
                out,
                &format!("place.bounded-load.seed{seed}"),
                &place_under(
                    &spec,
                    &before,
                    &after,
                    20_000,
                    seed,
                    Popularity::zipf(1.1).ok(),
                )
                .map_err(|e| e.to_string()),
            );
        }
    }
    let specs: Vec<SchemeSpec> = ["mod", "ring", "jump", "rendezvous"]
        .iter()
        .filter_map(|name| SchemeSpec::from_name(name, 50).ok())
        .collect();
    render(
        out,
        "sweep.moved_fraction",
        &sweep_moved_fraction(specs, vec![2, 5, 9], SEEDS.to_vec(), 5_000)
            .map_err(|e| e.to_string()),
    );
    render(
        out,
        "sweep.vnodes",
        &sweep_vnodes(6, vec![1, 10, 100], SEEDS.to_vec(), 5_000).map_err(|e| e.to_string()),
    );
    // The literature's metric set (issue 21 §3), over the weighted list through one server
    // added and one removed. Last, so the lines before it are unchanged.
    for name in SCHEME_NAMES {
        if let Ok(spec) = SchemeSpec::from_name(name, 40) {
            render(
                out,
                &format!("metrics.{name}"),
                &scheme_metrics(&spec, &before, 5_000, SEEDS[0]).map_err(|e| e.to_string()),
            );
        }
    }
}

/// Read replicas, sync and async replication, and a failover with its own detection and
/// promotion times inside the run (issue 23 §2), on the Pinterest board with a master down.
/// Last, so the lines before it are unchanged.
fn replication(out: &mut String) {
    let Some(found) = preset("pinterest") else {
        out.push_str("replication = <missing preset>\n");
        return;
    };
    for replication in [Replication::Async, Replication::Sync] {
        let mut design = found.design.clone();
        for node in &mut design.nodes {
            if let NodeSettings::Database(db) = &mut node.settings {
                db.read_replicas = 2;
                db.replication = replication;
                db.auto_failover = true;
                db.failover_detect_s = 1;
                db.failover_promote_s = 1;
            }
        }
        design.faults = vec![fault(0.5, FaultKind::MasterDown { shard: 0 })];
        let name = replication.name();
        render(
            out,
            &format!("replication.{name}.estimate.u4000"),
            &estimate(&design, 4_000).map_err(|e| e.to_string()),
        );
        // Long enough for the standby to serve (at 2.5 s) before the arrivals stop.
        render(
            out,
            &format!("replication.{name}.sim.u4000.seed7"),
            &simulate(&design, 4_000, 7, 3.0).map_err(|e| e.to_string()),
        );
    }
}

/// A live reshard (issue 23 §3): each preset's bill for splitting its shard 0, then the Pinterest
/// board resharding shard 0 at 0.5 s with 8 KiB rows, once at 200 MB/s (256 MB, cut over at
/// about 1.8 s, inside the run) and once at 50 MB/s (the copy outlasts the run). Last, so the
/// lines before it are unchanged.
fn reshard(out: &mut String) {
    for name in PRESET_NAMES {
        if let Some(found) = preset(name) {
            render(
                out,
                &format!("reshard.{name}.bill.shard0"),
                &reshard_bill(&found.design, 0).map_err(|e| e.to_string()),
            );
        }
    }
    let Some(found) = preset("pinterest") else {
        out.push_str("reshard = <missing preset>\n");
        return;
    };
    for copy_mb_s in [200, 50] {
        let mut design = found.design.clone();
        for node in &mut design.nodes {
            if let NodeSettings::Database(db) = &mut node.settings {
                db.row_bytes = 8_192;
                db.copy_mb_s = copy_mb_s;
            }
        }
        design.faults = vec![fault(0.5, FaultKind::Reshard { shard: 0 })];
        render(
            out,
            &format!("reshard.pinterest.mb{copy_mb_s}.sim.u4000.seed7"),
            &simulate(&design, 4_000, 7, 3.0).map_err(|e| e.to_string()),
        );
    }
}

/// [`render`] for the tests of the rendering itself.
#[allow(dead_code)] // used by the native test only
pub fn render_for_test<T: Serialize>(out: &mut String, path: &str, value: &T) {
    render(out, path, value);
}

/// Appends `value` under `path`, one line per leaf.
fn render<T: Serialize>(out: &mut String, path: &str, value: &T) {
    match serde_json::to_value(value) {
        Ok(tree) => walk(out, path, &tree),
        Err(e) => out.push_str(&format!("{path} = <not serialisable: {e}>\n")),
    }
}

fn walk(out: &mut String, path: &str, value: &Value) {
    match value {
        Value::Null => out.push_str(&format!("{path} = null\n")),
        Value::Bool(b) => out.push_str(&format!("{path} = {b}\n")),
        Value::Number(n) => {
            // An f64 is written as its bits, so no formatting can round two values to one text.
            let text = match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(u), _, _) => u.to_string(),
                (None, Some(i), _) => i.to_string(),
                (None, None, Some(f)) => format!("f64:{:#018x} ({f})", f.to_bits()),
                _ => format!("{n}"),
            };
            out.push_str(&format!("{path} = {text}\n"));
        }
        Value::String(s) => out.push_str(&format!("{path} = {s:?}\n")),
        Value::Array(items) => {
            out.push_str(&format!("{path}.len = {}\n", items.len()));
            for (i, item) in items.iter().enumerate() {
                walk(out, &format!("{path}[{i}]"), item);
            }
        }
        Value::Object(fields) => {
            // Sorted here, not by the map: serde_json keeps insertion order when some crate in
            // the build turns on its `preserve_order` feature, and features differ between builds.
            let mut sorted: Vec<_> = fields.iter().collect();
            sorted.sort_by(|a, b| a.0.cmp(b.0));
            for (key, field) in sorted {
                walk(out, &format!("{path}.{key}"), field);
            }
        }
    }
}
