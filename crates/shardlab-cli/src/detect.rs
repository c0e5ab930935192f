//! `shardlab decode --detect ID`: every layout the ID parses under, ranked by whether the time it
//! reads is plausible, with that time under each.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use shardlab_core::id_family::{epoch_tie, rank, Candidate, Plausibility, UuidKind, WideLayout};
use shardlab_core::id_text::MAX_ID_TEXT_CHARS;
use shardlab_core::layout::{format_unix_ms, parse_iso_utc};
use shardlab_core::text::{quote, span};

use crate::output::{CliError, Report};

/// The ranking of `text`, judged at `now` (ISO-8601 UTC or Unix ms; the clock when `None`).
pub fn report(text: &str, now: Option<&str>) -> Result<Report, CliError> {
    let now_unix_ms = match now {
        Some(given) => read_now(given)?,
        None => clock_now()?,
    };
    let candidates = rank(text, now_unix_ms);
    if candidates.is_empty() {
        return Err(no_reading(text));
    }
    let json = DetectJson {
        id: text.trim(),
        now_unix_ms,
        candidates: candidates.iter().map(CandidateJson::of).collect(),
        tie: epoch_tie(&candidates).map(|tie| TieJson {
            layouts: [tie.first.reading.name(), tie.second.reading.name()],
            epochs_apart_ms: tie.epochs_apart_ms,
        }),
    };
    let text = text_form(&json);
    Report::new(&json, text)
}

/// Why nothing reads the text: too long to be an ID, or no layout's form.
fn no_reading(text: &str) -> CliError {
    if text.chars().nth(MAX_ID_TEXT_CHARS).is_some() {
        return CliError::new(format!(
            "an ID is at most {MAX_ID_TEXT_CHARS} characters long; this text is longer"
        ));
    }
    CliError::new(format!(
        "no layout reads {}: it is not a 64-bit number, a UUID, a ULID, a KSUID, an ObjectId or \
         a TSID (decode it with --layout to see why)",
        quote(text.trim())
    ))
}

/// `--now` as ISO-8601 UTC or as Unix milliseconds.
fn read_now(given: &str) -> Result<i64, CliError> {
    if let Ok(unix_ms) = given.trim().parse::<i64>() {
        return Ok(unix_ms);
    }
    parse_iso_utc(given)
        .map_err(|err| CliError::from_display(err).context("--now"))
        .and_then(|unix_ms| {
            i64::try_from(unix_ms).map_err(|_| CliError::new("--now is past the year 292 million"))
        })
}

/// The system clock in Unix milliseconds.
fn clock_now() -> Result<i64, CliError> {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_err(|_| CliError::new("the system clock is before 1970; give the time with --now"))?;
    i64::try_from(since.as_millis())
        .map_err(|_| CliError::new("the system clock is past any ID's time; give it with --now"))
}

#[derive(Serialize)]
struct DetectJson<'a> {
    /// The text as given, trimmed: an ID, so a string.
    id: &'a str,
    now_unix_ms: i64,
    candidates: Vec<CandidateJson>,
    /// The first two readings, when only recency orders them (`id_family::epoch_tie`).
    #[serde(skip_serializing_if = "Option::is_none")]
    tie: Option<TieJson>,
}

/// Two readings that are one count from two epochs.
#[derive(Serialize)]
struct TieJson {
    layouts: [&'static str; 2],
    epochs_apart_ms: i64,
}

#[derive(Serialize)]
struct CandidateJson {
    /// The verdict itself, for the text form.
    #[serde(skip)]
    plausibility: Plausibility,
    /// A family's layout, for the text form.
    #[serde(skip)]
    wide_layout: Option<WideLayout>,
    layout: &'static str,
    /// `plausible`, `no_time`, `before_epoch` or `in_the_future`.
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    unix_ms: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    iso8601: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    earliest_unix_ms: Option<i64>,
    /// A UUID's version number, or `nil` / `max`.
    #[serde(skip_serializing_if = "Option::is_none")]
    uuid_version: Option<String>,
}

impl CandidateJson {
    fn of(candidate: &Candidate) -> CandidateJson {
        let (verdict, earliest_unix_ms) = match candidate.plausibility {
            Plausibility::Plausible => ("plausible", None),
            Plausibility::NoTime => ("no_time", None),
            Plausibility::BeforeEpoch { earliest_unix_ms } => {
                ("before_epoch", Some(earliest_unix_ms))
            }
            Plausibility::InTheFuture => ("in_the_future", None),
        };
        let uuid_version = candidate.layout.and_then(|layout| match layout {
            WideLayout::Uuid(UuidKind::Nil) => Some("nil".to_owned()),
            WideLayout::Uuid(UuidKind::Max) => Some("max".to_owned()),
            WideLayout::Uuid(UuidKind::Rfc9562(version)) => Some(version.number().to_string()),
            WideLayout::Ulid
            | WideLayout::Ksuid
            | WideLayout::ObjectId
            | WideLayout::Tsid
            | WideLayout::SonyflakeV2 => None,
        });
        CandidateJson {
            plausibility: candidate.plausibility,
            wide_layout: candidate.layout,
            layout: candidate.reading.name(),
            verdict,
            unix_ms: candidate.unix_ms,
            iso8601: candidate
                .unix_ms
                .and_then(|ms| u64::try_from(ms).ok())
                .map(format_unix_ms),
            earliest_unix_ms,
            uuid_version,
        }
    }

    /// The verdict as a reader reads it.
    fn verdict_text(&self) -> String {
        match self.plausibility {
            Plausibility::Plausible => "plausible".to_owned(),
            Plausibility::NoTime => "no time field".to_owned(),
            Plausibility::BeforeEpoch { earliest_unix_ms } => {
                match u64::try_from(earliest_unix_ms) {
                    Ok(ms) => format!("before {}", format_unix_ms(ms)),
                    Err(_) => "before its epoch".to_owned(),
                }
            }
            Plausibility::InTheFuture => "in the future".to_owned(),
        }
    }
}

/// The text form: the ID and now, then one line per reading, best first.
fn text_form(json: &DetectJson<'_>) -> String {
    let now = u64::try_from(json.now_unix_ms)
        .map(format_unix_ms)
        .unwrap_or_else(|_| format!("Unix ms {}", json.now_unix_ms));
    let mut lines = vec![format!("{} (judged at {now})", json.id)];
    let name_column = json
        .candidates
        .iter()
        .map(|candidate| candidate.layout.len())
        .max()
        .unwrap_or(0);
    let verdicts: Vec<String> = json
        .candidates
        .iter()
        .map(CandidateJson::verdict_text)
        .collect();
    let verdict_column = verdicts.iter().map(String::len).max().unwrap_or(0);
    for (place, (candidate, verdict)) in json.candidates.iter().zip(&verdicts).enumerate() {
        let mut line = format!(
            "{:>2}. {:name_column$}  {verdict:verdict_column$}",
            place.saturating_add(1),
            candidate.layout
        );
        match (&candidate.iso8601, candidate.unix_ms) {
            (Some(iso), _) => line.push_str(&format!("  {iso}")),
            (None, Some(unix_ms)) => line.push_str(&format!("  Unix ms {unix_ms}")),
            (None, None) => {}
        }
        if let Some(layout @ WideLayout::Uuid(_)) = candidate.wide_layout {
            line.push_str(&format!("  ({})", layout.title()));
        }
        lines.push(line.trim_end().to_owned());
    }
    if let Some(tie) = &json.tie {
        let apart = span(tie.epochs_apart_ms.unsigned_abs()).unwrap_or_else(|| "moments".into());
        lines.push(format!(
            "1 and 2 are a tie: {} and {} count the same ticks from epochs {apart} apart, and \
             nothing else in the ID tells them apart; only recency lists {} first.",
            tie.layouts[0], tie.layouts[1], tie.layouts[0]
        ));
    }
    lines.join("\n")
}
