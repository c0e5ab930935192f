//! [`WideField`]: one named run of bits in a family's layout, and [`WideFieldRole`], what it holds.

use serde::Serialize;

/// What a field of a family's layout holds. The 64-bit layouts' roles
/// ([`FieldRole`](crate::layout::FieldRole)) are about shards and rows; these are about how an ID
/// is minted, which is what a reader asks of a UUID or a KSUID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WideFieldRole {
    /// Part or all of the time the ID was made.
    Time,
    /// Random bits, drawn for each ID.
    Random,
    /// A counter or sequence that tells apart IDs of one tick (a UUID's clock sequence, too).
    Counter,
    /// What names the generator: a node, a machine, a process's random value.
    Machine,
    /// A UUID's version: fixed by the layout.
    Version,
    /// A UUID's variant: fixed by the layout.
    Variant,
    /// Bits of a hash of a name (UUIDv3's MD5, v5's SHA-1).
    Hash,
    /// Bits whose meaning the minter chose (UUIDv8).
    Custom,
    /// A DCE Security UUID's (v2) local identifier and domain.
    Local,
    /// A bit that is always 0, kept so the ID stays a positive signed number.
    Reserved,
    /// The whole of a special value: the Nil and Max UUIDs.
    Special,
}

impl WideFieldRole {
    /// The role as a reader reads it.
    pub fn label(self) -> &'static str {
        match self {
            WideFieldRole::Time => "time",
            WideFieldRole::Random => "random",
            WideFieldRole::Counter => "counter",
            WideFieldRole::Machine => "machine",
            WideFieldRole::Version => "version",
            WideFieldRole::Variant => "variant",
            WideFieldRole::Hash => "hash",
            WideFieldRole::Custom => "custom",
            WideFieldRole::Local => "local",
            WideFieldRole::Reserved => "reserved",
            WideFieldRole::Special => "special",
        }
    }
}

/// One field of a family's layout: a name, a width and a role. Layouts list their fields most
/// significant first, and their widths add up to the family's width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct WideField {
    /// The name its specification gives it, e.g. `unix_ts_ms`.
    pub name: &'static str,
    /// Its width in bits, 1 to 128.
    pub width: u32,
    /// What it holds.
    pub role: WideFieldRole,
}

/// A field, written short for the tables.
pub(super) const fn field(name: &'static str, width: u32, role: WideFieldRole) -> WideField {
    WideField { name, width, role }
}
