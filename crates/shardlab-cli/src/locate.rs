//! `shardlab locate`: which server owns one key.

use clap::Args;
use serde::Serialize;
use shardlab_core::placement::{
    check_place_budget, key_hash, BoundedLoad, Placement, SchemeSettings, SchemeSpec,
    MAX_PLACE_KEYS,
};
use shardlab_core::text::thousands;

use crate::output::{CliError, Report};
use crate::scheme_arg::SchemeArgs;

/// `shardlab locate --scheme S --servers N [--vnodes V] [--table-size M] [--probes K]
/// [--load-factor C] [--keys M] [--seed X] KEY`
#[derive(Args, Debug, Clone)]
pub struct LocateArgs {
    #[command(flatten)]
    scheme: SchemeArgs,

    /// The key. A plain decimal number that fits in 64 bits is its own hash (and, for range and
    /// id, the ID itself); any other text is hashed with xxh3-64 under shardlab's fixed seed.
    /// A key that starts with - goes after --.
    #[arg(value_name = "KEY", allow_negative_numbers = true)]
    key: String,

    /// For bounded-load, whose owners depend on the other keys: the key arrives after M keys of
    /// the experiment stream of --seed (0 … 10,000,000) [default: 0, an empty cluster].
    #[arg(long, value_name = "M")]
    keys: Option<u64>,

    /// The seed of those other keys (bounded-load).
    #[arg(long, value_name = "X", default_value_t = 1)]
    seed: u64,
}

/// What bounded-load adds to `locate --json`: the owner depends on the keys before this one.
#[derive(Serialize)]
struct ArrivalJson {
    /// Always true: says the owner is not a function of the key alone.
    depends_on_other_keys: bool,
    /// Keys of the stream placed before this one.
    keys_before: u64,
    seed: u64,
    /// The owner on the plain ring, before any walk.
    ring_owner: u32,
    /// The full servers the key walked past, in order.
    passed_full: Vec<u32>,
    /// The owner's capacity, ⌈c · (keys_before + 1) / servers⌉.
    capacity: u64,
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
    /// The scheme's own settings (`vnodes`, `table_size`, `probes`, `load_factor`), flat in the
    /// object.
    #[serde(flatten)]
    settings: SchemeSettings,
    /// Bounded-load only.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    arrival: Option<ArrivalJson>,
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
    let arrival = if let SchemeSpec::BoundedLoad {
        vnodes,
        load_factor,
    } = choice.spec
    {
        let keys_before = args.keys.unwrap_or(0);
        if keys_before > 0 {
            check_place_budget(&choice.spec, keys_before, 0, 0).map_err(|_| {
                CliError::new(format!(
                    "--keys must be 0 … {}, but it is {}",
                    thousands(MAX_PLACE_KEYS),
                    thousands(keys_before)
                ))
            })?;
        }
        let scheme = BoundedLoad::new(choice.servers.clone(), vnodes, load_factor)
            .map_err(CliError::from_display)?;
        Some(scheme.arrival(hash, keys_before, args.seed))
    } else if args.keys.is_some() {
        return Err(CliError::new(
            "--keys is for --scheme bounded-load, the one scheme whose owner of a key depends on the other keys",
        ));
    } else {
        None
    };
    let owner = arrival
        .as_ref()
        .map_or_else(|| placement.locate(hash), |arrival| arrival.owner);
    let arrival_json = arrival.as_ref().map(|arrival| ArrivalJson {
        depends_on_other_keys: true,
        keys_before: arrival.keys_before,
        seed: args.seed,
        ring_owner: arrival.ring_owner.0,
        passed_full: arrival
            .chain
            .iter()
            .filter(|step| step.full)
            .map(|step| step.server.0)
            .collect(),
        capacity: arrival.chain.last().map_or(0, |step| step.capacity),
    });
    let json = LocateJson {
        scheme: choice.spec.name(),
        key: &args.key,
        owner: owner.0,
        hash: hash.to_string(),
        servers: choice.servers.len(),
        settings: choice.spec.settings(),
        arrival: arrival_json,
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
        load_factor,
    } = json.settings;
    let settings = match (vnodes, table_size, probes, load_factor) {
        (Some(vnodes), _, _, Some(c)) => format!(
            " with {} vnodes each and load factor {c}",
            thousands(u64::from(vnodes))
        ),
        (Some(vnodes), _, _, None) => {
            format!(" with {} vnodes each", thousands(u64::from(vnodes)))
        }
        (None, Some(slots), _, _) => {
            format!(" with a table of {} slots", thousands(u64::from(slots)))
        }
        (None, None, Some(probes), _) => format!(" with {probes} probes per key"),
        (None, None, None, _) => String::new(),
    };
    let mut text = vec![
        format!(
            "scheme  {} over {} servers{settings}",
            json.scheme,
            thousands(u64::try_from(json.servers).unwrap_or(u64::MAX))
        ),
        format!("key     {}", args.key),
        format!("hash    {hash} ({how})"),
        format!("owner   server {}", owner.0),
    ];
    if let Some(arrival) = &json.arrival {
        text.push(format!(
            "note    the owner depends on the other keys: this key arrives after {} keys from seed {}, capacity {} each",
            thousands(arrival.keys_before),
            arrival.seed,
            thousands(arrival.capacity)
        ));
        let walk = if arrival.passed_full.is_empty() {
            "it had room".to_owned()
        } else {
            let passed: Vec<String> = arrival
                .passed_full
                .iter()
                .map(|server| format!("server {server}"))
                .collect();
            format!("full, so the key walked past {}", passed.join(", "))
        };
        text.push(format!("ring    server {}: {walk}", arrival.ring_owner));
    }
    Report::new(&json, text.join("\n"))
}
