//! Placement, for layouts with a shard field: where the row lives ([`location_summary`]), "Split
//! this host", which moves half of the range to a new pair while the ID stays exactly the same,
//! and the config table itself ([`config_table`]). The Decoder's *config* widget is this panel.

use shardlab_core::layout::{BitLayout, Preset, ShardMap};
use shardlab_core::text::thousands;
use yew::prelude::*;

use super::config_table::{config_table, ConfigTable};
use super::location::location_summary;
use crate::catalogue::{BoardWidget, Widget};
use crate::decoder::state::{Action, Refused, SplitShown};
use crate::route::Route;
use crate::widgets::route_link::RouteLink;

/// Props for [`placement_panel`].
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
pub fn placement_panel(props: &PlacementPanelProps) -> Html {
    let location = props.table.locate(&props.layout, props.id);
    let current_index = location
        .as_ref()
        .ok()
        .and_then(|l| props.table.range_index_of(l.shard));
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
                    // A change, not an error: the old name plain, the new one bold and
                    // underlined in the accent, and the words say which is which.
                    <span class={classes!(moved.then_some("changed"))} data-testid="split-host">
                        { "host " }<code class="was">{ s.before.clone() }</code>{ " → " }<code class="now">{ s.after.clone() }</code>
                        { if moved { " (moved to the new pair)" } else { " (this half stayed)" } }
                    </span>
                </p>
                <p class="help">
                    { if moved {
                        "The ID still names the same shard; only the config table changed. Every client that re-reads the table finds the row on the new pair."
                    } else {
                        "This ID's shard is in the half that stayed. Flip a low shard bit or split again to see a shard move."
                    } }
                </p>
                <p class="help">
                    { "Before the table changes, the new pair needs a copy of those shards. " }
                    <RouteLink to={Route::Widget { widget: Widget::Board(BoardWidget::Reshard), embed: false }}
                        query={vec![("v", "1".to_owned()), ("preset", "pinterest".to_owned())]}>
                        { "The same split on the Board, with its copy's bill" }
                    </RouteLink>
                </p>
            </div>
        }
    });
    html! {
        <section class="panel placement-panel" aria-labelledby="placement-title">
            <h2 id="placement-title">{ "Where the row lives" }</h2>
            { location_summary(&location) }
            <div class="actions">{ split_button }{ for reset }</div>
            <p class="error" role="alert">{ props.split_error.clone().unwrap_or_default() }</p>
            { for split_report }
            { config_table(&ConfigTable {
                table: &props.table,
                current_index,
                just_moved: props.split.as_ref().map(|s| s.moved_index),
                host_error: props.host_error.as_ref(),
                source: &props.source,
                dispatch: &props.dispatch,
            }) }
        </section>
    }
}
