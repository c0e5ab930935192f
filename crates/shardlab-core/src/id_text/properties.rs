//! Property tests: every form reads back what it writes, on random values, and the UUID and ULID
//! forms agree with the `uuid` and `ulid` crates on random values and random text.

use proptest::prelude::*;
// `::` because `super::*` brings this module's own `uuid` into scope.
use ::ulid::Ulid;
use ::uuid::Uuid;

use super::*;

/// A random ID of exactly `form`'s width, or of 1 to 24 bytes for hex (whose width is its digits).
fn id_for(form: TextForm) -> BoxedStrategy<WideId> {
    let bytes = match form {
        TextForm::Hex => prop::collection::vec(any::<u8>(), 1..=MAX_ID_BYTES).boxed(),
        TextForm::Decimal
        | TextForm::Uuid
        | TextForm::Crockford32
        | TextForm::Tsid
        | TextForm::Base62
        | TextForm::ObjectId => {
            let len = usize::try_from(form.max_bits() / 8).unwrap_or(0);
            prop::collection::vec(any::<u8>(), len).boxed()
        }
    };
    bytes
        .prop_filter_map("1 to 24 bytes", |bytes| WideId::from_be_bytes(&bytes).ok())
        .boxed()
}

/// Every form, with a random ID of its width.
fn form_and_id() -> impl Strategy<Value = (TextForm, WideId)> {
    prop::sample::select(TextForm::ALL.to_vec()).prop_flat_map(|form| (Just(form), id_for(form)))
}

/// 26 characters of Crockford's base32 whose first is 0 to 7, in random case: a valid ULID text.
const ULID_TEXT: &str = "[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}";

/// 32 hex digits in random case.
const UUID_HEX: &str = "[0-9a-fA-F]{32}";

proptest! {
    #[test]
    fn every_form_reads_back_what_it_writes((form, id) in form_and_id()) {
        let text = form.format(&id);
        prop_assert!(text.is_ok(), "{:?}", text);
        let text = text.unwrap_or_default();
        prop_assert_eq!(form.parse(&text), Ok(id), "{}", text);
        prop_assert!(detect_forms(&text).contains(&form), "{}", text);
    }

    #[test]
    fn decimal_agrees_with_std(value in any::<u128>()) {
        let text = value.to_string();
        writes_as_oracle(
            TextForm::Decimal,
            &value.to_be_bytes(),
            &text,
            std::slice::from_ref(&text),
        )?;
    }

    #[test]
    fn uuid_agrees_with_the_uuid_crate(bytes in any::<[u8; 16]>(), text in UUID_HEX) {
        let oracle = Uuid::from_bytes(bytes);
        // Every spelling the uuid crate writes, in both cases.
        let spellings = both_cases(&[
            oracle.hyphenated().to_string(),
            oracle.simple().to_string(),
            oracle.braced().to_string(),
            oracle.urn().to_string(),
        ]);
        writes_as_oracle(TextForm::Uuid, &bytes, &oracle.hyphenated().to_string(), &spellings)?;
        let read = Uuid::parse_str(&text).map(|uuid| uuid.as_bytes().to_vec());
        reads_as_oracle(TextForm::Uuid, &text, read.ok())?;
    }

    #[test]
    fn ulid_agrees_with_the_ulid_crate(value in any::<u128>(), text in ULID_TEXT) {
        let written = Ulid(value).to_string();
        let spellings = both_cases(std::slice::from_ref(&written));
        writes_as_oracle(TextForm::Crockford32, &value.to_be_bytes(), &written, &spellings)?;
        let read = Ulid::from_string(&text).map(|ulid| ulid.to_bytes().to_vec());
        reads_as_oracle(TextForm::Crockford32, &text, read.ok())?;
    }

    #[test]
    fn base62_agrees_with_a_u128_reference_below_2_to_128(value in any::<u128>()) {
        let mut bytes = [0u8; 20];
        if let Some(low) = bytes.last_chunk_mut::<16>() {
            *low = value.to_be_bytes();
        }
        let ours = WideId::from_be_bytes(&bytes);
        prop_assert_eq!(
            ours.map(|id| TextForm::Base62.format(&id)),
            Ok(Ok(base62_by_u128(value)))
        );
    }

    #[test]
    fn no_text_panics_any_form(text in "(?s).{0,300}") {
        for form in TextForm::ALL {
            let _ = form.parse(&text);
        }
        let _ = detect_forms(&text);
    }
}

/// The ID of `bytes` (8 bits a byte) is written as `written`, and each of `spellings` reads back
/// to it.
fn writes_as_oracle(
    form: TextForm,
    bytes: &[u8],
    written: &str,
    spellings: &[String],
) -> Result<(), TestCaseError> {
    let id =
        WideId::from_be_bytes(bytes).map_err(|error| TestCaseError::fail(error.to_string()))?;
    prop_assert_eq!(form.format(&id), Ok(written.to_owned()));
    for text in spellings {
        prop_assert_eq!(form.parse(text), Ok(id), "{}", text);
    }
    Ok(())
}

/// Each of `texts` in upper and in lower case.
fn both_cases(texts: &[String]) -> Vec<String> {
    texts
        .iter()
        .flat_map(|text| [text.to_ascii_uppercase(), text.to_ascii_lowercase()])
        .collect()
}

/// `text`, valid in `form`, reads to the bytes the oracle crate read.
fn reads_as_oracle(
    form: TextForm,
    text: &str,
    oracle: Option<Vec<u8>>,
) -> Result<(), TestCaseError> {
    prop_assert!(oracle.is_some(), "the oracle refused {}", text);
    let ours = form.parse(text).map(|id| id.as_bytes().to_vec());
    prop_assert_eq!(ours.ok(), oracle, "{}", text);
    Ok(())
}

/// `value` in KSUID's base62, 27 characters, by plain `u128` division: a second, independent
/// writer for the values both can hold.
fn base62_by_u128(mut value: u128) -> String {
    const SYMBOLS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut digits = Vec::new();
    for _ in 0..27 {
        let digit = usize::try_from(value % 62).unwrap_or(0);
        digits.push(SYMBOLS.get(digit).map_or('?', |&symbol| char::from(symbol)));
        value /= 62;
    }
    digits.iter().rev().collect()
}
