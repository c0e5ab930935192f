//! `shardlab capacity`: the most users a design serves while it meets a target (Apdex, and
//! optionally p99), found by the core's capacity search over seeded simulations, with its spread
//! over seeds and the node that saturates first.

use std::path::PathBuf;

use clap::Args;
use serde::Serialize;
use shardlab_core::sim::capacity::{
    Bound, Capacity, CapacityOptions, CapacitySearch, SeedCapacity, Target, DEFAULT_CAPACITY_SEEDS,
    DEFAULT_TARGET_APDEX,
};
use shardlab_core::sim::{Design, DEFAULT_DURATION_S, DEFAULT_SEED};
use shardlab_core::stepped::Stepped;
use shardlab_core::text::{percent, quote, thousands, Rounded};

use crate::output::{CliError, Report};
use crate::simulate::{resolve, ChosenDesign};

/// `shardlab capacity (--preset NAME | DESIGN.json) [--apdex A] [--p99-ms X] [--seeds K]`
#[derive(Args, Debug, Clone)]
#[command(
    override_usage = "shardlab capacity (--preset NAME | DESIGN.json) [--apdex 0.85] [--p99-ms X] [--seeds K] [--duration S] [--json]",
    after_help = "\
Give exactly one of --preset NAME and a DESIGN.json path (the board's exported JSON, described in
docs/design-format.md; at most 1 MiB).

The search starts from the analytic estimate's figure, steps away until one run meets the target
and one misses, and bisects between them to within 2 %, for each seed in turn (seeds 1 … K). The
figure is the median over the seeds; injected faults on the design's timeline are left out.

With --json the output is one object: users (the figure), plus_minus, lowest, highest, bound
(found, at_ceiling or below_one_user), ceiling, first_to_saturate, seeds (each seed's users,
missed_at and simulations), simulations, estimate_users, faults_left_out, target, duration_s,
rounded and sentence.

The same design and options always give the same output."
)]
pub struct CapacityArgs {
    /// A preset board: pinterest, link-shortener or one-big-box.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,

    /// A design file: the board's JSON, as the app exports it.
    #[arg(value_name = "DESIGN.json")]
    design: Option<PathBuf>,

    /// The Apdex the design must keep, 0 … 1.
    #[arg(long, value_name = "A", default_value_t = DEFAULT_TARGET_APDEX, allow_negative_numbers = true)]
    apdex: f64,

    /// Also keep the p99 of successful replies within this many ms.
    #[arg(long = "p99-ms", value_name = "X", allow_negative_numbers = true)]
    p99_ms: Option<f64>,

    /// Seeds to run, 1 … 20; the figure is their median.
    #[arg(long, value_name = "K", default_value_t = DEFAULT_CAPACITY_SEEDS)]
    seeds: u32,

    /// Simulated seconds of each run, 1 … 3,600 (the board runs 60).
    #[arg(long, value_name = "S", default_value_t = DEFAULT_DURATION_S)]
    duration: f64,
}

/// Runs `capacity`.
pub fn run(args: &CapacityArgs) -> Result<Report, CliError> {
    let chosen = resolve(args.preset.as_deref(), args.design.as_deref())?;
    let options = CapacityOptions {
        target: Target {
            min_apdex: args.apdex,
            max_p99_ms: args.p99_ms,
        },
        seeds: args.seeds,
        first_seed: DEFAULT_SEED,
        duration_s: args.duration,
    };
    let found = CapacitySearch::new(&chosen.design, &options)
        .map_err(CliError::from_display)?
        .finish();
    let json = CapacityJson {
        capacity: &found,
        rounded: found.rounded(),
        sentence: found.sentence(),
    };
    Report::new(&json, capacity_text(&found, &chosen))?.with_warnings(&chosen.warnings)
}

/// The JSON object: the result's fields, its rounded figure and its sentence.
#[derive(Serialize)]
struct CapacityJson<'a> {
    #[serde(flatten)]
    capacity: &'a Capacity,
    rounded: Rounded,
    sentence: String,
}

/// A node's label in quotes, or its id when it has none.
fn node_label(design: &Design, id: &str) -> String {
    let label = design
        .node(id)
        .map(|node| node.label.as_str())
        .filter(|label| !label.trim().is_empty())
        .unwrap_or(id);
    quote(label).to_string()
}

/// One seed's line: `seed 1  4,239 users (missed at 4,301), 6 runs`.
fn seed_line(seed: &SeedCapacity) -> String {
    let missed = seed.missed_at.map_or_else(
        || "met the target at the ceiling".to_owned(),
        |users| format!("missed at {}", thousands(u64::from(users))),
    );
    format!(
        "  seed {:<3} {:>9} users ({missed}), {} runs",
        seed.seed,
        thousands(u64::from(seed.users)),
        seed.simulations
    )
}

/// The text form: the sentence, then the figure's numbers, one labelled line each.
fn capacity_text(found: &Capacity, chosen: &ChosenDesign) -> String {
    let mut lines = vec![
        found.sentence(),
        String::new(),
        format!(
            "design      {}, {} simulated s per run",
            chosen.source, found.duration_s
        ),
        format!("target      {}", found.target.text()),
    ];
    match found.bound {
        Bound::Found => lines.push(format!(
            "figure      {} users, median of {}: lowest {}, highest {}, ± {}",
            thousands(u64::from(found.users)),
            found.seeds_text(),
            thousands(u64::from(found.lowest)),
            thousands(u64::from(found.highest)),
            thousands(u64::from(found.plus_minus))
        )),
        Bound::AtCeiling => lines.push(format!(
            "figure      meets the target at {} users, the most the simulator runs for this \
             design at this length",
            thousands(u64::from(found.ceiling))
        )),
        Bound::BelowOneUser => lines
            .push("figure      misses the target even with one user; loosen the target".to_owned()),
    }
    if let Some(node) = &found.first_to_saturate {
        lines.push(format!(
            "saturates   {}: node {} at {} busy, in the figure's seed's first missing run",
            node.text(),
            node_label(&chosen.design, &node.node_id),
            percent(node.utilisation)
        ));
    }
    lines.push(format!(
        "estimate    {} users (the analytic model's figure, where the search started)",
        thousands(u64::from(found.estimate_users))
    ));
    lines.push(format!("runs        {} simulations", found.simulations));
    lines.push("seeds".to_owned());
    lines.extend(found.seeds.iter().map(seed_line));
    if found.faults_left_out > 0 {
        lines.push(format!(
            "faults      the {} injected faults on the timeline are not part of this figure",
            found.faults_left_out
        ));
    }
    lines.join("\n")
}
