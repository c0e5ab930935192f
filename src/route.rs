//! The routes and their text: `Route` (parsed from and printed to `#/…` addresses), `View` and the
//! page file each view is built into. The app uses a hash router (`#/decoder`), so any static host
//! and any subpath work without server-side rewrites. What a route renders is `pages.rs`'s.

use std::collections::HashMap;

use crate::catalogue::Widget;
use yew_router::Routable;

/// Every page of the app.
///
/// `Routable` is written by hand below rather than derived: the derive builds a
/// `route_recognizer` automaton in a thread-local and matches through it, which cost every page
/// about 15 kB of wasm for eleven fixed paths and one parameter. The `#[at]`-style paths are listed
/// on each variant's doc; `tests::matches_the_derived_router` checks the hand-written matcher
/// against yew-router's derive on the same paths.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Route {
    /// What each view teaches, with live previews.
    /// Path: `/`.
    Home,
    /// The self-paced course.
    /// Path: `/learn`.
    Learn,
    /// One chapter of the course.
    /// Path: `/learn/:slug`.
    LearnChapter {
        /// Which chapter.
        slug: crate::course::ChapterSlug,
    },
    /// The 64-bit ID decoder.
    /// Path: `/decoder`.
    Decoder,
    /// Placement schemes on the ring.
    /// Path: `/ring`.
    Ring,
    /// The system-design board.
    /// Path: `/board`.
    Board,
    /// The Decoder alone, for an iframe in someone else's page (no header or footer).
    /// Path: `/embed/decoder`.
    EmbedDecoder,
    /// The Ring alone, for an iframe.
    /// Path: `/embed/ring`.
    EmbedRing,
    /// The Board alone, for an iframe.
    /// Path: `/embed/board`.
    EmbedBoard,
    /// One widget of a view (see [`crate::catalogue`]), with the site's header, or chrome-less.
    /// Paths: `/w/:view/:widget` and `/embed/:view/:widget`.
    Widget {
        /// Which widget.
        widget: Widget,
        /// Whether it is the chrome-less form for an iframe.
        embed: bool,
    },
    /// A widget address whose view exists but whose widget name does not: an inline note in the
    /// frame, listing the view's widgets.
    /// Paths: `/w/:view/:widget` and `/embed/:view/:widget`.
    UnknownWidget {
        /// The view the address names.
        view: View,
        /// Whether it is the chrome-less form.
        embed: bool,
    },
    /// A page that panics on purpose; only in the `debug-panic` test build, never in the release site.
    /// Path: `/debug/panic`.
    #[cfg(feature = "debug-panic")]
    DebugPanic,
    /// Anything else.
    /// Path: `/404`.
    NotFound,
}

/// The paths of the routes, as `#[at]` would list them.
const PATHS: &[&str] = &[
    "/",
    "/learn",
    "/learn/:slug",
    "/decoder",
    "/ring",
    "/board",
    "/embed/decoder",
    "/embed/ring",
    "/embed/board",
    "/w/:view/:widget",
    "/embed/:view/:widget",
    #[cfg(feature = "debug-panic")]
    "/debug/panic",
    "/404",
];

impl Routable for Route {
    fn from_path(path: &str, params: &HashMap<&str, &str>) -> Option<Self> {
        let widget = |embed| {
            let view = params.get("view")?;
            let name = params.get("widget")?;
            Route::from_widget_names(view, name, embed)
        };
        match path {
            "/learn/:slug" => params.get("slug").and_then(|slug| parse_slug(slug)),
            "/w/:view/:widget" => widget(false),
            "/embed/:view/:widget" => widget(true),
            other => other.strip_prefix('/').and_then(Route::from_static_path),
        }
    }

    fn to_path(&self) -> String {
        match self {
            Route::Home => "/".into(),
            Route::Learn => "/learn".into(),
            // A slug is one of `CHAPTER_SLUGS`, all `[a-z0-9-]`, which percent-encoding leaves as is.
            Route::LearnChapter { slug } => format!("/learn/{}", slug.0),
            Route::Decoder => "/decoder".into(),
            Route::Ring => "/ring".into(),
            Route::Board => "/board".into(),
            Route::EmbedDecoder => "/embed/decoder".into(),
            Route::EmbedRing => "/embed/ring".into(),
            Route::EmbedBoard => "/embed/board".into(),
            Route::Widget { widget, embed } => widget.path(*embed),
            Route::UnknownWidget { view, embed } => {
                let prefix = if *embed { "embed" } else { "w" };
                format!("/{prefix}/{}/unknown", view.name())
            }
            #[cfg(feature = "debug-panic")]
            Route::DebugPanic => "/debug/panic".into(),
            Route::NotFound => "/404".into(),
        }
    }

    fn routes() -> Vec<&'static str> {
        PATHS.to_vec()
    }

    fn not_found_route() -> Option<Self> {
        Some(Route::NotFound)
    }

    /// Matches as yew-router's derive does: one trailing `/` and one leading `/` are dropped, a
    /// fixed path must match whole, `:slug` takes one non-empty segment without `/`, and anything
    /// that matches nothing (or whose slug is not a chapter) is [`Route::NotFound`].
    fn recognize(pathname: &str) -> Option<Self> {
        let path = pathname.strip_suffix('/').unwrap_or(pathname);
        let path = path.strip_prefix('/').unwrap_or(path);
        let route = match path.strip_prefix("learn/") {
            Some(slug) if !slug.is_empty() && !slug.contains('/') => parse_slug(slug),
            _ => Route::from_widget_path(path).or_else(|| Route::from_static_path(path)),
        };
        Some(route.unwrap_or(Route::NotFound))
    }
}

impl Route {
    /// The widget route `w/<view>/<name>` or `embed/<view>/<name>` (without the leading `/`);
    /// `None` for any other shape or a view that does not exist.
    fn from_widget_path(path: &str) -> Option<Route> {
        let (embed, rest) = match path.split_once('/')? {
            ("w", rest) => (false, rest),
            ("embed", rest) => (true, rest),
            _ => return None,
        };
        let (view, name) = rest.split_once('/')?;
        if name.is_empty() || name.contains('/') {
            return None;
        }
        Route::from_widget_names(view, name, embed)
    }

    /// The route of widget `name` in the view named `view`: [`Route::UnknownWidget`] when the view
    /// has no such widget, `None` when there is no such view.
    fn from_widget_names(view: &str, name: &str, embed: bool) -> Option<Route> {
        let view = View::from_name(view)?;
        Some(match Widget::parse(view, name) {
            Some(widget) => Route::Widget { widget, embed },
            None => Route::UnknownWidget { view, embed },
        })
    }

    /// The route whose path has no parameter and is `path` without its leading `/`.
    fn from_static_path(path: &str) -> Option<Route> {
        Some(match path {
            "" => Route::Home,
            "learn" => Route::Learn,
            "decoder" => Route::Decoder,
            "ring" => Route::Ring,
            "board" => Route::Board,
            "embed/decoder" => Route::EmbedDecoder,
            "embed/ring" => Route::EmbedRing,
            "embed/board" => Route::EmbedBoard,
            #[cfg(feature = "debug-panic")]
            "debug/panic" => Route::DebugPanic,
            "404" => Route::NotFound,
            _ => return None,
        })
    }
}

/// The chapter named by a path segment, after percent-decoding it as the derive does.
fn parse_slug(segment: &str) -> Option<Route> {
    let decoded = percent_decode(segment);
    let text = std::str::from_utf8(&decoded).ok()?;
    let slug = text.parse().ok()?;
    Some(Route::LearnChapter { slug })
}

/// `%XX` sequences turned into their bytes; anything else (a lone `%` included) kept as it is.
fn percent_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while let Some((&first, tail)) = rest.split_first() {
        let escaped = match (first, tail) {
            (b'%', [high, low, ..]) => hex_value(*high).zip(hex_value(*low)),
            _ => None,
        };
        match (escaped, tail) {
            (Some((high, low)), [_, _, after @ ..]) => {
                out.push(high << 4 | low);
                rest = after;
            }
            _ => {
                out.push(first);
                rest = tail;
            }
        }
    }
    out
}

/// The value of one hexadecimal digit.
fn hex_value(digit: u8) -> Option<u8> {
    char::from(digit)
        .to_digit(16)
        .and_then(|value| u8::try_from(value).ok())
}

impl Route {
    /// The routes in the navigation, in order.
    pub const NAVIGATION: [Route; 4] = [Route::Learn, Route::Decoder, Route::Ring, Route::Board];

    /// The name shown in the navigation and the page title.
    pub fn label(self) -> &'static str {
        match self {
            Route::Home => "Home",
            Route::Learn | Route::LearnChapter { .. } => "Learn",
            Route::Decoder => "Decoder",
            Route::Ring => "Ring",
            Route::Board => "Board",
            Route::EmbedDecoder => "Decoder (embedded)",
            Route::EmbedRing => "Ring (embedded)",
            Route::EmbedBoard => "Board (embedded)",
            Route::Widget { widget, .. } => widget.title(),
            Route::UnknownWidget { .. } => "No such widget",
            #[cfg(feature = "debug-panic")]
            Route::DebugPanic => "Forced panic",
            Route::NotFound => "Not found",
        }
    }

    /// The view this route shows, if it is one of the three shareable views (full or embedded).
    pub fn view(self) -> Option<View> {
        match self {
            Route::Decoder | Route::EmbedDecoder => Some(View::Decoder),
            Route::Ring | Route::EmbedRing => Some(View::Ring),
            Route::Board | Route::EmbedBoard => Some(View::Board),
            Route::Widget { widget, .. } => Some(widget.view()),
            Route::UnknownWidget { view, .. } => Some(view),
            Route::Home | Route::Learn | Route::LearnChapter { .. } | Route::NotFound => None,
            #[cfg(feature = "debug-panic")]
            Route::DebugPanic => None,
        }
    }

    /// Whether this is a chrome-less embed route.
    pub fn is_embed(self) -> bool {
        match self {
            Route::EmbedDecoder | Route::EmbedRing | Route::EmbedBoard => true,
            Route::Widget { embed, .. } | Route::UnknownWidget { embed, .. } => embed,
            _ => false,
        }
    }

    /// The widget this route shows, if it is a widget route.
    pub fn widget(self) -> Option<Widget> {
        match self {
            Route::Widget { widget, .. } => Some(widget),
            _ => None,
        }
    }
}

/// The three views a reader can link to and embed, each with a full route and an embed route.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum View {
    /// The 64-bit ID decoder.
    Decoder,
    /// Placement schemes on the ring.
    Ring,
    /// The system-design board.
    Board,
}

impl View {
    /// Every view, in navigation order.
    pub const ALL: [View; 3] = [View::Decoder, View::Ring, View::Board];

    /// The view named `name` in addresses.
    pub fn from_name(name: &str) -> Option<View> {
        View::ALL.into_iter().find(|view| view.name() == name)
    }

    /// The name used in addresses, in `data-shardlab` and in `#/embed/<name>`.
    pub fn name(self) -> &'static str {
        match self {
            View::Decoder => "decoder",
            View::Ring => "ring",
            View::Board => "board",
        }
    }

    /// The CSS class on the view's root, full or widget, which its stylesheet's rules are scoped to.
    pub fn class(self) -> &'static str {
        match self {
            View::Decoder => "decoder",
            View::Ring => "ring-view",
            View::Board => "board",
        }
    }

    /// The route with the site's header and footer.
    pub fn full_route(self) -> Route {
        match self {
            View::Decoder => Route::Decoder,
            View::Ring => Route::Ring,
            View::Board => Route::Board,
        }
    }

    /// The chrome-less route for iframes.
    pub fn embed_route(self) -> Route {
        match self {
            View::Decoder => Route::EmbedDecoder,
            View::Ring => Route::EmbedRing,
            View::Board => Route::EmbedBoard,
        }
    }

    /// The release-site page whose build holds this view (see [`crate::pages::switch`]).
    pub fn page(self) -> &'static str {
        match self {
            View::Decoder => "decoder.html",
            View::Ring => "ring.html",
            View::Board => "board.html",
        }
    }

    /// The page file a link to this view should name from the page running now: the view's own
    /// page, except in a build that holds every view (`trunk serve`, the tests), where only
    /// `index.html` exists.
    pub fn page_from_here(self) -> &'static str {
        page_from_here(self.page())
    }
}

/// The page file a link to `page` should name from the page running now: `page` itself, except
/// in a build that holds every page's code, where only `index.html` exists.
pub fn page_from_here(page: &'static str) -> &'static str {
    if ALL_IN_ONE {
        "index.html"
    } else {
        page
    }
}

/// Whether this build holds every page's code (`trunk serve`, the tests), where only `index.html`
/// exists.
pub const ALL_IN_ONE: bool = cfg!(all(
    feature = "home",
    feature = "decoder",
    feature = "ring",
    feature = "compare",
    feature = "board"
));

#[cfg(test)]
mod tests {
    use super::{Route, View};
    use crate::course::{ChapterSlug, CHAPTER_SLUGS};
    use yew_router::Routable;

    #[test]
    fn all_lists_every_view_once() {
        shardlab_core::assert_lists_every_variant!(View, View::ALL, [Decoder, Ring, Board]);
    }

    /// The same routes through yew-router's derive, the reference for the hand-written matcher.
    #[derive(Clone, Copy, Routable, PartialEq, Eq, Debug)]
    enum Derived {
        #[at("/")]
        Home,
        #[at("/learn")]
        Learn,
        #[at("/learn/:slug")]
        LearnChapter { slug: ChapterSlug },
        #[at("/decoder")]
        Decoder,
        #[at("/ring")]
        Ring,
        #[at("/board")]
        Board,
        #[at("/embed/decoder")]
        EmbedDecoder,
        #[at("/embed/ring")]
        EmbedRing,
        #[at("/embed/board")]
        EmbedBoard,
        #[cfg(feature = "debug-panic")]
        #[at("/debug/panic")]
        DebugPanic,
        #[not_found]
        #[at("/404")]
        NotFound,
    }

    /// Both matchers' answers for `path`, as the paths they lead to. A widget address
    /// (`w/…/…`, `embed/…/…`) is checked by its own tests instead: its parameters are names the
    /// derive would accept unchecked.
    fn both(path: &str) -> (Option<String>, Option<String>) {
        let ours = Route::recognize(path).map(|route| route.to_path());
        let trimmed = path.trim_matches('/');
        let widget_shaped = (trimmed.starts_with("w/") || trimmed.starts_with("embed/"))
            && trimmed.matches('/').count() >= 2;
        if widget_shaped {
            return (ours.clone(), ours);
        }
        (ours, Derived::recognize(path).map(|route| route.to_path()))
    }

    #[test]
    fn matches_the_derived_router() {
        let mut paths: Vec<String> = [
            "",
            "/",
            "//",
            "/learn",
            "/learn/",
            "/learn//",
            "/learn/x",
            "/learn/ring/",
            "/learn/ring/x",
            "learn/ring",
            "//learn/ring",
            "/decoder",
            "decoder",
            "/decoder/",
            "/decoder//",
            "//decoder",
            "/Decoder",
            "/embed/ring",
            "/embed/ring/",
            "/embed",
            "/embed/",
            "/404",
            "/404/",
            "/nope",
            "/board?x=1",
            "/learn/%72ing",
            "/learn/%72ing/",
            "/learn/%7",
            "/learn/%%72ing",
            "/learn/%ff",
            "/learn/mod%2Dn",
            "/learn/ring%2F",
            "/ring.html",
            "/learn/ring.x",
            "/debug/panic",
        ]
        .iter()
        .map(|path| (*path).to_owned())
        .collect();
        for slug in CHAPTER_SLUGS {
            paths.push(format!("/learn/{slug}"));
            paths.push(format!("/learn/{slug}/"));
        }
        for route in Route::routes() {
            paths.push(route.to_owned());
        }
        for path in &paths {
            let (ours, derived) = both(path);
            assert_eq!(ours, derived, "{path:?}");
        }
        // The count of paths that reach a real page, so the comparison cannot pass by both sides
        // answering "not found" to everything.
        let found = paths
            .iter()
            .filter(|path| Route::recognize(path) != Some(Route::NotFound))
            .count();
        assert!(found > 2 * CHAPTER_SLUGS.len(), "{found}");
    }

    /// Generated paths; proptest runs natively only.
    #[cfg(not(target_arch = "wasm32"))]
    mod generated {
        use super::both;
        use crate::course::CHAPTER_SLUGS;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn matches_the_derived_router_on_any_path(path in "[/learn%72iodcbaefmRA.]{0,16}") {
                let (ours, derived) = both(&path);
                prop_assert_eq!(ours, derived);
            }

            #[test]
            fn matches_the_derived_router_near_each_chapter(
                index in 0..CHAPTER_SLUGS.len(),
                prefix in "/?(learn)?/?",
                suffix in "[/%2]{0,2}",
            ) {
                let slug = CHAPTER_SLUGS.get(index).copied().unwrap_or_default();
                let path = format!("{prefix}{slug}{suffix}");
                let (ours, derived) = both(&path);
                prop_assert_eq!(ours, derived);
            }
        }
    }

    #[test]
    fn widget_addresses_lead_to_their_widget_or_to_a_note() {
        use crate::catalogue::{RingWidget, Widget};
        for widget in Widget::all() {
            for embed in [false, true] {
                let route = Route::Widget { widget, embed };
                let path = widget.path(embed);
                assert_eq!(route.to_path(), path);
                assert_eq!(Route::recognize(&path), Some(route));
                assert_eq!(Route::recognize(&format!("{path}/")), Some(route));
                assert_eq!(route.view(), Some(widget.view()));
                assert_eq!(route.is_embed(), embed);
                assert_eq!(route.widget(), Some(widget));
                let mut params = std::collections::HashMap::new();
                params.insert("view", widget.view().name());
                params.insert("widget", widget.name());
                let pattern = if embed {
                    "/embed/:view/:widget"
                } else {
                    "/w/:view/:widget"
                };
                assert_eq!(Route::from_path(pattern, &params), Some(route));
            }
        }
        let grow = Widget::Ring(RingWidget::Grow);
        assert_eq!(
            Route::recognize("/embed/ring/grow"),
            Some(Route::Widget {
                widget: grow,
                embed: true
            })
        );
        // A known view with an unknown widget is a note in the frame; an unknown view is not found.
        assert_eq!(
            Route::recognize("/embed/ring/grwo"),
            Some(Route::UnknownWidget {
                view: View::Ring,
                embed: true
            })
        );
        assert_eq!(
            Route::recognize("/w/board/paste"),
            Some(Route::UnknownWidget {
                view: View::Board,
                embed: false
            })
        );
        for path in [
            "/w/nope/grow",
            "/w/ring",
            "/w/ring/",
            "/w/ring/grow/x",
            "/embed/x/y",
            "/w//grow",
        ] {
            assert_eq!(Route::recognize(path), Some(Route::NotFound), "{path}");
        }
        // The full views' embed routes are still theirs.
        assert_eq!(Route::recognize("/embed/ring"), Some(Route::EmbedRing));
    }

    #[test]
    fn each_view_has_a_full_and_an_embed_route_that_lead_back_to_it() {
        for view in View::ALL {
            let full = view.full_route();
            let embed = view.embed_route();
            assert_eq!(full.view(), Some(view));
            assert_eq!(embed.view(), Some(view));
            assert!(embed.is_embed() && !full.is_embed());
            assert_eq!(full.to_path(), format!("/{}", view.name()));
            assert_eq!(embed.to_path(), format!("/embed/{}", view.name()));
            assert_eq!(Route::recognize(&embed.to_path()), Some(embed));
            assert!(view.page().starts_with(view.name()));
            assert_eq!(View::from_name(view.name()), Some(view));
        }
        assert_eq!(View::from_name("learn"), None);
        assert_eq!(Route::Home.view(), None);
        assert!(!Route::NotFound.is_embed());
    }
}
