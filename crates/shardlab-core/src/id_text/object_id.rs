//! [`TextForm::ObjectId`]: MongoDB's 96-bit ObjectId, 24 hex digits, bare (as drivers print it)
//! or as the shell writes it, `ObjectId("…")` (single quotes and spaces inside allowed too).
//! Written the shell's way, lower case, so the text says which family it is.

use super::error::IdTextError;
use super::form::TextForm;
use super::hex::hex_text;
use super::input::Span;
use super::positional::{ascii_digit, read_exact};
use super::wide_id::WideId;

const FORM: TextForm = TextForm::ObjectId;

/// Hex digits of an ObjectId.
const LEN: usize = 24;

pub(super) fn parse(span: Span<'_>) -> Result<WideId, IdTextError> {
    let body = span
        .inside("ObjectId(", ')')
        .map(Span::unquoted)
        .unwrap_or(span);
    read_exact(body, FORM, LEN, 16, |ch| ascii_digit(ch, 16))
}

pub(super) fn format(id: &WideId) -> String {
    format!("ObjectId(\"{}\")", hex_text(id, 24))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::id_text::expect::{bad_character, message, wrong_length};
    use crate::id_text::ExpectedLength;

    #[test]
    fn lengths_and_characters() {
        assert_eq!(
            FORM.parse("ObjectId(\"\")"),
            wrong_length(FORM, 0, ExpectedLength::Exactly(24))
        );
        assert_eq!(
            message(FORM, "507f1f77bcf86cd79943901"),
            "an ObjectId has 24 hex digits; this one has 23"
        );
        assert_eq!(
            FORM.parse("ObjectId(\"507f1f77bcf86cd79943901z\")"),
            bad_character(FORM, 33, 'z')
        );
        assert_eq!(
            message(FORM, "507f1f77bcf86cd79943901z"),
            "'z' at position 24 is not a hex digit; an ObjectId is 24 of them"
        );
    }
}
