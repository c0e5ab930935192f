//! The native benchmarks of issue 7: criterion over every kernel of `shardlab-bench-kernels`'
//! table that runs natively, ours and the peer crates side by side in one binary.
//!
//! The kernels (ids, inputs, peers, checks) are defined in that table, once for this bench, the
//! wasm bench page and BENCHMARKS.md; this file only times them. Every contender gets the same
//! build profile (`[profile.bench]`) and criterion's warm-up before the timed samples. A lookup
//! benchmark times one batch of 1,024 lookups; criterion's throughput (the kernel's elements) gives
//! `cargo xtask bench` the per-lookup figure.
//!
//! Before timing, the bench prints two lines that `cargo xtask bench` reads: the criterion settings
//! (`shardlab-bench\tconfig\t…`) and the table's report layout (`shardlab-bench\tlayout\t<json>`).
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
    use std::time::Duration;

    use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
    use shardlab_bench_kernels::{table, Kernel};

    criterion::criterion_group! {
        name = benches;
        config = config();
        targets = kernels
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

    /// Every native kernel, one criterion group per run of kernels of the same group.
    fn kernels(c: &mut Criterion) {
        let table = table();
        // The xtask renders BENCHMARKS.md's rows from this.
        println!("shardlab-bench\tlayout\t{}", table.layout_json());
        let native: Vec<&Kernel> = table
            .kernels()
            .iter()
            .filter(|kernel| kernel.targets.native())
            .collect();
        for same_group in native.chunk_by(|a, b| a.group == b.group) {
            let Some(first) = same_group.first() else {
                continue;
            };
            let mut group = c.benchmark_group(first.group);
            for kernel in same_group {
                let timed = kernel.set_up().unwrap_or_else(|e| panic!("{e}"));
                group.throughput(Throughput::Elements(timed.elements));
                group.sampling_mode(if kernel.flat {
                    SamplingMode::Flat
                } else {
                    SamplingMode::Auto
                });
                let id = match &kernel.case {
                    Some(case) => BenchmarkId::new(kernel.function.as_str(), case),
                    None => BenchmarkId::from_parameter(kernel.function.as_str()),
                };
                group.bench_function(id, |b| b.iter(|| timed.run()));
            }
            group.finish();
        }
    }
}
