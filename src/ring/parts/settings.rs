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
fn vnodes_help(ring: bool) -> &'static str {
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
            "1 … 1,000. More probes, evener load, slower lookups.",
            "Only multi-probe uses probes.",
        ),
        Field::LoadFactor => (
            scheme.uses_load_factor(),
            "At least 1: a server holds at most c times its share.",
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

/// A setting's box id and label; `None` for a box the server list or the hot-key panel holds.
fn box_of(field: Field) -> Option<(&'static str, &'static str)> {
    Some(match field {
        Field::Vnodes => ("rv-vnodes", "Vnodes per unit of weight"),
        Field::TableSize => ("rv-table-size", "Maglev table size M"),
        Field::Probes => ("rv-probes", "Multi-probe probes k"),
        Field::LoadFactor => ("rv-scheme-c", "Bounded loads' c"),
        Field::Replicas => ("rv-replicas", "Replicas R"),
        Field::Keys => ("rv-keys", "Keys counted"),
        Field::Sample => ("rv-sample", "Keys drawn"),
        Field::Seed => ("rv-seed", "Seed"),
        Field::Weight(_) | Field::Exponent | Field::SubKeys => return None,
    })
}

/// One setting's box, with its help for the state's scheme: the panel's, and a scheme widget's
/// one setting.
pub fn setting(state: &RingState, field: Field, dispatch: &Callback<Action>) -> Html {
    let Some((id, label)) = box_of(field) else {
        return html! {};
    };
    number_field(&NumberFieldProps {
        field,
        id,
        label,
        value: field.shown(state),
        help: scheme_help(field, state.scheme),
        error: state.field_error.clone(),
        dispatch: dispatch.clone(),
    })
}

/// The settings panel.
pub fn settings(props: &SettingsProps) -> Html {
    let fields = [
        Field::Vnodes,
        Field::TableSize,
        Field::Probes,
        Field::LoadFactor,
        Field::Replicas,
        Field::Keys,
        Field::Sample,
        Field::Seed,
    ];
    html! {
        <section class="panel rv-settings" aria-labelledby="rv-settings-title">
            <h2 id="rv-settings-title">{ "Settings" }</h2>
            { for fields.into_iter().map(|field| setting(props.state, field, &props.dispatch)) }
        </section>
    }
}
