//! The Ring page's state: the scheme, the servers (and the list before the last change, so the page
//! can show what moved), the vnodes, the replica count, the key counts, the seed and the looked-up
//! key. Every action keeps the state valid: a request that would break a limit is refused with a
//! note, and the last good state stays.

use std::rc::Rc;

use std::cell::RefCell;

use shardlab_core::placement::{
    check_table, BoundedLoad, BoxedPlacement, Cure, CureSettings, LoadFactor, PlacementError,
    Popularity, Ring, SchemeKind, SchemeSettings, SchemeSpec, Server, ServerList, DEFAULT_PROBES,
    DEFAULT_TABLE_SIZE, MAX_LOAD_FACTOR, MAX_PROBES, MAX_RING_POINTS, MAX_SUB_KEYS, MAX_TABLE_SIZE,
    MAX_VNODES, MAX_WEIGHT, MAX_ZIPF_EXPONENT, MIN_VNODES,
};
use shardlab_core::text::quote;
use shardlab_core::view_limits::ring::{
    kept_key, KEPT_RINGS, MAX_KEYS, MAX_KEY_CHARS, MAX_REPLICAS, MAX_SAMPLE, MAX_VIEW_SERVERS,
    MIN_KEYS,
};
use yew::Reducible;

use crate::browser::number::parse_f64;
use crate::catalogue::RingWidget;

use shardlab_core::text::thousands;

// The opening facts live in the core, where the build-time pictures read them too.
use shardlab_core::catalogue::RingOpening;
pub use shardlab_core::catalogue::{
    DEFAULT_KEY, DEFAULT_KEYS, DEFAULT_POPULARITY, DEFAULT_REPLICAS, DEFAULT_SAMPLE,
    DEFAULT_SCHEME, DEFAULT_SEED, DEFAULT_SERVERS, DEFAULT_VNODES, HOT_KEY_SERVERS,
    PICTURE_TABLE_SIZE, PICTURE_VNODES,
};

/// The hot-key comparison's settings: how popular the keys are, the cure shown, and the cures'
/// own settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HotKeys {
    pub popularity: Popularity,
    pub cure: Cure,
    pub settings: CureSettings,
    /// Whether the cures' table opens folded: a chapter that asks the reader to predict which
    /// cure keeps one owner must not print the answer beside the question (issue 38 §6).
    pub cures_folded: bool,
}

impl Default for HotKeys {
    fn default() -> Self {
        Self {
            popularity: DEFAULT_POPULARITY,
            cure: Cure::None,
            settings: CureSettings::default(),
            cures_folded: false,
        }
    }
}

/// The page state.
#[derive(Debug, Clone, PartialEq)]
pub struct RingState {
    /// The placement scheme shown.
    pub scheme: SchemeKind,
    /// The servers now.
    pub servers: Vec<Server>,
    /// The servers before the last add or remove; `None` until the first change.
    pub previous: Option<Vec<Server>>,
    /// Ring vnodes per unit of weight.
    pub vnodes: u32,
    /// Maglev's table size M (a prime).
    pub table_size: u32,
    /// Multi-probe's probes per key, k.
    pub probes: u32,
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
    /// The step of the lookup shown (0 is "hash"); written as `step`, counted from 1.
    pub step: usize,
    /// The hot-key comparison's settings.
    pub hot: HotKeys,
    /// Notes for the reader: refused requests, bad link values.
    pub notes: Vec<String>,
    /// The number box whose last commit was refused, and why; not part of the address.
    pub field_error: Option<(Field, String)>,
    /// The length in characters of the last key typed, when it was over [`MAX_KEY_CHARS`] and
    /// only its first characters became [`key`](Self::key); not part of the address.
    pub key_cut: Option<usize>,
}

/// A number box of the Ring's settings, with the range it accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// A server's weight.
    Weight(u32),
    /// Vnodes per unit of weight.
    Vnodes,
    /// Maglev's table size.
    TableSize,
    /// Multi-probe's probes per key.
    Probes,
    /// Replicas a lookup shows.
    Replicas,
    /// Keys the statistics count.
    Keys,
    /// Keys drawn as dots.
    Sample,
    /// The keys' seed.
    Seed,
    /// The popularity exponent (a decimal; 0 is every key alike).
    Exponent,
    /// Bounded loads' c (a decimal).
    LoadFactor,
    /// The sub-keys of a salted hot key.
    SubKeys,
}

impl Field {
    /// The whole numbers the box accepts, lowest and highest.
    pub fn range(self) -> (u64, u64) {
        match self {
            Field::Weight(_) => (1, u64::from(MAX_WEIGHT)),
            Field::Vnodes => (u64::from(MIN_VNODES), u64::from(MAX_VNODES)),
            Field::TableSize => (2, u64::from(MAX_TABLE_SIZE)),
            Field::Probes => (1, u64::from(MAX_PROBES)),
            Field::Replicas => (1, u64::from(MAX_REPLICAS)),
            Field::Keys => (MIN_KEYS, MAX_KEYS),
            Field::Sample => (0, MAX_SAMPLE),
            Field::Seed => (0, u64::MAX),
            Field::Exponent => (0, MAX_ZIPF_EXPONENT as u64),
            Field::LoadFactor => (1, MAX_LOAD_FACTOR as u64),
            Field::SubKeys => (1, u64::from(MAX_SUB_KEYS)),
        }
    }

    /// Whether the box takes a decimal (checked by the core) rather than a whole number.
    pub fn decimal(self) -> bool {
        match self {
            Field::Exponent | Field::LoadFactor => true,
            Field::Weight(_)
            | Field::Vnodes
            | Field::TableSize
            | Field::Probes
            | Field::Replicas
            | Field::Keys
            | Field::Sample
            | Field::Seed
            | Field::SubKeys => false,
        }
    }

    /// What the box holds, as a message names it.
    fn what(self) -> String {
        match self {
            Field::Weight(id) => format!("S{id}'s weight"),
            Field::Vnodes => "Vnodes per unit of weight".to_owned(),
            Field::TableSize => "Maglev's table size".to_owned(),
            Field::Probes => "Probes per key".to_owned(),
            Field::Replicas => "Replicas".to_owned(),
            Field::Keys => "Keys counted".to_owned(),
            Field::Sample => "Keys drawn".to_owned(),
            Field::Seed => "The seed".to_owned(),
            Field::Exponent => "The popularity exponent".to_owned(),
            Field::LoadFactor => "The load factor".to_owned(),
            Field::SubKeys => "Sub-keys".to_owned(),
        }
    }

    /// The value typed in the box (digits, with `,` or `_` between groups allowed), or `None`
    /// when it is not a whole number in [`Field::range`]. Nothing is clamped: out of range is refused.
    pub fn parse(self, text: &str) -> Option<u64> {
        let (low, high) = self.range();
        let digits: String = text
            .trim()
            .chars()
            .filter(|c| !matches!(c, ',' | '_'))
            .collect();
        digits
            .parse::<u64>()
            .ok()
            .filter(|n| (low..=high).contains(n))
    }

    /// Why `text` was refused, with what the box accepts and the value it keeps.
    pub fn refusal(self, text: &str, kept: u64) -> String {
        let (low, high) = self.range();
        format!(
            "{} takes a whole number {} … {}; {} is not one, so it stays {}.",
            self.what(),
            thousands(low),
            thousands(high),
            quote(text.trim()),
            thousands(kept)
        )
    }

    /// The action that sets the box's value.
    fn action(self, n: u64) -> Action {
        let small = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        match self {
            Field::Weight(id) => Action::SetWeight {
                id,
                weight: small(n),
            },
            Field::Vnodes => Action::SetVnodes(small(n)),
            Field::TableSize => Action::SetTableSize(small(n)),
            Field::Probes => Action::SetProbes(small(n)),
            Field::Replicas => Action::SetReplicas(small(n)),
            Field::Keys => Action::SetKeys(n),
            Field::Sample => Action::SetSample(n),
            Field::Seed => Action::SetSeed(n),
            Field::SubKeys => Action::SetSubKeys(small(n)),
            // Decimals are committed by `commit_decimal`, never as whole numbers.
            Field::Exponent | Field::LoadFactor => Action::DismissNotes,
        }
    }

    /// The box's value in `state`, as the refusal says it stays.
    fn current(self, state: &RingState) -> u64 {
        match self {
            Field::Weight(id) => state
                .servers
                .iter()
                .find(|s| s.id.0 == id)
                .map_or(1, |s| u64::from(s.weight)),
            Field::Vnodes => u64::from(state.vnodes),
            Field::TableSize => u64::from(state.table_size),
            Field::Probes => u64::from(state.probes),
            Field::Replicas => u64::from(state.replicas),
            Field::Keys => state.keys,
            Field::Sample => state.sample,
            Field::Seed => state.seed,
            Field::SubKeys => u64::from(state.hot.settings.sub_keys),
            Field::Exponent | Field::LoadFactor => 0,
        }
    }

    /// The box's value in `state` as the box shows it: digits, or the decimal.
    pub fn shown(self, state: &RingState) -> String {
        match self {
            Field::Exponent => format!("{}", state.hot.popularity.exponent()),
            Field::LoadFactor => format!("{}", state.hot.settings.load_factor.value()),
            Field::Weight(_)
            | Field::Vnodes
            | Field::TableSize
            | Field::Probes
            | Field::Replicas
            | Field::Keys
            | Field::Sample
            | Field::Seed
            | Field::SubKeys => self.current(state).to_string(),
        }
    }

    /// Sets a decimal box from `text` through the core's check, or says why not (the core's
    /// words, with the value that stays).
    fn commit_decimal(self, state: &mut RingState, text: &str) -> Result<(), String> {
        let typed = text.trim();
        let value = parse_f64(typed).filter(|v| v.is_finite());
        let checked = match self {
            Field::Exponent => value
                .map_or_else(
                    || Err(PlacementError::ExponentOutOfRange(typed.to_owned())),
                    Popularity::from_exponent,
                )
                .map(|popularity| state.hot.popularity = popularity),
            Field::LoadFactor => value
                .map_or_else(
                    || Err(PlacementError::LoadFactorOutOfRange(typed.to_owned())),
                    LoadFactor::new,
                )
                .map(|c| state.hot.settings.load_factor = c),
            Field::Weight(_)
            | Field::Vnodes
            | Field::TableSize
            | Field::Probes
            | Field::Replicas
            | Field::Keys
            | Field::Sample
            | Field::Seed
            | Field::SubKeys => Ok(()),
        };
        checked.map_err(|why| format!("{why} It stays {}.", self.shown(state)))
    }

    /// Why a value in range is still refused (Maglev's table size must be a prime with a slot
    /// for every server, before and after the last change), with the value it keeps.
    fn refusal_in_range(self, state: &RingState, n: u64) -> Option<String> {
        match self {
            Field::TableSize => state
                .table_refusal(u32::try_from(n).unwrap_or(u32::MAX))
                .map(|why| format!("{why} It stays {}.", thousands(self.current(state)))),
            Field::Weight(_)
            | Field::Vnodes
            | Field::Probes
            | Field::Replicas
            | Field::Keys
            | Field::Sample
            | Field::Seed
            | Field::Exponent
            | Field::LoadFactor
            | Field::SubKeys => None,
        }
    }
}

impl Default for RingState {
    fn default() -> Self {
        Self {
            scheme: DEFAULT_SCHEME,
            servers: (0..DEFAULT_SERVERS).map(Server::new).collect(),
            previous: None,
            vnodes: DEFAULT_VNODES,
            table_size: DEFAULT_TABLE_SIZE,
            probes: DEFAULT_PROBES,
            replicas: DEFAULT_REPLICAS,
            keys: DEFAULT_KEYS,
            sample: DEFAULT_SAMPLE,
            seed: DEFAULT_SEED,
            key: DEFAULT_KEY.to_owned(),
            step: 0,
            hot: HotKeys::default(),
            notes: Vec::new(),
            field_error: None,
            key_cut: None,
        }
    }
}

impl RingState {
    /// The state a bare address of `widget` opens (`None` is the full view), from the core's
    /// [`RingOpening`]: the picture widgets draw a ring of [`PICTURE_VNODES`] per server, the
    /// statistics keep the full view's 100.
    pub fn opening(widget: Option<RingWidget>) -> RingState {
        let opening = RingOpening::of(widget);
        RingState {
            scheme: opening.scheme,
            servers: opening.server_list(),
            vnodes: opening.vnodes,
            table_size: opening.table_size,
            probes: opening.probes,
            keys: opening.keys,
            seed: opening.seed,
            hot: HotKeys {
                settings: CureSettings {
                    load_factor: opening.load_factor,
                    ..CureSettings::default()
                },
                ..HotKeys::default()
            },
            ..RingState::default()
        }
    }
}

/// A change the reader asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    SetScheme(SchemeKind),
    AddServer,
    RemoveServer(u32),
    SetWeight {
        id: u32,
        weight: u32,
    },
    SetVnodes(u32),
    SetTableSize(u32),
    SetProbes(u32),
    SetReplicas(u32),
    SetKeys(u64),
    SetSample(u64),
    SetSeed(u64),
    SetSubKeys(u32),
    SetCure(Cure),
    /// The reader committed `text` in a number box: set if it is in range, else refused with a
    /// message beside the box and the last good value kept.
    Type(Field, String),
    SetKey(String),
    /// Forget the "before" list: the current servers become the baseline.
    Settle,
    SetStep(usize),
    DismissNotes,
    Restore(Box<RingState>),
}

/// Why the lookup uses less of the key than `typed_chars` characters: the inline words under a
/// key box, and (with "The link's key") the note of a link whose key was cut.
pub fn key_cut_message(whose: &str, typed_chars: usize) -> String {
    format!(
        "{whose} has {typed_chars} characters; a key is at most {MAX_KEY_CHARS}, so only its \
         first {MAX_KEY_CHARS} are looked up."
    )
}

/// Whether a ring with these weights and vnodes fits the core's point limit.
pub fn ring_fits(servers: &[Server], vnodes: u32) -> bool {
    let weight: u64 = servers.iter().map(|s| u64::from(s.weight)).sum();
    weight.saturating_mul(u64::from(vnodes)) <= MAX_RING_POINTS
}

/// A built ring with the servers and vnodes it was built from.
type KeptRing = (Vec<Server>, u32, Rc<Ring>);

thread_local! {
    /// The rings built last, by servers and vnodes. The drawing, the lookup and the count all read
    /// the same ring, and at the limits (640,000 points) building one takes over 100 ms in the
    /// browser: built once, a change stays within a task budget.
    static RINGS: RefCell<Vec<KeptRing>> = const { RefCell::new(Vec::new()) };
}

/// The ring over `servers` with `vnodes` per unit of weight, built once and then shared.
pub fn ring_of(servers: &[Server], vnodes: u32) -> Result<Rc<Ring>, PlacementError> {
    let kept = RINGS.with(|rings| {
        rings
            .borrow()
            .iter()
            .find(|(s, v, _)| s == servers && *v == vnodes)
            .map(|(_, _, ring)| Rc::clone(ring))
    });
    if let Some(ring) = kept {
        return Ok(ring);
    }
    let ring = Rc::new(Ring::new(ServerList::new(servers.to_vec())?, vnodes)?);
    RINGS.with(|rings| {
        let mut rings = rings.borrow_mut();
        if rings.len() >= KEPT_RINGS {
            rings.remove(0);
        }
        rings.push((servers.to_vec(), vnodes, Rc::clone(&ring)));
    });
    Ok(ring)
}

/// The scheme built over `servers`: a ring from [`ring_of`], Maglev from
/// [`maglev_of`](super::kept_tables::maglev_of), any other scheme afresh.
fn build_over(state: &RingState, servers: &[Server]) -> Result<BoxedPlacement, PlacementError> {
    // Only the ring and Maglev's table are costly to build, so only they are kept built.
    match state.spec() {
        SchemeSpec::Ring { vnodes, salt: 0 } => Ok(Box::new(ring_of(servers, vnodes)?)),
        SchemeSpec::Maglev { table_size } => Ok(Box::new(super::kept_tables::maglev_of(
            servers, table_size,
        )?)),
        spec => spec.build(ServerList::new(servers.to_vec())?),
    }
}

/// The scheme built over the servers now, or the core's reason why not.
pub fn build_now(state: &RingState) -> Result<BoxedPlacement, PlacementError> {
    build_over(state, &state.servers)
}

/// The fields [`RingState::placement_inputs`] reads: the scheme with its settings, servers, the
/// servers before the last change, the key count and the seed.
pub type PlacementInputs = (SchemeSpec, Vec<Server>, Option<Vec<Server>>, u64, u64);

/// Bounded loads over `servers`, on the ring [`ring_of`] keeps.
pub fn bounded_over(
    servers: &[Server],
    vnodes: u32,
    load_factor: LoadFactor,
) -> Result<BoundedLoad, PlacementError> {
    ring_of(servers, vnodes).map(|ring| BoundedLoad::from_ring((*ring).clone(), load_factor))
}

/// For bounded loads, the scheme before and after the last change, whose keys the statistics and
/// the drawing place by its arrival-order assignment (its `locate` is the plain ring's owner);
/// `None` for every other scheme.
pub fn bounded_pair(
    state: &RingState,
) -> Option<Result<(BoundedLoad, BoundedLoad), PlacementError>> {
    let SchemeSpec::BoundedLoad {
        vnodes,
        load_factor,
    } = state.spec()
    else {
        return None;
    };
    let before = state.previous.as_deref().unwrap_or(&state.servers);
    Some(
        bounded_over(before, vnodes, load_factor)
            .and_then(|b| Ok((b, bounded_over(&state.servers, vnodes, load_factor)?))),
    )
}

/// The scheme before and after the last change (the same servers twice when nothing changed yet),
/// set up for `n_keys` keys: a directory pins them first.
pub fn build_pair(
    state: &RingState,
    n_keys: u64,
) -> Result<(BoxedPlacement, BoxedPlacement), PlacementError> {
    let spec = state.spec();
    if let SchemeSpec::Ring { salt: 0, .. } | SchemeSpec::Maglev { .. } = spec {
        let before = state.previous.as_deref().unwrap_or(&state.servers);
        return Ok((build_over(state, before)?, build_now(state)?));
    }
    let after = ServerList::new(state.servers.clone())?;
    let before = match &state.previous {
        Some(list) => ServerList::new(list.clone())?,
        None => after.clone(),
    };
    spec.build_change(before, after, n_keys.max(1), state.seed)
}

impl RingState {
    /// Builds the rings this state reads (before and after its last change) into [`ring_of`]'s
    /// keeping, so the render that shows it finds them built; any other scheme is cheap to build
    /// and is left alone.
    pub fn warm(&self) {
        if let SchemeSpec::Ring { vnodes, salt: 0 } = self.spec() {
            // A list the core refuses is reported by the render that reads it, not here.
            let _ = ring_of(&self.servers, vnodes);
            if let Some(previous) = &self.previous {
                let _ = ring_of(previous, vnodes);
            }
        }
    }

    /// What a placement over `count` keys (the drawn sample or the counted keys) is built from:
    /// the scene and the statistics restart when it changes, and nothing else.
    pub fn placement_inputs(&self, count: u64) -> PlacementInputs {
        (
            self.spec(),
            self.servers.clone(),
            self.previous.clone(),
            count,
            self.seed,
        )
    }

    /// The scheme with the state's settings.
    pub fn spec(&self) -> SchemeSpec {
        SchemeSpec::with_settings(self.scheme, self.settings())
    }

    /// Every scheme's setting in this state, for a view that builds several schemes.
    pub fn settings(&self) -> SchemeSettings {
        SchemeSettings {
            vnodes: Some(self.vnodes),
            table_size: Some(self.table_size),
            probes: Some(self.probes),
            load_factor: Some(self.hot.settings.load_factor),
        }
    }

    /// Why a Maglev table of `size` slots does not fit this state (the core's words), if it does
    /// not: every server, now and before the last change, needs a slot.
    pub fn table_refusal(&self, size: u32) -> Option<String> {
        let servers = self
            .previous
            .as_ref()
            .map_or(0, Vec::len)
            .max(self.servers.len());
        check_table(size, servers).err().map(|e| e.to_string())
    }

    /// Forgets the refusal of `field`'s box, once it took a value.
    fn clear_error(&mut self, field: Field) {
        if self.field_error.as_ref().is_some_and(|(f, _)| *f == field) {
            self.field_error = None;
        }
    }

    fn note(&mut self, text: impl Into<String>) {
        let text = text.into();
        if !self.notes.contains(&text) {
            self.notes.push(text);
        }
    }

    fn change_servers(&mut self, next: Vec<Server>) {
        if self.scheme.uses_vnodes() && !ring_fits(&next, self.vnodes) {
            self.note(format!(
                "That ring would need more than {MAX_RING_POINTS} vnodes; lower the weights or the vnodes first."
            ));
            return;
        }
        if self.scheme.uses_table_size() {
            if let Err(why) = check_table(self.table_size, next.len()) {
                self.note(why.to_string());
                return;
            }
        }
        self.previous = Some(std::mem::replace(&mut self.servers, next));
        self.step = 0;
    }

    /// Applies one action.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::SetScheme(kind) => {
                if kind.uses_vnodes() && !ring_fits(&self.servers, self.vnodes) {
                    self.note("This ring would have too many vnodes; lower the weights or the vnodes first.");
                } else if let Some(why) = kind
                    .uses_table_size()
                    .then(|| self.table_refusal(self.table_size))
                    .flatten()
                {
                    self.note(why);
                } else {
                    self.scheme = kind;
                    self.step = 0;
                }
            }
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
            Action::SetTableSize(size) => match self.table_refusal(size) {
                Some(why) => self.note(why),
                None => {
                    self.table_size = size;
                    self.step = 0;
                }
            },
            Action::SetProbes(k) => {
                self.probes = k.clamp(1, MAX_PROBES);
                self.step = 0;
            }
            Action::SetReplicas(r) => {
                self.replicas = r.clamp(1, MAX_REPLICAS);
                self.step = 0;
            }
            Action::SetKeys(n) => self.keys = n.clamp(MIN_KEYS, MAX_KEYS),
            Action::SetSample(n) => self.sample = n.clamp(0, MAX_SAMPLE),
            Action::SetSeed(seed) => self.seed = seed,
            Action::SetSubKeys(n) => self.hot.settings.sub_keys = n.clamp(1, MAX_SUB_KEYS),
            Action::SetCure(cure) => self.hot.cure = cure,
            Action::Type(field, text) if field.decimal() => {
                match field.commit_decimal(self, &text) {
                    Ok(()) => self.clear_error(field),
                    Err(message) => self.field_error = Some((field, message)),
                }
            }
            Action::Type(field, text) => {
                let verdict = match field.parse(&text) {
                    Some(n) => field.refusal_in_range(self, n).map_or(Ok(n), Err),
                    None => Err(field.refusal(&text, field.current(self))),
                };
                match verdict {
                    Ok(n) => {
                        self.clear_error(field);
                        self.apply(field.action(n));
                    }
                    Err(message) => self.field_error = Some((field, message)),
                }
            }
            Action::SetKey(typed) => {
                let kept = kept_key(&typed);
                self.key = kept.kept.to_owned();
                self.key_cut = kept.cut_from;
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
        crate::reducer::changed(self, |next| next.apply(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_over_the_limit_is_cut_and_the_cut_is_said() {
        let mut s = RingState::default();
        let long = "k".repeat(MAX_KEY_CHARS + 50);
        s.apply(Action::SetKey(long.clone()));
        assert_eq!(s.key, long[..MAX_KEY_CHARS]);
        assert_eq!(s.key_cut, Some(MAX_KEY_CHARS + 50));
        let words = key_cut_message("This key", MAX_KEY_CHARS + 50);
        assert!(words.contains(&format!("at most {MAX_KEY_CHARS}")), "{words}");
        assert!(words.contains(&(MAX_KEY_CHARS + 50).to_string()), "{words}");
        // A key within the limit clears the words.
        s.apply(Action::SetKey("cart:2026".into()));
        assert_eq!((s.key.as_str(), s.key_cut), ("cart:2026", None));
    }

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

    #[test]
    fn multi_probe_and_bounded_loads_carry_their_settings_into_the_spec() {
        let mut s = RingState::default();
        s.apply(Action::SetScheme(SchemeKind::MultiProbe));
        assert_eq!(
            s.spec(),
            SchemeSpec::MultiProbe {
                probes: DEFAULT_PROBES
            }
        );
        s.apply(Action::Type(Field::Probes, "5".to_owned()));
        assert_eq!(s.spec(), SchemeSpec::MultiProbe { probes: 5 });
        // Zero probes and more than the limit are refused beside the box, and k stays.
        for bad in ["0", "1001", "many"] {
            s.apply(Action::Type(Field::Probes, bad.to_owned()));
            let (field, message) = s
                .field_error
                .clone()
                .unwrap_or((Field::Seed, String::new()));
            assert_eq!(field, Field::Probes, "{bad}");
            assert!(
                message.contains("1 … 1,000") && message.ends_with("it stays 5."),
                "{message}"
            );
            assert_eq!(s.probes, 5);
        }
        s.apply(Action::SetScheme(SchemeKind::BoundedLoad));
        s.apply(Action::Type(Field::LoadFactor, "1.1".to_owned()));
        let c = LoadFactor::new(1.1).unwrap_or_default();
        assert_eq!(
            s.spec(),
            SchemeSpec::BoundedLoad {
                vnodes: DEFAULT_VNODES,
                load_factor: c
            }
        );
        // A load factor below 1 is the core's refusal, and c stays.
        s.apply(Action::Type(Field::LoadFactor, "0.9".to_owned()));
        assert_eq!(
            s.field_error.as_ref().map(|(f, _)| *f),
            Some(Field::LoadFactor)
        );
        assert_eq!(s.hot.settings.load_factor, c);
    }

    #[test]
    fn maglevs_table_needs_a_prime_with_a_slot_for_every_server() {
        let mut s = RingState::opening(Some(RingWidget::Maglev));
        assert_eq!(
            (s.scheme, s.table_size),
            (SchemeKind::Maglev, PICTURE_TABLE_SIZE)
        );
        // A whole number in range that is not a prime is refused beside the box, in the core's words.
        s.apply(Action::Type(Field::TableSize, "12".to_owned()));
        let (field, message) = s.field_error.clone().expect("a refusal");
        assert_eq!(field, Field::TableSize);
        assert!(
            message.contains("prime") && message.ends_with("It stays 13."),
            "{message}"
        );
        assert_eq!(s.table_size, 13);
        s.apply(Action::Type(Field::TableSize, "7".to_owned()));
        assert_eq!((s.table_size, s.field_error.clone()), (7, None));
        // Seven slots hold seven servers, and an eighth is refused with a note.
        for _ in 0..3 {
            s.apply(Action::AddServer);
        }
        assert_eq!(s.servers.len(), 7);
        s.apply(Action::AddServer);
        assert_eq!(s.servers.len(), 7);
        assert!(
            s.notes.iter().any(|n| n.contains("at least 8")),
            "{:?}",
            s.notes
        );
        // A smaller table than the servers before the last change is refused too.
        s.apply(Action::SetTableSize(5));
        assert_eq!(s.table_size, 7);
        // Under another scheme the servers may pass the table; switching back is refused.
        s.apply(Action::SetScheme(SchemeKind::Ring));
        s.apply(Action::AddServer);
        s.apply(Action::SetScheme(SchemeKind::Maglev));
        assert_eq!(s.scheme, SchemeKind::Ring);
    }

    #[test]
    fn the_spec_carries_the_table_size_and_changing_it_restarts_the_count() {
        let mut s = RingState::opening(Some(RingWidget::Maglev));
        let before = s.placement_inputs(s.keys);
        s.apply(Action::SetTableSize(61));
        assert_ne!(s.placement_inputs(s.keys), before);
        assert_eq!(s.spec(), SchemeSpec::Maglev { table_size: 61 });
    }

    #[test]
    fn a_decimal_box_takes_what_the_core_accepts_and_names_the_range_otherwise() {
        let mut s = RingState::opening(Some(RingWidget::HotKeys));
        s.apply(Action::Type(Field::Exponent, " 0.5 ".to_owned()));
        assert_eq!(s.hot.popularity, Popularity::Zipf(0.5));
        s.apply(Action::Type(Field::Exponent, "0".to_owned()));
        assert_eq!(s.hot.popularity, Popularity::Uniform);
        for bad in ["-1", "3.5", "abc", "", "NaN", "inf"] {
            s.apply(Action::Type(Field::Exponent, bad.to_owned()));
            assert_eq!(s.hot.popularity, Popularity::Uniform, "{bad}");
            let message = s.field_error.clone().map(|(_, m)| m).unwrap_or_default();
            assert!(
                message.contains("from 0 (every key alike) to 3")
                    && message.ends_with("It stays 0."),
                "{bad}: {message}"
            );
        }
        s.apply(Action::Type(Field::LoadFactor, "0.99".to_owned()));
        let message = s.field_error.clone().map(|(_, m)| m).unwrap_or_default();
        assert!(
            message.contains("from 1 to") && message.ends_with("It stays 1.25."),
            "{message}"
        );
        // The exponent's refusal gave way to the load factor's, and a good value clears it.
        s.apply(Action::Type(Field::LoadFactor, "1.5".to_owned()));
        assert_eq!(s.field_error, None);
        assert_eq!(s.hot.settings.load_factor.value(), 1.5);
        s.apply(Action::Type(Field::SubKeys, "1001".to_owned()));
        assert_eq!(s.hot.settings.sub_keys, 8);
        assert!(s.field_error.is_some());
    }

    #[test]
    fn a_refused_number_says_its_range_and_keeps_the_last_good_value() {
        let mut s = RingState::default();
        for bad in ["0", "-5", "1e9", "2.5", "", "150", "abc"] {
            s.apply(Action::Type(Field::Weight(0), bad.to_owned()));
            assert_eq!(s.servers.first().map(|s| s.weight), Some(1), "{bad}");
            let (field, message) = s.field_error.clone().expect("a refusal");
            assert_eq!(field, Field::Weight(0));
            assert!(
                message.contains("1 … 100") && message.ends_with("stays 1."),
                "{message}"
            );
        }
        s.apply(Action::Type(Field::Weight(0), "7".to_owned()));
        assert_eq!(s.servers.first().map(|s| s.weight), Some(7));
        assert_eq!(s.field_error, None);
        // The refusal quotes what was typed the way every message does: cut, and hidden
        // characters named.
        s.apply(Action::Type(
            Field::Weight(0),
            format!("\u{202E}{}", "9".repeat(100_000)),
        ));
        let message = s.field_error.clone().map(|(_, m)| m).unwrap_or_default();
        assert!(
            message.contains("U+202E") && message.len() < 300,
            "{message}"
        );
        s.apply(Action::Type(Field::Seed, "18446744073709551616".to_owned()));
        assert_eq!(s.seed, DEFAULT_SEED);
        assert!(s.field_error.is_some());
        s.apply(Action::Type(Field::Keys, "5,000".to_owned()));
        assert_eq!(s.keys, 5_000);
        // A refusal of one box stays while another box takes a good value.
        assert_eq!(s.field_error.map(|(f, _)| f), Some(Field::Seed));
        for (field, text) in [
            (Field::Vnodes, "1001"),
            (Field::Replicas, "6"),
            (Field::Sample, "10001"),
        ] {
            let mut t = RingState::default();
            t.apply(Action::Type(field, text.to_owned()));
            assert_eq!(t.field_error.map(|(f, _)| f), Some(field), "{text}");
        }
    }
}
