//! Rendezvous: every server's score for the looked-up key. The highest wins; the next R − 1 are
//! the replicas.

use shardlab_core::placement::{Rendezvous, Server, ServerList};
use shardlab_core::view_limits::ring::MAX_TABLE_ROWS;
use yew::prelude::*;

use crate::widgets::palette::server_class;

/// Props for [`scores`].
pub struct ScoresProps {
    pub servers: Vec<Server>,
    pub key_hash: u64,
    pub replicas: u32,
}

/// The score list.
pub fn scores(props: &ScoresProps) -> Html {
    let Ok(list) = ServerList::new(props.servers.clone()) else {
        return html! {};
    };
    let scores = Rendezvous::new(list).scores(props.key_hash);
    let top = scores
        .first()
        .map_or(1.0, |s| s.score)
        .max(f64::MIN_POSITIVE);
    let rows = scores.iter().enumerate().take(MAX_TABLE_ROWS).map(|(rank, s)| {
        let chosen = (rank as u32) < props.replicas;
        html! {
            <tr class={classes!(server_class(s.server.0 as usize), chosen.then_some("chosen"))}>
                <td class="num">{ rank.saturating_add(1) }</td>
                <th scope="row" class="mono"><span class="rv-swatch" aria-hidden="true"></span>{ format!("S{}", s.server.0) }</th>
                <td class="num" title={s.score.to_string()}>{ format!("{:.4}", s.score) }</td>
                <td class="rv-bar-cell" aria-hidden="true"><span class="rv-bar" style={format!("width:{:.1}%", s.score / top * 100.0)}></span></td>
                <td>{ if rank == 0 { "owner" } else if chosen { "replica" } else { "" } }</td>
            </tr>
        }
    });
    html! {
        <div class="rv-picture">
            <table class="rv-scores">
                <caption>{ format!("Scores for key hash {} (−weight / ln u, highest wins)", props.key_hash) }</caption>
                <thead><tr><th scope="col">{ "rank" }</th><th scope="col">{ "server" }</th>
                    <th scope="col">{ "score" }</th><th scope="col"><span class="rv-sr">{ "bar" }</span></th><th scope="col">{ "role" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p>{ "Each server scores every key on its own. Add a server and a key moves only if the newcomer \
                  outscores the old winner, about 1 key in N + 1. No ring, no vnodes; the price is N hashes per lookup." }</p>
            if scores.len() > MAX_TABLE_ROWS { <p class="help">{ format!("Showing the top {MAX_TABLE_ROWS} of {}.", scores.len()) }</p> }
        </div>
    }
}
