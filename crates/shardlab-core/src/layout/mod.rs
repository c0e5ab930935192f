//! 64-bit ID layouts and ID-encoded placement: how an ID's bits name a shard, a type and a row, and
//! how a config table turns the shard into a host.
//!
//! - [`BitLayout`]: named fields, most significant first, with [`compose`](BitLayout::compose),
//!   [`decompose`](BitLayout::decompose), [`decode`](BitLayout::decode), per-field
//!   [`shift`](BitLayout::shift) and [`mask`](BitLayout::mask), and validated editing helpers.
//! - [`parse_id`]: decimal, `0x` hex or `0b` binary IDs as people paste them.
//! - [`Preset`]: the Pinterest, Instagram, Snowflake, Discord and Sonyflake layouts.
//! - [`ShardMap`]: shard ranges → master/standby pairs, with lookup and splitting.
//! - [`IdAllocator`]: per-(shard, type) auto-increment counters that compose new IDs.
//! - [`IdGenerator`]: "insert a new object" as steps, with its seeded [`SplitMix64`].
//! - [`number_rounding`] and [`BitLayout::mask32`]: what `Number(id)` and a 32-bit mask do to an
//!   ID (the one double in this module is the subject of `number_rounding`).
//! - [`run_lab`]: the generator's failure lab, a seeded run of clock-path generators with one
//!   [`Fault`] injected and answered by a [`Policy`]; with [`birthday`] (random worker IDs
//!   colliding, computed and measured) and [`rollover`] (when a timestamp runs out).
//! - Starting values and typed-input rules: [`Preset::example_id`], [`default_table`],
//!   [`starting_allocator`], [`BitLayout::top_field`], [`check_host_name`],
//!   [`TimeBase::unit_allowed`], [`TimeBase::check_span`].
//!
//! All arithmetic is on integers except the lab's birthday chance (a few IEEE operations, allowed
//! where they are); there is no clock and no I/O in this module.
//!
//! ```
//! use shardlab_core::layout::{parse_id, BitLayout, ShardMap};
//! let id = parse_id("241294492511762325")?;
//! let layout = BitLayout::preset("pinterest")?;
//! let decoded = layout.decode(id);
//! assert_eq!(decoded.value("shard"), Some(3429));
//! let location = ShardMap::pinterest_2015().locate(&layout, id)?;
//! assert_eq!(location.hosts.master, "MySQL007A");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// IDs come from readers, so every shift, sum and index on them must be checked or proven safe
// (the crate's no-panic lints, in lib.rs); on top of those, layout arithmetic is integer-only and
// every public item is documented.
#![warn(clippy::float_arithmetic, missing_docs)]

mod allocator;
mod bits;
mod defaults;
mod failure_lab;
mod generate;
mod parse;
mod pitfalls;
mod presets;
mod shard_map;
mod time;

pub use allocator::{AllocError, Allocated, IdAllocator};
pub use bits::{
    BitLayout, ComposeError, DecodeWarning, Decoded, DecodedField, DecodedTime, Field, FieldRole,
    LayoutError, ID_BITS, MAX_FIELDS, MAX_NAME_CHARS,
};
pub use defaults::{
    check_host_name, default_table, even_table, starting_allocator, HostNameError, DEFAULT_PAIRS,
    DEFAULT_SHARDS_IN_USE, DISCORD_EXAMPLE, EXAMPLE_PIN, EXAMPLE_UNIX_MS, INSTAGRAM_EXAMPLE,
    MAX_LAYOUT_FILE_BYTES, MAX_LAYOUT_IMPORT_BYTES, SNOWFLAKE_EXAMPLE, SONYFLAKE_EXAMPLE,
};
pub use failure_lab::{
    birthday, identity_bits, rollover, run_lab, Birthday, Duplicate, Fault, FaultKind, LabError,
    LabReport, NumberRounded, Policy, Rollover, Scenario, Window, BIRTHDAY_TRIALS, LAB_SEED,
    LAB_START_MS, LAB_WINDOWS, MAX_BIRTHDAY_TRIALS, MAX_DUPLICATE_EXAMPLES, MAX_GENERATORS,
    MAX_LAB_IDS, MAX_PER_MS, MAX_SPAN_MS, MAX_STEP_BACK_MS,
};
pub use generate::{
    GenerateError, GenerateStep, GeneratedId, IdGenerator, InsertRequest, SplitMix64,
    GENERATOR_SEED,
};
pub use parse::{parse_id, IdRadix, ParseIdError};
pub(crate) use parse::{trim, unwrap_quotes};
pub use pitfalls::{number_rounding, Mask32, NumberRounding, F64_EXACT_INTEGERS, MASK_32};
pub use presets::{
    object_type, preset_names, table_for_type, ObjectType, Preset, UnknownPreset, PINTEREST_TYPES,
    UNKNOWN_TYPE_TABLE,
};
pub use shard_map::{
    database_name, moved_half, query_line, HostPair, Location, ShardId, ShardMap, ShardMapError,
    ShardRange, Split, MAX_HOST_NAME_CHARS, MAX_RANGES,
};
pub use time::{
    format_unix_ms, parse_iso_utc, IsoParseError, PastLargestTime, TimeBase, TimeError, MAX_UNIT_MS,
};
