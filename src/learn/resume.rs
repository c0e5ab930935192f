//! "Where was I": the home page's way back into the Learn path.

use yew::prelude::*;
use yew_router::prelude::*;

use super::chapters::by_slug;
use super::progress::{use_progress, CHAPTER_SLUGS};
use crate::route::Route;

/// Where the reader picks up ([`ReaderProgress::resume_at`](super::progress::ReaderProgress::resume_at),
/// the Learn index's "Continue" too), with their progress; nothing before they start.
#[function_component(Resume)]
pub fn resume() -> Html {
    let progress = use_progress();
    if !progress.started() {
        return html! {};
    }
    let total = CHAPTER_SLUGS.len();
    let finished = progress.finished_count();
    let Some((slug, index, chapter)) = progress
        .resume_at()
        .and_then(|slug| by_slug(slug.0).map(|(index, chapter)| (slug, index, chapter)))
    else {
        return html! {
            <aside class="panel resume" aria-labelledby="resume-title">
                <h2 id="resume-title">{ "Where was I?" }</h2>
                <p>
                    { format!("You have finished all {total} chapters. ") }
                    <Link<Route> to={Route::Learn}>{ "Review the Learn path" }</Link<Route>>
                </p>
            </aside>
        };
    };
    let was_there = progress.last.as_deref() == Some(slug.0);
    html! {
        <aside class="panel resume" aria-labelledby="resume-title">
            <h2 id="resume-title">{ "Where was I?" }</h2>
            <p>
                { format!(
                    "{} chapter {}, ",
                    if was_there { "You were on" } else { "Next for you:" },
                    index.saturating_add(1)
                ) }
                <Link<Route> to={Route::LearnChapter { slug }}>{ chapter.title }</Link<Route>>
                { format!(
                    ": {} done. {finished} of {total} chapters finished.",
                    chapter.tasks_phrase(&progress),
                ) }
            </p>
        </aside>
    }
}
