//! Servers, their stable ids and weights, and the validated server list.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::error::PlacementError;

/// The most servers a list may hold.
///
/// Ten thousand is far beyond what the explainer draws, and it keeps the O(servers) schemes
/// (rendezvous) and the ring's point count within what a browser tab handles comfortably.
pub const MAX_SERVERS: usize = 10_000;

/// The largest server weight.
///
/// Weights are whole numbers from 1 to 100. Whole numbers keep the ring exact: a server of weight
/// `w` gets exactly `w × V` virtual nodes, with no rounding to explain.
pub const MAX_WEIGHT: u32 = 100;

/// A server's stable identity.
///
/// The id stays with the server when others join or leave, which is what makes "which keys moved"
/// well defined. It is not a position in the list.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct ServerId(pub u32);

impl fmt::Display for ServerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One server: its id and its weight.
///
/// Only the ring (vnode count ∝ weight) and rendezvous (score ∝ weight) use the weight; mod, jump,
/// range and directory ignore it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Server {
    /// Stable identity.
    pub id: ServerId,
    /// Relative capacity, 1 ..= [`MAX_WEIGHT`].
    pub weight: u32,
}

impl Server {
    /// A server of weight 1.
    pub fn new(id: u32) -> Self {
        Self::weighted(id, 1)
    }

    /// A server with the given weight (validated when it joins a [`ServerList`]).
    pub fn weighted(id: u32, weight: u32) -> Self {
        Self {
            id: ServerId(id),
            weight,
        }
    }
}

/// A validated, non-empty list of servers with distinct ids.
///
/// Order matters to the bucket schemes: mod and jump map bucket `i` to the `i`-th server, and range
/// gives the `i`-th range to it. The list deserializes from a JSON array of servers and is
/// validated on the way in.
///
/// ```
/// use shardlab_core::placement::{ServerList, ServerId};
/// let four = ServerList::uniform(4)?;
/// let five = four.grown(1)?;
/// assert_eq!(five.len(), 5);
/// assert_eq!(five.get(4).map(|s| s.id), Some(ServerId(4)));
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Server>", into = "Vec<Server>")]
pub struct ServerList {
    servers: Vec<Server>,
}

impl ServerList {
    /// Validates and wraps a list of servers.
    ///
    /// Fails on an empty list, more than [`MAX_SERVERS`], a repeated id, or a weight outside
    /// 1 ..= [`MAX_WEIGHT`].
    pub fn new(servers: Vec<Server>) -> Result<Self, PlacementError> {
        if servers.is_empty() {
            return Err(PlacementError::NoServers);
        }
        if servers.len() > MAX_SERVERS {
            return Err(PlacementError::TooManyServers {
                count: servers.len(),
            });
        }
        for server in &servers {
            if server.weight == 0 {
                return Err(PlacementError::ZeroWeight(server.id));
            }
            if server.weight > MAX_WEIGHT {
                return Err(PlacementError::WeightTooLarge {
                    server: server.id,
                    weight: server.weight,
                });
            }
        }
        let ids = sorted_ids(servers.iter().map(|server| server.id));
        if let Some(pair) = ids.windows(2).find(|pair| pair.first() == pair.last()) {
            if let Some(&id) = pair.first() {
                return Err(PlacementError::DuplicateServer(id));
            }
        }
        Ok(Self { servers })
    }

    /// `count` servers of weight 1 with ids `0 .. count`.
    pub fn uniform(count: u32) -> Result<Self, PlacementError> {
        // Refuse before allocating: `uniform(u32::MAX)` must not try to build 4 G servers.
        let too_many = usize::try_from(count).map_or(true, |n| n > MAX_SERVERS);
        if too_many {
            return Err(PlacementError::TooManyServers {
                count: usize::try_from(count).unwrap_or(usize::MAX),
            });
        }
        Self::new((0..count).map(Server::new).collect())
    }

    /// The servers, in list order.
    pub fn as_slice(&self) -> &[Server] {
        &self.servers
    }

    /// How many servers (at least 1).
    pub fn len(&self) -> usize {
        self.servers.len()
    }

    /// Always `false`: a server list is never empty. Present for API symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.servers.is_empty()
    }

    /// The server at a list position.
    pub fn get(&self, index: usize) -> Option<&Server> {
        self.servers.get(index)
    }

    /// The list position of a server id.
    pub fn position(&self, id: ServerId) -> Option<usize> {
        self.servers.iter().position(|server| server.id == id)
    }

    /// Whether the list holds this id.
    pub fn contains(&self, id: ServerId) -> bool {
        self.position(id).is_some()
    }

    /// The ids, in list order.
    pub fn ids(&self) -> impl Iterator<Item = ServerId> + '_ {
        self.servers.iter().map(|server| server.id)
    }

    /// The sum of the weights.
    pub fn total_weight(&self) -> u64 {
        self.servers
            .iter()
            .map(|server| u64::from(server.weight))
            .sum()
    }

    /// The largest id in the list.
    pub fn max_id(&self) -> ServerId {
        self.ids().max().unwrap_or_default()
    }

    /// A copy with `server` appended.
    pub fn with_server(&self, server: Server) -> Result<Self, PlacementError> {
        let mut servers = self.servers.clone();
        servers.push(server);
        Self::new(servers)
    }

    /// A copy without the server `id`.
    pub fn without_server(&self, id: ServerId) -> Result<Self, PlacementError> {
        if !self.contains(id) {
            return Err(PlacementError::UnknownServer(id));
        }
        Self::new(
            self.servers
                .iter()
                .copied()
                .filter(|server| server.id != id)
                .collect(),
        )
    }

    /// A copy with `count` weight-1 servers appended, with the ids after the largest one.
    pub fn grown(&self, count: u32) -> Result<Self, PlacementError> {
        let mut servers = self.servers.clone();
        let mut next = self.max_id();
        for _ in 0..count {
            next = next
                .0
                .checked_add(1)
                .map(ServerId)
                .ok_or(PlacementError::ServerIdOverflow(next))?;
            servers.push(Server {
                id: next,
                weight: 1,
            });
            if servers.len() > MAX_SERVERS {
                return Err(PlacementError::TooManyServers {
                    count: self.len().saturating_add(count as usize),
                });
            }
        }
        Self::new(servers)
    }

    /// A copy without the last `count` servers of the list.
    ///
    /// Removing from the end is the one removal jump handles gracefully (only the removed
    /// buckets' keys move), so the experiments use it for "remove K".
    pub fn shrunk(&self, count: u32) -> Result<Self, PlacementError> {
        let keep = self.len().saturating_sub(count as usize);
        Self::new(self.servers.iter().copied().take(keep).collect())
    }

    /// The id at a list position, for schemes whose index is already reduced modulo the length.
    ///
    /// The fallbacks cannot trigger (the list is never empty and callers pass `index < len`); they
    /// exist so that a broken invariant gives a wrong answer instead of a panic in the browser.
    pub(crate) fn id_at(&self, index: usize) -> ServerId {
        self.servers
            .get(index)
            .or(self.servers.first())
            .map_or(ServerId(0), |server| server.id)
    }
}

impl TryFrom<Vec<Server>> for ServerList {
    type Error = PlacementError;

    fn try_from(servers: Vec<Server>) -> Result<Self, Self::Error> {
        Self::new(servers)
    }
}

impl From<ServerList> for Vec<Server> {
    fn from(list: ServerList) -> Self {
        list.servers
    }
}

/// `ids` in ascending order. They are sorted as `u128`s, by the sort the ring's vnodes use: each
/// element type a page sorts compiles a whole sort, about 4 kB of its wasm.
pub(crate) fn sorted_ids(ids: impl IntoIterator<Item = ServerId>) -> Vec<ServerId> {
    let mut wide: Vec<u128> = ids.into_iter().map(|id| u128::from(id.0)).collect();
    wide.sort_unstable();
    wide.into_iter().map(|id| ServerId(id as u32)).collect()
}

/// `(id, list position)` pairs in ascending order, sorted as `u128`s (the id above the position)
/// by the same sort as [`sorted_ids`], so a page compiles no sort of its own for the pairs.
pub(crate) fn sorted_by_id(
    pairs: impl IntoIterator<Item = (ServerId, usize)>,
) -> Vec<(ServerId, usize)> {
    let mut wide: Vec<u128> = pairs
        .into_iter()
        .map(|(id, position)| u128::from(id.0) << 64 | position as u128)
        .collect();
    wide.sort_unstable();
    wide.into_iter()
        .map(|packed| (ServerId((packed >> 64) as u32), packed as u64 as usize))
        .collect()
}
