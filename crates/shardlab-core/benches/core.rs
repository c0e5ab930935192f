//! The native benchmarks of issue 7: our kernels and the peer crates, side by side in one binary.
//!
//! Every contender in a group gets the same keys (1,024 `u64` keys from the core's own
//! `KeyStream`, seed 7), the same build profile (`[profile.bench]`) and criterion's warm-up before
//! the timed samples. A lookup benchmark times one batch of 1,024 lookups; `cargo xtask bench`
//! divides by 1,024 for the per-lookup figure.
//!
//! What each ring race compares (the hash must not decide it):
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
//! Jump and rendezvous compute the same function as their peers when fed the same hash, so those
//! results are asserted equal before anything is timed.
//!
//! `SHARDLAB_BENCH_QUICK=1` (set by `cargo xtask bench --quick`) shortens warm-up and measurement.
#![allow(clippy::expect_used, clippy::unwrap_used)]

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(native::benches);

/// Benchmarks run natively only; the wasm figures come from the bench page (issue 7, part 2).
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::hash::BuildHasher;
    use std::hint::black_box;
    use std::num::NonZeroU32;
    use std::time::Duration;

    use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
    use shardlab_core::layout::{parse_id, BitLayout};
    use shardlab_core::placement::{
        balance, jump_bucket, movement, KeyStream, Mod, Placement, PointIndex, Rendezvous, Ring,
        ServerList,
    };
    use shardlab_core::sim::{estimate, preset, Simulation};
    use shardlab_core::stepped::Stepped;
    use shardlab_peers::{
        conhash_md5, hashring, hashring_on_our_points, hashring_sip, jumphash, md5_u64,
        rendezvous_hash, sip_jump_key, PassThrough, Xxh3NodeHasher, JUMP_SIP_KEYS,
    };

    /// Keys per timed batch.
    const BATCH: usize = 1_024;
    /// The seed of the benchmark keys.
    const KEY_SEED: u64 = 7;
    /// Server counts of the lookup races.
    const SERVER_COUNTS: [u32; 3] = [10, 100, 1_000];
    /// Vnodes per server of the ring races.
    const VNODE_COUNTS: [u32; 2] = [100, 256];
    /// Users and seconds of the DES run on the `pinterest` preset.
    const DES_USERS: u32 = 4_000;
    const DES_SECONDS: f64 = 20.0;

    criterion::criterion_group! {
        name = benches;
        config = config();
        targets = layout, lookups, experiments, simulator
    }

    fn quick() -> bool {
        std::env::var_os("SHARDLAB_BENCH_QUICK").is_some_and(|v| v == "1")
    }

    fn config() -> Criterion {
        // Quick mode (`cargo xtask bench --quick`) must finish within minutes with ~70 benchmarks,
        // so each gets a short warm-up and 10 samples (criterion's least); a full run takes 30.
        // The tables use the mean's point estimate only, not criterion's bootstrapped confidence
        // intervals, so quick mode also bootstraps with fewer resamples (analysis time per
        // benchmark, not measurement).
        let (warm_up_ms, measurement_ms, samples, resamples) = if quick() {
            (100, 300, 10, 10_000)
        } else {
            (1_000, 3_000, 30, 100_000)
        };
        // The xtask writes these settings into the report's header.
        println!("shardlab-bench\tconfig\t{warm_up_ms}\t{measurement_ms}\t{samples}");
        Criterion::default()
            .without_plots()
            .warm_up_time(Duration::from_millis(warm_up_ms))
            .measurement_time(Duration::from_millis(measurement_ms))
            .sample_size(samples)
            .nresamples(resamples)
    }

    fn keys(count: usize) -> Vec<u64> {
        KeyStream::new(KEY_SEED).take_keys(count as u64).collect()
    }

    fn servers(count: u32) -> ServerList {
        ServerList::uniform(count).expect("a valid server count")
    }

    fn layout(c: &mut Criterion) {
        let layout = BitLayout::preset("pinterest").expect("pinterest layout");
        let ids = keys(BATCH);
        let parts: Vec<Vec<u64>> = ids.iter().map(|&id| layout.decompose(id)).collect();
        for (id, fields) in ids.iter().zip(&parts) {
            // The unused top bits are dropped by decompose, so compose gives the masked ID back.
            let masked = id & !layout.unused_top_mask();
            assert_eq!(layout.compose(fields).expect("valid fields"), masked);
        }
        let texts: Vec<String> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| match i % 3 {
                0 => id.to_string(),
                1 => format!("{id:#x}"),
                _ => format!("\"{id}\""),
            })
            .collect();
        let mut group = c.benchmark_group("layout");
        group.throughput(Throughput::Elements(BATCH as u64));
        group.bench_function("ours/compose", |b| {
            b.iter(|| {
                let mut sum = 0u64;
                for fields in &parts {
                    sum ^= layout.compose(black_box(fields)).unwrap_or(0);
                }
                sum
            });
        });
        group.bench_function("ours/decompose", |b| {
            b.iter(|| {
                let mut sum = 0u64;
                for &id in &ids {
                    sum ^= layout.decompose(black_box(id)).iter().sum::<u64>();
                }
                sum
            });
        });
        group.bench_function("ours/parse_id", |b| {
            b.iter(|| {
                let mut sum = 0u64;
                for text in &texts {
                    sum ^= parse_id(black_box(text)).unwrap_or(0);
                }
                sum
            });
        });
        group.finish();
    }

    fn lookups(c: &mut Criterion) {
        let keys = keys(BATCH);
        let key_bytes: Vec<[u8; 8]> = keys.iter().map(|k| k.to_le_bytes()).collect();
        ring_races(c, &keys, &key_bytes);
        ring_construction(c);
        jump_races(c, &keys);
        rendezvous_races(c, &keys);
        mod_lookups(c, &keys);
    }

    /// Building a ring, which the Ring view does on every edit, and the share of it that goes to
    /// the lookup index. Per vnode; not part of BENCHMARKS.md's tables.
    fn ring_construction(c: &mut Criterion) {
        let mut group = c.benchmark_group("ring-build");
        for n in SERVER_COUNTS {
            for v in VNODE_COUNTS {
                let case = format!("N{n}-V{v}");
                group.throughput(Throughput::Elements(u64::from(n) * u64::from(v)));
                group.bench_function(BenchmarkId::new("ours/ring", &case), |b| {
                    b.iter(|| Ring::new(servers(black_box(n)), v).expect("ring"));
                });
                let ring = Ring::new(servers(n), v).expect("ring");
                group.bench_function(BenchmarkId::new("ours/index-only", &case), |b| {
                    b.iter(|| PointIndex::new(black_box(ring.points())));
                });
            }
        }
        group.finish();
    }

    fn ring_races(c: &mut Criterion, keys: &[u64], key_bytes: &[[u8; 8]]) {
        let mut group = c.benchmark_group("ring");
        group.throughput(Throughput::Elements(BATCH as u64));
        for n in SERVER_COUNTS {
            for v in VNODE_COUNTS {
                let case = format!("N{n}-V{v}");
                let ring = Ring::new(servers(n), v).expect("ring");

                // Pre-hashed: hashring over our very points, with a pass-through hasher.
                let same_points = hashring_on_our_points(&ring);
                for &key in keys {
                    let peer = same_points.get(&key).expect("non-empty").server;
                    assert_eq!(peer, ring.locate(key), "hashring disagrees on our points");
                }
                group.bench_with_input(
                    BenchmarkId::new("ours/prehashed", &case),
                    keys,
                    |b, keys| {
                        b.iter(|| {
                            let mut sum = 0u32;
                            for &key in keys {
                                sum = sum.wrapping_add(ring.locate(black_box(key)).0);
                            }
                            sum
                        });
                    },
                );
                group.bench_with_input(
                    BenchmarkId::new("hashring/prehashed", &case),
                    keys,
                    |b, keys| {
                        b.iter(|| {
                            let mut sum = 0u32;
                            for key in keys {
                                let owner =
                                    same_points.get(black_box(key)).map_or(0, |p| p.server.0);
                                sum = sum.wrapping_add(owner);
                            }
                            sum
                        });
                    },
                );

                // SipHash-2-4 on both sides.
                let sip_ring = hashring_sip(n, v);
                group.bench_with_input(BenchmarkId::new("ours/siphash", &case), keys, |b, keys| {
                    b.iter(|| {
                        let mut sum = 0u32;
                        for key in keys {
                            let hash = hashring::DefaultHashBuilder.hash_one(black_box(key));
                            sum = sum.wrapping_add(ring.locate(hash).0);
                        }
                        sum
                    });
                });
                group.bench_with_input(
                    BenchmarkId::new("hashring/siphash", &case),
                    keys,
                    |b, keys| {
                        b.iter(|| {
                            let mut sum = 0u32;
                            for key in keys {
                                let owner = sip_ring.get(black_box(key)).map_or(0, |p| p.server);
                                sum = sum.wrapping_add(owner);
                            }
                            sum
                        });
                    },
                );

                // MD5 on both sides.
                let md5_ring = conhash_md5(n, v);
                group.bench_with_input(
                    BenchmarkId::new("ours/md5", &case),
                    key_bytes,
                    |b, key_bytes| {
                        b.iter(|| {
                            let mut sum = 0u32;
                            for bytes in key_bytes {
                                let hash = md5_u64(u64::from_le_bytes(*black_box(bytes)));
                                sum = sum.wrapping_add(ring.locate(hash).0);
                            }
                            sum
                        });
                    },
                );
                group.bench_with_input(
                    BenchmarkId::new("conhash/md5", &case),
                    key_bytes,
                    |b, key_bytes| {
                        b.iter(|| {
                            let mut sum = 0u32;
                            for bytes in key_bytes {
                                let owner = md5_ring.get(black_box(bytes)).map_or(0, |p| p.0);
                                sum = sum.wrapping_add(owner);
                            }
                            sum
                        });
                    },
                );
            }
        }
        group.finish();
    }

    fn jump_races(c: &mut Criterion, keys: &[u64]) {
        let mut group = c.benchmark_group("jump");
        group.throughput(Throughput::Elements(BATCH as u64));
        let identity = jumphash::CustomJumpHasher::new(PassThrough::default());
        let sip = jumphash::JumpHasher::new_with_keys(JUMP_SIP_KEYS.0, JUMP_SIP_KEYS.1);
        for n in SERVER_COUNTS {
            let case = format!("N{n}");
            let buckets = NonZeroU32::new(n).expect("non-zero");
            for &key in keys {
                assert_eq!(
                    jump_bucket(key, buckets),
                    identity.slot(&key, n),
                    "jump {key}"
                );
                assert_eq!(
                    jump_bucket(sip_jump_key(key), buckets),
                    sip.slot(&key, n),
                    "jump (SipHash-1-3) {key}"
                );
            }
            group.bench_with_input(
                BenchmarkId::new("ours/prehashed", &case),
                keys,
                |b, keys| {
                    b.iter(|| {
                        let mut sum = 0u32;
                        for &key in keys {
                            sum = sum.wrapping_add(jump_bucket(black_box(key), buckets));
                        }
                        sum
                    });
                },
            );
            group.bench_with_input(
                BenchmarkId::new("jumphash/prehashed", &case),
                keys,
                |b, keys| {
                    b.iter(|| {
                        let mut sum = 0u32;
                        for key in keys {
                            sum = sum.wrapping_add(identity.slot(black_box(key), n));
                        }
                        sum
                    });
                },
            );
            group.bench_with_input(
                BenchmarkId::new("ours/siphash13", &case),
                keys,
                |b, keys| {
                    b.iter(|| {
                        let mut sum = 0u32;
                        for &key in keys {
                            sum = sum
                                .wrapping_add(jump_bucket(sip_jump_key(black_box(key)), buckets));
                        }
                        sum
                    });
                },
            );
            group.bench_with_input(
                BenchmarkId::new("jumphash/siphash13", &case),
                keys,
                |b, keys| {
                    b.iter(|| {
                        let mut sum = 0u32;
                        for key in keys {
                            sum = sum.wrapping_add(sip.slot(black_box(key), n));
                        }
                        sum
                    });
                },
            );
        }
        group.finish();
    }

    fn rendezvous_races(c: &mut Criterion, keys: &[u64]) {
        let mut group = c.benchmark_group("rendezvous");
        group.throughput(Throughput::Elements(BATCH as u64));
        for n in SERVER_COUNTS {
            let case = format!("N{n}");
            let ours = Rendezvous::new(servers(n));
            let mut same_hash = rendezvous_hash::RendezvousNodes::new(Xxh3NodeHasher);
            let mut own_hash = rendezvous_hash::RendezvousNodes::default();
            for server in 0..n {
                same_hash.insert(rendezvous_hash::IdNode::new(server));
                own_hash.insert(rendezvous_hash::IdNode::new(server));
            }
            for &key in keys {
                let peer = same_hash.calc_candidates(&key).next().map(|node| **node);
                assert_eq!(peer, Some(ours.locate(key).0), "rendezvous {key}");
            }
            group.bench_with_input(BenchmarkId::new("ours/xxh3", &case), keys, |b, keys| {
                b.iter(|| {
                    let mut sum = 0u32;
                    for &key in keys {
                        sum = sum.wrapping_add(ours.locate(black_box(key)).0);
                    }
                    sum
                });
            });
            group.bench_with_input(
                BenchmarkId::new("rendezvous_hash/xxh3", &case),
                keys,
                |b, keys| {
                    b.iter(|| {
                        let mut sum = 0u32;
                        for key in keys {
                            let owner = same_hash.calc_candidates(black_box(key)).next();
                            sum = sum.wrapping_add(owner.map_or(0, |node| **node));
                        }
                        sum
                    });
                },
            );
            group.bench_with_input(
                BenchmarkId::new("rendezvous_hash/siphash13", &case),
                keys,
                |b, keys| {
                    b.iter(|| {
                        let mut sum = 0u32;
                        for key in keys {
                            let owner = own_hash.calc_candidates(black_box(key)).next();
                            sum = sum.wrapping_add(owner.map_or(0, |node| **node));
                        }
                        sum
                    });
                },
            );
        }
        group.finish();
    }

    fn mod_lookups(c: &mut Criterion, keys: &[u64]) {
        let mut group = c.benchmark_group("mod");
        group.throughput(Throughput::Elements(BATCH as u64));
        for n in SERVER_COUNTS {
            let ours = Mod::new(servers(n));
            group.bench_with_input(
                BenchmarkId::new("ours/prehashed", format!("N{n}")),
                keys,
                |b, keys| {
                    b.iter(|| {
                        let mut sum = 0u32;
                        for &key in keys {
                            sum = sum.wrapping_add(ours.locate(black_box(key)).0);
                        }
                        sum
                    });
                },
            );
        }
        group.finish();
    }

    fn experiments(c: &mut Criterion) {
        const PLACE_KEYS: usize = 1_000_000;
        const EXPERIMENT_KEYS: u64 = 100_000;
        let million = keys(PLACE_KEYS);
        let ring = Ring::new(servers(100), 256).expect("ring");
        let peer = hashring_on_our_points(&ring);
        let mut group = c.benchmark_group("place");
        group.sampling_mode(SamplingMode::Flat);
        group.throughput(Throughput::Elements(PLACE_KEYS as u64));
        group.bench_function("ours/1M-keys-N100-V256", |b| {
            b.iter(|| {
                let mut counts = vec![0u32; 100];
                for &key in &million {
                    let owner = ring.locate(black_box(key)).0 as usize;
                    if let Some(count) = counts.get_mut(owner) {
                        *count += 1;
                    }
                }
                counts
            });
        });
        group.bench_function("hashring/1M-keys-N100-V256", |b| {
            b.iter(|| {
                let mut counts = vec![0u32; 100];
                for key in &million {
                    let owner = peer.get(black_box(key)).map_or(0, |p| p.server.0) as usize;
                    if let Some(count) = counts.get_mut(owner) {
                        *count += 1;
                    }
                }
                counts
            });
        });
        group.finish();

        let before = servers(100);
        let after = before.grown(1).expect("grown");
        let ring_after = Ring::new(after, 256).expect("ring");
        let mut group = c.benchmark_group("experiment");
        group.sampling_mode(SamplingMode::Flat);
        group.throughput(Throughput::Elements(EXPERIMENT_KEYS));
        group.bench_function("ours/movement-100k-keys-N100to101-V256", |b| {
            b.iter(|| {
                movement(&ring, &ring_after, black_box(EXPERIMENT_KEYS), 1).expect("movement")
            });
        });
        group.bench_function("ours/balance-100k-keys-N100-V256", |b| {
            b.iter(|| balance(&ring, black_box(EXPERIMENT_KEYS), 1).expect("balance"));
        });
        group.finish();
    }

    fn simulator(c: &mut Criterion) {
        let design = preset("pinterest").expect("pinterest preset").design;
        let events = {
            let mut sim = Simulation::new(&design, DES_USERS, 1, DES_SECONDS).expect("simulation");
            while !sim.step(1 << 20).is_done() {}
            sim.report().events
        };
        // The xtask turns the mean time per run into events per second with this count.
        println!("shardlab-bench\tdes-events\t{events}");
        let mut group = c.benchmark_group("sim");
        group.sampling_mode(SamplingMode::Flat);
        group.throughput(Throughput::Elements(events));
        group.bench_function("ours/des-pinterest", |b| {
            b.iter(|| {
                let mut sim = Simulation::new(&design, DES_USERS, black_box(1), DES_SECONDS)
                    .expect("simulation");
                while !sim.step(1 << 20).is_done() {}
                sim.report().events
            });
        });
        group.throughput(Throughput::Elements(1));
        group.bench_function("ours/estimate-pinterest", |b| {
            b.iter(|| estimate(black_box(&design), black_box(DES_USERS)).expect("estimate"));
        });
        group.finish();
    }
}
