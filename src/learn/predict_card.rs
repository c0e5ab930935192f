//! A "predict, then observe" task's form: the reader types a guess and commits it (kept with the
//! progress, so it survives a reload and cannot be changed after the fact), then acts in the
//! widget; once the widget shows the growth, the card sets the guess against the measurement and
//! its spread over seeds, in words and on one 0–100 % scale.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::predict::{guess_share, parse_guess, report, Prediction};
use super::progress::{self, guess_key, Observation};
use super::tasks::Snapshot;

/// The card's inputs.
#[derive(Properties, PartialEq)]
pub struct PredictCardProps {
    /// The chapter's slug.
    pub slug: &'static str,
    /// The task's id.
    pub id: &'static str,
    /// What the guess is about.
    pub prediction: &'static Prediction,
    /// The committed guess (tenths of a percent), if any.
    pub guess: Option<u32>,
    /// What the widget measured for it, kept with the progress: the card shows it after a
    /// reload, when the widget has started over.
    pub observed: Option<Observation>,
    /// The newest snapshot of the widget.
    pub snapshot: Option<Rc<Snapshot>>,
    /// Called when the guess is committed and the measurement is already in.
    pub on_done: Callback<()>,
}

/// A CSS `left` for a share on the scale.
fn at(share: f64) -> String {
    format!("left: {:.1}%", (share * 100.0).clamp(0.0, 100.0))
}

/// The guess form, or the guess against the measurement.
#[function_component(PredictCard)]
pub fn predict_card(props: &PredictCardProps) -> Html {
    let draft = use_state(String::new);
    let error = use_state(|| None::<String>);
    let prediction = props.prediction;
    let live = props
        .snapshot
        .as_deref()
        .and_then(|s| prediction.measured(s));
    // The widget's own measurement first; after a reload the one kept with the guess (the
    // chapter keeps it, `chapter_page::keep_observations`). `measured_at` is `Some` exactly when
    // `measured` is.
    let at_vnodes = props
        .snapshot
        .as_deref()
        .and_then(|s| prediction.measured_at(s))
        .or_else(|| props.observed.and_then(|o| o.vnodes));
    let measured = live.or_else(|| props.observed.map(Observation::share));
    let spread = use_memo(at_vnodes, move |v| v.and_then(|v| prediction.spread_at(v)));
    let input_id = format!("task-{}-guess", props.id);

    let Some(guess) = props.guess else {
        let commit = {
            let (draft, error) = (draft.clone(), error.clone());
            let (slug, id, on_done) = (props.slug, props.id, props.on_done.clone());
            Callback::from(move |event: SubmitEvent| {
                event.prevent_default();
                match parse_guess(&draft) {
                    Ok(tenths) => {
                        error.set(None);
                        let mut stored = progress::load();
                        stored.guesses.insert(guess_key(slug, id), tenths);
                        progress::save(&stored);
                        if live.is_some() {
                            on_done.emit(());
                        }
                    }
                    Err(why) => error.set(Some(why)),
                }
            })
        };
        let oninput = {
            let draft = draft.clone();
            Callback::from(move |e: InputEvent| {
                let input: HtmlInputElement = e.target_unchecked_into();
                draft.set(input.value());
            })
        };
        return html! {
            <form class="task-form predict" onsubmit={commit}>
                <label for={input_id.clone()}>{ prediction.label }</label>
                <input id={input_id.clone()} type="text" inputmode="decimal" value={(*draft).clone()}
                    {oninput} autocomplete="off" aria-describedby={format!("{input_id}-error")} />
                <button type="submit">{ "Commit guess" }</button>
                if live.is_some() {
                    <p class="muted predict-note">{ "The widget has grown already; for a real guess, start it over first." }</p>
                }
                <p id={format!("{input_id}-error")} class="field-error" role="alert">
                    { (*error).clone().unwrap_or_default() }
                </p>
            </form>
        };
    };
    let share = guess_share(guess);
    let Some(measured) = measured else {
        return html! {
            <p class="predict-committed" data-testid="predict-guess">
                { format!("Your guess, {:.1} %, is in. Now act in the widget and watch it measure.", share * 100.0) }
            </p>
        };
    };
    let said = report(prediction, guess, measured, spread.as_ref().as_ref());
    let band = spread.as_ref().as_ref().map(|s| {
        format!(
            "{}; width: {:.1}%",
            at(s.min),
            ((s.max - s.min) * 100.0).clamp(0.0, 100.0)
        )
    });
    html! {
        <div class="predict-result" data-testid="predict-result">
            <div class="predict-scale" aria-hidden="true">
                if let Some(style) = band { <span class="predict-band" {style}></span> }
                <span class="predict-mark measured" style={at(measured)}></span>
                <span class="predict-mark guess" style={at(share)}></span>
            </div>
            <p class="predict-legend muted" aria-hidden="true">
                <span class="key guess">{ "your guess" }</span>
                <span class="key measured">{ "measured" }</span>
                <span class="key band">{ "over seeds" }</span>
            </p>
            <p>
                <span data-testid="predict-guess">{ said.guess }</span>{ " " }
                <span data-testid="predict-measured">{ said.measured }</span>
            </p>
            if let Some(line) = said.spread { <p data-testid="predict-spread">{ line }</p> }
            <p class="predict-verdict">{ said.verdict }</p>
        </div>
    }
}
