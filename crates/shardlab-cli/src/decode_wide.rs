//! `shardlab decode --layout FAMILY ID`: an ID of a family (UUID, ULID, KSUID, ObjectId, TSID,
//! Sonyflake v2) taken apart into its fields, with its version and variant for a UUID and its
//! time where it has one.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::Value;
use shardlab_core::id_family::{
    DecodedId, DecodedWideField, IdFamily, UuidKind, UuidVariant, WideLayout,
};
use shardlab_core::id_text::TextForm;
use shardlab_core::layout::F64_EXACT_INTEGERS;

use crate::output::{CliError, Report};

/// The decode report of `text` read as an ID of `family`.
pub fn report(family: IdFamily, text: &str) -> Result<Report, CliError> {
    let decoded = family
        .read(text)
        .map_err(|err| CliError::from_display(err).context("the ID"))?;
    report_decoded(family, &decoded)
}

/// The decode report of an ID of `family` already taken apart; `encode --json` prints this too.
pub fn report_decoded(family: IdFamily, decoded: &DecodedId) -> Result<Report, CliError> {
    // The canonical form and hex carry every family's width, so these writes cannot fail.
    let canonical = family
        .canonical_form()
        .format(&decoded.id)
        .map_err(CliError::from_display)?;
    let hex = TextForm::Hex
        .format(&decoded.id)
        .map_err(CliError::from_display)?;
    let uuid = match decoded.layout {
        WideLayout::Uuid(kind) => Some(UuidJson::of(kind)),
        WideLayout::Ulid
        | WideLayout::Ksuid
        | WideLayout::ObjectId
        | WideLayout::Tsid
        | WideLayout::SonyflakeV2 => None,
    };
    let iso8601 = decoded.time.and_then(|time| time.iso8601());
    let json = WideDecodeJson {
        layout: family.name(),
        id: &canonical,
        hex: &hex,
        bits: decoded.id.bits(),
        uuid,
        fields: FieldValues(&decoded.fields),
        unix_ms: decoded.time.map(|time| time.unix_ms),
        iso8601: iso8601.as_deref(),
    };
    let text = text_form(decoded.layout, &json, &decoded.fields);
    Report::new(&json, text)
}

/// The JSON object: the contract's `layout`, `id`, `fields` and `unix_ms`, with the width, the
/// hex and, for a UUID, its kind.
#[derive(Serialize)]
struct WideDecodeJson<'a> {
    layout: &'a str,
    /// The ID in its family's own text form (a UUID dashed, a KSUID in base62): a KSUID's 160
    /// bits have no decimal form a reader would know.
    id: &'a str,
    hex: &'a str,
    bits: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    uuid: Option<UuidJson>,
    fields: FieldValues<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unix_ms: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    iso8601: Option<&'a str>,
}

/// What a UUID's variant and version bits say.
#[derive(Serialize)]
struct UuidJson {
    /// `rfc9562`, `nil` or `max`.
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    version_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'static str>,
}

impl UuidJson {
    fn of(kind: UuidKind) -> UuidJson {
        let special = |name| UuidJson {
            kind: name,
            version: None,
            version_name: None,
            variant: None,
        };
        match kind {
            UuidKind::Nil => special("nil"),
            UuidKind::Max => special("max"),
            UuidKind::Rfc9562(version) => UuidJson {
                kind: "rfc9562",
                version: Some(version.number()),
                version_name: Some(version.label()),
                variant: Some(UuidVariant::Rfc9562.bits()),
            },
        }
    }
}

/// Whether every value of a `width`-bit field is a JSON number JavaScript reads exactly.
fn exact_in_json(width: u32) -> bool {
    1u128
        .checked_shl(width)
        .is_some_and(|limit| limit <= u128::from(F64_EXACT_INTEGERS))
}

/// A field's value in JSON: a number when it is exact as a double, else a string of digits.
fn json_value(field: &DecodedWideField) -> Value {
    match u64::try_from(field.value) {
        Ok(small) if exact_in_json(field.field.width) => Value::from(small),
        Ok(_) | Err(_) => Value::from(field.value.to_string()),
    }
}

/// `{name: value}` in layout order, most significant first.
struct FieldValues<'a>(&'a [DecodedWideField]);

impl Serialize for FieldValues<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for field in self.0 {
            map.serialize_entry(field.field.name, &json_value(field))?;
        }
        map.end()
    }
}

/// The text form: the layout, the ID, a UUID's version and variant, one line per field, the time.
fn text_form(layout: WideLayout, json: &WideDecodeJson<'_>, fields: &[DecodedWideField]) -> String {
    const LABELS: [&str; 6] = ["layout", "id", "hex", "version", "variant", "time"];
    let column = fields
        .iter()
        .map(|field| field.field.name.chars().count())
        .chain(LABELS.iter().map(|label| label.len()))
        .max()
        .unwrap_or(0);
    let mut lines = vec![
        format!("{:column$}  {}: {}", "layout", json.layout, layout.title()),
        format!("{:column$}  {} ({} bits)", "id", json.id, json.bits),
        format!("{:column$}  {}", "hex", json.hex),
    ];
    if let Some(uuid) = &json.uuid {
        if let (Some(number), Some(name)) = (uuid.version, uuid.version_name) {
            lines.push(format!("{:column$}  {number} ({name})", "version"));
        }
        if let Some(bits) = uuid.variant {
            lines.push(format!("{:column$}  {bits} (RFC 9562)", "variant"));
        }
    }
    for field in fields {
        lines.push(format!(
            "{:column$}  {:>3} bits  {}  ({})",
            field.field.name,
            field.field.width,
            field.value,
            field.field.role.label()
        ));
    }
    match (json.iso8601, json.unix_ms) {
        (Some(iso), Some(unix_ms)) => {
            lines.push(format!("{:column$}  {iso} (Unix ms {unix_ms})", "time"));
        }
        (None, Some(unix_ms)) => {
            lines.push(format!(
                "{:column$}  before 1970 (Unix ms {unix_ms})",
                "time"
            ));
        }
        (Some(_) | None, None) => {}
    }
    lines.join("\n")
}
