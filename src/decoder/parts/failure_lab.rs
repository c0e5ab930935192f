//! "When generators fail": pick a fault and its parameters, and see the naive generator's run
//! beside the fixed one's, with the duplicates counted and the first ones named; then the
//! birthday odds of random worker IDs, the layout's rollover dates and what `Number()` rounds.
//! Every number is the core's (`layout::run_lab`, `birthday`, `rollover`), made by the reducer
//! ([`Lab`]); this part words and draws it.

use shardlab_core::layout::{format_unix_ms, Fault, FaultKind, LabReport, Policy, Preset};
use shardlab_core::text::thousands;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::decoder::state::lab::LabShown;
use crate::decoder::state::{Action, Lab, LabAction, LabParam};

/// The panel: a plain function, as it keeps no state of its own (the runs are the reducer's).
/// `heading` is false in the widget, whose frame shows the title already.
pub fn failure_lab(lab: &Lab, heading: bool, dispatch: &Callback<Action>) -> Html {
    let fault = lab.fault();
    let shown = lab.shown.as_deref();
    let faults = FaultKind::ALL.into_iter().map(|kind| {
        (
            kind.name(),
            kind.title(),
            kind == lab.kind,
            LabAction::PickFault(kind),
        )
    });
    let fixes = fault.policies().iter().skip(1).map(|&policy| {
        (
            policy.name(),
            policy.title(),
            policy == lab.fix,
            LabAction::PickFix(policy),
        )
    });
    html! {
        <section class="panel lab-panel" aria-labelledby="lab-title">
            <h2 id="lab-title" class={classes!((!heading).then_some("visually-hidden"))}>{ "When generators fail" }</h2>
            { shown.map(layout_line).unwrap_or_default() }
            { radios("lab-fault", "Fault".to_owned(), faults, dispatch) }
            { params(lab, dispatch) }
            <p class="lab-cause">{ cause(fault) }</p>
            { radios("lab-fix", "The fix beside it".to_owned(), fixes, dispatch) }
            <p class="lab-summary" aria-live="polite" data-testid="lab-summary">
                { shown.map(|s| summary(s, fault, lab.fix)).unwrap_or_default() }
            </p>
            if let Some(shown) = shown {
                <div class="lab-runs">
                    { run_card(&format!("Naive: {}", fault.naive().title()), "lab-naive", &shown.naive) }
                    { run_card(&format!("Fix: {}", lab.fix.title()), "lab-fixed", &shown.fixed) }
                </div>
                { facts(shown) }
            }
        </section>
    }
}

/// A radio group: (value, label, checked, the action it sends) per option.
fn radios(
    name: &'static str,
    legend: String,
    options: impl Iterator<Item = (&'static str, &'static str, bool, LabAction)>,
    dispatch: &Callback<Action>,
) -> Html {
    html! {
        <fieldset class="lab-choice">
            <legend>{ legend }</legend>
            { for options.map(|(value, label, checked, action)| html! {
                <label><input type="radio" {name} {value} {checked}
                    onchange={dispatch.reform(move |_: Event| Action::Lab(action.clone()))} />{ format!(" {label}") }</label>
            }) }
        </fieldset>
    }
}

/// Which layout runs, the load, and how many IDs a tick holds.
fn layout_line(shown: &LabShown) -> Html {
    let name = Preset::of_layout(&shown.layout).map_or("the edited layout", Preset::title);
    let why = if shown.fallback {
        "This layout has no clock, so the lab runs "
    } else {
        "The lab runs "
    };
    let load = shown.naive.as_ref().ok().map(|r| {
        format!(
            ": {} generators, about {} ID per ms each, for {} simulated ms; {} IDs per {} ms tick.",
            r.scenario.generator_count(),
            r.scenario.per_ms,
            thousands(r.scenario.span_ms),
            thousands(r.capacity_per_tick),
            r.unit_ms
        )
    });
    html! { <p class="help">{ format!("{why}{name}'s layout{}", load.unwrap_or_else(|| ".".to_owned())) }</p> }
}

/// The parameter boxes of the current fault, each with its refusal.
fn params(lab: &Lab, dispatch: &Callback<Action>) -> Html {
    let boxes: &[(LabParam, &str)] = match lab.kind {
        FaultKind::ClockStepBack => &[
            (LabParam::StepAt, "Step at (ms into the run)"),
            (LabParam::StepBy, "Step back by (ms)"),
        ],
        FaultKind::Burst => &[(LabParam::Burst, "Burst (IDs per generator in one tick)")],
        FaultKind::SharedWorker => &[],
        FaultKind::RandomWorkers => &[(LabParam::Generators, "Generators (K)")],
    };
    html! {
        <div class="lab-params">
            { for boxes.iter().map(|&(param, label)| {
                let id = format!("lab-{}", param_name(param));
                let error_id = format!("{id}-error");
                let error = lab.error(param).map(|e| format!("{e}; the runs are still for {}.", lab.value(param)));
                html! {
                    <div class="lab-param">
                        <label for={id.clone()}>{ label }</label>
                        // A plain input: the panel does not re-render while the reader types,
                        // and a refused text stays in the state, so the box keeps it.
                        <input id={id.clone()} type="text" inputmode="numeric" class="mono" autocomplete="off"
                            value={lab.text(param)} aria-invalid={error.is_some().to_string()}
                            aria-describedby={error_id.clone()}
                            onchange={dispatch.reform(move |e: Event| {
                                let input: HtmlInputElement = e.target_unchecked_into();
                                Action::Lab(LabAction::SetParam(param, input.value()))
                            })} />
                        <p id={error_id} class="error" role="alert" data-testid={format!("{id}-error")}>{ error }</p>
                    </div>
                }
            }) }
        </div>
    }
}

fn param_name(param: LabParam) -> &'static str {
    match param {
        LabParam::StepAt => "at",
        LabParam::StepBy => "by",
        LabParam::Burst => "burst",
        LabParam::Generators => "k",
    }
}

/// What the fault does, in words.
fn cause(fault: Fault) -> String {
    match fault {
        Fault::ClockStepBack { at_ms, by_ms } => format!(
            "At {} ms generator 0's clock steps back {} ms (an NTP correction): its next ticks are ones it has used, and its sequence restarts at 0.",
            thousands(at_ms), thousands(by_ms)
        ),
        Fault::Burst { per_tick } => format!(
            "Halfway through, each generator is asked for {} IDs at once, more than one tick's sequence may hold.",
            thousands(per_tick)
        ),
        Fault::SharedWorker => "Generators 0 and 1 were given one worker ID; their clocks agree, so their ticks and sequences do too.".to_owned(),
        Fault::RandomWorkers { generators } => format!(
            "{generators} generators each draw a worker ID at random when they start, instead of being handed one."
        ),
    }
}

/// The sentence the live region reads.
fn summary(shown: &LabShown, fault: Fault, fix: Policy) -> String {
    let count = |run: &Result<LabReport, String>| {
        run.as_ref().map_or_else(
            |e| format!("not run ({e})"),
            |r| plural(r.duplicates, "duplicate"),
        )
    };
    format!(
        "{}: {}. {}: {}.",
        fault.naive().title(),
        count(&shown.naive),
        fix.title(),
        count(&shown.fixed)
    )
}

fn plural(count: u64, noun: &str) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{} {noun}{s}", thousands(count))
}

/// One run: its duplicate count large, the other counts, its IDs per window, its first duplicates.
fn run_card(title: &str, test_id: &'static str, run: &Result<LabReport, String>) -> Html {
    // A run that could not run has no card: the summary above says why.
    let Ok(report) = run else {
        return html! {};
    };
    // One line of text, not an element per count: each element is code on the page. "Asked
    // for" shows only when some requests were not issued.
    let counts: Vec<String> = [
        ("IDs issued", report.issued),
        (
            "asked for",
            report
                .requested
                .saturating_sub(report.issued)
                .min(1)
                .saturating_mul(report.requested),
        ),
        ("out of order", report.out_of_order),
        ("ticks stalled", report.stalled_ticks),
        ("ms waited", report.waited_ms),
        ("requests refused", report.refused),
        ("still waiting at the end", report.pending),
        (
            "generators sharing a worker ID",
            u64::from(report.shared_workers),
        ),
    ]
    .into_iter()
    .filter(|&(_, n)| n > 0)
    .map(|(label, n)| format!("{} {label}", thousands(n)))
    .collect();
    // Three, each on one line of a 680 px embed: the ID, who issued it first and again, when.
    let examples: Vec<String> = report
        .examples
        .iter()
        .take(3)
        .map(|d| {
            format!(
                "{} gen {}/{}, {}/{} ms",
                d.id, d.first_by, d.again_by, d.first_at_ms, d.again_at_ms
            )
        })
        .collect();
    html! {
        <div class={classes!("lab-run", (report.duplicates > 0).then_some("found"))} data-testid={test_id}>
            <h3>{ title }</h3>
            <p class="lab-dups"><span class="lab-big mono" data-testid={format!("{test_id}-dups")}>{ thousands(report.duplicates) }</span>
                { if report.duplicates == 1 { " duplicate" } else { " duplicates" } }</p>
            <p class="lab-counts">{ counts.join(" · ") }</p>
            if !examples.is_empty() {
                <p class="lab-examples mono" aria-label="First duplicates">{ examples.join("\n") }</p>
            }
        </div>
    }
}

/// A chance as a percentage with three decimals, "38.702 %", formatted as integers: the page
/// formats no float for it.
fn percent(chance: f64) -> String {
    // `as` saturates, and a chance is 0 … 1, so this is 0 … 100,000 thousandths of a percent.
    let thousandths = (chance * 100_000.0 + 0.5) as u64;
    format!("{}.{:03} %", thousandths / 1_000, thousandths % 1_000)
}

/// The birthday odds, the rollover dates and `Number()`, folded so the widget fits its 700 px.
fn facts(shown: &LabShown) -> Html {
    let birthday = shown.birthday.map(|b| {
        let ids = 1u64.checked_shl(b.bits).map_or_else(|| "2^64".to_owned(), thousands);
        format!(
            "{} generators drawing one of {} worker IDs ({} bits) at random: two draw the same with probability {} (1 − ∏(1 − i/N)); measured {} over {} seeded trials.",
            b.generators, ids, b.bits, percent(b.computed), percent(b.measured()), thousands(b.trials)
        )
    });
    let rollover = shown.rollover.as_ref().map(|r| {
        let ends = r.runs_out_ms.map_or_else(|| "after the largest date a u64 of ms holds".to_owned(), format_unix_ms);
        let sign = match r.negative_ms {
            Some(at) => format!(" Its top bit is the ID's sign bit: read as a signed BIGINT, every ID turns negative from {}.", format_unix_ms(at)),
            None => " The bit above it stays 0, so a signed BIGINT stays positive.".to_owned(),
        };
        format!("The {}-bit {} field ({} ms ticks) runs out on {ends}.{sign}", r.width, r.field, r.time.unit_ms)
    });
    let number = shown.naive.as_ref().ok().map(|r| {
        let first = r
            .number
            .first
            .as_ref()
            .map(|(id, rounding)| format!(" {id} becomes {}.", rounding.printed))
            .unwrap_or_default();
        format!(
            "JavaScript's Number(id) rounds {} of the naive run's {} IDs.{first}",
            thousands(r.number.count),
            thousands(r.issued)
        )
    });
    html! {
        <details class="lab-more">
            <summary>{ "Birthday odds, rollover dates, Number()" }</summary>
        <ul class="lab-facts">
            { for [("Birthday. ", "lab-birthday", birthday), ("Rollover. ", "lab-rollover", rollover), ("Number(). ", "lab-number", number)]
                .into_iter().filter_map(|(title, test_id, text)| {
                    text.map(|text| html! { <li data-testid={test_id}><strong>{ title }</strong>{ text }</li> })
                }) }
        </ul>
        </details>
    }
}
