//! The config table: one row per shard range with its master and standby hosts, each host name
//! editable (renaming one is a failover by hand), the range holding this ID's shard marked, and
//! the range a split just moved highlighted. It says the core's limit on ranges, which keeps
//! drawing it within a short task.

use shardlab_core::layout::{ShardMap, MAX_RANGES};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::decoder::state::{Action, Refused};
use crate::widgets::palette::server_class;

/// What [`config_table`] shows.
pub struct ConfigTable<'a> {
    /// The table.
    pub table: &'a ShardMap,
    /// The range that holds this ID's shard.
    pub current_index: Option<usize>,
    /// The range the last split created.
    pub just_moved: Option<usize>,
    /// The last refused host edit.
    pub host_error: Option<&'a Refused<(usize, bool)>>,
    /// Where the table comes from, in one or two sentences.
    pub source: &'a str,
    /// Sends an action to the reducer.
    pub dispatch: &'a Callback<Action>,
}

/// The table, in a disclosure that starts open.
pub fn config_table(props: &ConfigTable<'_>) -> Html {
    let rows = props.table.ranges().iter().enumerate().map(|(index, range)| {
        let cell = |master: bool, name: &str| {
            let refused = props.host_error.filter(|r| r.key == (index, master));
            let value = refused.map_or_else(|| name.to_owned(), |r| r.text.clone());
            let dispatch = props.dispatch.clone();
            // Checked on every keystroke, so a bad name is named while it is typed, not on blur.
            let oninput = Callback::from(move |e: InputEvent| {
                let input: HtmlInputElement = e.target_unchecked_into();
                dispatch.emit(Action::SetHost { index, master, name: input.value() });
            });
            let error_id = format!("host-{index}-{}-error", if master { "m" } else { "s" });
            html! {
                <td>
                    <input class={classes!("mono", "host-input", refused.map(|_| "invalid"))} type="text"
                        value={value} spellcheck="false" autocomplete="off" {oninput}
                        aria-label={format!("{} of shards {}–{}", if master { "Master" } else { "Standby" }, range.start, range.end)}
                        aria-invalid={refused.is_some().to_string()} aria-describedby={error_id.clone()} />
                    // Always in the DOM (empty when the name is good), so the input is never
                    // re-mounted mid-typing and keeps its focus.
                    <span id={error_id} class="error" role="alert">{ refused.map(|r| r.message.clone()).unwrap_or_default() }</span>
                </td>
            }
        };
        let just_moved = props.just_moved == Some(index);
        let current = props.current_index == Some(index);
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
        <details class="config-table" open=true>
            <summary>{ format!("The config table: {} ranges, shards 0–{}", props.table.ranges().len(), props.table.last_shard()) }</summary>
            <p class="help">{ props.source.to_owned() }</p>
            <p class="help">{ "Production reads and writes only the master. Rename a host to fail over by hand; names use letters, digits and -." }</p>
            <p class="help" data-testid="range-limit">{ format!("A table holds at most {MAX_RANGES} ranges: each split adds one, and each range is a row here.") }</p>
            <div class="table-scroll">
                <table class="shard-table">
                    <thead><tr><th scope="col">{ "shards" }</th><th scope="col">{ "master" }</th><th scope="col">{ "standby" }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </details>
    }
}
