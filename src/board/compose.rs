//! The Board's parts with their inputs resolved from the page's state, and the full view as their
//! composition. A widget ([`crate::catalogue::BoardWidget`]) is a few of the same parts
//! ([`Shown::widget`]), so a widget and the full view show the same figures for the same state.
//!
//! Plain functions, not components: each component costs the page about 0.7 kB of brotli, and
//! these only hand the state's values to the components in [`super::parts`].

use std::rc::Rc;

use shardlab_core::sim::{DesignError, Estimate, Node, Setting, SimError, SimReport};
use yew::prelude::*;

use super::autosave::{AutosaveStatus, Opening};
use super::parts::node_view::NodeShown;
use super::parts::plots::PlotSet;
use super::parts::settings_panel::Row;
use super::parts::{
    canvas, caption, failover, faults, model_coverage, palette, plots, reshard, save_notes, saving,
    scrubber, seed_spread, settings_panel, shard_samples,
};
use super::runner::{RunKey, RunStatus};
use super::state::{Action, BoardState, Selection, DEFAULT_DURATION_S};
use crate::catalogue::BoardWidget;

/// What the full view says under its heading.
pub const LEAD: &str =
    "Drag together users, app servers, a cache and a sharded database, set each \
    box's knobs, and read one sentence about how the design holds up. The estimate answers as you \
    move the slider; a seeded simulation of 60 seconds then replaces it.";

/// What the page knows about the reader's saved board.
pub struct ShownSave<'a> {
    /// What the page opened on.
    pub opening: &'a Rc<Opening>,
    /// The autosave's report.
    pub status: &'a AutosaveStatus,
    /// Clears the note about another tab's save.
    pub dismiss_other_tab: &'a Callback<()>,
}

/// Everything the parts are drawn from, for one render of the page.
pub struct Shown<'a> {
    /// The board's state.
    pub state: &'a BoardState,
    /// Why the design is not valid, if it is not.
    pub errors: &'a [DesignError],
    /// The estimate for the design at its users.
    pub estimated: &'a Result<Estimate, SimError>,
    /// The simulation of this very state.
    pub status: &'a RunStatus,
    /// Its report, once it is done.
    pub report: Option<Rc<SimReport>>,
    /// The page's dispatcher.
    pub dispatch: &'a Callback<Action>,
    /// The canvas's key: a new one for each new design, which the canvas then fits afresh.
    pub canvas_key: String,
    /// The reader's saved board.
    pub save: ShownSave<'a>,
    /// Whether the page has painted once ([`use_painted`](crate::jobs::hook::use_painted)): the
    /// full view's parts below the board wait for it.
    pub painted: bool,
}

impl Shown<'_> {
    /// The notes about the link and the reader's saved board, and the last action's note.
    pub fn notes(&self) -> Html {
        let save = &self.save;
        html! {
            <>
                { save_notes::save_notes(&save_notes::SaveNotesProps {
                    opening: save.opening.clone(),
                    status: save.status.clone(),
                    dismiss_other_tab: save.dismiss_other_tab.clone(),
                    dispatch: self.dispatch.clone(),
                }) }
                if let Some(note) = &self.state.note {
                    <p class="note" role="status">{ note.clone() }</p>
                }
            </>
        }
    }

    /// The sentence, the users slider and the seed.
    pub fn caption(&self) -> Html {
        let estimate = match (self.estimated, self.errors.first()) {
            (_, Some(first)) => Err(first.labelled(&self.state.design).to_string()),
            (Ok(e), None) => Ok(e.caption()),
            (Err(e), None) => Err(e.to_string()),
        };
        let state = self.state;
        html! {
            <caption::Caption {estimate} status={self.status.clone()} users={state.users}
                seed={state.seed} dispatch={self.dispatch.clone()} />
        }
    }

    /// The board run over K seeds, each figure's median and band ([`seed_spread`]).
    pub fn spread(&self) -> Html {
        let state = self.state;
        let run = Rc::new(RunKey::new(
            &state.design,
            state.users,
            state.seed,
            DEFAULT_DURATION_S,
        ));
        html! { <seed_spread::SeedSpread {run} /> }
    }

    /// The board with each box's load, its validation callouts, and the errors no box owns.
    pub fn canvas(&self) -> Html {
        let state = self.state;
        let mut problems = canvas::PerNode::<Vec<String>>::default();
        let mut general = Vec::new();
        for error in self.errors {
            match error.node_id().filter(|id| state.design.node(id).is_some()) {
                Some(id) => {
                    let message = error.labelled(&state.design).to_string();
                    problems.update(id, |messages| messages.push(message));
                }
                None => general.push(error.labelled(&state.design).to_string()),
            }
        }
        // One second of the run when the scrubber picked one, else the run's (or the
        // estimate's) averages.
        let node_loads = match (&self.report, self.estimated) {
            (Some(r), _) => r.outcome.nodes.as_slice(),
            (None, Ok(e)) => e.outcome.nodes.as_slice(),
            _ => &[],
        };
        // Each node's second, in the order of the run's nodes (`SecondLoads::nodes`).
        let second = self
            .shown_second()
            .and_then(|(r, t)| r.loads.get(t))
            .map(|loads| loads.nodes.as_slice());
        let mut loads = canvas::PerNode::default();
        for (i, node) in node_loads.iter().enumerate() {
            let at = second.and_then(|nodes| nodes.get(i));
            loads.update(&node.id, |load| {
                *load = match at {
                    Some(at) => NodeShown {
                        utilisation: at.utilisation,
                        requests_per_s: at.requests as f64,
                        // A node that does not queue shows its rate, as in the whole run.
                        queued: at.utilisation.map(|_| at.queued),
                        dropped: at.dropped.badge(),
                    },
                    None => NodeShown {
                        utilisation: node.utilisation,
                        requests_per_s: node.requests_per_s,
                        queued: None,
                        dropped: None,
                    },
                }
            });
        }
        html! {
            <>
                if !general.is_empty() {
                    <ul class="board-errors" role="alert">
                        { for general.iter().map(|m| html! { <li>{ m.clone() }</li> }) }
                    </ul>
                }
                <canvas::Canvas key={self.canvas_key.clone()} design={state.design.clone()}
                    selected={state.selected.clone()} connecting={state.connecting.clone()}
                    {problems} {loads} dispatch={self.dispatch.clone()} />
            </>
        }
    }

    /// The finished run and the second of it the reader picked, if it has that second.
    fn shown_second(&self) -> Option<(&SimReport, usize)> {
        let report = self.report.as_deref()?;
        let t = usize::try_from(self.state.second?).ok()?;
        (t < report.loads.len()).then_some((report, t))
    }

    /// The time scrubber over the finished run ([`scrubber`]).
    pub fn scrubber(&self) -> Html {
        match &self.report {
            Some(report) if !report.loads.is_empty() => {
                scrubber::scrubber(&scrubber::ScrubberProps {
                    report,
                    asked: self.state.second,
                    shown: self.shown_second().map(|(_, t)| t),
                    dispatch: self.dispatch,
                })
            }
            _ => html! {},
        }
    }

    /// One knob of `node` as the settings table and the shard-load widget show it.
    fn row(&self, node: &Node, setting: Setting) -> Row {
        Row {
            setting,
            value: node.settings.value_text(setting).unwrap_or_default(),
            why: self.state.why(&node.id, setting),
        }
    }

    /// The knob of `node` whose last edit was refused, and why.
    fn refused(&self, node: &Node) -> Option<(Setting, &str)> {
        match &self.state.setting_error {
            Some((id, setting, message)) if *id == node.id => Some((*setting, message.as_str())),
            _ => None,
        }
    }

    /// The settings of the selected node, or what the selected edge is.
    fn settings(&self) -> Html {
        let state = self.state;
        let selected_node = state.selected_node().cloned();
        let rows: Vec<Row> = selected_node
            .as_ref()
            .map(|node| {
                node.settings
                    .kind()
                    .settings()
                    .iter()
                    .map(|setting| self.row(node, *setting))
                    .collect()
            })
            .unwrap_or_default();
        let error = selected_node
            .as_ref()
            .and_then(|node| self.refused(node))
            .map(|(setting, message)| (setting, message.to_owned()));
        let edge = match &state.selected {
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
        settings_panel::settings_panel(&settings_panel::SettingsPanelProps {
            node: selected_node,
            rows,
            error,
            edge,
            dispatch: self.dispatch.clone(),
        })
    }

    /// The timeline of failures.
    pub fn faults(&self) -> Html {
        let state = self.state;
        html! {
            <faults::FaultsPanel faults={state.design.faults.clone()} shards={state.shard_count()}
                auto_failover={state.auto_failover()} dispatch={self.dispatch.clone()} />
        }
    }

    /// The plots in `show`.
    pub fn plots(&self, show: PlotSet) -> Html {
        let estimate_shards = self
            .estimated
            .as_ref()
            .map(|e| e.outcome.shards.clone())
            .unwrap_or_default();
        let second = self.shown_second().map(|(_, t)| t);
        plots::plots(&plots::PlotsProps {
            report: self.report.as_deref(),
            estimate_shards: &estimate_shards,
            design: &self.state.design,
            users: self.state.users,
            show,
            second,
        })
    }

    /// Some of the database's knobs, picked here as in its settings, one labelled control each:
    /// the shard-load widget's shard key, the failover widget's replicas and failover times.
    pub fn database_knobs(&self, settings: &[Setting]) -> Html {
        let state = self.state;
        let Some(node) = state
            .design
            .nodes
            .iter()
            .find(|n| n.settings.database().is_some())
        else {
            return html! {};
        };
        let refused = self.refused(node);
        let knob = |setting: Setting| {
            let row = self.row(node, setting);
            let error = refused
                .filter(|(refused, _)| *refused == setting)
                .map(|(_, message)| message.to_owned());
            html! {
                <p class="board-shard-key">
                    <label for={format!("setting-{}-{}", node.id, setting.key())}>{ setting.label() }</label>
                    { settings_panel::control(&node.id, &row, self.dispatch, error.is_some()) }
                    if let Some(message) = error { <span class="field-error" role="alert">{ message }</span> }
                </p>
            }
        };
        html! {
            <fieldset class="board-knobs">
                <legend>{ node.label.clone() }</legend>
                { for settings.iter().map(|s| knob(*s)) }
            </fieldset>
        }
    }

    /// What the first reshard costs ([`reshard::reshard_verdict`]).
    pub fn reshard(&self) -> Html {
        reshard::reshard_verdict(&reshard::ReshardProps {
            design: &self.state.design,
            report: self.report.as_ref(),
        })
    }

    /// What the first dead master costs ([`failover::failover_verdict`]).
    pub fn failover(&self) -> Html {
        let design = &self.state.design;
        failover::failover_verdict(&failover::FailoverProps {
            database: design.nodes.iter().find_map(|n| n.settings.database()),
            faults: &design.faults,
            report: self.report.as_ref(),
        })
    }

    /// Sample IDs on one of the database's shards, or why there are none.
    pub fn shard_samples(&self) -> Html {
        let database = self
            .state
            .design
            .nodes
            .iter()
            .find_map(|n| n.settings.database());
        match database {
            Some(database) => html! {
                <shard_samples::ShardSamples database={database.clone()} />
            },
            None => html! { <p class="muted">{ "There is no database on the board." }</p> },
        }
    }

    /// One widget's body, inside its frame (`shell::widget_page`).
    pub fn widget(&self, widget: BoardWidget) -> Html {
        let body = match widget {
            BoardWidget::Solve => html! {
                <div class="board-solve">{ self.caption() }{ self.canvas() }</div>
            },
            // The plot first: its note asks the reader to inject a failure below.
            BoardWidget::Break => html! {
                <>
                    { self.plots(PlotSet { timeline: true, ..PlotSet::NONE }) }
                    { self.faults() }
                </>
            },
            BoardWidget::Spread => html! { <>{ self.caption() }{ self.spread() }</> },
            BoardWidget::Capacity => self.plots(PlotSet {
                capacity: true,
                ..PlotSet::NONE
            }),
            BoardWidget::ShardLoad => html! {
                <>
                    { self.database_knobs(&[Setting::ShardKey]) }
                    { self.plots(PlotSet { shards: true, ..PlotSet::NONE }) }
                    { self.shard_samples() }
                </>
            },
            // No timeline: the verdict names the seconds that failed, so the widget fits a column.
            BoardWidget::Failover => html! {
                <>
                    { self.database_knobs(&[Setting::AutoFailover, Setting::FailoverDetect,
                        Setting::FailoverPromote, Setting::ReadReplicas, Setting::Replication]) }
                    { self.faults() }
                    { self.failover() }
                </>
            },
            // No timeline either: the phases' table gives p99 and errors before, during and
            // after the copy, and the widget fits a column.
            // The boxes at any second: a link's design and `t` pick the fault and the moment.
            BoardWidget::Scrub => html! { <>{ self.canvas() }{ self.scrubber() }</> },
            BoardWidget::Reshard => html! {
                <>
                    { self.database_knobs(&[Setting::RowBytes, Setting::CopyThrottle]) }
                    { self.faults() }
                    { self.reshard() }
                </>
            },
        };
        html! { <>{ self.notes() }{ body }</> }
    }

    /// The whole Board's body (its frame is [`crate::shell::view_page`]): every widget's parts,
    /// and the tools no widget has (the palette, export and import, the settings and the latency
    /// CDF).
    pub fn full_view(&self) -> Html {
        let state = self.state;
        let summary = state
            .preset
            .as_deref()
            .and_then(shardlab_core::sim::preset)
            .map(|p| p.summary);
        let save_failed = self.save.status.failed;
        html! {
            <>
                { self.notes() }
                <div class="board-top">
                    { self.caption() }
                    <section class="panel board-panel" aria-labelledby="board-title">
                        <h2 id="board-title">{ state.design.name.clone() }
                            if state.design.name.is_empty() { { "Your design" } }
                        </h2>
                        if let Some(summary) = summary {
                            <p class="muted">{ summary }</p>
                        }
                        <palette::Palette preset={state.preset.clone()} design={state.design.clone()}
                            selected={state.selected.clone()} connecting={state.connecting.clone()}
                            dispatch={self.dispatch.clone()} />
                        { self.canvas() }
                        { self.scrubber() }
                        <saving::Saving design={state.design.clone()} error={state.import_error.clone()}
                            {save_failed} dispatch={self.dispatch.clone()} />
                    </section>
                </div>
                // The parts below the board follow the first paint.
                if self.painted {
                    { self.spread() }
                    { self.settings() }
                    { self.faults() }
                    // The verdicts of the failover and reshard widgets, once the timeline has theirs.
                    if failover::first_master_down(&state.design.faults).is_some() {
                        { self.failover() }
                    }
                    if reshard::first_reshard(&state.design).is_some() {
                        { self.reshard() }
                    }
                    { self.plots(PlotSet::ALL) }
                    { model_coverage::model_coverage() }
                }
            </>
        }
    }
}
