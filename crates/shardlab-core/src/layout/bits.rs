//! [`BitLayout`]: how the 64 bits of an ID split into named fields, and the shift-and-mask arithmetic
//! that packs values into an ID and takes them out again.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::text::{describe_char, quote};

use super::time::{format_unix_ms, TimeBase, MAX_UNIT_MS};

/// The number of bits in an ID.
pub const ID_BITS: u32 = 64;
/// The most fields a layout may have (one per bit).
pub const MAX_FIELDS: usize = 64;
/// The longest field name, in characters. Names end up in generated code and narrow table cells.
pub const MAX_NAME_CHARS: usize = 32;

/// What a field means, which decides how the rest of shardlab treats it.
///
/// `shard`, `type`, `local` and `timestamp` may each appear at most once in a layout, because
/// placement, the allocator and time decoding need to know which field to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldRole {
    /// Bits kept at zero for later use (or a sign bit). Decoding warns when they are set.
    Reserved,
    /// The logical shard the object lives on.
    Shard,
    /// The object type (Pin, board, user, …).
    Type,
    /// The row's auto-increment ID inside its shard and type.
    Local,
    /// Time since an epoch, in ticks of a stated length. The field carries a [`TimeBase`].
    Timestamp,
    /// A counter that tells apart IDs made in the same tick.
    Sequence,
    /// The machine, process or datacenter that made the ID.
    Worker,
    /// Anything else.
    Other,
}

impl FieldRole {
    /// Every role, in the order a role picker lists them.
    pub const ALL: [FieldRole; 8] = [
        FieldRole::Reserved,
        FieldRole::Shard,
        FieldRole::Type,
        FieldRole::Local,
        FieldRole::Timestamp,
        FieldRole::Sequence,
        FieldRole::Worker,
        FieldRole::Other,
    ];

    /// The lower-case name used in JSON and in the UI, e.g. `"shard"`.
    pub fn label(self) -> &'static str {
        match self {
            FieldRole::Reserved => "reserved",
            FieldRole::Shard => "shard",
            FieldRole::Type => "type",
            FieldRole::Local => "local",
            FieldRole::Timestamp => "timestamp",
            FieldRole::Sequence => "sequence",
            FieldRole::Worker => "worker",
            FieldRole::Other => "other",
        }
    }

    /// Whether a layout may hold at most one field with this role.
    pub fn is_unique(self) -> bool {
        matches!(
            self,
            FieldRole::Shard | FieldRole::Type | FieldRole::Local | FieldRole::Timestamp
        )
    }

    /// The role whose [`label`](Self::label) is `label` (exact, lower case).
    pub fn from_label(label: &str) -> Option<FieldRole> {
        FieldRole::ALL
            .into_iter()
            .find(|role| role.label() == label)
    }
}

impl fmt::Display for FieldRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// One named run of bits in a layout. On its own a field is just a description; [`BitLayout::new`]
/// is what checks it.
///
/// ```
/// use shardlab_core::layout::{Field, FieldRole};
/// let local = Field::new("local", 36, FieldRole::Local);
/// assert_eq!(local.max_value(), (1u64 << 36) - 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// The field's name: a letter or `_`, then letters, digits or `_`, at most 32 characters.
    pub name: String,
    /// How many bits the field has, 1 ..= 64.
    pub width: u32,
    /// What the field means.
    pub role: FieldRole,
    /// The tick length and epoch; present exactly when `role` is [`FieldRole::Timestamp`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<TimeBase>,
}

impl Field {
    /// A field without a time base (use [`Field::timestamp`] for timestamps).
    pub fn new(name: impl Into<String>, width: u32, role: FieldRole) -> Field {
        Field {
            name: name.into(),
            width,
            role,
            time: None,
        }
    }

    /// A timestamp field counting ticks of `time`.
    pub fn timestamp(name: impl Into<String>, width: u32, time: TimeBase) -> Field {
        Field {
            name: name.into(),
            width,
            role: FieldRole::Timestamp,
            time: Some(time),
        }
    }

    /// The largest value the field holds, 2^width − 1 (all ones for a 64-bit field).
    pub fn max_value(&self) -> u64 {
        low_ones(self.width)
    }
}

/// A number with the low `width` bits set. Guards `1 << 64`, which would panic in debug builds.
fn low_ones(width: u32) -> u64 {
    1u64.checked_shl(width)
        .map_or(u64::MAX, |bit| bit.saturating_sub(1))
}

/// Why a list of fields is not a valid layout.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// The layout has no fields at all.
    #[error("a layout needs at least one field")]
    NoFields,
    /// More fields than bits.
    #[error("a layout has at most {max} fields; this one has {count}")]
    TooManyFields {
        /// How many fields were given.
        count: usize,
        /// The limit, [`MAX_FIELDS`].
        max: usize,
    },
    /// A field with an empty (or all-blank) name.
    #[error("field {} has no name", position.saturating_add(1))]
    EmptyName {
        /// The field's 0-based position, most significant first.
        position: usize,
    },
    /// A name over [`MAX_NAME_CHARS`] characters.
    #[error(
        "the name {} has {chars} characters; names have at most {max}",
        quote(name)
    )]
    NameTooLong {
        /// The name as given.
        name: String,
        /// Its length in characters.
        chars: usize,
        /// The limit, [`MAX_NAME_CHARS`].
        max: usize,
    },
    /// A name with a character other than a letter, a digit or `_`, or one that starts with a digit.
    #[error("the name {} contains {}; names use letters, digits and _ and start with a letter or _", quote(name), describe_char(*ch))]
    BadNameChar {
        /// The name as given.
        name: String,
        /// The first character that is not allowed there.
        ch: char,
    },
    /// Two fields share a name (compared without regard to ASCII case, as SQL would).
    #[error("two fields are named {}; each field needs its own name", quote(name))]
    DuplicateName {
        /// The second field's name.
        name: String,
    },
    /// A field with no bits.
    #[error("field {} has no bits; every field needs at least one", quote(name))]
    ZeroWidth {
        /// The field's name.
        name: String,
    },
    /// A single field wider than an ID.
    #[error("field {} has {width} bits, but an ID has only 64", quote(name))]
    FieldTooWide {
        /// The field's name.
        name: String,
        /// Its width.
        width: u32,
    },
    /// The fields add up to more than 64 bits.
    #[error("the fields add up to {total} bits, but an ID has only 64")]
    TooWide {
        /// The sum of all widths.
        total: u64,
    },
    /// A role that may appear once appears twice.
    #[error(
        "fields {} and {} both have the role {role}; a layout has at most one {role} field",
        quote(first),
        quote(second)
    )]
    DuplicateRole {
        /// The repeated role.
        role: FieldRole,
        /// The first field with it.
        first: String,
        /// The second field with it.
        second: String,
    },
    /// A timestamp field without a tick length and epoch.
    #[error("timestamp field {} needs a time unit and an epoch", quote(name))]
    MissingTimeBase {
        /// The field's name.
        name: String,
    },
    /// A time base on a field that is not a timestamp.
    #[error(
        "field {} has a time unit but its role is {role}, not timestamp",
        quote(name)
    )]
    TimeBaseWithoutTimestamp {
        /// The field's name.
        name: String,
        /// Its role.
        role: FieldRole,
    },
    /// A timestamp whose ticks last 0 ms.
    #[error(
        "timestamp field {} has a time unit of 0 ms; a tick lasts at least 1 ms",
        quote(name)
    )]
    ZeroTimeUnit {
        /// The field's name.
        name: String,
    },
    /// A timestamp whose ticks last longer than [`MAX_UNIT_MS`].
    #[error(
        "timestamp field {} has a time unit of {unit_ms} ms; a tick lasts at most {} ms (one day)",
        quote(name),
        MAX_UNIT_MS
    )]
    TimeUnitTooLong {
        /// The field's name.
        name: String,
        /// The unit found.
        unit_ms: u64,
    },
    /// An edit named a field position the layout does not have.
    #[error("there is no field {}; the layout has {count}", position.saturating_add(1))]
    NoSuchField {
        /// The 0-based position asked for.
        position: usize,
        /// How many fields the layout has.
        count: usize,
    },
    /// An edit named a boundary the layout does not have.
    #[error("there is no boundary after field {}; the layout has {count} fields", position.saturating_add(1))]
    NoSuchBoundary {
        /// The 0-based position of the field above the boundary.
        position: usize,
        /// How many fields the layout has.
        count: usize,
    },
}

/// Why values could not be packed into an ID.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ComposeError {
    /// The number of values is not the number of fields.
    #[error("this layout has {expected} fields, but {got} values were given")]
    WrongCount {
        /// The number of fields.
        expected: usize,
        /// The number of values given.
        got: usize,
    },
    /// A value is larger than its field holds.
    #[error(
        "{value} does not fit in field {} ({width} bits hold 0 … {max})",
        quote(field)
    )]
    DoesNotFit {
        /// The field's name.
        field: String,
        /// Its width.
        width: u32,
        /// The largest value it holds.
        max: u64,
        /// The value given.
        value: u64,
    },
    /// A named value for a field the layout does not have.
    #[error("this layout has no field named {}", quote(name))]
    UnknownField {
        /// The name given.
        name: String,
    },
    /// Two values for the same field.
    #[error("field {} was given twice", quote(name))]
    Repeated {
        /// The field's name.
        name: String,
    },
}

/// Something odd about a decoded ID that does not stop it decoding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DecodeWarning {
    /// Bits above the layout's last field are set; they count as reserved.
    #[error("the top {bits} bits are not part of any field and should be 0, but hold {value}")]
    UnusedBitsSet {
        /// How many top bits the layout leaves unused.
        bits: u32,
        /// Their value.
        value: u64,
    },
    /// A reserved field is not zero.
    #[error("reserved field {} should be 0, but holds {value}", quote(field))]
    ReservedFieldSet {
        /// The field's name.
        field: String,
        /// Its value.
        value: u64,
    },
    /// A timestamp too far out to express in Unix milliseconds.
    #[error(
        "timestamp field {} holds {ticks} ticks, which is past the largest time this tool can show",
        quote(field)
    )]
    TimestampOverflow {
        /// The field's name.
        field: String,
        /// Its value in ticks.
        ticks: u64,
    },
}

/// A timestamp field's value as a point in time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecodedTime {
    /// Unix time in milliseconds.
    pub unix_ms: u64,
    /// The same instant as ISO-8601 UTC, e.g. `2012-08-15T12:34:56.789Z`.
    pub iso8601: String,
}

/// One field of a decoded ID.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecodedField {
    /// The field's name.
    pub name: String,
    /// Its role.
    pub role: FieldRole,
    /// Its width in bits.
    pub width: u32,
    /// How far its lowest bit sits above bit 0.
    pub shift: u32,
    /// The field's value.
    pub value: u64,
    /// For a timestamp field whose time fits, the instant it names.
    pub time: Option<DecodedTime>,
}

/// An ID taken apart by [`BitLayout::decode`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decoded {
    /// The ID itself.
    pub id: u64,
    /// Every field, most significant first.
    pub fields: Vec<DecodedField>,
    /// Reserved bits that are set and timestamps out of range.
    pub warnings: Vec<DecodeWarning>,
}

impl Decoded {
    /// The value of the field named `name`.
    pub fn value(&self, name: &str) -> Option<u64> {
        self.fields
            .iter()
            .find(|field| field.name == name)
            .map(|field| field.value)
    }

    /// The value of the first field with `role`.
    pub fn value_of_role(&self, role: FieldRole) -> Option<u64> {
        self.fields
            .iter()
            .find(|field| field.role == role)
            .map(|field| field.value)
    }

    /// The decoded instant of the timestamp field, when there is one and it fits.
    pub fn time(&self) -> Option<&DecodedTime> {
        self.fields.iter().find_map(|field| field.time.as_ref())
    }
}

/// The serialized form of a [`BitLayout`]; deserializing goes through [`BitLayout::new`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutSpec {
    fields: Vec<Field>,
}

/// A validated split of the 64 bits of an ID into named fields, most significant first.
///
/// Fields fill the ID from bit 0 upward, starting with the last field. When the widths add up to less
/// than 64, the bits left at the top are not a field; they count as reserved, and
/// [`decode`](Self::decode) warns when they are set.
///
/// Every way to get a `BitLayout` (including deserializing) validates it, and every edit returns a new
/// validated layout, so a value of this type is always usable.
///
/// ```
/// use shardlab_core::layout::BitLayout;
/// let pinterest = BitLayout::preset("pinterest")?;
/// let id = pinterest.compose(&[0, 3429, 1, 7_075_733])?;
/// assert_eq!(id, 241_294_492_511_762_325);
/// assert_eq!(pinterest.decompose(id), vec![0, 3429, 1, 7_075_733]);
/// assert_eq!(pinterest.shift(1), Some(46));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "LayoutSpec", into = "LayoutSpec")]
pub struct BitLayout {
    fields: Vec<Field>,
}

impl TryFrom<LayoutSpec> for BitLayout {
    type Error = LayoutError;

    fn try_from(spec: LayoutSpec) -> Result<Self, Self::Error> {
        BitLayout::new(spec.fields)
    }
}

impl From<BitLayout> for LayoutSpec {
    fn from(layout: BitLayout) -> Self {
        LayoutSpec {
            fields: layout.fields,
        }
    }
}

impl BitLayout {
    /// Checks `fields` and builds the layout.
    ///
    /// ```
    /// use shardlab_core::layout::{BitLayout, Field, FieldRole, LayoutError};
    /// let too_wide = BitLayout::new(vec![
    ///     Field::new("a", 40, FieldRole::Other),
    ///     Field::new("b", 30, FieldRole::Other),
    /// ]);
    /// assert_eq!(too_wide, Err(LayoutError::TooWide { total: 70 }));
    /// ```
    pub fn new(fields: Vec<Field>) -> Result<BitLayout, LayoutError> {
        validate(&fields)?;
        Ok(BitLayout { fields })
    }

    /// Builds a layout the caller knows to be valid (the presets, which a test validates).
    pub(super) fn from_trusted(fields: Vec<Field>) -> BitLayout {
        debug_assert_eq!(validate(&fields), Ok(()));
        BitLayout { fields }
    }

    /// The fields, most significant first.
    pub fn fields(&self) -> &[Field] {
        &self.fields
    }

    /// The field at `position` (0 = most significant).
    pub fn field(&self, position: usize) -> Option<&Field> {
        self.fields.get(position)
    }

    /// How many fields the layout has.
    pub fn field_count(&self) -> usize {
        self.fields.len()
    }

    /// The position of the field named `name` (exact match).
    pub fn position_of(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|field| field.name == name)
    }

    /// The position of the first field with `role`.
    pub fn position_of_role(&self, role: FieldRole) -> Option<usize> {
        self.fields.iter().position(|field| field.role == role)
    }

    /// The total width of all fields, at most 64.
    pub fn used_bits(&self) -> u32 {
        // Validation capped the sum at 64, so this cannot overflow.
        self.fields.iter().map(|field| field.width).sum()
    }

    /// How many top bits no field covers. They count as reserved.
    pub fn unused_top_bits(&self) -> u32 {
        ID_BITS.saturating_sub(self.used_bits())
    }

    /// The bits no field covers, in place (0 when the fields fill all 64 bits).
    pub fn unused_top_mask(&self) -> u64 {
        !low_ones(self.used_bits())
    }

    /// How far the field at `position` sits above bit 0: the total width of the fields after it.
    pub fn shift(&self, position: usize) -> Option<u32> {
        let below = self.fields.get(position.checked_add(1)?..)?;
        Some(below.iter().map(|field| field.width).sum())
    }

    /// The field's bits in place, i.e. `max_value << shift`. `(id & mask) >> shift` is its value.
    pub fn mask(&self, position: usize) -> Option<u64> {
        let field = self.fields.get(position)?;
        let shift = self.shift(position)?;
        // shift + width <= 64, so the shift is at most 63 and loses no bits.
        field.max_value().checked_shl(shift)
    }

    /// Packs one value per field, most significant first, into an ID. Unused top bits are 0.
    ///
    /// ```
    /// use shardlab_core::layout::{BitLayout, ComposeError};
    /// let pinterest = BitLayout::preset("pinterest")?;
    /// let err = pinterest.compose(&[0, 70_000, 1, 1]).unwrap_err();
    /// assert!(matches!(err, ComposeError::DoesNotFit { max: 65_535, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compose(&self, values: &[u64]) -> Result<u64, ComposeError> {
        if values.len() != self.fields.len() {
            return Err(ComposeError::WrongCount {
                expected: self.fields.len(),
                got: values.len(),
            });
        }
        let mut id = 0u64;
        for (field, &value) in self.fields.iter().zip(values) {
            let max = field.max_value();
            if value > max {
                return Err(ComposeError::DoesNotFit {
                    field: field.name.clone(),
                    width: field.width,
                    max,
                    value,
                });
            }
            // Shift what we have up to make room, then drop the value in the low bits. The total
            // width is at most 64, so nothing set falls off the top; width 64 means `id` is still 0.
            id = id.checked_shl(field.width).unwrap_or(0) | value;
        }
        Ok(id)
    }

    /// Packs values given by field name; fields not named are 0.
    ///
    /// ```
    /// use shardlab_core::layout::BitLayout;
    /// let pinterest = BitLayout::preset("pinterest")?;
    /// let id = pinterest.compose_named([("shard", 3429), ("type", 1), ("local", 7_075_733)])?;
    /// assert_eq!(id, 241_294_492_511_762_325);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compose_named<'a>(
        &self,
        values: impl IntoIterator<Item = (&'a str, u64)>,
    ) -> Result<u64, ComposeError> {
        let mut slots: Vec<Option<u64>> = vec![None; self.fields.len()];
        for (name, value) in values {
            let slot = self
                .position_of(name)
                .and_then(|position| slots.get_mut(position))
                .ok_or_else(|| ComposeError::UnknownField {
                    name: name.to_owned(),
                })?;
            if slot.replace(value).is_some() {
                return Err(ComposeError::Repeated {
                    name: name.to_owned(),
                });
            }
        }
        let values: Vec<u64> = slots.into_iter().map(Option::unwrap_or_default).collect();
        self.compose(&values)
    }

    /// Takes an ID apart into one value per field, most significant first. Unused top bits are
    /// ignored here; [`decode`](Self::decode) reports them.
    pub fn decompose(&self, id: u64) -> Vec<u64> {
        let mut values = vec![0u64; self.fields.len()];
        let mut rest = id;
        // Peel fields off the bottom, last field first.
        for (slot, field) in values.iter_mut().zip(&self.fields).rev() {
            *slot = rest & field.max_value();
            rest = rest.checked_shr(field.width).unwrap_or(0);
        }
        values
    }

    /// The value of the field at `position` in `id`.
    pub fn value_at(&self, id: u64, position: usize) -> Option<u64> {
        let field = self.fields.get(position)?;
        let shift = self.shift(position)?;
        Some(id.checked_shr(shift).unwrap_or(0) & field.max_value())
    }

    /// Takes an ID apart with names, timestamps and warnings, for display.
    ///
    /// ```
    /// use shardlab_core::layout::BitLayout;
    /// let snowflake = BitLayout::preset("snowflake")?;
    /// let decoded = snowflake.decode(1_541_815_603_606_036_480);
    /// assert_eq!(decoded.time().map(|t| t.iso8601.as_str()), Some("2022-06-28T16:07:40.105Z"));
    /// assert!(decoded.warnings.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode(&self, id: u64) -> Decoded {
        let values = self.decompose(id);
        let mut warnings = Vec::new();
        let unused = self.unused_top_bits();
        let top_value = id.checked_shr(self.used_bits()).unwrap_or(0);
        if top_value != 0 {
            warnings.push(DecodeWarning::UnusedBitsSet {
                bits: unused,
                value: top_value,
            });
        }
        let mut fields = Vec::with_capacity(self.fields.len());
        for (position, (field, &value)) in self.fields.iter().zip(&values).enumerate() {
            if field.role == FieldRole::Reserved && value != 0 {
                warnings.push(DecodeWarning::ReservedFieldSet {
                    field: field.name.clone(),
                    value,
                });
            }
            let time = match (field.role, field.time) {
                (FieldRole::Timestamp, Some(base)) => match base.unix_ms(value) {
                    Some(unix_ms) => Some(DecodedTime {
                        unix_ms,
                        iso8601: format_unix_ms(unix_ms),
                    }),
                    None => {
                        warnings.push(DecodeWarning::TimestampOverflow {
                            field: field.name.clone(),
                            ticks: value,
                        });
                        None
                    }
                },
                _ => None,
            };
            fields.push(DecodedField {
                name: field.name.clone(),
                role: field.role,
                width: field.width,
                shift: self.shift(position).unwrap_or(0),
                value,
                time,
            });
        }
        Decoded {
            id,
            fields,
            warnings,
        }
    }

    /// Moves the boundary between field `position` and the one below it by `bits`: a positive count
    /// gives bits from the lower field to the upper one, a negative count the other way.
    ///
    /// ```
    /// use shardlab_core::layout::BitLayout;
    /// let pinterest = BitLayout::preset("pinterest")?;
    /// // Give the shard field two bits of the type field: 18 and 8.
    /// let wider = pinterest.move_boundary(1, 2)?;
    /// assert_eq!(wider.field(1).map(|f| f.width), Some(18));
    /// assert_eq!(wider.field(2).map(|f| f.width), Some(8));
    /// assert!(pinterest.move_boundary(1, -16).is_err()); // shard would have no bits
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_boundary(&self, position: usize, bits: i32) -> Result<BitLayout, LayoutError> {
        let lower = position
            .checked_add(1)
            .filter(|&lower| lower < self.fields.len())
            .ok_or(LayoutError::NoSuchBoundary {
                position,
                count: self.fields.len(),
            })?;
        let mut fields = self.fields.clone();
        for (index, delta) in [
            (position, i64::from(bits)),
            (lower, i64::from(bits).saturating_neg()),
        ] {
            let field = fields.get_mut(index).ok_or(LayoutError::NoSuchField {
                position: index,
                count: self.fields.len(),
            })?;
            let width = i64::from(field.width).saturating_add(delta);
            if width <= 0 {
                return Err(LayoutError::ZeroWidth {
                    name: field.name.clone(),
                });
            }
            field.width = u32::try_from(width).map_err(|_| LayoutError::FieldTooWide {
                name: field.name.clone(),
                width: u32::MAX,
            })?;
        }
        BitLayout::new(fields)
    }

    /// Sets the width of one field, growing into or giving back the unused top bits.
    pub fn set_width(&self, position: usize, width: u32) -> Result<BitLayout, LayoutError> {
        self.edit_field(position, |field| field.width = width)
    }

    /// Inserts `field` at `position` (0 = the top; the field count = the bottom).
    pub fn insert_field(&self, position: usize, field: Field) -> Result<BitLayout, LayoutError> {
        if position > self.fields.len() {
            return Err(LayoutError::NoSuchField {
                position,
                count: self.fields.len(),
            });
        }
        let mut fields = self.fields.clone();
        fields.insert(position, field);
        BitLayout::new(fields)
    }

    /// Removes the field at `position`. The fields below it keep their places, the ones above move
    /// down to close the gap, and the top gains that many unused bits. Removing the only field is an
    /// error, since a layout needs one.
    pub fn remove_field(&self, position: usize) -> Result<BitLayout, LayoutError> {
        if position >= self.fields.len() {
            return Err(LayoutError::NoSuchField {
                position,
                count: self.fields.len(),
            });
        }
        let mut fields = self.fields.clone();
        fields.remove(position);
        BitLayout::new(fields)
    }

    /// Renames the field at `position`.
    pub fn rename_field(
        &self,
        position: usize,
        name: impl Into<String>,
    ) -> Result<BitLayout, LayoutError> {
        let name = name.into();
        self.edit_field(position, |field| field.name = name)
    }

    /// Sets the role of the field at `position`. A field that becomes a timestamp gets
    /// [`TimeBase::UNIX_MS`] if it had no time base; one that stops being a timestamp loses its time
    /// base.
    pub fn set_role(&self, position: usize, role: FieldRole) -> Result<BitLayout, LayoutError> {
        self.edit_field(position, |field| {
            field.role = role;
            field.time = if role == FieldRole::Timestamp {
                Some(field.time.unwrap_or(TimeBase::UNIX_MS))
            } else {
                None
            };
        })
    }

    /// Sets the tick length and epoch of the timestamp field at `position`.
    pub fn set_time_base(&self, position: usize, time: TimeBase) -> Result<BitLayout, LayoutError> {
        self.edit_field(position, |field| field.time = Some(time))
    }

    /// Applies `edit` to a copy of the field at `position` and validates the result.
    fn edit_field(
        &self,
        position: usize,
        edit: impl FnOnce(&mut Field),
    ) -> Result<BitLayout, LayoutError> {
        let mut fields = self.fields.clone();
        let field = fields.get_mut(position).ok_or(LayoutError::NoSuchField {
            position,
            count: self.fields.len(),
        })?;
        edit(field);
        BitLayout::new(fields)
    }
}

/// Every rule a layout must follow, checked in an order that reports the most basic problem first.
fn validate(fields: &[Field]) -> Result<(), LayoutError> {
    if fields.is_empty() {
        return Err(LayoutError::NoFields);
    }
    if fields.len() > MAX_FIELDS {
        return Err(LayoutError::TooManyFields {
            count: fields.len(),
            max: MAX_FIELDS,
        });
    }
    let mut total: u64 = 0;
    for (position, field) in fields.iter().enumerate() {
        validate_name(position, &field.name)?;
        if fields
            .iter()
            .take(position)
            .any(|earlier| earlier.name.eq_ignore_ascii_case(&field.name))
        {
            return Err(LayoutError::DuplicateName {
                name: field.name.clone(),
            });
        }
        if field.width == 0 {
            return Err(LayoutError::ZeroWidth {
                name: field.name.clone(),
            });
        }
        if field.width > ID_BITS {
            return Err(LayoutError::FieldTooWide {
                name: field.name.clone(),
                width: field.width,
            });
        }
        // At most 64 fields of at most 64 bits each: the sum stays tiny, but say so with checked math.
        total = total.saturating_add(u64::from(field.width));
        match (field.role, field.time) {
            (FieldRole::Timestamp, None) => {
                return Err(LayoutError::MissingTimeBase {
                    name: field.name.clone(),
                })
            }
            (FieldRole::Timestamp, Some(base)) if base.unit_ms == 0 => {
                return Err(LayoutError::ZeroTimeUnit {
                    name: field.name.clone(),
                })
            }
            (FieldRole::Timestamp, Some(base)) if base.unit_ms > MAX_UNIT_MS => {
                return Err(LayoutError::TimeUnitTooLong {
                    name: field.name.clone(),
                    unit_ms: base.unit_ms,
                })
            }
            (role, Some(_)) if role != FieldRole::Timestamp => {
                return Err(LayoutError::TimeBaseWithoutTimestamp {
                    name: field.name.clone(),
                    role,
                })
            }
            _ => {}
        }
        if field.role.is_unique() {
            if let Some(first) = fields
                .iter()
                .take(position)
                .find(|earlier| earlier.role == field.role)
            {
                return Err(LayoutError::DuplicateRole {
                    role: field.role,
                    first: first.name.clone(),
                    second: field.name.clone(),
                });
            }
        }
    }
    if total > u64::from(ID_BITS) {
        return Err(LayoutError::TooWide { total });
    }
    Ok(())
}

/// Names must be usable as identifiers in the generated Rust, SQL and JavaScript snippets.
fn validate_name(position: usize, name: &str) -> Result<(), LayoutError> {
    if name.trim().is_empty() {
        return Err(LayoutError::EmptyName { position });
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(LayoutError::NameTooLong {
            name: name.to_owned(),
            chars,
            max: MAX_NAME_CHARS,
        });
    }
    for (index, ch) in name.chars().enumerate() {
        let allowed = ch == '_' || ch.is_ascii_alphabetic() || (index > 0 && ch.is_ascii_digit());
        if !allowed {
            return Err(LayoutError::BadNameChar {
                name: name.to_owned(),
                ch,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // test arithmetic uses fixed, known values
mod tests {
    use super::*;

    fn pinterest() -> BitLayout {
        BitLayout::new(vec![
            Field::new("reserved", 2, FieldRole::Reserved),
            Field::new("shard", 16, FieldRole::Shard),
            Field::new("type", 10, FieldRole::Type),
            Field::new("local", 36, FieldRole::Local),
        ])
        .unwrap()
    }

    fn other(name: &str, width: u32) -> Field {
        Field::new(name, width, FieldRole::Other)
    }

    #[test]
    fn pinterest_example_decomposes() {
        let layout = pinterest();
        assert_eq!(
            layout.decompose(241_294_492_511_762_325),
            vec![0, 3429, 1, 7_075_733]
        );
        assert_eq!(layout.shift(0), Some(62));
        assert_eq!(layout.shift(1), Some(46));
        assert_eq!(layout.shift(2), Some(36));
        assert_eq!(layout.shift(3), Some(0));
        assert_eq!(layout.shift(4), None);
        assert_eq!(layout.mask(3), Some((1u64 << 36) - 1));
        assert_eq!(layout.mask(1), Some(0xFFFF << 46));
        assert_eq!(layout.mask(0), Some(0b11 << 62));
        assert_eq!(layout.mask(9), None);
        assert_eq!(layout.value_at(241_294_492_511_762_325, 1), Some(3429));
        assert_eq!(layout.value_at(1, 9), None);
        assert_eq!(layout.unused_top_bits(), 0);
        assert_eq!(layout.unused_top_mask(), 0);
    }

    #[test]
    fn local_above_32_bits_survives() {
        let layout = pinterest();
        let local = (1u64 << 32) + 12_345;
        let id = layout.compose(&[0, 3429, 1, local]).unwrap();
        assert_eq!(layout.decompose(id), vec![0, 3429, 1, local]);
        // The article's 32-bit mask would have lost the top bits.
        assert_ne!(id & 0xFFFF_FFFF, local);
        assert_eq!(id & layout.mask(3).unwrap(), local);
        let max_local = (1u64 << 36) - 1;
        let id = layout.compose(&[0, 65_535, 1023, max_local]).unwrap();
        assert_eq!(layout.decompose(id), vec![0, 65_535, 1023, max_local]);
    }

    #[test]
    fn single_64_bit_field() {
        let layout = BitLayout::new(vec![other("all", 64)]).unwrap();
        assert_eq!(layout.compose(&[u64::MAX]).unwrap(), u64::MAX);
        assert_eq!(layout.decompose(u64::MAX), vec![u64::MAX]);
        assert_eq!(layout.mask(0), Some(u64::MAX));
        assert_eq!(layout.shift(0), Some(0));
        assert_eq!(layout.unused_top_mask(), 0);
        assert!(layout.decode(u64::MAX).warnings.is_empty());
    }

    #[test]
    fn unused_top_bits_warn() {
        let layout = BitLayout::new(vec![other("a", 8), other("b", 8)]).unwrap();
        assert_eq!(layout.used_bits(), 16);
        assert_eq!(layout.unused_top_bits(), 48);
        assert_eq!(layout.unused_top_mask(), !0xFFFFu64);
        let id = (5u64 << 20) | 0x0102;
        assert_eq!(layout.decompose(id), vec![1, 2]);
        let decoded = layout.decode(id);
        assert_eq!(
            decoded.warnings,
            vec![DecodeWarning::UnusedBitsSet {
                bits: 48,
                value: 5 << 4
            }]
        );
        assert!(decoded.warnings[0].to_string().contains("top 48 bits"));
        assert!(layout.decode(0x0102).warnings.is_empty());
    }

    #[test]
    fn reserved_field_set_warns() {
        let decoded = pinterest().decode(1u64 << 63);
        assert_eq!(
            decoded.warnings,
            vec![DecodeWarning::ReservedFieldSet {
                field: "reserved".into(),
                value: 2
            }]
        );
        assert_eq!(decoded.value("reserved"), Some(2));
        assert_eq!(decoded.value_of_role(FieldRole::Shard), Some(0));
        assert_eq!(decoded.value("nope"), None);
        assert_eq!(decoded.time(), None);
        assert!(decoded.warnings[0].to_string().contains("should be 0"));
    }

    #[test]
    fn timestamp_overflow_warns_without_panicking() {
        let layout = BitLayout::new(vec![Field::timestamp(
            "ts",
            64,
            TimeBase {
                unit_ms: 10,
                epoch_ms: 5,
            },
        )])
        .unwrap();
        let decoded = layout.decode(u64::MAX);
        assert_eq!(
            decoded.warnings,
            vec![DecodeWarning::TimestampOverflow {
                field: "ts".into(),
                ticks: u64::MAX
            }]
        );
        assert_eq!(decoded.fields[0].time, None);
        assert!(decoded.warnings[0].to_string().contains("largest time"));
        let ok = layout.decode(100);
        assert_eq!(ok.time().unwrap().unix_ms, 1_005);
        assert_eq!(ok.time().unwrap().iso8601, "1970-01-01T00:00:01.005Z");
    }

    #[test]
    fn compose_errors() {
        let layout = pinterest();
        assert_eq!(
            layout.compose(&[0, 1, 2]),
            Err(ComposeError::WrongCount {
                expected: 4,
                got: 3
            })
        );
        assert_eq!(
            layout.compose(&[0, 1, 2, 3, 4]),
            Err(ComposeError::WrongCount {
                expected: 4,
                got: 5
            })
        );
        let err = layout.compose(&[0, 1, 1024, 3]).unwrap_err();
        assert_eq!(
            err,
            ComposeError::DoesNotFit {
                field: "type".into(),
                width: 10,
                max: 1023,
                value: 1024
            }
        );
        assert_eq!(
            err.to_string(),
            "1024 does not fit in field \"type\" (10 bits hold 0 … 1023)"
        );
        assert!(layout
            .compose(&[4, 0, 0, 0])
            .unwrap_err()
            .to_string()
            .contains("reserved"));
        assert!(ComposeError::WrongCount {
            expected: 4,
            got: 3
        }
        .to_string()
        .contains("4 fields"));
    }

    #[test]
    fn compose_named_paths() {
        let layout = pinterest();
        assert_eq!(
            layout.compose_named([("local", 5)]).unwrap(),
            layout.compose(&[0, 0, 0, 5]).unwrap()
        );
        let unknown = layout.compose_named([("shrad", 5)]).unwrap_err();
        assert_eq!(
            unknown,
            ComposeError::UnknownField {
                name: "shrad".into()
            }
        );
        assert!(unknown.to_string().contains("no field named \"shrad\""));
        let twice = layout
            .compose_named([("local", 5), ("local", 6)])
            .unwrap_err();
        assert_eq!(
            twice,
            ComposeError::Repeated {
                name: "local".into()
            }
        );
        assert!(twice.to_string().contains("twice"));
        assert!(matches!(
            layout.compose_named([("shard", 1 << 16)]),
            Err(ComposeError::DoesNotFit { .. })
        ));
    }

    #[test]
    fn validation_errors() {
        let cases: Vec<(Vec<Field>, LayoutError)> = vec![
            (vec![], LayoutError::NoFields),
            (
                (0..65).map(|i| other(&format!("f{i}"), 1)).collect(),
                LayoutError::TooManyFields { count: 65, max: 64 },
            ),
            (
                vec![other("a", 1), other("  ", 1)],
                LayoutError::EmptyName { position: 1 },
            ),
            (vec![other("", 1)], LayoutError::EmptyName { position: 0 }),
            (
                vec![other(&"x".repeat(33), 1)],
                LayoutError::NameTooLong {
                    name: "x".repeat(33),
                    chars: 33,
                    max: 32,
                },
            ),
            (
                vec![other("local id", 1)],
                LayoutError::BadNameChar {
                    name: "local id".into(),
                    ch: ' ',
                },
            ),
            (
                vec![other("1st", 1)],
                LayoutError::BadNameChar {
                    name: "1st".into(),
                    ch: '1',
                },
            ),
            (
                vec![other("shärd", 1)],
                LayoutError::BadNameChar {
                    name: "shärd".into(),
                    ch: 'ä',
                },
            ),
            (
                vec![other("shard", 1), other("Shard", 1)],
                LayoutError::DuplicateName {
                    name: "Shard".into(),
                },
            ),
            (
                vec![other("a", 0)],
                LayoutError::ZeroWidth { name: "a".into() },
            ),
            (
                vec![other("a", 65)],
                LayoutError::FieldTooWide {
                    name: "a".into(),
                    width: 65,
                },
            ),
            (
                vec![other("a", 40), other("b", 25)],
                LayoutError::TooWide { total: 65 },
            ),
            (
                vec![
                    Field::new("s1", 8, FieldRole::Shard),
                    Field::new("s2", 8, FieldRole::Shard),
                ],
                LayoutError::DuplicateRole {
                    role: FieldRole::Shard,
                    first: "s1".into(),
                    second: "s2".into(),
                },
            ),
            (
                vec![Field::new("ts", 8, FieldRole::Timestamp)],
                LayoutError::MissingTimeBase { name: "ts".into() },
            ),
            (
                vec![Field::timestamp(
                    "ts",
                    8,
                    TimeBase {
                        unit_ms: 0,
                        epoch_ms: 0,
                    },
                )],
                LayoutError::ZeroTimeUnit { name: "ts".into() },
            ),
            (
                vec![Field::timestamp(
                    "ts",
                    8,
                    TimeBase {
                        unit_ms: u64::MAX,
                        epoch_ms: 0,
                    },
                )],
                LayoutError::TimeUnitTooLong {
                    name: "ts".into(),
                    unit_ms: u64::MAX,
                },
            ),
            (
                vec![Field {
                    time: Some(TimeBase::UNIX_MS),
                    ..Field::new("seq", 8, FieldRole::Sequence)
                }],
                LayoutError::TimeBaseWithoutTimestamp {
                    name: "seq".into(),
                    role: FieldRole::Sequence,
                },
            ),
        ];
        for (fields, expected) in cases {
            let got = BitLayout::new(fields.clone());
            assert_eq!(got, Err(expected.clone()), "{fields:?}");
            // Every message is a readable sentence.
            assert!(expected.to_string().len() > 10, "{expected}");
        }
        // Two types, two locals, two timestamps are rejected like two shards.
        for role in [FieldRole::Type, FieldRole::Local] {
            let fields = vec![Field::new("a", 4, role), Field::new("b", 4, role)];
            assert!(matches!(
                BitLayout::new(fields),
                Err(LayoutError::DuplicateRole { .. })
            ));
        }
        let two_clocks = vec![
            Field::timestamp("a", 4, TimeBase::UNIX_MS),
            Field::timestamp("b", 4, TimeBase::UNIX_MS),
        ];
        assert!(matches!(
            BitLayout::new(two_clocks),
            Err(LayoutError::DuplicateRole { .. })
        ));
        // Several workers, sequences and reserved fields are fine.
        assert!(BitLayout::new(vec![
            Field::new("dc", 5, FieldRole::Worker),
            Field::new("w", 5, FieldRole::Worker),
            Field::new("r1", 1, FieldRole::Reserved),
            Field::new("r2", 1, FieldRole::Reserved),
        ])
        .is_ok());
        // 32 characters is allowed; underscores anywhere.
        assert!(BitLayout::new(vec![other(&"_".repeat(32), 1)]).is_ok());
        let messages = [
            LayoutError::TooManyFields { count: 65, max: 64 }.to_string(),
            LayoutError::EmptyName { position: 1 }.to_string(),
            LayoutError::NoSuchField {
                position: 4,
                count: 4,
            }
            .to_string(),
            LayoutError::NoSuchBoundary {
                position: 3,
                count: 4,
            }
            .to_string(),
        ];
        assert_eq!(
            messages[0],
            "a layout has at most 64 fields; this one has 65"
        );
        assert_eq!(messages[1], "field 2 has no name");
        assert_eq!(messages[2], "there is no field 5; the layout has 4");
        assert_eq!(
            messages[3],
            "there is no boundary after field 4; the layout has 4 fields"
        );
    }

    #[test]
    fn move_boundary_paths() {
        let layout = pinterest();
        let moved = layout.move_boundary(2, -3).unwrap();
        assert_eq!(
            moved.fields().iter().map(|f| f.width).collect::<Vec<_>>(),
            vec![2, 16, 7, 39]
        );
        assert_eq!(moved.move_boundary(2, 3).unwrap(), layout);
        assert_eq!(layout.move_boundary(0, 0).unwrap(), layout);
        assert_eq!(
            layout.move_boundary(3, 1),
            Err(LayoutError::NoSuchBoundary {
                position: 3,
                count: 4
            })
        );
        assert_eq!(
            layout.move_boundary(usize::MAX, 1),
            Err(LayoutError::NoSuchBoundary {
                position: usize::MAX,
                count: 4
            })
        );
        assert_eq!(
            layout.move_boundary(2, 36),
            Err(LayoutError::ZeroWidth {
                name: "local".into()
            })
        );
        assert_eq!(
            layout.move_boundary(2, -10),
            Err(LayoutError::ZeroWidth {
                name: "type".into()
            })
        );
        assert_eq!(
            layout.move_boundary(2, i32::MIN),
            Err(LayoutError::ZeroWidth {
                name: "type".into()
            })
        );
        assert!(matches!(
            layout.move_boundary(2, i32::MAX),
            Err(LayoutError::ZeroWidth { .. })
        ));
    }

    #[test]
    fn width_insert_remove_rename_role() {
        let layout = BitLayout::new(vec![other("a", 8), other("b", 8)]).unwrap();
        let grown = layout.set_width(0, 56).unwrap();
        assert_eq!(grown.unused_top_bits(), 0);
        assert_eq!(
            layout.set_width(0, 57),
            Err(LayoutError::TooWide { total: 65 })
        );
        assert_eq!(
            layout.set_width(2, 1),
            Err(LayoutError::NoSuchField {
                position: 2,
                count: 2
            })
        );

        let inserted = layout.insert_field(2, other("c", 4)).unwrap();
        assert_eq!(inserted.position_of("c"), Some(2));
        let top = layout.insert_field(0, other("z", 4)).unwrap();
        assert_eq!(top.position_of("z"), Some(0));
        assert_eq!(
            layout.insert_field(3, other("c", 4)),
            Err(LayoutError::NoSuchField {
                position: 3,
                count: 2
            })
        );
        assert_eq!(
            layout.insert_field(0, other("a", 4)),
            Err(LayoutError::DuplicateName { name: "a".into() })
        );

        let removed = layout.remove_field(0).unwrap();
        assert_eq!(removed.field_count(), 1);
        assert_eq!(removed.remove_field(0), Err(LayoutError::NoFields));
        assert_eq!(
            layout.remove_field(2),
            Err(LayoutError::NoSuchField {
                position: 2,
                count: 2
            })
        );

        let renamed = layout.rename_field(1, "beta").unwrap();
        assert_eq!(renamed.field(1).unwrap().name, "beta");
        assert_eq!(
            layout.rename_field(1, "A"),
            Err(LayoutError::DuplicateName { name: "A".into() })
        );
        assert_eq!(
            layout.rename_field(1, ""),
            Err(LayoutError::EmptyName { position: 1 })
        );
        assert_eq!(
            layout.rename_field(5, "x"),
            Err(LayoutError::NoSuchField {
                position: 5,
                count: 2
            })
        );

        let clocked = layout.set_role(0, FieldRole::Timestamp).unwrap();
        assert_eq!(clocked.field(0).unwrap().time, Some(TimeBase::UNIX_MS));
        let base = TimeBase {
            unit_ms: 10,
            epoch_ms: 7,
        };
        let based = clocked.set_time_base(0, base).unwrap();
        assert_eq!(based.field(0).unwrap().time, Some(base));
        // Re-setting the role keeps the chosen time base.
        let again = based.set_role(0, FieldRole::Timestamp).unwrap();
        assert_eq!(again.field(0).unwrap().time, Some(base));
        let plain = based.set_role(0, FieldRole::Worker).unwrap();
        assert_eq!(plain.field(0).unwrap().time, None);
        assert_eq!(
            layout.set_time_base(1, base),
            Err(LayoutError::TimeBaseWithoutTimestamp {
                name: "b".into(),
                role: FieldRole::Other
            })
        );
        assert_eq!(
            clocked.set_role(1, FieldRole::Timestamp),
            Err(LayoutError::DuplicateRole {
                role: FieldRole::Timestamp,
                first: "a".into(),
                second: "b".into()
            })
        );
        assert!(matches!(
            layout.set_role(9, FieldRole::Shard),
            Err(LayoutError::NoSuchField { .. })
        ));
        assert_eq!(layout.position_of_role(FieldRole::Other), Some(0));
        assert_eq!(layout.position_of_role(FieldRole::Shard), None);
    }

    #[test]
    fn roles_have_labels() {
        for role in FieldRole::ALL {
            assert_eq!(FieldRole::from_label(role.label()), Some(role));
            assert_eq!(role.to_string(), role.label());
        }
        assert_eq!(FieldRole::from_label("Shard"), None);
    }

    #[test]
    fn serde_round_trip_and_validation() {
        let layout = pinterest()
            .set_role(0, FieldRole::Timestamp)
            .unwrap()
            .set_time_base(
                0,
                TimeBase {
                    unit_ms: 10,
                    epoch_ms: 1_409_529_600_000,
                },
            )
            .unwrap();
        let json = serde_json::to_string(&layout).unwrap();
        let back: BitLayout = serde_json::from_str(&json).unwrap();
        assert_eq!(back, layout);

        let bad = r#"{"fields":[{"name":"a","width":40,"role":"other"},{"name":"b","width":40,"role":"other"}]}"#;
        let err = serde_json::from_str::<BitLayout>(bad).unwrap_err();
        assert!(err.to_string().contains("80 bits"), "{err}");
        let unknown_key = r#"{"fields":[{"name":"a","width":4,"role":"other","colour":"red"}]}"#;
        assert!(serde_json::from_str::<BitLayout>(unknown_key).is_err());
        let unknown_role = r#"{"fields":[{"name":"a","width":4,"role":"color"}]}"#;
        assert!(serde_json::from_str::<BitLayout>(unknown_role).is_err());
    }

    #[test]
    fn decoded_serializes() {
        let decoded = pinterest().decode(u64::MAX);
        let json = serde_json::to_string(&decoded).unwrap();
        assert!(json.contains("\"kind\":\"reserved_field_set\""), "{json}");
        let back: Decoded = serde_json::from_str(&json).unwrap();
        assert_eq!(back, decoded);
    }

    #[test]
    fn all_lists_every_role_once() {
        crate::assert_lists_every_variant!(
            FieldRole,
            FieldRole::ALL,
            [Reserved, Shard, Type, Local, Timestamp, Sequence, Worker, Other]
        );
    }
}
