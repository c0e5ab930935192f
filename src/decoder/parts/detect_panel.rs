//! "Whose ID is this?": paste any ID and see every layout that reads it, best first, each with the
//! time it reads and why that time and its other fields speak for it or against it
//! (`id_family::rank`). A button per reading shows its fields on a read-only strip (none until
//! one is picked, so the widget stays short enough to embed). A text that
//! nothing reads gets the core's reason (`id_family::unread`) and the last good list stays.

use shardlab_core::id_family::{
    epoch_tie, Candidate, EpochTie, Fit, IdFamily, Oddity, Plausibility, Reading,
};
use shardlab_core::layout::{format_unix_ms, parse_id, Preset};
use shardlab_core::text::{ago, quote, span, thousands};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::wide_strip::{self, StripId};
use crate::browser::long_text::input_value;
use crate::decoder::state::{Action, Detect};

/// An instant as ISO-8601 UTC, or its Unix ms before 1970.
fn date(unix_ms: i64) -> String {
    u64::try_from(unix_ms).map_or_else(|_| format!("Unix ms {unix_ms}"), format_unix_ms)
}

/// What a reader calls the reading: "Snowflake (Twitter)", "UUID version 7 (Unix time)".
fn title(candidate: &Candidate) -> String {
    match (candidate.layout, candidate.reading) {
        (Some(layout), _) => layout.title(),
        (None, Reading::Preset(preset)) => preset.title().to_owned(),
        (None, Reading::Family(family)) => family.title().to_owned(),
    }
}

/// The time's verdict in words.
fn verdict(candidate: &Candidate, now_ms: i64) -> String {
    match (candidate.plausibility, candidate.unix_ms) {
        (Plausibility::Plausible, Some(at)) => format!("plausible, {}", ago(at, now_ms)),
        (Plausibility::Plausible, None) => "plausible".to_owned(),
        (Plausibility::NoTime, _) => "no time field: nothing for or against it".to_owned(),
        (Plausibility::BeforeEpoch { earliest_unix_ms }, _) if earliest_unix_ms <= 0 => {
            "before 1970, when no such ID was made".to_owned()
        }
        (Plausibility::BeforeEpoch { earliest_unix_ms }, _) => {
            format!("before its epoch, {}", date(earliest_unix_ms))
        }
        (Plausibility::InTheFuture, _) => "in the future".to_owned(),
    }
}

/// What the other fields say, when they say something.
fn fit_words(fit: Fit) -> Option<String> {
    match fit {
        Fit::Usual { field, value } => Some(format!(
            "{field} {value} is small, as in most IDs (it restarts every tick)"
        )),
        Fit::Silent => None,
        Fit::Unusual {
            field,
            why: Oddity::ReservedSet,
            ..
        } => Some(format!(
            "but its {field} bit is set, which generators never do"
        )),
        Fit::Unusual {
            field,
            value,
            why: Oddity::BusyTick { capacity },
        } => Some(format!(
            "but {field} {value} means ID number {} from one worker in one tick (of {})",
            thousands(u64::try_from(value.saturating_add(1)).unwrap_or(u64::MAX)),
            thousands(u64::try_from(capacity).unwrap_or(u64::MAX))
        )),
    }
}

/// The reading's fields, decoded from `text`.
fn fields_of(reading: Reading, text: &str) -> Option<StripId> {
    match reading {
        Reading::Family(family) => family.read(text).ok().map(|d| wide_strip::of_family(&d)),
        Reading::Preset(preset) => parse_id(text)
            .ok()
            .map(|id| wide_strip::of_preset(&preset.layout().decode(id))),
    }
}

/// The epoch the reading's time counts from, in Unix ms.
fn epoch_of(candidate: &Candidate) -> Option<i64> {
    match (candidate.layout, candidate.reading) {
        (Some(layout), _) => layout.time_base().map(|base| base.epoch_unix_ms),
        (None, Reading::Preset(preset)) => preset
            .layout()
            .fields()
            .iter()
            .find_map(|field| field.time)
            .and_then(|base| i64::try_from(base.epoch_ms).ok()),
        (None, Reading::Family(family)) => family
            .fixed_layout()
            .and_then(|layout| layout.time_base())
            .map(|base| base.epoch_unix_ms),
    }
}

/// One reading's row: a button that shows its fields.
fn row(candidate: &Candidate, picked: bool, now_ms: i64, dispatch: &Callback<Action>) -> Html {
    let reading = candidate.reading;
    let onclick = dispatch.reform(move |_: MouseEvent| Action::PickReading(reading));
    let possible = candidate.plausibility.is_possible();
    let why = match fit_words(candidate.fit) {
        Some(fit) => format!("{}; {fit}", verdict(candidate, now_ms)),
        None => verdict(candidate, now_ms),
    };
    html! {
        <li class={classes!("detect-reading", (!possible).then_some("implausible"))} data-reading={reading.name()}>
            <button type="button" class="detect-pick" aria-pressed={picked.to_string()} {onclick}>
                <span class="detect-name">{ title(candidate) }</span>
                <span class="detect-time mono" data-testid="detect-time">
                    { candidate.unix_ms.map_or_else(|| "no time".to_owned(), date) }
                </span>
                <span class="detect-why">{ why }</span>
            </button>
        </li>
    }
}

/// The picked reading's fields and time, bit by bit, under a heading of level `tag` (`h3` under the panel's own `h2`, `h2`
/// in the widget, whose panel has no heading under the page's `h1`).
fn detail(candidate: &Candidate, text: &str, now_ms: i64, tag: &'static str) -> Html {
    let Some(fields) = fields_of(candidate.reading, text) else {
        return html! {};
    };
    let time = candidate.unix_ms.map(|at| {
        let epoch = epoch_of(candidate)
            .map(|epoch| format!(", counting from its epoch {}", date(epoch)))
            .unwrap_or_default();
        html! {
            <p class="detect-detail-time" data-testid="detect-detail-time">
                { format!("Time: {} ({}){epoch}.", date(at), ago(at, now_ms)) }
            </p>
        }
    });
    html! {
        <div class="detect-detail">
            <@{tag} id="detect-detail-title">{ format!("{} bit by bit: {} bits", title(candidate), fields.bits.len()) }</@>
            { wide_strip::wide_strip(&fields) }
            { time }
        </div>
    }
}

/// The sentence the live region reads: how many layouts read the text and which comes first, or,
/// when only recency put one reading above another (the core's [`epoch_tie`]), that it is a tie.
fn summary(candidates: &[Candidate], now_ms: i64) -> String {
    let Some(first) = candidates.first() else {
        return String::new();
    };
    let count = candidates.len();
    let layouts = if count == 1 {
        "layout reads"
    } else {
        "layouts read"
    };
    if let Some(tie) = epoch_tie(candidates) {
        return format!("{count} {layouts} it. {}", tie_words(&tie));
    }
    let time = first
        .unix_ms
        .map(|at| format!(", made {}", ago(at, now_ms)))
        .unwrap_or_default();
    format!("{count} {layouts} it. Likeliest: {}{time}.", title(first))
}

/// An epoch tie in a few words: both readings (their times are in the list and the reason).
fn tie_words(tie: &EpochTie) -> String {
    format!("A tie: {} or {}.", title(&tie.first), title(&tie.second))
}

/// Why a tie is one, in place of the list's usual order (the same height in an embed).
fn tie_reason(tie: &EpochTie, now_ms: i64) -> String {
    let made = |c: &Candidate| {
        c.unix_ms
            .map(|at| format!(" reads {}", ago(at, now_ms)))
            .unwrap_or_default()
    };
    let apart = span(tie.epochs_apart_ms.unsigned_abs()).unwrap_or_else(|| "moments".to_owned());
    format!(
        "{}{}, {}{}: the same ticks from epochs {apart} apart, and nothing else in the ID tells \
         them apart; only recency lists {} first.",
        title(&tie.first),
        made(&tie.first),
        title(&tie.second),
        made(&tie.second),
        title(&tie.first)
    )
}

/// The panel. `candidates` are the core's ranking of `detect.shown` at `now_ms`; `heading` is
/// false in the widget, whose frame shows the title already.
pub fn detect_panel(
    heading: bool,
    detect: &Detect,
    candidates: &[Candidate],
    now_ms: i64,
    dispatch: &Callback<Action>,
) -> Html {
    let oninput = dispatch.reform(|e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        // Copied in one native call: a text over the core's limit is refused, but stays in the box.
        Action::Detect(input_value(&input))
    });
    let invalid = detect.error.is_some();
    let picked = detect.picked;
    let shown = candidates.iter().find(|c| Some(c.reading) == picked);
    html! {
        <section class="panel detect-panel" aria-labelledby="detect-title">
            if heading {
                <h2 id="detect-title"><label for="detect-input">{ "Whose ID is this?" }</label></h2>
            } else {
                <label id="detect-title" for="detect-input" class="visually-hidden">{ "Whose ID is this?" }</label>
            }
            <input id="detect-input" class={classes!("id-input", "mono", invalid.then_some("invalid"))}
                type="text" spellcheck="false" autocomplete="off" value={detect.text.clone()} {oninput}
                aria-invalid={invalid.to_string()} aria-describedby="detect-help detect-error" />
            <p id="detect-help" class="help">{ examples() }</p>
            <p id="detect-error" class="error" role="alert" data-testid="detect-error">
                { detect.error.clone().map(|e| format!("{e}. Still showing the readings of {}.", quote(detect.shown.trim()))) }
            </p>
            <p class="detect-summary" aria-live="polite" data-testid="detect-summary">
                { summary(candidates, now_ms) }
            </p>
            <p class="help" data-testid="detect-order">
                { epoch_tie(candidates).map_or_else(|| ORDER.to_owned(), |tie| tie_reason(&tie, now_ms)) }
            </p>
            <ol class="detect-list" aria-label="Readings, likeliest first">
                { for candidates.iter().map(|c| row(c, Some(c.reading) == picked, now_ms, dispatch)) }
            </ol>
            { shown.map(|c| detail(c, &detect.shown, now_ms, if heading { "h3" } else { "h2" })).unwrap_or_default() }
        </section>
    }
}

/// How the list is ordered, in the core's words (`id_family::rank`).
const ORDER: &str = "Likeliest first: a time between the epoch and now; then fields that fit (a \
    sequence is usually small); a service before a library; then the latest. Pick one to see its bits.";

/// The help line: the forms it reads.
fn examples() -> String {
    format!(
        "Paste a number ({} or {}), hex, a UUID, a {}, a {}, ObjectId(\"…\") or a {}.",
        Preset::Snowflake.title(),
        Preset::Discord.title(),
        IdFamily::Ulid.title(),
        IdFamily::Ksuid.title(),
        IdFamily::Tsid.title()
    )
}
