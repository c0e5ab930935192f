//! [`IdTextError`], why a text is not an ID in a form, and [`TooWide`], why an ID has no text in
//! one. Each is a sentence meant to be shown next to the input, naming the limit or the character.

use std::fmt;

use thiserror::Error;

use crate::text::{describe_char, thousands};

use super::base62::LARGEST_KSUID;
use super::form::TextForm;

/// Why a text is not an ID in a [`TextForm`]. A parse reports the first of these it meets, in this
/// order: too long, empty, a bad character (the first one), the wrong length, overflow. A typo is
/// named before the length or the size it upsets, since fixing it often fixes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IdTextError {
    /// Longer than any ID's text could be; refused before it is read.
    #[error("an ID is at most {} characters long; this text is longer", thousands(u64::try_from(*limit).unwrap_or(u64::MAX)))]
    TooLong {
        /// The most characters read: [`MAX_ID_TEXT_CHARS`](super::MAX_ID_TEXT_CHARS).
        limit: usize,
    },
    /// Nothing but whitespace and quotes.
    #[error("type or paste an ID")]
    Empty,
    /// All characters fit the form, but not their number.
    #[error("{}", wrong_length_message(*form, *found, *expected))]
    WrongLength {
        /// The form read.
        form: TextForm,
        /// How many characters the form's part of the text has (a UUID inside its braces, hex
        /// after its `0x`).
        found: usize,
        /// How many it may have.
        expected: ExpectedLength,
    },
    /// A character the form does not allow where it stands.
    #[error("{} at position {} {}", describe_char(*found), position.saturating_add(1), not_allowed(*form))]
    BadCharacter {
        /// The form read.
        form: TextForm,
        /// Where the character stands in the whole text, counting characters (not bytes) from
        /// 0. The message counts from 1, as the 64-bit ID parser's messages do.
        position: usize,
        /// The character.
        found: char,
    },
    /// The right characters in the right number, but a value above what the form holds.
    #[error("{}", overflow_message(*form, *bits))]
    Overflow {
        /// The form read.
        form: TextForm,
        /// How many bits the form holds.
        bits: u32,
    },
}

/// How many characters a form's text may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpectedLength {
    /// This many.
    Exactly(usize),
    /// One of two (a UUID: 32 plain, 36 dashed).
    Either(usize, usize),
    /// From the first to the second, both included.
    Between(usize, usize),
}

impl ExpectedLength {
    /// Whether `found` characters are allowed.
    pub fn allows(self, found: usize) -> bool {
        match self {
            ExpectedLength::Exactly(count) => found == count,
            ExpectedLength::Either(one, other) => found == one || found == other,
            ExpectedLength::Between(least, most) => (least..=most).contains(&found),
        }
    }

    /// `Ok` when `found` characters are allowed, else [`IdTextError::WrongLength`] for `form`.
    pub(super) fn check(self, form: TextForm, found: usize) -> Result<(), IdTextError> {
        if self.allows(found) {
            Ok(())
        } else {
            Err(IdTextError::WrongLength {
                form,
                found,
                expected: self,
            })
        }
    }
}

impl fmt::Display for ExpectedLength {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpectedLength::Exactly(count) => write!(out, "{count}"),
            ExpectedLength::Either(one, other) => write!(out, "{one} or {other}"),
            ExpectedLength::Between(least, most) => write!(out, "{least} to {most}"),
        }
    }
}

/// Why an ID has no text in a form: it is wider than the form holds, so the text would lose bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{} holds {} bits at most; this ID is {bits} bits wide", form.subject(), form.max_bits())]
pub struct TooWide {
    /// The form asked for.
    pub form: TextForm,
    /// The ID's width.
    pub bits: u32,
}

fn wrong_length_message(form: TextForm, found: usize, expected: ExpectedLength) -> String {
    let unit = match form {
        TextForm::Decimal => "digits",
        TextForm::Hex => "digits (4 bits each, after 0x or not)",
        TextForm::Uuid => "characters (32 hex digits, dashed 8-4-4-4-12 or not)",
        TextForm::Crockford32 | TextForm::Tsid | TextForm::Base62 => "characters",
        TextForm::ObjectId => "hex digits",
    };
    format!(
        "{} has {expected} {unit}; this one has {found}",
        form.subject()
    )
}

fn not_allowed(form: TextForm) -> &'static str {
    match form {
        TextForm::Decimal => "is not a decimal digit",
        TextForm::Hex => "is not a hex digit",
        TextForm::Uuid => "does not belong in a UUID: 32 hex digits, dashed 8-4-4-4-12 or not",
        TextForm::Crockford32 => {
            "is not in a ULID's Crockford base32: 0-9 and A-Z but U (I and L read as 1, O as 0)"
        }
        TextForm::Tsid => {
            "is not in a TSID's Crockford base32: 0-9 and A-Z but U (I and L read as 1, O as 0)"
        }
        TextForm::Base62 => "is not in a KSUID's base62: 0-9, A-Z and a-z",
        TextForm::ObjectId => "is not a hex digit; an ObjectId is 24 of them",
    }
}

fn overflow_message(form: TextForm, bits: u32) -> String {
    let subject = form.subject();
    match form {
        TextForm::Decimal => format!(
            "{subject} holds {bits} bits, so it is at most {}; this one is larger",
            u128::MAX
        ),
        TextForm::Crockford32 => format!(
            "{subject} holds {bits} bits, so its first character is 0 to 7 (26 base32 characters \
             would hold 130)"
        ),
        TextForm::Tsid => format!(
            "{subject} holds {bits} bits, so its first character is 0 to F (13 base32 characters \
             would hold 65)"
        ),
        TextForm::Base62 => format!(
            "{subject} holds {bits} bits, so it is at most {LARGEST_KSUID}; this one is larger"
        ),
        TextForm::Hex | TextForm::Uuid | TextForm::ObjectId => {
            format!("{subject} holds {bits} bits at most")
        }
    }
}
