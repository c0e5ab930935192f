//! `cargo xtask fuzz [--smoke] [--seconds N] [--only T1,T2] [--no-trace-compares]`: the cargo-fuzz
//! (libFuzzer) targets in `fuzz/`.
//!
//! - Full (the default): 10 M executions per target (`-runs=10000000`), or at most `--seconds N`
//!   per target when that comes first.
//! - `--only`: just the named targets (comma-separated), for finishing a full run a target at a
//!   time on a shared machine.
//! - `--no-trace-compares`: builds without libFuzzer's compare tracing, which can double the
//!   executions per second of a target whose time goes into those hooks (FUZZING.md says which),
//!   at the cost of the fuzzer learning fewer magic values. Use it with a separate checkout: the
//!   flag rebuilds every target.
//! - `--smoke`: 20 s per target (`-max_total_time=20`); `cargo xtask test` runs it when a nightly
//!   toolchain is installed and says why it skipped it otherwise.
//!
//! Each run reads the committed corpus `fuzz/corpus/<target>/` but writes what it finds to
//! `fuzz/target/corpus/<target>/`, so a run never changes tracked files; FUZZING.md says how to
//! minimise new finds into the committed corpus. The executions come from libFuzzer's closing
//! `stat::number_of_executed_units` (or `#N DONE`) line. A crash fails the run and names the input
//! libFuzzer saved under `fuzz/artifacts/<target>/`.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::tally::Tally;
use crate::{describe, flag_value, root, tools};

/// The targets, in the order they run (`fuzz/Cargo.toml` has one `[[bin]]` each). The `*_url`
/// targets fuzz the app crate's URL-state codecs, one per view.
pub const TARGETS: [&str; 9] = [
    "parse_id",
    "layout_json",
    "layout_edits",
    "design_json",
    "json_depth",
    "shard_map_edits",
    "decoder_url",
    "ring_url",
    "board_url",
];
/// Executions per target in a full run (issue 8).
const FULL_RUNS: u64 = 10_000_000;
/// Seconds per target in a smoke run.
const SMOKE_SECONDS: u64 = 20;
/// One input taking longer than this is a hang, reported like a crash.
const INPUT_TIMEOUT_S: u64 = 25;
/// How the targets are built: release with debug assertions and overflow checks (so an overflow
/// is a crash, as in a debug build), and no sanitizer, since the workspace forbids `unsafe` and
/// AddressSanitizer would only slow the runs down.
const BUILD_FLAGS: [&str; 3] = ["--debug-assertions", "--sanitizer", "none"];
/// The cargo-fuzz release the project uses.
const CARGO_FUZZ_VERSION: &str = "0.13.2";

/// How long each target runs.
#[derive(Clone, Copy)]
enum Budget {
    Smoke,
    Full { max_seconds: Option<u64> },
}

/// What one target's run came to.
struct Outcome {
    target: &'static str,
    executions: Option<u64>,
    seconds: u64,
    failure: Option<String>,
}

/// `cargo xtask fuzz [--smoke] [--seconds N] [--only T1,T2] [--no-trace-compares]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let targets: Vec<&'static str> = match flag_value(args, "--only")? {
        None => TARGETS.to_vec(),
        Some(list) => list
            .split(',')
            .map(|name| {
                TARGETS
                    .iter()
                    .copied()
                    .find(|target| *target == name.trim())
                    .ok_or_else(|| {
                        format!(
                            "--only: no target {name:?}; the targets are {}",
                            TARGETS.join(", ")
                        )
                    })
            })
            .collect::<Result<_, _>>()?,
    };
    let budget = if args.iter().any(|arg| arg == "--smoke") {
        Budget::Smoke
    } else {
        let max_seconds = flag_value(args, "--seconds")?
            .map(|text| {
                text.parse::<u64>()
                    .ok()
                    .filter(|&seconds| seconds > 0)
                    .ok_or_else(|| format!("--seconds needs a positive whole number, not {text:?}"))
            })
            .transpose()?;
        Budget::Full { max_seconds }
    };
    let mut build_flags = BUILD_FLAGS.to_vec();
    if args.iter().any(|arg| arg == "--no-trace-compares") {
        build_flags.push("--no-trace-compares");
    }
    nightly_toolchain()?;
    ensure_cargo_fuzz()?;

    println!("fuzz: building the targets (nightly, release with debug assertions)");
    let mut build = fuzz_command();
    build.args(["build"]).args(&build_flags);
    let status = build
        .status()
        .map_err(|e| format!("could not run `{}`: {e}", describe(&build)))?;
    if !status.success() {
        return Err(format!("`{}` exited with {status}", describe(&build)));
    }

    let outcomes = run_targets(&targets, budget, &build_flags);

    println!("\nfuzz: executions per target");
    for outcome in &outcomes {
        let executions = outcome
            .executions
            .map_or_else(|| "?".to_string(), |n| n.to_string());
        let result = outcome.failure.as_deref().unwrap_or("ok");
        println!(
            "  {:<16} {:>12} executions in {:>5} s  {result}",
            outcome.target, executions, outcome.seconds
        );
    }
    let failures: Vec<&str> = outcomes
        .iter()
        .filter_map(|outcome| outcome.failure.as_deref())
        .collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("; "))
    }
}

/// The step `cargo xtask test` runs: the smoke when a nightly toolchain is installed, else a
/// printed skip with its reason.
pub fn smoke_step(tally: &mut Tally) {
    match nightly_toolchain() {
        Ok(()) => {
            tally.step(
                &format!("fuzz smoke ({SMOKE_SECONDS} s per target, nightly)"),
                || run(&["--smoke".to_string()]),
            );
        }
        Err(reason) => println!("\n==> fuzz smoke skipped: {reason}"),
    }
}

/// Ok when `rustup toolchain list` shows a nightly; otherwise the reason there is none.
fn nightly_toolchain() -> Result<(), String> {
    let output = tools::command("rustup")
        .args(["toolchain", "list"])
        .output()
        .map_err(|e| format!("no nightly toolchain (could not run rustup: {e})"))?;
    let list = String::from_utf8_lossy(&output.stdout);
    if list.lines().any(|line| line.trim().starts_with("nightly")) {
        Ok(())
    } else {
        Err("no nightly toolchain".into())
    }
}

/// `cargo +nightly fuzz …` from `fuzz/`. It goes through rustup's `cargo` proxy, since the `cargo`
/// running xtask is the stable toolchain's own binary and does not read `+nightly`.
fn fuzz_command() -> Command {
    let mut cmd = tools::command("cargo");
    cmd.args(["+nightly", "fuzz"])
        .current_dir(root().join("fuzz"))
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("CARGO")
        .env_remove("RUSTC");
    cmd
}

fn ensure_cargo_fuzz() -> Result<(), String> {
    let version = tools::command("cargo-fuzz")
        .arg("--version")
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
        .unwrap_or_default();
    if version.split_whitespace().nth(1) == Some(CARGO_FUZZ_VERSION) {
        return Ok(());
    }
    let mut install = tools::cargo();
    install.args([
        "install",
        "cargo-fuzz",
        "--version",
        CARGO_FUZZ_VERSION,
        "--locked",
    ]);
    println!("xtask: installing cargo-fuzz: {}", describe(&install));
    let status = install
        .status()
        .map_err(|e| format!("could not run `{}`: {e}", describe(&install)))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("installing cargo-fuzz failed ({status})"))
}

/// Runs one target, echoing libFuzzer's messages (not its per-input `#N NEW …` lines) and reading
/// the execution count and any saved crash from them.
/// Runs the targets, one per core at a time: libFuzzer uses one thread per run, so on two cores
/// the smoke's nine 20 s runs take a minute and a half instead of three. The outcomes keep the targets'
/// order.
fn run_targets(targets: &[&'static str], budget: Budget, build_flags: &[&str]) -> Vec<Outcome> {
    let workers = std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(targets.len());
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::with_capacity(targets.len()));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(&target) = targets.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let outcome = run_target(target, budget, build_flags);
                    done.lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push(outcome);
                }
            });
        }
    });
    let mut outcomes = done
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    outcomes.sort_by_key(|outcome| targets.iter().position(|t| *t == outcome.target));
    outcomes
}

fn run_target(target: &'static str, budget: Budget, build_flags: &[&str]) -> Outcome {
    let fuzz_dir = root().join("fuzz");
    let scratch = fuzz_dir.join("target/corpus").join(target);
    let committed = fuzz_dir.join("corpus").join(target);
    let mut outcome = Outcome {
        target,
        executions: None,
        seconds: 0,
        failure: None,
    };
    if let Err(e) = std::fs::create_dir_all(&scratch) {
        outcome.failure = Some(format!("{target}: {}: {e}", scratch.display()));
        return outcome;
    }

    let mut cmd = fuzz_command();
    cmd.args(["run"])
        .args(build_flags)
        .arg(target)
        .arg(&scratch)
        .arg(&committed)
        .arg("--")
        .args(libfuzzer_flags(budget))
        .stderr(Stdio::piped());
    println!("\n==> fuzz {target}: {}", describe(&cmd));

    let started = std::time::Instant::now();
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => {
            outcome.failure = Some(format!("{target}: could not run `{}`: {e}", describe(&cmd)));
            return outcome;
        }
    };
    let mut artifact: Option<PathBuf> = None;
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            // Skip the per-input lines (`#N NEW …`) and the closing dictionary (`"…" # Uses: N`),
            // but keep libFuzzer's pulses (at each power of two executions): a full run lasts an
            // hour or more, and they are its only progress report.
            let noise =
                (line.starts_with('#') && !line.contains("DONE") && !line.contains("pulse"))
                    || line.contains("# Uses: ")
                    || line.contains("NEW_FUNC[");
            if !noise {
                // Two targets run at once; say whose line this is.
                eprintln!("[{target}] {line}");
            }
            if let Some(count) = executions_in(&line) {
                outcome.executions = Some(count);
            }
            if let Some(path) = artifact_in(&line) {
                artifact = Some(fuzz_dir.join(path));
            }
        }
    }
    let status = child.wait();
    outcome.seconds = started.elapsed().as_secs();
    let ok = status.as_ref().is_ok_and(|s| s.success());
    if let Some(path) = artifact {
        outcome.failure = Some(format!(
            "{target}: crash, input saved at {}",
            display_relative(&path)
        ));
    } else if !ok {
        let status = status.map_or_else(|e| e.to_string(), |s| s.to_string());
        outcome.failure = Some(format!("{target}: cargo fuzz exited with {status}"));
    }
    outcome
}

fn libfuzzer_flags(budget: Budget) -> Vec<String> {
    let mut flags = vec![
        "-print_final_stats=1".to_string(),
        format!("-timeout={INPUT_TIMEOUT_S}"),
    ];
    match budget {
        Budget::Smoke => flags.push(format!("-max_total_time={SMOKE_SECONDS}")),
        Budget::Full { max_seconds } => {
            flags.push(format!("-runs={FULL_RUNS}"));
            if let Some(seconds) = max_seconds {
                flags.push(format!("-max_total_time={seconds}"));
            }
        }
    }
    flags
}

/// The execution count in libFuzzer's `stat::number_of_executed_units: N`, `#N DONE …` or
/// `Done N runs in S second(s)` lines.
fn executions_in(line: &str) -> Option<u64> {
    if let Some(rest) = line.strip_prefix("stat::number_of_executed_units:") {
        return rest.trim().parse().ok();
    }
    if let Some(rest) = line.strip_prefix('#') {
        let (count, tail) = rest.split_once(char::is_whitespace)?;
        return tail
            .trim_start()
            .starts_with("DONE")
            .then(|| count.parse().ok())
            .flatten();
    }
    let rest = line.strip_prefix("Done ")?;
    rest.split_once(" runs")?.0.parse().ok()
}

/// The path in libFuzzer's `… Test unit written to PATH` line.
fn artifact_in(line: &str) -> Option<&str> {
    let (_, path) = line.split_once("Test unit written to ")?;
    Some(path.trim())
}

fn display_relative(path: &Path) -> String {
    let root = root();
    path.strip_prefix(&root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::{artifact_in, executions_in};

    #[test]
    fn reads_the_execution_count() {
        assert_eq!(
            executions_in("stat::number_of_executed_units: 1234567"),
            Some(1_234_567)
        );
        assert_eq!(
            executions_in(
                "#2097152\tDONE   cov: 812 ft: 3456 corp: 301/9Kb exec/s: 69905 rss: 61Mb"
            ),
            Some(2_097_152)
        );
        assert_eq!(
            executions_in("Done 10000000 runs in 143 second(s)"),
            Some(10_000_000)
        );
        assert_eq!(
            executions_in("#1024\tpulse  cov: 80 ft: 90 corp: 3/10b exec/s: 512"),
            None
        );
        assert_eq!(executions_in("INFO: Seed: 42"), None);
    }

    #[test]
    fn reads_the_artifact_path() {
        let line = "artifact_prefix='/w/fuzz/artifacts/parse_id/'; Test unit written to /w/fuzz/artifacts/parse_id/crash-da39a3ee";
        assert_eq!(
            artifact_in(line),
            Some("/w/fuzz/artifacts/parse_id/crash-da39a3ee")
        );
        assert_eq!(artifact_in("INFO: Loaded 1 modules"), None);
    }
}
