//! The link from the Ring to the Decoder: what the looked-up key would be if its shard were
//! written into its ID, Pinterest's way.

use shardlab_core::layout::{Preset, ShardMap};
use yew::prelude::*;

use crate::route::Route;
use crate::widgets::route_link::RouteLink;

/// The Decoder's link format version (`src/decoder/url_state.rs`), written here because a page
/// built with only the `ring` feature has no decoder code.
const DECODER_LINK_VERSION: &str = "1";
/// Pinterest's type ID for a Pin.
const PIN_TYPE: u64 = 1;
/// The local ID of the sample object: the first row inserted on its shard.
const FIRST_LOCAL_ID: u64 = 1;

/// The shard Pinterest's "mod shard" rule gives a key hash (hash mod the 4,096 shards in use),
/// and the ID of the first Pin on that shard, composed with the Pinterest layout.
pub fn pin_for_hash(key_hash: u64) -> Option<(u64, u64)> {
    let shards = ShardMap::pinterest_2015().last_shard().checked_add(1)?;
    let shard = key_hash.checked_rem(shards)?;
    let id = Preset::Pinterest
        .layout()
        .compose_named([
            ("shard", shard),
            ("type", PIN_TYPE),
            ("local", FIRST_LOCAL_ID),
        ])
        .ok()?;
    Some((shard, id))
}

/// The Decoder's query for the Pinterest layout and `id`.
pub fn decoder_query(id: u64) -> Vec<(&'static str, String)> {
    vec![
        ("v", DECODER_LINK_VERSION.to_owned()),
        ("layout", Preset::Pinterest.name().to_owned()),
        ("id", id.to_string()),
    ]
}

/// Props for [`to_decoder`].
pub struct ToDecoderProps {
    /// The looked-up key's 64-bit hash.
    pub key_hash: u64,
}

/// "What if the shard were in the ID?"
pub fn to_decoder(props: &ToDecoderProps) -> Html {
    let Some((shard, id)) = pin_for_hash(props.key_hash) else {
        return Html::default();
    };
    html! {
        <section class="panel cross-link" aria-labelledby="to-decoder-title">
            <h2 id="to-decoder-title">{ "The shard in the ID" }</h2>
            <p>
                { format!("With the shard in the ID, the shard is picked once, when the object is made, and stays in its \
                           bits for life. Pinterest picks it for a key like this one by hashing it mod 4,096, which here \
                           gives shard {shard}; after that, adding servers moves no ID, only rows in the config table.") }
            </p>
            <p>
                <RouteLink to={Route::Decoder} query={decoder_query(id)}
                    classes="to-decoder">
                    { "What if the shard were in the ID?" }
                </RouteLink>
                <span class="muted mono-nums">{ format!(" (Pin {id})") }</span>
            </p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pin_carries_the_hashed_shard_in_its_bits() {
        let layout = Preset::Pinterest.layout();
        for hash in [0u64, 3429, 4096 + 3429, u64::MAX, 0x9E37_79B9_7F4A_7C15] {
            let (shard, id) = pin_for_hash(hash).unwrap_or_default();
            assert_eq!(shard, hash % 4096, "{hash}");
            let decoded = layout.decode(id);
            assert_eq!(decoded.value("shard"), Some(shard));
            assert_eq!(decoded.value("type"), Some(1));
            assert_eq!(decoded.value("local"), Some(1));
        }
    }

    #[cfg(feature = "decoder")]
    #[test]
    fn the_decoder_opens_the_link_on_that_pin() {
        let (_, id) = pin_for_hash(3429).unwrap_or_default();
        let pairs = crate::url::url_query::owned(&decoder_query(id));
        let state = crate::decoder::url_state::decode(&pairs);
        assert!(state.notes.is_empty(), "{:?}", state.notes);
        assert_eq!(state.id, id);
        assert_eq!(state.base, Preset::Pinterest);
    }
}
