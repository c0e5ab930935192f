//! `shardlab simulate`: a board design run through the core's seeded discrete-event simulation,
//! reported as the board's caption and its numbers, and optionally the compiled model behind them.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;
use serde::Serialize;
use shardlab_core::input_text::strip_bom_bytes;
use shardlab_core::sim::coverage::{coverage as model_coverage, Coverage};
use shardlab_core::sim::model::{host_name, StationModel, LOGICAL_SHARDS};
use shardlab_core::sim::prices::{self, BillLine};
use shardlab_core::sim::validate::{MAX_DURATION_S, MAX_USERS};
use shardlab_core::sim::{
    compile, preset, simulate, spread, validate, Design, DesignError, FaultKind, JsonParser,
    Loaded, Model, NodeKind, ReadError, ReadRules, ReshardPhase, ReshardReport, SimError,
    SimReport, SpreadReport, DESIGN_VERSION, DROPPED_NAMED, MAX_DESIGN_BYTES, PRESET_NAMES,
};
use shardlab_core::text::{
    bounded_message, dollars, dollars_significant, milliseconds, percent, quote, thousands,
    whole_rate,
};

use crate::output::{CliError, Report};

/// `shardlab simulate (--preset NAME | DESIGN.json) [--users N] [--seed X] [--seeds K] [--duration S] [--explain]`
#[derive(Args, Debug, Clone)]
#[command(
    override_usage = "shardlab simulate (--preset NAME | DESIGN.json) [--users N] [--seed X] [--seeds K] [--duration S] [--explain] [--json]",
    after_help = "\
Give exactly one of --preset NAME and a DESIGN.json path (the board's exported JSON, described in
docs/design-format.md; at most 1 MiB).

With --json the output is one object: the simulation report (users, apdex, apdex_t_ms, p50_ms,
p95_ms, p99_ms, error_rate, throughput_rps, burn_per_s, nodes and more). --explain adds the compiled
model to it under the key \"explain\" (its stations, rates and routing rules, \"bill\": the price
of each node, and \"coverage\": what the simulator models and leaves out, with the price table's
source and date). Without --json, --explain prints the model as a list of stations after the report.

With --seeds K the design runs on K seeds from --seed, and each figure (apdex, p50_ms, p95_ms,
p99_ms, error_rate, throughput_rps, burn_per_s) is the median over them; \"seeds\" is K and
\"spread\" holds each figure's median, min, max, p10 and p90. The nodes are the median run's.

The same design, users, seed and duration always give the same output."
)]
pub struct SimulateArgs {
    /// A preset board: pinterest, link-shortener or one-big-box.
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,

    /// A design file: the board's JSON, as the app exports it.
    #[arg(value_name = "DESIGN.json")]
    design: Option<PathBuf>,

    /// Users to simulate, 1 … 1,000,000 [default: the design's own user count].
    #[arg(long, value_name = "N")]
    users: Option<u64>,

    /// The seed of the run: the same seed gives the same output.
    #[arg(long, value_name = "X", default_value_t = shardlab_core::sim::DEFAULT_SEED)]
    seed: u64,

    /// Simulated seconds of arrivals, 1 … 3,600.
    #[arg(long, value_name = "S", default_value_t = shardlab_core::sim::DEFAULT_DURATION_S)]
    duration: f64,

    /// Also print the model's parameters for this design: stations, servers, service times,
    /// capacities and prices.
    #[arg(long)]
    explain: bool,

    /// Run K seeds (--seed, --seed + 1, …; 1 … 100) and report each figure as its median with
    /// the seeds' spread.
    #[arg(long, value_name = "K")]
    seeds: Option<u32>,
}

/// Runs `simulate`.
pub fn run(args: &SimulateArgs) -> Result<Report, CliError> {
    let chosen = resolve(args.preset.as_deref(), args.design.as_deref())?;
    let users = users(args.users, &chosen.design)?;
    if !(1.0..=MAX_DURATION_S).contains(&args.duration) {
        return Err(CliError::from_display(SimError::Duration {
            duration_s: args.duration,
        }));
    }
    let explain = if args.explain {
        let model = compile(&chosen.design, users).map_err(CliError::from_display)?;
        Some(Explain {
            model,
            bill: prices::bill(&chosen.design),
            coverage: model_coverage(),
        })
    } else {
        None
    };
    if let Some(count) = args.seeds {
        let swept = spread(&chosen.design, users, args.seed, count, args.duration)
            .map_err(CliError::from_display)?;
        return spread_report(&swept, &chosen, args.duration, explain.as_ref())?
            .with_warnings(&chosen.warnings);
    }
    let report = simulate(&chosen.design, users, args.seed, args.duration)
        .map_err(CliError::from_display)?;

    let mut text = report_text(&report, &chosen);
    if let Some(explain) = &explain {
        text.push_str("\n\n");
        text.push_str(&explain_text(explain));
    }
    let json = SimulateJson {
        report: &report,
        explain: explain.as_ref(),
    };
    Report::new(&json, text)?.with_warnings(&chosen.warnings)
}

/// "SOURCE is not a valid design, N problems: (1) … (2) …".
fn invalid(source: &str, problems: &[DesignError]) -> CliError {
    // The messages hold semicolons of their own, so each gets a number.
    let messages: Vec<String> = problems
        .iter()
        .enumerate()
        .map(|(index, problem)| format!("({}) {problem}", index.saturating_add(1)))
        .collect();
    let count = match problems.len() {
        1 => "1 problem".to_owned(),
        many => format!("{many} problems"),
    };
    CliError::new(format!(
        "{source} is not a valid design, {count}: {}",
        messages.join(" ")
    ))
}

/// The design to run and how to name it in messages and text.
#[derive(Debug, Clone)]
pub(crate) struct ChosenDesign {
    /// `preset pinterest` or `the design file F`.
    pub(crate) source: String,
    /// The board.
    pub(crate) design: Design,
    /// What the reader should know about how it was read (a newer version's file).
    pub(crate) warnings: Vec<String>,
}

/// Looks up the preset or reads the file (exactly one of the two must be given), and checks the
/// design: `simulate`'s and `capacity`'s `(--preset NAME | DESIGN.json)`.
pub(crate) fn resolve(
    preset_name: Option<&str>,
    design_path: Option<&Path>,
) -> Result<ChosenDesign, CliError> {
    let chosen = read_chosen(preset_name, design_path)?;
    let problems = validate(&chosen.design);
    if !problems.is_empty() {
        return Err(invalid(&chosen.source, &problems));
    }
    Ok(chosen)
}

/// Looks up the preset or reads the file; exactly one of the two must be given.
fn read_chosen(
    preset_name: Option<&str>,
    design_path: Option<&Path>,
) -> Result<ChosenDesign, CliError> {
    match (preset_name, design_path) {
        (Some(name), None) => match preset(name) {
            Some(found) => Ok(ChosenDesign {
                source: format!("preset {}", found.name),
                design: found.design,
                warnings: Vec::new(),
            }),
            None => Err(CliError::new(format!(
                "unknown preset {}; the presets are {}",
                quote(name),
                PRESET_NAMES.join(", ")
            ))),
        },
        (None, Some(path)) => {
            let source = format!("the design file {}", quote(&path.display().to_string()));
            let loaded = read_design_file(path, &source)?;
            let warnings = loaded
                .newer
                .iter()
                .map(|newer| {
                    format!(
                        "{source} is design version {}, newer than this build's \
                         {DESIGN_VERSION}; it was read without {}",
                        newer.version,
                        newer.left_out(DROPPED_NAMED)
                    )
                })
                .collect();
            Ok(ChosenDesign {
                design: loaded.design,
                source,
                warnings,
            })
        }
        (Some(_), Some(_)) => Err(CliError::new(
            "give either --preset NAME or a DESIGN.json path, not both",
        )),
        (None, None) => Err(CliError::new(format!(
            "nothing to simulate; give --preset NAME (one of {}) or a DESIGN.json path",
            PRESET_NAMES.join(", ")
        ))),
    }
}

/// serde_json reading the text straight into each type, so that its messages name the line and
/// column; the parse step only holds the bytes.
struct SerdeJson;

impl JsonParser for SerdeJson {
    type Text = [u8];
    type Document = Vec<u8>;

    fn parse(text: &[u8]) -> Result<Vec<u8>, String> {
        Ok(text.to_vec())
    }

    fn read<T: serde::de::DeserializeOwned>(bytes: &Vec<u8>) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(|err| err.to_string())
    }
}

/// Reads a design file (the board's exported JSON) with the core's reader ([`ReadRules::CLI`]),
/// reading at most one byte past [`MAX_DESIGN_BYTES`].
/// A newer version's file is read as far as this build can (its caller names what was left out).
fn read_design_file(path: &Path, source: &str) -> Result<Loaded, CliError> {
    let path_text = path.display().to_string();
    let shown = quote(&path_text);
    let file = File::open(path)
        .map_err(|err| CliError::new(format!("cannot read the design file {shown}: {err}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_DESIGN_BYTES.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|err| CliError::new(format!("cannot read the design file {shown}: {err}")))?;
    let text = strip_bom_bytes(&bytes);
    Design::from_json::<SerdeJson>(text, ReadRules::CLI).map_err(|error| match error {
        ReadError::TooLong { .. } => CliError::new(format!(
            "the design file {shown} is over the limit of 1 MiB ({} bytes); a design is a small JSON object",
            thousands(MAX_DESIGN_BYTES)
        )),
        ReadError::TooDeep(too_deep) => CliError::new(format!(
            "the design file {shown} {too_deep}"
        )),
        // serde_json's message ends with "at line L column C".
        ReadError::NotJson(message) | ReadError::NotADesign(message) => CliError::new(format!(
            "the design file {shown} is not a design in JSON: {}",
            bounded_message(&message)
        )),
        // The CLI's rules read the version with the rest, so these do not arise.
        ReadError::NoVersion | ReadError::OtherVersion(_) => CliError::new(format!(
            "the design file {shown} is not a design in JSON: it has no \"version\": 1"
        )),
        ReadError::Refused(problems) => invalid(source, &problems),
    })
}

/// `--users`, or the design's own count, within the core's 1 ..= `MAX_USERS`.
fn users(requested: Option<u64>, design: &Design) -> Result<u32, CliError> {
    let users = requested.unwrap_or_else(|| u64::from(design.user_count()));
    match u32::try_from(users) {
        Ok(users) if (1..=MAX_USERS).contains(&users) => Ok(users),
        Ok(users) => Err(CliError::from_display(SimError::Users { users })),
        // Too large for the core's error type; the same sentence with the real value.
        Err(_) => Err(CliError::new(format!(
            "users is {users}; accepted 1 … {}",
            thousands(u64::from(MAX_USERS))
        ))),
    }
}

/// The JSON object: the report's own fields (the contract's keys and more), then `explain` when
/// asked for.
#[derive(Serialize)]
struct SimulateJson<'a> {
    #[serde(flatten)]
    report: &'a SimReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<&'a Explain>,
}

/// `--seeds K`: the contract's fields as medians, `"seeds": K`, and a `"spread"` object per figure
/// (its median, min, max, p10 and p90), with the median run's per-node loads.
fn spread_report(
    swept: &SpreadReport,
    chosen: &ChosenDesign,
    duration_s: f64,
    explain: Option<&Explain>,
) -> Result<Report, CliError> {
    let mut object = serde_json::Map::new();
    let mut put = |key: &str, value: serde_json::Value| {
        object.insert(key.to_owned(), value);
    };
    put("users", swept.users.into());
    put("apdex_t_ms", swept.apdex_t_ms.into());
    let mut spread_object = serde_json::Map::new();
    for (figure, spread) in &swept.figures {
        put(figure.key(), spread.median.into());
        spread_object.insert(
            figure.key().to_owned(),
            serde_json::to_value(spread).map_err(CliError::from_display)?,
        );
    }
    put("seeds", swept.seeds.len().into());
    put(
        "first_seed",
        swept.seeds.first().copied().unwrap_or_default().into(),
    );
    put("median_seed", swept.median_seed.into());
    put("duration_s", duration_s.into());
    put("spread", spread_object.into());
    put(
        "nodes",
        serde_json::to_value(&swept.nodes).map_err(CliError::from_display)?,
    );
    if let Some(explain) = explain {
        put(
            "explain",
            serde_json::to_value(explain).map_err(CliError::from_display)?,
        );
    }
    let mut text = spread_text(swept, chosen, duration_s);
    if let Some(explain) = explain {
        text.push_str("\n\n");
        text.push_str(&explain_text(explain));
    }
    Report::new(&serde_json::Value::Object(object), text)
}

/// The text form of a sweep: what was run, then one line per figure with its band.
fn spread_text(swept: &SpreadReport, chosen: &ChosenDesign, duration_s: f64) -> String {
    let first = swept.seeds.first().copied().unwrap_or_default();
    let last = swept.seeds.last().copied().unwrap_or_default();
    let mut lines = vec![
        format!(
            "design          {}, {} users, {} seeds ({first} … {last}), {duration_s} simulated s each",
            chosen.source,
            thousands(u64::from(swept.users)),
            swept.seeds.len()
        ),
        "figure          median  (min … max; 10–90 % of the seeds)".to_owned(),
    ];
    for (figure, spread) in &swept.figures {
        let show = |value: f64| figure.text(value);
        let band = if spread.is_flat() {
            "the same on every seed".to_owned()
        } else {
            format!(
                "{} … {}; {} … {}",
                show(spread.min),
                show(spread.max),
                show(spread.p10),
                show(spread.p90)
            )
        };
        lines.push(format!(
            "{:<15} {}  ({band})",
            figure.key(),
            show(spread.median)
        ));
    }
    lines.push(format!(
        "nodes           as in seed {}, the run with the median p99",
        swept.median_seed
    ));
    lines.join("\n")
}

/// `--explain`: the compiled model's fields, and the bill that prices its nodes.
#[derive(Serialize)]
struct Explain {
    #[serde(flatten)]
    model: Model,
    bill: Vec<BillLine>,
    /// What the simulator models and leaves out, with the price table's source and date.
    coverage: Coverage,
}

/// The text form: the caption, then one labelled line per result, then per-node load.
fn report_text(report: &SimReport, chosen: &ChosenDesign) -> String {
    // What the estimate would report too; the rest is the run's own.
    let outcome = &report.outcome;
    let mut lines = vec![
        outcome.caption("simulation"),
        String::new(),
        format!(
            "design      {}, {} users, seed {}, {} simulated s",
            chosen.source,
            thousands(u64::from(outcome.users)),
            report.seed,
            report.duration_s
        ),
        format!(
            "latency     p50 {}, p95 {}, p99 {} (mean {}) over successful replies",
            milliseconds(outcome.p50_ms),
            milliseconds(outcome.p95_ms),
            milliseconds(outcome.p99_ms),
            milliseconds(outcome.mean_ms)
        ),
        format!(
            "errors      {} of {} requests: queue full {} ({}), timeout {} ({}), shard down {} ({})",
            percent(outcome.error_rate),
            thousands(report.requests),
            percent(outcome.errors_by_cause.queue_full),
            thousands(report.errors.queue_full),
            percent(outcome.errors_by_cause.timeout),
            thousands(report.errors.timeout),
            percent(outcome.errors_by_cause.shard_down),
            thousands(report.errors.shard_down),
        ),
        format!(
            "throughput  {} replies/s (offered {} requests/s)",
            whole_rate(outcome.throughput_rps),
            whole_rate(outcome.offered_rps)
        ),
    ];
    if let Some(hit_rate) = outcome.cache_hit_rate {
        lines.push(format!("cache       {} of lookups hit", percent(hit_rate)));
    }
    if report.stale_reads > 0 {
        lines.push(format!(
            "stale reads {} reads of rows whose newest write a dead master took with it",
            thousands(report.stale_reads)
        ));
    }
    for reshard in &report.reshards {
        lines.extend(reshard_lines(reshard, report.duration_s));
    }
    lines.push(format!(
        "burn        {}/s, {}/month",
        dollars_significant(outcome.burn_per_s),
        dollars(outcome.burn_per_month)
    ));
    if let Some(hot) = &outcome.hottest_shard {
        lines.push(format!(
            "hot shard   {} (shard {}): {} of database requests, {:.2} × the mean of {} shards",
            hot.host,
            hot.shard,
            percent(hot.share),
            hot.over_mean,
            outcome.shards.len()
        ));
    }
    lines.push("nodes".to_owned());
    let names: Vec<String> = report
        .outcome
        .nodes
        .iter()
        .map(|node| node_name(&chosen.design, &node.id, node.kind))
        .collect();
    let column = names
        .iter()
        .map(|name| name.chars().count())
        .max()
        .unwrap_or(0);
    for (node, name) in outcome.nodes.iter().zip(&names) {
        let busy = node.utilisation.map_or_else(
            || "does not queue".to_owned(),
            |share| format!("{} busy", percent(share)),
        );
        lines.push(format!(
            "  {name:column$}  {busy:>14}  {} requests/s",
            whole_rate(node.requests_per_s)
        ));
    }
    lines.join("\n")
}

/// A reshard's lines: what moves, its bill, its copy window, then p99, errors and the two hosts'
/// load before the copy, during it and after the cutover.
fn reshard_lines(reshard: &ReshardReport, run_s: f64) -> Vec<String> {
    let bill = &reshard.bill;
    let mut lines = vec![
        format!("reshard     shard {}: {}", bill.shard, bill.moved_text()),
        format!(
            "            {} ({} rows of {} bytes)",
            bill.text(),
            thousands(bill.rows),
            thousands(bill.bytes.checked_div(bill.rows).unwrap_or(0))
        ),
        format!("            {}", reshard.window_text(run_s)),
    ];
    let phase = |name: &str, phase: &ReshardPhase| {
        let target = if phase.target_requests_per_s > 0.0 {
            format!(
                "; {} {} requests/s",
                bill.to,
                whole_rate(phase.target_requests_per_s)
            )
        } else {
            String::new()
        };
        format!(
            "  {name:<8}  {:.1} … {:.1} s: p99 {}, {} errors; {} {} busy, {} requests/s{target}",
            phase.from_s,
            phase.to_s,
            milliseconds(phase.p99_ms),
            percent(phase.error_rate),
            bill.from,
            percent(phase.source_utilisation),
            whole_rate(phase.source_requests_per_s)
        )
    };
    lines.push(phase("before", &reshard.before));
    lines.push(phase("during", &reshard.during));
    match &reshard.after {
        Some(after) => lines.push(phase("after", after)),
        None => lines.push("  after     no cutover in this run".to_owned()),
    }
    lines
}

/// "app_server  API": a node's kind, then its label (or its id when it has none).
fn node_name(design: &Design, id: &str, kind: NodeKind) -> String {
    let label = design
        .node(id)
        .map(|node| node.label.as_str())
        .filter(|label| !label.trim().is_empty())
        .unwrap_or(id);
    format!("{:13}  {label}", kind.name())
}

/// The price of node `id` from the bill, as "$X/hour".
fn price(bill: &[BillLine], id: &str) -> String {
    bill.iter().find(|line| line.node_id == id).map_or_else(
        || "no charge".to_owned(),
        |line| {
            format!(
                "{} ({}/hour)",
                line.item,
                dollars_significant(line.per_hour)
            )
        },
    )
}

/// One station's servers, mean service time and queue bound.
fn station(model: &StationModel) -> String {
    format!(
        "{} servers, mean service {:.3} ms, queue bound {}",
        model.servers,
        model.mean_service_s * 1_000.0,
        thousands(u64::from(model.queue_bound))
    )
}

/// The text form of `--explain`: the workload, then each station, the faults and the burn.
fn explain_text(explain: &Explain) -> String {
    let model = &explain.model;
    let bill = &explain.bill;
    let ids = &model.node_ids;
    let mut lines = vec![
        "model (what the simulator solves for this design)".to_owned(),
        format!(
            "  users          `{}`: {} users sending {} requests/s in all (Poisson), {} reads",
            ids.users,
            thousands(u64::from(model.users)),
            whole_rate(model.arrival_rate),
            percent(model.read_fraction)
        ),
        format!(
            "                 objects Zipf {} over {} Pinterest-style IDs, user skew {}, Apdex T {}, timeout {}, {} per hop",
            model.zipf_exponent,
            thousands(u64::from(model.catalogue_objects)),
            model.user_skew,
            milliseconds(model.apdex_t_s * 1_000.0),
            milliseconds(model.timeout_s * 1_000.0),
            milliseconds(model.hop_s * 1_000.0)
        ),
    ];
    if let Some(id) = &ids.load_balancer {
        lines.push(format!(
            "  load balancer  `{id}`: sends each request to the least busy copy; {}",
            price(bill, id)
        ));
    } else {
        lines.push(
            "  load balancer  none: each request picks an App Server copy at random".to_owned(),
        );
    }
    lines.push(format!(
        "  app server     `{}`: {} copies × {}; {}",
        ids.app,
        model.app_copies,
        station(&model.app),
        price(bill, &ids.app)
    ));
    match (&model.cache, &ids.cache) {
        (Some(cache), Some(id)) => lines.push(format!(
            "  cache          `{id}`: {} {}, {}, capacity {} objects (LRU), TTL {} s; {}",
            cache.engine.name(),
            cache.strategy.name(),
            station(&cache.station),
            thousands(u64::from(cache.capacity_objects)),
            cache.ttl_s,
            price(bill, id)
        )),
        (None, Some(id)) => lines.push(format!(
            "  cache          `{id}`: on the board but not used (strategy none); {}",
            price(bill, id)
        )),
        _ => lines.push("  cache          none".to_owned()),
    }
    if let Some(db) = &model.db {
        let last = usize::try_from(db.shards.saturating_sub(1)).unwrap_or(0);
        lines.push(format!(
            "  database       `{}`: {} {} shards ({} … {}) standing for {} logical shards, shard key {}",
            ids.database,
            db.shards,
            db.engine.name(),
            host_name(db.engine, 0),
            host_name(db.engine, last),
            thousands(u64::from(LOGICAL_SHARDS)),
            db.shard_key.name()
        ));
        lines.push(format!(
            "                 each master {} servers, mean read {:.3} ms, mean write {:.3} ms, queue bound {}; {}",
            db.servers,
            db.read_s * 1_000.0,
            db.write_s * 1_000.0,
            thousands(u64::from(db.queue_bound)),
            price(bill, &ids.database)
        ));
        let failover = if db.auto_failover {
            format!(
                "on (detect {} s + promote {} s)",
                db.failover_detect_s, db.failover_promote_s
            )
        } else {
            "off".to_owned()
        };
        lines.push(format!(
            "                 {} read replicas per shard taking turns at its reads; standby {}; {} replication; auto-failover {failover}",
            db.read_replicas,
            if db.standby { "on" } else { "off" },
            db.replication.name(),
        ));
        lines.push(format!(
            "                 rows of {} bytes; a split copies at {} MB/s, at most {:.0} MB/s onto a new host",
            thousands(u64::from(db.row_bytes)),
            db.copy_mb_s,
            db.copy_write_mb_s
        ));
    }
    if model.faults.is_empty() {
        lines.push("  faults         none".to_owned());
    } else {
        for (index, fault) in model.faults.iter().enumerate() {
            let label = if index == 0 { "faults" } else { "" };
            lines.push(format!(
                "  {label:13}  at {} s: {}",
                fault.at_s,
                fault_text(&fault.kind)
            ));
        }
    }
    lines.push(format!(
        "  burn           {}/s ({}/month); one more shard host {}/s",
        dollars_significant(model.burn_per_s),
        dollars(prices::per_month(model.burn_per_s)),
        dollars_significant(model.shard_host_per_s)
    ));
    let covered = &explain.coverage;
    lines.push(String::new());
    lines.push("what the model covers".to_owned());
    for item in &covered.modelled {
        lines.push(format!("  {}: {}", item.topic, item.how));
    }
    lines.push("what it leaves out".to_owned());
    for item in &covered.left_out {
        lines.push(format!("  {}: {}", item.topic, item.effect));
    }
    lines.push(format!(
        "prices      {}, as of {}",
        covered.prices_source, covered.prices_as_of
    ));
    lines.join("\n")
}

/// One fault in words.
fn fault_text(kind: &FaultKind) -> String {
    match kind {
        FaultKind::MasterDown { shard } => format!("master of shard {shard} goes down"),
        FaultKind::CacheFlush => "the cache is flushed".to_owned(),
        FaultKind::HotKey { share, duration_s } => format!(
            "{} of requests go to one cold object for {duration_s} s",
            percent(*share)
        ),
        FaultKind::TrafficSpike { factor, duration_s } => {
            format!("traffic × {factor} for {duration_s} s")
        }
        FaultKind::ShardSplit { shard } => {
            format!("shard {shard} splits its upper half onto a new master")
        }
        FaultKind::Reshard { shard } => format!(
            "shard {shard} copies its upper half to a new master at the throttle, then cuts over"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_like_the_board() {
        assert_eq!(milliseconds(3.621), "3.6 ms");
        assert_eq!(milliseconds(2_000.0), "2,000 ms");
        assert_eq!(milliseconds(f64::NAN), "NaN ms");
        assert_eq!(whole_rate(8_007.2), "8,007");
        assert_eq!(dollars(3_097.32), "$3,097");
        assert_eq!(dollars(0.0021), "$0.0021");
    }

    #[test]
    fn users_default_to_the_design_and_stay_in_range() {
        let design = preset("pinterest").map(|p| p.design);
        let Some(design) = design else {
            panic!("the pinterest preset exists");
        };
        assert_eq!(users(None, &design), Ok(4_000));
        assert_eq!(users(Some(1), &design), Ok(1));
        assert!(users(Some(0), &design).is_err());
        assert!(users(Some(u64::from(MAX_USERS) + 1), &design).is_err());
        assert!(users(Some(u64::MAX), &design).is_err());
    }
}
