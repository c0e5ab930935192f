//! The header: the name, the navigation and the theme toggle.

use yew::prelude::*;
use yew_router::prelude::*;

use super::theme_toggle::ThemeToggle;
use crate::route::Route;

/// The site header.
#[function_component(Header)]
pub fn header() -> Html {
    let current = use_route::<Route>();
    html! {
        <header class="site-header">
            <Link<Route> to={Route::Home} classes="brand">
                <span class="brand-mark" aria-hidden="true">{ "▚" }</span>
                { "shardlab" }
            </Link<Route>>
            <nav aria-label="Views">
                <ul>
                    { for Route::NAVIGATION.iter().map(|&route| {
                        let active = current == Some(route);
                        html! {
                            <li>
                                <Link<Route> to={route} classes={classes!(active.then_some("active"))}>
                                    { route.label() }
                                </Link<Route>>
                            </li>
                        }
                    }) }
                </ul>
            </nav>
            <ThemeToggle />
        </header>
    }
}
