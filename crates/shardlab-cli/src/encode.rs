//! `shardlab encode`: field values composed into an ID, in a 64-bit layout or an ID family.

use clap::Args;
use shardlab_core::id_family::IdFamily;
use shardlab_core::id_text::TextForm;
use shardlab_core::layout::{parse_id, ParseIdError};
use shardlab_core::text::quote;

use crate::decode;
use crate::layout_arg::{ChosenLayout, LayoutArgs, LayoutChoice};
use crate::output::{CliError, Report};

/// `shardlab encode [--layout PRESET | --layout FAMILY | --layout-file F] name=value …`
#[derive(Args, Debug, Clone)]
#[command(
    after_help = "ID families: the fields are the family's own (decode an ID to see \
them), values up to 128 bits in decimal or 0x hex, and the output is the family's text form. \
A UUID's fields depend on its version, so --layout uuid needs ver=1 … ver=8 to choose them; \
--layout uuidv7 means version 7 (ver may then be left out, or must be 7). The version and \
variant fields are filled in."
)]
pub struct EncodeArgs {
    #[command(flatten)]
    layout: LayoutArgs,

    /// Field values, e.g. shard=3429 type=1 local=7075733 (decimal, 0x hex or 0b binary; for
    /// an ID family, decimal or 0x hex). Fields not named are 0.
    #[arg(value_name = "NAME=VALUE", required = true)]
    values: Vec<String>,
}

/// Runs `encode`. The text form is the ID alone (decimal for a 64-bit layout, the family's own
/// text otherwise), so it composes in shell pipelines.
pub fn run(args: &EncodeArgs) -> Result<Report, CliError> {
    let pairs = args
        .values
        .iter()
        .map(|pair| split_pair(pair))
        .collect::<Result<Vec<_>, _>>()?;
    match args.layout.choose()? {
        LayoutChoice::Bits(chosen) => encode_bits(&chosen, &pairs),
        LayoutChoice::Family(family) => encode_family(family, args.layout.name(), &pairs),
    }
}

fn encode_bits(chosen: &ChosenLayout, pairs: &[(&str, &str)]) -> Result<Report, CliError> {
    let values = pairs
        .iter()
        .map(|&(name, value)| Ok((name, read_value(name, value)?)))
        .collect::<Result<Vec<_>, CliError>>()?;
    let id = chosen
        .layout
        .compose_named(values.iter().copied())
        .map_err(CliError::from_display)?;
    let decoded = decode::report(chosen, id)?;
    Ok(decoded.with_text(id.to_string()))
}

fn encode_family(
    family: IdFamily,
    layout_name: Option<&str>,
    pairs: &[(&str, &str)],
) -> Result<Report, CliError> {
    let values = pairs
        .iter()
        .map(|&(name, value)| Ok((name, read_wide_value(name, value)?)))
        .collect::<Result<Vec<_>, CliError>>()?;
    let implied = layout_name.and_then(IdFamily::implied_uuid_version);
    let decoded = family
        .compose_named(implied, &values)
        .map_err(CliError::from_display)?;
    let text = family
        .canonical_form()
        .format(&decoded.id)
        .map_err(CliError::from_display)?;
    let report = crate::decode_wide::report_decoded(family, &decoded)?;
    Ok(report.with_text(text))
}

/// Splits `name=value` at the first `=`.
fn split_pair(pair: &str) -> Result<(&str, &str), CliError> {
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
    Ok((name, value))
}

/// A 64-bit field's value, read as `parse_id` reads an ID.
fn read_value(name: &str, value: &str) -> Result<u64, CliError> {
    parse_id(value).map_err(|err| {
        let reason = match err {
            // parse_id speaks of IDs; here the number is a field value.
            ParseIdError::Negative { .. } => "field values are never negative".to_owned(),
            ParseIdError::Empty => "there is no value after the =".to_owned(),
            other => other.to_string(),
        };
        CliError::new(format!("the value of {}: {reason}", quote(name)))
    })
}

/// A family field's value, up to 128 bits: decimal, or hex after `0x`.
fn read_wide_value(name: &str, value: &str) -> Result<u128, CliError> {
    let trimmed = value.trim();
    let form = if trimmed.starts_with("0x") || trimmed.starts_with("0X") {
        TextForm::Hex
    } else {
        TextForm::Decimal
    };
    let context = || format!("the value of {}", quote(name));
    let id = form
        .parse(trimmed)
        .map_err(|err| CliError::from_display(err).context(context()))?;
    id.as_u128().ok_or_else(|| {
        CliError::new("field values are at most 128 bits; this one is wider").context(context())
    })
}
