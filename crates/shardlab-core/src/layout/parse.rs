//! [`parse_id`]: reading a 64-bit ID the way people paste them.

use std::fmt;

use thiserror::Error;

use crate::text::describe_char;

/// The base an ID was written in, chosen by its prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdRadix {
    /// `0b…`
    Binary,
    /// No prefix.
    Decimal,
    /// `0x…`
    Hex,
}

impl IdRadix {
    /// The numeric base: 2, 10 or 16.
    pub fn base(self) -> u32 {
        match self {
            IdRadix::Binary => 2,
            IdRadix::Decimal => 10,
            IdRadix::Hex => 16,
        }
    }
}

impl fmt::Display for IdRadix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IdRadix::Binary => "binary",
            IdRadix::Decimal => "decimal",
            IdRadix::Hex => "hex",
        })
    }
}

/// Why a text is not a 64-bit ID. The messages are sentences meant to be shown next to the input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseIdError {
    /// Nothing but whitespace and quotes.
    #[error("type or paste an ID")]
    Empty,
    /// A prefix or separators, but no digits.
    #[error("{}", no_digits_message(*radix))]
    NoDigits {
        /// The base the prefix asked for.
        radix: IdRadix,
    },
    /// A character that is not a digit of the base in use, nor a separator.
    #[error("{}", bad_digit_message(*ch, *position, *radix))]
    BadDigit {
        /// The offending character.
        ch: char,
        /// Its position in the input, counting characters from 1.
        position: usize,
        /// The base in use.
        radix: IdRadix,
    },
    /// More than 2^64 − 1.
    #[error("{}", too_large_message(*digits, *radix))]
    TooLarge {
        /// How many digits the number has, leading zeros not counted.
        digits: usize,
        /// The base in use.
        radix: IdRadix,
    },
    /// A minus sign in front.
    #[error("{}", negative_message(*as_unsigned))]
    Negative {
        /// When the number could be a signed 64-bit view of an ID (Java's `long`, say), the
        /// unsigned ID with the same bits.
        as_unsigned: Option<u64>,
    },
}

fn no_digits_message(radix: IdRadix) -> String {
    match radix {
        IdRadix::Decimal => "there are no digits in this ID".to_owned(),
        IdRadix::Hex => "0x must be followed by hex digits".to_owned(),
        IdRadix::Binary => "0b must be followed by binary digits (0 and 1)".to_owned(),
    }
}

fn bad_digit_message(ch: char, position: usize, radix: IdRadix) -> String {
    let hint = match radix {
        IdRadix::Decimal if ch.is_ascii_hexdigit() => "; hex IDs start with 0x",
        IdRadix::Binary if ch.is_ascii_digit() => "; binary digits are 0 and 1",
        _ => "",
    };
    format!(
        "{} at position {position} is not a {radix} digit{hint}",
        describe_char(ch)
    )
}

fn too_large_message(digits: usize, radix: IdRadix) -> String {
    match radix {
        IdRadix::Decimal => {
            format!("IDs are 0 … 18446744073709551615; this one has {digits} digits")
        }
        IdRadix::Hex => {
            format!("IDs are 0 … 0xFFFFFFFFFFFFFFFF (16 hex digits); this one has {digits}")
        }
        IdRadix::Binary => format!("IDs have at most 64 binary digits; this one has {digits}"),
    }
}

fn negative_message(as_unsigned: Option<u64>) -> String {
    match as_unsigned {
        Some(id) => format!(
            "IDs are never negative; read as a signed 64-bit number, these bits are the ID {id}"
        ),
        None => "IDs are never negative".to_owned(),
    }
}

/// Reads a 64-bit ID: decimal, `0x` hex or `0b` binary (prefix in either case), with optional
/// surrounding whitespace, a pair of surrounding quotes (`"`, `'`, `“…”` or `‘…’`), a leading `+`,
/// and `_` or `,` separators anywhere among the digits.
///
/// It never panics, whatever the input.
///
/// ```
/// use shardlab_core::layout::{parse_id, ParseIdError};
/// assert_eq!(parse_id(" \"241_294_492_511_762_325\" "), Ok(241_294_492_511_762_325));
/// assert_eq!(parse_id("0x0359_4010_006B_F795"), Ok(241_294_492_511_762_325));
/// assert_eq!(parse_id("0B101"), Ok(5));
/// assert_eq!(
///     parse_id("18446744073709551616").unwrap_err().to_string(),
///     "IDs are 0 … 18446744073709551615; this one has 20 digits"
/// );
/// assert!(matches!(parse_id("12a4"), Err(ParseIdError::BadDigit { ch: 'a', position: 3, .. })));
/// ```
pub fn parse_id(input: &str) -> Result<u64, ParseIdError> {
    let chars: Vec<char> = input.chars().collect();
    let (body, offset) = unwrap_quotes(trim(&chars, 0));
    match body.split_first() {
        None => Err(ParseIdError::Empty),
        Some(('-', magnitude)) => {
            // Only a plain magnitude in the signed range has an unsigned twin worth naming.
            let as_unsigned = parse_unsigned(magnitude, offset.saturating_add(1))
                .ok()
                .filter(|&value| value != 0 && value <= 1u64 << 63)
                .map(|value| 0u64.wrapping_sub(value));
            Err(ParseIdError::Negative { as_unsigned })
        }
        Some(('+', magnitude)) => parse_unsigned(magnitude, offset.saturating_add(1)),
        Some(_) => parse_unsigned(body, offset),
    }
}

/// Drops whitespace at both ends. `offset` is how many characters of the input precede `chars`.
/// The ID text forms ([`crate::id_text`]) frame their input the same way.
pub(crate) fn trim(chars: &[char], offset: usize) -> (&[char], usize) {
    let leading = chars.iter().take_while(|ch| ch.is_whitespace()).count();
    let rest = chars.get(leading..).unwrap_or_default();
    let trailing = rest
        .iter()
        .rev()
        .take_while(|ch| ch.is_whitespace())
        .count();
    let kept = rest.len().saturating_sub(trailing);
    (
        rest.get(..kept).unwrap_or_default(),
        offset.saturating_add(leading),
    )
}

/// Drops one pair of matching quotes, and whitespace just inside them.
pub(crate) fn unwrap_quotes((chars, offset): (&[char], usize)) -> (&[char], usize) {
    match chars {
        [open, inner @ .., close]
            if matches!(
                (open, close),
                ('"', '"') | ('\'', '\'') | ('“', '”') | ('‘', '’') | ('`', '`')
            ) =>
        {
            trim(inner, offset.saturating_add(1))
        }
        _ => (chars, offset),
    }
}

/// Reads an optional `0x`/`0b` prefix and the digits after it.
fn parse_unsigned(chars: &[char], offset: usize) -> Result<u64, ParseIdError> {
    let (radix, digits, offset) = match chars {
        ['0', 'x' | 'X', rest @ ..] => (IdRadix::Hex, rest, offset.saturating_add(2)),
        ['0', 'b' | 'B', rest @ ..] => (IdRadix::Binary, rest, offset.saturating_add(2)),
        _ => (IdRadix::Decimal, chars, offset),
    };
    let base = radix.base();
    let mut value: Option<u64> = Some(0);
    let mut significant_digits = 0usize;
    let mut any_digit = false;
    // Scan everything before reporting size, so that a typo is reported ahead of "too large".
    for (index, &ch) in digits.iter().enumerate() {
        if ch == '_' || ch == ',' {
            continue;
        }
        let digit = ch.to_digit(base).ok_or(ParseIdError::BadDigit {
            ch,
            position: offset.saturating_add(index).saturating_add(1),
            radix,
        })?;
        any_digit = true;
        if digit != 0 || significant_digits > 0 {
            significant_digits = significant_digits.saturating_add(1);
        }
        value = value
            .and_then(|v| v.checked_mul(u64::from(base)))
            .and_then(|v| v.checked_add(u64::from(digit)));
    }
    if !any_digit {
        return Err(ParseIdError::NoDigits { radix });
    }
    value.ok_or(ParseIdError::TooLarge {
        digits: significant_digits,
        radix,
    })
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // test arithmetic uses fixed, known values
mod tests {
    use super::*;

    const PIN: u64 = 241_294_492_511_762_325;

    #[test]
    fn accepts_every_form() {
        for text in [
            "241294492511762325",
            "  241294492511762325\n",
            "\"241294492511762325\"",
            "'241294492511762325'",
            "“241294492511762325”",
            "‘241294492511762325’",
            "`241294492511762325`",
            "\" 241294492511762325 \"",
            "241_294_492_511_762_325",
            "241,294,492,511,762,325",
            "+241294492511762325",
            "0x3594010006BF795",
            "0X3594010006bf795",
            "0x0359_4010_006B_F795",
            "\t'0x3594010006BF795' ",
            "0b1101011001010000000001000000000000011010111111011110010101",
            "0B0000_1101011001010000000001000000000000011010111111011110010101",
            "000241294492511762325",
        ] {
            assert_eq!(parse_id(text), Ok(PIN), "{text:?}");
        }
        assert_eq!(parse_id("0"), Ok(0));
        assert_eq!(parse_id("0x0"), Ok(0));
        assert_eq!(parse_id("0b0"), Ok(0));
        assert_eq!(parse_id("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_id("0xFFFFFFFFFFFFFFFF"), Ok(u64::MAX));
        assert_eq!(parse_id(&format!("0b{}", "1".repeat(64))), Ok(u64::MAX));
        assert_eq!(parse_id(&format!("{}1", "0".repeat(10_000))), Ok(1));
    }

    #[test]
    fn empty_inputs() {
        for text in ["", "   ", "\"\"", "''", "\" \"", "\n\t"] {
            assert_eq!(parse_id(text), Err(ParseIdError::Empty), "{text:?}");
        }
        assert_eq!(ParseIdError::Empty.to_string(), "type or paste an ID");
    }

    #[test]
    fn missing_digits() {
        assert_eq!(
            parse_id("0x"),
            Err(ParseIdError::NoDigits {
                radix: IdRadix::Hex
            })
        );
        assert_eq!(
            parse_id("0b__"),
            Err(ParseIdError::NoDigits {
                radix: IdRadix::Binary
            })
        );
        assert_eq!(
            parse_id("_,_"),
            Err(ParseIdError::NoDigits {
                radix: IdRadix::Decimal
            })
        );
        assert_eq!(
            parse_id("+"),
            Err(ParseIdError::NoDigits {
                radix: IdRadix::Decimal
            })
        );
        assert_eq!(
            parse_id("0x").unwrap_err().to_string(),
            "0x must be followed by hex digits"
        );
        assert!(parse_id("0b").unwrap_err().to_string().contains("0 and 1"));
        assert!(parse_id(",").unwrap_err().to_string().contains("no digits"));
    }

    #[test]
    fn bad_digits_name_the_character_and_position() {
        let cases = [
            ("12a4", 'a', 3, IdRadix::Decimal),
            ("  12 34", ' ', 5, IdRadix::Decimal),
            ("\"12\"3", '"', 1, IdRadix::Decimal),
            ("0x12G", 'G', 5, IdRadix::Hex),
            ("0b102", '2', 5, IdRadix::Binary),
            ("1🦀", '🦀', 2, IdRadix::Decimal),
            ("🦀", '🦀', 1, IdRadix::Decimal),
            ("'12", '\'', 1, IdRadix::Decimal),
            ("' 1x'", 'x', 4, IdRadix::Decimal),
            ("+0x1z", 'z', 5, IdRadix::Hex),
            ("1.5", '.', 2, IdRadix::Decimal),
            ("1e9", 'e', 2, IdRadix::Decimal),
            ("0o17", 'o', 2, IdRadix::Decimal),
            ("++1", '+', 2, IdRadix::Decimal),
            ("١٢٣", '١', 1, IdRadix::Decimal),
        ];
        for (text, ch, position, radix) in cases {
            assert_eq!(
                parse_id(text),
                Err(ParseIdError::BadDigit {
                    ch,
                    position,
                    radix
                }),
                "{text:?}"
            );
        }
        assert_eq!(
            parse_id("12a4").unwrap_err().to_string(),
            "'a' at position 3 is not a decimal digit; hex IDs start with 0x"
        );
        assert_eq!(
            parse_id("0b102").unwrap_err().to_string(),
            "'2' at position 5 is not a binary digit; binary digits are 0 and 1"
        );
        assert_eq!(
            parse_id("0x12G").unwrap_err().to_string(),
            "'G' at position 5 is not a hex digit"
        );
        // Anything but printable ASCII is named by its code point, never echoed.
        assert_eq!(
            parse_id("🦀").unwrap_err().to_string(),
            "U+1F980 at position 1 is not a decimal digit"
        );
        assert_eq!(
            parse_id("12\u{a0}34").unwrap_err().to_string(),
            "U+00A0 at position 3 is not a decimal digit"
        );
        assert_eq!(
            parse_id("0x1\u{200b}2").unwrap_err().to_string(),
            "U+200B at position 4 is not a hex digit"
        );
        // A typo beyond 64 bits is reported as a typo, not as "too large".
        let long_with_typo = format!("{}x", "9".repeat(10_000));
        assert!(matches!(
            parse_id(&long_with_typo),
            Err(ParseIdError::BadDigit {
                ch: 'x',
                position: 10_001,
                ..
            })
        ));
    }

    #[test]
    fn too_large() {
        assert_eq!(
            parse_id("18446744073709551616"),
            Err(ParseIdError::TooLarge {
                digits: 20,
                radix: IdRadix::Decimal
            })
        );
        assert_eq!(
            parse_id("123456789012345678901").unwrap_err().to_string(),
            "IDs are 0 … 18446744073709551615; this one has 21 digits"
        );
        assert_eq!(
            parse_id(&"9".repeat(10_000)),
            Err(ParseIdError::TooLarge {
                digits: 10_000,
                radix: IdRadix::Decimal
            })
        );
        assert_eq!(
            parse_id("0x1_0000_0000_0000_0000"),
            Err(ParseIdError::TooLarge {
                digits: 17,
                radix: IdRadix::Hex
            })
        );
        assert!(parse_id("0x10000000000000000")
            .unwrap_err()
            .to_string()
            .contains("16 hex digits"));
        let sixty_five = format!("0b1{}", "0".repeat(64));
        assert_eq!(
            parse_id(&sixty_five),
            Err(ParseIdError::TooLarge {
                digits: 65,
                radix: IdRadix::Binary
            })
        );
        assert_eq!(
            parse_id(&sixty_five).unwrap_err().to_string(),
            "IDs have at most 64 binary digits; this one has 65"
        );
    }

    #[test]
    fn negative_numbers() {
        assert_eq!(
            parse_id("-1"),
            Err(ParseIdError::Negative {
                as_unsigned: Some(u64::MAX)
            })
        );
        assert_eq!(
            parse_id("-9223372036854775808"),
            Err(ParseIdError::Negative {
                as_unsigned: Some(1 << 63)
            })
        );
        for text in ["-9223372036854775809", "-0", "-", "-abc", " '-5x' "] {
            assert_eq!(
                parse_id(text),
                Err(ParseIdError::Negative { as_unsigned: None }),
                "{text:?}"
            );
        }
        assert_eq!(
            parse_id("-1").unwrap_err().to_string(),
            "IDs are never negative; read as a signed 64-bit number, these bits are the ID 18446744073709551615"
        );
        assert_eq!(
            parse_id("-").unwrap_err().to_string(),
            "IDs are never negative"
        );
    }

    #[test]
    fn radix_names() {
        assert_eq!(IdRadix::Binary.base(), 2);
        assert_eq!(IdRadix::Decimal.base(), 10);
        assert_eq!(IdRadix::Hex.base(), 16);
        assert_eq!(IdRadix::Hex.to_string(), "hex");
    }
}
