//! `shardlab decode`: an ID taken apart into its fields, and where its row lives.

use clap::Args;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use shardlab_core::layout::{
    object_type, parse_id, DecodedField, FieldRole, Preset, ShardMapError,
};

use crate::layout_arg::{ChosenLayout, LayoutArgs, LayoutChoice};
use shardlab_core::text::hex_u64_grouped;

use crate::output::{CliError, Report};

/// `shardlab decode [--layout PRESET | --layout-file F | --detect [--now T]] ID`, or
/// `shardlab decode [--layout …] --batch FILE [--column N|NAME [--header]]`
#[derive(Args, Debug, Clone)]
pub struct DecodeArgs {
    #[command(flatten)]
    layout: LayoutArgs,

    /// Rank every layout the ID parses under by whether its time is plausible, instead of
    /// decoding it under one.
    #[arg(long, conflicts_with_all = ["layout", "layout_file", "batch"])]
    detect: bool,

    /// Summarise a pile of IDs instead of one: a file (or - for stdin) with one ID per line, or
    /// CSV with --column; at most 100,000 IDs and 8 MiB. Reports the time span, IDs per shard
    /// or worker, IDs out of time order, duplicates, sequence gaps and exhausted ticks.
    #[arg(long, value_name = "FILE", conflicts_with = "id")]
    batch: Option<String>,

    /// With --batch, read CSV and take the ID from this column: a number counts from 1, a name
    /// is looked up in the header line.
    #[arg(long, value_name = "N|NAME", requires = "batch")]
    column: Option<String>,

    /// With --column N, the first line is a header (a named column always has one).
    #[arg(long, requires = "column")]
    header: bool,

    /// The time --detect judges against, as ISO-8601 UTC or Unix milliseconds [default: now].
    #[arg(long, value_name = "TIME", requires = "detect")]
    now: Option<String>,

    /// The ID: decimal, 0x hex or 0b binary, with optional _ or , separators; for an ID family,
    /// its own text (a UUID dashed or not, in braces or not; a ULID; a KSUID; an ObjectId; a
    /// TSID in base32 or decimal).
    // Negative numbers are let through so that `-5` reaches `parse_id`, which explains why IDs
    // are never negative (and which unsigned ID a signed view stands for), instead of clap
    // calling it an unknown flag. Other hyphen words stay flags, so `--bogus` is still refused.
    #[arg(
        value_name = "ID",
        allow_negative_numbers = true,
        required_unless_present = "batch"
    )]
    id: Option<String>,
}

/// Runs `decode`.
pub fn run(args: &DecodeArgs) -> Result<Report, CliError> {
    let choice = args.layout.choose()?;
    if let Some(path) = &args.batch {
        return crate::decode_batch::report(choice, path, args.column.as_deref(), args.header);
    }
    // clap requires the ID when there is no --batch.
    let text = args.id.as_deref().unwrap_or_default();
    if args.detect {
        return crate::detect::report(text, args.now.as_deref());
    }
    match choice {
        LayoutChoice::Bits(chosen) => {
            let id = parse_id(text).map_err(|err| CliError::from_display(err).context("the ID"))?;
            report(&chosen, id)
        }
        LayoutChoice::Family(family) => crate::decode_wide::report(family, text),
    }
}

/// The decode report of one ID; `encode --json` prints this too.
pub fn report(chosen: &ChosenLayout, id: u64) -> Result<Report, CliError> {
    let decoded = chosen.layout.decode(id);
    let mut warnings: Vec<String> = decoded.warnings.iter().map(ToString::to_string).collect();
    let placement = match &chosen.shard_map {
        // Only a layout with a shard field and a table names a host.
        Some(table) if chosen.layout.position_of_role(FieldRole::Shard).is_some() => {
            match table.locate(&chosen.layout, id) {
                Ok(location) => Some(location),
                Err(err @ ShardMapError::Unmapped { .. }) => {
                    warnings.push(err.to_string());
                    None
                }
                Err(err) => return Err(CliError::from_display(err)),
            }
        }
        _ => None,
    };
    let time = decoded.time();
    let json = DecodeJson {
        layout: &chosen.name,
        id: id.to_string(),
        fields: FieldValues(&decoded.fields),
        host: placement.as_ref().map(|at| at.hosts.master.as_str()),
        standby: placement.as_ref().map(|at| at.hosts.standby.as_str()),
        database: placement.as_ref().map(|at| at.database.as_str()),
        query: placement.as_ref().and_then(|at| at.query.as_deref()),
        unix_ms: time.map(|t| t.unix_ms),
        iso8601: time.map(|t| t.iso8601.as_str()),
        warnings: &warnings,
    };
    let text = text(chosen, id, &json, &decoded.fields);
    Report::new(&json, text)
}

/// The JSON object: the contract's keys (`layout`, `id`, `fields`, `host`, `unix_ms`) and a few
/// extras that help a reader. Field order here is the order in the output.
#[derive(Serialize)]
struct DecodeJson<'a> {
    layout: &'a str,
    /// A string, as every ID in JSON: JavaScript's numbers would round IDs above 2^53.
    id: String,
    fields: FieldValues<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    host: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    standby: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    database: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    query: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unix_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    iso8601: Option<&'a str>,
    warnings: &'a [String],
}

/// `{name: value}` in layout order (most significant first), which a map type would not keep.
struct FieldValues<'a>(&'a [DecodedField]);

impl Serialize for FieldValues<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for field in self.0 {
            map.serialize_entry(&field.name, &field.value)?;
        }
        map.end()
    }
}

/// The text form: the ID, one line per field, then host, database, query, time and warnings.
fn text(chosen: &ChosenLayout, id: u64, json: &DecodeJson<'_>, fields: &[DecodedField]) -> String {
    const LABELS: [&str; 6] = ["layout", "id", "host", "database", "query", "time"];
    let column = fields
        .iter()
        .map(|field| field.name.chars().count())
        .chain(LABELS.iter().map(|label| label.len()))
        .max()
        .unwrap_or(0);
    let mut lines = vec![
        format!("{:column$}  {}", "layout", chosen.name),
        format!("{:column$}  {id} = {}", "id", hex_u64_grouped(id)),
    ];
    for field in fields {
        let mut line = format!(
            "{:column$}  {:>2} bits  {}",
            field.name, field.width, field.value
        );
        if let Some(note) = field_note(chosen, field) {
            line.push_str(&format!(" ({note})"));
        }
        lines.push(line);
    }
    if let (Some(host), Some(standby)) = (json.host, json.standby) {
        lines.push(format!("{:column$}  {host} (standby {standby})", "host"));
    }
    if let Some(database) = json.database {
        lines.push(format!("{:column$}  {database}", "database"));
    }
    if let Some(query) = json.query {
        lines.push(format!("{:column$}  {query}", "query"));
    }
    if let (Some(iso), Some(unix_ms)) = (json.iso8601, json.unix_ms) {
        lines.push(format!("{:column$}  {iso} (Unix ms {unix_ms})", "time"));
    }
    lines.extend(
        json.warnings
            .iter()
            .map(|warning| format!("warning: {warning}")),
    );
    lines.join("\n")
}

/// What a field's value means, where shardlab knows: Pinterest's object types.
fn field_note(chosen: &ChosenLayout, field: &DecodedField) -> Option<&'static str> {
    if chosen.preset == Some(Preset::Pinterest) && field.role == FieldRole::Type {
        return Some(object_type(field.value).map_or("unknown type", |object| object.name));
    }
    None
}
