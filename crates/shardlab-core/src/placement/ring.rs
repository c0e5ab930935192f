//! The consistent-hash ring with virtual nodes, weights, replicas and a step-by-step trace.

use serde::Serialize;

use super::error::PlacementError;
use super::key_hash::hash_u64_u32;
use super::point_index::PointIndex;
use super::server::{ServerId, ServerList};
use super::{entry_bytes, HASH_BYTES, SERVER_ID_BYTES};
use super::{Placement, SchemeKind};

/// The fewest virtual nodes per unit of weight.
pub const MIN_VNODES: u32 = 1;
/// The most virtual nodes per unit of weight.
pub const MAX_VNODES: u32 = 1000;
/// A sensible default: inside the 100–200 range that the literature recommends.
pub const DEFAULT_VNODES: u32 = 160;
/// The most virtual nodes a ring may hold in total (about 12 MB of ring).
pub const MAX_RING_POINTS: u64 = 1_000_000;

/// 2^64 as an `f64`, to turn arc lengths into shares of the ring.
const RING_SIZE: f64 = 18_446_744_073_709_551_616.0;

/// One virtual node: a point on the ring owned by a server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Vnode {
    /// Position on the ring (the ring is all of `u64`, wrapping from `u64::MAX` to 0).
    pub point: u64,
    /// The server that owns it.
    pub server: ServerId,
    /// Which of its server's vnodes this is (`0 .. weight × V`).
    pub index: u32,
}

/// The stretch of ring whose keys a vnode owns: `(start, end]`, wrapping past `u64::MAX`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RingArc {
    /// The previous vnode's point (exclusive).
    pub start: u64,
    /// This vnode's point (inclusive).
    pub end: u64,
    /// The owner of every key in the arc.
    pub server: ServerId,
    /// Position of the owning vnode in [`Ring::vnodes`].
    pub vnode: usize,
    /// The arc's length as a share of the ring (0 ..= 1). With one vnode the arc is the whole
    /// ring; two vnodes at the same point give the second an empty arc.
    pub fraction: f64,
}

/// A server's share of the ring.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ServerShare {
    /// The server.
    pub server: ServerId,
    /// Its weight.
    pub weight: u32,
    /// Its vnode count (`weight × V`).
    pub vnodes: u32,
    /// The share of the ring its arcs cover, which is the expected share of keys.
    pub share: f64,
}

/// One probe of the binary search in a [`RingTrace`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SearchProbe {
    /// Lower end of the window still searched (inclusive).
    pub low: usize,
    /// Upper end of the window (exclusive).
    pub high: usize,
    /// The vnode position looked at.
    pub mid: usize,
    /// Its point.
    pub mid_point: u64,
    /// `true` when that point was below the key, so the search continued to the right.
    pub went_right: bool,
}

/// What the clockwise walk did at a vnode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WalkOutcome {
    /// Its server was new, so it became the next replica (the first one is the owner).
    Chosen,
    /// Its server was already chosen, so it was skipped.
    SkippedSameServer,
}

/// One vnode visited by the clockwise walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WalkStep {
    /// Position in [`Ring::vnodes`].
    pub position: usize,
    /// The vnode visited.
    pub vnode: Vnode,
    /// Chosen or skipped.
    pub outcome: WalkOutcome,
}

/// Everything the step mode animates for one lookup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RingTrace {
    /// The key's 64-bit hash.
    pub key_hash: u64,
    /// Where the key sits on the ring. The ring spans all of `u64`, so this is the hash itself.
    pub point: u64,
    /// The binary search for the first vnode at or after the point.
    pub probes: Vec<SearchProbe>,
    /// The position the walk starts from.
    pub start: usize,
    /// `true` when no vnode lies at or after the point, so the walk wrapped to position 0.
    pub wrapped: bool,
    /// The vnodes walked clockwise until `replicas` distinct servers were found.
    pub walk: Vec<WalkStep>,
    /// The owner (the first replica).
    pub owner: ServerId,
    /// The distinct servers chosen, owner first.
    pub replicas: Vec<ServerId>,
}

/// A consistent-hash ring: a sorted array of vnode points and binary search.
///
/// Each server gets `weight × V` vnodes. Vnode `j` of server `s` sits at
/// `xxh3_64(s as 8 LE bytes ‖ j as 4 LE bytes, seed = KEY_HASH_SEED ^ salt)`; the salt is 0 by
/// default, and the sweeps vary it to draw other, equally likely rings. A key owns the first vnode
/// whose point is at or after the key hash, wrapping past `u64::MAX` to the start. Vnodes at the
/// same point are ordered by server id, then vnode index.
///
/// Points live in one flat sorted `Vec<u64>` with a parallel owner array. A [`PointIndex`] over
/// the points' top bits narrows a lookup to the one or two points near the key, so `locate` reads
/// a few cache lines instead of binary-searching the whole array, and allocates nothing. The
/// answer is exactly the binary search's.
///
/// ```
/// use shardlab_core::placement::{Placement, Ring, ServerList};
/// let ring = Ring::new(ServerList::uniform(5)?, 100)?;
/// let replicas = ring.replicas(12345, 3)?;
/// assert_eq!(replicas.len(), 3);
/// assert_eq!(replicas.first().copied(), Some(ring.locate(12345)));
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ring {
    servers: ServerList,
    vnodes_per_weight: u32,
    salt: u64,
    points: Vec<u64>,
    owners: Vec<ServerId>,
    /// Each vnode's index within its server.
    indices: Vec<u32>,
    /// Each vnode's server as a list position, so the replica walk can mark servers in a bitmap.
    slots: Vec<u32>,
    /// Bucket index over `points`, rebuilt with them.
    index: PointIndex,
}

impl Ring {
    /// A ring with `vnodes_per_weight` vnodes per unit of weight (1 ..= 1000) and salt 0.
    pub fn new(servers: ServerList, vnodes_per_weight: u32) -> Result<Self, PlacementError> {
        Self::with_salt(servers, vnodes_per_weight, 0)
    }

    /// A ring whose vnode points are hashed with `salt` mixed into the seed.
    pub fn with_salt(
        servers: ServerList,
        vnodes_per_weight: u32,
        salt: u64,
    ) -> Result<Self, PlacementError> {
        if !(MIN_VNODES..=MAX_VNODES).contains(&vnodes_per_weight) {
            return Err(PlacementError::VnodesOutOfRange(vnodes_per_weight));
        }
        let total = servers
            .total_weight()
            .saturating_mul(u64::from(vnodes_per_weight));
        if total > MAX_RING_POINTS {
            return Err(PlacementError::TooManyRingPoints(total));
        }
        // Each vnode as one u128, point | server id | index from the high bits down, so the sort
        // orders by point and breaks a tie by server, then index, comparing one number: half the
        // time of sorting tuples, 640,000 vnodes at the limit (the browser builds a ring while the
        // reader waits). Below MAX_RING_POINTS, so the count fits in usize on every target.
        let mut vnodes: Vec<u128> = Vec::with_capacity(total as usize);
        for server in servers.as_slice() {
            // Weight ≤ 100 and V ≤ 1000: no overflow.
            let count = server.weight.saturating_mul(vnodes_per_weight);
            let id = u128::from(server.id.0).rotate_left(32);
            for index in 0..count {
                let point = hash_u64_u32(u64::from(server.id.0), index, salt);
                vnodes.push(u128::from(point).rotate_left(64) | id | u128::from(index));
            }
        }
        vnodes.sort_unstable();
        // Server ids are distinct, so each names one list position: id | position in one u128,
        // sorted by the vnodes' own sort (a page compiles one sort per element type, 2–4 kB each).
        let mut slot_of: Vec<u128> = servers
            .as_slice()
            .iter()
            .zip(0u32..)
            .map(|(server, slot)| u128::from(server.id.0) << 32 | u128::from(slot))
            .collect();
        slot_of.sort_unstable();
        let owner = |vnode: &u128| vnode.rotate_right(32) as u32;
        let points: Vec<u64> = vnodes.iter().map(|v| v.rotate_right(64) as u64).collect();
        Ok(Self {
            servers,
            vnodes_per_weight,
            salt,
            index: PointIndex::new(&points),
            points,
            owners: vnodes.iter().map(|v| ServerId(owner(v))).collect(),
            indices: vnodes.iter().map(|v| *v as u32).collect(),
            slots: vnodes
                .iter()
                .map(|v| {
                    let id = owner(v);
                    slot_of
                        .binary_search_by_key(&id, |&packed| (packed >> 32) as u32)
                        .ok()
                        .and_then(|at| slot_of.get(at))
                        .map_or(u32::MAX, |&packed| packed as u32)
                })
                .collect(),
        })
    }

    /// Vnodes per unit of weight (V).
    pub fn vnodes_per_weight(&self) -> u32 {
        self.vnodes_per_weight
    }

    /// The salt mixed into the vnode hash.
    pub fn salt(&self) -> u64 {
        self.salt
    }

    /// The sorted vnode points.
    pub fn points(&self) -> &[u64] {
        &self.points
    }

    /// The owner of each point in [`Ring::points`].
    pub fn owners(&self) -> &[ServerId] {
        &self.owners
    }

    /// Each point's server as its position in the server list, parallel to [`Ring::points`].
    pub(super) fn slots(&self) -> &[u32] {
        &self.slots
    }

    /// The number of vnodes on the ring.
    pub fn vnode_count(&self) -> usize {
        self.points.len()
    }

    /// The vnode at a position of the sorted array.
    pub fn vnode(&self, position: usize) -> Option<Vnode> {
        Some(Vnode {
            point: *self.points.get(position)?,
            server: *self.owners.get(position)?,
            index: *self.indices.get(position)?,
        })
    }

    /// All vnodes in clockwise order.
    pub fn vnodes(&self) -> impl Iterator<Item = Vnode> + '_ {
        (0..self.points.len()).filter_map(|position| self.vnode(position))
    }

    /// The position of the first vnode at or after `key_hash`, wrapping to 0 past the end.
    // `#[inline]` here and on `locate`: callers in other crates (the benchmark kernels) inline the
    // lookup only when both are marked; unmarked, each lookup was a call through the GOT.
    #[inline]
    pub fn start_position(&self, key_hash: u64) -> usize {
        let position = self.index.first_at_or_after(&self.points, key_hash);
        if position == self.points.len() {
            0
        } else {
            position
        }
    }

    /// Each vnode's arc, clockwise, for drawing.
    pub fn arcs(&self) -> Vec<RingArc> {
        let last_point = self.points.last().copied().unwrap_or(0);
        let mut previous = last_point;
        self.vnodes()
            .enumerate()
            .map(|(position, vnode)| {
                let arc = RingArc {
                    start: previous,
                    end: vnode.point,
                    server: vnode.server,
                    vnode: position,
                    fraction: self.arc_length(previous, vnode.point) as f64 / RING_SIZE,
                };
                previous = vnode.point;
                arc
            })
            .collect()
    }

    /// Each server's share of the ring, in server-list order. The shares add up to 1.
    pub fn shares(&self) -> Vec<ServerShare> {
        let mut lengths = vec![0u128; self.servers.len()];
        let mut previous = self.points.last().copied().unwrap_or(0);
        for (&point, &slot) in self.points.iter().zip(&self.slots) {
            if let Some(total) = lengths.get_mut(slot as usize) {
                *total = total.saturating_add(self.arc_length(previous, point));
            }
            previous = point;
        }
        self.servers
            .as_slice()
            .iter()
            .zip(lengths)
            .map(|(server, length)| ServerShare {
                server: server.id,
                weight: server.weight,
                vnodes: server.weight.saturating_mul(self.vnodes_per_weight),
                share: length as f64 / RING_SIZE,
            })
            .collect()
    }

    /// The length of the arc `(start, end]`, as a `u128` so the whole ring (2^64) fits.
    fn arc_length(&self, start: u64, end: u64) -> u128 {
        if self.points.len() == 1 {
            1u128 << 64
        } else {
            u128::from(end.wrapping_sub(start))
        }
    }

    /// The owner and the next distinct servers clockwise: `min(r, servers)` of them, owner first.
    ///
    /// The walk skips vnodes whose server was already chosen, so replicas always land on different
    /// machines, whatever the weights.
    pub fn replicas(&self, key_hash: u64, r: u32) -> Result<Vec<ServerId>, PlacementError> {
        Ok(self.walk(key_hash, r, |_, _| ())?.0)
    }

    /// The full step-by-step lookup: binary search, clockwise walk and replica choice.
    pub fn trace(&self, key_hash: u64, r: u32) -> Result<RingTrace, PlacementError> {
        let probes = self.search_probes(key_hash);
        let mut walk = Vec::new();
        let (replicas, start) = self.walk(key_hash, r, |position, outcome| {
            if let Some(vnode) = self.vnode(position) {
                walk.push(WalkStep {
                    position,
                    vnode,
                    outcome,
                });
            }
        })?;
        let wrapped = self.points.partition_point(|&point| point < key_hash) == self.points.len();
        Ok(RingTrace {
            key_hash,
            point: key_hash,
            probes,
            start,
            wrapped,
            walk,
            owner: replicas
                .first()
                .copied()
                .unwrap_or_else(|| self.locate(key_hash)),
            replicas,
        })
    }

    /// Walks clockwise from the key, reporting every vnode visited; returns the chosen servers
    /// and the start position.
    fn walk(
        &self,
        key_hash: u64,
        r: u32,
        mut visit: impl FnMut(usize, WalkOutcome),
    ) -> Result<(Vec<ServerId>, usize), PlacementError> {
        if r == 0 {
            return Err(PlacementError::ZeroReplicas);
        }
        let wanted = (r as usize).min(self.servers.len());
        let start = self.start_position(key_hash);
        let mut chosen_slots = vec![false; self.servers.len()];
        let mut chosen = Vec::with_capacity(wanted);
        let count = self.points.len();
        for step in 0..count {
            if chosen.len() == wanted {
                break;
            }
            // `start < count` and `step < count`, so the sum cannot overflow.
            let position = start.saturating_add(step).checked_rem(count).unwrap_or(0);
            let (Some(&slot), Some(&owner)) = (self.slots.get(position), self.owners.get(position))
            else {
                continue;
            };
            let Some(taken) = chosen_slots.get_mut(slot as usize) else {
                continue;
            };
            if *taken {
                visit(position, WalkOutcome::SkippedSameServer);
            } else {
                *taken = true;
                chosen.push(owner);
                visit(position, WalkOutcome::Chosen);
            }
        }
        Ok((chosen, start))
    }

    /// The probes of a textbook binary search for the first point `>= key_hash`; it ends where
    /// `partition_point` does.
    fn search_probes(&self, key_hash: u64) -> Vec<SearchProbe> {
        let mut probes = Vec::new();
        let (mut low, mut high) = (0, self.points.len());
        while low < high {
            let mid = low.saturating_add(high.saturating_sub(low) / 2);
            let Some(&mid_point) = self.points.get(mid) else {
                break;
            };
            let went_right = mid_point < key_hash;
            probes.push(SearchProbe {
                low,
                high,
                mid,
                mid_point,
                went_right,
            });
            if went_right {
                low = mid.saturating_add(1);
            } else {
                high = mid;
            }
        }
        probes
    }
}

impl Placement for Ring {
    fn kind(&self) -> SchemeKind {
        SchemeKind::Ring
    }

    fn owners(&self, key_hash: u64, count: u32) -> Vec<ServerId> {
        self.replicas(key_hash, count).unwrap_or_default()
    }

    fn servers(&self) -> &ServerList {
        &self.servers
    }

    #[inline]
    fn locate(&self, key_hash: u64) -> ServerId {
        let position = self.start_position(key_hash);
        self.owners
            .get(position)
            .copied()
            .unwrap_or_else(|| self.servers.id_at(0))
    }

    /// Each point's position and owner. The bucket index (4 bytes a bucket, at most two buckets
    /// a point) only speeds the search, and each vnode's index and list position serve the
    /// drawing and the replica walk's bitmap; none is counted.
    fn state_bytes(&self) -> u64 {
        entry_bytes(self.points.len(), HASH_BYTES + SERVER_ID_BYTES)
    }
}
