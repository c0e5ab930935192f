//! The table itself: one function per criterion group, each adding its kernels (ours, then the
//! peers that race it) and the report rows that compare them.
//!
//! Every contender in a group gets the same inputs: the same 1,024 `u64` batch keys (the core's
//! `KeyStream`, seed 7), the same rings and hashers, the same preset. What each ring race compares
//! (the hash must not decide it):
//!
//! - `prehashed`: the keys are already `u64` hashes. Ours is `Ring::locate(key)`. `hashring` is
//!   given a pass-through hasher and *our ring's own points* (one hashring node per vnode), so both
//!   binary-search the same sorted points and must name the same server, which is checked.
//! - `siphash`: both hash the key with SipHash-2-4 (keys 0, 0: `hashring`'s default hasher) first.
//!   Ours is `hashring::DefaultHashBuilder.hash_one(key)` then `Ring::locate`; `hashring` is
//!   `HashRing::get(&key)` on a ring of the same size (its points hashed with SipHash too).
//! - `md5`: both hash the key's 8 little-endian bytes with MD5 (`conhash`'s only hasher). Ours is
//!   the digest's first 8 bytes, big-endian (the order `conhash` sorts digests in), then
//!   `Ring::locate`; `conhash` is `ConsistentHash::get(bytes)` on a ring of the same size.
//!
//! Jump, rendezvous and Maglev compute the same function as their peers when fed the same hash
//! (Maglev: the same preference lists too), so those peers' answers are checked equal to ours in
//! their setup, before anything is timed. Multi-probe's peer cannot be given our probe hash, so
//! its answers are not compared; it is given our circle's points.
//!
//! To add a benchmark: add its kernel (and its peer's) with [`Kernel::new`] in its group's
//! function, and its row ([`Row::solo`] or [`Row::race`]); criterion, the wasm page and the report
//! pick both up.

use std::hash::BuildHasher;
use std::num::NonZeroU32;

use shardlab_core::id_batch::{BatchLayout, BatchRun, IdSource};
use shardlab_core::layout::{parse_id, BitLayout, FieldRole};
use shardlab_core::placement::{
    balance, jump_bucket, movement, KeyStream, Maglev, MaglevFill, MaglevTable, Mod, MultiProbe,
    Placement, PointIndex, Rendezvous, Ring, ServerList, DEFAULT_TABLE_SIZE, MAX_TABLE_SIZE,
};
use shardlab_core::sim::{estimate, preset, Design, Simulation};
use shardlab_core::stepped::Stepped;
use shardlab_peers::{
    conhash_md5, hashring, hashring_on_our_points, hashring_sip, jumphash, maglev_on_our_lists,
    maglev_tables_agree, md5_u64, mpchash, mpchash_on_our_points, rendezvous_hash, sip_jump_key,
    PassThrough, Xxh3NodeHasher, JUMP_SIP_KEYS,
};

use crate::{batch, lookup, Kernel, Row, Section, Simulator, Table, Targets, Timed, WasmGoal};

/// Keys per lookup batch: one timed run of a lookup kernel.
pub const BATCH: usize = 1_024;
/// The seed of the benchmark keys.
const KEY_SEED: u64 = 7;
/// Server counts of the lookup races.
const SERVER_COUNTS: [u32; 3] = [10, 100, 1_000];
/// Vnodes per server of the ring races.
const VNODE_COUNTS: [u32; 2] = [100, 256];
/// The placement ring (and the experiments'): servers and vnodes per server.
pub const PLACE_SERVERS: u32 = 100;
pub const PLACE_VNODES: u32 = 256;
/// Keys of the placement race and of the experiments.
const PLACE_KEYS: usize = 1_000_000;
const EXPERIMENT_KEYS: u64 = 100_000;
/// Users and simulated seconds of the DES run on the `pinterest` preset.
const DES_USERS: u32 = 4_000;
const DES_SECONDS: f64 = 20.0;
/// The wasm-only run: the `pinterest` preset as the board runs it, for 60 s.
const LONG_RUN_SECONDS: f64 = 60.0;
/// Ring lookup ÷ peer: the goal of issue 7.
const RING_GOAL: f64 = 0.5;
/// Maglev's table size in its races: our default, the paper's.
const MAGLEV_SLOTS: u32 = DEFAULT_TABLE_SIZE;
/// Servers of the Maglev fill at its largest table: the most the Ring view draws.
const FILL_SERVERS: u32 = 64;
/// Probes per key in the multi-probe races: `mpchash`'s fixed count (checked in the peer's setup),
/// so that both do the same work.
const MULTI_PROBES: u32 = 23;

/// Every benchmark kernel and the report rows that compare them.
pub fn table() -> Table {
    let mut table = Table::default();
    ring_races(&mut table);
    ring_builds(&mut table);
    jump_races(&mut table);
    rendezvous_races(&mut table);
    maglev_races(&mut table);
    maglev_fill(&mut table);
    multi_probe_races(&mut table);
    mod_lookups(&mut table);
    layouts(&mut table);
    id_batches(&mut table);
    placement(&mut table);
    simulator(&mut table);
    table
}

/// The hash both sides of a ring race use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RingHash {
    PreHashed,
    Sip,
    Md5,
}

impl RingHash {
    const ALL: [RingHash; 3] = [RingHash::PreHashed, RingHash::Sip, RingHash::Md5];

    fn variant(self) -> &'static str {
        match self {
            RingHash::PreHashed => "prehashed",
            RingHash::Sip => "siphash",
            RingHash::Md5 => "md5",
        }
    }

    fn label(self) -> &'static str {
        match self {
            RingHash::PreHashed => "pre-hashed",
            RingHash::Sip => "SipHash-2-4",
            RingHash::Md5 => "MD5",
        }
    }

    fn peer(self) -> &'static str {
        match self {
            RingHash::PreHashed | RingHash::Sip => "hashring",
            RingHash::Md5 => "conhash",
        }
    }

    fn ours(self, n: u32, v: u32) -> Result<Timed, String> {
        let ours = ring(n, v)?;
        Ok(match self {
            RingHash::PreHashed => lookup(batch_keys(), move |key| ours.locate(key).0),
            RingHash::Sip => lookup(batch_keys(), move |key| {
                ours.locate(hashring::DefaultHashBuilder.hash_one(key)).0
            }),
            RingHash::Md5 => lookup(batch_keys(), move |key| ours.locate(md5_u64(key)).0),
        })
    }

    fn theirs(self, n: u32, v: u32) -> Result<Timed, String> {
        Ok(match self {
            RingHash::PreHashed => {
                let ours = ring(n, v)?;
                let peer = hashring_on_our_points(&ours);
                agree("hashring", |key| {
                    (peer.get(&key).map(|p| p.server.0), ours.locate(key).0)
                })?;
                lookup(batch_keys(), move |key| {
                    peer.get(&key).map_or(0, |p| p.server.0)
                })
            }
            RingHash::Sip => {
                let peer = hashring_sip(n, v);
                lookup(batch_keys(), move |key| {
                    peer.get(&key).map_or(0, |p| p.server)
                })
            }
            RingHash::Md5 => {
                let peer = conhash_md5(n, v);
                lookup(batch_keys(), move |key| {
                    peer.get(&key.to_le_bytes()).map_or(0, |p| p.0)
                })
            }
        })
    }
}

fn ring_races(t: &mut Table) {
    for n in SERVER_COUNTS {
        for v in VNODE_COUNTS {
            let case = format!("N{n}-V{v}");
            for hash in RingHash::ALL {
                let label = format!("N = {n}, V = {v}, {}", hash.label());
                let ours = t.add(
                    Kernel::new(
                        "ring",
                        format!("ours/{}", hash.variant()),
                        Some(case.clone()),
                        move || hash.ours(n, v),
                    )
                    .per_call(hash == RingHash::PreHashed)
                    .in_wasm_table(format!("ring, {label}"), Some(WasmGoal::Lookup)),
                );
                let peer = t.add(Kernel::new(
                    "ring",
                    format!("{}/{}", hash.peer(), hash.variant()),
                    Some(case.clone()),
                    move || hash.theirs(n, v),
                ));
                t.row(
                    Row::race(Section::Ring, label, &ours, &peer, hash.peer())
                        .goal(RING_GOAL)
                        .in_wasm("ring, "),
                );
            }
        }
    }
}

/// Building a ring, which the Ring view does on every edit, and the share of it that goes to the
/// lookup index. Per vnode; native only, and not part of BENCHMARKS.md's tables.
fn ring_builds(t: &mut Table) {
    for n in SERVER_COUNTS {
        for v in VNODE_COUNTS {
            let case = format!("N{n}-V{v}");
            let points = u64::from(n).saturating_mul(u64::from(v));
            t.add(
                Kernel::new(
                    "ring-build",
                    "ours/ring".into(),
                    Some(case.clone()),
                    move || {
                        ring(n, v)?;
                        Ok(batch(points, move || {
                            servers(std::hint::black_box(n))
                                .and_then(|list| Ring::new(list, v).map_err(|e| e.to_string()))
                                .map_or(0, |ring| ring.points().len() as u64)
                        }))
                    },
                )
                .targets(Targets::Native),
            );
            t.add(
                Kernel::new(
                    "ring-build",
                    "ours/index-only".into(),
                    Some(case),
                    move || {
                        let ring = ring(n, v)?;
                        Ok(batch(points, move || {
                            std::hint::black_box(PointIndex::new(std::hint::black_box(
                                ring.points(),
                            )));
                            0
                        }))
                    },
                )
                .targets(Targets::Native),
            );
        }
    }
}

/// The hash both sides of a jump race use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum JumpHash {
    PreHashed,
    Sip13,
}

impl JumpHash {
    const ALL: [JumpHash; 2] = [JumpHash::PreHashed, JumpHash::Sip13];

    fn variant(self) -> &'static str {
        match self {
            JumpHash::PreHashed => "prehashed",
            JumpHash::Sip13 => "siphash13",
        }
    }

    fn label(self) -> &'static str {
        match self {
            JumpHash::PreHashed => "pre-hashed",
            JumpHash::Sip13 => "SipHash-1-3",
        }
    }

    fn ours(self, n: u32) -> Result<Timed, String> {
        let buckets = NonZeroU32::new(n).ok_or("no buckets")?;
        Ok(match self {
            JumpHash::PreHashed => lookup(batch_keys(), move |key| jump_bucket(key, buckets)),
            JumpHash::Sip13 => lookup(batch_keys(), move |key| {
                jump_bucket(sip_jump_key(key), buckets)
            }),
        })
    }

    fn theirs(self, n: u32) -> Result<Timed, String> {
        let buckets = NonZeroU32::new(n).ok_or("no buckets")?;
        Ok(match self {
            JumpHash::PreHashed => {
                let peer = jumphash::CustomJumpHasher::new(PassThrough::default());
                agree("jumphash", |key| {
                    (Some(peer.slot(&key, n)), jump_bucket(key, buckets))
                })?;
                lookup(batch_keys(), move |key| peer.slot(&key, n))
            }
            JumpHash::Sip13 => {
                let peer = jumphash::JumpHasher::new_with_keys(JUMP_SIP_KEYS.0, JUMP_SIP_KEYS.1);
                agree("jumphash (SipHash-1-3)", |key| {
                    (
                        Some(peer.slot(&key, n)),
                        jump_bucket(sip_jump_key(key), buckets),
                    )
                })?;
                lookup(batch_keys(), move |key| peer.slot(&key, n))
            }
        })
    }
}

fn jump_races(t: &mut Table) {
    for n in SERVER_COUNTS {
        let case = format!("N{n}");
        for hash in JumpHash::ALL {
            let label = format!("N = {n}, {}", hash.label());
            let ours = t.add(
                Kernel::new(
                    "jump",
                    format!("ours/{}", hash.variant()),
                    Some(case.clone()),
                    move || hash.ours(n),
                )
                .per_call(hash == JumpHash::PreHashed)
                .in_wasm_table(format!("jump, {label}"), Some(WasmGoal::Lookup)),
            );
            let peer = t.add(Kernel::new(
                "jump",
                format!("jumphash/{}", hash.variant()),
                Some(case.clone()),
                move || hash.theirs(n),
            ));
            t.row(Row::race(Section::Jump, label, &ours, &peer, "jumphash").in_wasm("jump, "));
        }
    }
}

/// `rendezvous_hash` over `n` servers, scoring with `hasher`.
fn rendezvous_peer<H: rendezvous_hash::NodeHasher<u32>>(
    n: u32,
    hasher: H,
) -> rendezvous_hash::RendezvousNodes<rendezvous_hash::IdNode<u32>, H> {
    let mut peer = rendezvous_hash::RendezvousNodes::new(hasher);
    for server in 0..n {
        peer.insert(rendezvous_hash::IdNode::new(server));
    }
    peer
}

fn rendezvous_races(t: &mut Table) {
    for n in SERVER_COUNTS {
        let case = format!("N{n}");
        let ours = t.add(
            Kernel::new(
                "rendezvous",
                "ours/xxh3".into(),
                Some(case.clone()),
                move || {
                    let ours = Rendezvous::new(servers(n)?);
                    Ok(lookup(batch_keys(), move |key| ours.locate(key).0))
                },
            )
            .per_call(true)
            .in_wasm_table(format!("rendezvous, N = {n}"), Some(WasmGoal::Lookup)),
        );
        let same_hash = t.add(Kernel::new(
            "rendezvous",
            "rendezvous_hash/xxh3".into(),
            Some(case.clone()),
            move || {
                let ours = Rendezvous::new(servers(n)?);
                let peer = rendezvous_peer(n, Xxh3NodeHasher);
                agree("rendezvous_hash", |key| {
                    (
                        peer.calc_candidates(&key).next().map(|node| **node),
                        ours.locate(key).0,
                    )
                })?;
                Ok(lookup(batch_keys(), move |key| {
                    peer.calc_candidates(&key).next().map_or(0, |node| **node)
                }))
            },
        ));
        let own_hash = t.add(Kernel::new(
            "rendezvous",
            "rendezvous_hash/siphash13".into(),
            Some(case),
            move || {
                let peer = rendezvous_peer(n, rendezvous_hash::DefaultNodeHasher::default());
                Ok(lookup(batch_keys(), move |key| {
                    peer.calc_candidates(&key).next().map_or(0, |node| **node)
                }))
            },
        ));
        let name = "rendezvous_hash";
        t.row(
            Row::race(
                Section::Rendezvous,
                format!("N = {n}, xxh3 both"),
                &ours,
                &same_hash,
                name,
            )
            .in_wasm("rendezvous, "),
        );
        t.row(Row::race(
            Section::Rendezvous,
            format!("N = {n}, peer's own hash"),
            &ours,
            &own_hash,
            name,
        ));
    }
}

fn maglev_races(t: &mut Table) {
    for n in SERVER_COUNTS {
        let case = format!("N{n}-M{MAGLEV_SLOTS}");
        let label = format!("Maglev, N = {n}, M = {MAGLEV_SLOTS}, pre-hashed");
        let ours = t.add(
            Kernel::new(
                "maglev",
                "ours/prehashed".into(),
                Some(case.clone()),
                move || {
                    let ours = maglev(n)?;
                    Ok(lookup(batch_keys(), move |key| ours.locate(key).0))
                },
            )
            .per_call(true)
            .in_wasm_table(format!("maglev, N = {n}"), Some(WasmGoal::Lookup)),
        );
        let peer = t.add(Kernel::new(
            "maglev",
            "maglev/prehashed".into(),
            Some(case),
            move || {
                let ours = maglev(n)?;
                let peer = maglev_on_our_lists(ours.table());
                maglev_tables_agree(ours.table(), &peer)?;
                // Where the peer's hash is 64 bits wide, its slot is `key mod M` as ours is; a
                // 32-bit target (wasm32) reduces the key's low 32 bits, so there only the tables
                // are compared.
                #[cfg(target_pointer_width = "64")]
                agree("maglev", |key| {
                    (maglev_peer_owner(&peer, key), ours.locate(key).0)
                })?;
                Ok(lookup(batch_keys(), move |key| {
                    maglev_peer_owner(&peer, key).unwrap_or(0)
                }))
            },
        ));
        t.row(Row::race(Section::MaglevAndMultiProbe, label, &ours, &peer, "maglev").in_wasm(""));
    }
}

/// Maglev's table at the core's largest size, M = 1,000,003, which the Ring view fills as a sliced
/// job (issue 44): the fill's cost per slot tried, the unit of its steps (a slice of the app's
/// 8 ms budget looks at the clock every 256), and what a task still does in one go around it.
fn maglev_fill(t: &mut Table) {
    let case = format!("N{FILL_SERVERS}-M{MAX_TABLE_SIZE}");
    let per_slot = "Maglev's fill at its 1,000,003-slot limit, N = 64 (per slot tried)";
    let ours = t.add(
        Kernel::new(
            "maglev-fill",
            "ours/per-slot".into(),
            Some(case.clone()),
            || {
                let list = servers(FILL_SERVERS)?;
                let tried = fill_to_the_end(&list)?.slots_tried();
                Ok(batch(tried, move || {
                    MaglevFill::new(std::hint::black_box(&list), MAX_TABLE_SIZE)
                        .map_or(0, |fill| u64::from(fill.finish().size()))
                }))
            },
        )
        .flat()
        .in_wasm_table(per_slot.into(), None),
    );
    t.row(Row::solo(
        Section::MaglevAndMultiProbe,
        per_slot.into(),
        &ours,
    ));
    let in_one_task =
        "Maglev at 1,000,003 slots, N = 64: a task's unsliced share (a fill's start, the churn)";
    let ours = t.add(
        Kernel::new("maglev-fill", "ours/unsliced".into(), Some(case), || {
            let before = fill_to_the_end(&servers(FILL_SERVERS)?)?.finish();
            let grown = servers(FILL_SERVERS.saturating_add(1))?;
            let after = fill_to_the_end(&grown)?.finish();
            Ok(batch(1, move || unsliced_share(&grown, &before, &after)))
        })
        .flat()
        .in_wasm_table(in_one_task.into(), None),
    );
    t.row(Row::solo(
        Section::MaglevAndMultiProbe,
        in_one_task.into(),
        &ours,
    ));
}

/// A fill of the largest table over `list`, stepped to its end.
fn fill_to_the_end(list: &ServerList) -> Result<MaglevFill, String> {
    let mut fill = MaglevFill::new(list, MAX_TABLE_SIZE).map_err(|e| e.to_string())?;
    while !fill.step(u64::MAX).is_done() {}
    Ok(fill)
}

/// What the Ring view does in one task around a fill of the largest table: the fill's start (its
/// two slot arrays) and the comparison of the table with the one before the change.
fn unsliced_share(grown: &ServerList, before: &MaglevTable, after: &MaglevTable) -> u64 {
    let started = MaglevFill::new(std::hint::black_box(grown), MAX_TABLE_SIZE).is_ok();
    u64::from(started).saturating_add(u64::from(before.churn(std::hint::black_box(after)).changed))
}

/// The `maglev` peer's owner of `key`.
fn maglev_peer_owner<S: BuildHasher>(
    peer: &shardlab_peers::maglev::Maglev<shardlab_peers::OurList, S>,
    key: u64,
) -> Option<u32> {
    use shardlab_peers::maglev::ConsistentHasher;
    peer.get(&key).map(|list| list.server.0)
}

fn multi_probe_races(t: &mut Table) {
    for n in SERVER_COUNTS {
        let case = format!("N{n}-P{MULTI_PROBES}");
        let label = format!("multi-probe, N = {n}, {MULTI_PROBES} probes, each its own hash");
        let ours = t.add(
            Kernel::new(
                "multi-probe",
                "ours/own-probes".into(),
                Some(case.clone()),
                move || {
                    let ours = multi_probe(n)?;
                    Ok(lookup(batch_keys(), move |key| ours.locate(key).0))
                },
            )
            .per_call(true)
            .in_wasm_table(format!("multi-probe, N = {n}"), Some(WasmGoal::Lookup)),
        );
        let peer = t.add(Kernel::new(
            "multi-probe",
            "mpchash/own-probes".into(),
            Some(case),
            move || {
                if usize::try_from(MULTI_PROBES).ok() != Some(mpchash::DEFAULT_PROBE_COUNT) {
                    return Err(format!(
                        "mpchash probes {} times, ours {MULTI_PROBES}",
                        mpchash::DEFAULT_PROBE_COUNT
                    ));
                }
                let circle = ring(n, 1)?;
                same_circle(&multi_probe(n)?, &circle)?;
                let peer = mpchash_on_our_points(&circle);
                if peer.len() != circle.points().len() {
                    return Err(format!(
                        "mpchash holds {} of our {} points",
                        peer.len(),
                        circle.points().len()
                    ));
                }
                Ok(lookup(batch_keys(), move |key| {
                    peer.node(&key).map_or(0, |token| *token.node())
                }))
            },
        ));
        t.row(Row::race(Section::MaglevAndMultiProbe, label, &ours, &peer, "mpchash").in_wasm(""));
    }
}

/// Checks that `circle` is `ours`'s circle: one point per server, and every probe of every batch
/// key ends at a point of `circle` owned by the server the probe names. (`MultiProbe` keeps its
/// circle to itself; this is how the peer is known to search the same points.)
fn same_circle(ours: &MultiProbe, circle: &Ring) -> Result<(), String> {
    if circle.points().len() != ours.servers().len() {
        return Err(format!(
            "the circle has {} points for {} servers",
            circle.points().len(),
            ours.servers().len()
        ));
    }
    for key in batch_keys() {
        for probe in ours.probes(key) {
            let point = probe.at.wrapping_add(probe.distance);
            let owner = circle
                .points()
                .binary_search(&point)
                .ok()
                .and_then(|at| circle.owners().get(at));
            if owner != Some(&probe.server) {
                return Err(format!(
                    "a probe of key {key} ends at {point}, which is not {}'s point on the circle",
                    probe.server
                ));
            }
        }
    }
    Ok(())
}

fn mod_lookups(t: &mut Table) {
    for n in SERVER_COUNTS {
        let label = format!("mod, N = {n}");
        let ours = t.add(
            Kernel::new(
                "mod",
                "ours/prehashed".into(),
                Some(format!("N{n}")),
                move || {
                    let ours = Mod::new(servers(n)?);
                    Ok(lookup(batch_keys(), move |key| ours.locate(key).0))
                },
            )
            .per_call(true)
            .in_wasm_table(label.clone(), Some(WasmGoal::Lookup)),
        );
        t.row(Row::solo(Section::ModAndLayouts, label, &ours));
    }
}

/// The ID layout kernels, over the batch keys read as Pinterest IDs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LayoutWork {
    Compose,
    Decompose,
    ParseId,
}

impl LayoutWork {
    const ALL: [LayoutWork; 3] = [
        LayoutWork::Compose,
        LayoutWork::Decompose,
        LayoutWork::ParseId,
    ];

    fn name(self) -> &'static str {
        match self {
            LayoutWork::Compose => "compose",
            LayoutWork::Decompose => "decompose",
            LayoutWork::ParseId => "parse_id",
        }
    }

    fn set_up(self) -> Result<Timed, String> {
        use std::hint::black_box;
        let layout = BitLayout::preset("pinterest").map_err(|e| e.to_string())?;
        let ids = batch_keys();
        let elements = ids.len() as u64;
        Ok(match self {
            LayoutWork::Compose => {
                let parts: Vec<Vec<u64>> = ids.iter().map(|&id| layout.decompose(id)).collect();
                for (id, fields) in ids.iter().zip(&parts) {
                    // The unused top bits are dropped by decompose, so compose gives the masked
                    // ID back.
                    if layout.compose(fields).ok() != Some(id & !layout.unused_top_mask()) {
                        return Err(format!("compose does not invert decompose for {id}"));
                    }
                }
                batch(elements, move || {
                    parts.iter().fold(0, |sum, fields| {
                        sum ^ layout.compose(black_box(fields)).unwrap_or(0)
                    })
                })
            }
            LayoutWork::Decompose => batch(elements, move || {
                ids.iter().fold(0, |sum, &id| {
                    sum ^ layout
                        .decompose(black_box(id))
                        .iter()
                        .fold(0u64, |a, &b| a.wrapping_add(b))
                })
            }),
            LayoutWork::ParseId => {
                let texts: Vec<String> = ids
                    .iter()
                    .enumerate()
                    .map(|(i, id)| match i % 3 {
                        0 => id.to_string(),
                        1 => format!("{id:#x}"),
                        _ => format!("\"{id}\""),
                    })
                    .collect();
                batch(elements, move || {
                    texts
                        .iter()
                        .fold(0, |sum, text| sum ^ parse_id(black_box(text)).unwrap_or(0))
                })
            }
        })
    }
}

fn layouts(t: &mut Table) {
    for work in LayoutWork::ALL {
        let name = work.name();
        let ours = t.add(
            Kernel::new("layout", format!("ours/{name}"), None, move || {
                work.set_up()
            })
            .in_wasm_table(name.into(), None),
        );
        t.row(Row::solo(Section::ModAndLayouts, name.into(), &ours));
    }
}

/// IDs in the pile the batch kernel reads: the largest paste the Decoder takes (issue 22 §3).
const PILE_IDS: usize = 100_000;

fn id_batches(t: &mut Table) {
    let label = "a pile of 100,000 Snowflake IDs (per ID)";
    let ours = t.add(
        Kernel::new("id_batch", "ours/100k-snowflake".into(), None, || {
            let layout = BitLayout::preset("snowflake").map_err(|e| e.to_string())?;
            let text = snowflake_pile(&layout)?;
            let read = BatchLayout::Bits(layout);
            let parsed = read_pile(&text, &read)?;
            if parsed != PILE_IDS as u64 {
                return Err(format!("the pile read {parsed} of its {PILE_IDS} IDs"));
            }
            Ok(batch(PILE_IDS as u64, move || {
                read_pile(std::hint::black_box(&text), &read).unwrap_or(0)
            }))
        })
        .flat()
        .in_wasm_table(label.into(), None),
    );
    t.row(Row::solo(Section::ModAndLayouts, label.into(), &ours));
}

/// A generator's output, one ID per line: 16 workers make 4 IDs each per millisecond, so the
/// pile is in time order with no duplicates, as a healthy fleet's log would be.
pub(crate) fn snowflake_pile(layout: &BitLayout) -> Result<String, String> {
    let mut text = String::with_capacity(PILE_IDS * 20);
    for i in 0..PILE_IDS as u64 {
        let values: Vec<u64> = layout
            .fields()
            .iter()
            .map(|field| match field.role {
                FieldRole::Timestamp => (i / 64).saturating_add(300_000_000_000),
                FieldRole::Worker => (i / 4) % 16,
                FieldRole::Sequence => i % 4,
                FieldRole::Reserved
                | FieldRole::Shard
                | FieldRole::Type
                | FieldRole::Local
                | FieldRole::Other => 0,
            })
            .collect();
        let id = layout.compose(&values).map_err(|e| e.to_string())?;
        text.push_str(&id.to_string());
        text.push('\n');
    }
    Ok(text)
}

/// Reads the pile as the Decoder does (checks, duplicates, order, sequence gaps, counts per
/// worker) in one go; returns how many IDs it read.
fn read_pile(text: &str, layout: &BatchLayout) -> Result<u64, String> {
    let run = BatchRun::new(text, layout, &IdSource::Lines).map_err(|e| e.to_string())?;
    Ok(run.finish().parsed)
}

/// Counts `keys` per server by `owner`, and folds the counts into a checksum.
fn place_keys(keys: &[u64], owner: impl Fn(u64) -> u32) -> u64 {
    let mut counts = vec![0u32; PLACE_SERVERS as usize];
    for &key in keys {
        if let Some(count) = counts.get_mut(owner(std::hint::black_box(key)) as usize) {
            *count = count.wrapping_add(1);
        }
    }
    counts.iter().zip(1u64..).fold(0u64, |sum, (&count, i)| {
        sum.wrapping_add(u64::from(count).wrapping_mul(i))
    })
}

fn placement(t: &mut Table) {
    let label = "place 1 M keys, N = 100, V = 256";
    let variant = "1M-keys-N100-V256";
    let ours = t.add(
        Kernel::new("place", format!("ours/{variant}"), None, || {
            let ring = ring(PLACE_SERVERS, PLACE_VNODES)?;
            let million = keys(PLACE_KEYS);
            Ok(batch(PLACE_KEYS as u64, move || {
                place_keys(&million, |key| ring.locate(key).0)
            }))
        })
        .flat()
        .in_wasm_table(label.into(), None),
    );
    let peer = t.add(
        Kernel::new("place", format!("hashring/{variant}"), None, || {
            let peer = hashring_on_our_points(&ring(PLACE_SERVERS, PLACE_VNODES)?);
            let million = keys(PLACE_KEYS);
            Ok(batch(PLACE_KEYS as u64, move || {
                place_keys(&million, |key| peer.get(&key).map_or(0, |p| p.server.0))
            }))
        })
        .flat(),
    );
    t.row(Row::race(Section::Placement, label.into(), &ours, &peer, "hashring").in_wasm(""));

    for experiment in Experiment::ALL {
        let ours = t.add(
            Kernel::new(
                "experiment",
                format!("ours/{}", experiment.variant()),
                None,
                move || experiment.set_up(),
            )
            .flat()
            .in_wasm_table(experiment.short_label().into(), None),
        );
        t.row(Row::solo(
            Section::Placement,
            experiment.label().into(),
            &ours,
        ));
    }
}

/// The experiments over 100,000 keys of the core's seeded `KeyStream` on the placement ring,
/// ours alone; generating the keys is part of the time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Experiment {
    /// 100 → 101 servers.
    Movement,
    Balance,
}

impl Experiment {
    const ALL: [Experiment; 2] = [Experiment::Movement, Experiment::Balance];

    fn variant(self) -> &'static str {
        match self {
            Experiment::Movement => "movement-100k-keys-N100to101-V256",
            Experiment::Balance => "balance-100k-keys-N100-V256",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Experiment::Movement => "movement, 100 k keys, N = 100 → 101, V = 256",
            Experiment::Balance => "balance, 100 k keys, N = 100, V = 256",
        }
    }

    /// Its label in the wasm ÷ native table.
    fn short_label(self) -> &'static str {
        match self {
            Experiment::Movement => "movement, 100 k keys",
            Experiment::Balance => "balance, 100 k keys",
        }
    }

    fn set_up(self) -> Result<Timed, String> {
        use std::hint::black_box;
        let ring = ring(PLACE_SERVERS, PLACE_VNODES)?;
        match self {
            Experiment::Movement => {
                let after = servers(PLACE_SERVERS)?
                    .grown(1)
                    .map_err(|e| e.to_string())?;
                let after = Ring::new(after, PLACE_VNODES).map_err(|e| e.to_string())?;
                movement(&ring, &after, EXPERIMENT_KEYS, 1).map_err(|e| e.to_string())?;
                Ok(batch(EXPERIMENT_KEYS, move || {
                    movement(&ring, &after, black_box(EXPERIMENT_KEYS), 1)
                        .map_or(0, |result| result.moved)
                }))
            }
            Experiment::Balance => {
                balance(&ring, EXPERIMENT_KEYS, 1).map_err(|e| e.to_string())?;
                Ok(batch(EXPERIMENT_KEYS, move || {
                    balance(&ring, black_box(EXPERIMENT_KEYS), 1).map_or(0, |stats| stats.max)
                }))
            }
        }
    }
}

fn simulator(t: &mut Table) {
    let des = t.add(
        Kernel::new("sim", "ours/des-pinterest".into(), None, || {
            des_kernel(DES_USERS, DES_SECONDS)
        })
        .flat()
        .in_wasm_table(
            "DES, pinterest, 4,000 users, 20 s (per event)".into(),
            Some(WasmGoal::Simulator),
        ),
    );
    let long_run = t.add(
        Kernel::new("sim", "ours/des-pinterest-60s".into(), None, || {
            des_kernel(pinterest()?.user_count(), LONG_RUN_SECONDS)
        })
        .flat()
        .targets(Targets::Wasm),
    );
    let estimate_id = t.add(
        Kernel::new("sim", "ours/estimate-pinterest".into(), None, || {
            let design = pinterest()?;
            estimate(&design, DES_USERS).map_err(|e| e.to_string())?;
            Ok(batch(1, move || {
                estimate(
                    std::hint::black_box(&design),
                    std::hint::black_box(DES_USERS),
                )
                .map_or(0, |answer| answer.outcome.p95_ms.to_bits())
            }))
        })
        .flat()
        .in_wasm_table("`estimate`, pinterest".into(), Some(WasmGoal::Simulator)),
    );
    t.simulator = Simulator {
        des,
        long_run,
        estimate: estimate_id,
    };
}

/// A DES run of the pinterest preset (building the simulation is part of a run); its elements
/// are the run's events.
fn des_kernel(users: u32, seconds: f64) -> Result<Timed, String> {
    let design = pinterest()?;
    let events = des_events(&design, users, seconds)?;
    Ok(batch(events, move || {
        des_events(&design, users, seconds).unwrap_or(0)
    }))
}

/// Runs the DES to the end and returns its event count.
fn des_events(design: &Design, users: u32, seconds: f64) -> Result<u64, String> {
    let mut sim = Simulation::new(design, users, std::hint::black_box(1), seconds)
        .map_err(|e| e.to_string())?;
    while !sim.step(1 << 20).is_done() {}
    Ok(sim.report().events)
}

fn pinterest() -> Result<Design, String> {
    preset("pinterest")
        .map(|p| p.design)
        .ok_or_else(|| "no pinterest preset".to_owned())
}

/// The first `count` keys of the seeded benchmark stream.
pub fn keys(count: usize) -> Vec<u64> {
    KeyStream::new(KEY_SEED).take_keys(count as u64).collect()
}

/// The batch keys of every lookup kernel.
fn batch_keys() -> Vec<u64> {
    keys(BATCH)
}

fn servers(count: u32) -> Result<ServerList, String> {
    ServerList::uniform(count).map_err(|e| e.to_string())
}

fn ring(n: u32, v: u32) -> Result<Ring, String> {
    Ring::new(servers(n)?, v).map_err(|e| e.to_string())
}

fn maglev(n: u32) -> Result<Maglev, String> {
    Maglev::new(servers(n)?, MAGLEV_SLOTS).map_err(|e| e.to_string())
}

fn multi_probe(n: u32) -> Result<MultiProbe, String> {
    MultiProbe::new(servers(n)?, MULTI_PROBES).map_err(|e| e.to_string())
}

/// Checks, over the batch keys, that a peer names the same server as ours: `answers(key)` gives
/// (the peer's, ours).
fn agree(peer: &str, answers: impl Fn(u64) -> (Option<u32>, u32)) -> Result<(), String> {
    for key in batch_keys() {
        let (theirs, ours) = answers(key);
        if theirs != Some(ours) {
            return Err(format!("{peer} disagrees with ours on key {key}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{
        agree, multi_probe, ring, same_circle, Experiment, JumpHash, LayoutWork, RingHash,
    };

    /// The check that guards every same-function race refuses a peer that names another server
    /// for a single key, or none.
    #[test]
    fn agree_refuses_a_peer_that_differs_on_one_key() {
        assert_eq!(agree("peer", |key| (Some(key as u32), key as u32)), Ok(()));
        let odd_one = super::batch_keys()[100];
        let error = agree("peer", |key| {
            let ours = key as u32;
            let theirs = if key == odd_one {
                ours.wrapping_add(1)
            } else {
                ours
            };
            (Some(theirs), ours)
        })
        .expect_err("one key differs");
        assert_eq!(error, format!("peer disagrees with ours on key {odd_one}"));
        assert!(agree("peer", |_| (None, 0)).is_err());
    }

    /// The multi-probe peer is given a ring of one point per server; the check refuses one that is
    /// not multi-probe's own circle.
    #[test]
    fn same_circle_refuses_another_circle() {
        let ours = multi_probe(10).expect("multi-probe");
        assert_eq!(same_circle(&ours, &ring(10, 1).expect("ring")), Ok(()));
        assert!(same_circle(&ours, &ring(11, 1).expect("ring")).is_err());
        assert!(same_circle(&ours, &ring(10, 2).expect("ring")).is_err());
    }

    #[test]
    fn all_lists_every_ring_hash_once() {
        shardlab_core::assert_lists_every_variant!(RingHash, RingHash::ALL, [PreHashed, Sip, Md5]);
    }

    #[test]
    fn all_lists_every_jump_hash_once() {
        shardlab_core::assert_lists_every_variant!(JumpHash, JumpHash::ALL, [PreHashed, Sip13]);
    }

    #[test]
    fn all_lists_every_layout_work_once() {
        shardlab_core::assert_lists_every_variant!(
            LayoutWork,
            LayoutWork::ALL,
            [Compose, Decompose, ParseId]
        );
    }

    #[test]
    fn all_lists_every_experiment_once() {
        shardlab_core::assert_lists_every_variant!(
            Experiment,
            Experiment::ALL,
            [Movement, Balance]
        );
    }
}
