//! The header: the name, the navigation with the reader's Learn progress, and the theme toggle.

use std::cell::{Cell, RefCell};

use gloo::events::EventListener;
use yew::prelude::*;
use yew_router::prelude::*;

use crate::widgets::route_link::RouteLink;

use super::page_focus::use_page_focus;
use super::theme_toggle::theme_toggle;
use crate::browser::theme;
use crate::course::{CHANGED_EVENT, COUNT_KEY};
use crate::route::Route;

/// The Learn link's label for every count of finished chapters. A table rather than `format!`
/// and a badge element: every page's header carries this, and the board's page sits at the edge
/// of its size budget.
const LEARN_LABELS: [&str; 16] = [
    "Learn 0/15",
    "Learn 1/15",
    "Learn 2/15",
    "Learn 3/15",
    "Learn 4/15",
    "Learn 5/15",
    "Learn 6/15",
    "Learn 7/15",
    "Learn 8/15",
    "Learn 9/15",
    "Learn 10/15",
    "Learn 11/15",
    "Learn 12/15",
    "Learn 13/15",
    "Learn 14/15",
    "Learn 15/15",
];

/// The finished-chapter count the Learn path stores beside its progress, as an index into
/// [`LEARN_LABELS`]: a plain number, read straight from localStorage (0 when it is missing, not a
/// count, or storage is blocked). This reads one key and parses no JSON, so the view pages carry neither
/// a deserializer nor the progress code.
fn stored_finished_count() -> usize {
    crate::browser::storage::get(COUNT_KEY)
        .and_then(|text| text.trim().parse::<usize>().ok())
        .map_or(0, |n| n.min(LEARN_LABELS.len().saturating_sub(1)))
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
    let finished = stored_finished_count();
    let learn_label = LEARN_LABELS.get(finished).copied().unwrap_or("Learn");
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
                                    { if route == Route::Learn { learn_label } else { route.label() } }
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
    use super::LEARN_LABELS;
    use crate::course::CHAPTER_SLUGS;

    #[test]
    fn there_is_a_label_for_every_count_of_finished_chapters() {
        let chapters = CHAPTER_SLUGS.len();
        assert_eq!(LEARN_LABELS.len(), chapters + 1);
        for (finished, label) in LEARN_LABELS.iter().enumerate() {
            assert_eq!(*label, format!("Learn {finished}/{chapters}"));
        }
    }
}
