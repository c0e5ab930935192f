//! Where a chapter's live view comes from: the one place that turns (view, state) into an iframe
//! address.
//!
//! The release site builds each view into its own page (`decoder.html`, `ring.html`,
//! `board.html`), and the Learn path lives in `index.html`, which does not carry their code; so a
//! chapter frames the page that has the view, at the route and state it wants. When this build
//! does carry the view (`cargo xtask serve` builds one page with everything), the frame uses
//! `index.html` itself. Chrome-less `#/embed/…` routes are meant to replace the full routes here.

/// A view a chapter can show live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiveView {
    /// The Decoder.
    Decoder,
    /// The Ring.
    Ring,
    /// The Board.
    Board,
}

impl LiveView {
    /// The route's name, as in `#/decoder`.
    pub fn route(self) -> &'static str {
        match self {
            LiveView::Decoder => "decoder",
            LiveView::Ring => "ring",
            LiveView::Board => "board",
        }
    }

    /// The release page that carries the view.
    fn page(self) -> &'static str {
        match self {
            LiveView::Decoder => "decoder.html",
            LiveView::Ring => "ring.html",
            LiveView::Board => "board.html",
        }
    }

    /// Whether this very build carries the view.
    fn built_in(self) -> bool {
        match self {
            LiveView::Decoder => cfg!(feature = "decoder"),
            LiveView::Ring => cfg!(feature = "ring"),
            LiveView::Board => cfg!(feature = "board"),
        }
    }
}

/// The iframe `src` for a view in the state `query` describes (the view's own `?…` link format,
/// without the `?`). The address is relative, so it follows `<base>` under any subpath.
pub fn frame_src(view: LiveView, query: &str) -> String {
    let page = if view.built_in() {
        "index.html"
    } else {
        view.page()
    };
    if query.is_empty() {
        format!("{page}#/{}", view.route())
    } else {
        format!("{page}#/{}?{query}", view.route())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_names_the_route_and_keeps_the_state() {
        let src = frame_src(LiveView::Ring, "v=1&scheme=mod");
        assert!(src.ends_with("#/ring?v=1&scheme=mod"), "{src}");
        let page = if cfg!(feature = "ring") {
            "index.html"
        } else {
            "ring.html"
        };
        assert!(src.starts_with(page), "{src}");
        assert!(frame_src(LiveView::Board, "").ends_with("#/board"));
    }
}
