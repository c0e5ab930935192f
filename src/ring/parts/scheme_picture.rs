//! "Inside <scheme>": each scheme's own picture of where keys go (the ring's words, the buckets
//! of mod N and jump, rendezvous scores, range split points, the directory's table, the ID's bits,
//! Maglev's table, the multi-probe's probes, the bounded-load spill chain).

use std::rc::Rc;

use shardlab_core::placement::SchemeKind;
use yew::prelude::*;

use super::buckets::{buckets, BucketRule, BucketsProps};
use super::directory_table::{directory_table, DirectoryTableProps};
use super::id_bits::{id_bits, IdBitsProps};
use super::maglev_table::MaglevPicture;
use super::probes_picture::{probes_picture, ProbesPictureProps};
use super::ranges::{ranges, RangesProps};
use super::scores::{scores, ScoresProps};
use super::spill_chain::SpillChain;
use crate::ring::state::{Action, RingState};

/// Props for [`scheme_picture`].
pub struct SchemePictureProps {
    pub state: Rc<RingState>,
    /// Keys per server over the statistics keys, in server order (empty until measured).
    pub loads: Vec<u64>,
    pub key_hash: u64,
    pub dispatch: Callback<Action>,
}

/// The scheme's picture.
pub fn scheme_picture(props: &SchemePictureProps) -> Html {
    let state = &props.state;
    let servers = state.servers.clone();
    let key_hash = props.key_hash;
    let bars = |rule: BucketRule| {
        buckets(&BucketsProps {
            rule,
            servers: servers.clone(),
            loads: props.loads.clone(),
            key_hash,
        })
    };
    let picture = match state.scheme {
        SchemeKind::Ring => html! {
            <p>{ format!("{} vnodes per unit of weight: each server's ticks are its points on the ring; \
                          the band shows who owns each stretch.", state.vnodes) }</p>
        },
        SchemeKind::Mod => bars(BucketRule::Modulo),
        SchemeKind::Jump => bars(BucketRule::Jump),
        SchemeKind::Rendezvous => html! {
            { scores(&ScoresProps { servers: servers.clone(), key_hash, replicas: state.replicas }) }
        },
        SchemeKind::Range => ranges(&RangesProps {
            servers: servers.clone(),
            key_hash,
        }),
        SchemeKind::Directory => html! {
            { directory_table(&DirectoryTableProps { servers: servers.clone(), previous: state.previous.clone(), seed: state.seed }) }
        },
        SchemeKind::IdEncoded => html! {
            { id_bits(&IdBitsProps { servers: servers.clone(), previous: state.previous.clone(), key_hash }) }
        },
        SchemeKind::Maglev => html! {
            <MaglevPicture servers={servers.clone()} previous={state.previous.clone()}
                table_size={state.table_size} dispatch={props.dispatch.clone()} />
        },
        SchemeKind::MultiProbe => probes_picture(&ProbesPictureProps {
            servers: servers.clone(),
            probes: state.probes,
            key_hash,
        }),
        SchemeKind::BoundedLoad => html! {
            <SpillChain servers={servers.clone()} vnodes={state.vnodes} load_factor={state.hot.settings.load_factor}
                keys={state.keys} seed={state.seed} {key_hash} />
        },
    };
    html! {
        <section class="panel rv-scheme-picture" aria-labelledby="rv-picture-title">
            <h2 id="rv-picture-title">{ format!("Inside {}", state.scheme.label()) }</h2>
            { picture }
        </section>
    }
}
