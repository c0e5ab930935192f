//! `--scheme S --servers N [--vnodes V] [--table-size M] [--probes K] [--load-factor C |
//! --hash-balance-factor P]`: the placement scheme and servers that `locate` and `place` share.

use clap::Args;
use shardlab_core::placement::{
    check_probes, check_table_size, LoadFactor, SchemeKind, SchemeSettings, SchemeSpec, ServerList,
    DEFAULT_PROBES, DEFAULT_TABLE_SIZE, DEFAULT_VNODES, MAX_PROBES, MAX_SERVERS, MAX_VNODES,
    MIN_VNODES, SCHEME_NAMES,
};
use shardlab_core::text::{quote, thousands};

use crate::output::CliError;

/// The scheme, the server count and the ring's vnodes.
#[derive(Args, Debug, Clone)]
pub struct SchemeArgs {
    // The placement scheme, with the names from the core.
    #[arg(
        long,
        value_name = "S",
        help = concat!("The placement scheme: ", shardlab_core::scheme_name_list!(), " (id is ID-encoded placement)")
    )]
    scheme: String,

    /// How many servers, numbered 0 … N−1 (1 … 10,000).
    #[arg(long, value_name = "N")]
    servers: u64,

    /// Virtual nodes per server, for the ring (1 … 1000) [default: 160].
    #[arg(long, value_name = "V")]
    vnodes: Option<u32>,

    /// Slots in the Maglev table, a prime (2 … 1,000,003) [default: 65537].
    #[arg(long, value_name = "M")]
    table_size: Option<u32>,

    /// Probes per key, for multi-probe (1 … 1000) [default: 21].
    #[arg(long, value_name = "K")]
    probes: Option<u32>,

    /// Load factor c of bounded-load: no server holds more than ⌈c · keys / servers⌉ keys
    /// (1 … 1,000,000) [default: 1.25].
    #[arg(long, value_name = "C", conflicts_with = "hash_balance_factor")]
    load_factor: Option<f64>,

    /// The load factor as HAProxy's hash-balance-factor, a percentage of the average load
    /// (at least 100; 125 is c = 1.25).
    #[arg(long, value_name = "P")]
    hash_balance_factor: Option<u64>,
}

/// The checked settings.
#[derive(Debug, Clone)]
pub struct SchemeChoice {
    /// The scheme and its settings.
    pub spec: SchemeSpec,
    /// Servers `0 … N−1`, weight 1 each.
    pub servers: ServerList,
}

impl SchemeArgs {
    /// Checks the settings and builds the server list.
    pub fn resolve(&self) -> Result<SchemeChoice, CliError> {
        let kind =
            SchemeKind::from_name(&self.scheme.trim().to_ascii_lowercase()).map_err(|_| {
                CliError::new(format!(
                    "there is no placement scheme called {}; the schemes are {} (id is ID-encoded placement)",
                    quote(&self.scheme),
                    SCHEME_NAMES.join(", ")
                ))
            })?;
        let vnodes = self.vnodes.unwrap_or(DEFAULT_VNODES);
        let table_size = self.table_size.unwrap_or(DEFAULT_TABLE_SIZE);
        let probes = self.probes.unwrap_or(DEFAULT_PROBES);
        let load_factor = match (self.load_factor, self.hash_balance_factor) {
            (Some(c), _) => LoadFactor::new(c)
                .map_err(|why| CliError::new(format!("--load-factor is refused. {why}")))?,
            (None, Some(percent)) => LoadFactor::from_percent(percent)
                .map_err(|why| CliError::new(format!("--hash-balance-factor is refused. {why}")))?,
            (None, None) => LoadFactor::default(),
        };
        let spec = SchemeSpec::with_settings(
            kind,
            SchemeSettings {
                vnodes: Some(vnodes),
                table_size: Some(table_size),
                probes: Some(probes),
                load_factor: Some(load_factor),
            },
        );
        // Checked for every scheme, not only the one that uses each, so a typo is never silently
        // ignored.
        if !(MIN_VNODES..=MAX_VNODES).contains(&vnodes) {
            return Err(CliError::new(format!(
                "--vnodes must be {MIN_VNODES} … {MAX_VNODES}, but it is {vnodes}"
            )));
        }
        check_probes(probes).map_err(|_| {
            CliError::new(format!(
                "--probes must be 1 … {MAX_PROBES}, but it is {probes}"
            ))
        })?;
        check_table_size(table_size)
            .map_err(|why| CliError::new(format!("--table-size {table_size} is refused. {why}")))?;
        let count = server_count(self.servers)?;
        let servers = ServerList::uniform(count).map_err(CliError::from_display)?;
        Ok(SchemeChoice { spec, servers })
    }
}

/// `--servers` within 1 ..= `MAX_SERVERS`, checked here because building the list first would
/// allocate one entry per requested server, billions for a typo.
fn server_count(servers: u64) -> Result<u32, CliError> {
    let max = u64::try_from(MAX_SERVERS).unwrap_or(u64::MAX);
    match u32::try_from(servers) {
        Ok(count) if count >= 1 && servers <= max => Ok(count),
        _ => Err(CliError::new(format!(
            "--servers must be 1 … {}, but it is {}",
            thousands(max),
            thousands(servers)
        ))),
    }
}
