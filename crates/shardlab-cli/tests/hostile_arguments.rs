//! Arguments that would make the `error:` line long or rewrite it (issue 16): a 100,000-character
//! value gives a short line with its length, and a bidi override or a terminal escape is named
//! by code point, never printed.

// Helpers outside #[test] functions are not covered by clippy.toml's allow-expect-in-tests; a
// failed expect here is a failed test, which is what it should be.
#![allow(clippy::expect_used)]

mod support;

use std::process::Command;

use support::{shardlab, Run};

/// The longest error line a hostile argument may give.
const MAX_LINE_CHARS: usize = 400;

/// A long value, under Linux's 128 KiB limit on one argument.
fn long() -> String {
    "x".repeat(100_000)
}

/// Each argument list, with `value` in the place a reader's text goes. The last is clap's own
/// message (the value is not a number); the others are ours.
fn runs(value: &str) -> Vec<Run> {
    let pair = format!("{value}=1");
    [
        vec!["decode", "--layout", value, "1"],
        vec!["encode", value],
        vec!["encode", &pair],
        vec!["locate", "--scheme", value, "--servers", "4", "k"],
        vec!["simulate", "--preset", value],
        vec!["locate", "--servers", value, "k"],
    ]
    .iter()
    .map(|args| shardlab(args))
    .collect()
}

/// Asserts that every run failed with an error line that says `expected`.
fn assert_all_say(runs: &[Run], expected: &str) {
    for run in runs {
        let line = run.error();
        assert!(line.contains(expected), "{line}");
    }
}

#[test]
fn a_long_argument_gives_a_short_line_with_its_length() {
    let runs = runs(&long());
    for run in &runs {
        let line = run.error();
        let start: String = line.chars().take(MAX_LINE_CHARS).collect();
        assert!(line.chars().count() < MAX_LINE_CHARS, "{start}");
    }
    // Where the message quotes the value itself, it says how long it was.
    assert_all_say(&runs[..5], "(100,000 characters)");
}

#[test]
fn overrides_and_escapes_are_named_by_code_point() {
    let runs = runs("a\u{202E}b\u{1B}[31mc");
    assert_all_say(&runs, "aU+202Eb");
    for run in &runs {
        assert!(
            !run.stderr.contains(['\u{202E}', '\u{1B}']),
            "{}",
            run.stderr
        );
    }
    // clap drops the escape sequence from its own message; ours name it.
    assert_all_say(&runs[..5], "aU+202EbU+001B[31mc");
}

#[test]
fn a_file_name_s_override_is_named_by_code_point() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("shardlab-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let name = "invoice\u{202E}nosj.json";
    std::fs::write(dir.join(name), "not json").expect("temp file");
    // Run where the file is, so the line quotes the short name the reader typed.
    let output = Command::new(env!("CARGO_BIN_EXE_shardlab"))
        .args(["simulate", name])
        .current_dir(&dir)
        .output()
        .expect("the shardlab binary runs");
    let _ = std::fs::remove_dir_all(&dir);
    let run = Run {
        status: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    let line = run.error();
    assert!(
        line.contains("the design file \"invoiceU+202Enosj.json\" is not a design in JSON"),
        "{line}"
    );
    assert!(!line.contains('\u{202E}'), "{line}");
}
