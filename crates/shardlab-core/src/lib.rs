//! The pure core of shardlab.
//!
//! Everything that computes a number lives here, so that the web app, the `shardlab` CLI and the
//! benchmarks all call the same functions. The crate does no I/O and has no web dependency; it builds
//! for `wasm32-unknown-unknown` and for native targets alike.
//!
//! - [`catalogue`]: the widgets' names and titles, and the state each Ring widget opens on.
//! - [`course`]: the Learn course's rules (a guess against a measurement and its spread).
//! - [`every`]: the test that an enum's hand-written `ALL` list holds every variant exactly once
//!   ([`assert_lists_every_variant!`]).
//! - [`id_batch`]: a pile of IDs (one per line or a CSV column) summarised in slices: time span,
//!   IDs per shard or worker, out-of-order IDs, duplicates, sequence gaps and exhausted ticks.
//! - [`id_family`]: the ID families beyond the 64-bit presets (UUID, ULID, KSUID, ObjectId,
//!   TSID, Sonyflake v2), decoded and composed, and "whose ID is this?" ranking over them all.
//! - [`id_text`]: the text forms of IDs up to 192 bits (UUID, ULID's base32, KSUID's base62,
//!   ObjectId, hex, decimal) to big-endian bytes and back, and the forms a text parses under.
//! - [`input_text`]: reader-supplied text before it is parsed: a leading byte-order mark dropped,
//!   and JSON refused when it nests deeper than the readers' one limit.
//! - [`kept`]: stored values kept aside rather than lost (at most three, each with its time and
//!   why), for the Board's autosave and Learn's progress.
//! - [`layout`]: 64-bit ID bit layouts (Pinterest, Snowflake, …), ID parsing, the shard → host
//!   config table and the per-shard ID allocator.
//! - [`placement`]: the placement schemes (mod N, ring, jump, rendezvous, range, directory,
//!   ID-encoded, Maglev, multi-probe, bounded loads), the movement, balance and metric
//!   experiments, and hot-key request routing.
//! - [`sim`]: the system-design board's model and its seeded simulator.
//! - [`stepped`]: the [`Stepped`](stepped::Stepped) trait of resumable work (the experiments, the
//!   directory change, the simulation) and its one [`Progress`](stepped::Progress) type.
//! - [`text`]: reader-supplied text as a message quotes it, short and with hidden characters
//!   named, and counts with thousands separators.
//! - [`view_limits`]: what the views count and draw at most (and why a drawing limit is a rule).

// No panic from input (issue 8 §3): IDs, layouts, config tables, server lists, weights and designs
// all come from readers (the app's URL state and imports, the CLI), so no unwrap, expect, index or
// unchecked arithmetic is allowed anywhere in the crate. Each exception is a narrow `allow` with
// the reason it stays in range beside it.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

pub mod catalogue;
pub mod course;
pub mod every;
pub mod id_batch;
pub mod id_family;
pub mod id_text;
pub mod input_text;
pub mod kept;
pub mod layout;
pub mod placement;
pub mod sim;
pub mod stepped;
pub mod text;
pub mod view_limits;
