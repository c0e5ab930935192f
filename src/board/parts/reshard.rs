//! A live reshard, in words: the bill for the first reshard on the timeline (the core's
//! [`ReshardBill`]: the range that moves, the bytes, the rate and the time), and once the run is
//! done, p99, errors and the source's load before the copy, while it runs and after the cutover.
//! The reshard widget's verdict; its link opens the same split in the Decoder's config table.

use std::rc::Rc;

use shardlab_core::sim::{
    reshard_bill, Design, FaultKind, ReshardPhase, ReshardReport, SimReport, DEFAULT_DURATION_S,
};
use shardlab_core::text::{percent, percent_one_decimal};
use yew::prelude::*;

use crate::route::Route;
use crate::widgets::route_link::RouteLink;

/// The verdict's inputs.
pub struct ReshardProps<'a> {
    /// The design, whose timeline may hold a reshard.
    pub design: &'a Design,
    /// The finished run of this very design, if there is one.
    pub report: Option<&'a Rc<SimReport>>,
}

/// The first reshard on the timeline: its shard and second.
pub fn first_reshard(design: &Design) -> Option<(u32, f64)> {
    design.faults.iter().find_map(|fault| match fault.kind {
        FaultKind::Reshard { shard } => Some((shard, fault.at_s)),
        FaultKind::MasterDown { .. }
        | FaultKind::CacheFlush
        | FaultKind::HotKey { .. }
        | FaultKind::TrafficSpike { .. }
        | FaultKind::ShardSplit { .. } => None,
    })
}

/// The sentence before the run: which range moves where, and what the copy costs.
fn plan(design: &Design) -> String {
    let Some((shard, at)) = first_reshard(design) else {
        return "No reshard on the timeline yet. Under \u{201c}Break it\u{201d}, pick a shard and a \
                second and press \u{201c}Reshard\u{201d}."
            .to_owned();
    };
    match reshard_bill(design, shard) {
        Ok(Some(bill)) => format!(
            "At {at:.0} s shard {shard} starts to split: {}. It {}.",
            bill.moved_text(),
            bill.text()
        ),
        Ok(None) => format!("Shard {shard} holds one logical shard, so there is nothing to split."),
        Err(error) => format!("No bill while the design is invalid: {error}."),
    }
}

/// One row of the before / during / after table.
fn phase_row(name: &str, phase: Option<&ReshardPhase>) -> Html {
    let Some(phase) = phase else {
        return html! {
            <tr><th scope="row">{ name }</th><td colspan="3">{ "not in this run" }</td></tr>
        };
    };
    html! {
        <tr>
            <th scope="row">{ format!("{name} ({:.0} – {:.0} s)", phase.from_s, phase.to_s) }</th>
            <td>{ format!("{:.0} ms", phase.p99_ms) }</td>
            <td>{ percent_one_decimal(phase.error_rate) }</td>
            <td>{ percent(phase.source_utilisation) }</td>
        </tr>
    }
}

/// The run's figures around the copy.
fn measured(reshard: &ReshardReport) -> Html {
    html! {
        <>
            <p>{ format!("In the run: {}.", reshard.window_text(DEFAULT_DURATION_S)) }</p>
            <table class="reshard-phases">
                <thead><tr>
                    <th scope="col">{ "Phase" }</th><th scope="col">{ "p99" }</th>
                    <th scope="col">{ "Errors" }</th>
                    <th scope="col">{ format!("{} busy", reshard.bill.from) }</th>
                </tr></thead>
                <tbody>
                    { phase_row("Before the copy", Some(&reshard.before)) }
                    { phase_row("During the copy", Some(&reshard.during)) }
                    { phase_row("After the cutover", reshard.after.as_ref()) }
                </tbody>
            </table>
        </>
    }
}

/// The verdict: the bill, the run's figures once it is done, and the Decoder's side of it.
pub fn reshard_verdict(props: &ReshardProps<'_>) -> Html {
    let reshard = props.report.and_then(|r| r.reshards.first());
    html! {
        <div class="board-reshard" aria-live="polite" data-testid="reshard-verdict">
            <p>{ plan(props.design) }</p>
            if let Some(reshard) = reshard { { measured(reshard) } }
            <p class="muted">
                { "The IDs do not change: only a row of the config table does. " }
                <RouteLink to={Route::Decoder} query={vec![("v", "1".to_owned()), ("layout", "pinterest".to_owned())]}>
                    { "The same split in the Decoder's config table" }
                </RouteLink>
            </p>
        </div>
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use shardlab_core::sim::{preset, Fault};

    #[test]
    fn the_plan_quotes_the_cores_bill_for_the_first_reshard() {
        let mut design = preset("pinterest").unwrap().design;
        assert!(plan(&design).starts_with("No reshard on the timeline yet"));
        design.faults.push(Fault {
            at_s: 20.0,
            kind: FaultKind::Reshard { shard: 0 },
        });
        let bill = reshard_bill(&design, 0).unwrap().unwrap();
        assert_eq!(
            plan(&design),
            format!(
                "At 20 s shard 0 starts to split: {}. It {}.",
                bill.moved_text(),
                bill.text()
            )
        );
    }
}
