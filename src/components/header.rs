//! The header: the name, the navigation and the theme toggle.

use yew::prelude::*;
use yew_router::prelude::*;

use super::route_link::RouteLink;

use super::theme_toggle::ThemeToggle;
use crate::learn::progress::CHAPTER_SLUGS;
use crate::route::Route;

/// The site header.
#[function_component(Header)]
pub fn header() -> Html {
    let current = use_route::<Route>();
    // The count shows where the Learn path lives (the home page build); the view pages leave it
    // out, since the board's page sits at the edge of its size budget.
    #[cfg(feature = "home")]
    let finished = Some(*crate::learn::progress::use_finished_count());
    #[cfg(not(feature = "home"))]
    let finished: Option<usize> = None;
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
                                    { route.label() }
                                </RouteLink>
                                if let (Route::Learn, Some(finished)) = (route, finished) {
                                    <span class="nav-progress" data-testid="learn-progress"
                                        title={format!("{finished} of {} chapters finished", CHAPTER_SLUGS.len())}>
                                        { format!("{}/{}", finished, CHAPTER_SLUGS.len()) }
                                    </span>
                                }
                            </li>
                        }
                    }) }
                </ul>
            </nav>
            <ThemeToggle />
        </header>
    }
}
