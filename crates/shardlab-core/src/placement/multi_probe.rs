//! Multi-probe consistent hashing (Appleton and O'Reilly, "Multi-probe consistent hashing",
//! 2015): one point per server on the circle, and k probes per key instead of many points per
//! server.
//!
//! A key is hashed k times; each probe lands somewhere on the circle and measures the clockwise
//! distance to the next server point. The server nearest to any probe owns the key. More probes
//! even out the arcs' lengths the way vnodes do, but in lookup time rather than in memory: the
//! paper reports a peak-to-mean load of about 1.05 with 21 probes, and the memory stays one point
//! per server. Weights are not part of the scheme (each server has one point), so they are ignored.

use serde::Serialize;

use super::error::PlacementError;
use super::key_hash::hash_u64_u32;
use super::ring::Ring;
use super::server::{Server, ServerId, ServerList};
use super::{Placement, SchemeKind};

/// The probes the paper recommends: peak-to-mean about 1.05.
pub const DEFAULT_PROBES: u32 = 21;

/// The most probes: each costs one hash and one search per lookup, and the balance stops
/// improving visibly long before.
pub const MAX_PROBES: u32 = 1_000;

/// Whether `probes` is a probe count multi-probe takes, 1 ..= [`MAX_PROBES`]: the one check
/// behind [`MultiProbe::new`] and the CLI's `--probes`.
pub fn check_probes(probes: u32) -> Result<(), PlacementError> {
    if (1..=MAX_PROBES).contains(&probes) {
        Ok(())
    } else {
        Err(PlacementError::ProbesOutOfRange(probes))
    }
}

/// Salt of the probe hashes, apart from the server points' hash.
const PROBE_SALT: u64 = 0x6d75_6c74_6970_726f;

/// One probe of a key: where it landed, the server point after it, and how far that was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Probe {
    /// Where the probe landed on the circle.
    pub at: u64,
    /// The server whose point comes next clockwise.
    pub server: ServerId,
    /// The clockwise distance from the probe to that point.
    pub distance: u64,
}

/// Multi-probe placement over a server list.
///
/// ```
/// use shardlab_core::placement::{key_hash, MultiProbe, Placement, ServerList};
/// let scheme = MultiProbe::new(ServerList::uniform(5)?, 21)?;
/// let key = key_hash("user:42");
/// let probes = scheme.probes(key);
/// assert_eq!(probes.len(), 21);
/// // The owner is the server nearest to any probe.
/// let nearest = probes.iter().min_by_key(|p| p.distance).map(|p| p.server);
/// assert_eq!(Some(scheme.locate(key)), nearest);
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiProbe {
    servers: ServerList,
    /// One point per server (the servers at weight 1).
    circle: Ring,
    probes: u32,
}

impl MultiProbe {
    /// Multi-probe over these servers with `probes` probes per key (1 … [`MAX_PROBES`]).
    pub fn new(servers: ServerList, probes: u32) -> Result<Self, PlacementError> {
        check_probes(probes)?;
        let unweighted = ServerList::new(
            servers
                .as_slice()
                .iter()
                .map(|server| Server::new(server.id.0))
                .collect(),
        )?;
        let circle = Ring::new(unweighted, 1)?;
        Ok(Self {
            servers,
            circle,
            probes,
        })
    }

    /// Probes per key.
    pub fn probe_count(&self) -> u32 {
        self.probes
    }

    /// The servers' points: one per server, whatever its weight.
    pub fn circle(&self) -> &Ring {
        &self.circle
    }

    /// Every probe of a key, in probe order: what a picture of the lookup draws.
    pub fn probes(&self, key_hash: u64) -> Vec<Probe> {
        (0..self.probes).map(|i| self.probe(key_hash, i)).collect()
    }

    fn probe(&self, key_hash: u64, i: u32) -> Probe {
        let at = hash_u64_u32(key_hash, i, PROBE_SALT);
        let position = self.circle.start_position(at);
        let point = self.circle.points().get(position).copied().unwrap_or(at);
        Probe {
            at,
            server: self.circle.locate(at),
            // Past the last point the search wraps to the first, and so does the distance.
            distance: point.wrapping_sub(at),
        }
    }
}

impl Placement for MultiProbe {
    fn kind(&self) -> SchemeKind {
        SchemeKind::MultiProbe
    }

    fn servers(&self) -> &ServerList {
        &self.servers
    }

    fn locate(&self, key_hash: u64) -> ServerId {
        // The nearest probe wins; a tie (practically impossible) goes to the earlier probe.
        let mut best = self.probe(key_hash, 0);
        for i in 1..self.probes {
            let probe = self.probe(key_hash, i);
            if probe.distance < best.distance {
                best = probe;
            }
        }
        best.server
    }

    /// One point per server, its position and owner: the circle's state.
    fn state_bytes(&self) -> u64 {
        self.circle.state_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::{balance, movement};

    fn scheme(servers: u32, probes: u32) -> MultiProbe {
        let Ok(list) = ServerList::uniform(servers) else {
            unreachable!()
        };
        let Ok(scheme) = MultiProbe::new(list, probes) else {
            unreachable!()
        };
        scheme
    }

    fn peak_to_mean(scheme: &MultiProbe) -> f64 {
        let Ok(stats) = balance(scheme, 200_000, 7) else {
            unreachable!()
        };
        stats.max_over_fair(false)
    }

    #[test]
    fn more_probes_even_out_the_load_as_the_paper_reports() {
        // One probe is a ring with one point per server: some server carries several times its
        // share. Twenty-one probes bring the peak near the paper's 1.05 (sampling 200,000 keys
        // over 50 servers adds about 3 % of noise to a peak).
        let one = peak_to_mean(&scheme(50, 1));
        let many = peak_to_mean(&scheme(50, DEFAULT_PROBES));
        assert!(one > 2.0, "{one}");
        assert!(many < 1.12, "{many}");
    }

    #[test]
    fn adding_a_server_moves_only_keys_to_it() {
        let before = scheme(10, DEFAULT_PROBES);
        let after = scheme(11, DEFAULT_PROBES);
        let Ok(result) = movement(&before, &after, 100_000, 3) else {
            unreachable!()
        };
        // Monotone: a key moves only if the new server's point is now the nearest to one of its
        // probes, so every moved key went to server 10, about 1/11 of them.
        for key in (0u64..2_000).map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15)) {
            let (was, now) = (before.locate(key), after.locate(key));
            assert!(was == now || now == ServerId(10), "{key}: {was} → {now}");
        }
        assert!(
            (0.07..0.11).contains(&result.moved_fraction),
            "{}",
            result.moved_fraction
        );
    }

    #[test]
    fn probe_counts_outside_the_limits_are_refused() {
        let Ok(list) = ServerList::uniform(3) else {
            unreachable!()
        };
        for bad in [0, MAX_PROBES + 1] {
            assert_eq!(
                MultiProbe::new(list.clone(), bad),
                Err(PlacementError::ProbesOutOfRange(bad))
            );
        }
        assert_eq!(scheme(3, 1).probes(99).len(), 1);
    }
}
