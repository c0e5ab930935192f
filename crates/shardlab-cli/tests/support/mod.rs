//! Running the built `shardlab` binary and reading what it printed.

#![allow(dead_code)] // each test file uses a different part of this module

use std::process::{Command, Output};

use serde_json::Value;

/// What one run printed and how it exited.
pub struct Run {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `shardlab` with these arguments.
pub fn shardlab(args: &[&str]) -> Run {
    let output: Output = Command::new(env!("CARGO_BIN_EXE_shardlab"))
        .args(args)
        .output()
        .expect("the shardlab binary runs");
    Run {
        status: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

impl Run {
    /// Asserts success with nothing on stderr and returns stdout.
    pub fn ok(&self) -> &str {
        assert_eq!(
            self.status,
            Some(0),
            "expected success; stderr: {}",
            self.stderr
        );
        assert_eq!(self.stderr, "", "nothing on stderr on success");
        &self.stdout
    }

    /// Asserts success and parses stdout as exactly one JSON object.
    pub fn json(&self) -> Value {
        let stdout = self.ok();
        assert_eq!(stdout.lines().count(), 1, "one JSON line: {stdout}");
        let value: Value = serde_json::from_str(stdout).expect("stdout is JSON");
        assert!(value.is_object(), "the JSON is an object: {value}");
        value
    }

    /// Asserts the error contract: exit 2, nothing on stdout, and exactly one stderr line that
    /// starts with `error:`. Returns that line.
    pub fn error(&self) -> &str {
        assert_eq!(
            self.status,
            Some(2),
            "expected exit 2; stdout: {} stderr: {}",
            self.stdout,
            self.stderr
        );
        assert_eq!(self.stdout, "", "nothing on stdout on error");
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "one stderr line: {:?}", self.stderr);
        let line = lines.first().copied().unwrap_or_default();
        assert!(line.starts_with("error: "), "starts with error: {line:?}");
        line
    }
}
