//! The cures on one workload, a row each: how far the busiest server is over the mean, the
//! requests served by a server other than their key's owner, and the lookups one read of the hot
//! key costs. The first cell of a row picks the cure the bars show.

use std::rc::Rc;

use shardlab_core::placement::{more_vnodes, Cure, CureComparison, CureSettings};
use shardlab_core::text::{percent, thousands};
use yew::prelude::*;

use crate::ring::state::Action;

/// A cure as its row names it.
pub fn cure_label(cure: Cure, settings: CureSettings, vnodes: u32) -> String {
    match cure {
        Cure::None => "No cure".to_owned(),
        Cure::MoreVnodes => format!(
            "More vnodes ({})",
            thousands(u64::from(more_vnodes(vnodes)))
        ),
        Cure::BoundedLoads => format!("Bounded loads, c = {}", settings.load_factor.value()),
        Cure::TwoChoices => "Two choices".to_owned(),
        Cure::Salted => format!("Salted, {} sub-keys", settings.sub_keys),
    }
}

/// A cure as the verdict's opening names it: "With …".
pub fn cure_phrase(cure: Cure, settings: CureSettings, vnodes: u32) -> String {
    match cure {
        Cure::None => "With no cure".to_owned(),
        Cure::MoreVnodes => format!(
            "With {} vnodes per weight",
            thousands(u64::from(more_vnodes(vnodes)))
        ),
        Cure::BoundedLoads => format!("With loads bounded at c = {}", settings.load_factor.value()),
        Cure::TwoChoices => "With two choices".to_owned(),
        Cure::Salted => format!(
            "With the hot key salted into {} sub-keys",
            settings.sub_keys
        ),
    }
}

/// Props for [`cure_table`].
pub struct CureTableProps {
    pub comparison: Rc<CureComparison>,
    /// The cure the bars show.
    pub chosen: Cure,
    /// The cure the reader picked, which the radio shows at once: the bars follow a paint
    /// later, and show the uncured ring when the pick cannot be drawn.
    pub picked: Cure,
    pub settings: CureSettings,
    pub vnodes: u32,
    pub dispatch: Callback<Action>,
}

/// The table.
pub fn cure_table(props: &CureTableProps) -> Html {
    let rows = props.comparison.rows.iter().map(|row| {
        let loads = &row.result.loads;
        let id = format!("rv-cure-{}", row.cure.name());
        let chosen = row.cure == props.chosen;
        let onchange = props.dispatch.reform({
            let cure = row.cure;
            move |_| Action::SetCure(cure)
        });
        let off_owner = if loads.keys == 0 {
            0.0
        } else {
            row.result.redirected as f64 / loads.keys as f64
        };
        html! {
            <tr class={classes!(chosen.then_some("chosen"))} data-cure={row.cure.name()}>
                <th scope="row">
                    <input type="radio" name="rv-cure" id={id.clone()} checked={row.cure == props.picked} {onchange} />
                    <label for={id}>{ cure_label(row.cure, props.settings, props.vnodes) }</label>
                </th>
                <td class="num" data-testid="cure-peak">{ format!("{:.2} ×", loads.max_over_mean) }</td>
                <td class="num">{ format!("{} ({})", thousands(row.result.redirected), percent(off_owner)) }</td>
                <td class="num">{ row.result.read_fan_out }</td>
            </tr>
        }
    });
    html! {
        <table class="rv-cures">
            <caption class="rv-sr">{ "The cures on the same requests" }</caption>
            <thead>
                <tr>
                    <th scope="col">{ "Cure" }</th>
                    <th scope="col">{ "Busiest ÷ mean" }</th>
                    <th scope="col">{ "Off-owner" }</th>
                    <th scope="col"><abbr title="Lookups per read of the hot key">{ "Lookups" }</abbr></th>
                </tr>
            </thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}
