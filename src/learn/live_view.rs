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

/// A view a chapter can show live: one of the three shareable views.
pub type LiveView = crate::route::View;

/// The iframe `src` for a widget in the state `query` describes (its view's own `?…` link
/// format, without the `?`). A theme the reader chose is passed on, so the frame matches the
/// chapter. The address is relative, so it follows `<base>` under any subpath.
pub fn frame_src(widget: Widget, query: &str) -> String {
    frame_src_with_theme(widget, query, saved())
}

fn frame_src_with_theme(widget: Widget, query: &str, theme: Option<Theme>) -> String {
    let mut pairs: Vec<&str> = query.split('&').filter(|pair| !pair.is_empty()).collect();
    let theme_pair = theme.map(|theme| format!("theme={}", theme.as_str()));
    if let Some(pair) = theme_pair.as_deref() {
        pairs.push(pair);
    }
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
        let src = frame_src_with_theme(GROW, "v=1&scheme=mod", None);
        assert!(src.ends_with("#/embed/ring/grow?v=1&scheme=mod"), "{src}");
        assert!(src.starts_with(LiveView::Ring.page_from_here()), "{src}");
        let board = frame_src_with_theme(Widget::Board(BoardWidget::Solve), "", None);
        assert!(board.ends_with("#/embed/board/solve"), "{board}");
    }

    #[test]
    fn a_chosen_theme_is_passed_on() {
        let paste = Widget::Decoder(DecoderWidget::Paste);
        let src = frame_src_with_theme(paste, "", Some(Theme::Dark));
        assert!(src.ends_with("#/embed/decoder/paste?theme=dark"), "{src}");
        let src = frame_src_with_theme(GROW, "v=1", Some(Theme::Light));
        assert!(src.ends_with("?v=1&theme=light"), "{src}");
    }
}
