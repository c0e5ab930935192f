//! `shardlab locate`: which server owns one key.

use clap::Args;
use serde::Serialize;
use shardlab_core::placement::{key_hash, Placement, SchemeSettings};
use shardlab_core::text::thousands;

use crate::output::{CliError, Report};
use crate::scheme_arg::SchemeArgs;

/// `shardlab locate --scheme S --servers N [--vnodes V] [--table-size M] [--probes K] KEY`
#[derive(Args, Debug, Clone)]
pub struct LocateArgs {
    #[command(flatten)]
    scheme: SchemeArgs,

    /// The key. A plain decimal number that fits in 64 bits is its own hash (and, for range and
    /// id, the ID itself); any other text is hashed with xxh3-64 under shardlab's fixed seed.
    /// A key that starts with - goes after --.
    #[arg(value_name = "KEY", allow_negative_numbers = true)]
    key: String,
}

/// The JSON object: `scheme`, `key` and `owner` from the contract, plus the hash and settings.
#[derive(Serialize)]
struct LocateJson<'a> {
    scheme: &'a str,
    key: &'a str,
    /// The server number.
    owner: u32,
    /// The 64-bit key hash; a string, like IDs, because it can exceed 2^53.
    hash: String,
    servers: usize,
    /// The scheme's own settings (`vnodes`, `table_size`, `probes`), flat in the object.
    #[serde(flatten)]
    settings: SchemeSettings,
}

/// Runs `locate`.
pub fn run(args: &LocateArgs) -> Result<Report, CliError> {
    let choice = args.scheme.resolve()?;
    if args.key.is_empty() {
        return Err(CliError::new(
            "the key is empty; give a key such as user:42 or 256",
        ));
    }
    let placement = choice
        .spec
        .build(choice.servers.clone())
        .map_err(CliError::from_display)?;
    let hash = key_hash(&args.key);
    let owner = placement.locate(hash);
    let json = LocateJson {
        scheme: choice.spec.name(),
        key: &args.key,
        owner: owner.0,
        hash: hash.to_string(),
        servers: choice.servers.len(),
        settings: choice.spec.settings(),
    };
    // The same test `key_hash` makes: only ASCII digits that fit in a u64 are their own hash.
    let is_own_hash = args.key.bytes().all(|byte| byte.is_ascii_digit())
        && args.key.parse::<u64>().ok() == Some(hash);
    let how = if is_own_hash {
        "a plain decimal key is its own hash"
    } else {
        "xxh3-64 of the key's UTF-8 bytes"
    };
    let SchemeSettings {
        vnodes,
        table_size,
        probes,
    } = json.settings;
    let settings = match (vnodes, table_size, probes) {
        (Some(vnodes), _, _) => format!(" with {} vnodes each", thousands(u64::from(vnodes))),
        (None, Some(slots), _) => {
            format!(" with a table of {} slots", thousands(u64::from(slots)))
        }
        (None, None, Some(probes)) => format!(" with {probes} probes per key"),
        (None, None, None) => String::new(),
    };
    let text = [
        format!(
            "scheme  {} over {} servers{settings}",
            json.scheme,
            thousands(u64::try_from(json.servers).unwrap_or(u64::MAX))
        ),
        format!("key     {}", args.key),
        format!("hash    {hash} ({how})"),
        format!("owner   server {}", owner.0),
    ]
    .join("\n");
    Report::new(&json, text)
}
