//! One colour per meaning, the same in every view: a field role, a server. The colours themselves
//! are CSS custom properties (the Okabe–Ito palette in `www/style.css`); Rust only picks the class.

use shardlab_core::layout::FieldRole;

/// The CSS class that colours a field of this role.
pub fn role_class(role: FieldRole) -> &'static str {
    match role {
        FieldRole::Reserved => "role-reserved",
        FieldRole::Shard => "role-shard",
        FieldRole::Type => "role-type",
        FieldRole::Local => "role-local",
        FieldRole::Timestamp => "role-timestamp",
        FieldRole::Sequence => "role-sequence",
        FieldRole::Worker => "role-worker",
        FieldRole::Other => "role-other",
    }
}

/// The CSS class that colours server `index` (0-based). Past eight servers the hue repeats at a
/// different lightness, as STYLE.md asks.
pub fn server_class(index: usize) -> String {
    format!("server-{}", index % 16)
}
