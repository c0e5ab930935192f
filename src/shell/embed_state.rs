//! Whether a state query a host page sends (`shardlab:set`) reads cleanly under the codec of the
//! route on screen: the notes that route's URL decoder writes for it, empty when every value was
//! read. The embed applies a state only when there are none, so a bad value never lands in part.
//!
//! Each view's codec is compiled only into its own pages (`with_feature!`); a route on a page
//! that does not carry its view hands over to that page (`shell::other_page`) and never reaches
//! here, so the arms for the other views only have to say so.

use crate::catalogue::Widget;
use crate::route::{Route, View};

/// The notes the decoder of `route`'s view writes for `pairs` (the view's own, frame pairs left
/// out); empty when every value reads.
pub fn link_problems(route: Route, pairs: &[(String, String)]) -> Vec<String> {
    match route.view() {
        Some(View::Decoder) => decoder(pairs),
        Some(View::Ring) => ring(route.widget(), pairs),
        Some(View::Board) => board(pairs),
        None => vec!["This page shows no widget.".to_owned()],
    }
}

#[cfg(feature = "decoder")]
fn decoder(pairs: &[(String, String)]) -> Vec<String> {
    crate::decoder::url_state::decode(pairs).notes
}

#[cfg(feature = "ring-code")]
fn ring(widget: Option<Widget>, pairs: &[(String, String)]) -> Vec<String> {
    let widget = match widget {
        Some(Widget::Ring(widget)) => Some(widget),
        Some(Widget::Decoder(_) | Widget::Board(_)) | None => None,
    };
    let (_, decode) = crate::ring::url_state::codec_for(widget);
    decode(pairs).notes
}

#[cfg(feature = "board")]
fn board(pairs: &[(String, String)]) -> Vec<String> {
    crate::board::url_state::decode(pairs).1
}

#[cfg(not(feature = "decoder"))]
fn decoder(_: &[(String, String)]) -> Vec<String> {
    vec![elsewhere(View::Decoder)]
}

#[cfg(not(feature = "ring-code"))]
fn ring(_: Option<Widget>, _: &[(String, String)]) -> Vec<String> {
    vec![elsewhere(View::Ring)]
}

#[cfg(not(feature = "board"))]
fn board(_: &[(String, String)]) -> Vec<String> {
    vec![elsewhere(View::Board)]
}

#[cfg(not(all(feature = "decoder", feature = "ring-code", feature = "board")))]
fn elsewhere(view: View) -> String {
    format!(
        "This page does not show the {}; its embed is on {}.",
        view.full_route().label(),
        view.page()
    )
}

#[cfg(test)]
mod tests {
    use super::link_problems;
    use crate::catalogue::{RingWidget, Widget};
    use crate::route::Route;

    fn pairs(query: &str) -> Vec<(String, String)> {
        form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect()
    }

    #[test]
    fn a_state_that_reads_has_no_problems_and_a_bad_value_has_one() {
        let grow = Route::Widget {
            widget: Widget::Ring(RingWidget::Grow),
            embed: true,
        };
        assert_eq!(
            link_problems(grow, &pairs("v=1&vnodes=3")),
            Vec::<String>::new()
        );
        assert_eq!(link_problems(grow, &[]), Vec::<String>::new());
        assert!(!link_problems(grow, &pairs("v=1&vnodes=banana")).is_empty());
        assert!(!link_problems(grow, &pairs("v=9")).is_empty());
        assert!(!link_problems(Route::EmbedDecoder, &pairs("v=1&id=not-an-id")).is_empty());
        assert_eq!(
            link_problems(Route::EmbedDecoder, &pairs("v=1&id=123456789")),
            Vec::<String>::new()
        );
        assert!(!link_problems(Route::EmbedBoard, &pairs("users=-4")).is_empty());
        assert!(!link_problems(Route::Home, &[]).is_empty());
    }
}
