//! Composing a family's ID from named field values, as `encode` does: which layout a UUID is
//! composed in, and the fields left unnamed.

use thiserror::Error;

use crate::text::quote;

use super::decode::{ComposeWideError, DecodedId, FamilyError};
use super::family::IdFamily;
use super::layout::WideLayout;
use super::uuid::{UuidKind, UuidVersion};

/// The name of a UUID's version field in every RFC 9562 layout.
const UUID_VERSION_FIELD: &str = "ver";

/// Why named values make no ID of a family.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ComposeNamedError {
    /// A name that is not a field of the layout.
    #[error("{} has no field called {}; its fields are {}", layout.title(), quote(name), field_names(*layout))]
    UnknownField {
        /// The name given.
        name: String,
        /// The layout composed in.
        layout: WideLayout,
    },
    /// The same field named twice.
    #[error("the field {} is given twice", quote(name))]
    Repeated {
        /// The field's name.
        name: String,
    },
    /// A UUID with no version to choose its layout by.
    #[error("a UUID's fields depend on its version: give ver=1 … ver=8 (ver=7 for Unix time), or use the layout uuidv7")]
    UuidVersionNeeded,
    /// A version outside RFC 9562's 1 to 8.
    #[error("RFC 9562 defines UUID versions 1 to 8; ver={version} was given")]
    UuidVersion {
        /// The version given.
        version: u128,
    },
    /// A value that does not fit its field, or a fixed field given another value.
    #[error("{0}")]
    Compose(ComposeWideError),
    /// The composed ID does not decode in its family; the fixed fields are filled in, so this
    /// would be a table's mistake.
    #[error("{0}")]
    Decode(FamilyError),
}

/// The layout's field names, as a message lists them.
fn field_names(layout: WideLayout) -> String {
    let names: Vec<&str> = layout.fields().iter().map(|field| field.name).collect();
    names.join(", ")
}

impl IdFamily {
    /// The UUID version a layout name implies: `uuidv7` means version 7 when composing (when
    /// decoding, the UUID's own version bits decide). `None` for every other name.
    ///
    /// ```
    /// use shardlab_core::id_family::{IdFamily, UuidVersion};
    /// assert_eq!(IdFamily::implied_uuid_version("UUIDv7"), Some(UuidVersion::UnixTime));
    /// assert_eq!(IdFamily::implied_uuid_version("uuid"), None);
    /// ```
    pub fn implied_uuid_version(name: &str) -> Option<UuidVersion> {
        name.trim()
            .eq_ignore_ascii_case("uuidv7")
            .then_some(UuidVersion::UnixTime)
    }

    /// The ID whose fields hold `values`, by name; fields not named are 0, and a UUID's version
    /// and variant are filled in. A UUID's layout is that of its version: `implied` (from the
    /// layout name, see [`implied_uuid_version`](Self::implied_uuid_version)) or else the value
    /// given for `ver`.
    ///
    /// ```
    /// use shardlab_core::id_family::{IdFamily, UuidVersion};
    /// use shardlab_core::id_text::TextForm;
    /// let v7 = IdFamily::Uuid.compose_named(
    ///     Some(UuidVersion::UnixTime),
    ///     &[("unix_ts_ms", 0x017F22E279B0), ("rand_a", 0xCC3), ("rand_b", 0x18C4DC0C0C07398F)],
    /// )?;
    /// let text = TextForm::Uuid.format(&v7.id).ok();
    /// assert_eq!(text.as_deref(), Some("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"));
    /// # Ok::<(), shardlab_core::id_family::ComposeNamedError>(())
    /// ```
    pub fn compose_named(
        self,
        implied: Option<UuidVersion>,
        values: &[(&str, u128)],
    ) -> Result<DecodedId, ComposeNamedError> {
        let layout = match self.fixed_layout() {
            Some(layout) => layout,
            None => WideLayout::Uuid(UuidKind::Rfc9562(uuid_version(implied, values)?)),
        };
        let fields = layout.fields();
        let mut slots: Vec<Option<u128>> = vec![None; fields.len()];
        for &(name, value) in values {
            let slot = fields
                .iter()
                .position(|field| field.name == name)
                .and_then(|position| slots.get_mut(position))
                .ok_or_else(|| ComposeNamedError::UnknownField {
                    name: name.to_owned(),
                    layout,
                })?;
            if slot.replace(value).is_some() {
                return Err(ComposeNamedError::Repeated {
                    name: name.to_owned(),
                });
            }
        }
        let filled: Vec<u128> = fields
            .iter()
            .zip(slots)
            .map(|(field, slot)| slot.or_else(|| layout.fixed_value(field.role)).unwrap_or(0))
            .collect();
        let id = layout
            .compose(&filled)
            .map_err(ComposeNamedError::Compose)?;
        // The layout's own fixed values went in, so the ID decodes back to this layout.
        self.decode(&id).map_err(ComposeNamedError::Decode)
    }
}

/// The version a UUID is composed in: the one the layout name implies, else `ver`'s value.
fn uuid_version(
    implied: Option<UuidVersion>,
    values: &[(&str, u128)],
) -> Result<UuidVersion, ComposeNamedError> {
    if let Some(version) = implied {
        return Ok(version);
    }
    let given = values
        .iter()
        .find(|(name, _)| *name == UUID_VERSION_FIELD)
        .map(|&(_, value)| value)
        .ok_or(ComposeNamedError::UuidVersionNeeded)?;
    u8::try_from(given)
        .ok()
        .and_then(UuidVersion::from_number)
        .ok_or(ComposeNamedError::UuidVersion { version: given })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::id_text::TextForm;

    #[test]
    fn a_uuid_takes_its_layout_from_ver_or_the_name() {
        // Version 4 with every random bit 0: only the version nibble (4) and variant (8) set.
        let v4 = IdFamily::Uuid.compose_named(None, &[("ver", 4)]).unwrap();
        assert_eq!(
            TextForm::Uuid.format(&v4.id).unwrap(),
            "00000000-0000-4000-8000-000000000000"
        );
        assert_eq!(
            IdFamily::Uuid.compose_named(None, &[("rand_a", 1)]),
            Err(ComposeNamedError::UuidVersionNeeded)
        );
        assert_eq!(
            IdFamily::Uuid.compose_named(None, &[("ver", 9)]),
            Err(ComposeNamedError::UuidVersion { version: 9 })
        );
        // uuidv7 fixes the version: ver=4 contradicts it.
        let clash = IdFamily::Uuid.compose_named(Some(UuidVersion::UnixTime), &[("ver", 4)]);
        assert_eq!(
            clash,
            Err(ComposeNamedError::Compose(ComposeWideError::Fixed {
                field: "ver",
                expected: 7,
                found: 4
            }))
        );
    }

    #[test]
    fn named_values_are_checked_against_the_layout() {
        let unknown = IdFamily::Tsid.compose_named(None, &[("shard", 1)]);
        assert_eq!(
            unknown.map_err(|err| err.to_string()),
            Err(
                "TSID has no field called \"shard\"; its fields are time, node, counter".to_owned()
            )
        );
        let twice = IdFamily::Tsid.compose_named(None, &[("node", 1), ("node", 2)]);
        assert!(matches!(twice, Err(ComposeNamedError::Repeated { .. })));
        // TSID's node is 10 bits: 1023 fits, 1024 does not.
        let too_big = IdFamily::Tsid.compose_named(None, &[("node", 1024)]);
        assert_eq!(
            too_big,
            Err(ComposeNamedError::Compose(ComposeWideError::TooLarge {
                field: "node",
                width: 10
            }))
        );
        // time 1, node 1023, counter 5: (1 << 22) | (1023 << 12) | 5.
        let tsid = IdFamily::Tsid
            .compose_named(None, &[("time", 1), ("node", 1023), ("counter", 5)])
            .unwrap();
        assert_eq!(tsid.id.as_u128(), Some((1 << 22) | (1023 << 12) | 5));
    }
}
