//! The Board page itself: its state, its address-bar sync and its layout.

use super::*;
use crate::components::url_query::query_pairs;
use std::collections::BTreeMap;
use std::rc::Rc;

use gloo::storage::{LocalStorage, Storage};
use gloo::timers::callback::Timeout;
use shardlab_core::sim::{estimate, validate};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::route::Route;
use runner::{use_simulation, RunKey, RunStatus};
use settings_panel::Row;
use state::{Action, BoardState, Selection, DURATION_S};

/// How long the address bar and the autosave wait for the board to settle, in ms.
const SAVE_DELAY_MS: u32 = 300;

/// The opening state: the link if it has one, else the autosave, else the default board.
fn initial(in_url: &[(String, String)]) -> (BoardState, Vec<String>) {
    if in_url.iter().any(|(k, _)| k == "v") {
        return storage::decode(in_url);
    }
    let saved = LocalStorage::raw()
        .get_item(storage::STORAGE_KEY)
        .ok()
        .flatten()
        .and_then(|text| storage::load_text(&text));
    (saved.unwrap_or_default(), Vec::new())
}

/// The Board page.
#[function_component(BoardView)]
pub fn board_view() -> Html {
    let location = use_location();
    let navigator = use_navigator();
    let in_url = query_pairs(location.as_ref());
    let opening = use_memo((), {
        let in_url = in_url.clone();
        move |_| initial(&in_url)
    });
    let state = {
        let opening = opening.clone();
        use_reducer(move || opening.0.clone())
    };
    let encoded = storage::encode(&state);

    // State → address bar and autosave, once the board has been still for a moment (browsers
    // refuse hundreds of history updates in a row, and a drag or a slider makes that many).
    let last_written = use_mut_ref(Vec::<(String, String)>::new);
    {
        let state = state.clone();
        let last_written = last_written.clone();
        use_effect_with(
            (encoded.clone(), in_url.clone()),
            move |(encoded, in_url)| {
                let wanted: Vec<(String, String)> = encoded
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), v.clone()))
                    .collect();
                let stale = *in_url != wanted;
                let encoded = encoded.clone();
                let timeout = Timeout::new(SAVE_DELAY_MS, move || {
                    if let (Some(navigator), true) = (navigator, stale) {
                        *last_written.borrow_mut() = wanted;
                        if encoded.is_empty() {
                            navigator.replace(&Route::Board);
                        } else {
                            let _ = navigator.replace_with_query(&Route::Board, &encoded);
                        }
                    }
                    let _ = LocalStorage::raw()
                        .set_item(storage::STORAGE_KEY, &storage::save_text(&state));
                });
                move || drop(timeout)
            },
        );
    }

    // Address bar → state, when someone edits the link or goes back and forth (not when the
    // address is the one this page just wrote, and not on the first render).
    {
        let state = state.clone();
        let first = use_mut_ref(|| true);
        let encoded = encoded.clone();
        use_effect_with(in_url.clone(), move |in_url| {
            let ours: Vec<(String, String)> = encoded
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect();
            let was_first = std::mem::replace(&mut *first.borrow_mut(), false);
            if !was_first && *in_url != ours && *in_url != *last_written.borrow() {
                state.dispatch(Action::Restore(Box::new(storage::decode(in_url).0)));
            }
        });
    }

    let dispatch = {
        let state = state.clone();
        Callback::from(move |action: Action| state.dispatch(action))
    };

    let errors = validate(&state.design);
    let mut problems: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut general = Vec::new();
    for error in &errors {
        match error.node_id().filter(|id| state.design.node(id).is_some()) {
            Some(id) => problems
                .entry(id.to_string())
                .or_default()
                .push(error.to_string()),
            None => general.push(error.to_string()),
        }
    }
    let estimated = estimate(&state.design, state.users);
    let estimate_caption = match (&estimated, errors.first()) {
        (_, Some(first)) => Err(first.to_string()),
        (Ok(e), None) => Ok(e.caption()),
        (Err(e), None) => Err(e.to_string()),
    };
    let key = Rc::new(RunKey::new(
        &state.design,
        state.users,
        state.seed,
        DURATION_S,
    ));
    let run = use_simulation(key.clone(), state.cancelled);
    let status = if run.key.as_ref() == Some(&key) {
        run.status.clone()
    } else {
        RunStatus::Running(0.0)
    };
    let report = match &status {
        RunStatus::Done(report) => Some(report.clone()),
        _ => None,
    };

    let node_loads = match (&report, &estimated) {
        (Some(r), _) => r.nodes.clone(),
        (None, Ok(e)) => e.nodes.clone(),
        _ => Vec::new(),
    };
    let loads: BTreeMap<String, (Option<f64>, f64)> = node_loads
        .into_iter()
        .map(|n| (n.id, (n.utilisation, n.requests_per_s)))
        .collect();
    let selected_node = state.selected_node().cloned();
    let rows: Vec<Row> = selected_node
        .as_ref()
        .map(|node| {
            node.settings
                .kind()
                .settings()
                .iter()
                .map(|setting| Row {
                    setting: *setting,
                    value: node.settings.value_text(*setting).unwrap_or_default(),
                    why: state.why(&node.id, *setting),
                })
                .collect()
        })
        .unwrap_or_default();
    let setting_error = match (&state.setting_error, &selected_node) {
        (Some((id, setting, message)), Some(node)) if *id == node.id => {
            Some((*setting, message.clone()))
        }
        _ => None,
    };
    let edge_text = match &state.selected {
        Selection::Edge(i) => state.design.edges.get(*i).map(|e| {
            let label = |id: &str| {
                state
                    .design
                    .node(id)
                    .map_or_else(|| id.to_string(), |n| n.label.clone())
            };
            format!("An edge: {} calls {}.", label(&e.from), label(&e.to))
        }),
        _ => None,
    };
    let summary = state
        .preset
        .as_deref()
        .and_then(shardlab_core::sim::preset)
        .map(|p| p.summary);

    html! {
        <div class="page board" data-shardlab-snapshot={snapshot::attr(&state, &estimated, &status)}>
            <h1>{ "Board" }</h1>
            <p class="lead">
                { "Drag together users, app servers, a cache and a sharded database, set each box's knobs, \
                   and read one sentence about how the design holds up. The estimate answers as you move the \
                   slider; a seeded simulation of 60 seconds then replaces it." }
            </p>
            { for opening.1.iter().map(|n| html! { <p class="note" role="status">{ n.clone() }</p> }) }
            if let Some(note) = &state.note {
                <p class="note" role="status">{ note.clone() }</p>
            }
            <div class="board-top">
            <caption::Caption estimate={estimate_caption} status={status.clone()} users={state.users}
                seed={state.seed} dispatch={dispatch.clone()} />
            <section class="panel board-panel" aria-labelledby="board-title">
                <h2 id="board-title">{ state.design.name.clone() }
                    if state.design.name.is_empty() { { "Your design" } }
                </h2>
                if let Some(summary) = summary {
                    <p class="muted">{ summary }</p>
                }
                <palette::Palette preset={state.preset.clone()} design={state.design.clone()}
                    selected={state.selected.clone()} connecting={state.connecting.clone()}
                    dispatch={dispatch.clone()} />
                if !general.is_empty() {
                    <ul class="board-errors" role="alert">
                        { for general.iter().map(|m| html! { <li>{ m.clone() }</li> }) }
                    </ul>
                }
                <canvas::Canvas key={state.preset.clone().unwrap_or_default()} design={state.design.clone()} selected={state.selected.clone()}
                    connecting={state.connecting.clone()} problems={problems} {loads}
                    dispatch={dispatch.clone()} />
                <saving::Saving design={state.design.clone()} error={state.import_error.clone()}
                    dispatch={dispatch.clone()} />
            </section>
            </div>
            <settings_panel::SettingsPanel node={selected_node} {rows} error={setting_error}
                edge={edge_text} dispatch={dispatch.clone()} />
            <faults::FaultsPanel faults={state.design.faults.clone()} shards={state.shard_count()}
                auto_failover={state.auto_failover()} dispatch={dispatch.clone()} />
            <plots::Plots report={report}
                estimate_shards={estimated.as_ref().map(|e| e.shards.clone()).unwrap_or_default()}
                design={state.design.clone()} users={state.users} />
        </div>
    }
}
