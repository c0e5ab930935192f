//! [`TextForm`]: the ways an ID is written, each with its parser, its formatter and the width it
//! carries.

use std::fmt;

use super::error::{IdTextError, TooWide};
use super::input::{chars_within_limit, Span};
use super::wide_id::WideId;
use super::{base62, crockford, decimal, hex, object_id, uuid};

/// A way an ID is written as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextForm {
    /// Decimal digits: an integer of up to 128 bits (a snowflake ID, a UUID as a number).
    Decimal,
    /// Hex digits, after `0x` or not, in either case: 4 bits a digit, up to 192 bits.
    Hex,
    /// A UUID (RFC 9562): 32 hex digits, dashed 8-4-4-4-12 or not, optionally in braces or after
    /// `urn:uuid:`, in either case. Written lower case and dashed.
    Uuid,
    /// ULID's base32, Crockford's alphabet: 26 characters for 128 bits. Read in either case with
    /// Crockford's aliases (I and L for 1, O for 0), as the ULID spec says; written upper case.
    Crockford32,
    /// TSID's text: the same alphabet and aliases as [`Crockford32`](TextForm::Crockford32), 13
    /// characters for 64 bits (f4b6a3/tsid-creator's `Tsid.toString`); written upper case.
    Tsid,
    /// KSUID's base62 (`0-9A-Za-z`): 27 characters for 160 bits, left-padded with `0`.
    Base62,
    /// A MongoDB ObjectId: 24 hex digits (96 bits), bare or as `ObjectId("…")`. Written as
    /// `ObjectId("…")`, lower case.
    ObjectId,
}

impl TextForm {
    /// Every form, in the order [`detect_forms`](super::detect_forms) lists them: the forms of one
    /// shape and length first, the most particular first (a dashed UUID or a 24-digit ObjectId
    /// says more than 26 characters that might be a ULID), then the open-ended numbers, decimal
    /// before hex, since a text of digits alone is far more often a decimal ID.
    pub const ALL: [TextForm; 7] = [
        TextForm::Uuid,
        TextForm::ObjectId,
        TextForm::Crockford32,
        TextForm::Tsid,
        TextForm::Base62,
        TextForm::Decimal,
        TextForm::Hex,
    ];

    /// The form's name as a command line or a saved setting spells it.
    pub fn name(self) -> &'static str {
        match self {
            TextForm::Decimal => "decimal",
            TextForm::Hex => "hex",
            TextForm::Uuid => "uuid",
            TextForm::Crockford32 => "crockford32",
            TextForm::Tsid => "tsid",
            TextForm::Base62 => "base62",
            TextForm::ObjectId => "objectid",
        }
    }

    /// The widest ID the form carries. Every form but hex reads to exactly this width; hex reads
    /// to 4 bits a digit, up to this.
    pub fn max_bits(self) -> u32 {
        match self {
            TextForm::Decimal | TextForm::Uuid | TextForm::Crockford32 => 128,
            TextForm::Hex => super::MAX_ID_BITS,
            TextForm::Base62 => 160,
            TextForm::ObjectId => 96,
            TextForm::Tsid => 64,
        }
    }

    /// What a message calls an ID in this form: "a UUID".
    pub(super) fn subject(self) -> &'static str {
        match self {
            TextForm::Decimal => "a decimal ID",
            TextForm::Hex => "a hex ID",
            TextForm::Uuid => "a UUID",
            TextForm::Crockford32 => "a ULID",
            TextForm::Tsid => "a TSID",
            TextForm::Base62 => "a KSUID",
            TextForm::ObjectId => "an ObjectId",
        }
    }

    /// The ID `text` holds in this form. Whitespace at both ends and one pair of quotes around it
    /// are dropped first. It never panics, whatever the input.
    ///
    /// ```
    /// use shardlab_core::id_text::{IdTextError, TextForm};
    /// let id = TextForm::Uuid.parse("{017F22E2-79B0-7CC3-98C4-DC0C0C07398F}")?;
    /// assert_eq!(id.bits(), 128);
    /// assert_eq!(TextForm::Uuid.format(&id)?, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    /// assert!(matches!(
    ///     TextForm::Crockford32.parse("01ARZ3NDEKTSV4RRFFQ69G5FAU"),
    ///     Err(IdTextError::BadCharacter { position: 25, found: 'U', .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(self, text: &str) -> Result<WideId, IdTextError> {
        let chars = chars_within_limit(text)?;
        let span = Span::framed(&chars)?;
        match self {
            TextForm::Decimal => decimal::parse(span),
            TextForm::Hex => hex::parse(span),
            TextForm::Uuid => uuid::parse(span),
            TextForm::Crockford32 => crockford::parse(span, self, crockford::ULID_LEN),
            TextForm::Tsid => crockford::parse(span, self, crockford::TSID_LEN),
            TextForm::Base62 => base62::parse(span),
            TextForm::ObjectId => object_id::parse(span),
        }
    }

    /// `id` written in this form, in its canonical spelling, left-padded to the form's length
    /// when it is narrower; [`TooWide`] when it is wider than [`max_bits`](TextForm::max_bits),
    /// since the text would lose bits.
    pub fn format(self, id: &WideId) -> Result<String, TooWide> {
        if id.bits() > self.max_bits() {
            return Err(TooWide {
                form: self,
                bits: id.bits(),
            });
        }
        Ok(match self {
            TextForm::Decimal => decimal::format(id),
            TextForm::Hex => hex::format(id),
            TextForm::Uuid => uuid::format(id),
            TextForm::Crockford32 => crockford::format(id, crockford::ULID_LEN),
            TextForm::Tsid => crockford::format(id, crockford::TSID_LEN),
            TextForm::Base62 => base62::format(id),
            TextForm::ObjectId => object_id::format(id),
        })
    }
}

/// What a reader calls the form: "UUID", "Crockford base32".
impl fmt::Display for TextForm {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str(match self {
            TextForm::Decimal => "decimal",
            TextForm::Hex => "hex",
            TextForm::Uuid => "UUID",
            TextForm::Crockford32 => "Crockford base32",
            TextForm::Tsid => "TSID base32",
            TextForm::Base62 => "base62",
            TextForm::ObjectId => "ObjectId",
        })
    }
}

/// The forms `text` parses under, in [`TextForm::ALL`]'s order: the first question of "whose ID
/// is this?". Empty when it parses under none.
///
/// ```
/// use shardlab_core::id_text::{detect_forms, TextForm};
/// assert_eq!(detect_forms("507f1f77bcf86cd799439011"), [TextForm::ObjectId, TextForm::Hex]);
/// assert_eq!(detect_forms("1541815603606036480"), [TextForm::Decimal, TextForm::Hex]);
/// assert_eq!(detect_forms("not an id"), []);
/// ```
pub fn detect_forms(text: &str) -> Vec<TextForm> {
    TextForm::ALL
        .into_iter()
        .filter(|form| form.parse(text).is_ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_every_form_once() {
        crate::assert_lists_every_variant!(
            TextForm,
            TextForm::ALL,
            [Decimal, Hex, Uuid, Crockford32, Tsid, Base62, ObjectId]
        );
    }
}
