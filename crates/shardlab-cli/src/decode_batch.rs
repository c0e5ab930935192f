//! `shardlab decode --batch FILE [--column N|NAME [--header]]`: a pile of IDs summarised under
//! one layout, as the core's [`analyse`] reports it.

use std::fs::File;
use std::io::{self, Read};

use serde_json::{json, Map, Value};
use shardlab_core::id_batch::{
    analyse, check_batch_bytes, BatchLayout, BatchReport, Findings, Histogram, IdSource,
    SequenceReport, TimedLine, MAX_BATCH_BYTES,
};
use shardlab_core::layout::format_unix_ms;
use shardlab_core::text::{quote, thousands};

use crate::layout_arg::LayoutChoice;
use crate::output::{CliError, Report};

/// The summary of the IDs in `path` (`-` for stdin), read from `column` when given.
pub fn report(
    choice: LayoutChoice,
    path: &str,
    column: Option<&str>,
    header: bool,
) -> Result<Report, CliError> {
    let text = read_text(path)?;
    let (name, layout) = match choice {
        LayoutChoice::Bits(chosen) => (chosen.name, BatchLayout::Bits(chosen.layout)),
        LayoutChoice::Family(family) => (family.name().to_owned(), BatchLayout::Family(family)),
    };
    let source = match column {
        Some(column) => IdSource::column(column, header),
        None => IdSource::Lines,
    };
    let summary = analyse(&text, &layout, &source)
        .map_err(|err| CliError::from_display(err).context(shown_path(path)))?;
    let json = to_json(&name, &summary);
    let text = text_form(&name, &summary);
    Report::new(&json, text)
}

/// How a message names the input.
fn shown_path(path: &str) -> String {
    if path == "-" {
        "stdin".to_owned()
    } else {
        quote(path).to_string()
    }
}

/// The file (or stdin) as text, reading at most one byte past the core's limit and only
/// counting the rest, so a huge input costs no memory and is refused with its size.
fn read_text(path: &str) -> Result<String, CliError> {
    let cannot = |err: io::Error| CliError::new(format!("cannot read {}: {err}", shown_path(path)));
    let mut input: Box<dyn Read> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(File::open(path).map_err(cannot)?)
    };
    let limit = u64::try_from(MAX_BATCH_BYTES).unwrap_or(u64::MAX);
    let mut bytes = Vec::new();
    (&mut input)
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > limit {
        let rest = io::copy(&mut input, &mut io::sink()).map_err(cannot)?;
        check_batch_bytes(read.saturating_add(rest))
            .map_err(|err| CliError::from_display(err).context(shown_path(path)))?;
    }
    String::from_utf8(bytes).map_err(|err| {
        CliError::new(format!(
            "{} is not UTF-8 text: byte {} is not part of a character",
            shown_path(path),
            err.utf8_error().valid_up_to().saturating_add(1)
        ))
    })
}

/// A time as `{"unix_ms"}`, with `"iso8601"` when after 1970.
fn instant(unix_ms: i64) -> Value {
    let mut object = json!({ "unix_ms": unix_ms });
    if let (Ok(after_1970), Some(map)) = (u64::try_from(unix_ms), object.as_object_mut()) {
        map.insert(
            "iso8601".to_owned(),
            Value::from(format_unix_ms(after_1970)),
        );
    }
    object
}

/// A time and its line.
fn timed(at: &TimedLine) -> Value {
    let mut object = instant(at.unix_ms);
    if let Some(map) = object.as_object_mut() {
        map.insert("line".to_owned(), Value::from(at.line));
    }
    object
}

/// `{"count", "examples"}` with each example made by `example`.
fn findings<T>(found: &Findings<T>, example: impl Fn(&T) -> Value) -> Value {
    json!({
        "count": found.count,
        "examples": found.examples.iter().map(example).collect::<Vec<_>>(),
    })
}

/// The counted fields' values as `{name: value}`.
fn named_values(names: &[String], values: &[u64]) -> Value {
    let map: Map<String, Value> = names
        .iter()
        .zip(values)
        .map(|(name, value)| (name.clone(), Value::from(*value)))
        .collect();
    Value::Object(map)
}

fn histogram_json(histogram: &Histogram) -> Value {
    let names: Vec<String> = histogram.fields.iter().map(|f| f.name.clone()).collect();
    json!({
        "counted_by": histogram.counted_by.label(),
        "fields": names,
        "bars": histogram.bars.iter().map(|bar| json!({
            "values": named_values(&names, &bar.values),
            "ids": bar.ids,
        })).collect::<Vec<_>>(),
        "other": histogram.other.map(|other| json!({"values": other.values, "ids": other.ids})),
    })
}

fn sequence_json(sequence: &SequenceReport, counted: &[String]) -> Value {
    json!({
        "field": sequence.field.name,
        "max": sequence.max,
        "gaps": findings(&sequence.gaps, |gap| json!({
            "tick": instant(gap.unix_ms),
            "group": named_values(counted, &gap.group),
            "after": gap.after,
            "before": gap.before,
            "missing": gap.missing,
            "line_after": gap.line_after,
            "line_before": gap.line_before,
        })),
        "missing": sequence.missing,
        "exhausted": findings(&sequence.exhausted, |tick| json!({
            "tick": instant(tick.unix_ms),
            "group": named_values(counted, &tick.group),
            "ids": tick.ids,
            "line": tick.line,
        })),
    })
}

/// The JSON object: counts as numbers, IDs and refused text as strings.
fn to_json(layout: &str, summary: &BatchReport) -> Value {
    let counted: Vec<String> = summary
        .histogram
        .as_ref()
        .map(|histogram| histogram.fields.iter().map(|f| f.name.clone()).collect())
        .unwrap_or_default();
    json!({
        "layout": layout,
        "lines": summary.lines,
        "parsed": summary.parsed,
        "refused": findings(&summary.refused, |refused| json!({
            "line": refused.line,
            "text": refused.text,
            "error": refused.problem.to_string(),
        })),
        "time": summary.time.map(|span| json!({
            "earliest": timed(&span.earliest),
            "latest": timed(&span.latest),
        })),
        "without_time": summary.without_time,
        "out_of_order": summary.out_of_order.as_ref().map(|late| findings(late, |late| json!({
            "line": late.line,
            "id": late.id,
            "unix_ms": late.unix_ms,
            "after": timed(&late.after),
        }))),
        "duplicates": findings(&summary.duplicates, |copy| json!({
            "line": copy.line,
            "id": copy.id,
            "first_line": copy.first_line,
        })),
        "histogram": summary.histogram.as_ref().map(histogram_json),
        "sequence": summary.sequence.as_ref().map(|sequence| sequence_json(sequence, &counted)),
    })
}

/// A time as a reader reads it.
fn when(unix_ms: i64) -> String {
    u64::try_from(unix_ms).map_or_else(|_| format!("Unix ms {unix_ms}"), format_unix_ms)
}

/// "line 4" for the examples' lists.
fn lines_of<T>(found: &Findings<T>, line: impl Fn(&T) -> u64) -> String {
    let shown: Vec<String> = found.examples.iter().map(|e| line(e).to_string()).collect();
    let more = if found.count > u64::try_from(shown.len()).unwrap_or(u64::MAX) {
        ", …"
    } else {
        ""
    };
    let noun = if found.count == 1 { "line" } else { "lines" };
    format!("{noun} {}{more}", shown.join(", "))
}

/// The text form: one line per finding, then the histogram and the refused lines.
fn text_form(layout: &str, summary: &BatchReport) -> String {
    let mut lines = vec![
        format!("layout        {layout}"),
        format!(
            "IDs           {} read, {} refused ({} lines)",
            thousands(summary.parsed),
            thousands(summary.refused.count),
            thousands(summary.lines)
        ),
    ];
    if let Some(span) = summary.time {
        lines.push(format!(
            "time          {} (line {}) … {} (line {})",
            when(span.earliest.unix_ms),
            span.earliest.line,
            when(span.latest.unix_ms),
            span.latest.line
        ));
    }
    if summary.without_time > 0 {
        lines.push(format!("without time  {}", thousands(summary.without_time)));
    }
    if let Some(late) = &summary.out_of_order {
        let mut line = format!("out of order  {}", thousands(late.count));
        if late.count > 0 {
            line.push_str(&format!(" ({})", lines_of(late, |late| late.line)));
        }
        lines.push(line);
    }
    let mut duplicates = format!("duplicates    {}", thousands(summary.duplicates.count));
    if summary.duplicates.count > 0 {
        duplicates.push_str(&format!(
            " ({})",
            lines_of(&summary.duplicates, |copy| copy.line)
        ));
    }
    lines.push(duplicates);
    if let Some(sequence) = &summary.sequence {
        lines.push(format!(
            "gaps          {} in {} ({} values missing)",
            thousands(sequence.gaps.count),
            sequence.field.name,
            thousands(sequence.missing)
        ));
        lines.push(format!(
            "exhausted     {} ticks reached {} = {}",
            thousands(sequence.exhausted.count),
            sequence.field.name,
            sequence.max
        ));
    }
    if let Some(histogram) = &summary.histogram {
        let names: Vec<&str> = histogram.fields.iter().map(|f| f.name.as_str()).collect();
        lines.push(format!(
            "per {} ({}):",
            histogram.counted_by.label(),
            names.join(", ")
        ));
        for bar in &histogram.bars {
            let values: Vec<String> = bar.values.iter().map(u64::to_string).collect();
            lines.push(format!(
                "  {:>12}  {}",
                values.join("/"),
                thousands(bar.ids)
            ));
        }
        if let Some(other) = histogram.other {
            lines.push(format!(
                "  {:>12}  {} ({} values)",
                "other",
                thousands(other.ids),
                thousands(other.values)
            ));
        }
    }
    for refused in &summary.refused.examples {
        lines.push(format!(
            "refused: line {}: {}: {}",
            refused.line,
            quote(&refused.text),
            refused.problem
        ));
    }
    lines.join("\n")
}
