//! The embed builder's pure parts: what the reader chose (a widget of the view or the whole view,
//! a theme, a column width, the snippet's form), the heights the live previews measured at each
//! column width, the embed's address for a state, and the one snippet to paste.
//! `embed_builder.rs` draws the panel; the share bar keeps the choice in its reducer.
//!
//! Every snippet carries a fallback: the widget's build-time picture (`w/<view>-<widget>/`, as
//! `pictures.json` lists it, with its alt text) inside a link that opens the state in shardlab.
//! The picture shows the widget's opening state; for another state its alt text says so and the
//! link opens the exact one. It sits inside the element the live frame replaces, so it shows
//! before and without script and in print.

use crate::browser::theme::Theme;
use crate::catalogue::Widget;
use crate::route::View;
use yew_router::Routable;

/// The preview's column widths in CSS pixels, with their text: a phone, a blog column, a wide one.
pub const COLUMN_WIDTHS: [(u32, &str); 3] = [(390, "390"), (680, "680"), (800, "800")];

/// The width the preview opens at: a typical blog column.
const DEFAULT_WIDTH: u32 = 680;

/// Which form the snippet takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SnippetForm {
    /// A `data-shardlab` div and `embed.js`, which sizes the frame to its content.
    Script,
    /// A `<shardlab-widget>` element and `embed.js`: for hosts whose content scripts never run.
    Element,
    /// A plain iframe, as tall as the tallest width measured, with every measured height for
    /// `embed.js` to pick from; no script needed.
    Iframe,
}

/// The build-time picture of a widget's opening state, as `pictures.json` lists it.
#[derive(Clone, PartialEq, Eq, Debug, serde::Deserialize)]
pub struct Picture {
    /// `ring/grow`, or `ring` for a whole view.
    pub name: String,
    /// Its folder relative to the site's root: `w/ring-grow/`.
    pub path: String,
    /// What it shows, in words.
    pub alt: String,
    /// Its size in CSS pixels.
    pub width: u32,
    /// Its size in CSS pixels.
    pub height: u32,
}

/// What the reader chose in the builder, and what the preview measured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EmbedChoice {
    /// The widget to embed; `None` is the whole view.
    pub widget: Option<Widget>,
    /// The embed's theme; `None` follows the host page's.
    pub theme: Option<Theme>,
    /// The preview's width in CSS pixels, one of [`COLUMN_WIDTHS`].
    pub width: u32,
    /// The snippet's form.
    pub form: SnippetForm,
    /// The content height at each of [`COLUMN_WIDTHS`], as the last `shardlab:height` message of
    /// the preview at that width said.
    pub heights: [Option<u32>; 3],
}

/// A change to the [`EmbedChoice`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChoiceAction {
    /// Embed this widget, or the whole view.
    Widget(Option<Widget>),
    /// Use this theme, or the host's.
    Theme(Option<Theme>),
    /// Preview at this width.
    Width(u32),
    /// Copy this form.
    Form(SnippetForm),
    /// A preview at `width` reported its content `height`.
    Measured {
        /// The preview's width, one of [`COLUMN_WIDTHS`].
        width: u32,
        /// Its content height.
        height: u32,
    },
}

impl SnippetForm {
    const ALL: [SnippetForm; 3] = [
        SnippetForm::Script,
        SnippetForm::Element,
        SnippetForm::Iframe,
    ];

    /// The form's name, as the builder's picker gives it.
    pub fn name(self) -> &'static str {
        match self {
            SnippetForm::Script => "script",
            SnippetForm::Element => "element",
            SnippetForm::Iframe => "iframe",
        }
    }

    /// The picker's text for the form.
    pub fn label(self) -> &'static str {
        match self {
            SnippetForm::Script => "With embed.js (fits its height)",
            SnippetForm::Element => "A <shardlab-widget> element (with embed.js)",
            SnippetForm::Iframe => "A plain iframe",
        }
    }

    /// Every form with its picker text.
    pub fn options() -> Vec<(&'static str, &'static str)> {
        SnippetForm::ALL
            .into_iter()
            .map(|form| (form.name(), form.label()))
            .collect()
    }
}

impl ChoiceAction {
    /// The change a builder picker asks for: `field` is the picker's name (`widget`, `theme`,
    /// `width`, `form`) and `value` its picked option's. `None` for a value no picker offers.
    pub fn picked(view: View, field: &str, value: &str) -> Option<ChoiceAction> {
        match field {
            "widget" => Some(ChoiceAction::Widget(Widget::parse(view, value))),
            "theme" => Some(ChoiceAction::Theme(Theme::parse(value))),
            "width" => COLUMN_WIDTHS
                .iter()
                .find(|(_, text)| *text == value)
                .map(|(width, _)| ChoiceAction::Width(*width)),
            "form" => SnippetForm::ALL
                .into_iter()
                .find(|form| form.name() == value)
                .map(ChoiceAction::Form),
            _ => None,
        }
    }
}

/// Where `width` is in [`COLUMN_WIDTHS`].
fn width_index(width: u32) -> Option<usize> {
    COLUMN_WIDTHS.iter().position(|(w, _)| *w == width)
}

impl EmbedChoice {
    /// The builder's opening choice: the widget on screen (or the whole view), the host's theme,
    /// a blog column, the script form, nothing measured yet.
    pub fn new(widget: Option<Widget>) -> EmbedChoice {
        EmbedChoice {
            widget,
            theme: None,
            width: DEFAULT_WIDTH,
            form: SnippetForm::Script,
            heights: [None; 3],
        }
    }

    /// The choice after `action`.
    pub fn apply(self, action: ChoiceAction) -> EmbedChoice {
        match action {
            // Another embed is another document (the previews remount), whose heights are not
            // known until they report; a theme, width or form keeps them.
            ChoiceAction::Widget(widget) => EmbedChoice {
                widget,
                heights: [None; 3],
                ..self
            },
            ChoiceAction::Theme(theme) => EmbedChoice { theme, ..self },
            ChoiceAction::Width(width) => EmbedChoice { width, ..self },
            ChoiceAction::Form(form) => EmbedChoice { form, ..self },
            ChoiceAction::Measured { width, height } => {
                let mut heights = self.heights;
                if let Some(slot) = width_index(width).and_then(|i| heights.get_mut(i)) {
                    *slot = Some(height);
                }
                EmbedChoice { heights, ..self }
            }
        }
    }

    /// The content height the preview measured at the chosen width.
    pub fn height(&self) -> Option<u32> {
        width_index(self.width).and_then(|i| self.heights.get(i).copied().flatten())
    }

    /// `390:812,680:512`: every measured width with its height, for `data-heights`.
    pub fn heights_attribute(&self) -> String {
        COLUMN_WIDTHS
            .iter()
            .zip(self.heights)
            .filter_map(|((width, _), height)| height.map(|h| format!("{width}:{h}")))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The widths a plain iframe's heights still wait for: every width but the one on screen.
    pub fn widths_to_measure(&self) -> Vec<u32> {
        match self.form {
            SnippetForm::Iframe => COLUMN_WIDTHS
                .iter()
                .map(|(w, _)| *w)
                .filter(|w| *w != self.width)
                .collect(),
            SnippetForm::Script | SnippetForm::Element => Vec::new(),
        }
    }

    /// `ring` or `ring/grow`: the `data-shardlab` value, and the embed route after `/embed/`.
    pub fn name(&self, view: View) -> String {
        self.widget
            .map_or_else(|| view.name().to_owned(), Widget::address)
    }

    /// The embed's title, as the frame's `title` says it.
    pub fn title(&self, view: View) -> &'static str {
        self.widget
            .map_or_else(|| view.full_route().label(), Widget::title)
    }

    /// The embed's address on `page_url` (the view's page) for the view's `state` query:
    /// `…/ring.html#/embed/ring/grow?v=1&…&theme=dark`.
    pub fn address(&self, view: View, page_url: &str, state: &str) -> String {
        let route = format!("/embed/{}", self.name(view));
        format!(
            "{page_url}{}",
            hash_address(&route, &self.with_theme(state))
        )
    }

    /// `state`, then `theme=` when one is chosen.
    fn with_theme(&self, state: &str) -> String {
        let mut query = state.to_owned();
        if let Some(theme) = self.theme {
            if !query.is_empty() {
                query.push('&');
            }
            query.push_str("theme=");
            query.push_str(theme.as_str());
        }
        query
    }

    /// The address that opens the embedded widget (or view) in shardlab, in `state`.
    pub fn open_address(&self, view: View, page_url: &str, state: &str) -> String {
        let route = self
            .widget
            .map_or_else(|| view.full_route().to_path(), |w| w.path(false));
        format!("{page_url}{}", hash_address(&route, state))
    }

    /// The fallback every form carries: the picture (when `pictures.json` lists one) inside a
    /// link that opens the state in shardlab.
    fn fallback(
        &self,
        view: View,
        page_url: &str,
        state: &str,
        picture: Option<&Picture>,
    ) -> String {
        let href = attribute(&self.open_address(view, page_url, state));
        let title = self.title(view);
        let image = picture.map_or_else(String::new, |p| {
            let alt = if state.is_empty() {
                p.alt.clone()
            } else {
                format!("{title} at its opening state (the link opens the state chosen): {}", p.alt)
            };
            format!(
                "<img src=\"{}\" alt=\"{}\" width=\"{}\" height=\"{}\" style=\"max-width:100%;height:auto\"><br>",
                attribute(&p.src(page_url)),
                attribute(&alt),
                p.width,
                p.height
            )
        });
        format!(
            "<a href=\"{href}\">{image}{}: open it in shardlab</a>",
            attribute(title)
        )
    }

    /// The one snippet to paste, with the fallback inside (`picture`, the widget's build-time
    /// one, if known). The script forms carry the state, theme and measured height as attributes
    /// for `embed.js` (at `script_url`); the iframe form is the frame itself, as tall as the
    /// tallest width measured, with the heights by width for `embed.js`. Before the preview has
    /// reported, none carries a height.
    pub fn snippet(
        &self,
        view: View,
        page_url: &str,
        script_url: &str,
        state: &str,
        picture: Option<&Picture>,
    ) -> String {
        let fallback = self.fallback(view, page_url, state, picture);
        let script = format!(
            "<script src=\"{}\" async data-shardlab-embed></script>",
            attribute(script_url)
        );
        let name = self.name(view);
        let theme = self.theme.map(Theme::as_str);
        let height = self.height().map(|h| h.to_string());
        match self.form {
            SnippetForm::Script | SnippetForm::Element => {
                let (tag, keys) = match self.form {
                    SnippetForm::Element => {
                        ("shardlab-widget", ["name", "state", "theme", "height"])
                    }
                    SnippetForm::Script | SnippetForm::Iframe => (
                        "div",
                        ["data-shardlab", "data-state", "data-theme", "data-height"],
                    ),
                };
                let values = [
                    Some(name.as_str()),
                    (!state.is_empty()).then_some(state),
                    theme,
                    height.as_deref(),
                ];
                let attributes: String = keys
                    .iter()
                    .zip(values)
                    .filter_map(|(key, value)| {
                        value.map(|v| format!(" {key}=\"{}\"", attribute(v)))
                    })
                    .collect();
                format!("<{tag}{attributes}>{fallback}</{tag}>\n{script}")
            }
            SnippetForm::Iframe => {
                let tallest = self.heights.iter().flatten().max();
                let height = tallest
                    .map(|h| format!(" height=\"{h}\""))
                    .unwrap_or_default();
                let heights = self.heights_attribute();
                let by_width = if heights.is_empty() {
                    String::new()
                } else {
                    format!(" data-heights=\"{heights}\"")
                };
                format!(
                    "<iframe src=\"{}\" title=\"shardlab: {} (interactive)\" width=\"100%\"{height}{by_width} style=\"border:0\" loading=\"lazy\">{fallback}</iframe>",
                    attribute(&self.address(view, page_url, state)),
                    attribute(self.title(view))
                )
            }
        }
    }
}

impl Picture {
    /// The picture's SVG beside `page_url` (a page at the site's root).
    pub fn src(&self, page_url: &str) -> String {
        let root = page_url.rsplit_once('/').map_or("", |(root, _)| root);
        let slash = if root.is_empty() { "" } else { "/" };
        format!("{root}{slash}{}picture.svg", self.path)
    }
}

/// `#/ring` or `#/embed/ring/grow`, with `?query` when the state is not the opening one.
pub fn hash_address(route_path: &str, query: &str) -> String {
    if query.is_empty() {
        format!("#{route_path}")
    } else {
        format!("#{route_path}?{query}")
    }
}

/// Escapes text for a double-quoted HTML attribute.
pub fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::RingWidget;

    const PAGE: &str = "https://a.example/s/ring.html";
    const SCRIPT: &str = "https://a.example/s/embed.js";

    fn grow_picture() -> Picture {
        Picture {
            name: "ring/grow".to_owned(),
            path: "w/ring-grow/".to_owned(),
            alt: "Four servers & a fifth".to_owned(),
            width: 680,
            height: 512,
        }
    }

    fn measured(choice: EmbedChoice, height: u32) -> EmbedChoice {
        let width = choice.width;
        choice.apply(ChoiceAction::Measured { width, height })
    }

    #[test]
    fn the_builder_opens_on_the_widget_on_screen_in_a_blog_column() {
        let grow = Widget::Ring(RingWidget::Grow);
        let choice = EmbedChoice::new(Some(grow));
        assert_eq!(choice.name(View::Ring), "ring/grow");
        assert_eq!(choice.title(View::Ring), "Grow the ring");
        assert_eq!(
            (choice.width, choice.form, choice.height()),
            (680, SnippetForm::Script, None)
        );
        let whole = EmbedChoice::new(None);
        assert_eq!(whole.name(View::Ring), "ring");
        assert_eq!(whole.title(View::Ring), "Ring");
    }

    #[test]
    fn the_choice_keeps_each_widths_height_until_the_embed_itself_changes() {
        let choice = measured(EmbedChoice::new(None), 512);
        let themed = choice.apply(ChoiceAction::Theme(Some(Theme::Dark)));
        assert_eq!(themed.height(), Some(512));
        let narrow = themed.apply(ChoiceAction::Width(390));
        assert_eq!((narrow.width, narrow.height()), (390, None));
        let narrow = measured(narrow, 800);
        assert_eq!(narrow.heights_attribute(), "390:800,680:512");
        assert_eq!(narrow.apply(ChoiceAction::Width(680)).height(), Some(512));
        // A width no picker offers measures nothing.
        let odd = narrow.apply(ChoiceAction::Measured {
            width: 5,
            height: 9,
        });
        assert_eq!(odd, narrow);
        let other = narrow.apply(ChoiceAction::Widget(Some(Widget::Ring(RingWidget::Lookup))));
        assert_eq!((other.heights, other.theme), ([None; 3], Some(Theme::Dark)));
        let iframe = other.apply(ChoiceAction::Form(SnippetForm::Iframe));
        assert_eq!(iframe.form, SnippetForm::Iframe);
        assert_eq!(iframe.widths_to_measure(), vec![680, 800]);
        assert!(other.widths_to_measure().is_empty());
    }

    #[test]
    fn each_picker_value_is_a_change_and_nothing_else_is() {
        let pick = |field, value| ChoiceAction::picked(View::Ring, field, value);
        assert_eq!(
            pick("widget", "grow"),
            Some(ChoiceAction::Widget(Some(Widget::Ring(RingWidget::Grow))))
        );
        assert_eq!(pick("widget", ""), Some(ChoiceAction::Widget(None)));
        assert_eq!(
            pick("theme", "dark"),
            Some(ChoiceAction::Theme(Some(Theme::Dark)))
        );
        assert_eq!(pick("theme", ""), Some(ChoiceAction::Theme(None)));
        // Only the listed widths: the preview never takes a width the list does not offer.
        assert_eq!(pick("width", "390"), Some(ChoiceAction::Width(390)));
        assert_eq!(pick("width", "5"), None);
        for form in SnippetForm::ALL {
            assert_eq!(pick("form", form.name()), Some(ChoiceAction::Form(form)));
        }
        assert_eq!(pick("form", "carrier-pigeon"), None);
        assert_eq!(pick("colour", "red"), None);
    }

    #[test]
    fn the_address_carries_the_state_then_the_theme() {
        let choice = EmbedChoice::new(Some(Widget::Ring(RingWidget::Grow)));
        assert_eq!(
            choice.address(View::Ring, "ring.html", ""),
            "ring.html#/embed/ring/grow"
        );
        let dark = choice.apply(ChoiceAction::Theme(Some(Theme::Dark)));
        assert_eq!(
            dark.address(View::Ring, PAGE, "v=1&vnodes=3"),
            "https://a.example/s/ring.html#/embed/ring/grow?v=1&vnodes=3&theme=dark"
        );
        assert_eq!(
            dark.address(View::Ring, "r.html", ""),
            "r.html#/embed/ring/grow?theme=dark"
        );
        assert_eq!(
            dark.open_address(View::Ring, PAGE, "v=1&vnodes=3"),
            "https://a.example/s/ring.html#/w/ring/grow?v=1&vnodes=3"
        );
        assert_eq!(
            EmbedChoice::new(None).open_address(View::Ring, PAGE, ""),
            "https://a.example/s/ring.html#/ring"
        );
    }

    #[test]
    fn the_script_snippet_carries_state_theme_height_and_its_fallback_escaped() {
        let choice = EmbedChoice::new(None);
        assert_eq!(
            choice.snippet(View::Ring, PAGE, SCRIPT, "v=1&scheme=mod", None),
            "<div data-shardlab=\"ring\" data-state=\"v=1&amp;scheme=mod\"><a href=\"https://a.example/s/ring.html#/ring?v=1&amp;scheme=mod\">Ring: open it in shardlab</a></div>\n<script src=\"https://a.example/s/embed.js\" async data-shardlab-embed></script>"
        );
        let grow = measured(
            EmbedChoice::new(Some(Widget::Ring(RingWidget::Grow)))
                .apply(ChoiceAction::Theme(Some(Theme::Light))),
            431,
        );
        let picture = grow_picture();
        let snippet = grow.snippet(View::Ring, PAGE, SCRIPT, "", Some(&picture));
        assert!(snippet.starts_with(
            "<div data-shardlab=\"ring/grow\" data-theme=\"light\" data-height=\"431\"><a href=\"https://a.example/s/ring.html#/w/ring/grow\"><img src=\"https://a.example/s/w/ring-grow/picture.svg\" alt=\"Four servers &amp; a fifth\" width=\"680\" height=\"512\""
        ), "{snippet}");
        assert!(snippet.contains("<br>Grow the ring: open it in shardlab</a></div>\n<script"));
        // Another state: the opening state's picture, saying so, with a link to the exact state.
        let other = grow.snippet(View::Ring, PAGE, SCRIPT, "v=1&vnodes=3", Some(&picture));
        assert!(
            other.contains("href=\"https://a.example/s/ring.html#/w/ring/grow?v=1&amp;vnodes=3\"")
        );
        assert!(other.contains("alt=\"Grow the ring at its opening state (the link opens the state chosen): Four servers"));
        assert_eq!(attribute("\"<x>\""), "&quot;&lt;x&gt;&quot;");
    }

    #[test]
    fn the_element_snippet_is_the_custom_element_with_its_fallback_inside() {
        let choice = measured(
            EmbedChoice::new(Some(Widget::Ring(RingWidget::Grow)))
                .apply(ChoiceAction::Form(SnippetForm::Element)),
            500,
        );
        let snippet = choice.snippet(View::Ring, PAGE, SCRIPT, "v=1&vnodes=3", None);
        assert!(snippet.starts_with(
            "<shardlab-widget name=\"ring/grow\" state=\"v=1&amp;vnodes=3\" height=\"500\"><a href="
        ), "{snippet}");
        assert!(snippet.contains("</a></shardlab-widget>\n<script src=\"https://a.example/s/embed.js\" async data-shardlab-embed></script>"));
    }

    #[test]
    fn the_iframe_snippet_is_as_tall_as_the_narrowest_measure_with_every_height() {
        let choice = EmbedChoice::new(Some(Widget::Ring(RingWidget::Grow)))
            .apply(ChoiceAction::Form(SnippetForm::Iframe));
        let unmeasured = choice.snippet(View::Ring, PAGE, SCRIPT, "v=1&w=1.2", None);
        assert_eq!(
            unmeasured,
            "<iframe src=\"https://a.example/s/ring.html#/embed/ring/grow?v=1&amp;w=1.2\" title=\"shardlab: Grow the ring (interactive)\" width=\"100%\" style=\"border:0\" loading=\"lazy\"><a href=\"https://a.example/s/ring.html#/w/ring/grow?v=1&amp;w=1.2\">Grow the ring: open it in shardlab</a></iframe>"
        );
        let wide = measured(choice, 640);
        let both = wide.apply(ChoiceAction::Measured {
            width: 390,
            height: 900,
        });
        let snippet = both.snippet(View::Ring, PAGE, SCRIPT, "", None);
        assert!(
            snippet.contains(" width=\"100%\" height=\"900\" data-heights=\"390:900,680:640\" style=\"border:0\""),
            "{snippet}"
        );
    }

    #[test]
    fn addresses_leave_out_an_empty_query() {
        assert_eq!(hash_address("/ring", ""), "#/ring");
        assert_eq!(hash_address("/embed/ring", "v=1"), "#/embed/ring?v=1");
    }

    #[test]
    fn all_lists_every_form_once() {
        shardlab_core::assert_lists_every_variant!(
            SnippetForm,
            SnippetForm::ALL,
            [Script, Element, Iframe]
        );
    }
}
