//! A chapter: its lesson (prose with each live widget and its tasks where the prose refers to
//! it), "What you just saw" once the tasks are done, its sources, and Previous / Next. Tasks tick
//! from the widgets' snapshots.

use std::rc::Rc;

use yew::prelude::*;
use yew_router::prelude::*;

use super::chapters::{by_slug, Block, Chapter, CHAPTERS};
use super::progress::{
    self, guess_key, use_progress, ChapterSlug, Observation, ReaderProgress, CHAPTER_SLUGS,
};
use super::stage::Stage;
use super::tasks::{state_done, Check, Snapshot};
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

/// Keeps with each committed guess what its widget now measures, so the guess card still shows
/// its chart after a reload, when the widget has started over (issue 38 §5). Saved only when a
/// measurement is new.
fn keep_observations(chapter: &Chapter, snapshots: &Snapshots, stored: &mut ReaderProgress) {
    let mut changed = false;
    for task in chapter.tasks {
        let Check::Predict(prediction) = task.check else {
            continue;
        };
        let Some(snapshot) = snapshots.0.get(task.frame).cloned().flatten() else {
            continue;
        };
        let Some(share) = prediction.measured(&snapshot) else {
            continue;
        };
        if stored.guess(chapter.slug, task.id).is_none() {
            continue;
        }
        let seen = Observation::new(share, prediction.measured_at(&snapshot));
        if stored.observation(chapter.slug, task.id) != Some(seen) {
            stored.observed.insert(guess_key(chapter.slug, task.id), seen);
            changed = true;
        }
    }
    if changed {
        progress::save(stored);
    }
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
    let seed = use_state(progress::reader_seed);
    let found = by_slug(props.slug.0);

    // Remember where the reader is, for "where was I".
    use_effect_with(props.slug, |slug| {
        let mut stored = progress::load();
        if stored.last.as_deref() != Some(slug.0) {
            stored.last = Some(slug.0.to_owned());
            progress::save(&stored);
        }
    });
    // Tick every task the views now satisfy (a prediction, once its guess is in).
    {
        let announcement = announcement.clone();
        let index = found.map(|(i, _)| i);
        let deps = ((*snapshots).clone(), (*progress).clone());
        use_effect_with(deps, move |(snapshots, _): &(Snapshots, _)| {
            let Some((index, chapter)) = index.and_then(|i| CHAPTERS.get(i).map(|c| (i, c))) else {
                return;
            };
            let mut stored = progress::load();
            keep_observations(chapter, snapshots, &mut stored);
            for (t, task) in chapter.tasks.iter().enumerate() {
                let snapshot = snapshots.0.get(task.frame).cloned().flatten();
                let guessed = stored.guess(chapter.slug, task.id).is_some();
                if !stored.is_done(chapter.slug, task.id)
                    && state_done(&task.check, snapshot.as_deref(), guessed)
                {
                    if let Some(text) = mark_done(index, t) {
                        announcement.set(text);
                    }
                }
            }
        });
    }

    let Some((index, chapter)) = found else {
        return crate::shell::not_found::not_found();
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
    let revealed = chapter.all_done(&progress) || progress.finished.contains(chapter.slug);
    let on_done = {
        let announcement = announcement.clone();
        Callback::from(move |t: usize| {
            if let Some(text) = mark_done(index, t) {
                announcement.set(text);
            }
        })
    };
    html! {
        <article class="page learn-chapter" aria-labelledby="chapter-title">
            <p class="chapter-kicker">
                <Link<Route> to={Route::Learn}>{ "Learn" }</Link<Route>>
                { format!(" · Chapter {} of {}", index.saturating_add(1), CHAPTERS.len()) }
            </p>
            <h1 id="chapter-title">{ chapter.title }</h1>
            { for chapter.body.iter().map(|block| match *block {
                Block::Prose(text) => html! { <p>{ text }</p> },
                Block::Live(frame) => {
                    let on_snapshot = snapshots.dispatcher();
                    html! {
                        <Stage chapter={index} {frame} seed={*seed}
                            snapshot={snapshots.0.get(frame).cloned().flatten()}
                            on_snapshot={Callback::from(move |s: Snapshot| on_snapshot.dispatch((frame, s)))}
                            on_done={on_done.clone()} />
                    }
                }
            }) }
            <p class="visually-hidden" aria-live="polite" data-testid="task-announcement">{ (*announcement).clone() }</p>
            <section class="chapter-after" aria-labelledby="after-title">
                <h2 id="after-title">{ "What you just saw" }</h2>
                if revealed {
                    { for chapter.after.iter().map(|p| html! { <p>{ *p }</p> }) }
                } else {
                    <p class="after-locked" data-testid="after-locked">
                        { format!(
                            "Opens when this chapter's {} done ({done_here} of {} so far): it \
                             explains what the widgets show, so it waits until you have seen it \
                             for yourself.",
                            if chapter.tasks.len() == 1 { "task is" } else { "tasks are" },
                            chapter.tasks.len()
                        ) }
                    </p>
                }
            </section>
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
        assert_eq!(texts(&root, "h1"), ["Hash mod N: what growing costs"]);
        assert_eq!(
            find(&root, "iframe.live-frame")
                .get_attribute("title")
                .as_deref(),
            Some("Ring: hash mod N over four servers")
        );
        // The tasks sit beside the widget they watch, and the explanation waits for them.
        assert_eq!(texts(&root, ".stage .task-card").len(), 3);
        assert_eq!(texts(&root, "[data-testid=after-locked]").len(), 1);
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
