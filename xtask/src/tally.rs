//! Counting what passed and failed across every step of `cargo xtask test`.
//!
//! A cargo test run counts its tests (from the `test result:` lines), a Playwright run counts its
//! tests (from its JSON report), a run of node's test runner counts its tests (from its summary's
//! `pass` and `fail` lines), and a check such as `cargo fmt --check` counts as one. The summary
//! line `N passed, N failed` is the last thing printed, after each phase's wall time (issue 20 §5:
//! where the suite's minutes go).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::describe;

/// The running totals.
#[derive(Default)]
pub struct Tally {
    passed: u64,
    failed: u64,
    failures: Vec<String>,
    /// Each finished phase and how long it took, in order.
    phases: Vec<(String, Duration)>,
    /// The phase running now, since when.
    current: Option<(String, Instant)>,
    /// The slowest browser tests of the run, in ms, slowest first: where CI's minutes go.
    slowest: Vec<(u64, String)>,
}

/// How many of the slowest browser tests the summary names.
const SLOWEST_SHOWN: usize = 12;

/// Every test result in a Playwright JSON report as (duration in ms, `file › title`), slowest
/// first, at most `n` of them.
fn slowest_tests(report: &serde_json::Value, n: usize) -> Vec<(u64, String)> {
    fn walk(suite: &serde_json::Value, file: &str, out: &mut Vec<(u64, String)>) {
        let file = suite.get("file").and_then(|f| f.as_str()).unwrap_or(file);
        for spec in suite
            .get("specs")
            .and_then(|s| s.as_array())
            .into_iter()
            .flatten()
        {
            let title = spec.get("title").and_then(|t| t.as_str()).unwrap_or("?");
            let results = spec
                .get("tests")
                .and_then(|t| t.as_array())
                .into_iter()
                .flatten()
                .flat_map(|test| {
                    test.get("results")
                        .and_then(|r| r.as_array())
                        .into_iter()
                        .flatten()
                });
            for result in results {
                let ms = result.get("duration").and_then(|d| d.as_u64()).unwrap_or(0);
                out.push((ms, format!("{file} › {title}")));
            }
        }
        for child in suite
            .get("suites")
            .and_then(|s| s.as_array())
            .into_iter()
            .flatten()
        {
            walk(child, file, out);
        }
    }
    let mut all = Vec::new();
    for suite in report
        .get("suites")
        .and_then(|s| s.as_array())
        .into_iter()
        .flatten()
    {
        walk(suite, "", &mut all);
    }
    all.sort_by_key(|test| std::cmp::Reverse(test.0));
    all.truncate(n);
    all
}

impl Tally {
    /// Starts the phase `what` (ending the one before it).
    fn banner(&mut self, what: &str) {
        self.end_phase();
        println!("\n==> {what}");
        self.current = Some((what.to_owned(), Instant::now()));
    }

    fn end_phase(&mut self) {
        if let Some((what, started)) = self.current.take() {
            self.phases.push((what, started.elapsed()));
        }
    }

    /// Records a failed step that did not run.
    pub fn fail(&mut self, what: &str) {
        self.failed += 1;
        self.failures.push(what.to_string());
    }

    /// A step that runs in-process and passes or fails as one.
    pub fn step(&mut self, what: &str, step: impl FnOnce() -> Result<(), String>) -> bool {
        self.banner(what);
        match step() {
            Ok(()) => {
                self.passed += 1;
                true
            }
            Err(message) => {
                eprintln!("{what}: {message}");
                self.fail(what);
                false
            }
        }
    }

    /// A command that passes or fails as one.
    pub fn check(&mut self, what: &str, cmd: &mut Command) -> bool {
        self.banner(what);
        match cmd.status() {
            Ok(status) if status.success() => {
                self.passed += 1;
                true
            }
            Ok(status) => {
                eprintln!("{what}: `{}` exited with {status}", describe(cmd));
                self.fail(what);
                false
            }
            Err(e) => {
                eprintln!("{what}: could not run `{}`: {e}", describe(cmd));
                self.fail(what);
                false
            }
        }
    }

    /// A `cargo test` run: its output is echoed and its `test result:` lines are summed.
    pub fn cargo_tests(&mut self, what: &str, cmd: &mut Command) {
        self.counted(what, cmd, parse_test_result);
    }

    /// A run of node's test runner (`node --test`): its output is echoed and its summary counted.
    pub fn node_tests(&mut self, what: &str, cmd: &mut Command) {
        self.counted(what, cmd, parse_node_summary);
    }

    /// A command whose output is echoed and whose lines `parse` reads into (passed, failed), summed.
    fn counted(&mut self, what: &str, cmd: &mut Command, parse: fn(&str) -> Option<(u64, u64)>) {
        self.banner(what);
        cmd.stdout(Stdio::piped());
        let mut child = match cmd.spawn() {
            Ok(child) => child,
            Err(e) => {
                eprintln!("{what}: could not run `{}`: {e}", describe(cmd));
                return self.fail(what);
            }
        };
        let (mut passed, mut failed, mut results) = (0, 0, 0);
        if let Some(stdout) = child.stdout.take() {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                println!("{line}");
                if let Some((p, f)) = parse(&line) {
                    passed += p;
                    failed += f;
                    results += 1;
                }
            }
        }
        let ok = child.wait().map(|s| s.success()).unwrap_or(false);
        self.passed += passed;
        self.failed += failed;
        if failed > 0 {
            self.failures.push(format!("{what}: {failed} failed"));
        }
        if !ok && failed == 0 {
            // A build error or a crashed runner: no test line says so, so count the step itself.
            self.fail(&format!(
                "{what} (did not complete; {results} summary lines read)"
            ));
        }
    }

    /// A Playwright run, counted from its JSON report.
    pub fn playwright(&mut self, what: &str, cmd: &mut Command, report: &Path) {
        self.banner(what);
        let _ = std::fs::remove_file(report);
        let ok = cmd.status().map(|s| s.success()).unwrap_or(false);
        let json = std::fs::read_to_string(report)
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
        if let Some(json) = &json {
            self.slowest.extend(slowest_tests(json, SLOWEST_SHOWN));
        }
        let stats = json.and_then(|json| json.get("stats").cloned());
        match stats {
            Some(stats) => {
                let count = |key: &str| {
                    stats
                        .get(key)
                        .and_then(serde_json::Value::as_u64)
                        .unwrap_or(0)
                };
                let failed = count("unexpected") + count("flaky");
                self.passed += count("expected");
                self.failed += failed;
                if failed > 0 {
                    self.failures.push(format!("{what}: {failed} failed"));
                }
                if !ok && failed == 0 {
                    self.fail(&format!("{what} (runner failed)"));
                }
            }
            None => self.fail(&format!("{what} (no report at {})", report.display())),
        }
    }

    /// Prints the summary and turns it into the exit status.
    pub fn finish(mut self) -> Result<(), String> {
        self.end_phase();
        println!("\nWall time per phase:");
        for (what, took) in &self.phases {
            println!("  {:>9}  {what}", minutes(*took));
        }
        let total: Duration = self.phases.iter().map(|(_, took)| *took).sum();
        println!("  {:>9}  in all", minutes(total));
        // Every Playwright run's slowest, slowest first across the runs.
        self.slowest.sort_by_key(|test| std::cmp::Reverse(test.0));
        self.slowest.truncate(SLOWEST_SHOWN);
        if !self.slowest.is_empty() {
            println!("\nSlowest browser tests:");
            for (ms, test) in &self.slowest {
                println!("  {:>7.1} s  {test}", *ms as f64 / 1000.0);
            }
        }
        if !self.failures.is_empty() {
            println!("\nFailed:");
            for failure in &self.failures {
                println!("  - {failure}");
            }
        }
        println!("\n{} passed, {} failed", self.passed, self.failed);
        if self.failed == 0 {
            Ok(())
        } else {
            Err(String::new())
        }
    }
}

/// Reads `test result: ok. 12 passed; 0 failed; …` into (passed, failed).
fn parse_test_result(line: &str) -> Option<(u64, u64)> {
    let rest = line.trim().strip_prefix("test result: ")?;
    let number_before = |label: &str| -> Option<u64> {
        let end = rest.find(label)?;
        rest.get(..end)?.split_whitespace().last()?.parse().ok()
    };
    Some((number_before(" passed")?, number_before(" failed")?))
}

/// Reads a line of node's test summary (`ℹ pass 40` from the spec reporter, `# fail 1` from TAP)
/// into (passed, failed). A cancelled test (its suite's setup failed, or it timed out) failed.
fn parse_node_summary(line: &str) -> Option<(u64, u64)> {
    let rest = line
        .strip_prefix("ℹ ")
        .or_else(|| line.strip_prefix("# "))?;
    let (key, count) = rest.split_once(' ')?;
    let count: u64 = count.trim_end().parse().ok()?;
    match key {
        "pass" => Some((count, 0)),
        "fail" | "cancelled" => Some((0, count)),
        _ => None,
    }
}

/// `m:ss` for a phase's wall time.
fn minutes(took: Duration) -> String {
    let seconds = took.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_slowest_browser_tests_are_read_from_nested_suites() {
        let report = serde_json::json!({
            "suites": [{
                "file": "a.spec.js",
                "specs": [{"title": "quick", "tests": [{"results": [{"duration": 40}]}]}],
                "suites": [{
                    "title": "group",
                    "specs": [{"title": "slow", "tests": [{"results": [{"duration": 9000}]}]}]
                }]
            }, {
                "file": "b.spec.js",
                "specs": [{"title": "middle", "tests": [{"results": [{"duration": 700}]}]}]
            }]
        });
        assert_eq!(
            slowest_tests(&report, 2),
            [
                (9000, "a.spec.js › slow".to_owned()),
                (700, "b.spec.js › middle".to_owned())
            ]
        );
    }

    use super::*;

    #[test]
    fn reads_cargo_test_summary() {
        let line = "test result: ok. 12 passed; 3 failed; 1 ignored; 0 measured; 0 filtered out";
        assert_eq!(parse_test_result(line), Some((12, 3)));
    }

    #[test]
    fn ignores_other_lines() {
        assert_eq!(parse_test_result("running 3 tests"), None);
        assert_eq!(parse_test_result("test result: garbled"), None);
    }

    #[test]
    fn reads_node_test_summary_in_either_reporter() {
        let spec = "ℹ tests 41\nℹ suites 1\nℹ pass 39\nℹ fail 1\nℹ cancelled 1\nℹ duration_ms 9.5";
        let tap = "# tests 41\n# pass 39\n# fail 1\n# cancelled 1\n# todo 0";
        for summary in [spec, tap] {
            let (passed, failed) = summary
                .lines()
                .filter_map(parse_node_summary)
                .fold((0, 0), |(p, f), (dp, df)| (p + dp, f + df));
            assert_eq!((passed, failed), (39, 2), "{summary}");
        }
    }

    #[test]
    fn a_test_named_like_a_count_is_not_one() {
        assert_eq!(parse_node_summary("✔ pass 3 (12ms)"), None);
        assert_eq!(parse_node_summary("  ℹ pass 3"), None);
        assert_eq!(parse_node_summary("ℹ pass three"), None);
    }

    #[test]
    fn each_phase_is_timed_until_the_next_begins() {
        let mut tally = Tally::default();
        tally.step("first", || Ok(()));
        std::thread::sleep(Duration::from_millis(20));
        tally.fail("no phase of its own");
        tally.step("second", || Err("broke".into()));
        tally.end_phase();
        let names: Vec<&str> = tally.phases.iter().map(|(w, _)| w.as_str()).collect();
        assert_eq!(names, ["first", "second"]);
        assert!(tally.phases[0].1 >= Duration::from_millis(20));
        assert_eq!((tally.passed, tally.failed), (1, 2));
    }

    #[test]
    fn wall_times_read_as_minutes_and_seconds() {
        assert_eq!(minutes(Duration::from_secs(0)), "0:00");
        assert_eq!(minutes(Duration::from_secs(61)), "1:01");
        assert_eq!(minutes(Duration::from_secs(3_725)), "62:05");
    }
}
