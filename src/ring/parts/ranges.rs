//! Range placement: the split points over the raw key, and the hot spot at the end.

use shardlab_core::placement::{Range, Server, ServerList};
use shardlab_core::view_limits::ring::MAX_TABLE_ROWS;
use yew::prelude::*;

use crate::widgets::palette::server_class;

/// Props for [`ranges`].
pub struct RangesProps {
    pub servers: Vec<Server>,
    pub key_hash: u64,
}

/// The split-point table.
pub fn ranges(props: &RangesProps) -> Html {
    let Ok(list) = ServerList::new(props.servers.clone()) else {
        return html! {};
    };
    let range = Range::even(list);
    let hit = range.range_index(props.key_hash);
    let rows = range.spans().into_iter().enumerate().take(MAX_TABLE_ROWS).map(|(i, span)| {
        html! {
            <tr class={classes!(server_class(span.server.0 as usize), (i == hit).then_some("chosen"))}
                data-range={i.to_string()}>
                <td class="num mono">{ i }</td>
                <th scope="row" class="mono"><span class="rv-swatch" aria-hidden="true"></span>{ format!("S{}", span.server.0) }</th>
                <td class="num mono">{ span.start }</td>
                <td class="num mono">{ span.end }</td>
            </tr>
        }
    });
    html! {
        <div class="rv-picture">
            <table class="rv-ranges">
                // Ranges count from 0, as mod's and jump's buckets and the server ids S0… do.
                <caption>{ format!("Split points over the raw key (key {} is in range {hit})", props.key_hash) }</caption>
                <thead><tr><th scope="col">{ "range" }</th><th scope="col">{ "server" }</th><th scope="col">{ "first key" }</th><th scope="col">{ "last key" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p>{ "Neighbouring keys live together, so a range scan asks one server. The trap: keys from a counter \
                  or a clock only grow, so every new write lands on the last range, one hot server. Adding a server \
                  redraws every split, which is why so many keys move here." }</p>
        </div>
    }
}
