//! What a layout starts with when a reader opens or edits it: each preset's example ID, the config
//! table a layout without a published one gets, the allocator's seeded counter, the name of a new
//! field, the host-name rule for hand-typed tables and the size cap on imported layout files.
//!
//! These were the Decoder page's own rules; here they are one definition that the page, its URL
//! codec and any other caller share.

use thiserror::Error;

use crate::text::describe_char;

use super::allocator::IdAllocator;
use super::bits::{BitLayout, Field, FieldRole};
use super::presets::Preset;
use super::shard_map::{HostPair, ShardMap, ShardRange, MAX_HOST_NAME_CHARS};

/// The Pin ID from Pinterest's 2015 post: shard 3429, type 1 (a Pin), local 7,075,733.
pub const EXAMPLE_PIN: u64 = 241_294_492_511_762_325;

/// [`EXAMPLE_PIN`]'s shard, type and local ID (a test decodes it to these).
const EXAMPLE_PIN_FIELDS: (u64, u64, u64) = (3429, 1, 7_075_733);

/// A real Snowflake ID (its timestamp decodes to 2022-06-28T16:07:40.105Z).
pub const SNOWFLAKE_EXAMPLE: u64 = 1_541_815_603_606_036_480;

/// The example ID from Discord's API documentation.
pub const DISCORD_EXAMPLE: u64 = 175_928_847_299_117_063;

/// An Instagram ID made at [`EXAMPLE_UNIX_MS`] on shard 1341 with sequence 7.
pub const INSTAGRAM_EXAMPLE: u64 = 997_378_465_446_818_823;

/// A Sonyflake ID made at [`EXAMPLE_UNIX_MS`] by machine 2561 with sequence 3.
pub const SONYFLAKE_EXAMPLE: u64 = 39_572_754_923_719_169;

/// The instant the examples of the other time-based presets stand for: 2015-06-01T00:00:00Z, the
/// year of Pinterest's post.
pub const EXAMPLE_UNIX_MS: u64 = 1_433_116_800_000;

/// At most this many shards are in use in a table made up for a layout without a published one,
/// as Pinterest used 4,096 of its 65,536.
pub const DEFAULT_SHARDS_IN_USE: u64 = 4_096;

/// And they sit on at most this many pairs.
pub const DEFAULT_PAIRS: u64 = 8;

/// The largest layout file a reader may import into the page. A layout of 64 fields with long
/// names is a few kilobytes.
pub const MAX_LAYOUT_IMPORT_BYTES: u64 = 65_536;

/// The largest layout file the CLI reads (`--layout-file`). A real one is a few KiB; the cap keeps
/// `--layout-file /dev/zero` from eating memory, and is looser than the page's import limit since
/// a script may write its layout pretty-printed with comments stripped by hand.
pub const MAX_LAYOUT_FILE_BYTES: u64 = 1024 * 1024;

impl Preset {
    /// The ID a preset opens on: one that already shows something worth seeing. Pinterest, Snowflake
    /// and Discord use published IDs; Instagram and Sonyflake use IDs made at [`EXAMPLE_UNIX_MS`]
    /// (a test composes them from their fields).
    ///
    /// ```
    /// use shardlab_core::layout::{Preset, EXAMPLE_PIN};
    /// assert_eq!(Preset::Pinterest.example_id(), EXAMPLE_PIN);
    /// ```
    pub fn example_id(self) -> u64 {
        match self {
            Preset::Pinterest => EXAMPLE_PIN,
            Preset::Instagram => INSTAGRAM_EXAMPLE,
            Preset::Snowflake => SNOWFLAKE_EXAMPLE,
            Preset::Discord => DISCORD_EXAMPLE,
            Preset::Sonyflake => SONYFLAKE_EXAMPLE,
        }
    }

    /// The preset whose layout `layout` is exactly, if any: a file or a link that holds a preset's
    /// layout is that preset again.
    pub fn of_layout(layout: &BitLayout) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.layout() == *layout)
    }
}

/// A table for a layout whose preset publishes none (or whose shard field no longer holds the
/// preset's): up to [`DEFAULT_SHARDS_IN_USE`] shards on up to [`DEFAULT_PAIRS`] pairs, evenly.
/// `None` for a layout without a shard field.
pub fn even_table(layout: &BitLayout) -> Option<ShardMap> {
    let (_, shard) = layout.field_of_role(FieldRole::Shard)?;
    let possible = 1u64.checked_shl(shard.width).unwrap_or(u64::MAX);
    let in_use = possible.min(DEFAULT_SHARDS_IN_USE);
    let pairs = in_use.min(DEFAULT_PAIRS);
    let size = in_use.checked_div(pairs)?;
    let ranges = (0..pairs)
        .map(|i| {
            let start = i.saturating_mul(size);
            let end = start.saturating_add(size.saturating_sub(1));
            ShardRange::new(start, end, HostPair::numbered(i.saturating_add(1)))
        })
        .collect();
    ShardMap::new(ranges).ok()
}

/// The table a layout starts with: its base preset's table when that fits the shard field, or an
/// [`even_table`]. `None` for a layout without a shard field.
pub fn default_table(base: Preset, layout: &BitLayout) -> Option<ShardMap> {
    layout.position_of_role(FieldRole::Shard)?;
    base.shard_map()
        .filter(|map| map.check_against(layout).is_ok())
        .or_else(|| even_table(layout))
}

/// The allocator a layout starts with (`None` without shard, type and local fields). On
/// Pinterest's own layout the counter of [`EXAMPLE_PIN`]'s shard and type is seeded so that the
/// next Pin inserted there follows the example.
pub fn starting_allocator(layout: &BitLayout) -> Option<IdAllocator> {
    let mut allocator = IdAllocator::new(layout.clone()).ok()?;
    if Preset::of_layout(layout) == Some(Preset::Pinterest) {
        let (shard, type_id, local) = EXAMPLE_PIN_FIELDS;
        let _ = allocator.set_next(shard, type_id, local.saturating_add(1));
    }
    Some(allocator)
}

impl BitLayout {
    /// The position of the first field with `role`, and that field.
    pub fn field_of_role(&self, role: FieldRole) -> Option<(usize, &Field)> {
        let position = self.position_of_role(role)?;
        self.field(position).map(|field| (position, field))
    }

    /// The name a new field gets: the first of `field1`, `field2`, … that no field has (names
    /// compare without case), or `extra` should all of them be taken.
    ///
    /// ```
    /// use shardlab_core::layout::Preset;
    /// assert_eq!(Preset::Pinterest.layout().free_field_name(), "field1");
    /// ```
    pub fn free_field_name(&self) -> String {
        (1..=self.field_count().saturating_add(1))
            .map(|n| format!("field{n}"))
            .find(|name| {
                !self
                    .fields()
                    .iter()
                    .any(|f| f.name.eq_ignore_ascii_case(name))
            })
            .unwrap_or_else(|| "extra".to_owned())
    }

    /// The field "Add a field" puts on top: every unused top bit, named by
    /// [`free_field_name`](BitLayout::free_field_name), role other. `None` when all 64 bits
    /// belong to fields.
    pub fn top_field(&self) -> Option<Field> {
        let free = self.unused_top_bits();
        (free > 0).then(|| Field::new(self.free_field_name(), free, FieldRole::Other))
    }
}

/// Why a host name typed into the config table is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HostNameError {
    /// The name is empty.
    #[error("a host needs a name")]
    Empty,
    /// The name holds a character other than a letter, a digit or `-`.
    #[error("host names use letters, digits and - (like a DNS label); {} is not allowed", describe_char(*.0))]
    BadChar(char),
    /// The name is longer than [`MAX_HOST_NAME_CHARS`].
    #[error("host names have at most {MAX_HOST_NAME_CHARS} characters")]
    TooLong,
}

/// The rule for host names typed into the table, so that a table survives a trip through the URL
/// unescaped: letters, digits and `-`, as in a DNS label, at most [`MAX_HOST_NAME_CHARS`].
///
/// ```
/// use shardlab_core::layout::{check_host_name, HostNameError};
/// assert_eq!(check_host_name("MySQL009A"), Ok(()));
/// assert_eq!(check_host_name("a b"), Err(HostNameError::BadChar(' ')));
/// ```
pub fn check_host_name(name: &str) -> Result<(), HostNameError> {
    if name.is_empty() {
        return Err(HostNameError::Empty);
    }
    if let Some(ch) = name
        .chars()
        .find(|ch| !(ch.is_ascii_alphanumeric() || *ch == '-'))
    {
        return Err(HostNameError::BadChar(ch));
    }
    if name.chars().count() > MAX_HOST_NAME_CHARS {
        return Err(HostNameError::TooLong);
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // fixed, known test values
mod tests {
    use super::*;

    /// The made-up examples are what their fields say.
    #[test]
    fn the_made_up_examples_compose_from_their_fields() {
        let ticks = |preset: Preset, name: &str| {
            let layout = preset.layout();
            let time = layout
                .field(layout.position_of(name).unwrap())
                .unwrap()
                .time;
            time.unwrap().ticks_at(EXAMPLE_UNIX_MS).unwrap()
        };
        let instagram = Preset::Instagram.layout().compose_named([
            ("timestamp", ticks(Preset::Instagram, "timestamp")),
            ("shard", 1341),
            ("sequence", 7),
        ]);
        assert_eq!(instagram, Ok(INSTAGRAM_EXAMPLE));
        let sonyflake = Preset::Sonyflake.layout().compose_named([
            ("time", ticks(Preset::Sonyflake, "time")),
            ("sequence", 3),
            ("machine", 2561),
        ]);
        assert_eq!(sonyflake, Ok(SONYFLAKE_EXAMPLE));
    }

    #[test]
    fn every_preset_opens_on_its_own_example() {
        for preset in Preset::ALL {
            let id = match preset {
                Preset::Pinterest => 241_294_492_511_762_325,
                Preset::Instagram => 997_378_465_446_818_823,
                Preset::Snowflake => 1_541_815_603_606_036_480,
                Preset::Discord => 175_928_847_299_117_063,
                Preset::Sonyflake => 39_572_754_923_719_169,
            };
            assert_eq!(preset.example_id(), id, "{preset}");
            assert!(preset.layout().decode(id).warnings.is_empty(), "{preset}");
        }
        let instagram = Preset::Instagram
            .layout()
            .decode(Preset::Instagram.example_id());
        assert_eq!(instagram.time().unwrap().unix_ms, EXAMPLE_UNIX_MS);
        assert_eq!(instagram.value("shard"), Some(1341));
    }

    #[test]
    fn a_preset_layout_is_recognised_and_an_edited_one_is_not() {
        for preset in Preset::ALL {
            assert_eq!(Preset::of_layout(&preset.layout()), Some(preset));
        }
        let edited = Preset::Pinterest.layout().move_boundary(1, 1).unwrap();
        assert_eq!(Preset::of_layout(&edited), None);
    }

    #[test]
    fn a_table_fits_its_shard_field() {
        let pinterest = Preset::Pinterest.layout();
        assert_eq!(
            default_table(Preset::Pinterest, &pinterest),
            Some(ShardMap::pinterest_2015())
        );
        // A 10-bit shard field cannot hold Pinterest's 4,096 shards: 1,024 on 8 pairs instead.
        let narrow = pinterest.move_boundary(0, 6).unwrap();
        let table = default_table(Preset::Pinterest, &narrow).unwrap();
        assert_eq!(table.last_shard(), 1023);
        assert_eq!(table.ranges().len(), 8);
        assert_eq!(table.ranges()[1].start, 128);
        assert_eq!(table.ranges()[7].hosts, HostPair::numbered(8));
        // Instagram's 13-bit shard field gets 4,096 of its 8,192; a 2-bit one 4 shards on 4 pairs.
        let instagram = Preset::Instagram.layout();
        assert_eq!(
            default_table(Preset::Instagram, &instagram)
                .unwrap()
                .last_shard(),
            4095
        );
        let tiny = BitLayout::new(vec![Field::new("shard", 2, FieldRole::Shard)]).unwrap();
        assert_eq!(even_table(&tiny).unwrap().ranges().len(), 4);
        assert_eq!(
            default_table(Preset::Snowflake, &Preset::Snowflake.layout()),
            None
        );
    }

    #[test]
    fn the_pinterest_counter_follows_the_example_pin() {
        let decoded = Preset::Pinterest.layout().decode(EXAMPLE_PIN);
        let role = |role| decoded.value_of_role(role).unwrap();
        assert_eq!(
            (
                role(FieldRole::Shard),
                role(FieldRole::Type),
                role(FieldRole::Local)
            ),
            EXAMPLE_PIN_FIELDS
        );
        let mut allocator = starting_allocator(&Preset::Pinterest.layout()).unwrap();
        let next = allocator.insert(3429, 1).unwrap();
        assert_eq!(next.local, 7_075_734);
        assert_eq!(next.id, EXAMPLE_PIN + 1);
        assert_eq!(allocator.insert(3429, 2).unwrap().local, 1);
        let edited = Preset::Pinterest.layout().move_boundary(2, 1).unwrap();
        assert_eq!(starting_allocator(&edited).unwrap().counters().count(), 0);
        assert!(starting_allocator(&Preset::Snowflake.layout()).is_none());
    }

    #[test]
    fn a_new_field_takes_the_first_free_name_and_every_free_bit() {
        let layout = Preset::Snowflake.layout();
        assert_eq!(layout.top_field(), None);
        let freed = layout.remove_field(0).unwrap();
        let field = freed.top_field().unwrap();
        assert_eq!((field.name.as_str(), field.width), ("field1", 1));
        assert_eq!(field.role, FieldRole::Other);
        let named = freed
            .insert_field(0, Field::new("FIELD1", 1, FieldRole::Other))
            .unwrap();
        assert_eq!(named.free_field_name(), "field2");
    }

    #[test]
    fn host_names_are_dns_labels() {
        assert_eq!(check_host_name(""), Err(HostNameError::Empty));
        assert_eq!(check_host_name("db-7"), Ok(()));
        assert_eq!(check_host_name("a_b"), Err(HostNameError::BadChar('_')));
        let long = "a".repeat(MAX_HOST_NAME_CHARS);
        assert_eq!(check_host_name(&long), Ok(()));
        assert_eq!(
            check_host_name(&format!("{long}a")),
            Err(HostNameError::TooLong)
        );
        assert_eq!(
            HostNameError::BadChar(' ').to_string(),
            "host names use letters, digits and - (like a DNS label); U+0020 is not allowed"
        );
        assert_eq!(
            HostNameError::TooLong.to_string(),
            "host names have at most 64 characters"
        );
    }
}
