//! Why no reading reads a text ([`unread`]): the one message "whose ID is this?" shows when
//! [`rank`](super::rank) finds nothing, naming the character and its position where it can.

use thiserror::Error;

use crate::id_text::{ExpectedLength, IdTextError, TextForm};
use crate::layout::{parse_id, ParseIdError};

use super::decode::FamilyError;
use super::family::IdFamily;

/// Why no family and no preset reads a text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Unread {
    /// No text form reads it; the error is the form that read furthest into it.
    #[error("{error}")]
    Text {
        /// The form that came nearest.
        form: TextForm,
        /// Why it refused the text.
        error: IdTextError,
    },
    /// A family's form reads it, but the family refuses the ID (a UUID of an unknown variant, a
    /// decimal too wide for a TSID).
    #[error("{0}")]
    Family(FamilyError),
    /// A number the text forms read but no layout holds: the 64-bit parser's reason.
    #[error("{0}")]
    Number(ParseIdError),
}

/// Why no reading reads `text`: a family's own refusal when its form reads the text, else the
/// 64-bit parser's when some form reads it as a number, else the error of the form that read
/// furthest (a bad character at the latest position; all characters right but their number;
/// ties to the form whose length fits, then in [`TextForm::ALL`]'s order). For a text that some
/// reading reads, it still names the first refusal it meets. It never panics.
///
/// ```
/// use shardlab_core::id_family::{unread, Unread};
/// use shardlab_core::id_text::{IdTextError, TextForm};
/// let why = unread("01ARZ3NDEKTSV4RRFFQ69G5FAU");
/// assert!(matches!(
///     why,
///     Unread::Text { form: TextForm::Crockford32, error: IdTextError::BadCharacter { position: 25, found: 'U', .. } }
/// ));
/// assert!(why.to_string().starts_with("'U' at position 26 is not in a ULID's Crockford base32"));
/// ```
pub fn unread(text: &str) -> Unread {
    for family in IdFamily::ALL {
        if let (Ok(_), Err(error)) = (family.parse(text), family.read(text)) {
            return Unread::Family(error);
        }
    }
    let errors: Vec<(TextForm, IdTextError)> = TextForm::ALL
        .into_iter()
        .filter_map(|form| form.parse(text).err().map(|error| (form, error)))
        .collect();
    if errors.len() < TextForm::ALL.len() {
        if let Err(error) = parse_id(text) {
            return Unread::Number(error);
        }
    }
    let length = text.trim().chars().count();
    let mut best: Option<((i64, bool), TextForm, IdTextError)> = None;
    for (form, error) in errors {
        let score = match error {
            IdTextError::TooLong { .. } | IdTextError::Empty => {
                return Unread::Text { form, error };
            }
            IdTextError::Overflow { .. } => i64::MAX,
            IdTextError::BadCharacter { position, .. } => {
                i64::try_from(position).unwrap_or(i64::MAX)
            }
            IdTextError::WrongLength {
                found, expected, ..
            } => wrong_length_score(found, expected),
        };
        let key = (score, length_fits(form, length));
        if best.as_ref().is_none_or(|(held, _, _)| key > *held) {
            best = Some((key, form, error));
        }
    }
    match best {
        Some((_, form, error)) => Unread::Text { form, error },
        // Every form parses the text, so some reading does: name the 64-bit parser's view.
        None => Unread::Text {
            form: TextForm::Decimal,
            error: IdTextError::Empty,
        },
    }
}

/// How far a text of the right alphabet but the wrong length got: its length less twice its
/// distance to the nearest allowed one, so a ULID one character short still beats a bad
/// character at its 20th position and loses to one at its 25th.
fn wrong_length_score(found: usize, expected: ExpectedLength) -> i64 {
    let nearest = match expected {
        ExpectedLength::Exactly(count) => count,
        ExpectedLength::Either(one, other) => {
            if found.abs_diff(one) <= found.abs_diff(other) {
                one
            } else {
                other
            }
        }
        ExpectedLength::Between(least, most) => found.clamp(least, most),
    };
    let distance = i64::try_from(found.abs_diff(nearest)).unwrap_or(i64::MAX);
    i64::try_from(found)
        .unwrap_or(i64::MAX)
        .saturating_sub(distance.saturating_mul(2))
}

/// Whether a trimmed text of `length` characters has one of the lengths the form is written in,
/// wrappers included: only a tie-breaker between forms that read equally far.
fn length_fits(form: TextForm, length: usize) -> bool {
    match form {
        // Plain, dashed, in braces, after `urn:uuid:`.
        TextForm::Uuid => matches!(length, 32 | 36 | 38 | 45),
        // Bare, or in `ObjectId("…")`.
        TextForm::ObjectId => matches!(length, 24 | 36),
        TextForm::Crockford32 => length == 26,
        TextForm::Tsid => length == 13,
        TextForm::Base62 => length == 27,
        // Up to 2^128 - 1.
        TextForm::Decimal => (1..=39).contains(&length),
        // Up to 192 bits, after `0x`.
        TextForm::Hex => (1..=50).contains(&length),
    }
}
