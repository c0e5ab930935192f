//! The numbers behind the picture: vnodes per weight, Maglev's table size, replicas, keys counted,
//! keys drawn, seed.

use yew::prelude::*;

use super::number_field::{number_field, NumberFieldProps};
use crate::ring::state::{Action, Field};

/// Props for [`settings`].
pub struct SettingsProps {
    pub vnodes: u32,
    pub table_size: u32,
    pub replicas: u32,
    pub keys: u64,
    pub sample: u64,
    pub seed: u64,
    /// Whether the scheme is the ring (vnodes matter only there).
    pub ring: bool,
    /// Whether the scheme is Maglev (the table size matters only there).
    pub table: bool,
    /// The box whose last commit was refused, and why.
    pub error: Option<(Field, String)>,
    pub dispatch: Callback<Action>,
}

/// The vnodes box's help, as the settings panel and the vnodes widget show it.
pub fn vnodes_help(ring: bool) -> &'static str {
    if ring {
        "1 … 1000. More vnodes, evener load: σ/mean falls about as 1/√V."
    } else {
        "Only the ring uses vnodes."
    }
}

/// The table-size box's help.
fn table_help(table: bool) -> &'static str {
    if table {
        "A prime with a slot for every server. Production tables have 65,537 slots; a small one shows its fill."
    } else {
        "Only Maglev uses a table."
    }
}

/// The settings panel.
pub fn settings(props: &SettingsProps) -> Html {
    let field = |field: Field, id: &'static str, label: &'static str, value: u64| {
        let help = match field {
            Field::Vnodes => Some(vnodes_help(props.ring)),
            Field::TableSize => Some(table_help(props.table)),
            Field::Weight(_)
            | Field::Replicas
            | Field::Keys
            | Field::Sample
            | Field::Seed
            | Field::Exponent
            | Field::LoadFactor
            | Field::SubKeys => None,
        };
        html! {
            { number_field(&NumberFieldProps { field, id, label, value: value.to_string(), help, error: props.error.clone(),
                dispatch: props.dispatch.clone() }) }
        }
    };
    html! {
        <section class="panel rv-settings" aria-labelledby="rv-settings-title">
            <h2 id="rv-settings-title">{ "Settings" }</h2>
            { field(Field::Vnodes, "rv-vnodes", "Vnodes per unit of weight", u64::from(props.vnodes)) }
            { field(Field::TableSize, "rv-table-size", "Maglev table size M", u64::from(props.table_size)) }
            { field(Field::Replicas, "rv-replicas", "Replicas R", u64::from(props.replicas)) }
            { field(Field::Keys, "rv-keys", "Keys counted", props.keys) }
            { field(Field::Sample, "rv-sample", "Keys drawn", props.sample) }
            { field(Field::Seed, "rv-seed", "Seed", props.seed) }
        </section>
    }
}
