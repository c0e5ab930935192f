//! The Learn page's progress tools: export the progress as a small JSON file, import one back
//! (a bad file changes nothing and says why, beside the button; a good one keeps the progress it
//! replaces aside), "Continue", which goes to the first chapter not yet finished, and the
//! progress kept aside, each offered for download.

use yew::prelude::*;
use yew_router::prelude::*;

use super::progress::{self, use_progress};
use super::progress_file::{
    from_file_text, to_file_text, too_large_message, FILE_NAME, MAX_PROGRESS_FILE_BYTES,
};
use crate::files::download::download_text;
use crate::files::file_import::{use_file_import, FileRead};
use crate::files::kept_list::{kept_list, KeptWords};
use crate::route::Route;
use shardlab_core::text::quote;

/// What the last import came to: a confirmation or a refusal.
#[derive(Clone, PartialEq)]
enum Outcome {
    Imported(String),
    Refused(String),
}

/// Export, import and continue.
#[function_component(ProgressTools)]
pub fn progress_tools() -> Html {
    let progress = use_progress();
    let outcome = use_state(|| None::<Outcome>);
    let export = {
        let progress = progress.clone();
        Callback::from(move |_: MouseEvent| {
            download_text(FILE_NAME, "application/json", &to_file_text(&progress));
        })
    };
    let on_read = {
        let outcome = outcome.clone();
        Callback::from(move |read: FileRead| {
            outcome.set(Some(match read {
                FileRead::Text { name, text } => match from_file_text(&text) {
                    Ok(imported) => {
                        progress::keep_before_import();
                        progress::save(&imported);
                        Outcome::Imported(format!(
                            "Imported {}: {} of {} chapters finished. Any progress it replaced \
                             is kept aside below.",
                            quote(&name),
                            imported.finished_count(),
                            progress::CHAPTER_SLUGS.len()
                        ))
                    }
                    Err(why) => Outcome::Refused(why.message(&name)),
                },
                FileRead::TooLarge { name, bytes } => {
                    Outcome::Refused(too_large_message(&name, bytes))
                }
                FileRead::Unreadable { name } => Outcome::Refused(format!(
                    "{} could not be read as text. Your progress is unchanged.",
                    quote(&name)
                )),
            }))
        })
    };
    let onchange = use_file_import(MAX_PROGRESS_FILE_BYTES, on_read);
    // Read on every render: a save or an import (each announces a change) may keep a value.
    let kept = crate::browser::storage::kept(progress::KEPT_KEY);
    let next = progress.resume_at();
    html! {
        <div class="progress-tools">
            <p class="learn-summary" data-testid="learn-summary">
                { format!("{} of {} chapters finished.", progress.finished_count(), progress::CHAPTER_SLUGS.len()) }
                { " " }
                if let Some(slug) = next {
                    <Link<Route> to={Route::LearnChapter { slug }} classes="continue">
                        { format!(
                            "{} with chapter {}",
                            if progress.started() { "Continue" } else { "Start" },
                            slug.index().saturating_add(1)
                        ) }
                    </Link<Route>>
                }
            </p>
            <div class="progress-file">
                <button type="button" onclick={export}>{ "Export progress" }</button>
                <label class="button-like" for="progress-import">{ "Import progress…" }</label>
                <input id="progress-import" class="visually-hidden" type="file"
                    accept="application/json,.json" {onchange} aria-describedby="progress-import-note" />
                <p id="progress-import-note" role="status" aria-live="polite"
                    class={classes!(matches!(*outcome, Some(Outcome::Refused(_))).then_some("field-error"))}>
                    { match &*outcome {
                        Some(Outcome::Imported(text) | Outcome::Refused(text)) => text.clone(),
                        None => String::new(),
                    } }
                </p>
                { kept_list(&kept, KEPT_WORDS) }
            </div>
        </div>
    }
}

/// What the Learn page calls the progress it kept aside.
const KEPT_WORDS: KeptWords = KeptWords {
    unreadable: "Progress this build could not read in full",
    replaced: "Progress an import replaced",
    file_stem: "shardlab-kept-progress",
};
