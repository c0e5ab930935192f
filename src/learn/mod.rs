//! The Learn path: chapters that show the three views live, in chosen states, with "try it" tasks
//! that notice when they are done.
//!
//! - `chapters`: the course itself (prose, live views, tasks, sources);
//! - `tasks`: the task checks, pure functions of a view's snapshot (`snapshot`);
//! - `progress`: what the reader has done, in localStorage (small; the header reads it);
//! - `live_view`: the one function that turns (view, state) into an iframe address;
//! - components: `chapter_page`, `live_frame` (the iframe, its snapshot polling and height),
//!   `task_card`, `resume` (the home page's "where was I"), and `preview` (the home-page card).

pub mod chapters;
pub mod live_view;
pub mod preview;
pub mod progress;
pub mod tasks;

#[cfg(feature = "home")]
pub mod chapter_page;
#[cfg(feature = "home")]
pub mod live_frame;
#[cfg(feature = "home")]
pub mod resume;
#[cfg(feature = "home")]
pub mod task_card;

pub use chapters::{Chapter, CHAPTERS};

#[cfg(feature = "home")]
pub use view::LearnView;

#[cfg(feature = "home")]
mod view {
    use yew::prelude::*;
    use yew_router::prelude::*;

    use super::progress::{self, use_progress, ChapterSlug};
    use super::CHAPTERS;
    use crate::route::Route;

    /// The Learn page: the chapters with the reader's progress, and a reset.
    #[function_component(LearnView)]
    pub fn learn_view() -> Html {
        let progress = use_progress();
        let confirming = use_state(|| false);
        let ask = {
            let confirming = confirming.clone();
            Callback::from(move |_: MouseEvent| confirming.set(true))
        };
        let keep = {
            let confirming = confirming.clone();
            Callback::from(move |_: MouseEvent| confirming.set(false))
        };
        let forget = {
            let confirming = confirming.clone();
            Callback::from(move |_: MouseEvent| {
                progress::reset();
                confirming.set(false);
            })
        };
        let resume = progress
            .last
            .as_deref()
            .and_then(|s| s.parse::<ChapterSlug>().ok());
        html! {
            <section class="page narrow learn" aria-labelledby="learn-title">
                <h1 id="learn-title">{ "Learn" }</h1>
                <p class="lead">
                    { "Eleven short chapters, from \"do you need to shard at all?\" to putting the shard in \
                       the ID the way Pinterest did. Each shows a live view in a chosen state and asks you \
                       to do something with it; the task ticks itself when the view gets there. Your \
                       progress stays in this browser." }
                </p>
                <p class="learn-summary" data-testid="learn-summary">
                    { format!("{} of {} chapters finished.", progress.finished_count(), CHAPTERS.len()) }
                    if let Some(slug) = resume {
                        { " " }
                        <Link<Route> to={Route::LearnChapter { slug }}>
                            { format!("Continue with chapter {}", slug.index().saturating_add(1)) }
                        </Link<Route>>
                    }
                </p>
                <ol class="chapter-list">
                    { for CHAPTERS.iter().map(|chapter| {
                        let done = chapter.tasks_done(&progress);
                        let finished = progress.finished.contains(chapter.slug);
                        let slug = chapter.slug.parse::<ChapterSlug>().ok();
                        html! {
                            <li class={classes!(finished.then_some("finished"))}>
                                if let Some(slug) = slug {
                                    <Link<Route> to={Route::LearnChapter { slug }}>{ chapter.title }</Link<Route>>
                                }
                                <span class="chapter-task">{ chapter.task }</span>
                                <span class="chapter-progress">
                                    { if finished { "✓ finished".to_owned() } else { format!("{done} of {} tasks", chapter.tasks.len()) } }
                                </span>
                            </li>
                        }
                    }) }
                </ol>
                <div class="learn-reset">
                    if *confirming {
                        <p role="alert">{ "Forget every task you have done here? This cannot be undone." }</p>
                        <button type="button" class="danger" onclick={forget}>{ "Yes, reset my progress" }</button>
                        <button type="button" onclick={keep}>{ "Keep it" }</button>
                    } else {
                        <button type="button" onclick={ask}>{ "Reset progress…" }</button>
                    }
                </div>
            </section>
        }
    }
}
