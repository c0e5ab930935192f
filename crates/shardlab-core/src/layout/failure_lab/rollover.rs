//! When a layout's clock runs out: the first instant its timestamp field cannot hold, and, when
//! the timestamp reaches the ID's top bit, the instant the ID turns negative as a signed 64-bit
//! integer (a BIGINT, a Java `long`), which comes first.

use crate::layout::bits::{BitLayout, FieldRole, ID_BITS};
use crate::layout::time::TimeBase;

/// A layout's rollover dates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rollover {
    /// The timestamp field's name.
    pub field: String,
    /// Its width in bits.
    pub width: u32,
    /// Its time base.
    pub time: TimeBase,
    /// The first instant past the last tick, Unix ms: epoch + 2^width × unit; `None` when that
    /// is past the largest Unix ms a u64 holds (half a billion years away).
    pub runs_out_ms: Option<u64>,
    /// When the timestamp first sets bit 63, Unix ms: epoch + 2^(width − 1) × unit. `None` when
    /// the timestamp does not reach bit 63 (a sign bit or free bits sit above it), or past u64.
    pub negative_ms: Option<u64>,
}

impl Rollover {
    /// Whether the timestamp field's top bit is the ID's top bit, so a signed reading turns
    /// negative halfway through the field's span.
    pub fn reaches_sign_bit(&self) -> bool {
        self.negative_ms.is_some()
    }
}

/// The rollover of `layout`'s timestamp field; `None` without one.
pub fn rollover(layout: &BitLayout) -> Option<Rollover> {
    let position = layout.position_of_role(FieldRole::Timestamp)?;
    let field = layout.field(position)?;
    let shift = layout.shift(position)?;
    let time = field.time.unwrap_or(TimeBase::UNIX_MS);
    let instant = |ticks: Option<u64>| ticks.and_then(|ticks| time.unix_ms(ticks));
    let top = shift.saturating_add(field.width) == ID_BITS;
    Some(Rollover {
        field: field.name.clone(),
        width: field.width,
        time,
        runs_out_ms: instant(1u64.checked_shl(field.width)),
        negative_ms: if top {
            instant(1u64.checked_shl(field.width.saturating_sub(1)))
        } else {
            None
        },
    })
}
