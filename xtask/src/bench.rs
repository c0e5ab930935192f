//! `cargo xtask bench [--quick]`: the native benchmarks against peers and limits (issue 7).
//!
//! 1. `cargo bench -p shardlab-core --bench core` runs the criterion races (`--quick` sets
//!    `SHARDLAB_BENCH_QUICK=1`, which shortens warm-up and measurement; the bench prints the
//!    settings it used, for the report's header, and the layout of the kernel tables, which
//!    `crates/shardlab-bench-kernels` defines: see `layout.rs`). Each result is read back from
//!    criterion's `target/criterion/**/new/{benchmark,estimates}.json`: the mean point estimate of
//!    one timed iteration, divided by the iteration's element count.
//! 2. `cargo bench -p shardlab-core --bench limits` prints the limit measurements as
//!    `shardlab-limit` lines (pure computation, no timing).
//! 3. The browser half (`browser.rs`): the kernels and peers compiled to wasm and timed in
//!    Chromium by the bench page, the npm peers in the same tab, the release site's page
//!    metrics, and its embeds (`embeds.rs`). `--native-only` skips it (its sections then say so).
//!    `--only=embeds [--dist DIR]` runs the embeds alone (on DIR as it is, when given) and
//!    rewrites only their section.
//! 4. The tables, with the machine, the date and the wall time of each phase, go to BENCHMARKS.md
//!    and to stdout.
//!
//! Each phase prints its wall time as it ends ([`Phases`]), so a slow run shows where it went.
//!
//! No number is written that was not measured in this run.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::{describe, root, tools};

mod browser;
mod embeds;
mod erlang;
mod layout;

use layout::Layout;

/// DES events per second: the goal (set for wasm; the native figure is compared with it too).
const DES_GOAL_EVENTS_PER_S: f64 = 10e6;
/// `estimate` must answer within this many nanoseconds (1 ms).
const ESTIMATE_GOAL_NS: f64 = 1e6;

/// One criterion result: mean nanoseconds per element (per lookup, per key, per run).
#[derive(Debug, Clone, Copy)]
struct Measured {
    ns_per_element: f64,
    /// Elements of one timed iteration (the DES run's events, for one).
    elements: f64,
}

/// Results keyed by criterion's full id, `group/contender/variant[/case]`.
type Results = BTreeMap<String, Measured>;

/// The wall time of each phase of a run, in order.
#[derive(Default)]
pub(crate) struct Phases(Vec<(&'static str, Duration)>);

impl Phases {
    /// Runs one phase, announcing it and printing its wall time when it ends (failed or not).
    pub(crate) fn run<T>(
        &mut self,
        name: &'static str,
        work: impl FnOnce() -> Result<T, String>,
    ) -> Result<T, String> {
        println!("==> {name}");
        let started = Instant::now();
        let result = work();
        let took = started.elapsed();
        println!("<== {name}: {:.1} s", took.as_secs_f64());
        self.0.push((name, took));
        result
    }

    /// `name 12 s, name 3 s, …`, for the summary and the report.
    fn summary(&self) -> String {
        self.0
            .iter()
            .map(|(name, took)| format!("{name} {:.0} s", took.as_secs_f64()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The criterion settings the core bench printed (`shardlab-bench\tconfig\t…`).
#[derive(Debug, Clone, Copy, PartialEq)]
struct CriterionSettings {
    warm_up_ms: u64,
    measurement_ms: u64,
    samples: u64,
}

impl CriterionSettings {
    fn from_output(out: &str) -> Option<CriterionSettings> {
        let fields = tagged_lines(out, "shardlab-bench")
            .find(|fields| fields.first().map(String::as_str) == Some("config"))?;
        let number = |i: usize| fields.get(i)?.parse::<u64>().ok();
        Some(CriterionSettings {
            warm_up_ms: number(1)?,
            measurement_ms: number(2)?,
            samples: number(3)?,
        })
    }
}

pub fn bench(args: &[String]) -> Result<(), String> {
    let started = std::time::Instant::now();
    let quick = args.iter().any(|a| a == "--quick");
    let native_only = args.iter().any(|a| a == "--native-only");
    let only = args.iter().find_map(|a| a.strip_prefix("--only="));
    let dist = crate::flag_value(args, "--dist")?;
    let dist_value = args.iter().position(|a| a == "--dist").map(|i| i + 1);
    if let Some((_, other)) = args.iter().enumerate().find(|&(i, a)| {
        !matches!(a.as_str(), "--quick" | "--native-only" | "--dist")
            && !a.starts_with("--only=")
            && Some(i) != dist_value
    }) {
        return Err(format!("bench: unknown option `{other}`"));
    }
    let root = root();
    match (only, dist) {
        (Some("embeds"), _) if native_only => {
            return Err("bench: --only=embeds runs in Chromium; drop --native-only".into())
        }
        (Some("embeds"), dist) => {
            let dist = dist.map(|d| root.join(d));
            return embeds::only(&root, &target_dir(&root), dist.as_deref(), quick);
        }
        (Some(other), _) => return Err(format!("bench: --only takes `embeds`, not `{other}`")),
        (None, Some(_)) => {
            return Err(
                "bench: --dist goes with --only=embeds; the full bench builds its own site".into(),
            )
        }
        (None, None) => {}
    }
    let mut phases = Phases::default();
    let criterion_dir = target_dir(&root).join("criterion");
    // Stale results from an earlier run (or a removed benchmark) must not reach the tables.
    if criterion_dir.exists() {
        std::fs::remove_dir_all(&criterion_dir)
            .map_err(|e| format!("{}: {e}", criterion_dir.display()))?;
    }

    // Both native bench binaries in one build (their links overlap), before anything is timed.
    phases.run("native bench build", || {
        run_capturing(tools::cargo().args([
            "bench",
            "-p",
            "shardlab-core",
            "--bench",
            "core",
            "--bench",
            "limits",
            "--no-run",
        ]))
    })?;
    let core_out = phases.run("criterion races", || {
        let mut run = tools::cargo();
        run.args([
            "bench",
            "-p",
            "shardlab-core",
            "--bench",
            "core",
            "--",
            "--noplot",
        ]);
        if quick {
            run.env("SHARDLAB_BENCH_QUICK", "1");
        }
        run_capturing(&mut run)
    })?;
    let layout = Layout::from_output(&core_out)?;
    let settings = CriterionSettings::from_output(&core_out)
        .ok_or("the core bench printed no `config` line")?;

    let limits_out = phases.run("limits", || {
        run_capturing(tools::cargo().args(["bench", "-p", "shardlab-core", "--bench", "limits"]))
    })?;
    let limits: Vec<Vec<String>> = tagged_lines(&limits_out, "shardlab-limit").collect();

    let results = read_criterion(&criterion_dir)?;
    if results.is_empty() {
        return Err(format!(
            "no criterion results under {}",
            criterion_dir.display()
        ));
    }
    // The DES kernel's elements are its events per run.
    let des_events = results
        .get(&layout.simulator.des)
        .map(|m| m.elements)
        .ok_or("criterion has no result for the DES kernel")?;
    let browser = if native_only {
        None
    } else {
        Some(browser::measure(
            &root,
            &target_dir(&root),
            quick,
            &mut phases,
        )?)
    };
    let report = render(
        &results,
        &layout,
        des_events,
        &limits,
        Run {
            quick,
            settings,
            elapsed: started.elapsed(),
            phases: phases.summary(),
        },
        browser.as_ref(),
    );
    let path = root.join("BENCHMARKS.md");
    // The page-weight section comes from this run's site; a native-only run keeps the last one.
    let weight = match &browser {
        Some(b) => Some(b.weight.clone()),
        None => std::fs::read_to_string(&path)
            .ok()
            .and_then(|old| crate::size::section_of(&old)),
    };
    let report = match weight {
        Some(section) => crate::size::with_section(&report, &section),
        None => report,
    };
    std::fs::write(&path, &report).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("\n{report}");
    println!("bench: wrote {}", path.display());
    println!(
        "bench: {:.0} s in all: {}",
        started.elapsed().as_secs_f64(),
        phases.summary()
    );
    Ok(())
}

/// The cargo target folder: `CARGO_TARGET_DIR`, or `target/` under the root.
pub(crate) fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|dir| {
            if dir.is_absolute() {
                dir
            } else {
                root.join(dir)
            }
        })
        .unwrap_or_else(|| root.join("target"))
}

/// Runs a command, echoing its stdout as it goes, and returns that stdout.
fn run_capturing(cmd: &mut std::process::Command) -> Result<String, String> {
    use std::io::{BufRead, BufReader};
    cmd.stdout(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("could not run `{}`: {e}", describe(cmd)))?;
    let mut out = String::new();
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            println!("{line}");
            out.push_str(&line);
            out.push('\n');
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("`{}`: {e}", describe(cmd)))?;
    if status.success() {
        Ok(out)
    } else {
        Err(format!("`{}` exited with {status}", describe(cmd)))
    }
}

/// The tab-separated fields after `tag` on each line that starts with it.
fn tagged_lines<'a>(out: &'a str, tag: &'a str) -> impl Iterator<Item = Vec<String>> + 'a {
    out.lines().filter_map(move |line| {
        let mut fields = line.split('\t');
        (fields.next() == Some(tag)).then(|| fields.map(str::to_owned).collect())
    })
}

/// Every `new/benchmark.json` + `new/estimates.json` pair under criterion's directory.
fn read_criterion(dir: &Path) -> Result<Results, String> {
    let mut results = Results::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        let entries =
            std::fs::read_dir(&current).map_err(|e| format!("{}: {e}", current.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_dir() {
                continue;
            }
            if path.file_name().is_some_and(|name| name == "new") {
                if let Some((id, measured)) = read_one(&path)? {
                    results.insert(id, measured);
                }
            } else {
                stack.push(path);
            }
        }
    }
    Ok(results)
}

fn read_json(path: &Path) -> Result<serde_json::Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn read_one(new_dir: &Path) -> Result<Option<(String, Measured)>, String> {
    let benchmark_path = new_dir.join("benchmark.json");
    let estimates_path = new_dir.join("estimates.json");
    if !benchmark_path.exists() || !estimates_path.exists() {
        return Ok(None);
    }
    let benchmark = read_json(&benchmark_path)?;
    let estimates = read_json(&estimates_path)?;
    let id = benchmark
        .get("full_id")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| format!("{}: no full_id", benchmark_path.display()))?
        .to_owned();
    let mean_ns = estimates
        .pointer("/mean/point_estimate")
        .and_then(serde_json::Value::as_f64)
        .ok_or_else(|| format!("{}: no mean", estimates_path.display()))?;
    let elements = benchmark
        .pointer("/throughput/Elements")
        .and_then(serde_json::Value::as_f64)
        .unwrap_or(1.0)
        .max(1.0);
    Ok(Some((
        id,
        Measured {
            ns_per_element: mean_ns / elements,
            elements,
        },
    )))
}

/// `nproc`, the CPU model and the rustc version.
fn machine() -> (String, String, String) {
    let cores = std::thread::available_parallelism()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "unknown".into());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split_once(':'))
                .map(|(_, model)| model.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".into());
    let rustc = command_output("rustc", &["--version"]).unwrap_or_else(|| "unknown".into());
    (cores, cpu, rustc)
}

fn command_output(program: &str, args: &[&str]) -> Option<String> {
    let output = tools::command(program).args(args).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// A duration in ns, with a unit that keeps three significant figures readable.
fn time(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.2} ns")
    }
}

fn verdict(met: bool) -> &'static str {
    if met {
        "met"
    } else {
        "**missed**"
    }
}

/// A table of ours against a peer: each row is (case, our id, peer id, peer name, goal).
struct Race<'a> {
    results: &'a Results,
    out: String,
    /// Whether a row with a goal missed it.
    missed: bool,
}

impl Race<'_> {
    fn header(&mut self, title: &str, note: &str) {
        let _ = write!(
            self.out,
            "\n### {title}\n\n{note}\n\n| case | ours | peer | ours ÷ peer | goal |\n|---|---|---|---|---|\n"
        );
    }

    fn row(&mut self, case: &str, ours: &str, peer: &str, peer_name: &str, goal: Option<f64>) {
        let ours = self.results.get(ours).map(|m| m.ns_per_element);
        let theirs = self.results.get(peer).map(|m| m.ns_per_element);
        let cell = |v: Option<f64>| v.map_or_else(|| "not measured".to_owned(), time);
        let (ratio, goal_cell) = match (ours, theirs) {
            (Some(a), Some(b)) if b > 0.0 => {
                let ratio = a / b;
                self.missed |= goal.is_some_and(|g| ratio > g);
                let goal_cell = goal.map_or_else(
                    || "— (no goal)".to_owned(),
                    |g| format!("≤ {g} — {}", verdict(ratio <= g)),
                );
                (format!("{ratio:.2}"), goal_cell)
            }
            _ => ("—".to_owned(), "not measured".to_owned()),
        };
        let _ = writeln!(
            self.out,
            "| {case} | {} | {peer_name} {} | {ratio} | {goal_cell} |",
            cell(ours),
            cell(theirs)
        );
    }

    fn solo(&mut self, case: &str, ours: &str, goal_cell: &str) {
        let ours = self
            .results
            .get(ours)
            .map_or_else(|| "not measured".to_owned(), |m| time(m.ns_per_element));
        let _ = writeln!(self.out, "| {case} | {ours} | — | — | {goal_cell} |");
    }

    /// A layout row: a race against its peer, or ours alone.
    fn layout_row(&mut self, label: &str, row: &layout::Row) {
        match &row.peer {
            Some((peer, name)) => self.row(label, &row.ours, peer, name, row.goal),
            None => self.solo(label, &row.ours, "— (no goal)"),
        }
    }
}

/// How this run was made, for the report's header.
struct Run {
    quick: bool,
    settings: CriterionSettings,
    elapsed: Duration,
    /// [`Phases::summary`].
    phases: String,
}

fn render(
    results: &Results,
    layout: &Layout,
    des_events: f64,
    limits: &[Vec<String>],
    run: Run,
    browser: Option<&browser::Browser>,
) -> String {
    let Run {
        quick,
        settings,
        elapsed,
        phases,
    } = run;
    let (cores, cpu, rustc) = machine();
    // Other engineers' builds share these cores; the load says how far to trust a single run.
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "unknown".into());
    let date =
        command_output("date", &["-u", "+%Y-%m-%d %H:%M UTC"]).unwrap_or_else(|| "unknown".into());
    let mut race = Race {
        results,
        out: String::new(),
        missed: false,
    };
    let _ = write!(
        race.out,
        "# Benchmarks\n\n\
         Written by `cargo xtask bench{}` (issue 7). Regenerate it rather than editing it.\n\n\
         - Machine: {cores} cores (`nproc`), {cpu}\n\
         - Compiler: {rustc}, `[profile.bench]` (opt-level 3, thin LTO) for every contender\n\
         - Date: {date}; load average when the tables were written: {load}\n\
         - Mode: {} ({} ms warm-up, {} ms of samples, {} samples per criterion benchmark){}\n\
         - Wall time of this run: {} min {:02} s, builds included{}. By phase: {phases}. \
         `--quick` is meant to finish within 3 minutes on a warm build of an idle machine; a \
         clean build (the bench profile natively and for wasm, and the four release pages) adds \
         several minutes, and so does a load like the one above.\n\n\
         These machines are shared and loaded, so absolute times drift from run to run; the ratios \
         between contenders timed in the same run are the figures to read. Times are criterion's \
         mean per element: per lookup for lookups (each timed iteration is a batch of the same \
         1,024 keys for every contender), per key for placement, per run for the simulator. Every \
         contender gets criterion's warm-up before its timed samples.{}\n",
        if quick { " --quick" } else { "" },
        if quick { "quick" } else { "full" },
        settings.warm_up_ms,
        settings.measurement_ms,
        settings.samples,
        if quick {
            "; every table is filled, from fewer and shorter samples than a full run, and the \
             page metrics load each page once instead of taking a median"
        } else {
            ""
        },
        elapsed.as_secs() / 60,
        elapsed.as_secs() % 60,
        if browser.is_none() {
            " (native only)"
        } else {
            ""
        },
        if quick {
            " Contenders are timed one after the other, so in quick mode a burst of other load \
             can move one contender's figure by 2× or more: re-run a surprising row in full mode \
             (`cargo xtask bench`) before drawing a conclusion from it."
        } else {
            ""
        },
    );

    race.out.push_str("\n## Native\n");
    for section in &layout.sections {
        race.header(&section.title, &section.note);
        for row in layout.rows.iter().filter(|row| row.section == section.key) {
            race.layout_row(&row.label, row);
        }
    }

    simulator_table(&mut race, &layout.simulator, des_events);
    limits_tables(&mut race.out, limits);
    match browser {
        Some(browser) => browser::render(&mut race.out, results, layout, browser, des_events),
        None => not_measured(&mut race.out),
    }
    race.out
}

fn simulator_table(race: &mut Race<'_>, simulator: &layout::Simulator, des_events: f64) {
    let _ = write!(
        race.out,
        "\n### Simulator\n\n\
         The DES runs the `pinterest` preset with 4,000 users for 20 simulated seconds \
         ({des_events:.0} events, seed 1); a timed run includes compiling the design and \
         building the simulation. The 10 M events/s goal is set for wasm; the native figure is \
         held to it here too, and the wasm figure is under \"Simulator in wasm\" below. On this \
         shared machine both rates swing by up to a third between runs, in bursts of seconds \
         (see \"How the DES is made fast\" under that table), so compare them across runs.\n\n\
         | case | ours | reference | ours ÷ reference | goal |\n|---|---|---|---|---|\n"
    );
    match race.results.get(&simulator.des) {
        Some(m) => {
            let per_run_ns = m.ns_per_element * des_events;
            let events_per_s = des_events / (per_run_ns / 1e9);
            let ratio = events_per_s / DES_GOAL_EVENTS_PER_S;
            let _ = writeln!(
                race.out,
                "| DES events/s, native | {:.2} M events/s ({} per run) | 10 M events/s | {ratio:.2} | ≥ 1 — {} |",
                events_per_s / 1e6,
                time(per_run_ns),
                verdict(ratio >= 1.0)
            );
        }
        None => race
            .out
            .push_str("| DES events/s, native | not measured | — | — | — |\n"),
    }
    match race.results.get(&simulator.estimate) {
        Some(m) => {
            let ratio = m.ns_per_element / ESTIMATE_GOAL_NS;
            let _ = writeln!(
                race.out,
                "| `estimate`, pinterest, 4,000 users | {} | 1 ms | {ratio:.2} | ≤ 1 — {} |",
                time(m.ns_per_element),
                verdict(ratio <= 1.0)
            );
        }
        None => race
            .out
            .push_str("| `estimate` | not measured | — | — | — |\n"),
    }
}

fn field(fields: &[String], i: usize) -> &str {
    fields.get(i).map_or("?", String::as_str)
}

fn number(fields: &[String], i: usize) -> Option<f64> {
    fields.get(i)?.parse().ok()
}

fn limits_tables(out: &mut String, limits: &[Vec<String>]) {
    out.push_str(
        "\n## Limits\n\nPure computation, no timing, printed by `benches/limits.rs`.\n\n\
         ### Moved fraction ÷ the ideal 1/(N+1)\n\n\
         One server added to N equal servers; 200,000 keys (seed 1) through `placement::place`, \
         for every scheme the core has (the ring with its default vnodes). The ideal is the least \
         any scheme must move for the newcomer to get its fair share: above 1 moves keys that \
         need not move, below 1 leaves the newcomer short of its share (the directory keeps every \
         existing entry where it is).\n\n\
         | scheme | N → N+1 | moved | ideal | moved ÷ ideal |\n|---|---|---|---|---|\n",
    );
    for fields in limits.iter().filter(|f| field(f, 0) == "movement") {
        let (moved, ideal) = (number(fields, 4), number(fields, 5));
        let ratio = match (moved, ideal) {
            (Some(m), Some(i)) if i > 0.0 => format!("{:.3}", m / i),
            _ => "—".into(),
        };
        let _ = writeln!(
            out,
            "| {} | {} → {} | {:.4} | {:.4} | {ratio} |",
            field(fields, 1),
            field(fields, 2),
            field(fields, 3),
            moved.unwrap_or(f64::NAN),
            ideal.unwrap_or(f64::NAN),
        );
    }

    out.push_str(
        "\n### Ring σ/mean ÷ 1/√V\n\n\
         σ/mean of the exact ring shares (`Ring::shares`) of 100 equal servers, averaged over 10 \
         salts, against the 1/√V rule of thumb.\n\n\
         | V | σ/mean | 1/√V | ratio |\n|---|---|---|---|\n",
    );
    for fields in limits.iter().filter(|f| field(f, 0) == "ring-spread") {
        let (spread, rule) = (number(fields, 4), number(fields, 5));
        let ratio = match (spread, rule) {
            (Some(s), Some(r)) if r > 0.0 => format!("{:.3}", s / r),
            _ => "—".into(),
        };
        let _ = writeln!(
            out,
            "| {} | {:.4} | {:.4} | {ratio} |",
            field(fields, 1),
            spread.unwrap_or(f64::NAN),
            rule.unwrap_or(f64::NAN),
        );
    }

    erlang::table(out, limits);
}

/// The browser sections' place when `--native-only` skipped them.
fn not_measured(out: &mut String) {
    out.push_str(
        "\n## Not measured in this run (`--native-only`)\n\n\
         `cargo xtask bench` without `--native-only` also measures, in headless Chromium: the \
         kernels and the peer crates compiled to wasm (per call and batched, our wasm ÷ our \
         native), the npm peers in the same tab, and the release site's page metrics (first \
         render, frame times, long tasks, bundle sizes, wasm heap).\n",
    );
}

#[cfg(test)]
mod tests {
    use super::{tagged_lines, time, CriterionSettings};

    #[test]
    fn reads_the_criterion_settings() {
        let out = "shardlab-bench\tdes-events\t5\nshardlab-bench\tconfig\t100\t300\t10\n";
        assert_eq!(
            CriterionSettings::from_output(out),
            Some(CriterionSettings {
                warm_up_ms: 100,
                measurement_ms: 300,
                samples: 10
            })
        );
        assert_eq!(
            CriterionSettings::from_output("shardlab-bench\tconfig\t100\tx\t10\n"),
            None
        );
    }

    #[test]
    fn reads_tagged_lines() {
        let out = "noise\nshardlab-limit\tmovement\tjump\t4\t5\t0.2\t0.2\nshardlab-limitx\t1\n";
        let lines: Vec<Vec<String>> = tagged_lines(out, "shardlab-limit").collect();
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0][1], "jump");
    }

    #[test]
    fn formats_times() {
        assert_eq!(time(12.345), "12.35 ns");
        assert_eq!(time(12_345.0), "12.35 µs");
        assert_eq!(time(12_345_678.0), "12.35 ms");
    }
}
