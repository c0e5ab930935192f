//! The embed builder's panel, opened by the share bar's "Embed": four labelled pickers (what to
//! embed, theme, column width, snippet form), the embed itself live at that width with the state
//! on screen, and the one snippet to copy at the height the preview reported. For the plain
//! iframe, hidden previews at the other column widths measure theirs too, so its snippet fits a
//! phone as well as the column it was built in.
//!
//! A plain function rather than a component: the share bar owns its state and the preview's height
//! listener, and a component costs each page about 0.7 kB (ARCHITECTURE.md, "Page size").

use yew::prelude::*;

use super::embed_snippet::{ChoiceAction, EmbedChoice, SnippetForm, COLUMN_WIDTHS};
use super::share_bar::select_on_focus;
use crate::browser::theme::Theme;
use crate::catalogue::Widget;
use crate::route::View;

/// What [`embed_builder`] draws from.
pub struct Builder<'a> {
    /// The view being shared.
    pub view: View,
    /// The reader's choice.
    pub choice: EmbedChoice,
    /// The view's state, as its address's query carries it.
    pub state: &'a str,
    /// The snippet for `choice`.
    pub snippet: String,
    /// Called with each change of choice.
    pub on_choose: Callback<ChoiceAction>,
    /// Copies the snippet.
    pub on_copy: Callback<MouseEvent>,
}

/// The panel's id, which the Embed button controls. A page has one share bar.
pub const PANEL_ID: &str = "share-embed";

/// A labelled `<select name>` of `(value, text)` options, `picked` selected.
fn picker(
    name: &'static str,
    label: &'static str,
    options: Vec<(&'static str, &'static str)>,
    picked: &str,
    onchange: &Callback<Event>,
) -> Html {
    html! {
        <label class="embed-option">
            { label }
            <select {name} onchange={onchange.clone()}>
                { for options.into_iter().map(|(value, text)| html! {
                    <option selected={value == picked} {value}>{ text }</option>
                }) }
            </select>
        </label>
    }
}

/// The panel.
pub fn embed_builder(builder: Builder<'_>) -> Html {
    let Builder {
        view,
        choice,
        state,
        snippet,
        on_choose,
        on_copy,
    } = builder;
    // One handler for the four pickers: each names its field.
    let onchange = Callback::from(move |event: Event| {
        let picked = event
            .target_dyn_into::<web_sys::HtmlSelectElement>()
            .and_then(|select| ChoiceAction::picked(view, &select.name(), &select.value()));
        if let Some(action) = picked {
            on_choose.emit(action);
        }
    });
    let widgets = std::iter::once(("", "The whole view"))
        .chain(Widget::of_view(view).map(|w| (w.name(), w.title())))
        .collect();
    let width = COLUMN_WIDTHS
        .iter()
        .find(|(w, _)| *w == choice.width)
        .map_or("", |(_, text)| text);
    let measured = match (choice.form, choice.height()) {
        (_, None) => "Snippet (measuring the preview…)".to_owned(),
        (SnippetForm::Iframe, Some(_)) => format!(
            "Snippet, as tall as the narrowest column needs; heights by width: {}",
            choice.heights_attribute().replace(',', ", ")
        ),
        (SnippetForm::Script | SnippetForm::Element, Some(height)) => {
            format!("Snippet, {height} px tall as measured in the preview")
        }
    };
    // Until the preview reports, the frame's own default height; after, exactly its content.
    let style = format!(
        "width: {}px; height: {}px",
        choice.width,
        choice.height().unwrap_or(150)
    );
    let address = choice.address(view, view.page_from_here(), state);
    html! {
        <div class="share-embed" id={PANEL_ID}>
            <div class="embed-options">
                { picker("widget", "What to embed", widgets, choice.widget.map_or("", Widget::name), &onchange) }
                { picker("theme", "Theme", vec![("", "System"), ("light", "Light"), ("dark", "Dark")],
                    choice.theme.map_or("", Theme::as_str), &onchange) }
                { picker("width", "Column width (px)", COLUMN_WIDTHS.iter().map(|(_, t)| (*t, *t)).collect(), width, &onchange) }
                { picker("form", "Snippet form", SnippetForm::options(), choice.form.name(), &onchange) }
            </div>
            <div class="embed-preview-box" role="region" aria-label="Preview: the embed, live" tabindex="0">
                <iframe key={choice.name(view)} class="embed-preview" data-testid="embed-preview"
                    data-width={choice.width.to_string()} src={address.clone()} title="Preview" {style} />
            </div>
            <div class="embed-measures" aria-hidden="true">
                { for choice.widths_to_measure().into_iter().map(|width| html! {
                    <iframe key={format!("{}-{width}", choice.name(view))} data-width={width.to_string()}
                        src={address.clone()} tabindex="-1" title="Measuring"
                        style={format!("width: {width}px; height: 150px")} />
                }) }
            </div>
            <label class="embed-option">
                { measured }
                <textarea class="mono share-snippet" data-testid="embed-snippet"
                    readonly=true rows="4" value={snippet} onfocus={select_on_focus()} />
            </label>
            <button type="button" onclick={on_copy}>{ "Copy snippet" }</button>
        </div>
    }
}
