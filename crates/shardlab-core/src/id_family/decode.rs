//! Decoding a family's ID into its fields and time, composing one from field values, and why
//! either can fail.

use serde::Serialize;
use thiserror::Error;

use crate::id_text::{IdTextError, WideId, MAX_ID_BYTES};

use super::bits::{read_field, write_field};
use super::clock::WideTime;
use super::family::IdFamily;
use super::field::WideField;
use super::layout::WideLayout;
use super::uuid::{UnreadUuid, UuidKind, UuidVariant};

/// One field of a decoded ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct DecodedWideField {
    /// The field: name, width and role.
    #[serde(flatten)]
    pub field: WideField,
    /// Its value. Every field is at most 128 bits wide (KSUID's payload is the widest).
    pub value: u128,
}

/// An ID taken apart by [`IdFamily::decode`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodedId {
    /// The layout it was read with: for a UUID, its version's (or Nil's, or Max's).
    pub layout: WideLayout,
    /// The ID itself.
    pub id: WideId,
    /// Every field, most significant first.
    pub fields: Vec<DecodedWideField>,
    /// The time, when the layout has one and it fits an `i64` of Unix ms.
    pub time: Option<WideTime>,
}

impl DecodedId {
    /// The value of the field called `name`.
    pub fn value(&self, name: &str) -> Option<u128> {
        self.fields
            .iter()
            .find(|decoded| decoded.field.name == name)
            .map(|decoded| decoded.value)
    }

    /// The field values in layout order: what [`WideLayout::compose`] takes back.
    pub fn values(&self) -> Vec<u128> {
        self.fields.iter().map(|decoded| decoded.value).collect()
    }
}

/// Why a text or an ID is not an ID of a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum FamilyError {
    /// The text is not an ID in any of the family's text forms; the error is the canonical
    /// form's, naming the limit or the character and its position.
    #[error("{error}")]
    Text {
        /// The family read.
        family: IdFamily,
        /// Why its canonical form refused the text.
        error: IdTextError,
    },
    /// A number too large for the family's width.
    #[error("{} is {bits} bits, so at most {}; this number is larger", subject(*family), largest(*bits))]
    TooLarge {
        /// The family read.
        family: IdFamily,
        /// Its width.
        bits: u32,
    },
    /// An ID of another width than the family's.
    #[error("{} is {} bits; this ID is {found}", subject(*family), family.bits())]
    Width {
        /// The family read.
        family: IdFamily,
        /// The ID's width.
        found: u32,
    },
    /// A UUID whose variant is not RFC 9562's `10`, and not the Nil or Max UUID: no layout of
    /// fields is defined for it.
    #[error("this UUID's variant bits (the top of its 17th hex digit) are {}, {variant}; only RFC 9562's variant (10x: the digit is 8, 9, a or b) has versions and fields", variant.bits())]
    UuidVariant {
        /// The variant its bits name.
        variant: UuidVariant,
    },
    /// An RFC 9562 UUID whose version is not 1 to 8.
    #[error(
        "this UUID's version (its 13th hex digit) is {version:X}; RFC 9562 defines versions 1 to 8"
    )]
    UuidVersion {
        /// The version field's value, 0 or 9 to 15.
        version: u8,
    },
}

/// What a message calls an ID of the family: "a TSID".
fn subject(family: IdFamily) -> &'static str {
    match family {
        IdFamily::Uuid => "a UUID",
        IdFamily::Ulid => "a ULID",
        IdFamily::Ksuid => "a KSUID",
        IdFamily::ObjectId => "an ObjectId",
        IdFamily::Tsid => "a TSID",
        IdFamily::SonyflakeV2 => "a Sonyflake v2 ID",
    }
}

/// The largest value of `bits` bits, as the messages write it.
fn largest(bits: u32) -> String {
    u128::MAX
        .checked_shr(u128::BITS.saturating_sub(bits))
        .map_or_else(|| format!("2^{bits} - 1"), |value| value.to_string())
}

/// Why field values make no ID in a layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ComposeWideError {
    /// Not one value per field.
    #[error("this layout has {expected} fields; {found} values were given")]
    FieldCount {
        /// The layout's fields.
        expected: usize,
        /// The values given.
        found: usize,
    },
    /// A value that needs more bits than its field has.
    #[error("the field {field} is {width} bits wide, so its value is at most {}", largest(*width))]
    TooLarge {
        /// The field's name.
        field: &'static str,
        /// Its width.
        width: u32,
    },
    /// A fixed field (a UUID's version or variant) given another value than the layout's.
    #[error("the field {field} is fixed at {expected} in this layout; {found} was given")]
    Fixed {
        /// The field's name.
        field: &'static str,
        /// The value the layout fixes.
        expected: u128,
        /// The value given.
        found: u128,
    },
}

impl IdFamily {
    /// `id` taken apart into the fields of the family's layout (for a UUID, its version's), with
    /// its time. The ID must have the family's width, as [`IdFamily::parse`] returns it.
    ///
    /// ```
    /// use shardlab_core::id_family::{IdFamily, UuidKind, UuidVersion, WideLayout};
    /// let uuid = IdFamily::Uuid.parse("017F22E2-79B0-7CC3-98C4-DC0C0C07398F")?;
    /// let decoded = IdFamily::Uuid.decode(&uuid)?;
    /// assert_eq!(decoded.layout, WideLayout::Uuid(UuidKind::Rfc9562(UuidVersion::UnixTime)));
    /// assert_eq!(decoded.value("rand_a"), Some(0xCC3));
    /// assert_eq!(decoded.time.map(|time| time.unix_ms), Some(1_645_557_742_000));
    /// # Ok::<(), shardlab_core::id_family::FamilyError>(())
    /// ```
    pub fn decode(self, id: &WideId) -> Result<DecodedId, FamilyError> {
        if id.bits() != self.bits() {
            return Err(FamilyError::Width {
                family: self,
                found: id.bits(),
            });
        }
        let layout = match self.fixed_layout() {
            Some(layout) => layout,
            None => WideLayout::Uuid(uuid_kind(id)?),
        };
        Ok(layout.decode_fields(id))
    }

    /// [`parse`](IdFamily::parse), then [`decode`](IdFamily::decode).
    pub fn read(self, text: &str) -> Result<DecodedId, FamilyError> {
        self.decode(&self.parse(text)?)
    }
}

/// The kind of a 128-bit ID read as a UUID.
fn uuid_kind(id: &WideId) -> Result<UuidKind, FamilyError> {
    let value = id.as_u128().unwrap_or_default();
    UuidKind::of(value).map_err(|unread| match unread {
        UnreadUuid::Variant(variant) => FamilyError::UuidVariant { variant },
        UnreadUuid::Version(version) => FamilyError::UuidVersion { version },
    })
}

impl WideLayout {
    /// The width of the layout's IDs.
    pub fn bits(self) -> u32 {
        self.family().bits()
    }

    /// `id`'s fields under this layout, and its time. The caller has checked the width.
    fn decode_fields(self, id: &WideId) -> DecodedId {
        let mut fields = Vec::with_capacity(self.fields().len());
        let mut offset: u32 = 0;
        for &field in self.fields() {
            // The tables' widths add up to the family's width, which a test checks.
            let value = read_field(id, offset, field.width).unwrap_or_default();
            fields.push(DecodedWideField { field, value });
            offset = offset.saturating_add(field.width);
        }
        let time = self.time_of(&fields);
        DecodedId {
            layout: self,
            id: *id,
            fields,
            time,
        }
    }

    /// The time the fields hold: the time fields joined, most significant first, read in the
    /// layout's time base.
    fn time_of(self, fields: &[DecodedWideField]) -> Option<WideTime> {
        let base = self.time_base()?;
        let mut ticks: u128 = 0;
        for name in self.time_fields() {
            let part = fields.iter().find(|decoded| decoded.field.name == *name)?;
            ticks = ticks.checked_shl(part.field.width)? | part.value;
        }
        let unix_ms = base.unix_ms(ticks)?;
        Some(WideTime { ticks, unix_ms })
    }

    /// The ID whose fields hold `values`, one per field, most significant first. Fixed fields (a
    /// UUID's version and variant) must hold the layout's value, so the ID decodes back to this
    /// layout.
    ///
    /// ```
    /// use shardlab_core::id_family::{IdFamily, WideLayout};
    /// use shardlab_core::id_text::TextForm;
    /// let id = WideLayout::Ksuid.compose(&[107_608_047, 0xB5A1CD34B5F99D1154FB6853345C9735])?;
    /// assert_eq!(TextForm::Base62.format(&id).ok().as_deref(), Some("0ujtsYcgvSTl8PAuAdqWYSMnLOv"));
    /// # Ok::<(), shardlab_core::id_family::ComposeWideError>(())
    /// ```
    pub fn compose(self, values: &[u128]) -> Result<WideId, ComposeWideError> {
        let fields = self.fields();
        if values.len() != fields.len() {
            return Err(ComposeWideError::FieldCount {
                expected: fields.len(),
                found: values.len(),
            });
        }
        let bits = self.bits();
        let mut bytes = [0u8; MAX_ID_BYTES];
        let mut offset: u32 = 0;
        for (field, &value) in fields.iter().zip(values) {
            let fits = value.checked_shr(field.width).is_none_or(|high| high == 0);
            if !fits {
                return Err(ComposeWideError::TooLarge {
                    field: field.name,
                    width: field.width,
                });
            }
            if let Some(expected) = self.fixed_value(field.role) {
                if expected != value {
                    return Err(ComposeWideError::Fixed {
                        field: field.name,
                        expected,
                        found: value,
                    });
                }
            }
            // In range: the widths add up to `bits`, which a test checks.
            let _ = write_field(&mut bytes, bits, offset, field.width, value);
            offset = offset.saturating_add(field.width);
        }
        // Every value fitted its field and the fields fill `bits`, so the bytes fit the width;
        // were a table wrong, the first field would be named as too large.
        WideId::with_bits(&bytes, bits).map_err(|_| ComposeWideError::TooLarge {
            field: fields.first().map_or("", |field| field.name),
            width: bits,
        })
    }
}
