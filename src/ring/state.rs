//! The Ring page's state: the scheme, the servers (and the list before the last change, so the page
//! can show what moved), the vnodes, the replica count, the key counts, the seed and the looked-up
//! key. Every action keeps the state valid: a request that would break a limit is refused with a
//! note, and the last good state stays.

use std::rc::Rc;

use shardlab_core::placement::{
    BoxedPlacement, PlacementError, SchemeSpec, Server, ServerList, MAX_RING_POINTS, MAX_VNODES,
    MAX_WEIGHT, MIN_VNODES, SCHEME_NAMES,
};
use shardlab_core::text::quote;
use yew::Reducible;

/// The most servers the view draws.
pub const MAX_VIEW_SERVERS: usize = 64;
/// The most keys the statistics count.
pub const MAX_KEYS: u64 = 1_000_000;
/// The fewest keys the statistics count.
pub const MIN_KEYS: u64 = 1_000;
/// The most keys drawn as dots.
pub const MAX_SAMPLE: u64 = 10_000;
/// The most replicas a lookup asks for.
pub const MAX_REPLICAS: u32 = 5;

/// Defaults: an interesting first view (adding a server moves about a fifth of the keys).
pub const DEFAULT_SCHEME: &str = "ring";
pub const DEFAULT_SERVERS: u32 = 4;
pub const DEFAULT_VNODES: u32 = 100;
pub const DEFAULT_REPLICAS: u32 = 3;
pub const DEFAULT_KEYS: u64 = 100_000;
pub const DEFAULT_SAMPLE: u64 = 1_000;
pub const DEFAULT_SEED: u64 = 2015;
pub const DEFAULT_KEY: &str = "user:42";

/// What a scheme is called on screen.
pub fn scheme_label(name: &str) -> &'static str {
    match name {
        "mod" => "hash mod N",
        "ring" => "consistent-hash ring",
        "jump" => "jump hash",
        "rendezvous" => "rendezvous (highest random weight)",
        "range" => "range (split points)",
        "directory" => "directory (lookup table)",
        "id" => "ID-encoded (shard bits)",
        _ => "unknown scheme",
    }
}

/// The page state.
#[derive(Debug, Clone, PartialEq)]
pub struct RingState {
    /// One of [`SCHEME_NAMES`].
    pub scheme: &'static str,
    /// The servers now.
    pub servers: Vec<Server>,
    /// The servers before the last add or remove; `None` until the first change.
    pub previous: Option<Vec<Server>>,
    /// Ring vnodes per unit of weight.
    pub vnodes: u32,
    /// Replicas a lookup shows (1 ..= 5).
    pub replicas: u32,
    /// Keys the statistics count.
    pub keys: u64,
    /// Keys drawn as dots (a prefix of the statistics keys).
    pub sample: u64,
    /// Seed of the keys.
    pub seed: u64,
    /// The looked-up key, as typed.
    pub key: String,
    /// The step of the lookup shown (0 is "hash"); not part of the address.
    pub step: usize,
    /// Notes for the reader: refused requests, bad link values.
    pub notes: Vec<String>,
}

impl Default for RingState {
    fn default() -> Self {
        Self {
            scheme: DEFAULT_SCHEME,
            servers: (0..DEFAULT_SERVERS).map(Server::new).collect(),
            previous: None,
            vnodes: DEFAULT_VNODES,
            replicas: DEFAULT_REPLICAS,
            keys: DEFAULT_KEYS,
            sample: DEFAULT_SAMPLE,
            seed: DEFAULT_SEED,
            key: DEFAULT_KEY.to_owned(),
            step: 0,
            notes: Vec::new(),
        }
    }
}

/// A change the reader asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    SetScheme(String),
    AddServer,
    RemoveServer(u32),
    SetWeight {
        id: u32,
        weight: u32,
    },
    SetVnodes(u32),
    SetReplicas(u32),
    SetKeys(u64),
    SetSample(u64),
    SetSeed(u64),
    SetKey(String),
    /// Forget the "before" list: the current servers become the baseline.
    Settle,
    SetStep(usize),
    DismissNotes,
    Restore(Box<RingState>),
}

/// Whether a ring with these weights and vnodes fits the core's point limit.
pub fn ring_fits(servers: &[Server], vnodes: u32) -> bool {
    let weight: u64 = servers.iter().map(|s| u64::from(s.weight)).sum();
    weight.saturating_mul(u64::from(vnodes)) <= MAX_RING_POINTS
}

/// The scheme's settings.
pub fn spec_of(scheme: &str, vnodes: u32) -> Result<SchemeSpec, PlacementError> {
    SchemeSpec::from_name(scheme, vnodes)
}

/// The scheme built over the servers now, or the core's reason why not.
pub fn build_now(state: &RingState) -> Result<BoxedPlacement, PlacementError> {
    spec_of(state.scheme, state.vnodes)?.build(ServerList::new(state.servers.clone())?)
}

/// The scheme before and after the last change (the same servers twice when nothing changed yet),
/// set up for `n_keys` keys: a directory pins them first.
pub fn build_pair(
    state: &RingState,
    n_keys: u64,
) -> Result<(BoxedPlacement, BoxedPlacement), PlacementError> {
    let after = ServerList::new(state.servers.clone())?;
    let before = match &state.previous {
        Some(list) => ServerList::new(list.clone())?,
        None => after.clone(),
    };
    spec_of(state.scheme, state.vnodes)?.build_change(before, after, n_keys.max(1), state.seed)
}

impl RingState {
    fn note(&mut self, text: impl Into<String>) {
        let text = text.into();
        if !self.notes.contains(&text) {
            self.notes.push(text);
        }
    }

    fn change_servers(&mut self, next: Vec<Server>) {
        if self.scheme == "ring" && !ring_fits(&next, self.vnodes) {
            self.note(format!(
                "That ring would need more than {MAX_RING_POINTS} vnodes; lower the weights or the vnodes first."
            ));
            return;
        }
        self.previous = Some(std::mem::replace(&mut self.servers, next));
        self.step = 0;
    }

    /// Applies one action.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::SetScheme(name) => match SCHEME_NAMES.iter().find(|n| **n == name) {
                Some(&name) => {
                    if name == "ring" && !ring_fits(&self.servers, self.vnodes) {
                        self.note("This ring would have too many vnodes; lower the weights or the vnodes first.");
                    } else {
                        self.scheme = name;
                        self.step = 0;
                    }
                }
                None => self.note(format!("There is no scheme called {}.", quote(&name))),
            },
            Action::AddServer => {
                if self.servers.len() >= MAX_VIEW_SERVERS {
                    self.note(format!(
                        "This view draws at most {MAX_VIEW_SERVERS} servers; the command-line tool takes up to 10,000."
                    ));
                    return;
                }
                let next_id = self
                    .servers
                    .iter()
                    .chain(self.previous.iter().flatten())
                    .map(|s| s.id.0)
                    .max()
                    .map_or(0, |m| m.saturating_add(1));
                let mut next = self.servers.clone();
                next.push(Server::new(next_id));
                self.change_servers(next);
            }
            Action::RemoveServer(id) => {
                if self.servers.len() <= 1 {
                    self.note("One server must stay: every key needs an owner.");
                    return;
                }
                let next: Vec<Server> = self
                    .servers
                    .iter()
                    .copied()
                    .filter(|s| s.id.0 != id)
                    .collect();
                if next.len() != self.servers.len() {
                    self.change_servers(next);
                }
            }
            Action::SetWeight { id, weight } => {
                let weight = weight.clamp(1, MAX_WEIGHT);
                let next: Vec<Server> = self
                    .servers
                    .iter()
                    .map(|s| {
                        if s.id.0 == id {
                            Server::weighted(id, weight)
                        } else {
                            *s
                        }
                    })
                    .collect();
                if next != self.servers {
                    self.change_servers(next);
                }
            }
            Action::SetVnodes(v) => {
                let v = v.clamp(MIN_VNODES, MAX_VNODES);
                let fits = ring_fits(&self.servers, v)
                    && self.previous.as_ref().is_none_or(|p| ring_fits(p, v));
                if fits {
                    self.vnodes = v;
                    self.step = 0;
                } else {
                    self.note(format!(
                        "{v} vnodes per weight would pass the ring's limit of {MAX_RING_POINTS} points."
                    ));
                }
            }
            Action::SetReplicas(r) => {
                self.replicas = r.clamp(1, MAX_REPLICAS);
                self.step = 0;
            }
            Action::SetKeys(n) => self.keys = n.clamp(MIN_KEYS, MAX_KEYS),
            Action::SetSample(n) => self.sample = n.clamp(0, MAX_SAMPLE),
            Action::SetSeed(seed) => self.seed = seed,
            Action::SetKey(key) => {
                self.key = key.chars().take(200).collect();
                self.step = 0;
            }
            Action::Settle => self.previous = None,
            Action::SetStep(step) => self.step = step,
            Action::DismissNotes => self.notes.clear(),
            Action::Restore(state) => *self = *state,
        }
    }
}

impl Reducible for RingState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_and_removing_keep_the_previous_list() {
        let mut s = RingState::default();
        s.apply(Action::AddServer);
        assert_eq!(s.servers.len(), 5);
        assert_eq!(s.previous.as_ref().map(Vec::len), Some(4));
        s.apply(Action::RemoveServer(4));
        assert_eq!(s.servers.len(), 4);
        s.apply(Action::AddServer);
        // Ids are never reused while the previous list still names them.
        assert_eq!(s.servers.last().map(|x| x.id.0), Some(5));
    }

    #[test]
    fn limits_are_refused_with_a_note() {
        let mut s = RingState::default();
        for _ in 0..100 {
            s.apply(Action::AddServer);
        }
        assert_eq!(s.servers.len(), MAX_VIEW_SERVERS);
        assert!(!s.notes.is_empty());
        s.apply(Action::SetVnodes(1000));
        s.apply(Action::SetWeight { id: 0, weight: 100 });
        assert!(ring_fits(&s.servers, s.vnodes));
        let mut one = RingState::default();
        for id in 0..4 {
            one.apply(Action::RemoveServer(id));
        }
        assert_eq!(one.servers.len(), 1);
    }
}
