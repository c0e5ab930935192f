//! The Board's state and its reducer: the design, what is selected, the users and seed the caption
//! is solved for, and the messages the page shows. Everything that changes the board goes through
//! [`Action`], so the URL, the autosave and the simulation all follow one value.

use std::rc::Rc;

use shardlab_core::sim::{
    preset, DatabaseSettings, Design, Edge, Fault, Node, NodeKind, NodeSettings, Setting,
};
use shardlab_core::text::quote;
use yew::prelude::*;

use super::setting_edit::set_from_text;

/// The users slider's range, the core's limits: the board offers 10 … 1,000,000.
pub use shardlab_core::sim::validate::{BOARD_MIN_USERS, MAX_USERS};
/// Most nodes, faults and label characters a board holds (the core's limits).
pub use shardlab_core::sim::validate::{MAX_FAULTS, MAX_LABEL_CHARS, MAX_NODES};
/// What the board opens on, and how long a run lasts (the core's, shared with the CLI).
pub use shardlab_core::sim::{DEFAULT_DURATION_S, DEFAULT_PRESET, DEFAULT_SEED};

/// What the reader has picked on the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Selection {
    /// Nothing.
    #[default]
    None,
    /// A node, by id.
    Node(String),
    /// An edge, by index in `design.edges`.
    Edge(usize),
}

/// The Board page's state.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardState {
    /// The preset the design started from; `None` once an imported file replaced it.
    pub preset: Option<String>,
    /// The board.
    pub design: Design,
    /// The selected node or edge.
    pub selected: Selection,
    /// Users the caption is solved for (also written into the Users node).
    pub users: u32,
    /// The simulation's seed.
    pub seed: u64,
    /// The node waiting for a target after "Connect to…".
    pub connecting: Option<String>,
    /// Whether the reader cancelled the running simulation.
    pub cancelled: bool,
    /// The last import's error, shown next to the Import button.
    pub import_error: Option<String>,
    /// A refused edit, with the node and setting it belongs to.
    pub setting_error: Option<(String, Setting, String)>,
    /// A one-line note about the last action ("Import done", "That edge exists").
    pub note: Option<String>,
    /// The second of the run the boxes and the per-shard plot show; `None` for the whole run.
    pub second: Option<u32>,
}

impl Default for BoardState {
    fn default() -> Self {
        BoardState::from_preset(DEFAULT_PRESET).unwrap_or_else(|| BoardState {
            preset: None,
            design: Design {
                version: shardlab_core::sim::DESIGN_VERSION,
                name: String::new(),
                nodes: Vec::new(),
                edges: Vec::new(),
                faults: Vec::new(),
            },
            selected: Selection::None,
            users: 4_000,
            seed: DEFAULT_SEED,
            connecting: None,
            cancelled: false,
            import_error: None,
            setting_error: None,
            note: None,
            second: None,
        })
    }
}

impl BoardState {
    /// A fresh board from the preset called `name`.
    pub fn from_preset(name: &str) -> Option<BoardState> {
        let p = preset(name)?;
        let users = p.design.user_count().clamp(BOARD_MIN_USERS, MAX_USERS);
        Some(BoardState {
            preset: Some(p.name.to_string()),
            design: p.design,
            selected: Selection::None,
            users,
            seed: DEFAULT_SEED,
            connecting: None,
            cancelled: false,
            import_error: None,
            setting_error: None,
            note: None,
            second: None,
        })
    }

    /// The preset's own design, to tell which settings the reader changed.
    pub fn base_design(&self) -> Option<Design> {
        self.preset.as_deref().and_then(preset).map(|p| p.design)
    }

    /// Whether the design is still exactly the preset's (users and seed aside).
    pub fn design_is_preset(&self) -> bool {
        self.base_design().is_some_and(|base| {
            let mut ours = self.design.clone();
            set_user_count(&mut ours, base.user_count());
            ours == base
        })
    }

    /// The reason for a setting: the preset's, while the value is the preset's, else the knob's own.
    pub fn why(&self, node_id: &str, setting: Setting) -> &'static str {
        let preset_reason = self.preset.as_deref().and_then(preset).and_then(|p| {
            let unchanged = match (p.design.node(node_id), self.design.node(node_id)) {
                (Some(base), Some(ours)) => {
                    base.settings.value_text(setting) == ours.settings.value_text(setting)
                }
                _ => false,
            };
            if unchanged {
                p.reason(node_id, setting)
            } else {
                None
            }
        });
        preset_reason.unwrap_or_else(|| setting.why())
    }

    /// The selected node, if a node is selected.
    pub fn selected_node(&self) -> Option<&Node> {
        match &self.selected {
            Selection::Node(id) => self.design.node(id),
            _ => None,
        }
    }

    /// The physical shard count of the first database, for the fault controls.
    pub fn shard_count(&self) -> u32 {
        self.design
            .nodes
            .iter()
            .find_map(|n| n.settings.database())
            .map_or(0, |d| d.shards)
    }

    /// Whether the design has a database with auto-failover on.
    pub fn auto_failover(&self) -> Option<bool> {
        self.design
            .nodes
            .iter()
            .find_map(|n| n.settings.database())
            .map(DatabaseSettings::fails_over)
    }
}

/// Everything the board can do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Start over from a preset.
    LoadPreset(String),
    /// Move the users slider (log scale) or type a count.
    SetUsers(u32),
    /// A new seed.
    SetSeed(u64),
    /// Select a node or an edge, or nothing.
    Select(Selection),
    /// Put a node at a board position (end of a drag).
    MoveNode {
        /// Node id.
        id: String,
        /// New centre, in board units.
        x: f64,
        /// See `x`.
        y: f64,
    },
    /// Move a node by a step (arrow keys).
    NudgeNode {
        /// Node id.
        id: String,
        /// Step, in board units.
        dx: f64,
        /// See `dx`.
        dy: f64,
    },
    /// Add a node of this kind from the palette, at this position.
    AddNode(NodeKind, f64, f64),
    /// Begin "Connect to…" from the selected node.
    StartConnect,
    /// Leave "Connect to…" without wiring.
    CancelConnect,
    /// Wire `from → to`.
    Connect(String, String),
    /// Put the node on the edge at this index (`from → node → to`).
    Splice(String, usize),
    /// Delete the selected node (with its edges) or edge.
    DeleteSelected,
    /// Change one setting from its control's text.
    SetSetting(String, Setting, String),
    /// Rename a node.
    SetLabel(String, String),
    /// Add a fault to the timeline.
    AddFault(Fault),
    /// Remove the fault at this index.
    RemoveFault(usize),
    /// Stop the running simulation.
    Cancel,
    /// Run the simulation again after a cancel.
    Rerun,
    /// Replace the design with an imported one, or report why not.
    Import(Result<(Box<Design>, Option<String>), String>),
    /// Replace the whole state (URL or autosave restore).
    Restore(Box<BoardState>),
    /// Show one second of the run on the boxes and the per-shard plot, or the whole run.
    ShowSecond(Option<u32>),
}

impl Action {
    /// Whether the action puts a whole new design on the board (a preset, an imported file, a
    /// restored board), which the canvas then fits into view afresh.
    pub fn replaces_design(&self) -> bool {
        matches!(
            self,
            Action::LoadPreset(_) | Action::Import(Ok(_)) | Action::Restore(_)
        )
    }
}

impl Reducible for BoardState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.note = None;
        if !matches!(action, Action::SetSetting(..)) {
            next.setting_error = None;
        }
        let changes_run = !matches!(
            action,
            Action::Select(_)
                | Action::StartConnect
                | Action::CancelConnect
                | Action::Cancel
                | Action::MoveNode { .. }
                | Action::NudgeNode { .. }
                | Action::SetLabel(..)
                | Action::ShowSecond(_)
        );
        match action {
            Action::LoadPreset(name) => match BoardState::from_preset(&name) {
                Some(fresh) => next = fresh,
                None => next.note = Some(format!("There is no preset called {}.", quote(&name))),
            },
            Action::SetUsers(users) => {
                next.users = users.clamp(BOARD_MIN_USERS, MAX_USERS);
                set_user_count(&mut next.design, next.users);
            }
            Action::SetSeed(seed) => next.seed = seed,
            Action::Select(selection) => {
                if let (Some(from), Selection::Node(to)) = (&self.connecting, &selection) {
                    if from != to {
                        connect(&mut next, from.clone(), to.clone());
                        return Rc::new(next);
                    }
                }
                next.connecting = None;
                next.selected = selection;
            }
            Action::MoveNode { id, x, y } => {
                if let Some(node) = next.design.nodes.iter_mut().find(|n| n.id == id) {
                    node.x = round_position(x);
                    node.y = round_position(y);
                }
            }
            Action::NudgeNode { id, dx, dy } => {
                if let Some(node) = next.design.nodes.iter_mut().find(|n| n.id == id) {
                    node.x = round_position(node.x + dx);
                    node.y = round_position(node.y + dy);
                }
            }
            Action::AddNode(kind, x, y) => {
                if next.design.nodes.len() >= MAX_NODES {
                    next.note = Some(format!("A board holds at most {MAX_NODES} nodes."));
                } else {
                    let id = fresh_id(&next.design, kind);
                    let mut settings = NodeSettings::default_for(kind);
                    if let NodeSettings::Users(u) = &mut settings {
                        u.count = next.users;
                    }
                    next.design.nodes.push(Node {
                        id: id.clone(),
                        label: kind.title().to_string(),
                        x: round_position(x),
                        y: round_position(y),
                        settings,
                    });
                    next.selected = Selection::Node(id);
                }
            }
            Action::StartConnect => {
                if let Selection::Node(id) = &next.selected {
                    // A list with nothing to pick would open empty: say why instead.
                    match next.design.node(id) {
                        Some(node) if next.design.connect_targets(id).is_empty() => {
                            let rule = node.settings.kind().callees().1;
                            next.note = Some(format!(
                                "{} has nothing left to connect to: {rule}, and each one it may call is wired already.",
                                node.label
                            ));
                        }
                        Some(_) => next.connecting = Some(id.clone()),
                        None => {}
                    }
                }
            }
            Action::CancelConnect => next.connecting = None,
            Action::Connect(from, to) => connect(&mut next, from, to),
            Action::Splice(id, index) => {
                next.design.splice(&id, index);
            }
            Action::DeleteSelected => {
                match std::mem::take(&mut next.selected) {
                    Selection::Node(id) => {
                        next.design.nodes.retain(|n| n.id != id);
                        next.design.edges.retain(|e| e.from != id && e.to != id);
                    }
                    Selection::Edge(index) => {
                        if index < next.design.edges.len() {
                            next.design.edges.remove(index);
                        }
                    }
                    Selection::None => next.note = Some("Select a node or an edge first.".into()),
                }
                next.connecting = None;
            }
            Action::SetSetting(id, setting, text) => {
                let result = match next.design.nodes.iter_mut().find(|n| n.id == id) {
                    Some(node) => set_from_text(&mut node.settings, setting, &text),
                    None => Err("That node is no longer on the board.".to_string()),
                };
                match result {
                    Ok(()) => {
                        next.setting_error = None;
                        if setting == Setting::UserCount {
                            next.users = next.design.user_count().clamp(BOARD_MIN_USERS, MAX_USERS);
                        }
                    }
                    Err(message) => next.setting_error = Some((id, setting, message)),
                }
            }
            Action::SetLabel(id, text) => {
                if let Some(node) = next.design.nodes.iter_mut().find(|n| n.id == id) {
                    node.label = text.chars().take(MAX_LABEL_CHARS).collect();
                }
            }
            Action::AddFault(fault) => {
                if next.design.faults.len() >= MAX_FAULTS {
                    // The panel refuses first, beside its buttons; this keeps the design solvable.
                    next.note = Some(format!(
                        "The timeline holds at most {MAX_FAULTS} faults; remove one to add another."
                    ));
                } else {
                    next.design.faults.push(fault);
                    sort_by_time(&mut next.design.faults);
                }
            }
            Action::RemoveFault(index) => {
                if index < next.design.faults.len() {
                    next.design.faults.remove(index);
                }
            }
            Action::Cancel => next.cancelled = true,
            Action::Rerun => {}
            Action::Import(Ok((design, newer))) => {
                let users = match design.user_count() {
                    0 => next.users,
                    n => n.clamp(BOARD_MIN_USERS, MAX_USERS),
                };
                next.design = *design;
                next.preset = None;
                next.users = users;
                next.selected = Selection::None;
                next.connecting = None;
                next.import_error = None;
                next.note = Some(newer.unwrap_or_else(|| "Imported the design.".into()));
            }
            Action::Import(Err(message)) => next.import_error = Some(message),
            Action::Restore(state) => next = *state,
            Action::ShowSecond(second) => next.second = second,
        }
        if changes_run {
            next.cancelled = false;
        }
        Rc::new(next)
    }
}

/// Orders faults by time, keeping the order of faults at the same second: a stable sort.
///
/// An insertion sort with a binary search, not `sort_by`: the timeline holds a few dozen faults
/// at most, and the standard stable sort would bring its own copy of a few kB of wasm.
fn sort_by_time(faults: &mut Vec<Fault>) {
    let mut sorted: Vec<Fault> = Vec::with_capacity(faults.len());
    for fault in faults.drain(..) {
        let at = sorted.partition_point(|earlier| earlier.at_s.total_cmp(&fault.at_s).is_le());
        sorted.insert(at, fault);
    }
    *faults = sorted;
}

/// Positions are kept to a tenth of a unit, so the JSON stays short.
fn round_position(v: f64) -> f64 {
    if v.is_finite() {
        (v * 10.0).round().clamp(-1e6, 1e6) / 10.0
    } else {
        0.0
    }
}

fn set_user_count(design: &mut Design, users: u32) {
    for node in &mut design.nodes {
        if let NodeSettings::Users(u) = &mut node.settings {
            u.count = users;
        }
    }
}

fn connect(state: &mut BoardState, from: String, to: String) {
    state.connecting = None;
    if from == to {
        state.note = Some("A node cannot call itself.".into());
    } else if state.design.has_edge(&from, &to) {
        state.note = Some("That edge is already on the board.".into());
    } else if state.design.node(&from).is_none() || state.design.node(&to).is_none() {
        state.note = Some("Both ends of an edge must be nodes on the board.".into());
    } else {
        state.design.edges.push(Edge { from, to });
        // The edge just pushed is the last one.
        state.selected = Selection::Edge(state.design.edges.len().saturating_sub(1));
    }
}

/// An unused id for a new node of `kind`: `cache`, `cache-2`, …
pub fn fresh_id(design: &Design, kind: NodeKind) -> String {
    let base = kind.name().replace('_', "-");
    if design.node(&base).is_none() {
        return base;
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| design.node(id).is_none())
        .unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::sim::FaultKind;

    fn reduce(state: BoardState, action: Action) -> BoardState {
        (*Rc::new(state).reduce(action)).clone()
    }

    #[test]
    fn faults_sort_by_time_and_keep_their_order_within_a_second() {
        let kinds = [
            FaultKind::CacheFlush,
            FaultKind::MasterDown { shard: 0 },
            FaultKind::MasterDown { shard: 1 },
            FaultKind::CacheFlush,
            FaultKind::MasterDown { shard: 2 },
        ];
        let times = [30.0, 10.0, 30.0, -0.0, 10.0];
        let mut faults: Vec<Fault> = times
            .iter()
            .zip(kinds)
            .map(|(&at_s, kind)| Fault { at_s, kind })
            .collect();
        let mut expected = faults.clone();
        expected.sort_by(|a, b| a.at_s.total_cmp(&b.at_s));
        sort_by_time(&mut faults);
        assert_eq!(faults, expected);
        let order: Vec<f64> = faults.iter().map(|f| f.at_s).collect();
        assert_eq!(order, [-0.0, 10.0, 10.0, 30.0, 30.0]);
    }

    #[test]
    fn a_preset_an_import_and_a_restore_replace_the_design_and_edits_do_not() {
        let design = BoardState::default().design;
        let replacing = [
            Action::LoadPreset("pinterest".into()),
            Action::Import(Ok((Box::new(design), None))),
            Action::Restore(Box::default()),
        ];
        assert!(replacing.iter().all(Action::replaces_design));
        let editing = [
            Action::Import(Err("not JSON".into())),
            Action::SetUsers(10),
            Action::MoveNode {
                id: "app".into(),
                x: 1.0,
                y: 2.0,
            },
            Action::AddNode(NodeKind::Cache, 0.0, 0.0),
            Action::DeleteSelected,
        ];
        assert!(!editing.iter().any(Action::replaces_design));
    }

    #[test]
    fn opens_on_pinterest_at_four_thousand_users() {
        let state = BoardState::default();
        assert_eq!(state.preset.as_deref(), Some("pinterest"));
        assert_eq!(state.users, 4_000);
        assert!(state.design_is_preset());
    }

    #[test]
    fn preset_reasons_last_until_the_setting_changes() {
        let state = BoardState::default();
        let preset_why = state.why("db", Setting::ShardKey);
        assert_ne!(preset_why, Setting::ShardKey.why());
        let state = reduce(
            state,
            Action::SetSetting("db".into(), Setting::ShardKey, "hash_user".into()),
        );
        assert_eq!(state.why("db", Setting::ShardKey), Setting::ShardKey.why());
        assert!(!state.design_is_preset());
    }

    #[test]
    fn bad_numbers_are_refused_with_the_range() {
        let state = reduce(
            BoardState::default(),
            Action::SetSetting("app".into(), Setting::Copies, "100".into()),
        );
        let message = state.setting_error.clone().map(|e| e.2).unwrap_or_default();
        assert!(message.contains("1 … 64"), "{message}");
        let state = reduce(
            state,
            Action::SetSetting("app".into(), Setting::Copies, "2.5".into()),
        );
        assert!(state.setting_error.is_some());
    }

    #[test]
    fn deleting_a_node_takes_its_edges() {
        let state = reduce(
            BoardState::default(),
            Action::Select(Selection::Node("app".into())),
        );
        let state = reduce(state, Action::DeleteSelected);
        assert!(state.design.node("app").is_none());
        assert!(state
            .design
            .edges
            .iter()
            .all(|e| e.from != "app" && e.to != "app"));
    }

    #[test]
    fn connect_mode_wires_the_next_clicked_node() {
        let state = reduce(
            BoardState::default(),
            Action::Select(Selection::Node("cache".into())),
        );
        let state = reduce(state, Action::StartConnect);
        assert_eq!(state.connecting.as_deref(), Some("cache"));
        let state = reduce(state, Action::Select(Selection::Node("db".into())));
        assert!(state.design.has_edge("cache", "db"));
        assert_eq!(state.connecting, None);
    }

    #[test]
    fn connect_mode_with_nothing_to_connect_says_why_and_opens_no_list() {
        // The users call the App Server already, and there is no load balancer.
        let users = Action::Select(Selection::Node("users".into()));
        let state = reduce(BoardState::default(), users);
        assert!(state.design.connect_targets("users").is_empty());
        let state = reduce(state, Action::StartConnect);
        assert_eq!(state.connecting, None);
        let note = state.note.clone().unwrap_or_default();
        assert!(note.contains("nothing left to connect to"), "{note}");
        assert!(note.contains("users call the load balancer or the App Server"), "{note}");
        // The database calls nothing at all.
        let db = Action::Select(Selection::Node("db".into()));
        let state = reduce(reduce(state, db), Action::StartConnect);
        assert_eq!(state.connecting, None);
        // With a load balancer on the board, the users have a target again.
        let add = Action::AddNode(NodeKind::LoadBalancer, 900.0, 500.0);
        let state = reduce(state, add);
        let state = reduce(state, Action::Select(Selection::Node("users".into())));
        let state = reduce(state, Action::StartConnect);
        assert_eq!(state.connecting.as_deref(), Some("users"));
    }

    #[test]
    fn fresh_ids_do_not_collide() {
        let design = BoardState::default().design;
        assert_eq!(fresh_id(&design, NodeKind::LoadBalancer), "load-balancer");
        let id = fresh_id(&design, NodeKind::Cache);
        assert!(design.node(&id).is_none());
    }
}
