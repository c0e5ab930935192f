//! `shardlab`: the command line on the same core as the web app.
//!
//! Output is human-readable by default; `--json` prints one JSON object on stdout. Every error prints
//! one line starting with `error:` on stderr and exits with status 2.

// No panic from input: arguments and files are the reader's, and every bad one must end as an
// `error:` line and status 2, never a panic. The same lints as the core and the app.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod capacity;
mod cures;
mod decode;
mod decode_batch;
mod decode_wide;
mod detect;
mod encode;
mod layout_arg;
mod locate;
mod output;
mod place;
mod scheme_arg;
mod simulate;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Where does a row live? Decode IDs, place keys, simulate designs and find their capacity.
#[derive(Parser, Debug)]
#[command(name = "shardlab", version, about)]
struct Cli {
    /// Print one JSON object on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,

    #[command(subcommand)]
    command: Command,
}

/// The subcommands, one module each.
#[derive(Subcommand, Debug)]
enum Command {
    /// Take an ID apart into its fields, and find the host of its row.
    Decode(decode::DecodeArgs),
    /// Compose an ID from field values (name=value …).
    Encode(encode::EncodeArgs),
    /// Find the server that owns a key under a placement scheme.
    Locate(locate::LocateArgs),
    /// Measure how many keys move when servers are added or removed.
    Place(place::PlaceArgs),
    /// A hot key on a ring: the requests per server under each cure, on the same requests.
    Cures(cures::CuresArgs),
    /// Simulate a board design (a preset or a JSON file): Apdex, latency, errors, burn.
    Simulate(simulate::SimulateArgs),
    /// Find the most users a design serves while it meets a target, by seeded simulations.
    Capacity(capacity::CapacityArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return output::clap_failure(&err),
    };
    let outcome = match &cli.command {
        Command::Decode(args) => decode::run(args),
        Command::Encode(args) => encode::run(args),
        Command::Locate(args) => locate::run(args),
        Command::Place(args) => place::run(args),
        Command::Cures(args) => cures::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Capacity(args) => capacity::run(args),
    };
    match outcome {
        Ok(report) => output::emit(&report, cli.json),
        Err(err) => output::fail(&err),
    }
}
