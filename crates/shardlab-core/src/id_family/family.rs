//! [`IdFamily`]: the ID families wider than, or other than, the 64-bit presets, with their
//! names, widths and text forms, and reading a text as one of them.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use thiserror::Error;

use crate::id_text::{IdTextError, TextForm, WideId};
use crate::text::quote;

use super::decode::FamilyError;
use super::layout::WideLayout;

/// An ID family: a scheme with its own width, text and layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IdFamily {
    /// UUID (RFC 9562), 128 bits, any version.
    Uuid,
    /// ULID, 128 bits: 48-bit Unix ms and 80 random bits.
    Ulid,
    /// KSUID, 160 bits: 32-bit seconds since 2014-05-13T16:53:20Z and a 128-bit payload.
    Ksuid,
    /// MongoDB ObjectId, 96 bits: Unix seconds, a per-process random value and a counter.
    #[serde(rename = "objectid")]
    ObjectId,
    /// TSID (f4b6a3/tsid-creator), 64 bits: 42-bit ms since 2020, node and counter.
    Tsid,
    /// Sonyflake v2 (sony/sonyflake/v2), 64 bits: 39 bits of 10 ms since 2025, sequence and
    /// machine.
    SonyflakeV2,
}

/// A family name that shardlab does not know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("there is no ID family called {}; the families are uuid (or uuidv7), ulid, ksuid, objectid, tsid and sonyflake-v2", quote(name))]
pub struct UnknownFamily {
    /// The name asked for.
    pub name: String,
}

impl IdFamily {
    /// Every family, in the order a picker lists them.
    pub const ALL: [IdFamily; 6] = [
        IdFamily::Uuid,
        IdFamily::Ulid,
        IdFamily::Ksuid,
        IdFamily::ObjectId,
        IdFamily::Tsid,
        IdFamily::SonyflakeV2,
    ];

    /// The name the command line and JSON use: `"sonyflake-v2"`.
    pub fn name(self) -> &'static str {
        match self {
            IdFamily::Uuid => "uuid",
            IdFamily::Ulid => "ulid",
            IdFamily::Ksuid => "ksuid",
            IdFamily::ObjectId => "objectid",
            IdFamily::Tsid => "tsid",
            IdFamily::SonyflakeV2 => "sonyflake-v2",
        }
    }

    /// Other names the family answers to: `uuidv7`, since the version is read from the UUID
    /// itself and a reader who asks for v7 gets whatever version the UUID has.
    fn aliases(self) -> &'static [&'static str] {
        match self {
            IdFamily::Uuid => &["uuidv7"],
            IdFamily::Ulid
            | IdFamily::Ksuid
            | IdFamily::ObjectId
            | IdFamily::Tsid
            | IdFamily::SonyflakeV2 => &[],
        }
    }

    /// A display title: `"MongoDB ObjectId"`.
    pub fn title(self) -> &'static str {
        match self {
            IdFamily::Uuid => "UUID",
            IdFamily::Ulid => "ULID",
            IdFamily::Ksuid => "KSUID",
            IdFamily::ObjectId => "MongoDB ObjectId",
            IdFamily::Tsid => "TSID",
            IdFamily::SonyflakeV2 => "Sonyflake v2",
        }
    }

    /// The family called `name` (or one of its aliases), ignoring ASCII case and surrounding
    /// whitespace.
    ///
    /// ```
    /// use shardlab_core::id_family::IdFamily;
    /// assert_eq!(IdFamily::from_name("UUIDv7"), Ok(IdFamily::Uuid));
    /// assert_eq!(IdFamily::from_name("sonyflake-v2"), Ok(IdFamily::SonyflakeV2));
    /// assert!(IdFamily::from_name("snowflake").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<IdFamily, UnknownFamily> {
        let wanted = name.trim();
        IdFamily::ALL
            .into_iter()
            .find(|family| {
                std::iter::once(family.name())
                    .chain(family.aliases().iter().copied())
                    .any(|known| known.eq_ignore_ascii_case(wanted))
            })
            .ok_or_else(|| UnknownFamily {
                name: name.to_owned(),
            })
    }

    /// The width of every ID of the family, in bits.
    pub fn bits(self) -> u32 {
        match self {
            IdFamily::Uuid | IdFamily::Ulid => 128,
            IdFamily::Ksuid => 160,
            IdFamily::ObjectId => 96,
            IdFamily::Tsid | IdFamily::SonyflakeV2 => 64,
        }
    }

    /// The text forms the family's IDs are written in, the canonical one first: TSIDs are stored
    /// as numbers as often as they are written in base32, and Sonyflake IDs are `int64`s.
    pub fn text_forms(self) -> &'static [TextForm] {
        match self {
            IdFamily::Uuid => &[TextForm::Uuid],
            IdFamily::Ulid => &[TextForm::Crockford32],
            IdFamily::Ksuid => &[TextForm::Base62],
            IdFamily::ObjectId => &[TextForm::ObjectId],
            IdFamily::Tsid => &[TextForm::Tsid, TextForm::Decimal],
            IdFamily::SonyflakeV2 => &[TextForm::Decimal],
        }
    }

    /// The form an ID of the family is written in.
    pub fn canonical_form(self) -> TextForm {
        match self {
            IdFamily::Uuid => TextForm::Uuid,
            IdFamily::Ulid => TextForm::Crockford32,
            IdFamily::Ksuid => TextForm::Base62,
            IdFamily::ObjectId => TextForm::ObjectId,
            IdFamily::Tsid => TextForm::Tsid,
            IdFamily::SonyflakeV2 => TextForm::Decimal,
        }
    }

    /// The layout of every ID of the family; `None` for the UUID, whose layout is its version's.
    pub fn fixed_layout(self) -> Option<WideLayout> {
        match self {
            IdFamily::Uuid => None,
            IdFamily::Ulid => Some(WideLayout::Ulid),
            IdFamily::Ksuid => Some(WideLayout::Ksuid),
            IdFamily::ObjectId => Some(WideLayout::ObjectId),
            IdFamily::Tsid => Some(WideLayout::Tsid),
            IdFamily::SonyflakeV2 => Some(WideLayout::SonyflakeV2),
        }
    }

    /// The ID `text` holds in one of the family's [text forms](IdFamily::text_forms), tried in
    /// order, at the family's width. When none reads it, the error is the canonical form's,
    /// unless a number was read that is too wide for the family (a 20-digit TSID), which says
    /// more. It never panics, whatever the input.
    ///
    /// ```
    /// use shardlab_core::id_family::IdFamily;
    /// let tsid = IdFamily::Tsid.parse("01226N0640J7Q")?;
    /// assert_eq!(IdFamily::Tsid.parse("38358284406638839")?, tsid);
    /// assert!(IdFamily::Tsid.parse("18446744073709551616").is_err());
    /// # Ok::<(), shardlab_core::id_family::FamilyError>(())
    /// ```
    pub fn parse(self, text: &str) -> Result<WideId, FamilyError> {
        let mut first_error = None;
        for &form in self.text_forms() {
            match form.parse(text) {
                Ok(id) => return self.narrow(id),
                Err(error) => {
                    first_error.get_or_insert(FamilyError::Text {
                        family: self,
                        error,
                    });
                }
            }
        }
        // Every family has a form, so an error was kept.
        Err(first_error.unwrap_or(FamilyError::Text {
            family: self,
            error: IdTextError::Empty,
        }))
    }

    /// `id` at the family's width: a decimal number is read as 128 bits and must fit the 64 of
    /// a TSID or a Sonyflake ID.
    pub(super) fn narrow(self, id: WideId) -> Result<WideId, FamilyError> {
        if id.bits() == self.bits() {
            return Ok(id);
        }
        id.as_u128()
            .and_then(|value| WideId::from_u128(value, self.bits()).ok())
            .ok_or(FamilyError::TooLarge {
                family: self,
                bits: self.bits(),
            })
    }
}

impl fmt::Display for IdFamily {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str(self.name())
    }
}

impl FromStr for IdFamily {
    type Err = UnknownFamily;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        IdFamily::from_name(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_every_family_once() {
        crate::assert_lists_every_variant!(
            IdFamily,
            IdFamily::ALL,
            [Uuid, Ulid, Ksuid, ObjectId, Tsid, SonyflakeV2]
        );
    }
}
