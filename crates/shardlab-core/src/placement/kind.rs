//! Which placement scheme, without its settings: the one enum every reader of a scheme name (the
//! URL state, the Learn snapshot, the CLI) and every per-scheme decision of the views go through.
//!
//! A new scheme is a new variant here, and the compiler then points at every `match` that has to
//! decide something for it: its name and label below, its [`SchemeSpec`](super::SchemeSpec), and
//! each view that draws schemes differently. No code matches a scheme by its name as a string.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::error::PlacementError;

/// A placement scheme, by kind. Serialised as its [`name`](Self::name), so links, snapshots and
/// CLI output read `"ring"`, `"id"`, … exactly as before the enum.
///
/// ```
/// use shardlab_core::placement::SchemeKind;
/// assert_eq!(SchemeKind::from_name("id")?, SchemeKind::IdEncoded);
/// assert_eq!(SchemeKind::Ring.label(), "consistent-hash ring");
/// assert!(SchemeKind::Ring.uses_vnodes() && !SchemeKind::Jump.uses_weights());
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum SchemeKind {
    /// Hash mod N ([`Mod`](super::Mod)).
    Mod,
    /// The consistent-hash ring ([`Ring`](super::Ring)); the views open on it.
    #[default]
    Ring,
    /// Jump consistent hash ([`Jump`](super::Jump)).
    Jump,
    /// Highest random weight ([`Rendezvous`](super::Rendezvous)).
    Rendezvous,
    /// Split points ([`Range`](super::Range)).
    Range,
    /// A lookup table ([`Directory`](super::Directory)).
    Directory,
    /// The shard read from the ID's bits ([`IdEncoded`](super::IdEncoded)).
    IdEncoded,
    /// A lookup table every backend fills from its preference list ([`Maglev`](super::Maglev)).
    Maglev,
    /// One point per server and k probes per key ([`MultiProbe`](super::MultiProbe)).
    MultiProbe,
    /// The ring with a capacity per server, keys walking on past full ones
    /// ([`BoundedLoad`](super::BoundedLoad)).
    BoundedLoad,
}

/// How a scheme names R replicas of a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplicaRule {
    /// Walk on from the owner and take the next distinct servers (the ring).
    DistinctWalk,
    /// Rank every server for the key and take the top R (rendezvous).
    Ranked,
    /// One owner per key; the scheme has no notion of a second one.
    OneOwner,
}

/// What a scheme's placement looks like on the hash circle. A drawing follows this rather than
/// naming schemes, so a new scheme draws once its kind says which shape it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CircleShape {
    /// Points on the circle, each owning the arc that ends at it (the ring's vnodes).
    Points,
    /// Contiguous ranges of the hash space, one or more per server (split points).
    Arcs,
    /// No shape on the circle: a rule or a table picks the owner, so only the keys are drawn.
    Scattered,
}

impl SchemeKind {
    /// Every scheme, in the order the UI lists them. The Ring page offers each with a picture of
    /// its mechanism (the ring's arcs, Maglev's table filling, the multi-probe's k probes, the
    /// bounded-load spill chain): a new scheme's picture arm in the page's `scheme_picture` is
    /// what the compiler asks for first.
    pub const ALL: [SchemeKind; 10] = [
        SchemeKind::Mod,
        SchemeKind::Ring,
        SchemeKind::Jump,
        SchemeKind::Rendezvous,
        SchemeKind::Range,
        SchemeKind::Directory,
        SchemeKind::IdEncoded,
        SchemeKind::Maglev,
        SchemeKind::MultiProbe,
        SchemeKind::BoundedLoad,
    ];

    /// The schemes the Ring page's movement sweep measures. Not Maglev: each of the sweep's runs
    /// would build two tables of 65,537 slots, a cost the comparison's budget (three seconds on a
    /// phone-speed CPU) has no room for. Nor multi-probe (k ring searches per key, 21 by default)
    /// or bounded loads (each run assigns the keys in arrival order twice). Their move shares are
    /// in the metric table and in `place`.
    pub const SWEPT_ON_RING_PAGE: [SchemeKind; 7] = [
        SchemeKind::Mod,
        SchemeKind::Ring,
        SchemeKind::Jump,
        SchemeKind::Rendezvous,
        SchemeKind::Range,
        SchemeKind::Directory,
        SchemeKind::IdEncoded,
    ];

    /// The short name links, snapshots and the CLI's `--scheme` use: `"mod"`, `"ring"`, …, `"id"`.
    pub const fn name(self) -> &'static str {
        match self {
            SchemeKind::Mod => "mod",
            SchemeKind::Ring => "ring",
            SchemeKind::Jump => "jump",
            SchemeKind::Rendezvous => "rendezvous",
            SchemeKind::Range => "range",
            SchemeKind::Directory => "directory",
            SchemeKind::IdEncoded => "id",
            SchemeKind::Maglev => "maglev",
            SchemeKind::MultiProbe => "multi-probe",
            SchemeKind::BoundedLoad => "bounded-load",
        }
    }

    /// The scheme called `name` (exactly, as [`name`](Self::name) spells it).
    pub fn from_name(name: &str) -> Result<SchemeKind, PlacementError> {
        SchemeKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| PlacementError::UnknownScheme(name.to_owned()))
    }

    /// What the scheme is called on screen.
    pub const fn label(self) -> &'static str {
        match self {
            SchemeKind::Mod => "hash mod N",
            SchemeKind::Ring => "consistent-hash ring",
            SchemeKind::Jump => "jump hash",
            SchemeKind::Rendezvous => "rendezvous (highest random weight)",
            SchemeKind::Range => "range (split points)",
            SchemeKind::Directory => "directory (lookup table)",
            SchemeKind::IdEncoded => "ID-encoded (shard bits)",
            SchemeKind::Maglev => "Maglev (lookup table)",
            SchemeKind::MultiProbe => "multi-probe (k probes per key)",
            SchemeKind::BoundedLoad => "consistent hashing with bounded loads",
        }
    }

    /// Whether server weights change the placement. The ideal movement of a membership change is
    /// weighted only for such schemes, and only they offer a weight box.
    pub const fn uses_weights(self) -> bool {
        match self {
            // Bounded loads: the ring's vnodes follow the weights, and so do the capacities.
            SchemeKind::Ring
            | SchemeKind::Rendezvous
            | SchemeKind::Maglev
            | SchemeKind::BoundedLoad => true,
            SchemeKind::Mod
            | SchemeKind::Jump
            | SchemeKind::Range
            | SchemeKind::Directory
            | SchemeKind::IdEncoded
            | SchemeKind::MultiProbe => false,
        }
    }

    /// Whether the scheme has virtual nodes per unit of weight (and so the ring's point limit,
    /// [`MAX_RING_POINTS`](super::MAX_RING_POINTS), applies to its servers).
    pub const fn uses_vnodes(self) -> bool {
        match self {
            SchemeKind::Ring | SchemeKind::BoundedLoad => true,
            SchemeKind::Mod
            | SchemeKind::Jump
            | SchemeKind::Rendezvous
            | SchemeKind::Range
            | SchemeKind::Directory
            | SchemeKind::IdEncoded
            | SchemeKind::Maglev
            | SchemeKind::MultiProbe => false,
        }
    }

    /// Whether the scheme has a lookup table of a chosen size (Maglev's prime M), which must hold
    /// a slot for every server.
    pub const fn uses_table_size(self) -> bool {
        match self {
            SchemeKind::Maglev => true,
            SchemeKind::Mod
            | SchemeKind::Ring
            | SchemeKind::Jump
            | SchemeKind::Rendezvous
            | SchemeKind::Range
            | SchemeKind::Directory
            | SchemeKind::IdEncoded
            | SchemeKind::MultiProbe
            | SchemeKind::BoundedLoad => false,
        }
    }

    /// Whether the scheme takes k probes per key (multi-probe).
    pub const fn uses_probes(self) -> bool {
        match self {
            SchemeKind::MultiProbe => true,
            SchemeKind::Mod
            | SchemeKind::Ring
            | SchemeKind::Jump
            | SchemeKind::Rendezvous
            | SchemeKind::Range
            | SchemeKind::Directory
            | SchemeKind::IdEncoded
            | SchemeKind::Maglev
            | SchemeKind::BoundedLoad => false,
        }
    }

    /// Whether the scheme caps each server at c times its share (bounded loads).
    pub const fn uses_load_factor(self) -> bool {
        match self {
            SchemeKind::BoundedLoad => true,
            SchemeKind::Mod
            | SchemeKind::Ring
            | SchemeKind::Jump
            | SchemeKind::Rendezvous
            | SchemeKind::Range
            | SchemeKind::Directory
            | SchemeKind::IdEncoded
            | SchemeKind::Maglev
            | SchemeKind::MultiProbe => false,
        }
    }

    /// How the scheme names R replicas.
    pub const fn replicas(self) -> ReplicaRule {
        match self {
            // Bounded loads names the ring's replicas: its owner with no load (see its module).
            SchemeKind::Ring | SchemeKind::BoundedLoad => ReplicaRule::DistinctWalk,
            SchemeKind::Rendezvous => ReplicaRule::Ranked,
            SchemeKind::Mod
            | SchemeKind::Jump
            | SchemeKind::Range
            | SchemeKind::Directory
            | SchemeKind::IdEncoded
            | SchemeKind::Maglev
            | SchemeKind::MultiProbe => ReplicaRule::OneOwner,
        }
    }

    /// The scheme's shape on the hash circle.
    pub const fn circle(self) -> CircleShape {
        match self {
            SchemeKind::Ring | SchemeKind::BoundedLoad => CircleShape::Points,
            SchemeKind::Range => CircleShape::Arcs,
            SchemeKind::Mod
            | SchemeKind::Jump
            | SchemeKind::Rendezvous
            | SchemeKind::Directory
            | SchemeKind::IdEncoded
            | SchemeKind::Maglev
            // Its servers are points, but a key is owned by the point nearest to any of its
            // probes, not by the next point: the ring's arcs would draw the wrong owners.
            | SchemeKind::MultiProbe => CircleShape::Scattered,
        }
    }

    /// Whether one scheme can name R distinct owners of a key (R > 1).
    pub const fn has_replicas(self) -> bool {
        !matches!(self.replicas(), ReplicaRule::OneOwner)
    }
}

// Written by hand rather than derived: through `name` and `from_name` the names are defined once,
// and the reader is the plain string one every page already carries.
impl Serialize for SchemeKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for SchemeKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        SchemeKind::from_name(&name).map_err(|_| {
            serde::de::Error::invalid_value(serde::de::Unexpected::Str(&name), &"a scheme name")
        })
    }
}

impl fmt::Display for SchemeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The scheme names as a sentence lists them, `"mod, ring, … or id"`, as a literal so that a
/// message or a CLI help line can `concat!` it and a page that shows it carries no code to join
/// it. A test checks it against [`SchemeKind::ALL`].
#[macro_export]
macro_rules! scheme_name_list {
    () => {
        "mod, ring, jump, rendezvous, range, directory, id, maglev, multi-probe or bounded-load"
    };
}

/// The scheme names, in [`SchemeKind::ALL`] order.
pub const SCHEME_NAMES: [&str; SchemeKind::ALL.len()] = {
    let mut names = [""; SchemeKind::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        // In range: `i < names.len()`, and both arrays have the same length.
        #[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
        {
            names[i] = SchemeKind::ALL[i].name();
            i += 1;
        }
    }
    names
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The names, in [`SchemeKind::ALL`] order, as an error message lists them.
    fn name_list() -> String {
        let mut names: Vec<&str> = SCHEME_NAMES.to_vec();
        let last = names.pop().unwrap_or_default();
        format!("{} or {last}", names.join(", "))
    }

    /// A replica walk goes from point to point, so only a scheme drawn as points can have one;
    /// vnodes are those points.
    #[test]
    fn a_walk_needs_points_on_the_circle() {
        for kind in SchemeKind::ALL {
            let walks = kind.replicas() == ReplicaRule::DistinctWalk;
            assert_eq!(walks, kind.circle() == CircleShape::Points, "{kind}");
            assert_eq!(
                kind.uses_vnodes(),
                kind.circle() == CircleShape::Points,
                "{kind}"
            );
        }
    }

    #[test]
    fn every_name_round_trips() {
        for kind in SchemeKind::ALL {
            assert_eq!(SchemeKind::from_name(kind.name()), Ok(kind));
            let json = serde_json::to_string(&kind).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", kind.name()));
            assert_eq!(serde_json::from_str::<SchemeKind>(&json).ok(), Some(kind));
            assert_eq!(kind.to_string(), kind.name());
        }
        assert_eq!(
            SCHEME_NAMES,
            [
                "mod",
                "ring",
                "jump",
                "rendezvous",
                "range",
                "directory",
                "id",
                "maglev",
                "multi-probe",
                "bounded-load"
            ]
        );
    }

    #[test]
    fn unknown_names_are_refused_with_the_list() {
        for bad in ["", "Ring", "ring ", "id_encoded", "Maglev"] {
            assert_eq!(
                SchemeKind::from_name(bad),
                Err(PlacementError::UnknownScheme(bad.to_owned()))
            );
            assert!(serde_json::from_str::<SchemeKind>(&format!("\"{bad}\"")).is_err());
        }
        assert_eq!(name_list(), crate::scheme_name_list!());
        assert_eq!(
            PlacementError::UnknownScheme("x".into()).to_string(),
            "Unknown placement scheme \"x\"; choose one of mod, ring, jump, rendezvous, range, directory, id, maglev, multi-probe or bounded-load."
        );
    }

    #[test]
    fn the_facts_agree_with_each_other() {
        let weighted: Vec<SchemeKind> = SchemeKind::ALL
            .into_iter()
            .filter(|k| k.uses_weights())
            .collect();
        assert_eq!(
            weighted,
            [
                SchemeKind::Ring,
                SchemeKind::Rendezvous,
                SchemeKind::Maglev,
                SchemeKind::BoundedLoad
            ]
        );
        let vnodes: Vec<SchemeKind> = SchemeKind::ALL
            .into_iter()
            .filter(|k| k.uses_vnodes())
            .collect();
        assert_eq!(vnodes, [SchemeKind::Ring, SchemeKind::BoundedLoad]);
        assert_eq!(SchemeKind::Ring.replicas(), ReplicaRule::DistinctWalk);
        assert_eq!(SchemeKind::Rendezvous.replicas(), ReplicaRule::Ranked);
        assert!(!SchemeKind::Mod.has_replicas() && SchemeKind::Ring.has_replicas());
        assert_eq!(SchemeKind::default(), SchemeKind::Ring);
    }

    #[test]
    fn all_lists_every_scheme_once() {
        crate::assert_lists_every_variant!(
            SchemeKind,
            SchemeKind::ALL,
            [
                Mod,
                Ring,
                Jump,
                Rendezvous,
                Range,
                Directory,
                IdEncoded,
                Maglev,
                MultiProbe,
                BoundedLoad
            ]
        );
    }
}
