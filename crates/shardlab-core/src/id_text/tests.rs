//! What every form shares: the length limit, empty text, widths too wide to write, names and
//! detection. Each form's own rules are tested beside it; the published vectors and the oracle
//! crates in `vectors.rs` and `properties.rs`.

use super::*;
use crate::id_text::expect::{bad_character, message};

#[test]
fn every_spelling_reads_as_its_canonical_text() {
    let cases: [(TextForm, &str, &[&str]); 3] = [
        (
            TextForm::Uuid,
            "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
            &[
                "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
                "017F22E279B07CC398C4DC0C0C07398F",
                "{017F22E2-79B0-7CC3-98C4-DC0C0C07398F}",
                "{017f22e279b07cc398c4dc0c0c07398f}",
                "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
                "URN:UUID:017F22E279B07CC398C4DC0C0C07398F",
                " \"017F22E2-79B0-7CC3-98C4-DC0C0C07398F\" ",
            ],
        ),
        // Either case, and Crockford's aliases: O for 0, I and L for 1.
        (
            TextForm::Crockford32,
            "01ARZ3NDEKTSV4RRFFQ69G5FAV",
            &[
                "01arz3ndektsv4rrffq69g5fav",
                "O1ARZ3NDEKTSV4RRFFQ69G5FAV",
                "0IARZ3NDEKTSV4RRFFQ69G5FAV",
                "0lARZ3NDEKTSV4RRFFQ69G5FAV",
                "oLarz3ndektsv4rrffq69g5fav",
            ],
        ),
        (
            TextForm::ObjectId,
            "ObjectId(\"507f1f77bcf86cd799439011\")",
            &[
                "507f1f77bcf86cd799439011",
                "ObjectId('507F1F77BCF86CD799439011')",
                "ObjectId( \"507f1f77bcf86cd799439011\" )",
                "  \"507f1f77bcf86cd799439011\"  ",
            ],
        ),
    ];
    for (form, canonical, spellings) in cases {
        let id = form.parse(canonical);
        assert_eq!(id.map(|id| id.bits()), Ok(form.max_bits()), "{canonical}");
        for text in spellings {
            assert_eq!(form.parse(text), id, "{text:?}");
        }
        assert_eq!(id.map(|id| form.format(&id)), Ok(Ok(canonical.to_owned())));
    }
}

#[test]
fn a_million_characters_are_refused_before_any_form_reads_them() {
    let paste = "0".repeat(1_000_000);
    for form in TextForm::ALL {
        assert_eq!(
            form.parse(&paste),
            Err(IdTextError::TooLong {
                limit: MAX_ID_TEXT_CHARS
            }),
            "{form}"
        );
    }
    assert_eq!(detect_forms(&paste), []);
    assert_eq!(
        message(TextForm::Uuid, &paste),
        "an ID is at most 256 characters long; this text is longer"
    );
}

#[test]
fn the_limit_counts_whitespace_and_characters_not_bytes() {
    // 255 spaces and one digit: at the limit, and read.
    let padded = format!("{}7", " ".repeat(MAX_ID_TEXT_CHARS.saturating_sub(1)));
    assert_eq!(
        TextForm::Decimal.parse(&padded).map(|id| id.as_u128()),
        Ok(Some(7))
    );
    // One more space passes it.
    let over = format!(" {padded}");
    assert_eq!(
        TextForm::Decimal.parse(&over),
        Err(IdTextError::TooLong {
            limit: MAX_ID_TEXT_CHARS
        })
    );
    // 256 two-byte characters are 512 bytes but within the limit: a bad character, not too long.
    let accented = "é".repeat(MAX_ID_TEXT_CHARS);
    assert_eq!(
        TextForm::Hex.parse(&accented),
        bad_character(TextForm::Hex, 0, 'é')
    );
}

#[test]
fn empty_text_is_empty_in_every_form() {
    for text in ["", "   ", "\"\"", "' '", "\n\t"] {
        for form in TextForm::ALL {
            assert_eq!(form.parse(text), Err(IdTextError::Empty), "{form} {text:?}");
        }
    }
    assert_eq!(IdTextError::Empty.to_string(), "type or paste an ID");
}

#[test]
fn a_bad_character_is_named_by_code_point_unless_printable_ascii() {
    assert_eq!(
        message(TextForm::Decimal, "12\u{a0}34"),
        "U+00A0 at position 3 is not a decimal digit"
    );
    // Positions count characters, not bytes: the crab is four bytes and one character.
    assert_eq!(
        TextForm::Base62.parse("🦀🦀"),
        bad_character(TextForm::Base62, 0, '🦀')
    );
    assert_eq!(
        TextForm::Hex.parse("ab🦀x"),
        bad_character(TextForm::Hex, 2, '🦀')
    );
}

#[test]
fn an_id_wider_than_a_form_has_no_text_in_it() {
    let ksuid = WideId::from_be_bytes(&[0xab; 20]);
    for form in TextForm::ALL {
        let writes = match form {
            TextForm::Base62 | TextForm::Hex => true,
            TextForm::Decimal
            | TextForm::Uuid
            | TextForm::Crockford32
            | TextForm::Tsid
            | TextForm::ObjectId => false,
        };
        let written = ksuid.map(|id| form.format(&id));
        if writes {
            assert!(matches!(written, Ok(Ok(_))), "{form}");
        } else {
            assert_eq!(written, Ok(Err(TooWide { form, bits: 160 })), "{form}");
        }
    }
    assert_eq!(
        TooWide {
            form: TextForm::Uuid,
            bits: 160
        }
        .to_string(),
        "a UUID holds 128 bits at most; this ID is 160 bits wide"
    );
    let widest = WideId::from_be_bytes(&[1; 24]);
    assert_eq!(
        widest.map(|id| TextForm::Base62.format(&id)),
        Ok(Err(TooWide {
            form: TextForm::Base62,
            bits: 192
        }))
    );
}

#[test]
fn forms_have_names_widths_and_no_repeats() {
    let names: Vec<&str> = TextForm::ALL.iter().map(|form| form.name()).collect();
    assert_eq!(
        names,
        [
            "uuid",
            "objectid",
            "crockford32",
            "tsid",
            "base62",
            "decimal",
            "hex"
        ]
    );
    let widths: Vec<u32> = TextForm::ALL.iter().map(|form| form.max_bits()).collect();
    assert_eq!(widths, [128, 96, 128, 64, 160, 128, 192]);
    assert_eq!(TextForm::Crockford32.to_string(), "Crockford base32");
    assert_eq!(TextForm::Uuid.to_string(), "UUID");
}

#[test]
fn detection_lists_every_form_a_text_parses_under_in_order() {
    let cases: [(&str, &[TextForm]); 9] = [
        ("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", &[TextForm::Uuid]),
        // Plain UUID hex is also plain hex.
        (
            "017f22e279b07cc398c4dc0c0c07398f",
            &[TextForm::Uuid, TextForm::Hex],
        ),
        (
            "507f1f77bcf86cd799439011",
            &[TextForm::ObjectId, TextForm::Hex],
        ),
        ("01ARZ3NDEKTSV4RRFFQ69G5FAV", &[TextForm::Crockford32]),
        ("0ujtsYcgvSTl8PAuAdqWYSMnLOv", &[TextForm::Base62]),
        // tsid-creator's README example: base32 and, with letters in it, nothing else.
        ("01226N0640J7Q", &[TextForm::Tsid]),
        // 26 digits: a ULID, a decimal and hex alike.
        (
            "01234567890123456789012345",
            &[TextForm::Crockford32, TextForm::Decimal, TextForm::Hex],
        ),
        // Discord's documented snowflake: digits alone, so decimal first, then hex.
        ("175928847299117063", &[TextForm::Decimal, TextForm::Hex]),
        (
            "ObjectId(\"507f1f77bcf86cd799439011\")",
            &[TextForm::ObjectId],
        ),
    ];
    for (text, forms) in cases {
        assert_eq!(detect_forms(text), forms, "{text:?}");
    }
    assert_eq!(detect_forms("not an ID"), []);
    assert_eq!(detect_forms(""), []);
}
