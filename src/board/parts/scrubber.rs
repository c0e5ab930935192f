//! The time scrubber (issue 23 §4): a slider over the finished run's seconds. The boxes on the
//! board then show that second's utilisation and queue, a box that dropped requests wears a badge
//! with the count and the cause, and the per-shard plot shows that second alone. A node's
//! 60-second average hides a 20-second hot key; one second of it does not.
//!
//! The slider is a native range input (arrow keys, Home and End); "Worst second" jumps to the
//! second with the most errors, then the highest p99 ([`SimReport::worst_second`]); "Whole run"
//! goes back to the averages. The readout is announced.

use shardlab_core::sim::SimReport;
use shardlab_core::text::{milliseconds, thousands};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::plots::hot_index;
use crate::board::state::Action;

/// The scrubber's inputs.
pub struct ScrubberProps<'a> {
    /// The finished run, with its loads.
    pub report: &'a SimReport,
    /// The second the reader asked for, if any (it may be past this run's end).
    pub asked: Option<u32>,
    /// The second shown: the one asked for if this run has it.
    pub shown: Option<usize>,
    /// The page's dispatcher.
    pub dispatch: &'a Callback<Action>,
}

/// What the readout says about second `t` of `report`.
fn readout(report: &SimReport, t: usize) -> String {
    let Some(stats) = report.series.get(t) else {
        return String::new();
    };
    // The hot shard of that second, by the per-shard plot's own rule.
    let hot = report
        .shards_at(t)
        .and_then(|shards| {
            let shard = shards.get(hot_index(&shards)?)?;
            Some(format!(
                " Shard {} on {} is hot: {:.1}× its fair share.",
                shard.shard,
                shard.host,
                shard.share * shards.len() as f64
            ))
        })
        .unwrap_or_default();
    let p99 = if stats.completed > 0 {
        format!("p99 {}", milliseconds(stats.p99_ms))
    } else {
        "no replies".to_owned()
    };
    format!(
        "Second {t} of {}: {} requests arrived, {p99}, {} errors.{hot}",
        report.series.len(),
        thousands(stats.arrivals),
        thousands(stats.errors),
    )
}

/// The scrubber under the board: a plain function, not a component (a component costs the page
/// about 0.7 kB of brotli), whose state is the page's.
pub fn scrubber(props: &ScrubberProps) -> Html {
    let report = props.report;
    let last = report.loads.len().saturating_sub(1);
    let shown = props.shown;
    let to = |second: Option<usize>| {
        let second = second.and_then(|t| u32::try_from(t).ok());
        props
            .dispatch
            .reform(move |_: MouseEvent| Action::ShowSecond(second))
    };
    let oninput = props.dispatch.reform(|e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        Action::ShowSecond(input.value().parse::<u32>().ok())
    });
    let said = match (shown, props.asked) {
        (Some(t), _) => readout(report, t),
        (None, Some(t)) => format!(
            "This run has no second {t}; the boxes show the whole run. Move the slider to pick one of its {} seconds.",
            last.saturating_add(1)
        ),
        (None, None) => "The boxes show the whole run's averages. Move the slider to see one second: its load, its queues and what each box dropped.".to_owned(),
    };
    html! {
        <div class="board-scrub" role="group" aria-labelledby="scrub-label">
            <div class="scrub-row">
                <label id="scrub-label" for="scrub">{ "Second" }</label>
                <input id="scrub" type="range" min="0" max={last.to_string()} step="1"
                    value={shown.unwrap_or(0).to_string()} {oninput}
                    aria-valuetext={shown.map_or_else(|| "whole run".to_owned(), |t| format!("second {t}"))} />
                <output for="scrub" data-testid="scrub-second">
                    { shown.map_or_else(|| "all".to_owned(), |t| format!("{t} s")) }
                </output>
                <button type="button" onclick={to(report.worst_second())}>{ "Worst second" }</button>
                <button type="button" onclick={to(None)} disabled={shown.is_none()}>{ "Whole run" }</button>
            </div>
            <p class="muted scrub-readout" aria-live="polite" data-testid="scrub-readout">{ said }</p>
        </div>
    }
}
