//! Where the row lives: the shard an ID names, its master and standby hosts from the config table,
//! its database and the query that reads the row, or why there is no host.

use shardlab_core::layout::{Location, ShardMapError};
use yew::prelude::*;

/// The shard, its host pair, its database and its query; or the reason there is no host.
pub fn location_summary(location: &Result<Location, ShardMapError>) -> Html {
    match location {
        Ok(location) => html! {
            <dl class="location">
                <div><dt>{ "shard" }</dt><dd class="mono" data-testid="loc-shard">{ location.shard }</dd></div>
                <div class="host-pair">
                    <dt>{ "master" }</dt>
                    <dd class="mono host" data-testid="loc-master">{ location.hosts.master.clone() }</dd>
                </div>
                <div><dt>{ "standby" }</dt><dd class="mono" data-testid="loc-standby">{ location.hosts.standby.clone() }</dd></div>
                <div><dt>{ "database" }</dt><dd class="mono" data-testid="loc-db">{ location.database.clone() }</dd></div>
                { for location.query.clone().map(|q| html! {
                    <div class="query"><dt>{ "query" }</dt><dd><code data-testid="loc-query">{ q }</code></dd></div>
                }) }
            </dl>
        },
        Err(err) => {
            html! { <p class="error" data-testid="loc-error">{ format!("No host: {err}.") }</p> }
        }
    }
}

/// The panel a layout without a shard field shows instead: the ID alone names no machine.
pub fn no_shard_panel() -> Html {
    html! {
        <section class="panel placement-panel" aria-labelledby="placement-title">
            <h2 id="placement-title">{ "Where the row lives" }</h2>
            <p>{ "This layout has no shard field, so the ID alone does not say which machine holds the row. \
                  Give a field the role shard to see the config table." }</p>
        </section>
    }
}
