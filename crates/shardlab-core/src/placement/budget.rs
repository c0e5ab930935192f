//! How much work one `place` run may ask for: the key count, and per scheme what those keys cost
//! (rendezvous scores every server for every key; a directory keeps an entry per key). The CLI
//! words the refusal; the rule is here so any caller meets the same numbers.

use super::SchemeKind;

/// The most keys one run places: ten million is a few seconds natively and plenty for the
/// statistics to settle.
pub const MAX_PLACE_KEYS: u64 = 10_000_000;

/// Past this many scores (keys × servers, before and after the change) an optimized build of
/// rendezvous takes more than a few seconds (a debug build, about 0.4 µs a score, over a minute).
pub const MAX_RENDEZVOUS_SCORES: u64 = 200_000_000;

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
    /// A directory would hold more than [`MAX_DIRECTORY_KEYS`] entries.
    DirectoryEntries {
        /// The keys asked for.
        keys: u64,
    },
}

/// Whether `keys` keys over `server_slots` servers (before plus after) fit a run of `kind`.
pub fn check_place_budget(
    kind: SchemeKind,
    keys: u64,
    server_slots: u64,
) -> Result<(), OverBudget> {
    if !(1..=MAX_PLACE_KEYS).contains(&keys) {
        return Err(OverBudget::Keys { keys });
    }
    match kind {
        SchemeKind::Rendezvous if keys.saturating_mul(server_slots) > MAX_RENDEZVOUS_SCORES => {
            Err(OverBudget::RendezvousScores { keys, server_slots })
        }
        SchemeKind::Directory if keys > MAX_DIRECTORY_KEYS => {
            Err(OverBudget::DirectoryEntries { keys })
        }
        // Each key costs these schemes one lookup, so the key limit above is all they need (a
        // Maglev table's size has its own limit, checked when it is built).
        SchemeKind::Rendezvous
        | SchemeKind::Directory
        | SchemeKind::Mod
        | SchemeKind::Ring
        | SchemeKind::Jump
        | SchemeKind::Range
        | SchemeKind::IdEncoded
        | SchemeKind::Maglev
        | SchemeKind::MultiProbe => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scheme_refuses_no_keys_and_too_many() {
        for kind in SchemeKind::ALL {
            assert_eq!(
                check_place_budget(kind, 0, 8),
                Err(OverBudget::Keys { keys: 0 })
            );
            let over = MAX_PLACE_KEYS + 1;
            assert_eq!(
                check_place_budget(kind, over, 8),
                Err(OverBudget::Keys { keys: over })
            );
            assert_eq!(check_place_budget(kind, 1_000, 8), Ok(()));
        }
    }

    #[test]
    fn rendezvous_and_directory_have_their_own_bounds() {
        let keys = MAX_RENDEZVOUS_SCORES / 40;
        assert_eq!(check_place_budget(SchemeKind::Rendezvous, keys, 40), Ok(()));
        assert_eq!(
            check_place_budget(SchemeKind::Rendezvous, keys + 1, 40),
            Err(OverBudget::RendezvousScores {
                keys: keys + 1,
                server_slots: 40
            })
        );
        assert_eq!(check_place_budget(SchemeKind::Ring, keys + 1, 40), Ok(()));
        let many = MAX_DIRECTORY_KEYS + 1;
        assert_eq!(
            check_place_budget(SchemeKind::Directory, many, 8),
            Err(OverBudget::DirectoryEntries { keys: many })
        );
        assert_eq!(check_place_budget(SchemeKind::Jump, many, 8), Ok(()));
    }
}
