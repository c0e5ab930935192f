//! `shardlab encode`: field values composed into an ID.

use clap::Args;
use shardlab_core::layout::{parse_id, ParseIdError};
use shardlab_core::text::quote;

use crate::decode;
use crate::layout_arg::LayoutArgs;
use crate::output::{CliError, Report};

/// `shardlab encode [--layout PRESET | --layout-file F] name=value …`
#[derive(Args, Debug, Clone)]
pub struct EncodeArgs {
    #[command(flatten)]
    layout: LayoutArgs,

    /// Field values, e.g. shard=3429 type=1 local=7075733 (decimal, 0x hex or 0b binary).
    /// Fields not named are 0.
    #[arg(value_name = "NAME=VALUE", required = true)]
    values: Vec<String>,
}

/// Runs `encode`. The text form is the decimal ID alone, so it composes in shell pipelines.
pub fn run(args: &EncodeArgs) -> Result<Report, CliError> {
    let chosen = args.layout.resolve()?;
    let pairs = args
        .values
        .iter()
        .map(|pair| parse_pair(pair))
        .collect::<Result<Vec<_>, _>>()?;
    let id = chosen
        .layout
        .compose_named(pairs.iter().map(|(name, value)| (*name, *value)))
        .map_err(CliError::from_display)?;
    let decoded = decode::report(&chosen, id)?;
    Ok(decoded.with_text(id.to_string()))
}

/// Splits `name=value` at the first `=` and reads the value as `parse_id` reads an ID.
fn parse_pair(pair: &str) -> Result<(&str, u64), CliError> {
    let Some((name, value)) = pair.split_once('=') else {
        return Err(CliError::new(format!(
            "{} is not name=value; write each field as e.g. shard=3429",
            quote(pair)
        )));
    };
    if name.is_empty() {
        return Err(CliError::new(format!(
            "{} has no field name before the =",
            quote(pair)
        )));
    }
    let value = parse_id(value).map_err(|err| {
        let reason = match err {
            // parse_id speaks of IDs; here the number is a field value.
            ParseIdError::Negative { .. } => "field values are never negative".to_owned(),
            ParseIdError::Empty => "there is no value after the =".to_owned(),
            other => other.to_string(),
        };
        CliError::new(format!("the value of {}: {reason}", quote(name)))
    })?;
    Ok((name, value))
}
