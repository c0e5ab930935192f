//! A reading's bits, read only: up to 160 cells coloured by field, 64 to a row on a wide panel and
//! 32 on a phone, each field's first bit marked, then a table of the fields and their values.
//! The 64-bit strip ([`bit_strip`](super::bit_strip)) is the one to edit; this one shows a UUID's,
//! a ULID's or a KSUID's layout, which no reader edits, so it is a plain function of its fields.

use shardlab_core::id_family::{DecodedId, WideFieldRole};
use shardlab_core::layout::{Decoded, FieldRole};
use yew::prelude::*;

use crate::widgets::palette::role_class;

/// One field of the strip.
#[derive(Clone, Debug, PartialEq)]
pub struct StripField {
    /// Its name.
    pub name: String,
    /// Its width in bits.
    pub width: u32,
    /// What it holds, as a reader reads it.
    pub role: &'static str,
    /// The colour class of its role.
    pub class: &'static str,
    /// Its value.
    pub value: u128,
}

/// A decoded ID's fields and its bits, most significant first, as `0` and `1`.
#[derive(Clone, Debug, PartialEq)]
pub struct StripId {
    /// The fields, most significant first.
    pub fields: Vec<StripField>,
    /// The bits, most significant first.
    pub bits: String,
}

/// A family's decoded ID.
pub fn of_family(decoded: &DecodedId) -> StripId {
    let width = usize::try_from(decoded.id.bits()).unwrap_or(0);
    let all: String = decoded
        .id
        .as_bytes()
        .iter()
        .map(|byte| format!("{byte:08b}"))
        .collect();
    let bits = all
        .get(all.len().saturating_sub(width)..)
        .unwrap_or_default()
        .to_owned();
    let fields = decoded
        .fields
        .iter()
        .map(|field| StripField {
            name: field.field.name.to_owned(),
            width: field.field.width,
            role: field.field.role.label(),
            class: wide_role_class(field.field.role),
            value: field.value,
        })
        .collect();
    StripId { fields, bits }
}

/// A 64-bit preset's decoded ID.
pub fn of_preset(decoded: &Decoded) -> StripId {
    let fields = decoded
        .fields
        .iter()
        .map(|field| StripField {
            name: field.name.clone(),
            width: field.width,
            role: field.role.label(),
            class: role_class(field.role),
            value: u128::from(field.value),
        })
        .collect();
    StripId {
        fields,
        bits: format!("{:064b}", decoded.id),
    }
}

/// The colour of a family's field role: the 64-bit roles' colours where the meaning is near
/// (time, counter, machine), the rest paired so a UUID's version and variant stand apart from
/// its random bits.
fn wide_role_class(role: WideFieldRole) -> &'static str {
    let like = match role {
        WideFieldRole::Time => FieldRole::Timestamp,
        WideFieldRole::Counter => FieldRole::Sequence,
        WideFieldRole::Machine => FieldRole::Worker,
        WideFieldRole::Version => FieldRole::Type,
        WideFieldRole::Variant => FieldRole::Shard,
        WideFieldRole::Local => FieldRole::Local,
        WideFieldRole::Random | WideFieldRole::Hash | WideFieldRole::Custom => FieldRole::Other,
        WideFieldRole::Reserved | WideFieldRole::Special => FieldRole::Reserved,
    };
    role_class(like)
}

/// A value as the table writes it: decimal up to 64 bits, hex past that.
fn value_text(width: u32, value: u128) -> String {
    if width <= 64 {
        value.to_string()
    } else {
        let digits = usize::try_from(width.div_ceil(4)).unwrap_or(0);
        format!("0x{value:0digits$x}")
    }
}

/// The strip and the table of `id`'s fields.
pub fn wide_strip(id: &StripId) -> Html {
    let mut cells = Vec::with_capacity(id.bits.len());
    let mut bits = id.bits.chars();
    for field in &id.fields {
        for index in 0..field.width {
            let bit = bits.next().unwrap_or('0');
            let first = (index == 0).then_some("wide-first");
            cells.push(html! {
                <span class={classes!("wide-bit", field.class, first, (bit == '1').then_some("one"))}>{ bit }</span>
            });
        }
    }
    html! {
        <>
            <div class="wide-strip mono" aria-hidden="true" data-testid="wide-strip">{ cells }</div>
            <table class="wide-fields">
                <thead><tr><th scope="col">{ "field" }</th><th scope="col">{ "holds" }</th><th scope="col">{ "bits" }</th><th scope="col">{ "value" }</th></tr></thead>
                <tbody>
                    { for id.fields.iter().map(|field| html! {
                        <tr class={field.class} data-field={field.name.clone()}>
                            <th scope="row"><span class="swatch" aria-hidden="true"></span>{ &field.name }</th>
                            <td class="wide-role">{ field.role }</td>
                            <td class="mono">{ field.width }</td>
                            <td class="mono wide-value">{ value_text(field.width, field.value) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </>
    }
}
