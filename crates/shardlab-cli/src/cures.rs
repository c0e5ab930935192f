//! `shardlab cures`: a hot key on a ring, and the cures for it compared on the same requests.

use clap::Args;
use serde::Serialize;
use shardlab_core::placement::{
    compare_cures, more_vnodes, Cure, CureComparison, CureSettings, LoadFactor, Popularity, Ring,
    ServerList, Workload, DEFAULT_SUB_KEYS, DEFAULT_VNODES, MAX_PLACE_KEYS, MAX_RING_POINTS,
};
use shardlab_core::text::{percent, thousands};

use crate::output::{CliError, Report};

/// `shardlab cures --servers N --zipf S [--vnodes V] [--keys M] [--requests R] [--load-factor C]
/// [--sub-keys K] [--seed X]`
#[derive(Args, Debug, Clone)]
pub struct CuresArgs {
    /// Servers on the ring, each of weight 1 (1 … 10,000).
    #[arg(long, value_name = "N")]
    servers: u32,

    /// Key popularity: rank k asked for with probability ∝ k^-S (0 is every key alike, at most 3).
    #[arg(long, value_name = "S")]
    zipf: f64,

    /// Vnodes per server (1 … 1000); the "more vnodes" row uses ten times as many, up to 1000.
    #[arg(long, value_name = "V", default_value_t = DEFAULT_VNODES)]
    vnodes: u32,

    /// Keys in the catalogue (rank 1 is the hottest).
    #[arg(long, value_name = "M", default_value_t = 100_000)]
    keys: u32,

    /// Requests drawn, the same ones for every cure (1 … 10,000,000 in all five rows).
    #[arg(long, value_name = "R", default_value_t = 20_000)]
    requests: u64,

    /// Bounded loads' c: no server serves more than ⌈c · requests / servers⌉ (at least 1).
    #[arg(long, value_name = "C", default_value_t = 1.25)]
    load_factor: f64,

    /// The sub-keys the hottest key is salted into (1 … 1000).
    #[arg(long, value_name = "K", default_value_t = DEFAULT_SUB_KEYS)]
    sub_keys: u32,

    /// The seed of the keys and the requests.
    #[arg(long, value_name = "X", default_value_t = 1)]
    seed: u64,
}

/// What `--json` prints: the settings and the comparison.
#[derive(Serialize)]
struct CuresReport<'a> {
    servers: u32,
    vnodes: u32,
    workload: &'a Workload,
    settings: CureSettings,
    #[serde(flatten)]
    comparison: &'a CureComparison,
    /// The least busiest ÷ mean any placement with one owner per key reaches.
    one_owner_floor: f64,
}

/// Runs `cures`.
pub fn run(args: &CuresArgs) -> Result<Report, CliError> {
    let popularity = Popularity::from_exponent(args.zipf)
        .map_err(|why| CliError::new(format!("--zipf is refused. {why}")))?;
    let load_factor = LoadFactor::new(args.load_factor)
        .map_err(|why| CliError::new(format!("--load-factor is refused. {why}")))?;
    // Five rows route the requests once each.
    let routed = args.requests.saturating_mul(Cure::ALL.len() as u64);
    if args.requests == 0 || routed > MAX_PLACE_KEYS {
        return Err(CliError::new(format!(
            "--requests must be 1 … {}: each of the five cures routes them all",
            thousands(
                MAX_PLACE_KEYS
                    .checked_div(Cure::ALL.len() as u64)
                    .unwrap_or(0)
            )
        )));
    }
    if args.keys == 0 {
        return Err(CliError::new("--keys must be at least 1"));
    }
    let servers = ServerList::uniform(args.servers).map_err(CliError::from_display)?;
    let ring = Ring::new(servers.clone(), args.vnodes).map_err(CliError::from_display)?;
    let more_per_server = more_vnodes(args.vnodes);
    let fits =
        u64::from(args.servers).saturating_mul(u64::from(more_per_server)) <= MAX_RING_POINTS;
    let more = if fits {
        Some(Ring::new(servers, more_per_server).map_err(CliError::from_display)?)
    } else {
        None
    };
    let workload = Workload {
        catalogue: args.keys,
        requests: args.requests,
        popularity,
        seed: args.seed,
    };
    let settings = CureSettings {
        load_factor,
        sub_keys: args.sub_keys,
    };
    let comparison =
        compare_cures(&ring, more.as_ref(), &workload, settings).map_err(CliError::from_display)?;
    let floor = comparison
        .hottest
        .one_owner_floor(usize::try_from(args.servers).unwrap_or(usize::MAX));
    let text = text(args, &comparison, floor);
    Report::new(
        &CuresReport {
            servers: args.servers,
            vnodes: args.vnodes,
            workload: &workload,
            settings,
            comparison: &comparison,
            one_owner_floor: floor,
        },
        text,
    )
}

/// The hot key, then a row per cure.
fn text(args: &CuresArgs, comparison: &CureComparison, floor: f64) -> String {
    let hot = &comparison.hottest;
    let mut lines = vec![
        format!(
            "{} requests over {} keys, Zipf s = {}, on {} servers × {} vnodes (seed {})",
            thousands(args.requests),
            thousands(u64::from(args.keys)),
            args.zipf,
            thousands(u64::from(args.servers)),
            args.vnodes,
            args.seed
        ),
        format!(
            "hottest key: {} requests ({}), owned by server {}; one owner per key leaves at least {floor:.3} × the mean",
            thousands(hot.requests),
            percent(hot.share),
            hot.owner.0
        ),
        format!(
            "{:<22} {:>13} {:>17} {:>13}",
            "cure", "busiest/mean", "served off-owner", "lookups/read"
        ),
    ];
    for row in &comparison.rows {
        let result = &row.result;
        let name = match row.cure {
            Cure::MoreVnodes => format!("more-vnodes ({})", row.vnodes),
            Cure::BoundedLoads => format!("bounded-loads (c {})", args.load_factor),
            Cure::Salted => format!("salted ({})", args.sub_keys),
            Cure::None | Cure::TwoChoices => row.cure.name().to_owned(),
        };
        lines.push(format!(
            "{name:<22} {:>13.3} {:>17} {:>13}",
            result.loads.max_over_mean,
            thousands(result.redirected),
            result.read_fan_out
        ));
    }
    if comparison.row(Cure::MoreVnodes).is_none() {
        lines.push(if more_vnodes(args.vnodes) == args.vnodes {
            format!(
                "more-vnodes is left out: {} vnodes per server is the most a ring takes",
                args.vnodes
            )
        } else {
            format!(
                "more-vnodes is left out: {} vnodes per server would pass the ring's {} points",
                more_vnodes(args.vnodes),
                thousands(MAX_RING_POINTS)
            )
        });
    }
    lines.join("\n")
}
