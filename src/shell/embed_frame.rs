//! The frame of a chrome-less embed route (`#/embed/ring?…`): the view alone, a small link that
//! opens the same state in shardlab, the host's theme, auto-height and the host API
//! (`embed_host`).

use yew::prelude::*;
use yew_router::prelude::*;

use super::embed_height::use_embed_height;
use super::embed_host::{use_embed_host, LinkProblems};
use crate::browser::theme::{self, Theme};
use crate::route::View;
use crate::url::url_query::{pair_value, query_pairs, query_string, split_frame_pairs};

/// Properties of [`EmbedFrame`].
#[derive(Properties, PartialEq)]
pub struct EmbedFrameProps {
    /// The embedded view.
    pub view: View,
    /// The name of the embed's `main` landmark: the widget's or the view's title, so that a
    /// page framing several embeds lists each landmark by what it holds.
    pub label: AttrValue,
    /// The view itself.
    pub children: Html,
    /// What a host's state query must pass before it is applied (`pages::link_problems`).
    pub link_problems: LinkProblems,
}

/// The address of the full view with the same state, relative to the site's base URL.
pub fn full_view_href(view: View, own: &[(String, String)]) -> String {
    let query = query_string(own);
    let page = view.page_from_here();
    let name = view.name();
    if query.is_empty() {
        format!("{page}#/{name}")
    } else {
        format!("{page}#/{name}?{query}")
    }
}

/// Which of our own pages frames this one, as its `within=` frame pair says. A page of ours is
/// shardlab already, so the embed leaves out its link out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FramedBy {
    /// `within=shardlab`: a Learn chapter, whose frames have their own link below them. The
    /// framed widget does all its work, since the chapter's tasks read its snapshot.
    Shardlab,
    /// `within=ring` (`shell::widget_frame`): the full Ring page, which counts the same keys for
    /// itself, so its framed plots leave the count out.
    RingPage,
}

impl FramedBy {
    const ALL: [FramedBy; 2] = [FramedBy::Shardlab, FramedBy::RingPage];

    /// The `within=` value.
    pub fn as_str(self) -> &'static str {
        match self {
            FramedBy::Shardlab => "shardlab",
            FramedBy::RingPage => "ring",
        }
    }

    /// Which page frames this one, from the address's frame pairs; `None` for a host page.
    pub fn of(frame: &[(String, String)]) -> Option<FramedBy> {
        let value = pair_value(frame, "within")?;
        FramedBy::ALL.into_iter().find(|by| by.as_str() == value)
    }
}

/// [`FramedBy::of`] for the address now.
#[hook]
pub fn use_framed_by() -> Option<FramedBy> {
    let location = use_location();
    FramedBy::of(&split_frame_pairs(query_pairs(location.as_ref())).1)
}

/// The embedded view, without the site's header and footer.
#[function_component(EmbedFrame)]
pub fn embed_frame(props: &EmbedFrameProps) -> Html {
    let location = use_location();
    // Before the theme's effect, as when the height was a child component's (children's effects
    // run first).
    use_embed_height();
    let asked = use_embed_host(props.link_problems);
    let (own, frame) = split_frame_pairs(query_pairs(location.as_ref()));
    // The host page chooses the theme, by a `shardlab:theme` message or else by `theme=`; without
    // either the system's applies. An embed never reads or writes the reader's saved choice,
    // which belongs to shardlab's own pages.
    let theme = asked.or_else(|| pair_value(&frame, "theme").and_then(Theme::parse));
    let framed_by_us = FramedBy::of(&frame).is_some();
    use_effect_with(theme, |theme| {
        theme::apply(*theme);
        if let Some(root) = gloo::utils::document().document_element() {
            let _ = root.set_attribute("data-embed", "");
        }
    });
    html! {
        <>
            // The link sits inside `main` (absolutely placed, as before) so that no content
            // stands outside a landmark.
            <main id="main" class="embed-main" aria-label={props.label.clone()}>
                <div class="embed-bar" hidden={framed_by_us}>
                    <a href={full_view_href(props.view, &own)} target="_blank" rel="noopener">
                        { "Open in shardlab ↗" }
                        <span class="visually-hidden">{ " (opens in a new tab)" }</span>
                    </a>
                </div>
                { props.children.clone() }
            </main>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::{full_view_href, FramedBy};
    use crate::route::View;

    #[test]
    fn within_names_which_page_of_ours_frames_this_one() {
        let frame = |value: &str| vec![("within".to_owned(), value.to_owned())];
        for framer in FramedBy::ALL {
            assert_eq!(FramedBy::of(&frame(framer.as_str())), Some(framer));
        }
        assert_eq!(FramedBy::of(&frame("elsewhere")), None);
        assert_eq!(
            FramedBy::of(&[("theme".to_owned(), "dark".to_owned())]),
            None
        );
    }

    #[test]
    fn the_open_link_names_the_full_view_and_its_state() {
        let own = vec![
            ("v".to_owned(), "1".to_owned()),
            ("key".to_owned(), "a b".to_owned()),
        ];
        let page = View::Ring.page_from_here();
        assert_eq!(
            full_view_href(View::Ring, &own),
            format!("{page}#/ring?v=1&key=a%20b")
        );
        assert_eq!(
            full_view_href(View::Board, &[]),
            format!("{}#/board", View::Board.page_from_here())
        );
    }

    #[test]
    fn all_lists_every_framing_page_once() {
        shardlab_core::assert_lists_every_variant!(FramedBy, FramedBy::ALL, [Shardlab, RingPage]);
    }
}
