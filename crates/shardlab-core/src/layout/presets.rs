//! The published ID layouts shardlab ships with, and Pinterest's object types.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::text::quote;

use super::bits::{BitLayout, Field, FieldRole};
use super::shard_map::ShardMap;
use super::time::TimeBase;

/// A named, published ID layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// Pinterest (2015): reserved 2, shard 16, type 10, local 36. No timestamp.
    Pinterest,
    /// Instagram (2012): timestamp 41 (1 ms from 2011-08-24T21:07:01.721Z), shard 13, sequence 10.
    Instagram,
    /// Twitter Snowflake: sign 1, timestamp 41 (1 ms from 2010-11-04T01:42:54.657Z), datacenter 5,
    /// worker 5, sequence 12.
    Snowflake,
    /// Discord: timestamp 42 (1 ms from 2015-01-01), worker 5, process 5, increment 12.
    Discord,
    /// Sonyflake: sign 1, time 39 (10 ms from 2014-09-01), sequence 8, machine 16.
    Sonyflake,
}

/// A preset name that shardlab does not know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("there is no layout preset called {}; the presets are pinterest, instagram, snowflake, discord and sonyflake", quote(name))]
pub struct UnknownPreset {
    /// The name asked for.
    pub name: String,
}

impl Preset {
    /// Every preset, in the order a picker lists them.
    pub const ALL: [Preset; 5] = [
        Preset::Pinterest,
        Preset::Instagram,
        Preset::Snowflake,
        Preset::Discord,
        Preset::Sonyflake,
    ];

    /// The lower-case name used on the command line, in URLs and in JSON, e.g. `"snowflake"`.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Pinterest => "pinterest",
            Preset::Instagram => "instagram",
            Preset::Snowflake => "snowflake",
            Preset::Discord => "discord",
            Preset::Sonyflake => "sonyflake",
        }
    }

    /// A display title, e.g. `"Snowflake (Twitter)"`.
    pub fn title(self) -> &'static str {
        match self {
            Preset::Pinterest => "Pinterest",
            Preset::Instagram => "Instagram",
            Preset::Snowflake => "Snowflake (Twitter)",
            Preset::Discord => "Discord",
            Preset::Sonyflake => "Sonyflake",
        }
    }

    /// The preset called `name`, ignoring ASCII case and surrounding whitespace.
    ///
    /// ```
    /// use shardlab_core::layout::Preset;
    /// assert_eq!(Preset::from_name(" Discord "), Ok(Preset::Discord));
    /// assert!(Preset::from_name("flickr").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Preset, UnknownPreset> {
        let wanted = name.trim();
        Preset::ALL
            .into_iter()
            .find(|preset| preset.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| UnknownPreset {
                name: name.to_owned(),
            })
    }

    /// The preset's bit layout.
    pub fn layout(self) -> BitLayout {
        let fields = match self {
            Preset::Pinterest => vec![
                Field::new("reserved", 2, FieldRole::Reserved),
                Field::new("shard", 16, FieldRole::Shard),
                Field::new("type", 10, FieldRole::Type),
                Field::new("local", 36, FieldRole::Local),
            ],
            Preset::Instagram => vec![
                Field::timestamp("timestamp", 41, millis_since(1_314_220_021_721)),
                Field::new("shard", 13, FieldRole::Shard),
                Field::new("sequence", 10, FieldRole::Sequence),
            ],
            Preset::Snowflake => vec![
                Field::new("sign", 1, FieldRole::Reserved),
                Field::timestamp("timestamp", 41, millis_since(1_288_834_974_657)),
                Field::new("datacenter", 5, FieldRole::Worker),
                Field::new("worker", 5, FieldRole::Worker),
                Field::new("sequence", 12, FieldRole::Sequence),
            ],
            Preset::Discord => vec![
                Field::timestamp("timestamp", 42, millis_since(1_420_070_400_000)),
                Field::new("worker", 5, FieldRole::Worker),
                Field::new("process", 5, FieldRole::Worker),
                Field::new("increment", 12, FieldRole::Sequence),
            ],
            Preset::Sonyflake => vec![
                Field::new("sign", 1, FieldRole::Reserved),
                Field::timestamp(
                    "time",
                    39,
                    TimeBase {
                        unit_ms: 10,
                        epoch_ms: 1_409_529_600_000,
                    },
                ),
                Field::new("sequence", 8, FieldRole::Sequence),
                Field::new("machine", 16, FieldRole::Worker),
            ],
        };
        // The tables above are fixed and a unit test validates every one of them.
        BitLayout::from_trusted(fields)
    }

    /// The shard → host config table that goes with the preset: Pinterest's 2015 table, and `None`
    /// for the others, which publish none.
    pub fn shard_map(self) -> Option<ShardMap> {
        match self {
            Preset::Pinterest => Some(ShardMap::pinterest_2015()),
            _ => None,
        }
    }
}

fn millis_since(epoch_ms: u64) -> TimeBase {
    TimeBase {
        unit_ms: 1,
        epoch_ms,
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Preset::from_name(name)
    }
}

/// The names of every preset, in picker order.
pub fn preset_names() -> [&'static str; 5] {
    Preset::ALL.map(Preset::name)
}

impl BitLayout {
    /// The layout of the preset called `name` (see [`Preset::from_name`]).
    ///
    /// ```
    /// use shardlab_core::layout::BitLayout;
    /// let sonyflake = BitLayout::preset("sonyflake")?;
    /// assert_eq!(sonyflake.field(1).and_then(|f| f.time).map(|t| t.unit_ms), Some(10));
    /// # Ok::<(), shardlab_core::layout::UnknownPreset>(())
    /// ```
    pub fn preset(name: &str) -> Result<BitLayout, UnknownPreset> {
        Preset::from_name(name).map(Preset::layout)
    }
}

/// One kind of object in Pinterest's scheme: its type ID, its name and the table its rows live in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ObjectType {
    /// The value of the type field.
    pub id: u64,
    /// What readers call it, e.g. `"Pin"`.
    pub name: &'static str,
    /// The MySQL table inside each shard database, e.g. `"pins"`.
    pub table: &'static str,
}

/// Pinterest's object types: 1 Pin, 2 board, 3 user.
pub const PINTEREST_TYPES: [ObjectType; 3] = [
    ObjectType {
        id: 1,
        name: "Pin",
        table: "pins",
    },
    ObjectType {
        id: 2,
        name: "board",
        table: "boards",
    },
    ObjectType {
        id: 3,
        name: "user",
        table: "users",
    },
];

/// The table used for a type ID that [`PINTEREST_TYPES`] does not list.
pub const UNKNOWN_TYPE_TABLE: &str = "objects";

/// The Pinterest object type with this type ID.
pub fn object_type(type_id: u64) -> Option<&'static ObjectType> {
    PINTEREST_TYPES.iter().find(|object| object.id == type_id)
}

/// The table rows of this type live in; `objects` for an unknown type.
///
/// ```
/// use shardlab_core::layout::table_for_type;
/// assert_eq!(table_for_type(1), "pins");
/// assert_eq!(table_for_type(77), "objects");
/// ```
pub fn table_for_type(type_id: u64) -> &'static str {
    object_type(type_id).map_or(UNKNOWN_TYPE_TABLE, |object| object.table)
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // test arithmetic uses fixed, known values
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_valid_and_fills_64_bits() {
        for preset in Preset::ALL {
            let layout = preset.layout();
            assert_eq!(BitLayout::new(layout.fields().to_vec()), Ok(layout.clone()));
            assert_eq!(layout.used_bits(), 64, "{preset}");
            assert_eq!(BitLayout::preset(preset.name()), Ok(layout));
            assert_eq!(preset.name().parse::<Preset>(), Ok(preset));
            assert_eq!(preset.to_string(), preset.name());
            assert!(!preset.title().is_empty());
        }
        assert_eq!(
            preset_names(),
            [
                "pinterest",
                "instagram",
                "snowflake",
                "discord",
                "sonyflake"
            ]
        );
    }

    #[test]
    fn presets_match_the_spec_table() {
        let widths = |preset: Preset| {
            preset
                .layout()
                .fields()
                .iter()
                .map(|field| (field.name.clone(), field.width))
                .collect::<Vec<_>>()
        };
        let named = |pairs: &[(&str, u32)]| {
            pairs
                .iter()
                .map(|&(name, width)| (name.to_owned(), width))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            widths(Preset::Pinterest),
            named(&[("reserved", 2), ("shard", 16), ("type", 10), ("local", 36)])
        );
        assert_eq!(
            widths(Preset::Instagram),
            named(&[("timestamp", 41), ("shard", 13), ("sequence", 10)])
        );
        assert_eq!(
            widths(Preset::Snowflake),
            named(&[
                ("sign", 1),
                ("timestamp", 41),
                ("datacenter", 5),
                ("worker", 5),
                ("sequence", 12)
            ])
        );
        assert_eq!(
            widths(Preset::Discord),
            named(&[
                ("timestamp", 42),
                ("worker", 5),
                ("process", 5),
                ("increment", 12)
            ])
        );
        assert_eq!(
            widths(Preset::Sonyflake),
            named(&[("sign", 1), ("time", 39), ("sequence", 8), ("machine", 16)])
        );
        let time_of = |preset: Preset| preset.layout().fields().iter().find_map(|field| field.time);
        assert_eq!(time_of(Preset::Pinterest), None);
        assert_eq!(
            time_of(Preset::Instagram),
            Some(millis_since(1_314_220_021_721))
        );
        assert_eq!(
            time_of(Preset::Snowflake),
            Some(millis_since(1_288_834_974_657))
        );
        assert_eq!(
            time_of(Preset::Discord),
            Some(millis_since(1_420_070_400_000))
        );
        assert_eq!(
            time_of(Preset::Sonyflake),
            Some(TimeBase {
                unit_ms: 10,
                epoch_ms: 1_409_529_600_000
            })
        );
        assert!(Preset::Pinterest.shard_map().is_some());
        assert!(Preset::Discord.shard_map().is_none());
    }

    #[test]
    fn preset_lookup_errors() {
        for name in ["", "flickr", "pinterest2", "snow flake"] {
            let err = Preset::from_name(name).unwrap_err();
            assert_eq!(err.name, name);
            assert!(err.to_string().contains("pinterest, instagram"), "{err}");
        }
        assert_eq!(Preset::from_name("PINTEREST"), Ok(Preset::Pinterest));
        assert!(BitLayout::preset("nope").is_err());
    }

    #[test]
    fn decodes_published_ids() {
        // Discord's documentation example.
        let discord = Preset::Discord.layout().decode(175_928_847_299_117_063);
        assert_eq!(
            discord.time().map(|t| t.iso8601.as_str()),
            Some("2016-04-30T11:18:25.796Z")
        );
        assert_eq!(discord.value("worker"), Some(1));
        assert_eq!(discord.value("process"), Some(0));
        assert_eq!(discord.value("increment"), Some(7));
        // Instagram's engineering post example: 41 ms bits, shard 1341, sequence 1.
        let instagram = Preset::Instagram.layout();
        let id = instagram.compose(&[1_387_263_000, 1341, 1]).unwrap();
        let decoded = instagram.decode(id);
        assert_eq!(decoded.value("shard"), Some(1341));
        assert_eq!(
            decoded.time().map(|t| t.unix_ms),
            Some(1_314_220_021_721 + 1_387_263_000)
        );
    }

    #[test]
    fn pinterest_types() {
        assert_eq!(object_type(1).map(|t| t.name), Some("Pin"));
        assert_eq!(table_for_type(1), "pins");
        assert_eq!(table_for_type(2), "boards");
        assert_eq!(table_for_type(3), "users");
        assert_eq!(object_type(0), None);
        assert_eq!(table_for_type(0), UNKNOWN_TYPE_TABLE);
        assert_eq!(table_for_type(u64::MAX), "objects");
    }

    #[test]
    fn all_lists_every_preset_once() {
        crate::assert_lists_every_variant!(
            Preset,
            Preset::ALL,
            [Pinterest, Instagram, Snowflake, Discord, Sonyflake]
        );
    }
}
