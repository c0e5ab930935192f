//! "When one key is hot": the cures for a hot key, compared on one workload.
//!
//! Under Zipf popularity the hottest key alone can draw a fifth of the requests, and every
//! request for it goes to the one server that owns it, however evenly the ring spreads the keys.
//! [`compare_cures`] routes the same requests ([`Workload`]) once per [`Cure`]:
//!
//! - none: each request to its key's owner;
//! - more vnodes: the same, on a ring with [`MORE_VNODES_FACTOR`] times the points. It evens out
//!   the keys, not the requests, so the hot server stays hot: the cure that does not help;
//! - bounded loads: no server serves more than ⌈c · requests / servers⌉;
//! - two choices: the less loaded of two candidates;
//! - salting: the hottest key split into N sub-keys, at N lookups for a read of the whole key.
//!
//! Every row reads the same seeded requests, so the differences are the cures' alone.

use serde::{Deserialize, Serialize};

use super::bounded_load::LoadFactor;
use super::error::PlacementError;
use super::requests::{route_requests, RequestLoads, Router, Workload};
use super::ring::{Ring, MAX_VNODES};
use super::server::ServerId;
use super::Placement;

/// How many times the vnodes the "more vnodes" cure tries (capped at [`MAX_VNODES`]).
pub const MORE_VNODES_FACTOR: u32 = 10;

/// The sub-keys a salted hot key opens with: a few, so the fan-out stays cheap to read.
pub const DEFAULT_SUB_KEYS: u32 = 8;

/// A cure for a hot key (or none), as the comparison lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cure {
    /// Each request to its key's owner.
    None,
    /// The same, over a ring with [`MORE_VNODES_FACTOR`] times the vnodes.
    MoreVnodes,
    /// Bounded loads over the ring, each request a ball.
    BoundedLoads,
    /// The less loaded of two candidates.
    TwoChoices,
    /// The hottest key split into sub-keys.
    Salted,
}

impl Cure {
    /// Every cure, in the order the comparison lists them.
    pub const ALL: [Cure; 5] = [
        Cure::None,
        Cure::MoreVnodes,
        Cure::BoundedLoads,
        Cure::TwoChoices,
        Cure::Salted,
    ];

    /// The name in addresses and snapshots.
    pub fn name(self) -> &'static str {
        match self {
            Cure::None => "none",
            Cure::MoreVnodes => "more-vnodes",
            Cure::BoundedLoads => "bounded-loads",
            Cure::TwoChoices => "two-choices",
            Cure::Salted => "salted",
        }
    }

    /// The cure named `name`.
    pub fn from_name(name: &str) -> Option<Cure> {
        Cure::ALL.into_iter().find(|cure| cure.name() == name)
    }
}

/// The vnodes per weight the "more vnodes" cure uses for a ring of `vnodes`.
pub fn more_vnodes(vnodes: u32) -> u32 {
    vnodes.saturating_mul(MORE_VNODES_FACTOR).min(MAX_VNODES)
}

/// The settings of the cures that have one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CureSettings {
    /// Bounded loads' c.
    pub load_factor: LoadFactor,
    /// Sub-keys of the salted hot key.
    pub sub_keys: u32,
}

impl Default for CureSettings {
    fn default() -> Self {
        Self {
            load_factor: LoadFactor::default(),
            sub_keys: DEFAULT_SUB_KEYS,
        }
    }
}

/// The hottest key of the workload and where it lives without a cure.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HottestKey {
    /// Its hash.
    pub key: u64,
    /// Its owner on the ring.
    pub owner: ServerId,
    /// The requests that ask for it.
    pub requests: u64,
    /// Its share of all requests, 0 … 1.
    pub share: f64,
}

impl HottestKey {
    /// The least busiest ÷ mean any placement that gives a key one owner can reach over
    /// `servers` servers: the hot key's owner serves at least its requests, `share · servers`
    /// times the mean. More vnodes, a better hash or another ring only choose which server that
    /// is; splitting the key's requests (two choices, bounded loads, salting) gets under it.
    pub fn one_owner_floor(&self, servers: usize) -> f64 {
        self.share * servers as f64
    }
}

/// One cure's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CureRow {
    /// The cure.
    pub cure: Cure,
    /// Requests per server, the requests moved off their key's owner and the read fan-out.
    pub result: RequestLoads,
    /// The ring's vnodes per weight for this row.
    pub vnodes: u32,
}

/// Every cure on one workload.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CureComparison {
    /// The hottest key.
    pub hottest: HottestKey,
    /// One row per cure, in [`Cure::ALL`] order; "more vnodes" is left out when its ring would
    /// be the same ring or pass the point limit (`more` was `None`).
    pub rows: Vec<CureRow>,
}

impl CureComparison {
    /// The row of `cure`, if it was measured.
    pub fn row(&self, cure: Cure) -> Option<&CureRow> {
        self.rows.iter().find(|row| row.cure == cure)
    }
}

/// Routes `workload` over `ring` once per cure. `more` is the same servers' ring at
/// [`more_vnodes`] per weight, built by the caller (who may keep it built), or `None` to leave
/// that row out.
///
/// ```
/// use shardlab_core::placement::{compare_cures, Cure, CureSettings, Popularity, Ring, ServerList, Workload};
/// let ring = Ring::new(ServerList::uniform(8)?, 100)?;
/// let more = Ring::new(ServerList::uniform(8)?, 1000)?;
/// let hot = Workload { catalogue: 100_000, requests: 20_000, popularity: Popularity::zipf(1.2)?, seed: 1 };
/// let cures = compare_cures(&ring, Some(&more), &hot, CureSettings::default())?;
/// let peak = |cure| cures.row(cure).map_or(0.0, |row| row.result.loads.max_over_mean);
/// assert!(peak(Cure::BoundedLoads) <= 1.25 && peak(Cure::None) > 2.0);
/// // More points even out keys, not requests: the hot key's owner still serves all of it.
/// assert!(peak(Cure::MoreVnodes) >= cures.hottest.one_owner_floor(8));
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
pub fn compare_cures(
    ring: &Ring,
    more: Option<&Ring>,
    workload: &Workload,
    settings: CureSettings,
) -> Result<CureComparison, PlacementError> {
    let hottest_key = workload.key_of_rank(1);
    let hottest_requests = workload.requests_for_rank(1);
    let share = if workload.requests == 0 {
        0.0
    } else {
        hottest_requests as f64 / workload.requests as f64
    };
    let hottest = HottestKey {
        key: hottest_key,
        owner: ring.locate(hottest_key),
        requests: hottest_requests,
        share,
    };
    let vnodes = ring.vnodes_per_weight();
    let mut rows = Vec::with_capacity(Cure::ALL.len());
    for cure in Cure::ALL {
        let (over, router) = match cure {
            Cure::None => (ring, Router::OneChoice),
            Cure::MoreVnodes => match more {
                Some(more) if more.vnodes_per_weight() != vnodes => (more, Router::OneChoice),
                Some(_) | None => continue,
            },
            Cure::BoundedLoads => (
                ring,
                Router::BoundedLoads {
                    load_factor: settings.load_factor,
                },
            ),
            Cure::TwoChoices => (ring, Router::TwoChoices),
            Cure::Salted => (
                ring,
                Router::Salted {
                    sub_keys: settings.sub_keys,
                },
            ),
        };
        rows.push(CureRow {
            cure,
            result: route_requests(over, workload, router)?,
            vnodes: over.vnodes_per_weight(),
        });
    }
    Ok(CureComparison { hottest, rows })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::requests::Popularity;
    use crate::placement::ServerList;

    fn ring(servers: u32, vnodes: u32) -> Ring {
        let Ok(list) = ServerList::uniform(servers) else {
            unreachable!()
        };
        Ring::new(list, vnodes).unwrap_or_else(|_| unreachable!())
    }

    fn workload(popularity: Popularity) -> Workload {
        Workload {
            catalogue: 100_000,
            requests: 20_000,
            popularity,
            seed: 2015,
        }
    }

    fn peak(comparison: &CureComparison, cure: Cure) -> f64 {
        comparison
            .row(cure)
            .map_or(f64::NAN, |row| row.result.loads.max_over_mean)
    }

    #[test]
    fn a_hot_key_lights_its_owner_and_only_the_cures_that_move_requests_help() {
        let (plain, more) = (ring(8, 100), ring(8, more_vnodes(100)));
        let Ok(hot) = Popularity::zipf(1.2) else {
            unreachable!()
        };
        let Ok(cures) = compare_cures(&plain, Some(&more), &workload(hot), CureSettings::default())
        else {
            unreachable!()
        };
        assert_eq!(cures.rows.len(), Cure::ALL.len());
        // The hottest key draws 1 / H(10^5, 1.2) ≈ 18 % of the requests, and its owner serves
        // them all on top of its share of the rest.
        let h = crate::sim::zipf::harmonic(100_000, 1.2);
        assert!((cures.hottest.share - 1.0 / h).abs() < 0.01, "{cures:?}");
        let none = cures.row(Cure::None).map(|row| &row.result.loads);
        let busiest = none.and_then(|loads| loads.per_server.iter().max_by_key(|s| s.keys));
        assert_eq!(busiest.map(|s| s.server), Some(cures.hottest.owner));
        assert!(
            peak(&cures, Cure::None) > 2.0,
            "{}",
            peak(&cures, Cure::None)
        );
        // Ten times the vnodes evens the keys out, but the hot key still has one owner, which
        // serves at least its 18 % of the requests: 1.4 × the mean of 8 servers or more.
        let floor = cures.hottest.one_owner_floor(8);
        assert!(floor > 1.4, "{floor}");
        for one_owner in [Cure::None, Cure::MoreVnodes] {
            assert!(peak(&cures, one_owner) >= floor, "{one_owner:?}");
        }
        assert!(peak(&cures, Cure::BoundedLoads) < floor);
        assert_eq!(cures.row(Cure::MoreVnodes).map(|r| r.vnodes), Some(1000));
        // Bounded loads cap every server at ⌈1.25 · 20,000 / 8⌉ = 3,125 requests.
        let bounded = cures.row(Cure::BoundedLoads).map(|r| &r.result);
        assert!(bounded.is_some_and(|b| b.loads.max <= 3_125 && b.redirected > 0));
        assert!(peak(&cures, Cure::BoundedLoads) <= 1.25);
        assert!(peak(&cures, Cure::TwoChoices) < peak(&cures, Cure::None));
        let salted = cures.row(Cure::Salted).map(|r| &r.result);
        assert_eq!(salted.map(|s| s.read_fan_out), Some(DEFAULT_SUB_KEYS));
        assert!(peak(&cures, Cure::Salted) < peak(&cures, Cure::None) * 0.75);
    }

    #[test]
    fn with_every_key_alike_no_server_stands_out() {
        let plain = ring(8, 100);
        let Ok(cures) = compare_cures(
            &plain,
            None,
            &workload(Popularity::Uniform),
            CureSettings::default(),
        ) else {
            unreachable!()
        };
        assert!(cures.row(Cure::MoreVnodes).is_none());
        assert!(
            peak(&cures, Cure::None) < 1.3,
            "{}",
            peak(&cures, Cure::None)
        );
        assert!(cures.hottest.share < 0.001);
    }

    #[test]
    fn names_round_trip() {
        for cure in Cure::ALL {
            assert_eq!(Cure::from_name(cure.name()), Some(cure));
        }
        assert_eq!(Cure::from_name("vnodes"), None);
        assert_eq!(more_vnodes(100), 1000);
        assert_eq!(more_vnodes(500), MAX_VNODES);
    }

    #[test]
    fn all_lists_every_cure_once() {
        crate::assert_lists_every_variant!(
            Cure,
            Cure::ALL,
            [None, MoreVnodes, BoundedLoads, TwoChoices, Salted]
        );
    }
}
