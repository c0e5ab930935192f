//! `shardlab`: the command line on the same core as the web app.
//!
//! Output is human-readable by default; `--json` prints one JSON object on stdout. Every error prints
//! one line starting with `error:` on stderr and exits with status 2.

use std::process::ExitCode;

use clap::Parser;

/// Where does a row live? Decode IDs, place keys and simulate designs.
#[derive(Parser, Debug)]
#[command(name = "shardlab", version, about)]
struct Cli {
    /// Print one JSON object on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // Help and version are not errors; everything else keeps the `error:` contract.
            let _ = err.print();
            return if err.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let _ = cli.json;
    ExitCode::SUCCESS
}
