//! The "Limits" tables of issue 7: pure computation, no timing.
//!
//! Prints one tab-separated line per measurement, read by `cargo xtask bench`:
//!
//! - `shardlab-limit  movement  <scheme>  <before>  <after>  <moved fraction>  <ideal 1/(N+1)>`
//!   over 200,000 keys (seed 1), through `placement::place`, for every scheme in `SCHEME_NAMES`
//!   (the ring with the default V);
//! - `shardlab-limit  ring-spread  <V>  <servers>  <salts>  <mean σ/mean>  <1/√V>`: the σ/mean of
//!   the exact ring shares (`Ring::shares`) of 100 equal servers, averaged over 10 salts;
//! - `shardlab-limit  des-erlang-c  <ρ>  <servers>  <requests>  <DES p99 ms>  <Erlang C p99 ms>
//!   <DES mean ms>  <Erlang C mean ms>`: the App Server tier alone as an M/M/c queue
//!   (`sim::erlang_c_table`: 8 cores, 0.5 ms mean service, about 1 M requests, seed 42).
#![allow(clippy::expect_used, clippy::unwrap_used)]

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::movement();
    native::ring_spread();
    native::des_against_erlang_c();
}

/// Limits are computed natively only.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use shardlab_core::placement::{
        place, Ring, SchemeSpec, ServerList, DEFAULT_VNODES, SCHEME_NAMES,
    };
    use shardlab_core::sim::erlang_c_table;

    const MOVEMENT_KEYS: u64 = 200_000;
    const MOVEMENT_SEED: u64 = 1;
    const CHANGES: [u32; 3] = [4, 10, 100];
    const SPREAD_SERVERS: u32 = 100;
    const SPREAD_SALTS: u64 = 10;

    pub fn movement() {
        for name in SCHEME_NAMES {
            let spec = SchemeSpec::from_name(name, DEFAULT_VNODES).expect("a known scheme");
            for n in CHANGES {
                let before = ServerList::uniform(n).expect("servers");
                let after = before.grown(1).expect("one more server");
                let report =
                    place(&spec, &before, &after, MOVEMENT_KEYS, MOVEMENT_SEED).expect("placement");
                println!(
                    "shardlab-limit\tmovement\t{name}\t{n}\t{}\t{}\t{}",
                    n + 1,
                    report.moved_fraction,
                    report.ideal_fraction
                );
            }
        }
    }

    pub fn ring_spread() {
        for v in [10u32, 100, 1_000] {
            let mut total = 0.0;
            for salt in 0..SPREAD_SALTS {
                let servers = ServerList::uniform(SPREAD_SERVERS).expect("servers");
                let ring = Ring::with_salt(servers, v, salt).expect("ring");
                let shares: Vec<f64> = ring.shares().iter().map(|s| s.share).collect();
                let count = shares.len() as f64;
                let mean = shares.iter().sum::<f64>() / count;
                let variance = shares.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / count;
                total += variance.sqrt() / mean;
            }
            println!(
                "shardlab-limit\tring-spread\t{v}\t{SPREAD_SERVERS}\t{SPREAD_SALTS}\t{}\t{}",
                total / SPREAD_SALTS as f64,
                1.0 / f64::from(v).sqrt()
            );
        }
    }

    /// The App Server tier alone against Erlang C, through the same `erlang_c_table` the core's
    /// release tests check (`sim::reference`).
    pub fn des_against_erlang_c() {
        for row in erlang_c_table().expect("the reference queue runs") {
            println!(
                "shardlab-limit\tdes-erlang-c\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                row.rho,
                row.servers,
                row.requests,
                row.des_p99_ms,
                row.erlang_p99_ms,
                row.des_mean_ms,
                row.erlang_mean_ms
            );
        }
    }
}
