//! Placement, for layouts with a shard field: the shard's host pair from the config table, its
//! database and query line, the table itself (host names editable), and "Split this host", which
//! moves half of the range to a new pair while the ID stays exactly the same.

use shardlab_core::layout::{BitLayout, Preset, ShardMap};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::decoder::state::{Action, Refused, SplitShown};
use crate::widgets::palette::server_class;
use shardlab_core::text::thousands;

/// Props for [`PlacementPanel`].
#[derive(Properties, PartialEq)]
pub struct PlacementPanelProps {
    /// The layout.
    pub layout: BitLayout,
    /// The ID.
    pub id: u64,
    /// The config table.
    pub table: ShardMap,
    /// Whether the table differs from the layout's default.
    pub table_changed: bool,
    /// The last split.
    pub split: Option<SplitShown>,
    /// The last refused host edit.
    pub host_error: Option<Refused<(usize, bool)>>,
    /// Why the last split was refused.
    pub split_error: Option<String>,
    /// Where the table comes from, in one or two sentences.
    pub source: String,
    /// Sends an action to the reducer.
    pub dispatch: Callback<Action>,
}

/// Where a table comes from: Pinterest's published one, or one made up for a layout without.
pub fn table_source(base: Preset, table: &ShardMap) -> String {
    if base == Preset::Pinterest && *table == ShardMap::pinterest_2015() {
        "This is the table from Pinterest's 2015 post: 4,096 shards on 8 pairs, 512 each. For its example Pin the post's text says \"assume MySQL012A\", but its own table puts shard 3429 on MySQL007A, and so does this page.".to_owned()
    } else if base
        .shard_map()
        .is_some_and(|m| m.last_shard() == table.last_shard())
    {
        format!("{}'s table, changed here.", base.title())
    } else {
        let why = if base.shard_map().is_some() {
            "The preset's table does not fit this shard field."
        } else {
            "This preset publishes no config table."
        };
        format!(
            "{why} This one is an example: shards 0–{} spread evenly, so you can see the lookup.",
            table.last_shard()
        )
    }
}

/// The panel.
#[function_component(PlacementPanel)]
pub fn placement_panel(props: &PlacementPanelProps) -> Html {
    let location = props.table.locate(&props.layout, props.id);
    let current_index = location
        .as_ref()
        .ok()
        .and_then(|l| props.table.range_index_of(l.shard));
    let summary = match &location {
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
    };
    let split_button = {
        let dispatch = props.dispatch.clone();
        let label = match &location {
            Ok(l) => format!("Split {}", l.hosts.master),
            Err(_) => "Split this host".to_owned(),
        };
        html! {
            <button type="button" class="primary" disabled={location.is_err()}
                onclick={Callback::from(move |_| dispatch.emit(Action::SplitCurrent))}>{ label }</button>
        }
    };
    let reset = props.table_changed.then(|| {
        let dispatch = props.dispatch.clone();
        html! {
            <button type="button" onclick={Callback::from(move |_| dispatch.emit(Action::ResetTable))}>
                { "Reset the table" }
            </button>
        }
    });
    let split_report = props.split.as_ref().filter(|s| s.id == props.id).map(|s| {
        let moved = s.before != s.after;
        html! {
            <div key={s.serial.to_string()} class={classes!("split-report", moved.then_some("moved"))} role="status" data-testid="split-report">
                <p>
                    { format!("Shards {}–{} ({} shards) moved from {} to the new pair {} / {}. ",
                        s.moved.0, s.moved.1, thousands(s.moved.1.saturating_sub(s.moved.0).saturating_add(1)),
                        s.before, s.to.master, s.to.standby) }
                </p>
                <p class="before-after">
                    <span>{ "ID " }<code>{ s.id }</code>{ " → " }<code>{ s.id }</code>{ " (unchanged)" }</span>
                    <span>{ format!("shard {} → {} (unchanged)", s.shard, s.shard) }</span>
                    <span class={classes!(moved.then_some("changed"))}>
                        { "host " }<code>{ s.before.clone() }</code>{ " → " }<code>{ s.after.clone() }</code>
                        { if moved { " (moved)" } else { " (this half stayed)" } }
                    </span>
                </p>
                <p class="help">
                    { if moved {
                        "The ID still names the same shard; only the config table changed. Every client that re-reads the table finds the row on the new pair."
                    } else {
                        "This ID's shard is in the half that stayed. Flip a low shard bit or split again to see a shard move."
                    } }
                </p>
            </div>
        }
    });
    let rows = props.table.ranges().iter().enumerate().map(|(index, range)| {
        let cell = |master: bool, name: &str| {
            let refused = props.host_error.as_ref().filter(|r| r.key == (index, master));
            let value = refused.map_or_else(|| name.to_owned(), |r| r.text.clone());
            let dispatch = props.dispatch.clone();
            let onchange = Callback::from(move |e: Event| {
                let input: HtmlInputElement = e.target_unchecked_into();
                dispatch.emit(Action::SetHost { index, master, name: input.value() });
            });
            let error_id = format!("host-{index}-{}-error", if master { "m" } else { "s" });
            html! {
                <td>
                    <input class={classes!("mono", "host-input", refused.map(|_| "invalid"))} type="text"
                        value={value} spellcheck="false" autocomplete="off" {onchange}
                        aria-label={format!("{} of shards {}–{}", if master { "Master" } else { "Standby" }, range.start, range.end)}
                        aria-invalid={refused.is_some().to_string()} aria-describedby={error_id.clone()} />
                    { for refused.map(|r| html! { <span id={error_id.clone()} class="error" role="alert">{ r.message.clone() }</span> }) }
                </td>
            }
        };
        let just_moved = props.split.as_ref().is_some_and(|s| s.moved_index == index);
        let current = current_index == Some(index);
        html! {
            <tr key={format!("{}-{}", range.start, range.end)}
                class={classes!(server_class(index), current.then_some("current"), just_moved.then_some("just-moved"))}
                aria-current={current.then_some("true")}>
                <th scope="row" class="mono">
                    <span class="swatch" aria-hidden="true"></span>
                    { format!("{}–{}", range.start, range.end) }
                </th>
                { cell(true, &range.hosts.master) }
                { cell(false, &range.hosts.standby) }
            </tr>
        }
    });
    html! {
        <section class="panel placement-panel" aria-labelledby="placement-title">
            <h2 id="placement-title">{ "Where the row lives" }</h2>
            { summary }
            <div class="actions">{ split_button }{ for reset }</div>
            <p class="error" role="alert">{ props.split_error.clone().unwrap_or_default() }</p>
            { for split_report }
            <details class="config-table" open=true>
                <summary>{ format!("The config table: {} ranges, shards 0–{}", props.table.ranges().len(), props.table.last_shard()) }</summary>
                <p class="help">{ props.source.clone() }</p>
                <p class="help">{ "Production reads and writes only the master. Rename a host to fail over by hand; names use letters, digits and -." }</p>
                <div class="table-scroll">
                    <table class="shard-table">
                        <thead><tr><th scope="col">{ "shards" }</th><th scope="col">{ "master" }</th><th scope="col">{ "standby" }</th></tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            </details>
        </section>
    }
}
