//! Where a chapter's live view comes from: the one place that turns (view, state) into an iframe
//! address.
//!
//! The release site builds each view into its own page (`decoder.html`, `ring.html`,
//! `board.html`), and the Learn path lives in `index.html`, which does not carry their code; so a
//! chapter frames the page that has the view, at its chrome-less `#/embed/…` route and the state
//! it wants. When this build carries every view (`cargo xtask serve`), the frame uses
//! `index.html` itself.

use crate::browser::theme::{saved, Theme};

/// A view a chapter can show live: one of the three shareable views.
pub type LiveView = crate::route::View;

/// The iframe `src` for a view in the state `query` describes (the view's own `?…` link format,
/// without the `?`). A theme the reader chose is passed on, so the frame matches the chapter. The
/// address is relative, so it follows `<base>` under any subpath.
pub fn frame_src(view: LiveView, query: &str) -> String {
    frame_src_with_theme(view, query, saved())
}

fn frame_src_with_theme(view: LiveView, query: &str, theme: Option<Theme>) -> String {
    let mut pairs: Vec<&str> = query.split('&').filter(|pair| !pair.is_empty()).collect();
    let theme_pair = theme.map(|theme| format!("theme={}", theme.as_str()));
    if let Some(pair) = theme_pair.as_deref() {
        pairs.push(pair);
    }
    let page = view.page_from_here();
    let name = view.name();
    if pairs.is_empty() {
        format!("{page}#/embed/{name}")
    } else {
        format!("{page}#/embed/{name}?{}", pairs.join("&"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_names_the_embed_route_and_keeps_the_state() {
        let src = frame_src_with_theme(LiveView::Ring, "v=1&scheme=mod", None);
        assert!(src.ends_with("#/embed/ring?v=1&scheme=mod"), "{src}");
        assert!(src.starts_with(LiveView::Ring.page_from_here()), "{src}");
        assert!(frame_src_with_theme(LiveView::Board, "", None).ends_with("#/embed/board"));
    }

    #[test]
    fn a_chosen_theme_is_passed_on() {
        let src = frame_src_with_theme(LiveView::Decoder, "", Some(Theme::Dark));
        assert!(src.ends_with("#/embed/decoder?theme=dark"), "{src}");
        let src = frame_src_with_theme(LiveView::Ring, "v=1", Some(Theme::Light));
        assert!(src.ends_with("?v=1&theme=light"), "{src}");
    }
}
