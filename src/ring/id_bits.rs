//! ID-encoded placement: the shard bits of the looked-up key read as a Pinterest ID, and the table
//! of shard runs that maps shards to servers.

use shardlab_core::layout::Preset;
use shardlab_core::placement::{IdEncoded, Server, ServerList};
use yew::prelude::*;

use crate::components::palette::server_class;

/// What [`id_bits`] draws.
#[derive(PartialEq)]
pub struct IdBitsProps {
    pub servers: Vec<Server>,
    pub previous: Option<Vec<Server>>,
    pub key_hash: u64,
}

/// The placement as the view shows it: split from the earlier servers when there was a change.
pub fn id_scheme(servers: &[Server], previous: Option<&Vec<Server>>) -> Option<IdEncoded> {
    let now = ServerList::new(servers.to_vec()).ok()?;
    match previous {
        Some(p) => {
            let before =
                IdEncoded::even(Preset::Pinterest.layout(), ServerList::new(p.clone()).ok()?)
                    .ok()?;
            before.regrown(now).ok()
        }
        None => IdEncoded::even(Preset::Pinterest.layout(), now).ok(),
    }
}

/// The bit fields and the shard-run table.
pub fn id_bits(props: &IdBitsProps) -> Html {
    let Some(scheme) = id_scheme(&props.servers, props.previous.as_ref()) else {
        return html! {};
    };
    let id = props.key_hash;
    let shard = scheme.shard_of(id);
    let bits = format!("{id:064b}");
    let (reserved, rest) = bits.split_at(2);
    let (shard_bits, rest) = rest.split_at(16);
    let (type_bits, local_bits) = rest.split_at(10);
    let rows = scheme.spans().iter().take(16).map(|span| {
        let hit = (span.start..=span.end).contains(&shard);
        html! {
            <tr class={classes!(server_class(span.server.0 as usize), hit.then_some("chosen"))}>
                <td class="num mono">{ format!("{} – {}", span.start, span.end) }</td>
                <th scope="row" class="mono"><span class="rv-swatch" aria-hidden="true"></span>{ format!("S{}", span.server.0) }</th>
            </tr>
        }
    });
    html! {
        <div class="rv-picture">
            <p class="rv-bits mono" aria-label={format!("ID {id} in binary, shard bits {shard_bits}")}>
                <span class="rv-bits-reserved" title="reserved, bits 63–62">{ reserved }</span>
                <span class="rv-bits-shard" title="shard, bits 61–46">{ shard_bits }</span>
                <span class="rv-bits-type" title="type, bits 45–36">{ type_bits }</span>
                <span class="rv-bits-local" title="local, bits 35–0">{ local_bits }</span>
            </p>
            <p>{ format!("The key is read as an ID: shard = bits 61–46 = {shard}. The table below says which server holds that shard.") }</p>
            <table class="rv-shard-runs">
                <caption>{ "Shard runs → server (65,536 shards)" }</caption>
                <thead><tr><th scope="col">{ "shards" }</th><th scope="col">{ "server" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p>{ "The shard is written into the ID for life. A new server takes half of the biggest run (a split), \
                  so only the keys in that half move; the IDs themselves never change, and neither can their shard." }</p>
        </div>
    }
}
