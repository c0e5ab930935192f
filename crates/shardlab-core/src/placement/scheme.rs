//! Choosing a scheme by name, as the CLI and the URL state do.

use serde::{Deserialize, Serialize};

use super::directory::{Directory, DirectoryChange, DirectoryDefault};
use super::error::PlacementError;
use super::id_encoded::IdEncoded;
use super::jump::Jump;
use super::modulo::Mod;
use super::range::Range;
use super::rendezvous::Rendezvous;
use super::ring::Ring;
use super::server::ServerList;
use super::BoxedPlacement;
use crate::layout::BitLayout;
use crate::stepped::Stepped;

/// The scheme names, in the order the UI lists them.
pub const SCHEME_NAMES: [&str; 7] = [
    "mod",
    "ring",
    "jump",
    "rendezvous",
    "range",
    "directory",
    "id",
];

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
}

impl SchemeSpec {
    /// The spec for a scheme name; `vnodes` is used by `ring` only (and validated when it is built).
    pub fn from_name(name: &str, vnodes: u32) -> Result<Self, PlacementError> {
        Ok(match name {
            "mod" => Self::Mod,
            "ring" => Self::Ring { vnodes, salt: 0 },
            "jump" => Self::Jump,
            "rendezvous" => Self::Rendezvous,
            "range" => Self::Range,
            "directory" => Self::Directory {
                default: DirectoryDefault::default(),
            },
            "id" => Self::IdEncoded,
            other => return Err(PlacementError::UnknownScheme(other.to_owned())),
        })
    }

    /// The scheme's name, as in [`SCHEME_NAMES`].
    pub fn name(&self) -> &'static str {
        match self {
            Self::Mod => "mod",
            Self::Ring { .. } => "ring",
            Self::Jump => "jump",
            Self::Rendezvous => "rendezvous",
            Self::Range => "range",
            Self::Directory { .. } => "directory",
            Self::IdEncoded => "id",
        }
    }

    /// The same spec with another ring salt (other schemes are unchanged): how the sweeps draw a
    /// fresh ring per seed.
    pub fn with_salt(self, new_salt: u64) -> Self {
        match self {
            Self::Ring { vnodes, .. } => Self::Ring {
                vnodes,
                salt: new_salt,
            },
            other => other,
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
        })
    }

    /// Builds the scheme before and after a membership change, ready for a movement experiment
    /// over `n_keys` keys from `seed`.
    ///
    /// For every scheme but the directory this is two [`build`](Self::build)s. A directory is
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
            // The table follows the change (splits and merges); IDs, and so shards, never change.
            Self::IdEncoded => {
                let before = IdEncoded::even(pinterest_layout(), before)?;
                let after = before.regrown(after)?;
                Ok((Box::new(before), Box::new(after)))
            }
            _ => Ok((self.build(before)?, self.build(after)?)),
        }
    }
}

/// The layout ID-encoded placement reads when chosen by name.
fn pinterest_layout() -> BitLayout {
    crate::layout::Preset::Pinterest.layout()
}
