//! Saving and loading: the layout as JSON (the same form `shardlab decode --layout-file` reads),
//! a layout JSON file imported with the core's validation, and the config table as CSV.
//!
//! An import that fails says why next to the button and leaves the layout as it was.

use shardlab_core::input_text::{check_json_depth, strip_bom};
use shardlab_core::layout::{BitLayout, Preset, ShardMap, MAX_LAYOUT_IMPORT_BYTES};
use shardlab_core::text::{bounded_message, quote};
use yew::prelude::*;

use super::state::Action;
use crate::files::csv::csv_text;
use crate::files::download::download_text;
use crate::files::file_import::{use_file_import, FileRead};

/// The layout as pretty-printed JSON.
pub fn layout_json(layout: &BitLayout) -> String {
    serde_json::to_string_pretty(layout).unwrap_or_default()
}

/// Reads a layout file. The core's deserializer validates the layout as it reads it, so an
/// `Ok` is always a usable layout; an `Err` says what is wrong in plain words. A leading
/// byte-order mark is dropped, and text nested past the core's limit is refused unparsed.
pub fn parse_layout(text: &str) -> Result<BitLayout, String> {
    let text = strip_bom(text);
    if text.trim().is_empty() {
        return Err(
            "the file is empty; a layout is a JSON object like {\"fields\": [...]}".to_owned(),
        );
    }
    if let Err(too_deep) = check_json_depth(text) {
        return Err(format!("it {too_deep}"));
    }
    serde_json::from_str::<BitLayout>(text).map_err(|err| {
        let message = err.to_string();
        let why = bounded_message(&message);
        if err.is_syntax() || err.is_eof() {
            format!("it is not JSON ({why})")
        } else {
            format!("it is not a valid layout: {why}")
        }
    })
}

/// What an imported file does to the layout: a layout to use, or the message that says why not.
fn import_outcome(read: FileRead) -> Result<BitLayout, String> {
    match read {
        FileRead::Text { name, text } => parse_layout(&text)
            .map_err(|why| {
                format!(
                    "{} was not loaded: {why}. The layout is unchanged.",
                    quote(&name)
                )
            }),
        FileRead::TooLarge { name, bytes } => Err(format!(
            "{} was not loaded: it is {bytes} bytes, and layout files are at most {MAX_LAYOUT_IMPORT_BYTES}. The layout is unchanged.",
            quote(&name)
        )),
        FileRead::Unreadable { name } => Err(format!(
            "{} could not be read as text. The layout is unchanged.",
            quote(&name)
        )),
    }
}

/// The config table as CSV: one row per range, shards inclusive, through the CSV writer every
/// exported table uses (its quoting and its formula guard on host names).
pub fn table_csv(table: &ShardMap) -> String {
    let rows: Vec<Vec<String>> = table
        .ranges()
        .iter()
        .map(|range| {
            vec![
                range.start.to_string(),
                range.end.to_string(),
                range.hosts.master.clone(),
                range.hosts.standby.clone(),
            ]
        })
        .collect();
    csv_text(&["first_shard", "last_shard", "master", "standby"], &rows)
}

/// Props for [`LayoutIo`].
#[derive(Properties, PartialEq)]
pub struct LayoutIoProps {
    /// The preset the layout came from, for the file name.
    pub base: Preset,
    /// The layout to export.
    pub layout: BitLayout,
    /// The config table, when the layout has one.
    pub table: Option<ShardMap>,
    /// Why the last import failed.
    pub error: Option<String>,
    /// Sends an action to the reducer.
    pub dispatch: Callback<Action>,
}

/// The export and import buttons.
#[function_component(LayoutIo)]
pub fn layout_io(props: &LayoutIoProps) -> Html {
    let on_export = {
        let layout = props.layout.clone();
        let name = format!("shardlab-layout-{}.json", props.base.name());
        Callback::from(move |_: MouseEvent| {
            download_text(&name, "application/json", &layout_json(&layout))
        })
    };
    let on_csv = props.table.clone().map(|table| {
        Callback::from(move |_: MouseEvent| {
            download_text("shardlab-config-table.csv", "text/csv", &table_csv(&table))
        })
    });
    let on_import = use_file_import(
        MAX_LAYOUT_IMPORT_BYTES,
        props
            .dispatch
            .reform(|read| Action::ImportLayout(import_outcome(read))),
    );
    html! {
        <section class="panel layout-io" aria-labelledby="layout-io-title">
            <h2 id="layout-io-title">{ "Save and load" }</h2>
            <div class="layout-io-buttons">
            <button type="button" onclick={on_export}>{ "Export layout (JSON)" }</button>
            <label class="button-like" for="layout-import">{ "Import layout (JSON)…" }</label>
            <input id="layout-import" class="visually-hidden" type="file" accept="application/json,.json"
                onchange={on_import} aria-describedby="layout-import-error" />
            if let Some(on_csv) = on_csv {
                <button type="button" onclick={on_csv}>{ "Export config table (CSV)" }</button>
            }
            </div>
            <p class="help">{ "The JSON is the form " }<code>{ "shardlab decode --layout-file" }</code>{ " reads." }</p>
            <p id="layout-import-error" class="error" role="alert" data-testid="layout-import-error">
                { props.error.clone().unwrap_or_default() }
            </p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::layout::{HostPair, ShardRange};

    #[test]
    fn every_preset_survives_export_and_import() {
        for preset in Preset::ALL {
            let layout = preset.layout();
            assert_eq!(parse_layout(&layout_json(&layout)), Ok(layout), "{preset}");
        }
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        assert!(parse_layout("  ").unwrap_err().contains("empty"));
        assert!(parse_layout("{\"fields\": [")
            .unwrap_err()
            .contains("not JSON"));
        let too_wide = r#"{"fields": [{"name": "a", "width": 40, "role": "other"},
                                       {"name": "b", "width": 30, "role": "other"}]}"#;
        let why = parse_layout(too_wide).unwrap_err();
        assert!(
            why.contains("not a valid layout") && why.contains("70"),
            "{why}"
        );
        let markup = r#"{"fields": [{"name": "<img src=x onerror=alert(1)>", "width": 4, "role": "other"}]}"#;
        let why = parse_layout(markup).unwrap_err();
        assert!(why.contains("<img src=x onerror=alert(1)>"), "{why}");
        assert!(parse_layout(r#"{"fields": [], "extra": 1}"#).is_err());
        // serde_json quotes an unknown role whole; the message keeps its start and end.
        let role = format!(
            r#"{{"fields": [{{"name": "a", "width": 4, "role": "{}"}}]}}"#,
            "r".repeat(60_000)
        );
        let why = parse_layout(&role).unwrap_err();
        assert!(
            why.chars().count() < 300 && why.contains("unknown variant"),
            "{why}"
        );
    }

    #[test]
    fn a_deep_file_is_refused_unparsed_and_a_bom_is_dropped() {
        let deep = format!(r#"{{"fields": {}{}}}"#, "[".repeat(5_000), "]".repeat(5_000));
        let refused = import_outcome(FileRead::Text {
            name: "deep.json".into(),
            text: deep,
        });
        assert_eq!(
            refused,
            Err("\"deep.json\" was not loaded: it nests 5,001 levels deep; shardlab reads at \
                 most 64. The layout is unchanged."
                .to_owned())
        );
        let layout = Preset::Pinterest.layout();
        assert_eq!(
            parse_layout(&format!("\u{FEFF}{}", layout_json(&layout))),
            Ok(layout)
        );
    }

    #[test]
    fn a_long_file_name_is_quoted_short() {
        let name = "n".repeat(100_000);
        let unreadable = import_outcome(FileRead::Unreadable { name }).unwrap_err();
        assert!(
            unreadable.contains("…\" (100,000 characters) could not be read"),
            "{unreadable}"
        );
    }

    #[test]
    fn an_import_outcome_is_the_layout_or_a_message_naming_the_file() {
        let layout = Preset::Pinterest.layout();
        let read = FileRead::Text {
            name: "p.json".into(),
            text: layout_json(&layout),
        };
        assert_eq!(import_outcome(read), Ok(layout));
        let big = import_outcome(FileRead::TooLarge {
            name: "big.json".into(),
            bytes: 70_000,
        })
        .unwrap_err();
        assert!(
            big.contains("\"big.json\" was not loaded: it is 70000 bytes")
                && big.contains("at most 65536"),
            "{big}"
        );
        let bad = import_outcome(FileRead::Text {
            name: "bad.json".into(),
            text: "[".into(),
        })
        .unwrap_err();
        assert!(
            bad.contains("not JSON") && bad.ends_with("The layout is unchanged."),
            "{bad}"
        );
        let unreadable = import_outcome(FileRead::Unreadable {
            name: "x.bin".into(),
        })
        .unwrap_err();
        assert!(
            unreadable.contains("\"x.bin\" could not be read"),
            "{unreadable}"
        );
    }

    #[test]
    fn the_table_becomes_csv_with_formula_cells_defused() {
        let csv = table_csv(&ShardMap::pinterest_2015());
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "first_shard,last_shard,master,standby");
        assert_eq!(lines[7], "3072,3583,MySQL007A,MySQL007B");
        let odd = ShardMap::new(vec![ShardRange::new(
            0,
            9,
            HostPair::new("-cmd", "a,\"b\""),
        )])
        .unwrap();
        assert_eq!(
            table_csv(&odd).lines().nth(1),
            Some("0,9,'-cmd,\"a,\"\"b\"\"\"")
        );
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
#[allow(clippy::unwrap_used)]
mod browser_tests {
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::*;
    use crate::test_support::{mount_with, texts};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    async fn an_import_error_is_text_and_the_csv_button_needs_a_table() {
        let props = LayoutIoProps {
            base: Preset::Snowflake,
            layout: Preset::Snowflake.layout(),
            table: None,
            error: Some("\"<img src=x onerror=alert(1)>.json\" was not loaded".into()),
            dispatch: Callback::noop(),
        };
        let root = mount_with::<LayoutIo>(props).await;
        assert_eq!(
            texts(&root, "[data-testid=layout-import-error]"),
            ["\"<img src=x onerror=alert(1)>.json\" was not loaded"]
        );
        assert!(root.query_selector("img").unwrap().is_none());
        let buttons = texts(&root, "button");
        assert_eq!(buttons, ["Export layout (JSON)"]);

        let with_table = LayoutIoProps {
            base: Preset::Pinterest,
            layout: Preset::Pinterest.layout(),
            table: Preset::Pinterest.shard_map(),
            error: None,
            dispatch: Callback::noop(),
        };
        let root = mount_with::<LayoutIo>(with_table).await;
        assert_eq!(
            texts(&root, "button"),
            ["Export layout (JSON)", "Export config table (CSV)"]
        );
    }
}
