//! The Board page itself: its state, its address-bar sync and its layout.

use super::*;
use crate::shell::share_bar::ShareBar;
use crate::url::url_state_hook::{use_link_pairs, use_url_state_with, UrlCodec};
use std::collections::BTreeMap;
use std::rc::Rc;

use shardlab_core::sim::{estimate, validate};
use yew::prelude::*;

use crate::route::View;
use runner::{use_simulation, RunKey, RunStatus};
use settings_panel::Row;
use state::{Action, Selection, DEFAULT_DURATION_S};

use autosave::{use_autosave, SAVE_DELAY_MS};

/// The Board page.
#[function_component(BoardView)]
pub fn board_view() -> Html {
    let link = use_link_pairs();
    let opening = use_memo((), move |_| autosave::opening(&link.own, link.embedded));
    let codec = UrlCodec::new(
        View::Board,
        url_state::encode,
        |pairs| url_state::decode(pairs).0,
        |s| Action::Restore(Box::new(s)),
    );
    let url = use_url_state_with(codec.settling(SAVE_DELAY_MS), {
        let opening = opening.clone();
        move |_, _| opening.state.clone()
    });
    let state = url.state.clone();
    let (saved, dismiss_other_tab) = use_autosave(&state, &url.encoded, url.embedded);

    let dispatch = {
        let state = state.clone();
        Callback::from(move |action: Action| state.dispatch(action))
    };

    // A progress update re-renders the page while the board is unchanged; validating and
    // estimating again each time would only lengthen those renders.
    let checked = use_memo((state.design.clone(), state.users), |(design, users)| {
        (validate(design), estimate(design, *users))
    });
    let (errors, estimated) = (&checked.0, &checked.1);
    let mut problems: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut general = Vec::new();
    for error in errors {
        match error.node_id().filter(|id| state.design.node(id).is_some()) {
            Some(id) => problems
                .entry(id.to_string())
                .or_default()
                .push(error.to_string()),
            None => general.push(error.to_string()),
        }
    }
    let estimate_caption = match (estimated, errors.first()) {
        (_, Some(first)) => Err(first.to_string()),
        (Ok(e), None) => Ok(e.caption()),
        (Err(e), None) => Err(e.to_string()),
    };
    let key = Rc::new(RunKey::new(
        &state.design,
        state.users,
        state.seed,
        DEFAULT_DURATION_S,
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

    let node_loads = match (&report, estimated) {
        (Some(r), _) => r.nodes.clone(),
        (None, Ok(e)) => e.nodes.clone(),
        _ => Vec::new(),
    };
    // Filled by `insert` rather than `collect`, which would sort through its own copy of the
    // standard stable sort (several kB of wasm).
    let mut loads: BTreeMap<String, (Option<f64>, f64)> = BTreeMap::new();
    for node in node_loads {
        loads.insert(node.id, (node.utilisation, node.requests_per_s));
    }
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
        <div class="page board" data-shardlab-snapshot={snapshot::attr(&state, estimated, &status)}>
            <h1>{ "Board" }</h1>
            <p class="lead">
                { "Drag together users, app servers, a cache and a sharded database, set each box's knobs, \
                   and read one sentence about how the design holds up. The estimate answers as you move the \
                   slider; a seeded simulation of 60 seconds then replaces it." }
            </p>
            <ShareBar view={View::Board} query={url.encoded.clone()} />
            <save_notes::SaveNotes opening={opening.clone()} status={saved.clone()}
                {dismiss_other_tab} dispatch={dispatch.clone()} />
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
                <parts::canvas::Canvas key={state.preset.clone().unwrap_or_default()} design={state.design.clone()} selected={state.selected.clone()}
                    connecting={state.connecting.clone()} problems={problems} {loads}
                    dispatch={dispatch.clone()} />
                <saving::Saving design={state.design.clone()} error={state.import_error.clone()}
                    save_failed={saved.failed} dispatch={dispatch.clone()} />
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
