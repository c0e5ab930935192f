//! Directory placement: the first entries of the lookup table, and the hop it costs.

use shardlab_core::placement::{DirectoryChange, DirectoryDefault, Server, ServerList};
use shardlab_core::stepped::Stepped;
use shardlab_core::view_limits::ring::DIRECTORY_ROWS;
use yew::prelude::*;

use crate::widgets::palette::server_class;

/// Props for [`directory_table`].
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
    // The first keys pinned before the change, and where they are after it.
    let shown = u64::try_from(DIRECTORY_ROWS).unwrap_or(u64::MAX);
    let (_, table) =
        DirectoryChange::new(first, now, DirectoryDefault::Jump, shown, props.seed).finish();
    let rows = table.entries().take(DIRECTORY_ROWS).map(|(key, server)| {
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
                <caption>{ format!("The first {DIRECTORY_ROWS} entries of the table (one per key)") }</caption>
                <thead><tr><th scope="col">{ "key hash" }</th><th scope="col">{ "server" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p>{ "Every lookup asks the table first: one extra hop per read, and the table is a single point of \
                  failure that must itself be replicated and cached. In return you move any key anywhere. \
                  Adding a server moves nothing until someone moves keys by hand; killing one moves only its keys." }</p>
        </div>
    }
}
