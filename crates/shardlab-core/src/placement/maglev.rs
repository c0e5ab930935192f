//! Maglev hashing (Eisenbud et al., "Maglev: A Fast and Reliable Software Network Load Balancer",
//! NSDI 2016, §3.4): a lookup table of prime size M that every backend fills from its own
//! preference list, so a lookup is one index and a removal disturbs few slots.
//!
//! Each backend's preference list is a permutation of the slots, `(offset + j × skip) mod M` for
//! j = 0, 1, …, with `offset` and `skip` from two hashes of the backend. M prime and
//! 1 ≤ skip < M make every list visit every slot once. Backends then take turns, each claiming the
//! next slot of its list that nobody holds yet, until the table is full. A weighted backend gets
//! turns in proportion to its weight (the paper's §3.4 weights the turns; the rule here is the
//! credit form: backend i may claim its next slot in pass p while it holds fewer than
//! `p × wᵢ / w_max`).
//!
//! The table is built in O(M log M) expected steps and holds one server id per slot; the lists are
//! never stored, since slot j of a list is computed from `offset` and `skip`. [`MaglevFill`] is
//! that build as a [`Stepped`] job, a bounded number of list slots tried per step: a table of a
//! million slots takes hundreds of milliseconds to fill in a browser, which the Ring view spreads
//! over short tasks. [`MaglevTable::new`] runs the same fill to the end.

use serde::Serialize;

use crate::stepped::{Progress, Stepped};

use super::error::PlacementError;
use super::key_hash::hash_u64_u32;
use super::server::{sorted_by_id, ServerId, ServerList};
use super::{entry_bytes, SERVER_ID_BYTES};
use super::{Placement, SchemeKind};

/// The table size Maglev's paper evaluates and production balancers default to (Envoy's too).
pub const DEFAULT_TABLE_SIZE: u32 = 65_537;

/// The largest table size: about 4 MB of slots, and a build of a few hundred milliseconds in a
/// phone's browser, which is why a view builds it as a [`MaglevFill`] in slices.
pub const MAX_TABLE_SIZE: u32 = 1_000_003;

/// The largest table whose fill [`MaglevTable::fill_steps`] lists step by step: a picture shows
/// each claim, and a few hundred claims are all a reader can follow.
pub const MAX_STEPPED_TABLE_SIZE: u32 = 251;

/// Salts of the two backend hashes, `offset` and `skip` (any two distinct values would do).
const OFFSET_SALT: u64 = 0x6d61_676c_6576_6f66;
const SKIP_SALT: u64 = 0x6d61_676c_6576_736b;

/// Why a table cannot be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MaglevError {
    /// The size is not a prime, so some preference lists would not visit every slot.
    #[error(
        "The Maglev table size must be a prime number (such as 7, 13, 251 or 65537); {0} is not."
    )]
    NotPrime(u32),
    /// The size is below 2 or above [`MAX_TABLE_SIZE`].
    #[error("The Maglev table size must be between 2 and {max}; {0} is outside.", max = MAX_TABLE_SIZE)]
    SizeOutOfRange(u32),
    /// Fewer slots than backends: some backend would own no slot at all.
    #[error("A Maglev table of {size} slots cannot give each of {servers} servers a slot; use a prime of at least {servers}.")]
    FewerSlotsThanServers {
        /// The table size asked for.
        size: u32,
        /// The servers to place.
        servers: usize,
    },
}

/// One backend's preference list: slot j of the list is `(offset + j × skip) mod M`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Preference {
    /// The backend.
    pub server: ServerId,
    /// Its weight (relative share of the slots).
    pub weight: u32,
    /// The first slot of its list, `h1(backend) mod M`.
    pub offset: u32,
    /// The step between two slots of its list, `h2(backend) mod (M − 1) + 1`.
    pub skip: u32,
}

impl Preference {
    /// The `j`-th slot of this list in a table of `size` slots.
    pub fn slot(&self, j: u32, size: u32) -> u32 {
        // u32 × u32 + u32 stays below 2^64, so neither step wraps.
        let at = u64::from(j)
            .wrapping_mul(u64::from(self.skip))
            .wrapping_add(u64::from(self.offset))
            .checked_rem(u64::from(size))
            .unwrap_or(0);
        // `at < size ≤ u32::MAX`.
        u32::try_from(at).unwrap_or(0)
    }
}

/// One claim of the fill: a backend's turn, the slots it found taken, and the slot it took.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FillStep {
    /// The backend whose turn it was.
    pub server: ServerId,
    /// Slots of its list it tried first, already held by others, in order.
    pub taken: Vec<u32>,
    /// The slot it claimed.
    pub claimed: u32,
}

/// A slot whose owner changed between two tables of the same size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SlotChange {
    /// The slot.
    pub slot: u32,
    /// Its owner before.
    pub from: ServerId,
    /// Its owner after.
    pub to: ServerId,
}

/// What a change of servers did to a table: how many slots changed owner, and how many of those
/// moved between two servers that are in both tables. A ring moves none of the second kind;
/// Maglev moves a few, the price of its even table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Churn {
    /// Slots whose owner changed.
    pub changed: u32,
    /// Of those, slots that moved from a server that stayed to another that stayed.
    pub between_stayers: u32,
    /// The table size.
    pub slots: u32,
}

/// A built Maglev lookup table.
///
/// ```
/// use shardlab_core::placement::{MaglevTable, ServerList};
/// let table = MaglevTable::new(&ServerList::uniform(3)?, 13)?;
/// assert_eq!(table.slots().len(), 13);
/// // Every slot has an owner, and every server holds 4 or 5 of the 13.
/// let held = |id| table.slots().iter().filter(|s| s.0 == id).count();
/// assert!((0..3).all(|id| (4..=5).contains(&held(id))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaglevTable {
    preferences: Vec<Preference>,
    slots: Vec<ServerId>,
}

impl MaglevTable {
    /// The table of `size` slots for these servers, each list from two hashes of its server id.
    pub fn new(servers: &ServerList, size: u32) -> Result<Self, MaglevError> {
        Ok(Self::with_steps(servers, size)?.0)
    }

    /// [`MaglevTable::new`] with the fill's claims, for a table of at most
    /// [`MAX_STEPPED_TABLE_SIZE`] slots (else an empty list): what the step player shows.
    pub fn with_steps(
        servers: &ServerList,
        size: u32,
    ) -> Result<(Self, Vec<FillStep>), MaglevError> {
        Ok(MaglevFill::new(servers, size)?.finish_with_steps())
    }

    /// The table the given preference lists fill, with the fill's claims when the table is at
    /// most [`MAX_STEPPED_TABLE_SIZE`] slots (else an empty list). This is how a test rebuilds a
    /// published example, whose lists came from its own hashes.
    pub fn from_preferences(
        preferences: Vec<Preference>,
        size: u32,
    ) -> Result<(Self, Vec<FillStep>), MaglevError> {
        Ok(MaglevFill::from_preferences(preferences, size)?.finish_with_steps())
    }

    /// The owner of a key: slot `key_hash mod M`.
    pub fn locate(&self, key_hash: u64) -> ServerId {
        let size = self.slots.len() as u64;
        let slot = usize::try_from(key_hash.checked_rem(size).unwrap_or(0)).unwrap_or(0);
        self.slots.get(slot).copied().unwrap_or_default()
    }

    /// The owner of every slot, by slot.
    pub fn slots(&self) -> &[ServerId] {
        &self.slots
    }

    /// The table size M.
    pub fn size(&self) -> u32 {
        u32::try_from(self.slots.len()).unwrap_or(u32::MAX)
    }

    /// Each backend's preference list, in server-list order.
    pub fn preferences(&self) -> &[Preference] {
        &self.preferences
    }

    /// How many slots each backend holds, in server-list order.
    pub fn slot_counts(&self) -> Vec<(ServerId, u32)> {
        // One pass over the slots (up to a million) rather than one per server (up to ten
        // thousand): each owner's list position from a table by id when the ids are small (the
        // views' are), else by binary search over the sorted ids.
        let position_of = owner_positions(&self.preferences);
        let mut held = vec![0u32; self.preferences.len()];
        for owner in &self.slots {
            if let Some(count) = position_of(*owner).and_then(|p| held.get_mut(p)) {
                *count = count.saturating_add(1);
            }
        }
        self.preferences
            .iter()
            .zip(held)
            .map(|(p, count)| (p.server, count))
            .collect()
    }

    /// The slots whose owner differs in `after` (of the same size; a table of another size has no
    /// slot-by-slot comparison, and gives every slot of the shorter one).
    pub fn changes(&self, after: &MaglevTable) -> Vec<SlotChange> {
        self.slots
            .iter()
            .zip(&after.slots)
            .enumerate()
            .filter(|(_, (from, to))| from != to)
            .map(|(slot, (from, to))| SlotChange {
                slot: u32::try_from(slot).unwrap_or(u32::MAX),
                from: *from,
                to: *to,
            })
            .collect()
    }
}

impl MaglevTable {
    /// Whether `server` has a preference list in this table.
    pub fn has_server(&self, server: ServerId) -> bool {
        self.preferences.iter().any(|p| p.server == server)
    }

    /// How the change from this table to `after` (of the same size) moved slots; see [`Churn`].
    pub fn churn(&self, after: &MaglevTable) -> Churn {
        // One pass, no list of changes: a change at a million slots can move a fifth of them.
        let ids =
            |table: &MaglevTable| sorted_by_id(table.preferences.iter().map(|p| (p.server, 0)));
        let (was, is) = (ids(self), ids(after));
        let has = |ids: &[(ServerId, usize)], id: &ServerId| {
            ids.binary_search_by_key(id, |&(s, _)| s).is_ok()
        };
        let stayed = |id: &ServerId| has(&was, id) && has(&is, id);
        let (mut changed, mut between) = (0u32, 0u32);
        for (from, to) in self.slots.iter().zip(&after.slots) {
            if from != to {
                changed = changed.saturating_add(1);
                if stayed(from) && stayed(to) {
                    between = between.saturating_add(1);
                }
            }
        }
        Churn {
            changed,
            between_stayers: between,
            slots: self.size(),
        }
    }
}

/// Ids below this are looked up in a table by id when slots are counted by owner.
const DIRECT_IDS: u32 = 1 << 16;

/// Each owner's position in `preferences`: from a table by id when every id is below
/// [`DIRECT_IDS`], else by binary search over the ids sorted.
fn owner_positions(preferences: &[Preference]) -> Box<dyn Fn(ServerId) -> Option<usize> + '_> {
    let largest = preferences.iter().map(|p| p.server.0).max().unwrap_or(0);
    if largest < DIRECT_IDS {
        let mut by_id = vec![None; (largest as usize).saturating_add(1)];
        for (position, p) in preferences.iter().enumerate() {
            if let Some(entry) = by_id.get_mut(p.server.0 as usize) {
                *entry = Some(position);
            }
        }
        return Box::new(move |id: ServerId| by_id.get(id.0 as usize).copied().flatten());
    }
    let by_id = sorted_by_id(
        preferences
            .iter()
            .enumerate()
            .map(|(position, p)| (p.server, position)),
    );
    Box::new(move |id: ServerId| {
        by_id
            .binary_search_by_key(&id, |&(s, _)| s)
            .ok()
            .and_then(|at| by_id.get(at))
            .map(|&(_, position)| position)
    })
}

/// Maglev placement over a server list: its [`MaglevTable`], weighted by the servers' weights.
///
/// A key's owner is the table's slot `key_hash mod M`. Adding or removing a backend moves the
/// slots it gains or loses and, unlike the ring, a few more between backends that both stayed:
/// the paper trades that for an even table and a lookup of one index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Maglev {
    servers: ServerList,
    table: MaglevTable,
}

impl Maglev {
    /// Maglev over these servers with a table of `table_size` slots (a prime).
    pub fn new(servers: ServerList, table_size: u32) -> Result<Self, PlacementError> {
        let table = MaglevTable::new(&servers, table_size).map_err(PlacementError::Maglev)?;
        Ok(Self { servers, table })
    }

    /// Maglev over these servers with a table already filled for them (by a [`MaglevFill`] run
    /// in slices); `None` when the table's preference lists are not these servers', in order.
    pub fn from_table(servers: ServerList, table: MaglevTable) -> Option<Self> {
        let same = servers.len() == table.preferences.len()
            && servers
                .as_slice()
                .iter()
                .zip(&table.preferences)
                .all(|(s, p)| s.id == p.server && s.weight.max(1) == p.weight);
        same.then_some(Self { servers, table })
    }

    /// The lookup table.
    pub fn table(&self) -> &MaglevTable {
        &self.table
    }
}

impl Placement for Maglev {
    fn kind(&self) -> SchemeKind {
        SchemeKind::Maglev
    }

    fn servers(&self) -> &ServerList {
        &self.servers
    }

    fn locate(&self, key_hash: u64) -> ServerId {
        self.table.locate(key_hash)
    }

    /// The lookup table, one server id a slot (M slots). The preference lists are needed only
    /// while the table is filled (the picture keeps them; a load balancer need not).
    fn state_bytes(&self) -> u64 {
        entry_bytes(self.table.slots().len(), SERVER_ID_BYTES)
    }
}

/// Whether `n` is prime (trial division; `n ≤ MAX_TABLE_SIZE` needs at most 1,000 divisions).
pub fn is_prime(n: u32) -> bool {
    if n < 2 {
        return false;
    }
    let mut divisor: u32 = 2;
    while divisor.saturating_mul(divisor) <= n {
        if n.checked_rem(divisor) == Some(0) {
            return false;
        }
        divisor = divisor.saturating_add(1);
    }
    true
}

/// Whether `size` can be a table's size for some server list: a prime of at most
/// [`MAX_TABLE_SIZE`]. (Whether it has a slot for every server is checked when a table is built.)
pub fn check_table_size(size: u32) -> Result<(), MaglevError> {
    if !(2..=MAX_TABLE_SIZE).contains(&size) {
        return Err(MaglevError::SizeOutOfRange(size));
    }
    if !is_prime(size) {
        return Err(MaglevError::NotPrime(size));
    }
    Ok(())
}

/// Whether a table of `size` slots can be built for `servers` backends: a size
/// [`check_table_size`] accepts, with a slot for each of them.
pub fn check_table(size: u32, servers: usize) -> Result<(), MaglevError> {
    check_table_size(size)?;
    if servers > size as usize {
        return Err(MaglevError::FewerSlotsThanServers { size, servers });
    }
    Ok(())
}

/// Each server's preference list in a table of `size` slots, from two hashes of its id.
fn hashed_preferences(servers: &ServerList, size: u32) -> Vec<Preference> {
    servers
        .as_slice()
        .iter()
        .map(|server| {
            let hash = |salt| hash_u64_u32(0, server.id.0, salt);
            // The caller checked `size ≥ 2`, so both moduli are at least 1.
            let offset = hash(OFFSET_SALT).checked_rem(u64::from(size)).unwrap_or(0);
            let skip = hash(SKIP_SALT)
                .checked_rem(u64::from(size.saturating_sub(1)))
                .unwrap_or(0)
                .saturating_add(1);
            Preference {
                server: server.id,
                weight: server.weight,
                offset: u32::try_from(offset).unwrap_or(0),
                skip: u32::try_from(skip).unwrap_or(1),
            }
        })
        .collect()
}

/// The fill of a [`MaglevTable`] as a [`Stepped`] job: the paper's Pseudocode 1 with weighted
/// turns, resumable between any two slots tried.
///
/// A unit of work is one slot of a preference list tried (a read of the table, and a claim when
/// the slot is free), so a step of `budget` touches at most `budget` slots however full the table
/// is; [`Progress`] counts the slots claimed, of M. A table sliced at any budget is the table
/// built in one go.
///
/// ```
/// use shardlab_core::placement::{MaglevFill, MaglevTable, ServerList};
/// use shardlab_core::stepped::Stepped;
/// let servers = ServerList::uniform(5)?;
/// let mut fill = MaglevFill::new(&servers, 65_537)?;
/// while !fill.step(4_096).is_done() {} // one slice per task in the browser
/// assert_eq!(fill.finish(), MaglevTable::new(&servers, 65_537)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct MaglevFill {
    preferences: Vec<Preference>,
    size: u32,
    /// Each slot's owner (the default id until claimed), and whether it is claimed: two plain
    /// arrays, so that the finished fill hands its owners over without a pass over the table.
    owner: Vec<ServerId>,
    taken_slots: Vec<bool>,
    /// Per backend: the next index into its list, and how many slots it holds.
    next: Vec<u32>,
    held: Vec<u64>,
    /// The largest weight: backend i's turn comes while it holds fewer than pass × wᵢ / w_max.
    heaviest: u64,
    claimed: u32,
    /// The pass under way (from 1), and the backend whose turn in it comes next.
    pass: u64,
    turn: usize,
    /// Each pass gives the heaviest backend a turn, so at most M passes fill the table.
    most_passes: u64,
    tried: u64,
    /// The claims, kept for a table of at most [`MAX_STEPPED_TABLE_SIZE`] slots.
    steps: Option<Vec<FillStep>>,
    /// The slots the backend whose turn it is found taken so far (kept with `steps` only).
    taken: Vec<u32>,
}

impl MaglevFill {
    /// The fill of a table of `size` slots for these servers, each list from two hashes of its id.
    pub fn new(servers: &ServerList, size: u32) -> Result<Self, MaglevError> {
        check_table(size, servers.len())?;
        Self::from_preferences(hashed_preferences(servers, size), size)
    }

    /// The fill of the table these preference lists make (see [`MaglevTable::from_preferences`]).
    pub fn from_preferences(preferences: Vec<Preference>, size: u32) -> Result<Self, MaglevError> {
        check_table(size, preferences.len())?;
        let preferences: Vec<Preference> = preferences
            .into_iter()
            .map(|p| Preference {
                offset: p.offset.checked_rem(size).unwrap_or(0),
                skip: p.skip.checked_rem(size).unwrap_or(0).max(1),
                weight: p.weight.max(1),
                ..p
            })
            .collect();
        let heaviest = u64::from(preferences.iter().map(|p| p.weight).max().unwrap_or(1));
        let backends = preferences.len();
        Ok(Self {
            // `check_table` keeps `size` at or below MAX_TABLE_SIZE.
            owner: vec![ServerId::default(); size as usize],
            taken_slots: vec![false; size as usize],
            next: vec![0; backends],
            held: vec![0; backends],
            heaviest,
            claimed: 0,
            pass: 0,
            // As if a pass had just ended, so the first step starts pass 1.
            turn: backends,
            most_passes: u64::from(size).saturating_mul(heaviest),
            tried: 0,
            steps: (size <= MAX_STEPPED_TABLE_SIZE).then(Vec::new),
            taken: Vec::new(),
            preferences,
            size,
        })
    }

    /// Slots of the preference lists tried so far: the work done, the unit of a step's budget.
    pub fn slots_tried(&self) -> u64 {
        self.tried
    }

    /// Whether the fill has ended: every slot claimed (an empty list of backends claims none,
    /// and leaves every slot to the default id).
    fn ended(&self) -> bool {
        self.claimed >= self.size
            || self.preferences.is_empty()
            || (self.turn >= self.preferences.len() && self.pass >= self.most_passes)
    }

    /// Does the rest of the fill: the table, and its claims when it is at most
    /// [`MAX_STEPPED_TABLE_SIZE`] slots (else an empty list).
    pub fn finish_with_steps(mut self) -> (MaglevTable, Vec<FillStep>) {
        while !self.ended() {
            self.step(u64::MAX);
        }
        let table = MaglevTable {
            preferences: self.preferences,
            slots: self.owner,
        };
        (table, self.steps.unwrap_or_default())
    }
}

impl Stepped for MaglevFill {
    type Output = MaglevTable;

    fn step(&mut self, budget: u64) -> Progress {
        let mut left = budget;
        while left > 0 && !self.ended() {
            if self.turn >= self.preferences.len() {
                self.pass = self.pass.saturating_add(1);
                self.turn = 0;
            }
            let at = self.turn;
            let (Some(&preference), Some(next), Some(held)) = (
                self.preferences.get(at),
                self.next.get_mut(at),
                self.held.get_mut(at),
            ) else {
                break;
            };
            // Backend i's turn comes while it holds fewer than pass × wᵢ / w_max slots. (A turn
            // a step stopped in the middle of passes this test again: nothing it reads changed.)
            let weight = u64::from(preference.weight);
            if held.saturating_mul(self.heaviest) >= self.pass.saturating_mul(weight) {
                self.turn = at.saturating_add(1);
                continue;
            }
            // The list visits every slot and one is free, so this ends within M tries.
            loop {
                if *next >= self.size {
                    self.turn = at.saturating_add(1);
                    break;
                }
                if left == 0 {
                    return self.progress();
                }
                left = left.saturating_sub(1);
                self.tried = self.tried.saturating_add(1);
                let slot = preference.slot(*next, self.size);
                *next = next.saturating_add(1);
                match self.taken_slots.get_mut(slot as usize) {
                    Some(taken @ false) => {
                        *taken = true;
                        if let Some(owner) = self.owner.get_mut(slot as usize) {
                            *owner = preference.server;
                        }
                        *held = held.saturating_add(1);
                        self.claimed = self.claimed.saturating_add(1);
                        if let Some(steps) = &mut self.steps {
                            steps.push(FillStep {
                                server: preference.server,
                                taken: std::mem::take(&mut self.taken),
                                claimed: slot,
                            });
                        }
                        self.turn = at.saturating_add(1);
                        break;
                    }
                    Some(true) | None => {
                        if self.steps.is_some() {
                            self.taken.push(slot);
                        }
                    }
                }
            }
        }
        self.progress()
    }

    fn progress(&self) -> Progress {
        let total = u64::from(self.size);
        Progress {
            done: if self.ended() {
                total
            } else {
                u64::from(self.claimed)
            },
            total,
        }
    }

    fn finish(self) -> MaglevTable {
        self.finish_with_steps().0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::Server;

    /// The three backends of the paper's Table 1 (M = 7), by the offset and skip that give the
    /// permutations it prints: B0 3 0 4 1 5 2 6, B1 0 2 4 6 1 3 5, B2 3 4 5 6 0 1 2.
    fn paper_backends() -> Vec<Preference> {
        [(0, 3, 4), (1, 0, 2), (2, 3, 1)]
            .into_iter()
            .map(|(id, offset, skip)| Preference {
                server: ServerId(id),
                weight: 1,
                offset,
                skip,
            })
            .collect()
    }

    fn owners(table: &MaglevTable) -> Vec<u32> {
        table.slots().iter().map(|s| s.0).collect()
    }

    #[test]
    fn the_papers_permutations_and_tables_before_and_after_removing_b1() {
        let Ok((before, steps)) = MaglevTable::from_preferences(paper_backends(), 7) else {
            unreachable!()
        };
        let lists: Vec<Vec<u32>> = before
            .preferences()
            .iter()
            .map(|p| (0..7).map(|j| p.slot(j, 7)).collect())
            .collect();
        assert_eq!(
            lists,
            [
                [3, 0, 4, 1, 5, 2, 6],
                [0, 2, 4, 6, 1, 3, 5],
                [3, 4, 5, 6, 0, 1, 2]
            ]
        );
        assert_eq!(owners(&before), [1, 0, 1, 0, 2, 2, 0]);
        // B2's first choice, slot 3, was B0's already: it takes its second, slot 4.
        assert_eq!(
            steps.get(2),
            Some(&FillStep {
                server: ServerId(2),
                taken: vec![3],
                claimed: 4
            })
        );
        assert_eq!(steps.len(), 7);

        let without_b1: Vec<Preference> = paper_backends()
            .into_iter()
            .filter(|p| p.server != ServerId(1))
            .collect();
        let Ok((after, _)) = MaglevTable::from_preferences(without_b1, 7) else {
            unreachable!()
        };
        assert_eq!(owners(&after), [0, 0, 0, 0, 2, 2, 2]);
        // B1's slots 0 and 2 go to the others, and slot 6 moves between two backends that both
        // stayed: the disruption the paper accepts for an even table.
        let change = |slot, from, to| SlotChange {
            slot,
            from: ServerId(from),
            to: ServerId(to),
        };
        assert_eq!(
            before.changes(&after),
            [change(0, 1, 0), change(2, 1, 0), change(6, 0, 2)]
        );
        assert_eq!(
            before.churn(&after),
            Churn {
                changed: 3,
                between_stayers: 1,
                slots: 7
            }
        );
    }

    #[test]
    fn with_steps_lists_each_claim_of_a_small_table_and_none_of_a_large_one() {
        let Ok(list) = ServerList::uniform(4) else {
            unreachable!()
        };
        let Ok((small, steps)) = MaglevTable::with_steps(&list, 13) else {
            unreachable!()
        };
        assert_eq!(Ok(small.clone()), MaglevTable::new(&list, 13));
        // One claim per slot, and replaying them gives the table.
        let mut replayed = vec![None; 13];
        for step in &steps {
            assert!(step.taken.iter().all(|&t| replayed[t as usize].is_some()));
            replayed[step.claimed as usize] = Some(step.server);
        }
        let owners: Vec<Option<ServerId>> = small.slots().iter().copied().map(Some).collect();
        assert_eq!(replayed, owners);
        let Ok((_, none)) = MaglevTable::with_steps(&list, 257) else {
            unreachable!()
        };
        assert!(none.is_empty());
    }

    /// Steps `fill` at `budget` to the end, checking that no step tries more slots than its
    /// budget and that progress only grows; returns the number of steps.
    fn step_to_the_end(fill: &mut MaglevFill, budget: u64) -> u64 {
        let mut steps = 0u64;
        let mut last = fill.progress();
        while !fill.is_done() {
            let tried = fill.slots_tried();
            let progress = fill.step(budget);
            assert!(
                fill.slots_tried().saturating_sub(tried) <= budget,
                "a step of {budget} tried more"
            );
            assert!(progress.done >= last.done && progress.total == last.total);
            last = progress;
            steps = steps.saturating_add(1);
        }
        steps
    }

    #[test]
    fn a_fill_in_bounded_steps_builds_the_table_of_one_go() {
        let servers = [
            Server::weighted(0, 1),
            Server::weighted(3, 2),
            Server::weighted(7, 1),
            Server::weighted(9, 5),
        ];
        let Ok(list) = ServerList::new(servers.to_vec()) else {
            unreachable!()
        };
        for size in [13, 251, 65_537] {
            let Ok(whole) = MaglevTable::with_steps(&list, size) else {
                unreachable!()
            };
            for budget in [1, 7, 4_096] {
                let Ok(mut fill) = MaglevFill::new(&list, size) else {
                    unreachable!()
                };
                let steps = step_to_the_end(&mut fill, budget);
                // Every slot is tried at least once, so the fill took that many budgets at least.
                assert!(
                    steps >= u64::from(size).div_ceil(budget),
                    "{size} at {budget}"
                );
                assert_eq!(fill.finish_with_steps(), whole, "{size} at {budget}");
            }
        }
    }

    #[test]
    fn the_largest_table_fills_in_many_short_steps() {
        let Ok(list) = ServerList::uniform(5) else {
            unreachable!()
        };
        let Ok(mut fill) = MaglevFill::new(&list, MAX_TABLE_SIZE) else {
            unreachable!()
        };
        // A step of 65,536 slots is a few milliseconds; the table takes well over a hundred.
        let steps = step_to_the_end(&mut fill, 65_536);
        assert!(steps > 15, "{steps}");
        let table = fill.finish();
        assert_eq!(table.size(), MAX_TABLE_SIZE);
        let counts: Vec<u32> = table.slot_counts().iter().map(|c| c.1).collect();
        assert_eq!(counts.iter().sum::<u32>(), MAX_TABLE_SIZE);
    }

    #[test]
    fn a_filled_table_makes_the_placement_of_its_own_servers_only() {
        let (Ok(four), Ok(five)) = (ServerList::uniform(4), ServerList::uniform(5)) else {
            unreachable!()
        };
        let Ok(fill) = MaglevFill::new(&four, 61) else {
            unreachable!()
        };
        let table = fill.finish();
        assert_eq!(
            Maglev::from_table(four.clone(), table.clone()),
            Maglev::new(four, 61).ok()
        );
        assert_eq!(Maglev::from_table(five, table), None);
    }

    #[test]
    fn counts_and_churn_agree_with_the_slots_for_small_and_large_ids() {
        for base in [0u32, 70_000, u32::MAX - 10] {
            let list = |ids: &[u32]| {
                ServerList::new(
                    ids.iter()
                        .map(|&i| Server::weighted(base + i, i + 1))
                        .collect(),
                )
            };
            let (Ok(before), Ok(after)) = (list(&[0, 1, 2, 3]), list(&[0, 2, 3, 4, 5])) else {
                unreachable!()
            };
            let (Ok(was), Ok(is)) = (
                MaglevTable::new(&before, 251),
                MaglevTable::new(&after, 251),
            ) else {
                unreachable!()
            };
            for table in [&was, &is] {
                for (id, held) in table.slot_counts() {
                    let counted = table.slots().iter().filter(|s| **s == id).count();
                    assert_eq!(held as usize, counted, "{base}: {id:?}");
                }
            }
            let changes = was.changes(&is);
            let stayed = |id| was.has_server(id) && is.has_server(id);
            let between = changes
                .iter()
                .filter(|c| stayed(c.from) && stayed(c.to))
                .count();
            assert_eq!(
                was.churn(&is),
                Churn {
                    changed: changes.len() as u32,
                    between_stayers: between as u32,
                    slots: 251
                },
                "{base}"
            );
            assert!(between > 0 && changes.len() > between, "{base}");
        }
    }

    #[test]
    fn a_fill_refuses_what_a_table_refuses() {
        let Ok(three) = ServerList::uniform(3) else {
            unreachable!()
        };
        assert_eq!(
            MaglevFill::new(&three, 15).err(),
            Some(MaglevError::NotPrime(15))
        );
        assert_eq!(
            MaglevFill::new(&three, 2).err(),
            Some(MaglevError::FewerSlotsThanServers {
                size: 2,
                servers: 3
            })
        );
    }

    #[test]
    fn a_table_needs_a_prime_size_with_a_slot_per_server() {
        assert_eq!(check_table(13, 13), Ok(()));
        assert_eq!(
            check_table(13, 14),
            Err(MaglevError::FewerSlotsThanServers {
                size: 13,
                servers: 14
            })
        );
        assert_eq!(check_table(15, 2), Err(MaglevError::NotPrime(15)));
        assert_eq!(check_table(1, 1), Err(MaglevError::SizeOutOfRange(1)));
    }

    #[test]
    fn every_slot_is_owned_and_shares_are_within_one_slot() {
        for servers in [1u32, 2, 5, 13, 40] {
            let Ok(list) = ServerList::uniform(servers) else {
                unreachable!()
            };
            let Ok(table) = MaglevTable::new(&list, 65_537) else {
                unreachable!()
            };
            let counts: Vec<u32> = table.slot_counts().iter().map(|(_, n)| *n).collect();
            assert_eq!(counts.iter().sum::<u32>(), 65_537);
            let (low, high) = (counts.iter().min(), counts.iter().max());
            assert!(
                matches!((low, high), (Some(l), Some(h)) if h - l <= 1),
                "{servers}: {counts:?}"
            );
        }
    }

    #[test]
    fn weights_share_the_slots_in_proportion() {
        let servers = [Server::weighted(0, 1), Server::weighted(1, 3)];
        let Ok(list) = ServerList::new(servers.to_vec()) else {
            unreachable!()
        };
        let Ok(table) = MaglevTable::new(&list, 65_537) else {
            unreachable!()
        };
        let counts = table.slot_counts();
        let light = counts.first().map_or(0, |c| c.1);
        // A quarter of 65,537, give or take a turn.
        assert!((16_383..=16_385).contains(&light), "{counts:?}");
    }

    #[test]
    fn removing_a_backend_moves_its_slots_and_few_others() {
        let Ok(ten) = ServerList::uniform(10) else {
            unreachable!()
        };
        let Ok(nine) = ServerList::new(
            ten.as_slice()
                .iter()
                .copied()
                .filter(|s| s.id != ServerId(4))
                .collect(),
        ) else {
            unreachable!()
        };
        let (Ok(before), Ok(after)) = (
            MaglevTable::new(&ten, 65_537),
            MaglevTable::new(&nine, 65_537),
        ) else {
            unreachable!()
        };
        let changes = before.changes(&after);
        let orphaned = changes.iter().filter(|c| c.from == ServerId(4)).count();
        let among_stayers = changes.len() - orphaned;
        // Every slot of the removed backend moves (about a tenth of the table) …
        assert_eq!(
            orphaned,
            before.slots().iter().filter(|s| **s == ServerId(4)).count()
        );
        // … and the slots that move between backends that both stayed are a small share (the
        // paper measures a few percent of the table at this scale).
        assert!(
            among_stayers > 0 && among_stayers < 65_537 / 20,
            "{among_stayers}"
        );
        // A key keeps its owner unless its slot changed.
        for key in (0u64..1_000).map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15)) {
            let slot = (key % 65_537) as u32;
            let moved = changes.iter().any(|c| c.slot == slot);
            assert_eq!(before.locate(key) != after.locate(key), moved);
        }
    }

    #[test]
    fn sizes_that_are_not_prime_or_too_small_are_refused() {
        let Ok(three) = ServerList::uniform(3) else {
            unreachable!()
        };
        assert_eq!(
            MaglevTable::new(&three, 65_536),
            Err(MaglevError::NotPrime(65_536))
        );
        assert_eq!(
            MaglevTable::new(&three, 1),
            Err(MaglevError::SizeOutOfRange(1))
        );
        assert_eq!(
            MaglevTable::new(&three, MAX_TABLE_SIZE + 2),
            Err(MaglevError::SizeOutOfRange(MAX_TABLE_SIZE + 2))
        );
        assert_eq!(
            MaglevTable::new(&three, 2),
            Err(MaglevError::FewerSlotsThanServers {
                size: 2,
                servers: 3
            })
        );
        assert!(is_prime(MAX_TABLE_SIZE) && is_prime(DEFAULT_TABLE_SIZE));
        let primes: Vec<u32> = (0..30).filter(|n| is_prime(*n)).collect();
        assert_eq!(primes, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
    }

    #[test]
    fn big_tables_keep_no_steps_and_small_ones_list_every_claim() {
        let Ok(three) = ServerList::uniform(3) else {
            unreachable!()
        };
        let prefs = |size| MaglevTable::new(&three, size).map(|t| t.preferences().to_vec());
        let (Ok(small), Ok(big)) = (prefs(13), prefs(257)) else {
            unreachable!()
        };
        let (Ok((_, small_steps)), Ok((_, big_steps))) = (
            MaglevTable::from_preferences(small, 13),
            MaglevTable::from_preferences(big, 257),
        ) else {
            unreachable!()
        };
        assert_eq!(small_steps.len(), 13);
        assert!(big_steps.is_empty());
    }
}
