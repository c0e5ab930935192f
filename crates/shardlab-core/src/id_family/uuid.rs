//! UUIDs (RFC 9562): the variant and version fields, and the layout of each version.
//!
//! A UUID says which layout it has in two places: the variant (the top bits of octet 8) says
//! whose scheme it follows, and, for RFC 9562's variant `10`, the version (the top 4 bits of octet
//! 6) says which of the RFC's layouts. The other variants (NCS's `0`, Microsoft's `110`, the
//! reserved `111`) define no fields this module can read, so decoding one is an error that names
//! the variant. The Nil UUID (all zeros) and the Max UUID (all ones) are special values the RFC
//! defines (sections 5.9 and 5.10) with neither variant nor version, and they decode as such.
//!
//! Field names and widths are RFC 9562's (sections 5.1 to 5.8). Version 2 is reserved there for
//! DCE Security, whose layout (DCE 1.1, Authentication and Security Services) replaces
//! `time_low` with a local identifier and `clock_seq_low` with a local domain; its time is
//! therefore incomplete and is not read.

use std::fmt;

use serde::Serialize;

use super::field::{field, WideField, WideFieldRole};

use WideFieldRole::{
    Counter, Custom, Hash, Local, Machine, Random, Special, Time, Variant, Version,
};

/// A UUID's variant: the top bits of octet 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UuidVariant {
    /// `0xxx`: reserved, the Apollo NCS's UUIDs.
    Ncs,
    /// `10xx`: RFC 9562 (and RFC 4122 before it): the versions 1 to 8.
    Rfc9562,
    /// `110x`: reserved, Microsoft's backward-compatible GUIDs.
    Microsoft,
    /// `111x`: reserved for future definition.
    Future,
}

impl UuidVariant {
    /// The variant of `uuid`.
    pub fn of(uuid: u128) -> UuidVariant {
        // Octet 8 is bits 64 to 71 counting from the least significant.
        let top_three = (uuid >> 61) & 0b111;
        if top_three & 0b100 == 0 {
            UuidVariant::Ncs
        } else if top_three & 0b010 == 0 {
            UuidVariant::Rfc9562
        } else if top_three & 0b001 == 0 {
            UuidVariant::Microsoft
        } else {
            UuidVariant::Future
        }
    }

    /// The variant's bits as RFC 9562's table writes them: `10x`.
    pub fn bits(self) -> &'static str {
        match self {
            UuidVariant::Ncs => "0xx",
            UuidVariant::Rfc9562 => "10x",
            UuidVariant::Microsoft => "110",
            UuidVariant::Future => "111",
        }
    }
}

impl fmt::Display for UuidVariant {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str(match self {
            UuidVariant::Ncs => "the NCS variant",
            UuidVariant::Rfc9562 => "the RFC 9562 variant",
            UuidVariant::Microsoft => "the Microsoft variant",
            UuidVariant::Future => "the variant reserved for the future",
        })
    }
}

/// The versions RFC 9562 defines, 1 to 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UuidVersion {
    /// 1: Gregorian time (100 ns since 1582-10-15), clock sequence and node.
    GregorianTime,
    /// 2: DCE Security, with a local identifier and domain.
    DceSecurity,
    /// 3: an MD5 hash of a namespace and a name.
    NameMd5,
    /// 4: random.
    Random,
    /// 5: a SHA-1 hash of a namespace and a name.
    NameSha1,
    /// 6: version 1's time with its parts reordered so the text sorts by time.
    ReorderedTime,
    /// 7: Unix milliseconds, then random bits.
    UnixTime,
    /// 8: custom, the minter's own layout.
    Custom,
}

impl UuidVersion {
    /// Every version, 1 to 8.
    pub const ALL: [UuidVersion; 8] = [
        UuidVersion::GregorianTime,
        UuidVersion::DceSecurity,
        UuidVersion::NameMd5,
        UuidVersion::Random,
        UuidVersion::NameSha1,
        UuidVersion::ReorderedTime,
        UuidVersion::UnixTime,
        UuidVersion::Custom,
    ];

    /// The version's number, as the version field holds it.
    pub fn number(self) -> u8 {
        match self {
            UuidVersion::GregorianTime => 1,
            UuidVersion::DceSecurity => 2,
            UuidVersion::NameMd5 => 3,
            UuidVersion::Random => 4,
            UuidVersion::NameSha1 => 5,
            UuidVersion::ReorderedTime => 6,
            UuidVersion::UnixTime => 7,
            UuidVersion::Custom => 8,
        }
    }

    /// The version whose number is `number`; `None` for 0 and 9 to 15, which RFC 9562 leaves
    /// unused or reserved.
    pub fn from_number(number: u8) -> Option<UuidVersion> {
        UuidVersion::ALL
            .into_iter()
            .find(|version| version.number() == number)
    }

    /// What the version is, as a reader reads it: "Unix time".
    pub fn label(self) -> &'static str {
        match self {
            UuidVersion::GregorianTime => "Gregorian time",
            UuidVersion::DceSecurity => "DCE Security",
            UuidVersion::NameMd5 => "name-based, MD5",
            UuidVersion::Random => "random",
            UuidVersion::NameSha1 => "name-based, SHA-1",
            UuidVersion::ReorderedTime => "reordered Gregorian time",
            UuidVersion::UnixTime => "Unix time",
            UuidVersion::Custom => "custom",
        }
    }
}

/// Which layout a UUID has: one of the RFC's versions, or one of its two special values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UuidKind {
    /// All 128 bits zero (RFC 9562, section 5.9).
    Nil,
    /// All 128 bits one (RFC 9562, section 5.10).
    Max,
    /// The RFC 9562 variant with this version.
    Rfc9562(UuidVersion),
}

impl UuidKind {
    /// The fields, most significant first.
    pub(super) fn fields(self) -> &'static [WideField] {
        match self {
            UuidKind::Nil => &NIL,
            UuidKind::Max => &MAX,
            UuidKind::Rfc9562(version) => match version {
                UuidVersion::GregorianTime => &V1,
                UuidVersion::DceSecurity => &V2,
                UuidVersion::NameMd5 => &V3,
                UuidVersion::Random => &V4,
                UuidVersion::NameSha1 => &V5,
                UuidVersion::ReorderedTime => &V6,
                UuidVersion::UnixTime => &V7,
                UuidVersion::Custom => &V8,
            },
        }
    }

    /// The names of the fields that make up the time, most significant first: v1's and v6's
    /// 60-bit timestamp is cut in three, in a different order in each.
    pub(super) fn time_fields(self) -> &'static [&'static str] {
        match self {
            UuidKind::Rfc9562(UuidVersion::GregorianTime | UuidVersion::ReorderedTime) => {
                &["time_high", "time_mid", "time_low"]
            }
            UuidKind::Rfc9562(UuidVersion::UnixTime) => &["unix_ts_ms"],
            UuidKind::Nil
            | UuidKind::Max
            | UuidKind::Rfc9562(
                UuidVersion::DceSecurity
                | UuidVersion::NameMd5
                | UuidVersion::Random
                | UuidVersion::NameSha1
                | UuidVersion::Custom,
            ) => &[],
        }
    }

    /// The value a fixed field must hold: the version's number, the variant's `10`, all zeros
    /// or all ones; `None` for a field the minter fills.
    pub(super) fn fixed_value(self, role: WideFieldRole) -> Option<u128> {
        match role {
            Version => match self {
                UuidKind::Rfc9562(version) => Some(u128::from(version.number())),
                UuidKind::Nil | UuidKind::Max => None,
            },
            Variant => match self {
                UuidKind::Rfc9562(_) => Some(RFC_VARIANT),
                UuidKind::Nil | UuidKind::Max => None,
            },
            Special => match self {
                UuidKind::Nil => Some(0),
                UuidKind::Max => Some(u128::MAX),
                UuidKind::Rfc9562(_) => None,
            },
            Time | Random | Counter | Machine | Hash | Custom | Local | WideFieldRole::Reserved => {
                None
            }
        }
    }

    /// The kind of `uuid`, or why it has none this module reads.
    pub(super) fn of(uuid: u128) -> Result<UuidKind, UnreadUuid> {
        if uuid == 0 {
            return Ok(UuidKind::Nil);
        }
        if uuid == u128::MAX {
            return Ok(UuidKind::Max);
        }
        let variant = UuidVariant::of(uuid);
        if variant != UuidVariant::Rfc9562 {
            return Err(UnreadUuid::Variant(variant));
        }
        // The version is the top 4 bits of octet 6: bits 76 to 79 from the least significant.
        let number = u8::try_from((uuid >> 76) & 0xF).unwrap_or(0);
        UuidVersion::from_number(number)
            .map(UuidKind::Rfc9562)
            .ok_or(UnreadUuid::Version(number))
    }
}

/// Why a UUID has no layout here: a variant other than RFC 9562's, or a version it leaves unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum UnreadUuid {
    Variant(UuidVariant),
    Version(u8),
}

/// The RFC variant's two bits, `10`.
const RFC_VARIANT: u128 = 0b10;

const NIL: [WideField; 1] = [field("nil", 128, Special)];
const MAX: [WideField; 1] = [field("max", 128, Special)];

/// Section 5.1: the timestamp's low 32 bits first, so v1 UUIDs do not sort by time.
const V1: [WideField; 7] = [
    field("time_low", 32, Time),
    field("time_mid", 16, Time),
    field("ver", 4, Version),
    field("time_high", 12, Time),
    field("var", 2, Variant),
    field("clock_seq", 14, Counter),
    field("node", 48, Machine),
];

/// DCE 1.1's version 2: version 1 with a local identifier for `time_low` and a local domain
/// for `clock_seq_low`.
const V2: [WideField; 8] = [
    field("local_id", 32, Local),
    field("time_mid", 16, Time),
    field("ver", 4, Version),
    field("time_high", 12, Time),
    field("var", 2, Variant),
    field("clock_seq", 6, Counter),
    field("local_domain", 8, Local),
    field("node", 48, Machine),
];

/// Section 5.3.
const V3: [WideField; 5] = [
    field("md5_high", 48, Hash),
    field("ver", 4, Version),
    field("md5_mid", 12, Hash),
    field("var", 2, Variant),
    field("md5_low", 62, Hash),
];

/// Section 5.4.
const V4: [WideField; 5] = [
    field("random_a", 48, Random),
    field("ver", 4, Version),
    field("random_b", 12, Random),
    field("var", 2, Variant),
    field("random_c", 62, Random),
];

/// Section 5.5.
const V5: [WideField; 5] = [
    field("sha1_high", 48, Hash),
    field("ver", 4, Version),
    field("sha1_mid", 12, Hash),
    field("var", 2, Variant),
    field("sha1_low", 62, Hash),
];

/// Section 5.6: version 1's timestamp, most significant bits first.
const V6: [WideField; 7] = [
    field("time_high", 32, Time),
    field("time_mid", 16, Time),
    field("ver", 4, Version),
    field("time_low", 12, Time),
    field("var", 2, Variant),
    field("clock_seq", 14, Counter),
    field("node", 48, Machine),
];

/// Section 5.7: 48 bits of Unix milliseconds, then 74 random bits around the version and variant.
const V7: [WideField; 5] = [
    field("unix_ts_ms", 48, Time),
    field("ver", 4, Version),
    field("rand_a", 12, Random),
    field("var", 2, Variant),
    field("rand_b", 62, Random),
];

/// Section 5.8.
const V8: [WideField; 5] = [
    field("custom_a", 48, Custom),
    field("ver", 4, Version),
    field("custom_b", 12, Custom),
    field("var", 2, Variant),
    field("custom_c", 62, Custom),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variant_is_the_top_bits_of_octet_8() {
        let with_octet_8 = |octet: u8| u128::from(octet) << 56;
        assert_eq!(UuidVariant::of(with_octet_8(0x7F)), UuidVariant::Ncs);
        assert_eq!(UuidVariant::of(with_octet_8(0x80)), UuidVariant::Rfc9562);
        assert_eq!(UuidVariant::of(with_octet_8(0xBF)), UuidVariant::Rfc9562);
        assert_eq!(UuidVariant::of(with_octet_8(0xC0)), UuidVariant::Microsoft);
        assert_eq!(UuidVariant::of(with_octet_8(0xDF)), UuidVariant::Microsoft);
        assert_eq!(UuidVariant::of(with_octet_8(0xE0)), UuidVariant::Future);
    }

    #[test]
    fn versions_are_1_to_8() {
        for number in 0..=15u8 {
            let version = UuidVersion::from_number(number);
            assert_eq!(version.is_some(), (1..=8).contains(&number), "{number}");
            assert_eq!(version.map(UuidVersion::number).unwrap_or(number), number);
        }
    }

    #[test]
    fn every_layout_is_128_bits_with_its_time_fields_in_it() {
        let kinds = UuidVersion::ALL
            .into_iter()
            .map(UuidKind::Rfc9562)
            .chain([UuidKind::Nil, UuidKind::Max]);
        for kind in kinds {
            let widths: u32 = kind.fields().iter().map(|field| field.width).sum();
            assert_eq!(widths, 128, "{kind:?}");
            for name in kind.time_fields() {
                let found = kind.fields().iter().find(|field| field.name == *name);
                assert_eq!(found.map(|field| field.role), Some(Time), "{kind:?} {name}");
            }
        }
    }

    #[test]
    fn nil_and_max_are_special_and_other_variants_are_not_read() {
        assert_eq!(UuidKind::of(0), Ok(UuidKind::Nil));
        assert_eq!(UuidKind::of(u128::MAX), Ok(UuidKind::Max));
        assert_eq!(
            UuidKind::of(0xC000_0000_0000_0000),
            Err(UnreadUuid::Variant(UuidVariant::Microsoft))
        );
        // The RFC variant with version 0 or 9.
        assert_eq!(
            UuidKind::of(0x8000_0000_0000_0000),
            Err(UnreadUuid::Version(0))
        );
        assert_eq!(
            UuidKind::of(0x9000_8000_0000_0000_0000),
            Err(UnreadUuid::Version(9))
        );
    }

    #[test]
    fn all_lists_every_version_once() {
        crate::assert_lists_every_variant!(
            UuidVersion,
            UuidVersion::ALL,
            [
                GregorianTime,
                DceSecurity,
                NameMd5,
                Random,
                NameSha1,
                ReorderedTime,
                UnixTime,
                Custom
            ]
        );
    }
}
