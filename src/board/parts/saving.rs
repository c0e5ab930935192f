//! Export the design as a JSON file, and Import one. A bad file (not JSON, another version, an
//! invalid design, over 1 MB) is refused with a message next to the button; the board stays.

use shardlab_core::sim::Design;
use shardlab_core::text::quote;
use yew::prelude::*;

use shardlab_core::sim::MAX_DESIGN_BYTES;

use crate::board::design_io::{export_json, parse_import};
use crate::board::state::Action;
use crate::browser::storage::SaveError;
use crate::files::download::download_text;
use crate::files::file_import::{use_file_import, FileRead};
use shardlab_core::text::thousands;

/// What an imported file does to the board: a design to load (with a note when it came from a
/// newer version), or the message that says why not.
fn import_outcome(read: FileRead) -> Result<(Box<Design>, Option<String>), String> {
    match read {
        FileRead::Text { name, text } => parse_import(&text)
            .map(|(design, note)| (Box::new(design), note))
            .map_err(|m| format!("{} was not loaded. {m}", quote(&name))),
        FileRead::TooLarge { name, bytes } => Err(format!(
            "{} is {} bytes; design files are at most 1 MB (1,048,576 bytes).",
            quote(&name),
            thousands(bytes)
        )),
        FileRead::Unreadable { name } => Err(format!(
            "{} could not be read as text; the board is unchanged.",
            quote(&name)
        )),
    }
}

/// The saving row's inputs.
#[derive(Properties, PartialEq)]
pub struct SavingProps {
    /// The design to export.
    pub design: Design,
    /// The last import's error.
    pub error: Option<String>,
    /// Why the last autosave failed, if it did.
    pub save_failed: Option<SaveError>,
    /// The page's dispatcher.
    pub dispatch: Callback<Action>,
}

/// Export and Import.
#[function_component(Saving)]
pub fn saving(props: &SavingProps) -> Html {
    let on_export = {
        let design = props.design.clone();
        Callback::from(move |_: MouseEvent| {
            download_text(
                "shardlab-design.json",
                "application/json",
                &export_json(&design),
            );
        })
    };
    let on_import = use_file_import(
        MAX_DESIGN_BYTES,
        props
            .dispatch
            .reform(|read| Action::Import(import_outcome(read))),
    );
    html! {
        <div class="board-saving" role="group" aria-label="Save and load">
            <button type="button" onclick={on_export}>{ "Export JSON" }</button>
            <label class="button-like" for="board-import">{ "Import JSON…" }</label>
            <input id="board-import" class="visually-hidden" type="file" accept="application/json,.json"
                onchange={on_import} aria-describedby="board-import-error" />
            <span class="hint">{ "Files up to 1 MB, in the design format." }</span>
            if let Some(failed) = props.save_failed {
                <p class="field-error" role="alert" data-testid="save-failed">
                    { failed.message() }
                    { " Your latest edits are not saved in this browser: use Export JSON or Copy link to keep them." }
                </p>
            }
            <p id="board-import-error" class="field-error" role="alert" data-testid="import-error">
                { props.error.clone().unwrap_or_default() }
            </p>
        </div>
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn an_exported_design_comes_back() {
        let design = shardlab_core::sim::preset("pinterest").unwrap().design;
        let read = FileRead::Text {
            name: "board.json".into(),
            text: export_json(&design),
        };
        assert_eq!(
            import_outcome(read).map(|(d, note)| (*d, note)),
            Ok((design, None))
        );
    }

    #[test]
    fn a_file_name_s_bidi_override_is_named_by_code_point() {
        let name = "invoice\u{202E}nosj.exe".to_owned();
        let text = "not json".to_owned();
        let refusal = import_outcome(FileRead::Text { name, text }).unwrap_err();
        assert!(
            refusal.starts_with("\"invoiceU+202Enosj.exe\" was not loaded."),
            "{refusal}"
        );
        assert!(!refusal.contains('\u{202E}'), "{refusal}");
    }

    #[test]
    fn each_refusal_names_the_file_and_says_why() {
        let big = import_outcome(FileRead::TooLarge {
            name: "huge.json".into(),
            bytes: 2_000_000,
        })
        .unwrap_err();
        assert!(
            big.contains("\"huge.json\" is 2,000,000 bytes") && big.contains("1 MB"),
            "{big}"
        );
        let broken = import_outcome(FileRead::Text {
            name: "broken.json".into(),
            text: "{\"version\": 1, \"nodes\": [".into(),
        })
        .unwrap_err();
        assert!(
            broken.starts_with("\"broken.json\" was not loaded.") && broken.contains("not JSON"),
            "{broken}"
        );
        let unreadable = import_outcome(FileRead::Unreadable {
            name: "photo.png".into(),
        })
        .unwrap_err();
        assert!(
            unreadable.contains("\"photo.png\" could not be read"),
            "{unreadable}"
        );
    }
}
