//! "Whose ID is this?": every layout a text parses under, with the time each reading gives and
//! whether that time is plausible, ranked.
//!
//! A snowflake-shaped number parses under every 64-bit layout, and each reads a different time
//! from it, because each counts from its own epoch. The order of [`rank`] weighs the evidence
//! from the strongest down, each key breaking the previous one's ties:
//!
//! 1. **The time** ([`Plausibility`]): a reading that puts the ID in the future, or before its
//!    scheme's epoch, is not the ID's layout. Plausible readings come first, then those with no
//!    time to judge, then the impossible ones.
//! 2. **The other fields** ([`Fit`]): a reading whose tick-restarting sequence is small explains
//!    those bits too, and comes before one whose fields say nothing; one that needs a reserved bit
//!    set or a sequence a worker could hardly reach comes last (see `fit.rs` for the rules and
//!    their sources). This is what puts Instagram's example above the Twitter and Discord
//!    readings that would make it 1,031 IDs from one worker in one millisecond.
//! 3. **Where the scheme's IDs are met** ([`Source`](super::Source)): a public service's layout before a
//!    library's default. A Discord ID from 2016 reads as a Sonyflake ID from 2017 with a small
//!    sequence and as a TSID from 2021; nothing in its bits tells them apart, but a pasted number
//!    is far more often a service's.
//! 4. **Recency**: among the rest, the time nearest now. IDs people paste are mostly recent, and a
//!    reading against a wrong, earlier epoch lands further in the past, so this splits Discord
//!    from Twitter.
//!
//! Two kinds of tie stay genuinely open, and the tests name them: a layout with no time field
//! (Pinterest) can never outrank a plausible time, and two layouts that differ only in their
//! epoch (Twitter and Discord; Sonyflake v1 and v2) both read plausibly once the later epoch's
//! reading has passed. Recency still lists the later one first, but that alone is no evidence: a
//! 2022 tweet is as much a Discord ID from 2026. [`epoch_tie`] finds that case, the same count
//! since two epochs with nothing else between them, so the page can say it is a tie and why
//! instead of naming a winner. The core has no clock, so the caller passes now.

use thiserror::Error;

use crate::id_text::MAX_ID_TEXT_CHARS;
use crate::layout::{parse_id, Preset};
use crate::text::quote;

use super::family::IdFamily;
use super::fit::Fit;
use super::layout::WideLayout;

/// A way to read an ID: one of the families, or one of the 64-bit presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// An ID family ([`IdFamily`]).
    Family(IdFamily),
    /// A 64-bit layout preset ([`Preset`]).
    Preset(Preset),
}

impl Reading {
    /// Every reading [`rank`] tries, in the order it lists readings of equal standing: the
    /// families with a text form of their own first, then the readings of a number, the presets
    /// with a time field before Pinterest's, which has none.
    pub const ALL: [Reading; 11] = [
        Reading::Family(IdFamily::Uuid),
        Reading::Family(IdFamily::ObjectId),
        Reading::Family(IdFamily::Ulid),
        Reading::Family(IdFamily::Ksuid),
        Reading::Preset(Preset::Snowflake),
        Reading::Preset(Preset::Discord),
        Reading::Preset(Preset::Instagram),
        Reading::Preset(Preset::Sonyflake),
        Reading::Family(IdFamily::SonyflakeV2),
        Reading::Family(IdFamily::Tsid),
        Reading::Preset(Preset::Pinterest),
    ];

    /// The name `decode --layout` takes for it.
    pub fn name(self) -> &'static str {
        match self {
            Reading::Family(family) => family.name(),
            Reading::Preset(preset) => preset.name(),
        }
    }

    /// The preset or family called `name` (a family's alias too), ignoring ASCII case and
    /// surrounding whitespace: the one lookup behind `decode --layout`.
    ///
    /// ```
    /// use shardlab_core::id_family::{IdFamily, Reading};
    /// use shardlab_core::layout::Preset;
    /// assert_eq!(Reading::from_name("Discord"), Ok(Reading::Preset(Preset::Discord)));
    /// assert_eq!(Reading::from_name("uuidv7"), Ok(Reading::Family(IdFamily::Uuid)));
    /// assert!(Reading::from_name("flickr").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Reading, UnknownLayout> {
        Preset::from_name(name)
            .map(Reading::Preset)
            .or_else(|_| IdFamily::from_name(name).map(Reading::Family))
            .map_err(|_| UnknownLayout {
                name: name.to_owned(),
            })
    }
}

/// A layout name that is neither a preset nor a family.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("there is no layout called {}; the layouts are pinterest, instagram, snowflake, discord, sonyflake, uuid (or uuidv7), ulid, ksuid, objectid, tsid and sonyflake-v2", quote(name))]
pub struct UnknownLayout {
    /// The name asked for.
    pub name: String,
}

/// Whether a reading's time could be when the ID was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Plausibility {
    /// Between the scheme's epoch and now.
    Plausible,
    /// The layout has no time field (Pinterest, UUIDv4), so nothing speaks against it.
    NoTime,
    /// Before the scheme's epoch; for the schemes that count from 1970 or 1582, before 1970,
    /// when no such ID was made.
    BeforeEpoch {
        /// The earliest plausible time, in Unix ms.
        earliest_unix_ms: i64,
    },
    /// After now, or too far ahead to be a Unix time in milliseconds at all.
    InTheFuture,
}

impl Plausibility {
    /// Where the verdict ranks: plausible first, then no time, then the implausible.
    fn standing(self) -> u8 {
        match self {
            Plausibility::Plausible => 0,
            Plausibility::NoTime => 1,
            Plausibility::BeforeEpoch { .. } => 2,
            Plausibility::InTheFuture => 3,
        }
    }

    /// Whether the verdict speaks for the reading: plausible, or with no time to judge.
    pub fn is_possible(self) -> bool {
        match self {
            Plausibility::Plausible | Plausibility::NoTime => true,
            Plausibility::BeforeEpoch { .. } | Plausibility::InTheFuture => false,
        }
    }
}

/// One reading a text parses under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    /// The family or preset.
    pub reading: Reading,
    /// For a family, the layout the ID was read with (a UUID's version); `None` for a preset.
    pub layout: Option<WideLayout>,
    /// The time the reading gives, in Unix ms, when it has one that fits.
    pub unix_ms: Option<i64>,
    /// The epoch the reading counts its time from, in Unix ms, when it has a time field.
    pub epoch_unix_ms: Option<i64>,
    /// Whether that time is plausible.
    pub plausibility: Plausibility,
    /// What the fields besides the time say.
    pub fit: Fit,
}

/// Every reading `text` parses under, ranked by the module's four keys: the time's verdict
/// (plausible, no time, before the epoch, in the future), the other fields' [`Fit`], the
/// [`Source`](super::Source), then, among plausible readings, the time nearest `now_unix_ms`; readings equal on
/// all four keep [`Reading::ALL`]'s order. Empty when the text parses under none. It never
/// panics, whatever the input.
///
/// ```
/// use shardlab_core::id_family::{rank, Plausibility, Reading};
/// use shardlab_core::layout::Preset;
/// // A Twitter snowflake from 2022, ranked on 2024-01-01.
/// let ranked = rank("1541815603606036480", 1_704_067_200_000);
/// assert_eq!(ranked[0].reading, Reading::Preset(Preset::Snowflake));
/// assert_eq!(ranked[0].unix_ms, Some(1_656_432_460_105));
/// let discord = ranked.iter().find(|c| c.reading == Reading::Preset(Preset::Discord));
/// assert_eq!(discord.map(|c| c.plausibility), Some(Plausibility::InTheFuture));
/// // Discord's own example, from 2016: Discord first, though TSID and Sonyflake read later times.
/// let ranked = rank("175928847299117063", 1_704_067_200_000);
/// assert_eq!(ranked[0].reading, Reading::Preset(Preset::Discord));
/// ```
///
/// A text over [`MAX_ID_TEXT_CHARS`] is read by no reading, as every ID box refuses it: the
/// 64-bit parser alone would read a number padded with 2,000,000 zeros, and a page ranks the
/// text on every render and writes it into its address. [`unread`](super::unread) names the limit.
///
/// ```
/// use shardlab_core::id_family::rank;
/// use shardlab_core::id_text::MAX_ID_TEXT_CHARS;
/// let padded = format!("{}1541815603606036480", "0".repeat(MAX_ID_TEXT_CHARS));
/// assert!(rank(&padded, 0).is_empty());
/// ```
pub fn rank(text: &str, now_unix_ms: i64) -> Vec<Candidate> {
    // Decodes at most one character past the limit, however long the text is.
    if text.chars().nth(MAX_ID_TEXT_CHARS).is_some() {
        return Vec::new();
    }
    let mut candidates: Vec<Candidate> = Reading::ALL
        .into_iter()
        .filter_map(|reading| read(reading, text, now_unix_ms))
        .collect();
    // Stable: equal keys keep `Reading::ALL`'s order.
    candidates.sort_by_key(|candidate| {
        let nearest_first = match candidate.plausibility {
            Plausibility::Plausible => candidate.unix_ms.map(i64::saturating_neg),
            Plausibility::NoTime | Plausibility::BeforeEpoch { .. } | Plausibility::InTheFuture => {
                None
            }
        };
        (
            candidate.plausibility.standing(),
            candidate.fit.standing(),
            candidate.reading.source().standing(),
            nearest_first,
        )
    });
    candidates
}

/// The two readings at the top of a ranking that nothing but recency tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EpochTie {
    /// The reading listed first (the later time).
    pub first: Candidate,
    /// The reading listed second (the same count from the earlier epoch).
    pub second: Candidate,
    /// How far apart the two epochs are, in ms: the gap between the two times.
    pub epochs_apart_ms: i64,
}

/// Whether the first two readings of `ranked` (as [`rank`] ordered them) are an epoch tie: both
/// plausible, equal on the fields' [`Fit`] and the [`Source`](super::Source), and the same time
/// count read from two epochs (each time minus its epoch is the same), so only recency put one
/// above the other. `None` when the ranking has a winner on the evidence.
///
/// ```
/// use shardlab_core::id_family::{epoch_tie, rank, Reading};
/// use shardlab_core::layout::Preset;
/// // A tweet from 2022, ranked on 2026-12-01: Discord's reading (2026) is plausible too.
/// let ranked = rank("1541815603606036480", 1_796_083_200_000);
/// let tie = epoch_tie(&ranked).expect("a tie");
/// assert_eq!(tie.first.reading, Reading::Preset(Preset::Discord));
/// assert_eq!(tie.second.reading, Reading::Preset(Preset::Snowflake));
/// // Ranked in 2024, Discord's reading was in the future: Twitter won on the evidence.
/// assert_eq!(epoch_tie(&rank("1541815603606036480", 1_704_067_200_000)), None);
/// ```
pub fn epoch_tie(ranked: &[Candidate]) -> Option<EpochTie> {
    let [first, second, ..] = ranked else {
        return None;
    };
    let plausible = |c: &Candidate| c.plausibility == Plausibility::Plausible;
    let elapsed = |c: &Candidate| c.unix_ms?.checked_sub(c.epoch_unix_ms?);
    let same_evidence = plausible(first)
        && plausible(second)
        && first.fit.standing() == second.fit.standing()
        && first.reading.source().standing() == second.reading.source().standing();
    let count = elapsed(first)?;
    (same_evidence && elapsed(second)? == count).then(|| EpochTie {
        first: *first,
        second: *second,
        epochs_apart_ms: first
            .epoch_unix_ms
            .unwrap_or_default()
            .saturating_sub(second.epoch_unix_ms.unwrap_or_default()),
    })
}

/// `text` read one way, or `None` when it does not parse that way.
fn read(reading: Reading, text: &str, now_unix_ms: i64) -> Option<Candidate> {
    match reading {
        Reading::Family(family) => {
            let decoded = family.read(text).ok()?;
            let epoch_unix_ms = decoded.layout.time_base().map(|base| base.epoch_unix_ms);
            let earliest = epoch_unix_ms.map(|epoch| epoch.max(0));
            let fields: Vec<(&str, u32, u128)> = decoded
                .fields
                .iter()
                .map(|decoded| (decoded.field.name, decoded.field.width, decoded.value))
                .collect();
            Some(Candidate {
                reading,
                layout: Some(decoded.layout),
                unix_ms: decoded.time.map(|time| time.unix_ms),
                epoch_unix_ms,
                plausibility: judge(earliest, decoded.time.map(|time| time.unix_ms), now_unix_ms),
                fit: Fit::judge(reading, &fields),
            })
        }
        Reading::Preset(preset) => {
            let id = parse_id(text).ok()?;
            let layout = preset.layout();
            let earliest = layout
                .fields()
                .iter()
                .find_map(|field| field.time)
                .map(|base| i64::try_from(base.epoch_ms).unwrap_or(i64::MAX));
            let decoded = layout.decode(id);
            let unix_ms = decoded
                .time()
                .and_then(|time| i64::try_from(time.unix_ms).ok());
            let fields: Vec<(&str, u32, u128)> = decoded
                .fields
                .iter()
                .map(|field| (field.name.as_str(), field.width, u128::from(field.value)))
                .collect();
            Some(Candidate {
                reading,
                layout: None,
                unix_ms,
                epoch_unix_ms: earliest,
                plausibility: judge(earliest, unix_ms, now_unix_ms),
                fit: Fit::judge(reading, &fields),
            })
        }
    }
}

/// The verdict on a time, given the earliest plausible time (`None` when the layout has no time
/// field) and now. A layout with a time field but no time that fits is far in the future.
fn judge(earliest: Option<i64>, unix_ms: Option<i64>, now_unix_ms: i64) -> Plausibility {
    let Some(earliest_unix_ms) = earliest else {
        return Plausibility::NoTime;
    };
    match unix_ms {
        Some(at) if at < earliest_unix_ms => Plausibility::BeforeEpoch { earliest_unix_ms },
        Some(at) if at <= now_unix_ms => Plausibility::Plausible,
        Some(_) | None => Plausibility::InTheFuture,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Reading::ALL`] is every family and every preset, each once. Its variants carry an enum,
    /// so the list is checked against the inner lists rather than by
    /// [`assert_lists_every_variant!`](crate::assert_lists_every_variant); the `match` has no
    /// catch-all, so a new kind of reading does not compile here until it is named.
    #[test]
    fn all_lists_every_family_and_every_preset_once() {
        for reading in Reading::ALL {
            let listed_inside = match reading {
                Reading::Family(family) => IdFamily::ALL.contains(&family),
                Reading::Preset(preset) => Preset::ALL.contains(&preset),
            };
            assert!(listed_inside, "{reading:?}");
        }
        let readings = IdFamily::ALL
            .map(Reading::Family)
            .into_iter()
            .chain(Preset::ALL.map(Reading::Preset));
        for reading in readings {
            let times = Reading::ALL.iter().filter(|r| **r == reading).count();
            assert_eq!(times, 1, "{reading:?}");
        }
        assert_eq!(Reading::ALL.len(), IdFamily::ALL.len() + Preset::ALL.len());
    }
}
