//! What a pile of IDs holds, as the core's [`BatchReport`] says: the count read, the time span,
//! the IDs per shard or worker as bars with their numbers, and each finding (out of order,
//! duplicates, sequence gaps, exhausted ticks, refused lines) as a count and its first examples
//! by line. Plain functions: the widget ([`super::batch`]) renders them once a run is done.

use shardlab_core::id_batch::{BatchReport, Findings, Histogram, SequenceReport};
use shardlab_core::layout::format_unix_ms;
use shardlab_core::text::{duration_ms, quote, thousands};
use yew::prelude::*;

/// A time as the report shows it: ISO-8601 UTC, or Unix ms before 1970.
fn when(unix_ms: i64) -> String {
    u64::try_from(unix_ms).map_or_else(|_| format!("Unix ms {unix_ms}"), format_unix_ms)
}

/// The counted fields' values, named: "worker 3" or "datacenter 1, worker 3".
fn group(names: &[String], values: &[u64]) -> String {
    let named: Vec<String> = names
        .iter()
        .zip(values)
        .map(|(name, value)| format!("{name} {value}"))
        .collect();
    named.join(", ")
}

/// One finding: a heading with its count (and a note), then its first examples, each in words.
/// Generic only in how an example is worded, so the markup is compiled once for every kind.
fn finding<T>(
    title: &str,
    test_id: &'static str,
    found: &Findings<T>,
    note: Option<String>,
    example: impl Fn(&T) -> String,
) -> Html {
    let examples: Vec<String> = found.examples.iter().map(example).collect();
    finding_markup(title, test_id, found.count, note, examples)
}

fn finding_markup(
    title: &str,
    test_id: &'static str,
    count: u64,
    note: Option<String>,
    examples: Vec<String>,
) -> Html {
    let more = count.saturating_sub(u64::try_from(examples.len()).unwrap_or(u64::MAX));
    html! {
        <div class={classes!("batch-finding", (count > 0).then_some("found"))}>
            <h3>{ format!("{title}: ") }<span data-testid={test_id}>{ thousands(count) }</span></h3>
            if let Some(note) = note { <p class="help">{ note }</p> }
            if !examples.is_empty() {
                <ul class="batch-examples mono">
                    { for examples.into_iter().map(|e| html! { <li>{ e }</li> }) }
                    if more > 0 { <li class="more">{ format!("… and {} more", thousands(more)) }</li> }
                </ul>
            }
        </div>
    }
}

/// The time span: first, last and how long between them.
fn time_span(report: &BatchReport) -> Html {
    match report.time {
        Some(span) => {
            let length = span.latest.unix_ms.abs_diff(span.earliest.unix_ms);
            html! {
                <dl class="batch-span" data-testid="batch-span">
                    <div><dt>{ "first" }</dt><dd class="mono">{ when(span.earliest.unix_ms) }{ format!(" (line {})", span.earliest.line) }</dd></div>
                    <div><dt>{ "last" }</dt><dd class="mono">{ when(span.latest.unix_ms) }{ format!(" (line {})", span.latest.line) }</dd></div>
                    <div><dt>{ "span" }</dt><dd class="mono" data-testid="batch-duration">{ duration_ms(length) }</dd></div>
                </dl>
            }
        }
        None => html! { <p class="help">{ "No ID here has a time in this layout." }</p> },
    }
}

/// The IDs per shard or worker as bars, with the count in text beside each.
fn histogram(histogram: &Histogram) -> Html {
    let names: Vec<String> = histogram.fields.iter().map(|f| f.name.clone()).collect();
    let top = histogram
        .bars
        .iter()
        .map(|bar| bar.ids)
        .chain(histogram.other.map(|other| other.ids))
        .max()
        .unwrap_or(1)
        .max(1);
    // In tenths of a percent, in integers: the page formats no float for a bar.
    let width = |ids: u64| {
        let tenths = ids.saturating_mul(1000).checked_div(top).unwrap_or(0);
        format!("width:{}.{}%", tenths / 10, tenths % 10)
    };
    let label = histogram.counted_by.label();
    html! {
        <table class="batch-bars" data-testid="batch-histogram">
            <caption>{ match names.as_slice() {
                [name] if name == label => format!("IDs per {label}"),
                _ => format!("IDs per {label} ({})", names.join(", ")),
            } }</caption>
            <thead><tr><th scope="col">{ label }</th><th scope="col" class="num">{ "IDs" }</th><th scope="col"><span class="visually-hidden">{ "bar" }</span></th></tr></thead>
            <tbody>
                { for histogram.bars.iter().map(|bar| html! {
                    <tr>
                        <th scope="row" class="mono">{ group(&names, &bar.values) }</th>
                        <td class="num">{ thousands(bar.ids) }</td>
                        <td class="batch-bar-cell" aria-hidden="true"><span class="batch-bar" style={width(bar.ids)}></span></td>
                    </tr>
                }) }
                if let Some(other) = histogram.other {
                    <tr class="other">
                        <th scope="row">{ format!("{} other values", thousands(other.values)) }</th>
                        <td class="num">{ thousands(other.ids) }</td>
                        <td class="batch-bar-cell" aria-hidden="true"><span class="batch-bar" style={width(other.ids)}></span></td>
                    </tr>
                }
            </tbody>
        </table>
    }
}

/// Gaps and exhausted ticks in the sequence field.
fn sequence(sequence: &SequenceReport, counted: &[String]) -> Html {
    let field = &sequence.field.name;
    let where_ = |unix_ms: i64, values: &[u64]| {
        let group = group(counted, values);
        if group.is_empty() {
            when(unix_ms)
        } else {
            format!("{} ({group})", when(unix_ms))
        }
    };
    let gaps = finding(
        "Sequence gaps",
        "batch-gaps",
        &sequence.gaps,
        Some(format!(
            "Values of {field} missing between two seen in one tick: {} in all.",
            thousands(sequence.missing)
        )),
        |gap| {
            format!(
                "lines {} → {}: {field} {} → {}, {} missing, at {}",
                gap.line_after,
                gap.line_before,
                gap.after,
                gap.before,
                gap.missing,
                where_(gap.unix_ms, &gap.group)
            )
        },
    );
    let exhausted = finding(
        "Ticks that ran out of sequence",
        "batch-exhausted",
        &sequence.exhausted,
        Some(format!(
            "Ticks whose {field} reached its largest value, {}: the generator had to wait.",
            thousands(sequence.max)
        )),
        |tick| {
            format!(
                "line {}: {} IDs at {}",
                tick.line,
                thousands(tick.ids),
                where_(tick.unix_ms, &tick.group)
            )
        },
    );
    html! { <>{ gaps }{ exhausted }</> }
}

/// The whole report.
pub fn batch_report(report: &BatchReport) -> Html {
    let counted: Vec<String> = report
        .histogram
        .as_ref()
        .map(|h| h.fields.iter().map(|f| f.name.clone()).collect())
        .unwrap_or_default();
    html! {
        <div class="batch-report">
            <p class="batch-read" data-testid="batch-read">
                { format!("{} IDs read on {} lines; {} refused.",
                    thousands(report.parsed), thousands(report.lines), thousands(report.refused.count)) }
                if report.without_time > 0 && report.time.is_some() {
                    { format!(" {} have no time.", thousands(report.without_time)) }
                }
            </p>
            { time_span(report) }
            <div class="batch-findings">
                if let Some(late) = &report.out_of_order {
                    { finding("Out of time order", "batch-out-of-order", late, None, |late| format!(
                        "line {}: {} at {}, after line {} at {}", late.line, late.id, when(late.unix_ms), late.after.line, when(late.after.unix_ms))) }
                }
                { finding("Duplicates", "batch-duplicates", &report.duplicates, None, |copy| format!(
                    "line {}: {}, first on line {}", copy.line, copy.id, copy.first_line)) }
                if let Some(seq) = &report.sequence { { sequence(seq, &counted) } }
                { finding("Refused lines", "batch-refused", &report.refused, None, |refused| format!(
                    "line {}: {}: {}", refused.line, quote(&refused.text), refused.problem)) }
            </div>
            if let Some(h) = &report.histogram { { histogram(h) } }
        </div>
    }
}
