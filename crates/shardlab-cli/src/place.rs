//! `shardlab place`: how many keys move when servers are added or removed, and the balance before
//! and after; then the literature's metric set of the scheme over the same keys
//! ([`scheme_metrics`]: balance, resize balance, monotonicity and the moved share against the
//! least, each for one server added and one removed, and the state kept per server). Lookup time
//! is a timing the core does not take: BENCHMARKS.md has it (`cargo xtask bench`).

use clap::{ArgGroup, Args};
use serde::Serialize;
use shardlab_core::placement::{
    check_metrics_budget, check_place_budget, place_under, scheme_metrics, Balance, LoadSummary,
    OverBudget, PlaceReport, Popularity, ResizeMetrics, SchemeMetrics, SchemeSpec,
    MAX_DIRECTORY_KEYS, MAX_PLACE_KEYS, MAX_PROBE_LOOKUPS, MAX_RENDEZVOUS_SCORES,
};
use shardlab_core::text::thousands;

use shardlab_core::text::percent;

use crate::output::{CliError, Report};
use crate::scheme_arg::SchemeArgs;

/// `shardlab place --scheme S --servers N (--add K | --remove K) --keys M [--vnodes V] [--seed X]
/// [--zipf S] [--no-metrics]`
#[derive(Args, Debug, Clone)]
#[command(group(ArgGroup::new("change").required(true).args(["add", "remove"])))]
pub struct PlaceArgs {
    #[command(flatten)]
    scheme: SchemeArgs,

    /// Add K servers (numbered after the last).
    #[arg(long, value_name = "K")]
    add: Option<u64>,

    /// Remove the last K servers (at least one must remain).
    #[arg(long, value_name = "K")]
    remove: Option<u64>,

    /// How many keys to place (1 … 10,000,000), drawn from the seed.
    #[arg(long, value_name = "M")]
    keys: u64,

    /// The seed of the keys (and so of the result): the same seed gives the same numbers.
    #[arg(long, value_name = "X", default_value_t = 1)]
    seed: u64,

    /// Key popularity: draw as many requests as keys, rank k with probability ∝ k^-S
    /// (0 < S ≤ 3), and report the request load per server too.
    #[arg(long, value_name = "S")]
    zipf: Option<f64>,

    /// Leave out the scheme's metrics (balance, resize balance, monotonicity, moved against the
    /// least and memory per server, for one server added and one removed), which place the keys
    /// through two more changes; lookup time is in BENCHMARKS.md, not here.
    #[arg(long)]
    no_metrics: bool,
}

/// What `place --json` prints: the change's report, and the scheme's metrics unless
/// `--no-metrics`.
#[derive(Serialize)]
struct PlaceOutput {
    #[serde(flatten)]
    report: PlaceReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    metrics: Option<SchemeMetrics>,
}

/// Runs `place`.
pub fn run(args: &PlaceArgs) -> Result<Report, CliError> {
    let choice = args.scheme.resolve()?;
    let before = choice.servers;
    let count = before.len();
    let after = match (args.add, args.remove) {
        (Some(add), None) => {
            let add = change_count(add, "--add")?;
            before.grown(add).map_err(CliError::from_display)?
        }
        (None, Some(remove)) => {
            let remove = change_count(remove, "--remove")?;
            if usize::try_from(remove).map_or(true, |remove| remove >= count) {
                return Err(CliError::new(format!(
                    "--remove {remove} would leave no server out of {count}; remove at most {}",
                    count.saturating_sub(1)
                )));
            }
            before.shrunk(remove).map_err(CliError::from_display)?
        }
        // clap's group makes exactly one of them present.
        _ => return Err(CliError::new("give exactly one of --add K and --remove K")),
    };
    let popularity = args
        .zipf
        .map(Popularity::zipf)
        .transpose()
        .map_err(|why| CliError::new(format!("--zipf is refused. {why}")))?;
    let requests = if popularity.is_some() { args.keys } else { 0 };
    check_keys(
        args.keys,
        requests,
        &choice.spec,
        before.len().saturating_add(after.len()),
    )?;
    // Checked before any work, so a refusal costs nothing.
    if !args.no_metrics {
        check_metrics_budget(&choice.spec, args.keys, before.len()).map_err(|why| {
            CliError::new(format!("{why} Or leave the metrics out with --no-metrics."))
        })?;
    }
    let report = place_under(
        &choice.spec,
        &before,
        &after,
        args.keys,
        args.seed,
        popularity,
    )
    .map_err(CliError::from_display)?;
    let metrics = if args.no_metrics {
        None
    } else {
        Some(
            scheme_metrics(&choice.spec, &before, args.keys, args.seed)
                .map_err(CliError::from_display)?,
        )
    };
    let mut text = text(&report, args.seed);
    if let Some(metrics) = &metrics {
        text.push('\n');
        text.push_str(&metrics_table(metrics));
    }
    Report::new(&PlaceOutput { report, metrics }, text)
}

/// The metrics as a short table: a row for the N servers, one per change, then memory.
fn metrics_table(metrics: &SchemeMetrics) -> String {
    let count = |n: usize| thousands(u64::try_from(n).unwrap_or(u64::MAX));
    let fair = if metrics.balance.weight_normalised {
        "fair"
    } else {
        "mean"
    };
    let balance = |b: &Balance| format!("{:>8.3} {:>8.3}", b.max_over_fair, b.stddev_over_fair);
    let change = |label: String, change: &ResizeMetrics| {
        let ratio = change
            .moved_over_minimum
            .map_or_else(|| "-".to_owned(), |r| format!("{r:.2}×"));
        format!(
            "{label:<16}{} {:>8} {:>8} {:>7} {:>9}",
            balance(&change.balance),
            percent(change.moved_fraction),
            percent(change.minimum_fraction),
            ratio,
            percent(change.monotonicity.fraction)
        )
    };
    let mut rows = vec![
        format!(
            "metrics over {} servers, {} keys (lookup time is in BENCHMARKS.md):",
            count(metrics.servers),
            thousands(metrics.keys)
        ),
        format!(
            "{:<16}{:>8} {:>8} {:>8} {:>8} {:>7} {:>9}",
            "",
            format!("max/{fair}"),
            format!("σ/{fair}"),
            "moved",
            "least",
            "×least",
            "non-mono"
        ),
        format!(
            "{:<16}{}",
            format!("{} servers", count(metrics.servers)),
            balance(&metrics.balance)
        ),
    ];
    rows.extend(
        metrics
            .add_one
            .iter()
            .map(|add| change(format!("add one ({})", count(add.servers_after)), add)),
    );
    rows.extend(metrics.remove_one.iter().map(|remove| {
        change(
            format!("remove one ({})", count(remove.servers_after)),
            remove,
        )
    }));
    rows.extend(metrics.unmeasured.iter().cloned());
    rows.push(format!(
        "memory: {} bytes per server ({} bytes of state in all)",
        thousands(metrics.state_bytes_per_server.round() as u64),
        thousands(metrics.state_bytes)
    ));
    rows.join("\n")
}

/// `--add` or `--remove` as a server count of at least 1.
fn change_count(value: u64, flag: &str) -> Result<u32, CliError> {
    match u32::try_from(value) {
        Ok(count) if count >= 1 => Ok(count),
        Ok(_) => Err(CliError::new(format!(
            "{flag} must be at least 1: a change of no servers moves nothing"
        ))),
        Err(_) => Err(CliError::new(format!(
            "{flag} {} is more servers than shardlab supports (at most 10,000)",
            thousands(value)
        ))),
    }
}

/// Keys within 1 ..= `MAX_PLACE_KEYS`, and within what the chosen scheme can do in seconds.
fn check_keys(
    keys: u64,
    requests: u64,
    spec: &SchemeSpec,
    server_slots: usize,
) -> Result<(), CliError> {
    let slots = u64::try_from(server_slots).unwrap_or(u64::MAX);
    check_place_budget(spec, keys, requests, slots).map_err(|over| {
        CliError::new(match over {
            OverBudget::Keys { keys } => format!(
                "--keys must be 1 … {}, but it is {}",
                thousands(MAX_PLACE_KEYS),
                thousands(keys)
            ),
            OverBudget::RendezvousScores { keys, server_slots } => format!(
                "rendezvous scores every server for every key, before and after the change: {} keys × {} scores is over {}; use fewer keys or servers",
                thousands(keys),
                thousands(server_slots),
                thousands(MAX_RENDEZVOUS_SCORES)
            ),
            OverBudget::ProbeLookups { lookups, probes } => format!(
                "multi-probe hashes every key {probes} times, before and after the change: {} lookups × {probes} probes × 2 is over {}; use fewer keys or probes",
                thousands(lookups),
                thousands(MAX_PROBE_LOOKUPS)
            ),
            OverBudget::DirectoryEntries { .. } => format!(
                "a directory holds one entry per key; use at most {} keys with --scheme directory",
                thousands(MAX_DIRECTORY_KEYS)
            ),
        })
    })
}

/// "moved 19.8 % of 200,000 keys (ideal 20.0 %)" and the balance on both sides.
fn text(report: &PlaceReport, seed: u64) -> String {
    let load = |label: &str, servers: usize, summary: &LoadSummary| {
        format!(
            "load {label} ({} servers): max/mean {:.3}, σ/mean {:.3}",
            thousands(u64::try_from(servers).unwrap_or(u64::MAX)),
            summary.max_over_mean,
            summary.stddev_over_mean
        )
    };
    [
        format!(
            "{}: {} → {} servers, {} keys from seed {seed}",
            report.scheme,
            thousands(u64::try_from(report.servers_before).unwrap_or(u64::MAX)),
            thousands(u64::try_from(report.servers_after).unwrap_or(u64::MAX)),
            thousands(report.keys)
        ),
        format!(
            "moved {} of {} keys (ideal {})",
            percent(report.moved_fraction),
            thousands(report.keys),
            percent(report.ideal_fraction)
        ),
        format!("{} keys changed server", thousands(report.moved)),
        format!(
            "{} keys moved between servers that stayed ({} of the keys; a monotone scheme moves none)",
            thousands(report.monotonicity.violations),
            percent(report.monotonicity.fraction)
        ),
        load("before", report.servers_before, &report.load_before),
        load("after", report.servers_after, &report.load_after),
        format!("resize balance (max over fair share after): {:.3}", report.resize_balance),
    ]
    .into_iter()
    .chain(report.requests.iter().flat_map(|requests| {
        [
            format!(
                "{} requests, Zipf s = {}: request load before max/mean {:.3}, σ/mean {:.3}",
                thousands(requests.requests),
                requests.zipf,
                requests.load_before.max_over_mean,
                requests.load_before.stddev_over_mean
            ),
            format!(
                "request load after: max/mean {:.3}, σ/mean {:.3}",
                requests.load_after.max_over_mean, requests.load_after.stddev_over_mean
            ),
        ]
    }))
    .collect::<Vec<_>>()
    .join("\n")
}
