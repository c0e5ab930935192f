//! Numbers for display: rounded for reading, with the exact value kept by the caller for tooltips.

/// A count with thousands separators: 20000 → "20,000". The core's rule, which the CLI and the
/// length of a quoted value use too.
pub use shardlab_core::text::thousands as format_count;
