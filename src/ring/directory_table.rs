//! Directory placement: the first entries of the lookup table, and the hop it costs.

use shardlab_core::placement::{Directory, DirectoryDefault, KeyStream, Server, ServerList};
use yew::prelude::*;

use crate::components::palette::server_class;

const SHOWN: usize = 8;

/// What [`directory_table`] draws.
#[derive(PartialEq)]
pub struct DirectoryTableProps {
    pub servers: Vec<Server>,
    /// The servers before the last change, if any: the table was filled then.
    pub previous: Option<Vec<Server>>,
    pub seed: u64,
}

/// The table's first entries.
pub fn directory_table(props: &DirectoryTableProps) -> Html {
    let first = props
        .previous
        .clone()
        .unwrap_or_else(|| props.servers.clone());
    let (Ok(first), Ok(now)) = (
        ServerList::new(first),
        ServerList::new(props.servers.clone()),
    ) else {
        return html! {};
    };
    let mut table = Directory::new(first, DirectoryDefault::Jump);
    table.pin_all(KeyStream::new(props.seed).take_keys(SHOWN as u64));
    let table = table.rehomed(now);
    let rows = table.entries().take(SHOWN).map(|(key, server)| {
        html! {
            <tr class={server_class(server.0 as usize)}>
                <td class="num mono">{ key }</td>
                <th scope="row" class="mono"><span class="rv-swatch" aria-hidden="true"></span>{ format!("S{}", server.0) }</th>
            </tr>
        }
    });
    html! {
        <div class="rv-picture">
            <table class="rv-directory">
                <caption>{ format!("The first {SHOWN} entries of the table (one per key)") }</caption>
                <thead><tr><th scope="col">{ "key hash" }</th><th scope="col">{ "server" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p>{ "Every lookup asks the table first: one extra hop per read, and the table is a single point of \
                  failure that must itself be replicated and cached. In return you move any key anywhere. \
                  Adding a server moves nothing until someone moves keys by hand; killing one moves only its keys." }</p>
        </div>
    }
}
