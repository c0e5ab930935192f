//! The Learn course as every page knows it, without its chapters: the chapters' slugs (the router
//! of every page parses `#/learn/<slug>`), their count, and the two names through which the
//! header follows the reader's progress (the stored finished count and the change event).
//!
//! Shared code reads these here, never from `learn`, so no page but the one with the course
//! carries its prose or its progress code. `learn::progress` writes the count and fires the event
//! (and re-exports these items); `learn::chapters` checks its chapters against the slugs.

use std::fmt;
use std::str::FromStr;

/// The localStorage key of the finished-chapter count alone, a plain number, written by
/// `learn::progress::save`: the header of every page reads it, and parsing the whole progress
/// there would cost every page's bundle.
pub const COUNT_KEY: &str = "shardlab.learn.finished";
/// The window event fired after the progress changes, so the header and the home page follow.
pub const CHANGED_EVENT: &str = "shardlab-learn-progress";

/// Every chapter's slug, in order: the `<slug>` of `#/learn/<slug>`.
pub const CHAPTER_SLUGS: [&str; CHAPTER_COUNT] = [
    "shard-later",
    "shard-key",
    "range-hash-directory",
    "mod-n",
    "ring",
    "virtual-nodes",
    "replication",
    "maglev",
    "hot-keys",
    "shard-in-the-id",
    "grow-by-shards",
    "id-schemes",
    "pinterest-board",
    "failover-replicas",
    "trade-offs",
];

/// How many chapters the course has (`learn::chapters` checks it against `CHAPTERS`).
pub const CHAPTER_COUNT: usize = 15;

/// A known chapter's slug; parsing anything else fails, so the router shows "not found".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChapterSlug(pub &'static str);

impl ChapterSlug {
    /// The chapter's position in the course, 0-based.
    pub fn index(self) -> usize {
        CHAPTER_SLUGS.iter().position(|s| *s == self.0).unwrap_or(0)
    }
}

impl FromStr for ChapterSlug {
    type Err = ();

    fn from_str(text: &str) -> Result<Self, ()> {
        CHAPTER_SLUGS
            .iter()
            .find(|s| **s == text)
            .map(|s| ChapterSlug(s))
            .ok_or(())
    }
}

impl fmt::Display for ChapterSlug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}
