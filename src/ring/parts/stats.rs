//! The measured numbers: "moved k of n keys (x %), minimum possible y %" (or, for an add, what the
//! new server took against its fair share), and the load per server
//! over the statistics keys, with what each server gained or lost in the last change. The
//! minimum and the fair share are the core's (`MovementResult::minimum_fraction`,
//! `LoadStats::max_over_fair`): a kill's minimum is the killed server's own measured share, and
//! under weights a server's fair share is its weight's.

use std::rc::Rc;

use shardlab_core::placement::Yardstick;
use shardlab_core::stepped::Progress;
use yew::prelude::*;

use crate::ring::measure::Measured;
use crate::widgets::palette::server_class;
use shardlab_core::text::thousands;

/// Props for [`Stats`].
pub struct StatsProps {
    pub measured: Option<Rc<Measured>>,
    /// How far a directory has got pinning the keys, while it still is (counting starts after).
    pub pinning: Option<Progress>,
    /// How far Maglev's table for a change has been filled, while it is: the numbers shown are
    /// still the state's before it.
    pub filling: Option<Progress>,
    /// Why the numbers could not be measured, if they could not.
    pub error: Option<String>,
    /// Whether to show what the last change moved (the counter and each server's gain or loss);
    /// the vnodes widget shows only the load.
    pub moved: bool,
    /// While a table fills for the same servers at another size (a link that opens on a large
    /// table, or a new size typed), the size of the table the numbers shown are from.
    pub table_shown: Option<u32>,
}

fn percent(x: f64) -> String {
    format!("{:.1}", x * 100.0)
}

/// The rest of the counter's sentence: what the moved share is read against. A kill or a weight
/// change has a true floor; an add is read as the newcomers' take against their fair share,
/// which an uneven newcomer can fall short of (then the keys moved are fewer than its fair share,
/// and "minimum possible" would contradict the count beside it).
fn yardstick(yardstick: Yardstick) -> Html {
    match yardstick {
        Yardstick::Forced { minimum } | Yardstick::Reweighted { minimum } => html! {
            <>
                { " %), minimum possible " }
                <span data-testid="minimum-percent" title={minimum.to_string()}>{ percent(minimum) }</span>
                { " %." }
            </>
        },
        Yardstick::Newcomers { count, took, fair } => {
            let who = if count == 1 { "The new server" } else { "The new servers" };
            html! {
                <>
                    { format!(" %). {who} took ") }
                    <span data-testid="newcomer-took" title={took.to_string()}>{ percent(took) }</span>
                    { " % of the keys, against a fair share of " }
                    <span data-testid="fair-share" title={fair.to_string()}>{ percent(fair) }</span>
                    { " %." }
                </>
            }
        }
    }
}

/// The statistics panel.
pub fn stats(props: &StatsProps) -> Html {
    let title = if props.moved {
        "Moved and load"
    } else {
        "Load per server"
    };
    // Work before the count: the table of a change (the numbers below are the state's before
    // it until it is filled), or a directory's pins.
    let meanwhile = props.table_shown.map_or_else(
        || "the numbers below are from before the change".to_owned(),
        |size| format!("until it is full, the numbers below are from a table of {} slots", thousands(u64::from(size))),
    );
    let filling = props.filling.map(|p| {
        html! {
            <p class="rv-progress" data-testid="table-filling">
                <progress max="1" value={p.fraction().to_string()}></progress>
                { format!(" filling Maglev's table: {} of {} slots claimed; {}…",
                    thousands(p.done), thousands(p.total), meanwhile) }
            </p>
        }
    });
    let pinning = filling.or_else(|| props.pinning.map(|p| {
        html! {
            <p class="rv-progress">
                <progress max="1" value={p.fraction().to_string()}></progress>
                { format!(" filling the directory: {} of {} keys pinned…", thousands(p.done), thousands(p.total)) }
            </p>
        }
    }));
    let Some(m) = props.measured.as_deref() else {
        return html! {
            <section class="panel rv-stats" aria-labelledby="rv-stats-title">
                <h2 id="rv-stats-title">{ title }</h2>
                if let Some(pinning) = pinning {
                    { pinning }
                } else if let Some(error) = props.error.clone() {
                    <p class="error">{ error }</p>
                } else {
                    // Work under way is not an error: muted, like every other progress line.
                    <p class="rv-progress">{ "Measuring…" }</p>
                }
            </section>
        };
    };
    let r = &m.result;
    let done = m.progress.is_done();
    let counter = match &m.change {
        Some(change) => html! {
            <p class="rv-counter" data-testid="moved-counter" aria-live="polite">
                { format!("After you {change}: moved {} of {} keys (", thousands(r.moved), thousands(r.keys)) }
                <strong data-testid="moved-percent" title={format!("{}", r.moved_fraction)}>{ percent(r.moved_fraction) }</strong>
                { yardstick(r.yardstick(m.weighted)) }
            </p>
        },
        None => html! {
            <p class="rv-counter" data-testid="moved-counter">
                { "Add or kill a server, or change a weight, and this line counts the keys that change owner." }
            </p>
        },
    };
    let load = &r.load_after;
    let before = &r.load_before;
    // Equal weights make the fair share the mean: then it reads as the familiar max/mean.
    let by_weight = m.weighted && {
        let mut weights = load.per_server.iter().map(|s| s.weight);
        let first = weights.next();
        weights.any(|w| Some(w) != first)
    };
    let over_fair = load.max_over_fair(m.weighted);
    let max_keys = load
        .per_server
        .iter()
        .map(|s| s.keys)
        .max()
        .unwrap_or(1)
        .max(1);
    let rows = load.per_server.iter().map(|s| {
        let prior = before
            .per_server
            .iter()
            .find(|b| b.server == s.server)
            .map(|b| b.keys);
        let delta = prior.map(|p| (s.keys as i64).saturating_sub(p as i64));
        let width = s.keys as f64 / max_keys as f64 * 100.0;
        html! {
            <tr class={server_class(s.server.0 as usize)} data-server={s.server.0.to_string()}>
                <th scope="row" class="mono"><span class="rv-swatch" aria-hidden="true"></span>{ format!("S{}", s.server.0) }</th>
                <td class="num">{ thousands(s.keys) }</td>
                <td class="rv-bar-cell" aria-hidden="true"><span class="rv-bar" style={format!("width:{width:.1}%")}></span></td>
                if props.moved {
                    <td class="num" data-testid="received">
                        { match (m.change.is_some(), delta) {
                            (false, _) => String::new(),
                            (true, None) => "new".to_owned(),
                            (true, Some(d)) if d > 0 => format!("+{}", thousands(d as u64)),
                            (true, Some(d)) if d < 0 => format!("−{}", thousands(d.unsigned_abs())),
                            (true, Some(_)) => "0".to_owned(),
                        } }
                    </td>
                }
            </tr>
        }
    });
    let gone = before.per_server.iter().filter(|b| load.per_server.iter().all(|s| s.server != b.server)).map(|b| {
        html! {
            <tr class={classes!(server_class(b.server.0 as usize), "rv-gone")}>
                <th scope="row" class="mono"><span class="rv-swatch" aria-hidden="true"></span>{ format!("S{} (killed)", b.server.0) }</th>
                <td class="num">{ "0" }</td><td></td>
                <td class="num">{ format!("−{}", thousands(b.keys)) }</td>
            </tr>
        }
    });
    html! {
        <section class="panel rv-stats" aria-labelledby="rv-stats-title">
            <h2 id="rv-stats-title">{ title }</h2>
            if props.moved { { counter } }
            if let Some(pinning) = pinning {
                { pinning }
            } else if !done {
                <p class="rv-progress">
                    <progress max="1" value={m.progress.fraction().to_string()}></progress>
                    { format!(" counting {} of {} keys…", thousands(m.progress.done), thousands(m.progress.total)) }
                </p>
            }
            <p class="rv-balance">
                { "Load over " }{ thousands(load.keys) }{ if by_weight { " keys: max over fair share (by weight) " } else { " keys: max/mean " } }
                <strong data-testid="max-over-mean" title={over_fair.to_string()}>{ format!("{over_fair:.3}") }</strong>
                { ", σ/mean " }
                <strong data-testid="stddev-over-mean" title={load.stddev_over_mean.to_string()}>{ format!("{:.3}", load.stddev_over_mean) }</strong>
                { format!(" (mean {} keys per server).", thousands(load.mean.round() as u64)) }
            </p>
            <table class="rv-load">
                <caption class="rv-sr">{ "Keys per server, and the change in the last step" }</caption>
                <thead><tr><th scope="col">{ "server" }</th><th scope="col">{ "keys" }</th>
                    <th scope="col"><span class="rv-sr">{ "bar" }</span></th>
                    if props.moved { <th scope="col">{ "received" }</th> }</tr></thead>
                <tbody>{ for rows }if props.moved { { for gone } }</tbody>
            </table>
            if props.moved && m.change.is_some() {
                <p class="help">{ "\"received\" is the change in each server's keys: what a killed server held shows where it went. \
                                   On a ring with 10 or more vnodes it spreads over many servers; with 1 vnode it lands on one neighbour." }</p>
            }
        </section>
    }
}
