//! The plumbing every subcommand shares: a report that is either text or one JSON object, the
//! one-line `error:` contract, and number formatting for people.

use std::fmt;
use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;
use shardlab_core::text::{bounded_message, name_hidden};

/// The exit status of every error, usage errors included.
const ERROR_STATUS: u8 = 2;

/// What a subcommand prints on success: the same result as text for people and as JSON for tools.
#[derive(Debug)]
pub struct Report {
    /// The JSON object, already serialized on one line.
    json: String,
    /// The human-readable form, one or more lines.
    text: String,
}

impl Report {
    /// A report from a serializable value (which must serialize to a JSON object) and its text.
    pub fn new(value: &impl Serialize, text: String) -> Result<Report, CliError> {
        let json = serde_json::to_string(value)
            .map_err(|err| CliError::new(format!("could not write the JSON output: {err}")))?;
        Ok(Report { json, text })
    }

    /// The same JSON with another text form.
    pub fn with_text(self, text: String) -> Report {
        Report { text, ..self }
    }

    /// The same report with these warnings: a `warning:` line each before the text, and a
    /// `"warnings"` list in the JSON object. No warnings leave it as it is.
    pub fn with_warnings(self, warnings: &[String]) -> Result<Report, CliError> {
        if warnings.is_empty() {
            return Ok(self);
        }
        let mut object: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&self.json)
                .map_err(|err| CliError::new(format!("could not write the JSON output: {err}")))?;
        object.insert("warnings".into(), warnings.into());
        let mut text: String = warnings.iter().map(|w| format!("warning: {w}\n")).collect();
        text.push_str(&self.text);
        Report::new(&object, text)
    }
}

/// A failure to report: one sentence, printed after `error: `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    message: String,
}

impl CliError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
        }
    }

    /// An error from anything displayable, such as the core's typed errors.
    pub fn from_display(err: impl fmt::Display) -> CliError {
        CliError::new(err.to_string())
    }

    /// The same error with context in front, e.g. the argument it came from.
    pub fn context(self, context: impl fmt::Display) -> CliError {
        CliError::new(format!("{context}: {}", self.message))
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Prints a report on stdout, as JSON or text, and returns the exit status.
///
/// Writing goes through `write!` rather than `println!`, which panics when stdout is closed (a
/// pipe into `head`, say); a failed write becomes an ordinary error instead.
pub fn emit(report: &Report, json: bool) -> ExitCode {
    let body = if json { &report.json } else { &report.text };
    let mut stdout = std::io::stdout().lock();
    let written = writeln!(stdout, "{}", body.trim_end()).and_then(|()| stdout.flush());
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => fail(&CliError::new(format!("could not write the output: {err}"))),
    }
}

/// Prints `error: …` as exactly one line on stderr and returns exit status 2.
pub fn fail(err: &CliError) -> ExitCode {
    let line = one_line(&err.message);
    // Nothing more can be reported if stderr itself is gone; the exit status still says it failed.
    let _ = writeln!(std::io::stderr().lock(), "error: {line}");
    ExitCode::from(ERROR_STATUS)
}

/// Folds a message onto one line: its own line breaks become spaces, and any other hidden
/// character (a terminal escape, a bidi override) is named by code point, the core's rule, so
/// nothing splits or rewrites the `error:` line. Quoted input is named already (`text::quote`);
/// this covers the rest, such as an OS error's text.
pub fn one_line(message: &str) -> String {
    name_hidden(&message.trim().replace(['\n', '\r', '\t'], " "))
}

/// Handles a clap parse failure: help and version go to stdout with status 0; every usage error
/// becomes one `error:` line (clap's own first line, without its usage block) with status 2.
pub fn clap_failure(err: &clap::Error) -> ExitCode {
    if !err.use_stderr() {
        let _ = err.print();
        return ExitCode::SUCCESS;
    }
    if err.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // clap would print the whole help here; the contract wants one error line.
        return fail(&CliError::new(
            "no subcommand given; use decode, encode, locate, place or simulate (see 'shardlab --help')",
        ));
    }
    // clap quotes a bad argument whole: `invalid value '…' for '--id <ID>'`.
    fail(&CliError::new(format!(
        "{} (see 'shardlab --help')",
        bounded_message(&first_paragraph(&err.to_string()))
    )))
}

/// The first paragraph of clap's message on one line, without its `error:` prefix: clap puts
/// details such as the missing arguments on the lines after the first, then a blank line and the
/// usage block.
fn first_paragraph(rendered: &str) -> String {
    let paragraph: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .skip_while(|line| line.is_empty())
        .take_while(|line| !line.is_empty())
        .collect();
    let joined = paragraph.join(" ");
    let message = joined
        .strip_prefix("error:")
        .map_or(joined.as_str(), str::trim_start);
    if message.is_empty() {
        "the arguments could not be read".to_owned()
    } else {
        message.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_fold_onto_one_line() {
        assert_eq!(one_line("a\nb\r\nc\u{7}"), "a b  cU+0007");
        assert_eq!(one_line(" x\u{202E}y "), "xU+202Ey");
    }

    #[test]
    fn clap_details_join_the_first_line() {
        let rendered = "error: the following required arguments were not provided:\n  <ID>\n\nUsage: shardlab decode <ID>\n";
        assert_eq!(
            first_paragraph(rendered),
            "the following required arguments were not provided: <ID>"
        );
        assert_eq!(first_paragraph(""), "the arguments could not be read");
    }
}
