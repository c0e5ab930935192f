//! ID-encoded placement: the shard bits of the looked-up key read as a Pinterest ID, and the table
//! of shard runs that maps shards to servers.

use shardlab_core::layout::{BitLayout, FieldRole};
use shardlab_core::placement::{id_encoded_change, IdEncoded, Server, ServerList};
use shardlab_core::view_limits::ring::MAX_TABLE_ROWS;
use yew::prelude::*;

use crate::widgets::palette::server_class;
use shardlab_core::text::thousands;

/// Props for [`id_bits`].
pub struct IdBitsProps {
    pub servers: Vec<Server>,
    pub previous: Option<Vec<Server>>,
    pub key_hash: u64,
}

/// The placement as the view shows it: split from the earlier servers when there was a change.
pub fn id_scheme(servers: &[Server], previous: Option<&Vec<Server>>) -> Option<IdEncoded> {
    let now = ServerList::new(servers.to_vec()).ok()?;
    let before = match previous {
        Some(p) => ServerList::new(p.clone()).ok()?,
        None => now.clone(),
    };
    id_encoded_change(before, now).ok().map(|(_, after)| after)
}

/// One field of the ID as the strip shows it: its bits as text, its role and where it sits.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldBits {
    pub name: String,
    pub role: FieldRole,
    /// Its bits, most significant first.
    pub bits: String,
    /// Its highest and lowest bit positions (63 is the top bit).
    pub high: u32,
    pub low: u32,
}

/// The ID's fields, most significant first, with their widths read from `layout`.
pub fn field_bits(layout: &BitLayout, id: u64) -> Vec<FieldBits> {
    let binary = format!("{id:064b}");
    layout
        .fields()
        .iter()
        .enumerate()
        .filter_map(|(position, field)| {
            let low = layout.shift(position)?;
            let high = low.checked_add(field.width)?.checked_sub(1)?;
            // Bit `b` is character `63 − b` of the 64-character binary text.
            let first = usize::try_from(63u32.checked_sub(high)?).ok()?;
            let last = usize::try_from(63u32.checked_sub(low)?).ok()?;
            Some(FieldBits {
                name: field.name.clone(),
                role: field.role,
                bits: binary.get(first..=last)?.to_owned(),
                high,
                low,
            })
        })
        .collect()
}

/// The bit fields and the shard-run table.
pub fn id_bits(props: &IdBitsProps) -> Html {
    let Some(scheme) = id_scheme(&props.servers, props.previous.as_ref()) else {
        return html! {};
    };
    let id = props.key_hash;
    let shard = scheme.shard_of(id);
    let fields = field_bits(scheme.layout(), id);
    let Some(shard_field) = fields.iter().find(|f| f.role == FieldRole::Shard) else {
        return html! {};
    };
    let shard_bits = shard_field.bits.clone();
    let shard_range = format!("bits {}–{}", shard_field.high, shard_field.low);
    let strip = fields.iter().map(|f| {
        html! {
            <span class={format!("rv-bits-{}", f.role.label())} title={format!("{}, bits {}–{}", f.name, f.high, f.low)}>{ f.bits.clone() }</span>
        }
    });
    let rows = scheme.spans().iter().take(MAX_TABLE_ROWS).map(|span| {
        let hit = (span.start..=span.end).contains(&shard);
        html! {
            <tr class={classes!(server_class(span.server.0 as usize), hit.then_some("chosen"))}>
                <td class="num mono">{ format!("{} – {}", span.start, span.end) }</td>
                <th scope="row" class="mono"><span class="rv-swatch" aria-hidden="true"></span>{ format!("S{}", span.server.0) }</th>
            </tr>
        }
    });
    html! {
        <div class="rv-picture">
            <p class="rv-bits mono" aria-label={format!("ID {id} in binary, shard bits {shard_bits}")}>
                { for strip }
            </p>
            <p>{ format!("The key is read as an ID: shard = {shard_range} = {shard}. The table below says which server holds that shard.") }</p>
            <table class="rv-shard-runs">
                <caption>{ format!("Shard runs → server ({} shards)", thousands(scheme.shard_count())) }</caption>
                <thead><tr><th scope="col">{ "shards" }</th><th scope="col">{ "server" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p>{ "The shard is written into the ID for life. A new server takes half of the biggest run (a split), \
                  so only the keys in that half move; the IDs themselves never change, and neither can their shard." }</p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::layout::Preset;

    #[test]
    fn the_strip_reads_pinterests_widths_from_the_layout() {
        let id = 241_294_492_511_762_325;
        let fields = field_bits(&Preset::Pinterest.layout(), id);
        let shape: Vec<(&str, u32, u32, usize)> = fields
            .iter()
            .map(|f| (f.name.as_str(), f.high, f.low, f.bits.len()))
            .collect();
        assert_eq!(
            shape,
            [
                ("reserved", 63, 62, 2),
                ("shard", 61, 46, 16),
                ("type", 45, 36, 10),
                ("local", 35, 0, 36)
            ]
        );
        let text: String = fields.iter().map(|f| f.bits.as_str()).collect();
        assert_eq!(text, format!("{id:064b}"));
        let shard = fields.iter().find(|f| f.role == FieldRole::Shard);
        assert_eq!(
            shard.and_then(|f| u64::from_str_radix(&f.bits, 2).ok()),
            Some(3429)
        );
        let scheme = id_scheme(&[Server::new(0), Server::new(1)], None);
        assert_eq!(scheme.map(|s| s.shard_count()), Some(65_536));
    }
}
