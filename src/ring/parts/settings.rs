//! The numbers behind the picture: vnodes per weight, Maglev's table size, multi-probe's k,
//! bounded loads' c, replicas, keys counted, keys drawn, seed.

use shardlab_core::placement::SchemeKind;
use yew::prelude::*;

use super::number_field::{number_field, NumberFieldProps};
use crate::ring::state::{Action, Field, RingState};

/// Props for [`settings`].
pub struct SettingsProps<'a> {
    pub state: &'a RingState,
    pub dispatch: Callback<Action>,
}

/// The vnodes box's help, as the settings panel and the vnodes widget show it.
pub fn vnodes_help(ring: bool) -> &'static str {
    if ring {
        "1 … 1000. More vnodes, evener load: σ/mean falls about as 1/√V."
    } else {
        "Only the ring and bounded loads use vnodes."
    }
}

/// A scheme setting's help: what it does for the scheme that uses it, or which scheme does.
fn scheme_help(field: Field, scheme: SchemeKind) -> Option<&'static str> {
    let (used, help, unused) = match field {
        Field::Vnodes => return Some(vnodes_help(scheme.uses_vnodes())),
        Field::TableSize => (
            scheme.uses_table_size(),
            "A prime with a slot for every server. Production tables have 65,537 slots; a small one shows its fill.",
            "Only Maglev uses a table.",
        ),
        Field::Probes => (
            scheme.uses_probes(),
            "1 … 1,000. Peak-to-mean load is about 1 + 1/(k − 1): 21 probes give about 1.05.",
            "Only multi-probe uses probes.",
        ),
        Field::LoadFactor => (
            scheme.uses_load_factor(),
            "At least 1: no server holds more than c times its share of the keys.",
            "Bounded loads caps servers at c times their share (the hot-key cures use it too).",
        ),
        Field::Weight(_)
        | Field::Replicas
        | Field::Keys
        | Field::Sample
        | Field::Seed
        | Field::Exponent
        | Field::SubKeys => return None,
    };
    Some(if used { help } else { unused })
}

/// The settings panel.
pub fn settings(props: &SettingsProps) -> Html {
    let state = props.state;
    let field = |field: Field, id: &'static str, label: &'static str| {
        html! {
            { number_field(&NumberFieldProps { field, id, label, value: field.shown(state),
                help: scheme_help(field, state.scheme), error: state.field_error.clone(),
                dispatch: props.dispatch.clone() }) }
        }
    };
    html! {
        <section class="panel rv-settings" aria-labelledby="rv-settings-title">
            <h2 id="rv-settings-title">{ "Settings" }</h2>
            { field(Field::Vnodes, "rv-vnodes", "Vnodes per unit of weight") }
            { field(Field::TableSize, "rv-table-size", "Maglev table size M") }
            { field(Field::Probes, "rv-probes", "Multi-probe probes k") }
            { field(Field::LoadFactor, "rv-scheme-c", "Bounded loads' c") }
            { field(Field::Replicas, "rv-replicas", "Replicas R") }
            { field(Field::Keys, "rv-keys", "Keys counted") }
            { field(Field::Sample, "rv-sample", "Keys drawn") }
            { field(Field::Seed, "rv-seed", "Seed") }
        </section>
    }
}
