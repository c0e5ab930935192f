//! The Learn path: chapters that show the three views live, in chosen states, with "try it" tasks
//! that notice when they are done.
//!
//! - `chapters`: the course itself (prose, live views, tasks, sources);
//! - `tasks`: the task checks, pure functions of a view's snapshot (`snapshot`);
//! - `predict`: "predict, then observe" tasks: the measurement, its spread over seeds (the core's
//!   `course`), and the words that set a guess against them;
//! - `shuffle`: the reader's own order of a quiz's options;
//! - `sheet`: where the "Try it" sheet may sit on a phone, clear of the widget's main control;
//! - `progress`: what the reader has done, in localStorage (small; the header reads it), and
//!   `progress_file`: the same as a JSON file to export and import;
//! - `live_view`: the one function that turns (widget, state) into an iframe address;
//! - components: `chapter_page`, `stage` (a widget with its tasks beside or over it),
//!   `live_frame` (the iframe, its snapshot watching and height), `task_card`, `predict_card`,
//!   `progress_tools` (export, import, continue), `resume` (the home page's "where was I"), and
//!   `preview` (the home-page card).

pub mod chapters;
pub mod live_view;
pub mod predict;
pub mod preview;
pub mod progress;
pub mod progress_file;
pub mod sheet;
pub mod shuffle;
pub mod tasks;

with_feature! { "home";
    pub mod chapter_page;
    pub mod live_frame;
    pub mod predict_card;
    pub mod progress_tools;
    pub mod resume;
    pub mod stage;
    pub mod task_card;
    pub use view::LearnView;
}

pub use chapters::{Chapter, CHAPTERS};

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
        html! {
            <section class="page narrow learn" aria-labelledby="learn-title">
                <h1 id="learn-title">{ "Learn" }</h1>
                <p class="lead">
                    { format!("{} short chapters, from \"do you need to shard at all?\" to putting the \
                       shard in the ID the way Pinterest did. Each places small live widgets in its prose, \
                       with a task beside each one that ticks itself when the widget gets there. Your \
                       progress stays in this browser; export it to keep it or carry it elsewhere.",
                       CHAPTERS.len()) }
                </p>
                <super::progress_tools::ProgressTools />
                <ol class="chapter-list">
                    { for CHAPTERS.iter().map(|chapter| {
                        let finished = progress.finished.contains(chapter.slug);
                        let slug = chapter.slug.parse::<ChapterSlug>().ok();
                        html! {
                            <li class={classes!(finished.then_some("finished"))}>
                                if let Some(slug) = slug {
                                    <Link<Route> to={Route::LearnChapter { slug }}>{ chapter.title }</Link<Route>>
                                }
                                <span class="chapter-task">{ chapter.task }</span>
                                <span class="chapter-progress">
                                    { if finished { "✓ finished".to_owned() } else { chapter.tasks_phrase(&progress) } }
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
