//! "IDs on this shard": pick one of the database's physical shards and see a few catalogue
//! objects whose rows live there, each a link that opens its ID in the Decoder.
//!
//! The IDs come from `shardlab_core::sim::model::sample_ids_on_host`, which composes them with the
//! Pinterest layout, so their shard bits really do name a logical shard in this host's range.
//! The link carries the board's own config table, so the Decoder names the same host.

use shardlab_core::sim::model::{host_name, logical_shards_of_host, sample_ids_on_host};
use shardlab_core::sim::{DatabaseSettings, ShardKey};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::route::Route;
use crate::widgets::route_link::RouteLink;

/// How many sample IDs to list.
const SAMPLES: usize = 5;
/// The Decoder's link format version (`src/decoder/url_state.rs`), written here because a page
/// built with only the `board` feature has no decoder code.
const DECODER_LINK_VERSION: &str = "1";

/// The board's config table in the Decoder's `table` link format (`end_master_standby` per range,
/// joined with `.`; see `src/decoder/url_state.rs`): physical shard `i` holds its range of the
/// 4,096 logical shards on master `…00iA` with standby `…00iB`.
pub fn decoder_table(database: &DatabaseSettings) -> String {
    (0..database.shards)
        .filter_map(|index| {
            let (_, end) = logical_shards_of_host(database.shards, index)?;
            let master = host_name(database.engine, index as usize);
            let standby = format!("{}B", master.strip_suffix('A').unwrap_or(&master));
            Some(format!("{end}_{master}_{standby}"))
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// The Decoder's query for `id` under the board's table.
pub fn decoder_query(id: u64, table: &str) -> Vec<(&'static str, String)> {
    vec![
        ("v", DECODER_LINK_VERSION.to_owned()),
        ("layout", "pinterest".to_owned()),
        ("id", id.to_string()),
        ("table", table.to_owned()),
    ]
}

/// Props for [`ShardSamples`].
#[derive(Properties, PartialEq)]
pub struct ShardSamplesProps {
    /// The database node's settings.
    pub database: DatabaseSettings,
}

/// The sample list for one physical shard, chosen from a list.
#[function_component(ShardSamples)]
pub fn shard_samples(props: &ShardSamplesProps) -> Html {
    let chosen = use_state(|| 0u32);
    let database = &props.database;
    // The shard count can drop below the chosen index; show the last shard then.
    let index = (*chosen).min(database.shards.saturating_sub(1));
    let on_pick = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(index) = select.value().parse() {
                chosen.set(index);
            }
        })
    };
    let table = decoder_table(database);
    let host = host_name(database.engine, index as usize);
    let range = logical_shards_of_host(database.shards, index)
        .map(|(first, end)| format!("{host} holds logical shards {first}–{end} of 4,096."))
        .unwrap_or_default();
    let rule = match database.shard_key {
        ShardKey::IdEncoded => {
            "The shard key is the ID, so each row's home is read from bits 61–46 of its ID."
        }
        ShardKey::HashObject => {
            "The shard key is not the ID right now: rows are placed by a hash of the object's ID \
             instead. With the ID as shard key (Pinterest's rule) these would live here."
        }
        ShardKey::HashUser => {
            "The shard key is not the ID right now: rows are placed by a hash of their user's ID \
             instead. With the ID as shard key (Pinterest's rule) these would live here."
        }
        ShardKey::RangeTime => {
            "The shard key is not the ID right now: rows are placed by when they were made, in \
             ranges of time, the newest on the last shard. With the ID as shard key (Pinterest's \
             rule) these would live here."
        }
    };
    let samples = sample_ids_on_host(database.shards, index, SAMPLES);
    html! {
        <div class="shard-samples">
            <h3>{ "IDs on a shard" }</h3>
            <p class="label-row">
                <label for="shard-samples-host">{ "Physical shard" }</label>
                <select id="shard-samples-host" onchange={on_pick}>
                    { for (0..database.shards).map(|i| html! {
                        <option value={i.to_string()} selected={i == index}>{ host_name(database.engine, i as usize) }</option>
                    }) }
                </select>
            </p>
            <p>{ range }{ " " }{ rule }</p>
            <ul class="sample-ids" data-testid="sample-ids">
                { for samples.into_iter().map(|(rank, logical, id)| html! {
                    <li>
                        <RouteLink to={Route::Decoder}
                            query={decoder_query(id, &table)} classes="mono-nums">
                            { id.to_string() }
                        </RouteLink>
                        <span class="muted">{ format!(" Pin of popularity rank {rank}, shard {logical}") }</span>
                    </li>
                }) }
            </ul>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::sim::DbEngine;

    #[test]
    fn the_table_matches_the_board_hosts() {
        let database = DatabaseSettings {
            shards: 4,
            ..DatabaseSettings::default()
        };
        assert_eq!(
            decoder_table(&database),
            "1023_MySQL001A_MySQL001B.2047_MySQL002A_MySQL002B.3071_MySQL003A_MySQL003B.4095_MySQL004A_MySQL004B"
        );
        let postgres = DatabaseSettings {
            shards: 1,
            engine: DbEngine::Postgres,
            ..DatabaseSettings::default()
        };
        assert_eq!(decoder_table(&postgres), "4095_Postgres001A_Postgres001B");
    }

    #[cfg(feature = "decoder")]
    #[test]
    fn the_decoder_names_the_same_host_for_every_sample() {
        use shardlab_core::layout::Preset;
        for shards in [1u32, 3, 4, 8, 64] {
            let database = DatabaseSettings {
                shards,
                ..DatabaseSettings::default()
            };
            let table = decoder_table(&database);
            for index in [0, shards / 2, shards - 1] {
                for (_, _, id) in sample_ids_on_host(shards, index, SAMPLES) {
                    let pairs = crate::url::url_query::owned(&decoder_query(id, &table));
                    let state = crate::decoder::url_state::decode(&pairs);
                    assert!(state.notes.is_empty(), "{:?}", state.notes);
                    assert_eq!(state.id, id);
                    let location = state
                        .table
                        .as_ref()
                        .and_then(|t| t.locate(&Preset::Pinterest.layout(), id).ok())
                        .map(|l| l.hosts.master);
                    assert_eq!(location, Some(host_name(DbEngine::Mysql, index as usize)));
                }
            }
        }
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
#[allow(clippy::unwrap_used)]
mod browser_tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::*;
    use crate::test_support::{find, mount_with, texts};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    async fn picking_a_shard_lists_ids_whose_bits_name_it() {
        let database = DatabaseSettings {
            shards: 8,
            ..DatabaseSettings::default()
        };
        let root = mount_with::<ShardSamples>(ShardSamplesProps { database }).await;
        let select = find(&root, "#shard-samples-host").unchecked_into::<HtmlSelectElement>();
        select.set_value("6");
        select
            .dispatch_event(&web_sys::Event::new("change").unwrap())
            .unwrap();
        yew::scheduler::flush().await;
        let text = texts(&root, ".shard-samples p");
        assert!(
            text.iter()
                .any(|t| t.contains("MySQL007A holds logical shards 3072–3583")),
            "{text:?}"
        );
        let ids = texts(&root, "[data-testid=sample-ids] a");
        assert_eq!(ids.len(), SAMPLES);
        let layout = shardlab_core::layout::Preset::Pinterest.layout();
        for id in ids {
            let shard = layout.decode(id.parse().unwrap()).value("shard").unwrap();
            assert!((3072..=3583).contains(&shard), "{id} is on shard {shard}");
        }
        let href = find(&root, "[data-testid=sample-ids] a")
            .get_attribute("href")
            .unwrap();
        assert!(
            href.starts_with("#/decoder?v=1&layout=pinterest&id="),
            "{href}"
        );
        assert!(href.contains("&table=511_MySQL001A_MySQL001B."), "{href}");
    }
}
