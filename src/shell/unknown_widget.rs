//! The note for a widget address whose view exists but whose widget does not
//! (`#/embed/ring/grwo`): said inside the frame the address asked for, with the view's widgets to
//! pick from, so an embed with a typo is never a blank frame.

use shardlab_core::text::quote;
use yew::prelude::*;
use yew_router::prelude::*;

use crate::catalogue::Widget;
use crate::route::{Route, View};

/// Properties of [`UnknownWidget`].
#[derive(Properties, PartialEq)]
pub struct UnknownWidgetProps {
    /// The view the address names.
    pub view: View,
}

/// The widget name in a `/w/<view>/<name>` or `/embed/<view>/<name>` path: its last segment.
pub fn asked_name(path: &str) -> &str {
    path.trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or_default()
}

/// "The Ring has no widget named …", and links to the ones it has.
#[function_component(UnknownWidget)]
pub fn unknown_widget(props: &UnknownWidgetProps) -> Html {
    let location = use_location();
    let path = location
        .as_ref()
        .map(|l| l.path().to_owned())
        .unwrap_or_default();
    let embed = use_route::<Route>().is_some_and(Route::is_embed);
    let view = props.view;
    let page = view.page_from_here();
    let full = if embed {
        view.embed_route()
    } else {
        view.full_route()
    };
    html! {
        <section class="page narrow unknown-widget">
            <p class="note" role="alert" data-testid="unknown-widget">
                { format!("The {} has no widget named {}. Its widgets are listed below.",
                    view.full_route().label(), quote(asked_name(&path))) }
            </p>
            <ul>
                { for Widget::of_view(view).map(|widget| html! {
                    <li><a href={format!("{page}#{}", widget.path(embed))}>{ widget.title() }</a></li>
                }) }
                <li><a href={format!("{page}#{}", full.to_path())}>{ format!("The whole {}", view.full_route().label()) }</a></li>
            </ul>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::asked_name;

    #[test]
    fn the_asked_name_is_the_last_segment() {
        assert_eq!(asked_name("/embed/ring/grwo"), "grwo");
        assert_eq!(asked_name("/w/board/x/"), "x");
        assert_eq!(asked_name(""), "");
    }
}
