//! The link from the Decoder to the Ring: the same ID as a key under hash placement. On the ring
//! the ID is just a number to hash, so its shard bits stop deciding where the row lives.

use yew::prelude::*;

use crate::route::Route;
use crate::widgets::route_link::RouteLink;

/// The Ring's link format version (`src/ring/url_state.rs`). Written here rather than imported
/// because a page built with only the `decoder` feature has no ring code.
const RING_LINK_VERSION: &str = "1";

/// The Ring's query for looking up `id`: only the key, so every other setting takes the Ring's
/// default (its decoder fills in whatever a link leaves out).
pub fn ring_query(id: u64) -> Vec<(&'static str, String)> {
    vec![("v", RING_LINK_VERSION.to_owned()), ("key", id.to_string())]
}

/// Props for [`to_ring`].
#[derive(PartialEq)]
pub struct ToRingProps {
    /// The ID on screen.
    pub id: u64,
}

/// "Place this ID with hash placement instead".
pub fn to_ring(props: &ToRingProps) -> Html {
    html! {
        <section class="panel cross-link" aria-labelledby="to-ring-title">
            <h2 id="to-ring-title">{ "The same ID, hashed" }</h2>
            <p>
                { "Hash placement ignores the shard bits: it hashes the whole ID and lets the ring pick the server, \
                   so adding a server moves some IDs, while here only the config table moves." }
            </p>
            <p>
                <RouteLink to={Route::Ring} query={ring_query(props.id)}
                    classes="to-ring">
                    { "Place this ID with hash placement instead" }
                </RouteLink>
                <span class="muted mono-nums">{ format!(" (key {})", props.id) }</span>
            </p>
        </section>
    }
}

#[cfg(all(test, feature = "ring"))]
mod tests {
    use super::*;
    use crate::ring::url_state;

    #[test]
    fn the_ring_reads_the_link_as_its_default_state_with_the_id_as_key() {
        let pairs = crate::url::url_query::owned(&ring_query(241_294_492_511_762_325));
        let state = url_state::decode(&pairs);
        assert_eq!(state.key, "241294492511762325");
        assert!(state.notes.is_empty(), "{:?}", state.notes);
        let expected = crate::ring::state::RingState {
            key: state.key.clone(),
            ..Default::default()
        };
        assert_eq!(state, expected);
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::*;
    use crate::test_support::{find, mount_part};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    async fn the_link_points_at_the_ring_with_the_id_as_key() {
        let root = mount_part(
            to_ring,
            ToRingProps {
                id: 241_294_492_511_762_325,
            },
        )
        .await;
        let link = find(&root, "a.to-ring");
        assert_eq!(
            link.get_attribute("href").as_deref(),
            Some("#/ring?v=1&key=241294492511762325")
        );
    }
}
