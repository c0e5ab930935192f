//! Request load under key popularity: hot keys, and the cures compared on one workload.
//!
//! A [`Workload`] is a stream of requests over a catalogue of keys whose popularity is uniform or
//! Zipf with exponent s (rank k drawn with probability k^-s / H(n, s), by the simulator's sampler,
//! [`crate::sim::zipf`]). A server's load is then the requests it serves, not the keys it holds:
//! one hot key can overload a server that holds its fair share of keys. [`route_requests`] sends
//! the same requests over a ring by one of the [`Router`]s:
//!
//! - one choice: the key's owner, as every placement scheme does;
//! - two choices (Mitzenmacher, "The Power of Two Choices in Randomized Load Balancing", 2001):
//!   the owners of two hashes of the key, and the one serving fewer requests so far;
//! - bounded loads: each request is a ball of [`BoundedLoad`], so no server serves more than
//!   ⌈c · requests · wᵢ / W⌉ (HAProxy counts requests the same way);
//! - salting: the hottest key is split into N sub-keys, each request going to one of them in
//!   turn, at the cost of N lookups for every read of the whole key (the fan-out).

use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::Serialize;

use super::bounded_load::{BoundedLoad, LoadFactor};
use super::error::PlacementError;
use super::experiment::{LoadCounter, LoadStats, LoadSummary};
use super::key_hash::hash_u64_u32;
use super::ring::Ring;
use super::Placement;
use crate::sim::zipf::Zipf;

/// The largest Zipf exponent: at s = 3 the hottest key already draws 83 % of the requests
/// (1/ζ(3)), so larger exponents show nothing new.
pub const MAX_ZIPF_EXPONENT: f64 = 3.0;

/// The most sub-keys a hot key is salted into (each one more lookup per read).
pub const MAX_SUB_KEYS: u32 = 1_000;

/// Salt of a catalogue key's hash, apart from the experiment keys'.
const CATALOGUE_SALT: u64 = 0x706f_7075_6c61_7269;
/// Salts of the two choices' hashes.
const CHOICE_SALTS: [u64; 2] = [0x6368_6f69_6365_0001, 0x6368_6f69_6365_0002];
/// Salt of a salted key's sub-keys.
const SUB_KEY_SALT: u64 = 0x7375_626b_6579_7300;
/// Mixed into the seed of the request draws, so they are not the key stream's numbers.
const REQUEST_SEED_SALT: u64 = 0x7265_7175_6573_7473;

/// How popular each key of the catalogue is.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "popularity", content = "exponent", rename_all = "snake_case")]
pub enum Popularity {
    /// Every key equally likely.
    Uniform,
    /// Rank k with probability proportional to k^-s, for 0 < s ≤ [`MAX_ZIPF_EXPONENT`].
    Zipf(f64),
}

impl Popularity {
    /// Zipf popularity with exponent `s`, checked.
    pub fn zipf(s: f64) -> Result<Self, PlacementError> {
        if s.is_finite() && s > 0.0 && s <= MAX_ZIPF_EXPONENT {
            Ok(Popularity::Zipf(s))
        } else {
            Err(PlacementError::ZipfOutOfRange(format!("{s}")))
        }
    }

    /// The popularity of exponent `s` from 0 to [`MAX_ZIPF_EXPONENT`], 0 being every key alike
    /// (how a reader sets it: one number, uniform at its low end), checked.
    pub fn from_exponent(s: f64) -> Result<Self, PlacementError> {
        if s == 0.0 {
            return Ok(Popularity::Uniform);
        }
        Self::zipf(s).map_err(|_| PlacementError::ExponentOutOfRange(format!("{s}")))
    }

    /// The sampler's exponent: 0 draws every rank alike.
    pub fn exponent(self) -> f64 {
        match self {
            Popularity::Uniform => 0.0,
            Popularity::Zipf(s) => s,
        }
    }
}

/// Requests over a catalogue of keys: the same seed gives the same requests everywhere.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Workload {
    /// Keys in the catalogue (rank 1 is the hottest).
    pub catalogue: u32,
    /// Requests drawn.
    pub requests: u64,
    /// How popular each key is.
    pub popularity: Popularity,
    /// The seed of the keys and the draws.
    pub seed: u64,
}

impl Workload {
    /// The hash of the key of a rank (1 is the hottest).
    pub fn key_of_rank(&self, rank: u32) -> u64 {
        hash_u64_u32(self.seed, rank, CATALOGUE_SALT)
    }

    /// How many of the requests ask for the key of `rank`.
    pub fn requests_for_rank(&self, rank: u32) -> u64 {
        self.ranks().filter(|&drawn| drawn == rank).count() as u64
    }

    /// The requests, as the ranks they ask for.
    fn ranks(&self) -> impl Iterator<Item = u32> {
        let sampler = Zipf::new(self.catalogue, self.popularity.exponent());
        let mut rng = StdRng::seed_from_u64(self.seed ^ REQUEST_SEED_SALT);
        (0..self.requests).map(move |_| sampler.sample(&mut rng))
    }
}

/// How a request picks its server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "router", rename_all = "snake_case")]
pub enum Router {
    /// The key's owner.
    OneChoice,
    /// The less loaded of the owners of two hashes of the key.
    TwoChoices,
    /// Bounded loads over the ring, each request a ball.
    BoundedLoads {
        /// The load factor c.
        load_factor: LoadFactor,
    },
    /// The hottest key split into sub-keys, each request for it going to the next sub-key.
    Salted {
        /// Sub-keys of the hot key, 1 ..= [`MAX_SUB_KEYS`].
        sub_keys: u32,
    },
}

/// Requests per server under one router.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RequestLoads {
    /// The router.
    pub router: Router,
    /// Requests per server (`keys` counts requests here).
    pub loads: LoadStats,
    /// Lookups one read of a key needs at most: the sub-keys for a salted hot key, else 1.
    pub read_fan_out: u32,
    /// Requests served by a server other than their key's owner.
    pub redirected: u64,
}

/// Sends the workload's requests over `ring` by `router`.
///
/// ```
/// use shardlab_core::placement::{route_requests, Popularity, Ring, Router, ServerList, Workload};
/// let ring = Ring::new(ServerList::uniform(10)?, 160)?;
/// let hot = Workload { catalogue: 10_000, requests: 100_000, popularity: Popularity::zipf(1.2)?, seed: 1 };
/// let one = route_requests(&ring, &hot, Router::OneChoice)?;
/// let two = route_requests(&ring, &hot, Router::TwoChoices)?;
/// assert!(two.loads.max_over_mean < one.loads.max_over_mean);
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
pub fn route_requests(
    ring: &Ring,
    workload: &Workload,
    router: Router,
) -> Result<RequestLoads, PlacementError> {
    if workload.requests == 0 || workload.catalogue == 0 {
        return Err(PlacementError::NoKeys);
    }
    let mut counts = LoadCounter::new(ring.servers());
    let mut redirected = 0u64;
    let mut read_fan_out = 1;
    match router {
        Router::OneChoice => {
            for rank in workload.ranks() {
                counts.add(ring.locate(workload.key_of_rank(rank)));
            }
        }
        Router::TwoChoices => {
            for rank in workload.ranks() {
                let key = workload.key_of_rank(rank);
                let [first, second] =
                    CHOICE_SALTS.map(|salt| ring.locate(hash_u64_u32(key, 0, salt)));
                // The less loaded; a tie goes to the first choice.
                let chosen = if counts.count(second) < counts.count(first) {
                    second
                } else {
                    first
                };
                if chosen != ring.locate(key) {
                    redirected = redirected.saturating_add(1);
                }
                counts.add(chosen);
            }
        }
        Router::BoundedLoads { load_factor } => {
            let scheme = BoundedLoad::from_ring(ring.clone(), load_factor);
            let mut assigner = scheme.assigner(workload.requests);
            for rank in workload.ranks() {
                let placed = assigner.place(workload.key_of_rank(rank));
                if placed.owner != placed.ring_owner {
                    redirected = redirected.saturating_add(1);
                }
                counts.add(placed.owner);
            }
        }
        Router::Salted { sub_keys } => {
            if !(1..=MAX_SUB_KEYS).contains(&sub_keys) {
                return Err(PlacementError::SubKeysOutOfRange(sub_keys));
            }
            read_fan_out = sub_keys;
            let mut next_sub_key = 0u32;
            for rank in workload.ranks() {
                let key = workload.key_of_rank(rank);
                let placed_key = if rank == 1 {
                    let sub_key = hash_u64_u32(key, next_sub_key, SUB_KEY_SALT);
                    next_sub_key = next_sub_key
                        .saturating_add(1)
                        .checked_rem(sub_keys)
                        .unwrap_or(0);
                    sub_key
                } else {
                    key
                };
                counts.add(ring.locate(placed_key));
            }
        }
    }
    Ok(RequestLoads {
        router,
        loads: counts.stats(),
        read_fan_out,
        redirected,
    })
}

/// Requests per server when each goes to its key's owner under any scheme (what `place --zipf`
/// reports for every scheme but bounded loads).
pub fn request_loads<P: Placement + ?Sized>(placement: &P, workload: &Workload) -> LoadStats {
    let mut counts = LoadCounter::new(placement.servers());
    for rank in workload.ranks() {
        counts.add(placement.locate(workload.key_of_rank(rank)));
    }
    counts.stats()
}

/// The request-load part of `place --json`: the popularity and the balance on both sides.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RequestReport {
    /// The Zipf exponent (0 for uniform popularity).
    pub zipf: f64,
    /// Requests drawn, one per key placed, over a catalogue of as many keys.
    pub requests: u64,
    /// Request balance before the change.
    pub load_before: LoadSummary,
    /// Request balance after the change.
    pub load_after: LoadSummary,
}

impl RequestReport {
    /// The report of a workload's loads before and after.
    pub fn new(workload: &Workload, before: &LoadStats, after: &LoadStats) -> Self {
        Self {
            zipf: workload.popularity.exponent(),
            requests: workload.requests,
            load_before: before.summary(),
            load_after: after.summary(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::ServerList;

    fn ring(servers: u32) -> Ring {
        let Ok(list) = ServerList::uniform(servers) else {
            unreachable!()
        };
        Ring::new(list, 160).unwrap_or_else(|_| unreachable!())
    }

    fn workload(popularity: Popularity, requests: u64) -> Workload {
        Workload {
            catalogue: 1_000_000,
            requests,
            popularity,
            seed: 7,
        }
    }

    #[test]
    fn two_choices_close_the_gap_one_choice_leaves() {
        // 100 servers, 100,000 requests over a million equally popular keys. With one choice the
        // peak sits about √(2 (m/n) ln n) ≈ 96 requests above the mean of 1,000, plus the ring's
        // own unevenness; with two, Berenbrink et al. ("Balanced allocations: the heavily loaded
        // case", 2000) bound the gap by ln ln n / ln 2 + O(1) ≈ 2.2 + O(1), whatever m.
        let ring = ring(100);
        let uniform = workload(Popularity::Uniform, 100_000);
        let one =
            route_requests(&ring, &uniform, Router::OneChoice).unwrap_or_else(|_| unreachable!());
        let two =
            route_requests(&ring, &uniform, Router::TwoChoices).unwrap_or_else(|_| unreachable!());
        let gap = |loads: &RequestLoads| loads.loads.max as f64 - loads.loads.mean;
        assert!(gap(&one) > 60.0, "one choice: {}", gap(&one));
        assert!(gap(&two) < 12.0, "two choices: {}", gap(&two));
        assert!(
            two.loads.max_over_mean < 1.012,
            "{}",
            two.loads.max_over_mean
        );
        assert_eq!(two.loads.keys, 100_000);
    }

    #[test]
    fn a_hot_key_overloads_its_server_until_bounded_or_salted() {
        // Zipf s = 1.2 over a million keys: the hottest key draws 1 / H(10^6, 1.2) ≈ 18 % of the
        // requests, so its server carries at least 1.8 × the mean of 10 servers, whatever the
        // ring; two choices split it over two servers (≈ 0.9 of a fair share each plus their
        // other keys); bounded loads cap every server at ⌈1.25 · m / n⌉.
        let ring = ring(10);
        let hot = workload(
            Popularity::zipf(1.2).unwrap_or_else(|_| unreachable!()),
            200_000,
        );
        let route = |router| route_requests(&ring, &hot, router).unwrap_or_else(|_| unreachable!());
        let one = route(Router::OneChoice);
        let h = crate::sim::zipf::harmonic(1_000_000, 1.2);
        assert!(
            one.loads.max_over_mean > 10.0 / h,
            "{}",
            one.loads.max_over_mean
        );
        let Ok(c) = LoadFactor::new(1.25) else {
            unreachable!()
        };
        let bounded = route(Router::BoundedLoads { load_factor: c });
        assert!(bounded.loads.max <= 25_000, "{}", bounded.loads.max);
        assert!(bounded.loads.max_over_mean <= 1.25);
        assert!(bounded.redirected > 0);
        let salted = route(Router::Salted { sub_keys: 10 });
        assert_eq!(salted.read_fan_out, 10);
        assert!(salted.loads.max_over_mean < one.loads.max_over_mean);
        let two = route(Router::TwoChoices);
        assert!(two.loads.max_over_mean < one.loads.max_over_mean);
    }

    #[test]
    fn exponents_and_sub_keys_outside_their_ranges_are_refused() {
        for bad in [0.0, -1.0, 3.01, f64::NAN, f64::INFINITY] {
            assert!(matches!(
                Popularity::zipf(bad),
                Err(PlacementError::ZipfOutOfRange(_))
            ));
        }
        assert_eq!(Popularity::zipf(3.0), Ok(Popularity::Zipf(3.0)));
        let ring = ring(3);
        for bad in [0, MAX_SUB_KEYS + 1] {
            assert_eq!(
                route_requests(
                    &ring,
                    &workload(Popularity::Uniform, 10),
                    Router::Salted { sub_keys: bad }
                ),
                Err(PlacementError::SubKeysOutOfRange(bad))
            );
        }
    }
}
