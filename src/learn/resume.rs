//! "Where was I": the home page's way back into the Learn path.

use yew::prelude::*;
use yew_router::prelude::*;

use super::chapters::by_slug;
use super::progress::{use_progress, ChapterSlug, CHAPTER_SLUGS};
use crate::route::Route;

/// The chapter the reader last opened, with their progress; nothing before they start.
#[function_component(Resume)]
pub fn resume() -> Html {
    let progress = use_progress();
    let Some(slug) = progress
        .last
        .as_deref()
        .and_then(|s| s.parse::<ChapterSlug>().ok())
    else {
        return html! {};
    };
    let Some((index, chapter)) = by_slug(slug.0) else {
        return html! {};
    };
    html! {
        <aside class="panel resume" aria-labelledby="resume-title">
            <h2 id="resume-title">{ "Where was I?" }</h2>
            <p>
                { format!("You were on chapter {}, ", index.saturating_add(1)) }
                <Link<Route> to={Route::LearnChapter { slug }}>{ chapter.title }</Link<Route>>
                { format!(
                    ": {} done. {} of {} chapters finished.",
                    chapter.tasks_phrase(&progress),
                    progress.finished_count(),
                    CHAPTER_SLUGS.len()
                ) }
            </p>
        </aside>
    }
}
