//! How much work one `place` run may ask for: the key count, and per scheme what those keys cost
//! (rendezvous scores every server for every key; multi-probe hashes and searches k times per
//! key; a directory keeps an entry per key). The CLI words the refusal; the rule is here so any
//! caller meets the same numbers.

use super::error::PlacementError;
use super::SchemeSpec;
use crate::text::thousands;

/// The most keys one run places: ten million is a few seconds natively and plenty for the
/// statistics to settle.
pub const MAX_PLACE_KEYS: u64 = 10_000_000;

/// Past this many scores (keys × servers, before and after the change) an optimized build of
/// rendezvous takes more than a few seconds (a debug build, about 0.4 µs a score, over a minute).
pub const MAX_RENDEZVOUS_SCORES: u64 = 200_000_000;

/// Past this many probes (keys × probes, before and after the change) multi-probe takes more than
/// a few seconds in an optimized build: each probe is a hash and a search of the ring, about
/// 20 ns, so 10 million keys at 1,000 probes (2 × 10^10 probes) would run for minutes natively
/// and hours in a debug build.
pub const MAX_PROBE_LOOKUPS: u64 = 200_000_000;

/// A directory keeps an entry per key, twice (before and after the change); this bounds its
/// memory to a few hundred MB.
pub const MAX_DIRECTORY_KEYS: u64 = 2_000_000;

/// Why a run is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverBudget {
    /// The key count is outside `1 ..= MAX_PLACE_KEYS`.
    Keys {
        /// The keys asked for.
        keys: u64,
    },
    /// Rendezvous would compute more than [`MAX_RENDEZVOUS_SCORES`] scores.
    RendezvousScores {
        /// The keys asked for.
        keys: u64,
        /// Servers before plus servers after the change: each key is scored against all of them.
        server_slots: u64,
    },
    /// Multi-probe would make more than [`MAX_PROBE_LOOKUPS`] probes.
    ProbeLookups {
        /// Keys and requests placed (each on both sides of the change).
        lookups: u64,
        /// Probes per key.
        probes: u32,
    },
    /// A directory would hold more than [`MAX_DIRECTORY_KEYS`] entries.
    DirectoryEntries {
        /// The keys asked for.
        keys: u64,
    },
}

/// Whether `keys` keys, and `requests` requests routed over them (0 without a popularity), over
/// `server_slots` servers (before plus after) fit a run of `spec`. Keys and requests each cost a
/// lookup on both sides of the change.
pub fn check_place_budget(
    spec: &SchemeSpec,
    keys: u64,
    requests: u64,
    server_slots: u64,
) -> Result<(), OverBudget> {
    if !(1..=MAX_PLACE_KEYS).contains(&keys) {
        return Err(OverBudget::Keys { keys });
    }
    let lookups = keys.saturating_add(requests);
    match *spec {
        SchemeSpec::Rendezvous if lookups.saturating_mul(server_slots) > MAX_RENDEZVOUS_SCORES => {
            Err(OverBudget::RendezvousScores {
                keys: lookups,
                server_slots,
            })
        }
        SchemeSpec::MultiProbe { probes }
            if lookups.saturating_mul(2).saturating_mul(u64::from(probes)) > MAX_PROBE_LOOKUPS =>
        {
            Err(OverBudget::ProbeLookups { lookups, probes })
        }
        SchemeSpec::Directory { .. } if keys > MAX_DIRECTORY_KEYS => {
            Err(OverBudget::DirectoryEntries { keys })
        }
        // Each key costs these schemes one lookup (bounded loads: one near-constant union-find
        // step), so the key limit above is all they need; a Maglev table's size and a ring's
        // points have their own limits, checked when they are built.
        SchemeSpec::Rendezvous
        | SchemeSpec::MultiProbe { .. }
        | SchemeSpec::Directory { .. }
        | SchemeSpec::Mod
        | SchemeSpec::Ring { .. }
        | SchemeSpec::Jump
        | SchemeSpec::Range
        | SchemeSpec::IdEncoded
        | SchemeSpec::Maglev { .. }
        | SchemeSpec::BoundedLoad { .. } => Ok(()),
    }
}

/// Whether the metrics of `spec` over `servers` servers ([`scheme_metrics`](super::scheme_metrics))
/// fit the budget of a `place` run. They place `keys` keys through two changes, one server added
/// (N → N + 1) and one removed (N → N − 1), each on both sides: twice the lookups of one `place`
/// run, scored against 2N servers a change on average, so [`check_place_budget`] with the keys
/// counted twice and 2N server slots is the exact cost for rendezvous and multi-probe.
///
/// The refusal is [`PlacementError::MetricsOverBudget`], whose message names the limit and the
/// work asked for in the reader's own keys.
pub fn check_metrics_budget(
    spec: &SchemeSpec,
    keys: u64,
    servers: usize,
) -> Result<(), PlacementError> {
    let servers = u64::try_from(servers).unwrap_or(u64::MAX);
    let slots = servers.saturating_mul(2);
    check_place_budget(spec, keys, keys, slots).map_err(|over| {
        // Restated in the reader's keys: the check counted every key twice.
        PlacementError::MetricsOverBudget(match over {
            OverBudget::Keys { .. } => OverBudget::Keys { keys },
            OverBudget::RendezvousScores { .. } => OverBudget::RendezvousScores {
                keys,
                server_slots: slots.saturating_mul(2),
            },
            OverBudget::ProbeLookups { probes, .. } => OverBudget::ProbeLookups {
                lookups: keys,
                probes,
            },
            OverBudget::DirectoryEntries { .. } => OverBudget::DirectoryEntries { keys },
        })
    })
}

/// The sentence [`PlacementError::MetricsOverBudget`] shows: the work of the metrics' two changes
/// (as [`check_metrics_budget`] restates it) against its limit.
pub(super) fn metrics_refusal(over: OverBudget) -> String {
    match over {
        OverBudget::Keys { keys } => format!(
            "The scheme metrics place 1 to {} keys, but {} were asked for.",
            thousands(MAX_PLACE_KEYS),
            thousands(keys)
        ),
        OverBudget::RendezvousScores { keys, server_slots } => format!(
            "The scheme metrics score every server for every key on both sides of two changes (a server added, one removed): {} keys × {} scores is over {}; use fewer keys or servers.",
            thousands(keys),
            thousands(server_slots),
            thousands(MAX_RENDEZVOUS_SCORES)
        ),
        OverBudget::ProbeLookups { lookups, probes } => format!(
            "The scheme metrics probe every key {probes} times on both sides of two changes (a server added, one removed): {} keys × {probes} probes × 4 is over {}; use fewer keys or probes.",
            thousands(lookups),
            thousands(MAX_PROBE_LOOKUPS)
        ),
        OverBudget::DirectoryEntries { keys } => format!(
            "A directory holds one entry per key, so its scheme metrics take at most {} keys, but {} were asked for.",
            thousands(MAX_DIRECTORY_KEYS),
            thousands(keys)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::SchemeKind;

    fn spec(kind: SchemeKind) -> SchemeSpec {
        SchemeSpec::from_kind(kind, 100)
    }

    #[test]
    fn every_scheme_refuses_no_keys_and_too_many() {
        for kind in SchemeKind::ALL {
            assert_eq!(
                check_place_budget(&spec(kind), 0, 0, 8),
                Err(OverBudget::Keys { keys: 0 })
            );
            let over = MAX_PLACE_KEYS + 1;
            assert_eq!(
                check_place_budget(&spec(kind), over, 0, 8),
                Err(OverBudget::Keys { keys: over })
            );
            assert_eq!(check_place_budget(&spec(kind), 1_000, 1_000, 8), Ok(()));
        }
    }

    #[test]
    fn rendezvous_multi_probe_and_directory_have_their_own_bounds() {
        let rendezvous = spec(SchemeKind::Rendezvous);
        let keys = MAX_RENDEZVOUS_SCORES / 40;
        assert_eq!(check_place_budget(&rendezvous, keys, 0, 40), Ok(()));
        assert_eq!(
            check_place_budget(&rendezvous, keys + 1, 0, 40),
            Err(OverBudget::RendezvousScores {
                keys: keys + 1,
                server_slots: 40
            })
        );
        assert_eq!(
            check_place_budget(&spec(SchemeKind::Ring), keys + 1, 0, 40),
            Ok(())
        );
        // 10 million keys at 1,000 probes, both sides: 2 × 10^10 probes, a hundred times over.
        let probing = SchemeSpec::MultiProbe { probes: 1_000 };
        assert_eq!(
            check_place_budget(&probing, MAX_PLACE_KEYS, 0, 20),
            Err(OverBudget::ProbeLookups {
                lookups: MAX_PLACE_KEYS,
                probes: 1_000
            })
        );
        // At the limit exactly: 100,000 keys × 2 sides × 1,000 probes = 2 × 10^8.
        assert_eq!(check_place_budget(&probing, 100_000, 0, 20), Ok(()));
        assert_eq!(
            check_place_budget(&probing, 50_001, 50_000, 20),
            Err(OverBudget::ProbeLookups {
                lookups: 100_001,
                probes: 1_000
            })
        );
        let many = MAX_DIRECTORY_KEYS + 1;
        assert_eq!(
            check_place_budget(&spec(SchemeKind::Directory), many, 0, 8),
            Err(OverBudget::DirectoryEntries { keys: many })
        );
        assert_eq!(
            check_place_budget(&spec(SchemeKind::Jump), many, 0, 8),
            Ok(())
        );
    }

    /// The CLI's `--no-metrics` exists for this gap: a run that fits one change's budget while the
    /// metrics' two changes do not.
    #[test]
    fn the_metrics_cost_twice_a_place_run() {
        let probing = SchemeSpec::MultiProbe { probes: 1_000 };
        assert_eq!(check_place_budget(&probing, 100_000, 0, 9), Ok(()));
        assert_eq!(
            check_metrics_budget(&probing, 100_000, 4),
            Err(PlacementError::MetricsOverBudget(
                OverBudget::ProbeLookups {
                    lookups: 100_000,
                    probes: 1_000
                }
            ))
        );
        assert_eq!(check_metrics_budget(&probing, 50_000, 4), Ok(()));
        for kind in [SchemeKind::Ring, SchemeKind::Jump, SchemeKind::Maglev] {
            assert_eq!(
                check_metrics_budget(&spec(kind), MAX_PLACE_KEYS, 100),
                Ok(())
            );
        }
    }
}
