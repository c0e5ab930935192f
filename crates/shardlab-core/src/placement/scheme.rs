//! A scheme with its settings ([`SchemeSpec`]), chosen by [`SchemeKind`] or by name as the CLI
//! and the URL state do, and built over servers alone or as a before/after pair for a change.

use serde::{Deserialize, Serialize};

use super::bounded_load::{BoundedLoad, LoadFactor};
use super::directory::{Directory, DirectoryChange, DirectoryDefault};
use super::error::PlacementError;
use super::id_encoded::IdEncoded;
use super::jump::Jump;
use super::kind::SchemeKind;
use super::maglev::{Maglev, DEFAULT_TABLE_SIZE};
use super::modulo::Mod;
use super::multi_probe::{MultiProbe, DEFAULT_PROBES};
use super::range::Range;
use super::rendezvous::Rendezvous;
use super::ring::{Ring, DEFAULT_VNODES};
use super::server::ServerList;
use super::BoxedPlacement;
use crate::layout::BitLayout;
use crate::stepped::Stepped;

/// A scheme and its settings, without servers: what `--scheme S [--vnodes V]` describes.
///
/// ```
/// use shardlab_core::placement::{Placement, SchemeSpec, ServerList};
/// let spec = SchemeSpec::from_name("ring", 100)?;
/// let scheme = spec.build(ServerList::uniform(4)?)?;
/// assert_eq!(scheme.name(), "ring");
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "scheme", rename_all = "snake_case")]
pub enum SchemeSpec {
    /// [`Mod`].
    Mod,
    /// [`Ring`] with V vnodes per unit of weight and a vnode-hash salt (0 by default).
    Ring {
        /// Vnodes per unit of weight, 1 ..= 1000.
        vnodes: u32,
        /// Salt of the vnode points.
        salt: u64,
    },
    /// [`Jump`].
    Jump,
    /// [`Rendezvous`].
    Rendezvous,
    /// [`Range`] with equal ranges over the whole `u64` space.
    Range,
    /// [`Directory`] with a default policy for keys it has no entry for.
    Directory {
        /// Policy for keys without an entry.
        default: DirectoryDefault,
    },
    /// [`IdEncoded`] over the Pinterest layout: the key is an ID, and equal runs of its 65,536
    /// shards go to the servers.
    IdEncoded,
    /// [`Maglev`] with a lookup table of a prime number of slots.
    Maglev {
        /// Slots in the table, a prime of at most [`MAX_TABLE_SIZE`](super::MAX_TABLE_SIZE).
        table_size: u32,
    },
    /// [`MultiProbe`] with k probes per key.
    MultiProbe {
        /// Probes per key, 1 ..= [`MAX_PROBES`](super::MAX_PROBES).
        probes: u32,
    },
    /// [`BoundedLoad`]: a ring of V vnodes per unit of weight and a load factor c ≥ 1. Built
    /// alone it locates as the ring does (no load yet); [`place`](super::place) runs the bounded
    /// assignment.
    BoundedLoad {
        /// Vnodes per unit of weight, 1 ..= 1000.
        vnodes: u32,
        /// The load factor c.
        load_factor: LoadFactor,
    },
}

/// The settings a scheme may take, each `None` where it is not given or the scheme has none: what
/// `--vnodes`, `--table-size`, `--probes` and `--load-factor` set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct SchemeSettings {
    /// The ring's vnodes per unit of weight.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vnodes: Option<u32>,
    /// Maglev's table size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_size: Option<u32>,
    /// Multi-probe's probes per key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probes: Option<u32>,
    /// Bounded loads' load factor c.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub load_factor: Option<LoadFactor>,
}

impl SchemeSpec {
    /// The spec for a scheme name; `vnodes` is used by `ring` only (and validated when it is built).
    pub fn from_name(name: &str, vnodes: u32) -> Result<Self, PlacementError> {
        Ok(Self::from_kind(SchemeKind::from_name(name)?, vnodes))
    }

    /// The spec of a scheme kind with its default settings; `vnodes` is used by the ring only (and
    /// validated when it is built).
    pub fn from_kind(kind: SchemeKind, vnodes: u32) -> Self {
        Self::with_settings(
            kind,
            SchemeSettings {
                vnodes: Some(vnodes),
                ..SchemeSettings::default()
            },
        )
    }

    /// The spec of a scheme kind with the settings given, and the defaults for the rest. A setting
    /// the scheme does not have is ignored; each is validated when the scheme is built.
    pub fn with_settings(kind: SchemeKind, settings: SchemeSettings) -> Self {
        match kind {
            SchemeKind::Mod => Self::Mod,
            SchemeKind::Ring => Self::Ring {
                vnodes: settings.vnodes.unwrap_or(DEFAULT_VNODES),
                salt: 0,
            },
            SchemeKind::Jump => Self::Jump,
            SchemeKind::Rendezvous => Self::Rendezvous,
            SchemeKind::Range => Self::Range,
            SchemeKind::Directory => Self::Directory {
                default: DirectoryDefault::default(),
            },
            SchemeKind::IdEncoded => Self::IdEncoded,
            SchemeKind::Maglev => Self::Maglev {
                table_size: settings.table_size.unwrap_or(DEFAULT_TABLE_SIZE),
            },
            SchemeKind::MultiProbe => Self::MultiProbe {
                probes: settings.probes.unwrap_or(DEFAULT_PROBES),
            },
            SchemeKind::BoundedLoad => Self::BoundedLoad {
                vnodes: settings.vnodes.unwrap_or(DEFAULT_VNODES),
                load_factor: settings.load_factor.unwrap_or_default(),
            },
        }
    }

    /// Which scheme this is.
    pub fn kind(&self) -> SchemeKind {
        match self {
            Self::Mod => SchemeKind::Mod,
            Self::Ring { .. } => SchemeKind::Ring,
            Self::Jump => SchemeKind::Jump,
            Self::Rendezvous => SchemeKind::Rendezvous,
            Self::Range => SchemeKind::Range,
            Self::Directory { .. } => SchemeKind::Directory,
            Self::IdEncoded => SchemeKind::IdEncoded,
            Self::Maglev { .. } => SchemeKind::Maglev,
            Self::MultiProbe { .. } => SchemeKind::MultiProbe,
            Self::BoundedLoad { .. } => SchemeKind::BoundedLoad,
        }
    }

    /// The scheme's name, as [`SchemeKind::name`] spells it.
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// The same spec with another ring salt (other schemes are unchanged): how the sweeps draw a
    /// fresh ring per seed.
    pub fn with_salt(self, new_salt: u64) -> Self {
        match self {
            Self::Ring { vnodes, .. } => Self::Ring {
                vnodes,
                salt: new_salt,
            },
            Self::Mod
            | Self::Jump
            | Self::Rendezvous
            | Self::Range
            | Self::Directory { .. }
            | Self::IdEncoded
            | Self::Maglev { .. }
            | Self::MultiProbe { .. }
            // Bounded loads' ring keeps salt 0: the sweeps do not draw it.
            | Self::BoundedLoad { .. } => self,
        }
    }

    /// The settings this spec carries; `None` for each the scheme does not have.
    pub fn settings(&self) -> SchemeSettings {
        let none = SchemeSettings::default();
        match *self {
            Self::Ring { vnodes, .. } => SchemeSettings {
                vnodes: Some(vnodes),
                ..none
            },
            Self::Maglev { table_size } => SchemeSettings {
                table_size: Some(table_size),
                ..none
            },
            Self::MultiProbe { probes } => SchemeSettings {
                probes: Some(probes),
                ..none
            },
            Self::BoundedLoad {
                vnodes,
                load_factor,
            } => SchemeSettings {
                vnodes: Some(vnodes),
                load_factor: Some(load_factor),
                ..none
            },
            Self::Mod
            | Self::Jump
            | Self::Rendezvous
            | Self::Range
            | Self::Directory { .. }
            | Self::IdEncoded => none,
        }
    }

    /// Builds the scheme over these servers.
    pub fn build(&self, servers: ServerList) -> Result<BoxedPlacement, PlacementError> {
        Ok(match *self {
            Self::Mod => Box::new(Mod::new(servers)),
            Self::Ring { vnodes, salt } => Box::new(Ring::with_salt(servers, vnodes, salt)?),
            Self::Jump => Box::new(Jump::new(servers)),
            Self::Rendezvous => Box::new(Rendezvous::new(servers)),
            Self::Range => Box::new(Range::even(servers)),
            Self::Directory { default } => Box::new(Directory::new(servers, default)),
            Self::IdEncoded => Box::new(IdEncoded::even(pinterest_layout(), servers)?),
            Self::Maglev { table_size } => Box::new(Maglev::new(servers, table_size)?),
            Self::MultiProbe { probes } => Box::new(MultiProbe::new(servers, probes)?),
            Self::BoundedLoad {
                vnodes,
                load_factor,
            } => Box::new(BoundedLoad::new(servers, vnodes, load_factor)?),
        })
    }

    /// Builds the scheme before and after a membership change, ready for a movement experiment
    /// over `n_keys` keys from `seed`.
    ///
    /// For every scheme but the directory this is two [`build`](Self::build)s. For bounded loads
    /// the pair locates as two rings (no load): its movement is
    /// [`BoundedMovementRun`](super::BoundedMovementRun)'s, which [`place`](super::place) runs. A directory is
    /// stateful: the "before" table gets an entry for each experiment key (pinned by the default
    /// policy), and "after" is [`Directory::rehomed`] onto the new servers. That models a real
    /// directory, where existing keys stay until moved by hand; pinning costs O(n log n) up front.
    pub fn build_change(
        &self,
        before: ServerList,
        after: ServerList,
        n_keys: u64,
        seed: u64,
    ) -> Result<(BoxedPlacement, BoxedPlacement), PlacementError> {
        match *self {
            Self::Directory { default } => {
                let (before, after) =
                    DirectoryChange::new(before, after, default, n_keys, seed).finish();
                Ok((Box::new(before), Box::new(after)))
            }
            Self::IdEncoded => {
                let (before, after) = id_encoded_change(before, after)?;
                Ok((Box::new(before), Box::new(after)))
            }
            Self::Mod
            | Self::Ring { .. }
            | Self::Jump
            | Self::Rendezvous
            | Self::Range
            | Self::Maglev { .. }
            | Self::MultiProbe { .. }
            | Self::BoundedLoad { .. } => Ok((self.build(before)?, self.build(after)?)),
        }
    }
}

/// ID-encoded placement before and after a change: the table follows the change (splits and
/// merges), while IDs, and so shards, never change. What [`SchemeSpec::build_change`] builds for
/// [`SchemeSpec::IdEncoded`], typed, for a view that shows the shard runs.
pub fn id_encoded_change(
    before: ServerList,
    after: ServerList,
) -> Result<(IdEncoded, IdEncoded), PlacementError> {
    let before = IdEncoded::even(pinterest_layout(), before)?;
    let after = before.regrown(after)?;
    Ok((before, after))
}

/// The layout ID-encoded placement reads when chosen by name.
fn pinterest_layout() -> BitLayout {
    crate::layout::Preset::Pinterest.layout()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_builds_a_scheme_of_that_kind() {
        for kind in SchemeKind::ALL {
            let spec = SchemeSpec::from_kind(kind, 20);
            assert_eq!(spec.kind(), kind);
            assert_eq!(SchemeSpec::from_name(kind.name(), 20), Ok(spec));
            let Ok(four) = ServerList::uniform(4) else {
                unreachable!()
            };
            let Ok((before, after)) =
                spec.build_change(four.clone(), four.grown(1).unwrap_or(four), 100, 1)
            else {
                unreachable!("{kind}")
            };
            assert_eq!((before.kind(), after.kind()), (kind, kind));
            assert_eq!(before.name(), kind.name());
            assert_eq!(before.uses_weights(), kind.uses_weights());
        }
        assert_eq!(
            SchemeSpec::from_name("bounded", 20),
            Err(PlacementError::UnknownScheme("bounded".to_owned()))
        );
    }
}
