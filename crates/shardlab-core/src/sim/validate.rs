//! Checking a design before it is solved, with errors that name the offending node.
//!
//! The board shows each error next to the node [`DesignError::node_id`] names, so the checks report
//! every problem they find, in a stable order, rather than stopping at the first.

use thiserror::Error;

use crate::text::quote;

use super::design::{CacheStrategy, Design, NodeKind, NodeSettings, Replication, Setting};
use super::faults::FaultKind;

/// Most nodes a design may have.
pub const MAX_NODES: usize = 64;
/// Most edges a design may have.
pub const MAX_EDGES: usize = 256;
/// Most faults on one timeline.
pub const MAX_FAULTS: usize = 32;
/// Longest node id, in bytes.
pub const MAX_ID_LEN: usize = 64;
/// Furthest a node's centre may be from the board's origin on either axis, in board units (the
/// board is 800 wide).
pub const MAX_COORDINATE: f64 = 1_000_000.0;
/// Longest node label, in characters: a label is drawn inside its box, and the board's editor
/// stops here.
pub const MAX_LABEL_CHARS: usize = 40;
/// Longest design name, in characters: it is the board's title.
pub const MAX_NAME_CHARS: usize = 80;
/// Most users a design may have.
pub const MAX_USERS: u32 = 1_000_000;
/// Fewest users the board's users slider offers (a design may have from 1).
pub const BOARD_MIN_USERS: u32 = 10;
/// Fewest users the home page's preview slider offers.
pub const PREVIEW_MIN_USERS: u32 = 100;
/// Longest simulated run, in seconds.
pub const MAX_DURATION_S: f64 = 3_600.0;
/// Most requests one simulation may generate (an upper bound counting every traffic spike), so a
/// run stays within seconds in the browser.
pub const MAX_SIM_REQUESTS: f64 = 20_000_000.0;

/// A problem with a design. Messages say what is accepted.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum DesignError {
    /// The `version` field is not one this crate reads.
    #[error("design version {found} is not supported; this build reads version 1")]
    UnsupportedVersion {
        /// The version found.
        found: u32,
    },
    /// Too many nodes.
    #[error("the design has {count} nodes; at most {max} are accepted")]
    TooManyNodes {
        /// Nodes found.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// Too many edges.
    #[error("the design has {count} edges; at most {max} are accepted")]
    TooManyEdges {
        /// Edges found.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// Too many faults.
    #[error("the timeline has {count} faults; at most {max} are accepted")]
    TooManyFaults {
        /// Faults found.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// A node's label is too long to draw.
    #[error("node `{id}` has a label of {chars} characters; labels are at most {max}")]
    LabelTooLong {
        /// The node.
        id: String,
        /// Characters in its label.
        chars: usize,
        /// The limit.
        max: usize,
    },
    /// The design's name is too long for a title.
    #[error("the design's name has {chars} characters; names are at most {max}")]
    NameTooLong {
        /// Characters in the name.
        chars: usize,
        /// The limit.
        max: usize,
    },
    /// A node id is empty or too long.
    #[error("node #{index} has an id of {len} bytes; ids must be 1 … 64 bytes")]
    BadId {
        /// Position of the node in `nodes`.
        index: usize,
        /// Length of its id in bytes.
        len: usize,
    },
    /// Two nodes share an id.
    #[error("two nodes have the id {}; ids must be unique", quote(id))]
    DuplicateId {
        /// The repeated id.
        id: String,
    },
    /// A position is NaN, infinite, or further out than [`MAX_COORDINATE`].
    #[error(
        "node {} has a position outside ±{} board units (or not a number)",
        quote(id),
        MAX_COORDINATE
    )]
    BadPosition {
        /// The node.
        id: String,
    },
    /// An edge names a node that does not exist.
    #[error(
        "the edge {} → {} refers to {}, which is not a node",
        quote(from),
        quote(to),
        quote(missing)
    )]
    DanglingEdge {
        /// The edge's source.
        from: String,
        /// The edge's target.
        to: String,
        /// The id that names no node.
        missing: String,
    },
    /// The same edge appears twice.
    #[error("the edge {} → {} appears more than once", quote(from), quote(to))]
    DuplicateEdge {
        /// The edge's source.
        from: String,
        /// The edge's target.
        to: String,
    },
    /// The edges form a cycle through this node.
    #[error(
        "node {} is on a cycle; requests must flow one way, from users to the database",
        quote(id)
    )]
    Cycle {
        /// A node on the cycle.
        id: String,
    },
    /// A required kind of node is missing.
    #[error("the design has no {kind} node; it needs exactly one")]
    MissingNode {
        /// The missing kind's name.
        kind: &'static str,
    },
    /// More nodes of a kind than the simulator models.
    #[error(
        "node {} is a second {kind}; the simulator models at most one",
        quote(id)
    )]
    TooManyOfKind {
        /// The kind's name.
        kind: &'static str,
        /// The id of the extra node.
        id: String,
    },
    /// An edge between two kinds that never call each other.
    #[error("the edge {} → {} is not allowed: {reason}", quote(from), quote(to))]
    EdgeNotAllowed {
        /// The edge's source.
        from: String,
        /// The edge's target.
        to: String,
        /// Why, in words.
        reason: &'static str,
    },
    /// An edge the chosen wiring needs is missing.
    #[error("node {} needs an edge to {}: {reason}", quote(from), quote(to))]
    MissingEdge {
        /// Where the edge should start.
        from: String,
        /// Where it should end.
        to: String,
        /// Why, in words.
        reason: &'static str,
    },
    /// Requests from the users cannot reach the database.
    #[error("there is no path from the users {} to a database", quote(id))]
    NoPathToDatabase {
        /// The Users node.
        id: String,
    },
    /// A node no request can reach.
    #[error(
        "node {} is not on any path from the users; wire it in or remove it",
        quote(id)
    )]
    Unreachable {
        /// The unreachable node.
        id: String,
    },
    /// A setting outside its range.
    #[error("node {}: {setting} is {value}; accepted {accepted}", quote(id))]
    OutOfRange {
        /// The node.
        id: String,
        /// The setting's JSON key.
        setting: &'static str,
        /// The value found, as text.
        value: String,
        /// The accepted range, as text.
        accepted: &'static str,
    },
    /// Auto-failover has nothing to fail over to.
    #[error(
        "node {}: auto-failover needs a standby; turn the standby on or failover off",
        quote(id)
    )]
    FailoverWithoutStandby {
        /// The Database node.
        id: String,
    },
    /// Sync replication has no copy to wait for.
    #[error(
        "node {}: sync replication needs a standby or a read replica to wait for; add one or \
         choose async",
        quote(id)
    )]
    SyncWithoutCopy {
        /// The Database node.
        id: String,
    },
    /// A fault's parameter is outside its range.
    #[error("fault #{index} ({kind}): {what} is {value}; accepted {accepted}")]
    FaultOutOfRange {
        /// Position in `faults`.
        index: usize,
        /// The fault's kind name.
        kind: &'static str,
        /// The parameter's name.
        what: &'static str,
        /// The value found, as text.
        value: String,
        /// The accepted range, as text.
        accepted: String,
    },
    /// A cache fault on a design whose cache is absent or unused.
    #[error(
        "fault #{index} ({kind}) needs a cache in use; add a cache with strategy aside or through"
    )]
    FaultNeedsCache {
        /// Position in `faults`.
        index: usize,
        /// The fault's kind name.
        kind: &'static str,
    },
}

impl DesignError {
    /// The same problem with each node it names given by the box's label, as a reader sees the
    /// board ("node `Memcached` is a second cache", not `cache-2`); an id with no node, or a node
    /// with a blank label, stays as it is.
    pub fn labelled(&self, design: &Design) -> DesignError {
        let mut named = self.clone();
        for id in named.ids_mut() {
            if let Some(node) = design.node(id).filter(|n| !n.label.trim().is_empty()) {
                id.clone_from(&node.label);
            }
        }
        named
    }

    /// The node ids the message names.
    fn ids_mut(&mut self) -> Vec<&mut String> {
        match self {
            // A duplicate id is about ids, and a label too long to show is named by its id.
            DesignError::DuplicateId { .. }
            | DesignError::LabelTooLong { .. }
            | DesignError::UnsupportedVersion { .. }
            | DesignError::TooManyNodes { .. }
            | DesignError::TooManyEdges { .. }
            | DesignError::TooManyFaults { .. }
            | DesignError::NameTooLong { .. }
            | DesignError::BadId { .. }
            | DesignError::MissingNode { .. }
            | DesignError::FaultOutOfRange { .. }
            | DesignError::FaultNeedsCache { .. } => Vec::new(),
            DesignError::BadPosition { id }
            | DesignError::Cycle { id }
            | DesignError::TooManyOfKind { id, .. }
            | DesignError::NoPathToDatabase { id }
            | DesignError::Unreachable { id }
            | DesignError::OutOfRange { id, .. }
            | DesignError::FailoverWithoutStandby { id }
            | DesignError::SyncWithoutCopy { id } => vec![id],
            DesignError::DanglingEdge { from, to, .. }
            | DesignError::DuplicateEdge { from, to }
            | DesignError::EdgeNotAllowed { from, to, .. }
            | DesignError::MissingEdge { from, to, .. } => vec![from, to],
        }
    }

    /// The node the board should attach this message to, if one is to blame.
    pub fn node_id(&self) -> Option<&str> {
        match self {
            DesignError::DuplicateId { id }
            | DesignError::BadPosition { id }
            | DesignError::Cycle { id }
            | DesignError::TooManyOfKind { id, .. }
            | DesignError::NoPathToDatabase { id }
            | DesignError::Unreachable { id }
            | DesignError::OutOfRange { id, .. }
            | DesignError::FailoverWithoutStandby { id }
            | DesignError::SyncWithoutCopy { id }
            | DesignError::LabelTooLong { id, .. } => Some(id),
            DesignError::DanglingEdge { from, .. }
            | DesignError::DuplicateEdge { from, .. }
            | DesignError::EdgeNotAllowed { from, .. }
            | DesignError::MissingEdge { from, .. } => Some(from),
            DesignError::UnsupportedVersion { .. }
            | DesignError::TooManyNodes { .. }
            | DesignError::TooManyEdges { .. }
            | DesignError::TooManyFaults { .. }
            | DesignError::NameTooLong { .. }
            | DesignError::BadId { .. }
            | DesignError::MissingNode { .. }
            | DesignError::FaultOutOfRange { .. }
            | DesignError::FaultNeedsCache { .. } => None,
        }
    }
}

/// Why `estimate` or `simulate` refused to run.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SimError {
    /// The design is invalid; this is the first problem [`validate`] found.
    #[error("invalid design: {0}")]
    Design(#[from] DesignError),
    /// The `users` argument is out of range.
    #[error("users is {users}; accepted 1 … 1,000,000")]
    Users {
        /// The value given.
        users: u32,
    },
    /// The duration is out of range.
    #[error("duration is {duration_s} s; accepted 1 … 3,600 s")]
    Duration {
        /// The value given.
        duration_s: f64,
    },
    /// The run would take too long to simulate.
    #[error(
        "this run could generate up to {} requests; the simulator accepts at most {}. Lower \
         the users, the rate, the spike or the duration",
        crate::text::thousands(.requests.max(0.0) as u64),
        crate::text::thousands(MAX_SIM_REQUESTS as u64)
    )]
    TooMuchWork {
        /// Upper bound of requests the run would generate.
        requests: f64,
    },
    /// The app-tier-only reference queue ([`super::reference`]) was asked for something it
    /// cannot be: the text says what is accepted.
    #[error("reference queue: {0}")]
    Reference(String),
    /// An internal building block refused its configuration (should not happen).
    #[error("internal error: {0}")]
    Internal(String),
}

/// Every problem with `design`, in a stable order; empty when the design can be solved.
pub fn validate(design: &Design) -> Vec<DesignError> {
    let mut errors = size_errors(design);
    // Graph checks on a huge input would be slow and their messages noise; stop here.
    if !errors.is_empty() {
        return errors;
    }

    check_ids(design, &mut errors);
    let graph_ok = check_edges(design, &mut errors);
    if graph_ok {
        check_cycle(design, &mut errors);
    }
    let kinds_ok = check_kinds(design, &mut errors);
    if graph_ok && kinds_ok && errors.is_empty() {
        check_wiring(design, &mut errors);
    }
    check_settings(design, &mut errors);
    check_faults(design, &mut errors);
    errors
}

/// The problems that make a design too big to hold at all: a format version this build does not
/// read, more nodes, edges or faults than the limits, a node off the board, or a label or name
/// longer than its limit. Every way a design arrives (a file, a
/// link, an autosave) refuses one of these before it is drawn; the other problems [`validate`]
/// finds are the board's to show beside the node.
pub fn size_errors(design: &Design) -> Vec<DesignError> {
    let mut errors = Vec::new();
    if design.version != super::design::DESIGN_VERSION {
        errors.push(DesignError::UnsupportedVersion {
            found: design.version,
        });
    }
    if design.nodes.len() > MAX_NODES {
        errors.push(DesignError::TooManyNodes {
            count: design.nodes.len(),
            max: MAX_NODES,
        });
    }
    if design.edges.len() > MAX_EDGES {
        errors.push(DesignError::TooManyEdges {
            count: design.edges.len(),
            max: MAX_EDGES,
        });
    }
    if design.faults.len() > MAX_FAULTS {
        errors.push(DesignError::TooManyFaults {
            count: design.faults.len(),
            max: MAX_FAULTS,
        });
    }
    if errors.is_empty() {
        // A box far off the board cannot be drawn (an SVG transform of 1e308 is an error) nor
        // brought into view.
        let on_board = |v: f64| v.is_finite() && v.abs() <= MAX_COORDINATE;
        for node in &design.nodes {
            if !on_board(node.x) || !on_board(node.y) {
                errors.push(DesignError::BadPosition {
                    id: node.id.clone(),
                });
            }
            // A label is drawn inside its box, and a link could carry a megabyte of one.
            let label_chars = node.label.chars().count();
            if label_chars > MAX_LABEL_CHARS {
                errors.push(DesignError::LabelTooLong {
                    id: node.id.clone(),
                    chars: label_chars,
                    max: MAX_LABEL_CHARS,
                });
            }
        }
        let name_chars = design.name.chars().count();
        if name_chars > MAX_NAME_CHARS {
            errors.push(DesignError::NameTooLong {
                chars: name_chars,
                max: MAX_NAME_CHARS,
            });
        }
    }
    errors
}

/// The first problem with `design`, as a `Result`.
pub fn check(design: &Design) -> Result<(), DesignError> {
    match validate(design).into_iter().next() {
        Some(first) => Err(first),
        None => Ok(()),
    }
}

// The graph checks run on at most MAX_NODES nodes and MAX_EDGES edges, so their sets are plain
// `Vec`s searched from end to end: a B-tree per element type cost the page kilobytes of wasm.

/// Adds `item` to `set` unless it is there; whether it was added (as `BTreeSet::insert`).
fn insert<T: PartialEq>(set: &mut Vec<T>, item: T) -> bool {
    let new = !set.contains(&item);
    if new {
        set.push(item);
    }
    new
}

fn check_ids(design: &Design, errors: &mut Vec<DesignError>) {
    let mut seen = Vec::new();
    let mut reported = Vec::new();
    for (index, node) in design.nodes.iter().enumerate() {
        if node.id.is_empty() || node.id.len() > MAX_ID_LEN {
            errors.push(DesignError::BadId {
                index,
                len: node.id.len(),
            });
            continue;
        }
        if !insert(&mut seen, node.id.as_str()) && insert(&mut reported, node.id.as_str()) {
            errors.push(DesignError::DuplicateId {
                id: node.id.clone(),
            });
        }
    }
}

/// Dangling and duplicate edges. Returns whether every edge joins two existing nodes.
fn check_edges(design: &Design, errors: &mut Vec<DesignError>) -> bool {
    let ids: Vec<&str> = design.nodes.iter().map(|node| node.id.as_str()).collect();
    let mut seen = Vec::new();
    let mut ok = true;
    for edge in &design.edges {
        for end in [&edge.from, &edge.to] {
            if !ids.contains(&end.as_str()) {
                errors.push(DesignError::DanglingEdge {
                    from: edge.from.clone(),
                    to: edge.to.clone(),
                    missing: end.clone(),
                });
                ok = false;
            }
        }
        if !insert(&mut seen, (edge.from.as_str(), edge.to.as_str())) {
            errors.push(DesignError::DuplicateEdge {
                from: edge.from.clone(),
                to: edge.to.clone(),
            });
        }
    }
    ok
}

/// Each node's callees, in the order of the nodes' ids (each id once).
fn adjacency(design: &Design) -> Vec<(&str, Vec<&str>)> {
    let mut adj: Vec<(&str, Vec<&str>)> = Vec::new();
    let ids = design.nodes.iter().map(|node| node.id.as_str());
    for id in ids.chain(design.edges.iter().map(|edge| edge.from.as_str())) {
        if let Err(at) = adj.binary_search_by(|(key, _)| (*key).cmp(id)) {
            adj.insert(at, (id, Vec::new()));
        }
    }
    for edge in &design.edges {
        let from = adj.binary_search_by(|(key, _)| (*key).cmp(edge.from.as_str()));
        if let Some((_, callees)) = from.ok().and_then(|at| adj.get_mut(at)) {
            callees.push(edge.to.as_str());
        }
    }
    adj
}

/// The position of `id` in [`adjacency`]'s list.
fn position(adj: &[(&str, Vec<&str>)], id: &str) -> Option<usize> {
    adj.binary_search_by(|(key, _)| (*key).cmp(id)).ok()
}

/// Reports one node per cycle found, by iterative depth-first search (no recursion, so a long
/// chain cannot overflow the stack).
fn check_cycle(design: &Design, errors: &mut Vec<DesignError>) {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let adj = adjacency(design);
    // Each node's mark, at its position in `adj`.
    let mut mark = vec![Mark::New; adj.len()];
    let set = |mark: &mut Vec<Mark>, at: usize, to: Mark| {
        if let Some(m) = mark.get_mut(at) {
            *m = to;
        }
    };
    // In id order, each id once.
    let mut on_cycle: Vec<&str> = Vec::new();
    for start in 0..adj.len() {
        if mark.get(start) != Some(&Mark::New) {
            continue;
        }
        // Stack of (node's position, index of the next child to visit).
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        set(&mut mark, start, Mark::Open);
        while let Some((node, next)) = stack.last().copied() {
            let children = adj.get(node).map_or(&[][..], |(_, c)| c.as_slice());
            match children.get(next) {
                Some(&child) => {
                    if let Some(top) = stack.last_mut() {
                        top.1 = top.1.saturating_add(1);
                    }
                    let at = position(&adj, child);
                    let seen = at.and_then(|at| mark.get(at)).copied();
                    match seen.unwrap_or(Mark::Done) {
                        Mark::New => {
                            if let Some(at) = at {
                                set(&mut mark, at, Mark::Open);
                                stack.push((at, 0));
                            }
                        }
                        Mark::Open => {
                            if let Err(at) = on_cycle.binary_search(&child) {
                                on_cycle.insert(at, child);
                            }
                        }
                        Mark::Done => {}
                    }
                }
                None => {
                    set(&mut mark, node, Mark::Done);
                    stack.pop();
                }
            }
        }
    }
    for id in on_cycle {
        errors.push(DesignError::Cycle { id: id.to_string() });
    }
}

/// At most one node of each kind, and exactly one of each required kind ([`NodeKind::required`]):
/// the fixed pipeline the model compiles (see [`super::model`]).
fn check_kinds(design: &Design, errors: &mut Vec<DesignError>) -> bool {
    let mut ok = true;
    for kind in NodeKind::ALL {
        let mut of_kind = design.nodes.iter().filter(|n| n.settings.kind() == kind);
        if of_kind.next().is_none() && kind.required() {
            errors.push(DesignError::MissingNode { kind: kind.name() });
            ok = false;
        }
        for extra in of_kind {
            errors.push(DesignError::TooManyOfKind {
                kind: kind.name(),
                id: extra.id.clone(),
            });
            ok = false;
        }
    }
    ok
}

fn kind_of<'a>(design: &'a Design, id: &str) -> Option<(NodeKind, &'a NodeSettings)> {
    design.node(id).map(|n| (n.settings.kind(), &n.settings))
}

/// Allowed edge kinds, the cache strategy's wiring, and reachability.
fn check_wiring(design: &Design, errors: &mut Vec<DesignError>) {
    let has_lb = design.first_of(NodeKind::LoadBalancer).is_some();
    for edge in &design.edges {
        let (Some((from, _)), Some((to, _))) =
            (kind_of(design, &edge.from), kind_of(design, &edge.to))
        else {
            continue;
        };
        let (callees, rule) = from.callees();
        let reason = if !callees.contains(&to) {
            Some(rule)
        } else if from == NodeKind::Users && to == NodeKind::AppServer && has_lb {
            Some("with a load balancer on the board, the users call it, not the App Server")
        } else {
            None
        };
        if let Some(reason) = reason {
            errors.push(DesignError::EdgeNotAllowed {
                from: edge.from.clone(),
                to: edge.to.clone(),
                reason,
            });
        }
    }
    if !errors.is_empty() {
        return;
    }

    let (Some(users), Some(app), Some(db)) = (
        design.first_of(NodeKind::Users),
        design.first_of(NodeKind::AppServer),
        design.first_of(NodeKind::Database),
    ) else {
        return;
    };
    if let Some(NodeSettings::Cache(cache)) = design.first_of(NodeKind::Cache).map(|n| &n.settings)
    {
        let cache_id = design
            .first_of(NodeKind::Cache)
            .map(|n| n.id.clone())
            .unwrap_or_default();
        let needs = match cache.strategy {
            CacheStrategy::None => vec![],
            CacheStrategy::Aside => vec![
                (
                    app.id.clone(),
                    cache_id.clone(),
                    "cache-aside reads the cache first",
                ),
                (
                    app.id.clone(),
                    db.id.clone(),
                    "cache-aside reads the shard itself on a miss",
                ),
            ],
            CacheStrategy::Through => vec![
                (
                    app.id.clone(),
                    cache_id.clone(),
                    "read-through sends every request to the cache",
                ),
                (
                    cache_id.clone(),
                    db.id.clone(),
                    "read-through lets the cache read the shard",
                ),
            ],
        };
        for (from, to, reason) in needs {
            if !design.has_edge(&from, &to) {
                errors.push(DesignError::MissingEdge { from, to, reason });
            }
        }
    }

    let adj = adjacency(design);
    let mut reached = Vec::new();
    let mut todo = vec![users.id.as_str()];
    while let Some(id) = todo.pop() {
        if insert(&mut reached, id) {
            let callees = position(&adj, id).and_then(|at| adj.get(at));
            todo.extend(callees.into_iter().flat_map(|(_, c)| c).copied());
        }
    }
    if !reached.contains(&db.id.as_str()) {
        errors.push(DesignError::NoPathToDatabase {
            id: users.id.clone(),
        });
    }
    for node in &design.nodes {
        if !reached.contains(&node.id.as_str()) && node.id != db.id {
            errors.push(DesignError::Unreachable {
                id: node.id.clone(),
            });
        }
    }
}

/// Records an error unless `value` is in `setting`'s range from the settings table
/// ([`Setting::range`]), the one the board's panel offers.
fn in_range(errors: &mut Vec<DesignError>, id: &str, setting: Setting, value: f64) {
    let Some(range) = setting.range() else {
        return;
    };
    if !range.contains(value) {
        errors.push(DesignError::OutOfRange {
            id: id.to_string(),
            setting: setting.key(),
            value: value.to_string(),
            accepted: range.accepted,
        });
    }
}

fn check_settings(design: &Design, errors: &mut Vec<DesignError>) {
    for node in &design.nodes {
        let id = node.id.as_str();
        let mut check = |setting: Setting, value: f64| in_range(errors, id, setting, value);
        match &node.settings {
            NodeSettings::Users(u) => {
                check(Setting::UserCount, f64::from(u.count));
                check(Setting::RequestsPerUser, u.requests_per_user_per_s);
                check(Setting::ReadFraction, u.read_fraction);
                check(Setting::ZipfExponent, u.zipf_exponent);
                check(Setting::CatalogueObjects, f64::from(u.catalogue_objects));
                check(Setting::UserSkew, u.user_skew);
                check(Setting::ApdexT, u.apdex_t_ms);
            }
            NodeSettings::LoadBalancer => {}
            NodeSettings::AppServer(a) => {
                check(Setting::Copies, f64::from(a.copies));
                check(Setting::QueueBound, f64::from(a.queue_bound));
                check(Setting::TimeoutMs, f64::from(a.timeout_ms));
            }
            NodeSettings::Cache(c) => {
                check(Setting::CacheTtl, f64::from(c.ttl_s));
            }
            NodeSettings::Database(d) => {
                check(Setting::Shards, f64::from(d.shards));
                check(Setting::ReadReplicas, f64::from(d.read_replicas));
                check(Setting::FailoverDetect, f64::from(d.failover_detect_s));
                check(Setting::FailoverPromote, f64::from(d.failover_promote_s));
                check(Setting::RowBytes, f64::from(d.row_bytes));
                check(Setting::CopyThrottle, f64::from(d.copy_mb_s));
                if d.auto_failover && !d.standby {
                    errors.push(DesignError::FailoverWithoutStandby { id: id.to_string() });
                }
                if d.replication == Replication::Sync && !d.writes_wait_for_a_copy() {
                    errors.push(DesignError::SyncWithoutCopy { id: id.to_string() });
                }
            }
        }
    }
}

fn check_faults(design: &Design, errors: &mut Vec<DesignError>) {
    let shards = design
        .nodes
        .iter()
        .find_map(|n| n.settings.database())
        .map(|d| d.shards);
    let cache_in_use = design
        .nodes
        .iter()
        .filter_map(|n| n.settings.cache())
        .any(|c| c.strategy != CacheStrategy::None);
    for (index, fault) in design.faults.iter().enumerate() {
        let kind = fault.kind.name();
        let bad =
            |what: &'static str, value: String, accepted: String| DesignError::FaultOutOfRange {
                index,
                kind,
                what,
                value,
                accepted,
            };
        if !(fault.at_s >= 0.0 && fault.at_s <= MAX_DURATION_S) {
            errors.push(bad("at_s", fault.at_s.to_string(), "0 … 3,600 s".into()));
        }
        let duration_ok = |d: f64| d > 0.0 && d <= MAX_DURATION_S;
        match &fault.kind {
            FaultKind::MasterDown { shard }
            | FaultKind::ShardSplit { shard }
            | FaultKind::Reshard { shard } => {
                let count = shards.unwrap_or(0);
                if *shard >= count {
                    errors.push(bad(
                        "shard",
                        shard.to_string(),
                        format!("0 … {}", count.saturating_sub(1)),
                    ));
                }
            }
            FaultKind::CacheFlush => {
                if !cache_in_use {
                    errors.push(DesignError::FaultNeedsCache { index, kind });
                }
            }
            FaultKind::HotKey { share, duration_s } => {
                if !(*share > 0.0 && *share <= 1.0) {
                    errors.push(bad("share", share.to_string(), "above 0, at most 1".into()));
                }
                if !duration_ok(*duration_s) {
                    errors.push(bad(
                        "duration_s",
                        duration_s.to_string(),
                        "above 0, at most 3,600 s".into(),
                    ));
                }
            }
            FaultKind::TrafficSpike { factor, duration_s } => {
                if !(*factor >= 1.0 && *factor <= 100.0) {
                    errors.push(bad("factor", factor.to_string(), "1 … 100".into()));
                }
                if !duration_ok(*duration_s) {
                    errors.push(bad(
                        "duration_s",
                        duration_s.to_string(),
                        "above 0, at most 3,600 s".into(),
                    ));
                }
            }
        }
    }
}
