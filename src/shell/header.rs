//! The header: the name, the navigation with the reader's Learn progress, and the theme toggle.

use std::cell::{Cell, RefCell};

use gloo::events::EventListener;
use yew::prelude::*;
use yew_router::prelude::*;

use crate::widgets::route_link::RouteLink;

use super::page_focus::use_page_focus;
use super::theme_toggle::theme_toggle;
use crate::browser::theme;
use crate::course::{CHANGED_EVENT, CHAPTER_COUNT, COUNT_KEY};
use crate::route::Route;

/// The Learn link's label, "Learn 3/15": the finished count (at most the chapter count) over the
/// chapter count, from `course` alone, so no page carries the chapters for it.
fn learn_label(finished: usize) -> String {
    format!("Learn {}/{CHAPTER_COUNT}", finished.min(CHAPTER_COUNT))
}

/// The finished-chapter count the Learn path stores beside its progress: a plain number, read
/// straight from localStorage (0 when it is missing, not a count, or storage is blocked). This
/// reads one key and parses no JSON, so the view pages carry neither a deserializer nor the
/// progress code.
fn stored_finished_count() -> usize {
    crate::browser::storage::get(COUNT_KEY)
        .and_then(|text| text.trim().parse::<usize>().ok())
        .unwrap_or(0)
}

thread_local! {
    /// Re-renders the header, which reads the count afresh. The header sets it on every render;
    /// the window's listeners below call it.
    static RERENDER_HEADER: RefCell<Option<UseForceUpdateHandle>> = const { RefCell::new(None) };
    /// Whether the window's listeners are in place (once per page: the header lives as long as
    /// the page does).
    static LISTENING: Cell<bool> = const { Cell::new(false) };
}

/// Listens, once per page, for a change to the stored count: this page's Learn path saved (a
/// `storage` event fires only in the other documents), or another tab or page of the site did.
/// Two plain listeners that re-render the header cost the board page about half of what a state
/// hook and an effect did (measured: +0.85 kB brotli against +1.26 kB).
fn listen_for_count_changes() {
    if LISTENING.with(|listening| listening.replace(true)) {
        return;
    }
    let window = gloo::utils::window();
    for event in [CHANGED_EVENT, "storage"] {
        EventListener::new(&window, event, |_| {
            RERENDER_HEADER.with(|rerender| {
                if let Some(rerender) = &*rerender.borrow() {
                    rerender.force_update();
                }
            });
        })
        .forget();
    }
}

/// The site header.
#[function_component(Header)]
pub fn header() -> Html {
    let current = use_route::<Route>();
    // The newest handle, for the page's listeners; installing them is a no-op after the first
    // render, so doing it here needs no effect hook.
    let rerender = use_force_update();
    let current_theme = use_state(theme::effective);
    use_page_focus(current);
    RERENDER_HEADER.with(|slot| *slot.borrow_mut() = Some(rerender));
    listen_for_count_changes();
    let learn_label = learn_label(stored_finished_count());
    html! {
        <header class="site-header">
            <RouteLink to={Route::Home} classes="brand">
                <span class="brand-mark" aria-hidden="true">{ "▚" }</span>
                { "shardlab" }
            </RouteLink>
            <nav aria-label="Views">
                <ul>
                    { for Route::NAVIGATION.iter().map(|&route| {
                        let active = current == Some(route)
                            || (route == Route::Learn && matches!(current, Some(Route::LearnChapter { .. })));
                        html! {
                            <li>
                                <RouteLink to={route} classes={classes!(active.then_some("active"))}>
                                    { if route == Route::Learn { learn_label.clone() } else { route.label().to_owned() } }
                                </RouteLink>
                            </li>
                        }
                    }) }
                </ul>
            </nav>
            { theme_toggle(&current_theme) }
        </header>
    }
}

#[cfg(test)]
mod tests {
    use super::learn_label;
    use crate::course::{CHAPTER_COUNT, CHAPTER_SLUGS};

    #[test]
    fn the_label_counts_the_finished_chapters_out_of_all() {
        assert_eq!(CHAPTER_COUNT, CHAPTER_SLUGS.len());
        assert_eq!(learn_label(0), "Learn 0/15");
        assert_eq!(learn_label(3), "Learn 3/15");
        assert_eq!(learn_label(15), "Learn 15/15");
        // A stale count past the course reads as all finished, never "16/15".
        assert_eq!(learn_label(99), "Learn 15/15");
    }
}
