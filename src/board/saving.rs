//! Export the design as a JSON file, and Import one. A bad file (not JSON, another version, an
//! invalid design, over 1 MB) is refused with a message next to the button; the board stays.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::file::callbacks::FileReader;
use shardlab_core::sim::Design;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::state::{parse_import, Action, MAX_IMPORT_BYTES};
use super::storage::export_json;
use crate::components::download::download_text;

/// The saving row's inputs.
#[derive(Properties, PartialEq)]
pub struct SavingProps {
    /// The design to export.
    pub design: Design,
    /// The last import's error.
    pub error: Option<String>,
    /// The page's dispatcher.
    pub dispatch: Callback<Action>,
}

/// Export and Import.
#[function_component(Saving)]
pub fn saving(props: &SavingProps) -> Html {
    // The reader of the file being imported; dropping it would cancel the read.
    let reader = use_mut_ref(|| None::<FileReader>);
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
    let on_import = {
        let dispatch = props.dispatch.clone();
        let reader: Rc<RefCell<Option<FileReader>>> = reader.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|files| files.get(0)) else {
                return;
            };
            // Let the same file be chosen again after a fix.
            input.set_value("");
            let file = gloo::file::File::from(file);
            if file.size() as f64 > MAX_IMPORT_BYTES {
                dispatch.emit(Action::Import(Err(format!(
                    "\"{}\" is {} bytes; design files are at most 1 MB (1,048,576 bytes).",
                    file.name(),
                    crate::components::format::format_count(file.size())
                ))));
                return;
            }
            let name = file.name();
            let dispatch = dispatch.clone();
            let task = gloo::file::callbacks::read_as_text(&file, move |result| {
                let action = match result {
                    Ok(text) => Action::Import(
                        parse_import(&text)
                            .map(Box::new)
                            .map_err(|m| format!("\"{name}\" was not loaded. {m}")),
                    ),
                    Err(_) => Action::Import(Err(format!(
                        "\"{name}\" could not be read as text; the board is unchanged."
                    ))),
                };
                dispatch.emit(action);
            });
            reader.borrow_mut().replace(task);
        })
    };
    html! {
        <div class="board-saving" role="group" aria-label="Save and load">
            <button type="button" onclick={on_export}>{ "Export JSON" }</button>
            <label class="button-like" for="board-import">{ "Import JSON…" }</label>
            <input id="board-import" class="visually-hidden" type="file" accept="application/json,.json"
                onchange={on_import} aria-describedby="board-import-error" />
            <span class="hint">{ "Files up to 1 MB, in the design format." }</span>
            <p id="board-import-error" class="field-error" role="alert" data-testid="import-error">
                { props.error.clone().unwrap_or_default() }
            </p>
        </div>
    }
}
