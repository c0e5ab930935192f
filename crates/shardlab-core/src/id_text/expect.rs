//! What the tests expect a parse to return, written short: the error variants as results, and a
//! parse's message.

use super::error::{ExpectedLength, IdTextError};
use super::form::TextForm;
use super::wide_id::WideId;

/// [`IdTextError::BadCharacter`] as a parse returns it.
pub(super) fn bad_character(
    form: TextForm,
    position: usize,
    found: char,
) -> Result<WideId, IdTextError> {
    Err(IdTextError::BadCharacter {
        form,
        position,
        found,
    })
}

/// [`IdTextError::WrongLength`] as a parse returns it.
pub(super) fn wrong_length(
    form: TextForm,
    found: usize,
    expected: ExpectedLength,
) -> Result<WideId, IdTextError> {
    Err(IdTextError::WrongLength {
        form,
        found,
        expected,
    })
}

/// [`IdTextError::Overflow`] as a parse returns it.
pub(super) fn overflow(form: TextForm, bits: u32) -> Result<WideId, IdTextError> {
    Err(IdTextError::Overflow { form, bits })
}

/// The message of `text`'s error in `form`, or what it parsed to.
pub(super) fn message(form: TextForm, text: &str) -> String {
    form.parse(text)
        .map_or_else(|error| error.to_string(), |id| format!("parsed: {id:?}"))
}

/// `value`, `bits` wide, as `form` writes it; `None` when it cannot.
pub(super) fn written(form: TextForm, value: u128, bits: u32) -> Option<String> {
    let id = WideId::from_u128(value, bits).ok()?;
    form.format(&id).ok()
}
