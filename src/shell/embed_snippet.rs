//! The embed builder's pure parts: what the reader chose (a widget of the view or the whole view,
//! a theme, a column width, the snippet's form), the height the live preview measured, the embed's
//! address for a state, and the one snippet to paste. `embed_builder.rs` draws the panel; the
//! share bar keeps the choice in its reducer.

use crate::browser::theme::Theme;
use crate::catalogue::Widget;
use crate::route::View;

/// The preview's column widths in CSS pixels, with their text: a phone, a blog column, a wide one.
pub const COLUMN_WIDTHS: [(u32, &str); 3] = [(390, "390"), (680, "680"), (800, "800")];

/// The width the preview opens at: a typical blog column.
const DEFAULT_WIDTH: u32 = 680;

/// Which form the snippet takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SnippetForm {
    /// A `data-shardlab` div and `embed.js`, which sizes the frame to its content.
    Script,
    /// A plain iframe at the measured height; no script.
    Iframe,
}

/// What the reader chose in the builder, and what the preview measured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EmbedChoice {
    /// The widget to embed; `None` is the whole view.
    pub widget: Option<Widget>,
    /// The embed's theme; `None` follows the reader's system setting.
    pub theme: Option<Theme>,
    /// The preview's width in CSS pixels, one of [`COLUMN_WIDTHS`].
    pub width: u32,
    /// The snippet's form.
    pub form: SnippetForm,
    /// The preview's content height at `width`, as its last `shardlab:height` message said.
    pub height: Option<u32>,
}

/// A change to the [`EmbedChoice`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChoiceAction {
    /// Embed this widget, or the whole view.
    Widget(Option<Widget>),
    /// Use this theme, or the system's.
    Theme(Option<Theme>),
    /// Preview at this width.
    Width(u32),
    /// Copy this form.
    Form(SnippetForm),
    /// The preview reported its content height.
    Measured(u32),
}

impl SnippetForm {
    /// The form's name, as the builder's picker gives it.
    pub fn name(self) -> &'static str {
        match self {
            SnippetForm::Script => "script",
            SnippetForm::Iframe => "iframe",
        }
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
            "form" => Some(ChoiceAction::Form(if value == SnippetForm::Iframe.name() {
                SnippetForm::Iframe
            } else {
                SnippetForm::Script
            })),
            _ => None,
        }
    }
}

impl EmbedChoice {
    /// The builder's opening choice: the widget on screen (or the whole view), the system theme,
    /// a blog column, the script form, nothing measured yet.
    pub fn new(widget: Option<Widget>) -> EmbedChoice {
        EmbedChoice {
            widget,
            theme: None,
            width: DEFAULT_WIDTH,
            form: SnippetForm::Script,
            height: None,
        }
    }

    /// The choice after `action`.
    pub fn apply(self, action: ChoiceAction) -> EmbedChoice {
        match action {
            // Another embed is another document (the preview remounts), whose height is not known
            // until it reports; a theme, width or form keeps the last height until the next report.
            ChoiceAction::Widget(widget) => EmbedChoice {
                widget,
                height: None,
                ..self
            },
            ChoiceAction::Theme(theme) => EmbedChoice { theme, ..self },
            ChoiceAction::Width(width) => EmbedChoice { width, ..self },
            ChoiceAction::Form(form) => EmbedChoice { form, ..self },
            ChoiceAction::Measured(height) => EmbedChoice {
                height: Some(height),
                ..self
            },
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
        let mut query = state.to_owned();
        if let Some(theme) = self.theme {
            if !query.is_empty() {
                query.push('&');
            }
            query.push_str("theme=");
            query.push_str(theme.as_str());
        }
        let route = format!("/embed/{}", self.name(view));
        format!("{page_url}{}", hash_address(&route, &query))
    }

    /// The one snippet to paste. The script form carries the state, theme and measured height as
    /// attributes for `embed.js` (at `script_url`); the iframe form is the frame itself, at the
    /// measured height. Before the preview has reported, neither carries a height.
    pub fn snippet(&self, view: View, page_url: &str, script_url: &str, state: &str) -> String {
        match self.form {
            SnippetForm::Script => {
                let mut attributes = format!("data-shardlab=\"{}\"", self.name(view));
                let extra = [
                    ("data-state", (!state.is_empty()).then_some(state)),
                    ("data-theme", self.theme.map(Theme::as_str)),
                ];
                for (key, value) in extra {
                    if let Some(value) = value {
                        attributes.push_str(&format!(" {key}=\"{}\"", attribute(value)));
                    }
                }
                if let Some(height) = self.height {
                    attributes.push_str(&format!(" data-height=\"{height}\""));
                }
                format!(
                    "<div {attributes}></div>\n<script src=\"{}\" async data-shardlab-embed></script>",
                    attribute(script_url)
                )
            }
            SnippetForm::Iframe => {
                let height = self
                    .height
                    .map(|h| format!(" height=\"{h}\""))
                    .unwrap_or_default();
                format!(
                    "<iframe src=\"{}\" title=\"shardlab: {} (interactive)\" width=\"100%\"{height} style=\"border:0\" loading=\"lazy\"></iframe>",
                    attribute(&self.address(view, page_url, state)),
                    attribute(self.title(view))
                )
            }
        }
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

    #[test]
    fn the_builder_opens_on_the_widget_on_screen_in_a_blog_column() {
        let grow = Widget::Ring(RingWidget::Grow);
        let choice = EmbedChoice::new(Some(grow));
        assert_eq!(choice.name(View::Ring), "ring/grow");
        assert_eq!(choice.title(View::Ring), "Grow the ring");
        assert_eq!(
            (choice.width, choice.form, choice.height),
            (680, SnippetForm::Script, None)
        );
        let whole = EmbedChoice::new(None);
        assert_eq!(whole.name(View::Ring), "ring");
        assert_eq!(whole.title(View::Ring), "Ring");
    }

    #[test]
    fn the_choice_keeps_a_height_until_the_embed_itself_changes() {
        let choice = EmbedChoice::new(None).apply(ChoiceAction::Measured(512));
        let themed = choice.apply(ChoiceAction::Theme(Some(Theme::Dark)));
        assert_eq!(themed.height, Some(512));
        let narrow = themed.apply(ChoiceAction::Width(390));
        assert_eq!((narrow.width, narrow.height), (390, Some(512)));
        let other = narrow.apply(ChoiceAction::Widget(Some(Widget::Ring(RingWidget::Lookup))));
        assert_eq!((other.height, other.theme), (None, Some(Theme::Dark)));
        let iframe = other.apply(ChoiceAction::Form(SnippetForm::Iframe));
        assert_eq!(iframe.form, SnippetForm::Iframe);
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
        assert_eq!(
            pick("form", "iframe"),
            Some(ChoiceAction::Form(SnippetForm::Iframe))
        );
        assert_eq!(
            pick("form", "script"),
            Some(ChoiceAction::Form(SnippetForm::Script))
        );
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
    }

    #[test]
    fn the_script_snippet_carries_state_theme_and_measured_height_escaped() {
        let choice = EmbedChoice::new(None);
        assert_eq!(
            choice.snippet(View::Ring, PAGE, SCRIPT, "v=1&scheme=mod"),
            "<div data-shardlab=\"ring\" data-state=\"v=1&amp;scheme=mod\"></div>\n<script src=\"https://a.example/s/embed.js\" async data-shardlab-embed></script>"
        );
        let measured = EmbedChoice::new(Some(Widget::Ring(RingWidget::Grow)))
            .apply(ChoiceAction::Theme(Some(Theme::Light)))
            .apply(ChoiceAction::Measured(431));
        assert!(measured.snippet(View::Ring, PAGE, SCRIPT, "").starts_with(
            "<div data-shardlab=\"ring/grow\" data-theme=\"light\" data-height=\"431\"></div>"
        ));
        assert_eq!(attribute("\"<x>\""), "&quot;&lt;x&gt;&quot;");
    }

    #[test]
    fn the_iframe_snippet_is_the_preview_at_its_measured_height() {
        let choice = EmbedChoice::new(Some(Widget::Ring(RingWidget::Grow)))
            .apply(ChoiceAction::Form(SnippetForm::Iframe));
        let unmeasured = choice.snippet(View::Ring, PAGE, SCRIPT, "v=1&w=1.2");
        assert_eq!(
            unmeasured,
            "<iframe src=\"https://a.example/s/ring.html#/embed/ring/grow?v=1&amp;w=1.2\" title=\"shardlab: Grow the ring (interactive)\" width=\"100%\" style=\"border:0\" loading=\"lazy\"></iframe>"
        );
        let measured = choice.apply(ChoiceAction::Measured(640));
        assert!(measured
            .snippet(View::Ring, PAGE, SCRIPT, "")
            .contains(" width=\"100%\" height=\"640\" style=\"border:0\""));
    }

    #[test]
    fn addresses_leave_out_an_empty_query() {
        assert_eq!(hash_address("/ring", ""), "#/ring");
        assert_eq!(hash_address("/embed/ring", "v=1"), "#/embed/ring?v=1");
    }
}
