//! A chapter: its prose, its live views, its tasks (ticked from the views' snapshots), its
//! sources, and Previous / Next.

use std::rc::Rc;

use yew::prelude::*;
use yew_router::prelude::*;

use super::chapters::{by_slug, CHAPTERS};
use super::live_frame::LiveFrame;
use super::progress::{self, use_progress, ChapterSlug, CHAPTER_SLUGS};
use super::task_card::TaskCard;
use super::tasks::{state_done, Snapshot};
use crate::route::Route;

/// The newest snapshot of each of the chapter's live views.
#[derive(Clone, Default, PartialEq)]
struct Snapshots(Vec<Option<Rc<Snapshot>>>);

impl Reducible for Snapshots {
    type Action = (usize, Snapshot);

    fn reduce(self: Rc<Self>, (frame, snapshot): (usize, Snapshot)) -> Rc<Self> {
        let mut next = (*self).clone();
        // A frame index comes from the chapter's own short list of frames, so `frame + 1` fits;
        // checked all the same, and a frame past it is simply not recorded.
        if let Some(needed) = frame.checked_add(1) {
            if next.0.len() < needed {
                next.0.resize(needed, None);
            }
        }
        if let Some(slot) = next.0.get_mut(frame) {
            *slot = Some(Rc::new(snapshot));
        }
        Rc::new(next)
    }
}

/// Marks a task done in the stored progress; the chapter's announcement when it was new.
fn mark_done(chapter: usize, task: usize) -> Option<String> {
    let chapter = CHAPTERS.get(chapter)?;
    let task = chapter.tasks.get(task)?;
    let ids: Vec<&str> = chapter.tasks.iter().map(|t| t.id).collect();
    let mut stored = progress::load();
    let was_finished = stored.finished.contains(chapter.slug);
    if !stored.mark(chapter.slug, task.id, &ids) {
        return None;
    }
    progress::save(&stored);
    let mut text = format!("Task done: {}", task.prompt);
    if !was_finished && stored.finished.contains(chapter.slug) {
        text.push_str(&format!(
            " Chapter finished: {} of {} chapters done.",
            stored.finished_count(),
            CHAPTER_SLUGS.len()
        ));
    }
    Some(text)
}

/// The chapter page's inputs.
#[derive(Properties, PartialEq)]
pub struct ChapterPageProps {
    /// Which chapter.
    pub slug: ChapterSlug,
}

/// A chapter of the Learn path.
#[function_component(ChapterPage)]
pub fn chapter_page(props: &ChapterPageProps) -> Html {
    let progress = use_progress();
    let snapshots = use_reducer(Snapshots::default);
    let announcement = use_state(String::new);
    let found = by_slug(props.slug.0);

    // Remember where the reader is, for "where was I".
    use_effect_with(props.slug, |slug| {
        let mut stored = progress::load();
        if stored.last.as_deref() != Some(slug.0) {
            stored.last = Some(slug.0.to_owned());
            progress::save(&stored);
        }
    });
    // Tick every state task the views now satisfy.
    {
        let announcement = announcement.clone();
        let index = found.map(|(i, _)| i);
        use_effect_with((*snapshots).clone(), move |snapshots: &Snapshots| {
            let Some((index, chapter)) = index.and_then(|i| CHAPTERS.get(i).map(|c| (i, c))) else {
                return;
            };
            let stored = progress::load();
            for (t, task) in chapter.tasks.iter().enumerate() {
                let snapshot = snapshots.0.get(task.frame).cloned().flatten();
                if !stored.is_done(chapter.slug, task.id)
                    && state_done(&task.check, snapshot.as_deref())
                {
                    if let Some(text) = mark_done(index, t) {
                        announcement.set(text);
                    }
                }
            }
        });
    }

    let Some((index, chapter)) = found else {
        return html! { <crate::shell::not_found::NotFound /> };
    };
    let neighbour = |i: Option<usize>| {
        i.and_then(|i| CHAPTERS.get(i)).and_then(|c| {
            c.slug
                .parse::<ChapterSlug>()
                .ok()
                .map(|slug| (slug, c.title))
        })
    };
    let previous = neighbour(index.checked_sub(1));
    let next = neighbour(index.checked_add(1));
    let done_here = chapter.tasks_done(&progress);
    html! {
        <article class="page learn-chapter" aria-labelledby="chapter-title">
            <p class="chapter-kicker">
                <Link<Route> to={Route::Learn}>{ "Learn" }</Link<Route>>
                { format!(" · Chapter {} of {}", index.saturating_add(1), CHAPTERS.len()) }
            </p>
            <h1 id="chapter-title">{ chapter.title }</h1>
            { for chapter.intro.iter().map(|p| html! { <p>{ *p }</p> }) }
            <div class={classes!("live-views", (chapter.frames.len() > 1).then_some("two"))}>
                { for chapter.frames.iter().enumerate().map(|(i, frame)| {
                    let on_snapshot = snapshots.dispatcher();
                    html! {
                        <LiveFrame view={frame.view} query={frame.query} title={frame.title}
                            on_snapshot={Callback::from(move |s: Snapshot| on_snapshot.dispatch((i, s)))} />
                    }
                }) }
            </div>
            <section class="panel learn-tasks" aria-labelledby="tasks-title">
                <h2 id="tasks-title">{ "Try it" }
                    <span class="task-count">{ format!("{done_here} of {} done", chapter.tasks.len()) }</span>
                </h2>
                <ol class="task-list">
                    { for chapter.tasks.iter().enumerate().map(|(t, task)| {
                        let announcement = announcement.clone();
                        html! {
                            <TaskCard chapter={index} task={t}
                                snapshot={snapshots.0.get(task.frame).cloned().flatten()}
                                done={progress.is_done(chapter.slug, task.id)}
                                on_done={Callback::from(move |_| {
                                    if let Some(text) = mark_done(index, t) { announcement.set(text) }
                                })} />
                        }
                    }) }
                </ol>
                <p class="visually-hidden" aria-live="polite" data-testid="task-announcement">{ (*announcement).clone() }</p>
            </section>
            <h2>{ "What you just saw" }</h2>
            { for chapter.after.iter().map(|p| html! { <p>{ *p }</p> }) }
            <section class="chapter-sources" aria-labelledby="sources-title">
                <h2 id="sources-title">{ "Sources" }</h2>
                <ul>
                    { for chapter.sources.iter().map(|s| html! {
                        <li><a href={s.url} rel="noopener">{ s.citation }</a></li>
                    }) }
                </ul>
            </section>
            <nav class="chapter-nav" aria-label="Chapters">
                if let Some((slug, title)) = previous {
                    <Link<Route> to={Route::LearnChapter { slug }} classes="previous">
                        { format!("← Previous: {title}") }
                    </Link<Route>>
                }
                if let Some((slug, title)) = next {
                    <Link<Route> to={Route::LearnChapter { slug }} classes="next">
                        { format!("Next: {title} →") }
                    </Link<Route>>
                }
            </nav>
        </article>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
    use yew::prelude::*;
    use yew_router::history::{AnyHistory, MemoryHistory};
    use yew_router::prelude::*;

    use super::ChapterPage;
    use crate::learn::progress::ChapterSlug;
    use crate::test_support::{find, mount, texts};

    wasm_bindgen_test_configure!(run_in_browser);

    #[function_component(ModChapter)]
    fn mod_chapter() -> Html {
        let history = use_memo((), |_| AnyHistory::from(MemoryHistory::new()));
        html! {
            <Router history={(*history).clone()}>
                <ChapterPage slug={ChapterSlug("mod-n")} />
            </Router>
        }
    }

    #[wasm_bindgen_test]
    async fn a_chapter_shows_its_view_and_tasks_and_a_reading_waits_for_the_view() {
        let root = mount::<ModChapter>().await;
        assert_eq!(texts(&root, "h1"), ["Hash mod N and the 80 % problem"]);
        assert_eq!(
            find(&root, "iframe.live-frame")
                .get_attribute("title")
                .as_deref(),
            Some("Ring: hash mod N over four servers")
        );
        assert_eq!(texts(&root, ".task-card").len(), 2);
        // No snapshot has arrived from the frame, so a typed reading cannot be judged yet.
        let input =
            find(&root, "#task-read-moved-answer").unchecked_into::<web_sys::HtmlInputElement>();
        input.set_value("80");
        find(&root, "#task-read-moved button")
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
        yew::scheduler::flush().await;
        assert_eq!(
            texts(&root, "#task-read-moved .field-error"),
            ["The live view has not loaded yet."]
        );
        assert_eq!(texts(&root, "#task-read-moved .task-status"), ["Not yet"]);
    }
}
