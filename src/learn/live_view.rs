//! Where a chapter's live widget comes from: the one place that turns (widget, state) into an
//! iframe address.
//!
//! The release site builds each view into its own page (`decoder.html`, `ring.html`,
//! `board.html`), and the Learn path lives in `index.html`, which does not carry their code; so a
//! chapter frames the page that has the widget's view, at the widget's chrome-less
//! `#/embed/<view>/<widget>` route and the state it wants. When this build carries every view (`cargo xtask serve`), the frame uses
//! `index.html` itself.

use crate::browser::theme::{saved, Theme};
use crate::catalogue::Widget;
use crate::shell::embed_frame::FramedBy;

/// A view a chapter can show live: one of the three shareable views.
pub type LiveView = crate::route::View;

/// The address of a widget in the state `query` describes (its view's own `?…` link format,
/// without the `?`), for the chapter's link below its frame. A theme the reader chose is passed
/// on, so the widget matches the chapter. The address is relative, so it follows `<base>` under
/// any subpath.
pub fn widget_src(widget: Widget, query: &str) -> String {
    src_with(widget, query, saved(), None)
}

/// [`widget_src`] for the chapter's frame: marked `within=shardlab`, so the framed widget leaves
/// out its own link out (the chapter has one below the frame).
pub fn frame_src(widget: Widget, query: &str) -> String {
    src_with(widget, query, saved(), Some(FramedBy::Shardlab))
}

fn src_with(widget: Widget, query: &str, theme: Option<Theme>, within: Option<FramedBy>) -> String {
    let mut pairs: Vec<String> = query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(str::to_owned)
        .collect();
    pairs.extend(theme.map(|theme| format!("theme={}", theme.as_str())));
    pairs.extend(within.map(|by| format!("within={}", by.as_str())));
    let page = widget.page_from_here();
    let path = widget.path(true);
    if pairs.is_empty() {
        format!("{page}#{path}")
    } else {
        format!("{page}#{path}?{}", pairs.join("&"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{BoardWidget, DecoderWidget, RingWidget};

    const GROW: Widget = Widget::Ring(RingWidget::Grow);

    #[test]
    fn the_address_names_the_widget_embed_route_and_keeps_the_state() {
        let src = src_with(GROW, "v=1&scheme=mod", None, Some(FramedBy::Shardlab));
        assert!(
            src.ends_with("#/embed/ring/grow?v=1&scheme=mod&within=shardlab"),
            "{src}"
        );
        assert!(src.starts_with(LiveView::Ring.page_from_here()), "{src}");
        let board = src_with(Widget::Board(BoardWidget::Solve), "", None, None);
        assert!(board.ends_with("#/embed/board/solve"), "{board}");
    }

    #[test]
    fn a_chosen_theme_is_passed_on() {
        let paste = Widget::Decoder(DecoderWidget::Paste);
        let src = src_with(paste, "", Some(Theme::Dark), None);
        assert!(src.ends_with("#/embed/decoder/paste?theme=dark"), "{src}");
        let src = src_with(GROW, "v=1", Some(Theme::Light), Some(FramedBy::Shardlab));
        assert!(src.ends_with("?v=1&theme=light&within=shardlab"), "{src}");
    }
}
