//! The widget catalogue: every focused piece of a view that a lesson places beside its prose and an
//! author embeds in a post, each one idea.
//!
//! A widget is addressed as `#/w/<view>/<widget>?<state>` (with the site's header) and
//! `#/embed/<view>/<widget>?<state>` (chrome-less, for an iframe), on its view's page. The view's
//! page renders it from the same reducer, URL codec and snapshot as the full view, so the same
//! state shows the same figures in a widget, the full view and the CLI.
//!
//! This module is compiled into every page (it is names and titles only), so a page can recognise
//! any widget's address and hand it to the page that has its view. The built site publishes the
//! list as `widgets.json`; `tests::widgets_json_is_the_catalogue` keeps `www/widgets.json` equal
//! to [`widgets_json`], and `tests::embed_js_is_the_catalogue` keeps the names and titles that
//! `www/embed.js` mounts without a request (run both with `SHARDLAB_BLESS=1` to rewrite the files
//! after a change here).

use crate::route::View;

// The per-view enums (names, titles, `ALL`) are the core's, so the build-time pictures match on
// the same lists (crates/shardlab-pictures).
pub use shardlab_core::catalogue::{BoardWidget, DecoderWidget, RingWidget};

/// One widget of one view.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Widget {
    /// A Decoder widget.
    Decoder(DecoderWidget),
    /// A Ring widget.
    Ring(RingWidget),
    /// A Board widget.
    Board(BoardWidget),
}

/// The page of the Ring's plots and measures ([`RingWidget::Compare`], [`RingWidget::Metrics`],
/// [`RingWidget::Vnodes`]).
pub const COMPARE_PAGE: &str = "compare.html";

impl Widget {
    /// Every widget, view by view in navigation order.
    pub fn all() -> impl Iterator<Item = Widget> {
        let decoder = DecoderWidget::ALL.iter().copied().map(Widget::Decoder);
        let ring = RingWidget::ALL.iter().copied().map(Widget::Ring);
        let board = BoardWidget::ALL.iter().copied().map(Widget::Board);
        decoder.chain(ring).chain(board)
    }

    /// The widgets of one view.
    pub fn of_view(view: View) -> impl Iterator<Item = Widget> {
        Widget::all().filter(move |widget| widget.view() == view)
    }

    /// The widget `name` of `view`, if there is one.
    pub fn parse(view: View, name: &str) -> Option<Widget> {
        match view {
            View::Decoder => DecoderWidget::from_name(name).map(Widget::Decoder),
            View::Ring => RingWidget::from_name(name).map(Widget::Ring),
            View::Board => BoardWidget::from_name(name).map(Widget::Board),
        }
    }

    /// The release page whose build holds this widget: its view's, but for the Ring's plots (the
    /// comparisons and "Vnodes and balance"), which are a page of their own (see `pages.rs`).
    pub fn page(self) -> &'static str {
        match self {
            Widget::Ring(RingWidget::Compare | RingWidget::Metrics | RingWidget::Vnodes) => {
                COMPARE_PAGE
            }
            Widget::Decoder(_) | Widget::Ring(_) | Widget::Board(_) => self.view().page(),
        }
    }

    /// The page file a link to this widget should name from the page running now, as
    /// [`View::page_from_here`] decides for a view.
    pub fn page_from_here(self) -> &'static str {
        crate::route::page_from_here(self.page())
    }

    /// The view the widget belongs to.
    pub fn view(self) -> View {
        match self {
            Widget::Decoder(_) => View::Decoder,
            Widget::Ring(_) => View::Ring,
            Widget::Board(_) => View::Board,
        }
    }

    /// The widget's name within its view.
    pub fn name(self) -> &'static str {
        match self {
            Widget::Decoder(widget) => widget.name(),
            Widget::Ring(widget) => widget.name(),
            Widget::Board(widget) => widget.name(),
        }
    }

    /// The widget's title.
    pub fn title(self) -> &'static str {
        match self {
            Widget::Decoder(widget) => widget.title(),
            Widget::Ring(widget) => widget.title(),
            Widget::Board(widget) => widget.title(),
        }
    }

    /// `<view>/<widget>`: the form `data-shardlab` and `data-widget` take.
    pub fn address(self) -> String {
        format!("{}/{}", self.view().name(), self.name())
    }

    /// The route path: `/w/<view>/<widget>`, or `/embed/<view>/<widget>` for the chrome-less form.
    pub fn path(self, embed: bool) -> String {
        let prefix = if embed { "embed" } else { "w" };
        format!("/{prefix}/{}", self.address())
    }
}

/// The catalogue as the site publishes it: a JSON array of `{view, widget, title, route,
/// embed_route}`, the routes relative to the site's base URL. Written by hand, one entry per line
/// (the names and titles hold no character JSON must escape; a test checks it).
pub fn widgets_json() -> String {
    let entries: Vec<String> = Widget::all()
        .map(|widget| {
            let page = widget.page();
            format!(
                "  {{ \"view\": \"{}\", \"widget\": \"{}\", \"title\": \"{}\", \"route\": \"{page}#{}\", \"embed_route\": \"{page}#{}\" }}",
                widget.view().name(),
                widget.name(),
                widget.title(),
                widget.path(false),
                widget.path(true),
            )
        })
        .collect();
    format!("[\n{}\n]\n", entries.join(",\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_widget_parses_back_from_its_view_and_name() {
        let mut count = 0;
        for widget in Widget::all() {
            assert_eq!(Widget::parse(widget.view(), widget.name()), Some(widget));
            let name = widget.name();
            assert!(
                !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{name}"
            );
            count += 1;
        }
        assert_eq!(count, 29);
        assert_eq!(Widget::parse(View::Ring, "paste"), None);
        assert_eq!(Widget::parse(View::Ring, ""), None);
        assert_eq!(Widget::of_view(View::Board).count(), BoardWidget::ALL.len());
    }

    #[test]
    fn names_and_titles_are_unique_within_a_view() {
        for view in View::ALL {
            let widgets: Vec<Widget> = Widget::of_view(view).collect();
            for (i, a) in widgets.iter().enumerate() {
                for b in widgets.iter().skip(i + 1) {
                    assert_ne!(a.name(), b.name());
                    assert_ne!(a.title(), b.title());
                }
            }
        }
    }

    #[test]
    fn the_catalogue_is_json_whose_entries_name_each_widget() {
        let json = widgets_json();
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        let entries = parsed.as_array().unwrap();
        assert_eq!(entries.len(), Widget::all().count());
        for (entry, widget) in entries.iter().zip(Widget::all()) {
            assert_eq!(entry["view"], widget.view().name());
            assert_eq!(entry["widget"], widget.name());
            assert_eq!(entry["title"], widget.title());
            assert_eq!(
                entry["embed_route"],
                format!("{}#/embed/{}", widget.page(), widget.address())
            );
            assert_eq!(
                entry["route"],
                format!("{}#/w/{}", widget.page(), widget.address())
            );
        }
    }

    /// The published file is the code's list (rust-analyzer's sourcegen pattern).
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn widgets_json_is_the_catalogue() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("www/widgets.json");
        let wanted = widgets_json();
        if std::env::var_os("SHARDLAB_BLESS").is_some() {
            std::fs::write(&path, &wanted).unwrap();
        }
        let found = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            found == wanted,
            "www/widgets.json is not the catalogue in src/catalogue.rs; rewrite it with \
             `SHARDLAB_BLESS=1 cargo test -p shardlab-app --lib catalogue`"
        );
    }
    /// The lines of `www/embed.js` between its catalogue markers: each view's page, and the
    /// title of every name `data-shardlab` accepts (the views, then each widget).
    #[cfg(not(target_arch = "wasm32"))]
    fn embed_js_catalogue() -> String {
        let quoted = |text: &str| serde_json::to_string(text).unwrap();
        // Each view's page, then each widget on a page of its own (the Ring's plots).
        let views = View::ALL
            .iter()
            .map(|view| (view.name().to_owned(), view.page()));
        let own_pages = Widget::all()
            .filter(|widget| widget.page() != widget.view().page())
            .map(|widget| (widget.address(), widget.page()));
        let pages: Vec<String> = views
            .chain(own_pages)
            .map(|(name, page)| format!("{}: {}", quoted(&name), quoted(page)))
            .collect();
        let views = View::ALL
            .iter()
            .map(|view| (view.name().to_owned(), view.full_route().label()));
        let widgets = Widget::all().map(|widget| (widget.address(), widget.title()));
        let titles: Vec<String> = views
            .chain(widgets)
            .map(|(name, title)| format!("    {}: {}", quoted(&name), quoted(title)))
            .collect();
        format!(
            "  var PAGES = {{ {} }};\n  var TITLES = {{\n{}\n  }};\n",
            pages.join(", "),
            titles.join(",\n")
        )
    }

    /// `www/embed.js` names every widget, so an embed needs no request to know one (the same
    /// sourcegen pattern as `widgets.json`).
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn embed_js_is_the_catalogue() {
        const BEGIN: &str = "--lib catalogue`.\n";
        const END: &str = "  // END catalogue";
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("www/embed.js");
        let mut found = std::fs::read_to_string(&path).unwrap();
        let start = found
            .find(BEGIN)
            .expect("embed.js has its catalogue markers")
            + BEGIN.len();
        let end = start
            + found[start..]
                .find(END)
                .expect("embed.js has its END marker");
        let wanted = format!(
            "{}{}{}",
            &found[..start],
            embed_js_catalogue(),
            &found[end..]
        );
        if std::env::var_os("SHARDLAB_BLESS").is_some() {
            std::fs::write(&path, &wanted).unwrap();
            found = std::fs::read_to_string(&path).unwrap();
        }
        assert!(
            found == wanted,
            "www/embed.js does not list the catalogue in src/catalogue.rs; rewrite it with \
             `SHARDLAB_BLESS=1 cargo test -p shardlab-app --lib catalogue`"
        );
    }
}
