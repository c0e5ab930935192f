//! "When one key is hot": the popularity exponent, the requests per server under the cure picked,
//! a sentence on what the reader sees, and the cures compared on the same requests.

use std::rc::Rc;

use shardlab_core::placement::{more_vnodes, Cure, CureComparison, CureRow};
use shardlab_core::text::{percent, thousands};
use shardlab_core::view_limits::ring::HOT_KEY_REQUESTS;
use yew::prelude::*;

use super::cure_table::{cure_phrase, cure_table, CureTableProps};
use super::hot_key_bars::{hot_key_bars, HotKeyBarsProps};
use super::number_field::{number_field, NumberFieldProps};
use crate::ring::hot_keys::comparison;
use crate::ring::state::{Action, Field, RingState};

/// Props for [`hot_keys`].
pub struct HotKeysProps {
    /// The reader's state (the boxes show it).
    pub state: Rc<RingState>,
    /// The state the bars and the table show, a paint behind.
    pub drawn: Rc<RingState>,
    pub dispatch: Callback<Action>,
    /// Whether the panel has its own heading: the full view's section has one, the widget's frame
    /// already says "When one key is hot".
    pub titled: bool,
}

/// What the bars show, in a sentence.
fn verdict(compared: &CureComparison, shown: &CureRow, asked: Cure, state: &RingState) -> String {
    let hottest = &compared.hottest;
    let peak = shown.result.loads.max_over_mean;
    let mut text = if hottest.share >= 0.01 {
        format!(
            "The hottest key is asked for in {} of {} requests ({}); S{} owns it. ",
            thousands(hottest.requests),
            thousands(HOT_KEY_REQUESTS),
            percent(hottest.share),
            hottest.owner.0
        )
    } else {
        "Every key is about as popular as the next, so no server stands out. ".to_owned()
    };
    if shown.cure != asked {
        text.push_str(&format!(
            "More vnodes would be {} per weight, past the ring's limit, so the bars show the uncured ring. ",
            more_vnodes(state.vnodes)
        ));
    }
    let settings = state.hot.settings;
    text.push_str(&format!(
        "{}, the busiest server serves {peak:.2} × the mean.",
        cure_phrase(shown.cure, settings, state.vnodes)
    ));
    match shown.cure {
        Cure::MoreVnodes | Cure::None if hottest.share >= 0.01 => {
            let servers = shown.result.loads.per_server.len();
            text.push_str(&format!(
                " With one owner, the hot key's server serves at least its {}: {:.2} × the mean \
                 of {servers} servers, whatever the vnodes.",
                percent(hottest.share),
                hottest.one_owner_floor(servers)
            ));
        }
        Cure::MoreVnodes | Cure::None => {}
        Cure::BoundedLoads => text.push_str(&format!(
            " No server takes more than c × its share; {} requests went on clockwise to a server with room.",
            thousands(shown.result.redirected)
        )),
        Cure::TwoChoices => text.push_str(" Each request goes to the less busy of two servers, so the hot key's requests split."),
        Cure::Salted => text.push_str(&format!(
            " Its requests spread over {} sub-keys, and reading the whole key now takes {} lookups.",
            settings.sub_keys, shown.result.read_fan_out
        )),
    }
    text
}

/// The panel.
pub fn hot_keys(props: &HotKeysProps) -> Html {
    let (state, drawn) = (&props.state, &props.drawn);
    let error = state.field_error.clone();
    let box_of = |field: Field, id: &'static str, label: &'static str, help: &'static str| {
        number_field(&NumberFieldProps {
            field,
            id,
            label,
            value: field.shown(state),
            help: Some(help),
            error: error.clone(),
            dispatch: props.dispatch.clone(),
        })
    };
    let controls = html! {
        <div class="rv-hot-controls">
            { box_of(Field::Exponent, "rv-exponent", "Zipf exponent s", "0 … 3; 0 makes keys alike.") }
            { box_of(Field::LoadFactor, "rv-load-factor", "Bounded loads' c", "At least 1: cap = c × share.") }
            { box_of(Field::SubKeys, "rv-sub-keys", "Salted sub-keys", "1 … 1,000 lookups per read.") }
        </div>
    };
    let (main, table) = match comparison(drawn) {
        Err(why) => (
            html! { <p class="field-error" role="alert">{ why }</p> },
            html! {},
        ),
        Ok(compared) => {
            let asked = drawn.hot.cure;
            let shown = compared.row(asked).or_else(|| compared.row(Cure::None));
            let scale = compared.row(Cure::None).map_or(0, |r| r.result.loads.max);
            match shown {
                None => (html! {}, html! {}),
                Some(shown) => (
                    html! {
                        <>
                            <p class="rv-hot-verdict" aria-live="polite" data-testid="hot-verdict">
                                { verdict(&compared, shown, asked, drawn) }
                            </p>
                            { hot_key_bars(&HotKeyBarsProps { loads: shown.result.loads.clone(), scale,
                                hot_owner: compared.hottest.owner }) }
                        </>
                    },
                    cure_table(&CureTableProps {
                        comparison: Rc::clone(&compared),
                        chosen: shown.cure,
                        picked: state.hot.cure,
                        settings: drawn.hot.settings,
                        vnodes: drawn.vnodes,
                        dispatch: props.dispatch.clone(),
                    }),
                ),
            }
        }
    };
    // Folded (a chapter asks for a guess first), the table is below a summary, not in view.
    let pick = if state.hot.cures_folded {
        "open the four cures below and pick one to draw it"
    } else {
        "pick a cure in the table to draw it"
    };
    let lead = format!(
        "{} requests over {} keys, the key of rank k asked for in proportion to 1/kˢ. The bars \
         count requests, not keys; {pick}.",
        thousands(HOT_KEY_REQUESTS),
        thousands(drawn.keys)
    );
    html! {
        <section class="panel rv-hot" aria-labelledby={props.titled.then_some("rv-hot-title")}
            aria-label={(!props.titled).then_some("When one key is hot")}>
            if props.titled { <h2 id="rv-hot-title">{ "When one key is hot" }</h2> }
            <p class="help">{ lead }</p>
            <div class="rv-hot-cols">
                { controls }
                <div class="rv-hot-main">{ main }</div>
            </div>
            if state.hot.cures_folded {
                <details class="rv-cures-fold" data-testid="cures-fold">
                    <summary>{ "Show the four cures, measured on the same requests" }</summary>
                    { table }
                </details>
            } else {
                { table }
            }
        </section>
    }
}
