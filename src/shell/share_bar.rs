//! The share bar on every view: "Copy link" copies the address of what is on screen (the full
//! view, or the widget shown alone) in its current state, and "Embed" opens the embed builder
//! (`embed_builder.rs`): pick the widget, theme and column width, see the embed live, and copy one
//! snippet whose height the live preview measured.
//!
//! The clipboard can be refused (permissions, an insecure origin, an old browser); the text is
//! then shown selected, with a note saying to copy it by hand.

use std::rc::Rc;

use gloo::events::EventListener;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;
use yew_router::prelude::*;

use super::embed_builder::{embed_builder, Builder, PANEL_ID};
use super::embed_height::reported_height;
use super::embed_pictures::use_pictures;
use super::embed_snippet::{hash_address, ChoiceAction, EmbedChoice, SnippetForm};
use crate::catalogue::Widget;
use crate::route::{Route, View};
use crate::url::url_query::query_string;

/// Which text a copy was of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Copied {
    /// The link to what is on screen.
    Link,
    /// The builder's snippet, in this form.
    Snippet(SnippetForm),
}

impl Copied {
    fn what(self) -> &'static str {
        match self {
            Copied::Link => "the link",
            Copied::Snippet(SnippetForm::Script) => "the embed.js snippet",
            Copied::Snippet(SnippetForm::Element) => "the <shardlab-widget> snippet",
            Copied::Snippet(SnippetForm::Iframe) => "the iframe snippet",
        }
    }
}

/// The share bar's view state.
#[derive(Clone, PartialEq, Debug)]
pub struct ShareState {
    /// Whether the embed builder is open.
    pub embed_open: bool,
    /// The last copy's outcome, announced in a live region.
    pub status: Option<String>,
    /// The link to copy by hand, shown when the clipboard refused it.
    pub fallback_link: Option<String>,
    /// What the builder embeds, and the height its preview measured.
    pub choice: EmbedChoice,
}

impl ShareState {
    /// The bar closed, its builder set to embed `widget` (the one on screen), or the whole view.
    pub fn new(widget: Option<Widget>) -> ShareState {
        ShareState {
            embed_open: false,
            status: None,
            fallback_link: None,
            choice: EmbedChoice::new(widget),
        }
    }
}

/// What the share bar can be told.
pub enum ShareAction {
    /// Open or close the embed builder.
    ToggleEmbed,
    /// The clipboard took the text.
    Copied(Copied),
    /// The clipboard refused the text; keep it on screen, selectable.
    Refused(Copied, String),
    /// The reader changed a choice in the builder, or its preview reported its height.
    Choose(ChoiceAction),
}

impl Reducible for ShareState {
    type Action = ShareAction;

    fn reduce(self: Rc<Self>, action: ShareAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            ShareAction::ToggleEmbed => {
                next.embed_open = !next.embed_open;
                next.status = None;
            }
            ShareAction::Copied(what) => {
                next.status = Some(format!("Copied {} to the clipboard.", what.what()));
                if what == Copied::Link {
                    next.fallback_link = None;
                }
            }
            ShareAction::Refused(what, text) => {
                next.status = Some(format!(
                    "The browser did not allow copying {}; select it below and press Ctrl+C (⌘C on a Mac).",
                    what.what()
                ));
                match what {
                    Copied::Link => next.fallback_link = Some(text),
                    // The snippet is already on screen in its text box.
                    Copied::Snippet(_) => next.embed_open = true,
                }
            }
            ShareAction::Choose(action) => {
                let choice = next.choice.apply(action);
                if choice == next.choice {
                    return self;
                }
                next.choice = choice;
            }
        }
        Rc::new(next)
    }
}

/// Properties of [`ShareBar`].
#[derive(Properties, PartialEq)]
pub struct ShareBarProps {
    /// The view being shared.
    pub view: View,
    /// The view's current query pairs, as its address carries them.
    pub query: Vec<(&'static str, String)>,
    /// The widget on screen, when the view shows one alone.
    #[prop_or_default]
    pub widget: Option<crate::catalogue::Widget>,
}

/// The absolute URL of `file` beside the running page (the site's base URL), e.g.
/// `https://example.org/shardlab/ring.html`.
fn site_url(file: &str) -> String {
    let base = gloo::utils::document()
        .base_uri()
        .ok()
        .flatten()
        .unwrap_or_default();
    web_sys::Url::new_with_base(file, &base)
        .map(|url| url.href())
        .unwrap_or_else(|_| file.to_owned())
}

/// The clipboard, if this browser offers one here (it is missing on insecure origins).
fn clipboard() -> Option<web_sys::Clipboard> {
    let navigator = gloo::utils::window().navigator();
    js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard"))
        .ok()
        .filter(|c| !c.is_undefined() && !c.is_null())
        .map(JsCast::unchecked_into)
}

/// Copies `text`, then tells `dispatch` whether it worked.
fn copy(text: String, what: Copied, dispatch: UseReducerDispatcher<ShareState>) {
    let Some(clipboard) = clipboard() else {
        dispatch.dispatch(ShareAction::Refused(what, text));
        return;
    };
    // Plain promise callbacks rather than a future, which would add an executor to every page.
    // Only one of the two ever runs; both are forgotten, a few bytes per click.
    let copied: Closure<dyn FnMut(JsValue)> = {
        let dispatch = dispatch.clone();
        Closure::once(move |_: JsValue| dispatch.dispatch(ShareAction::Copied(what)))
    };
    let refused: Closure<dyn FnMut(JsValue)> = {
        let text = text.clone();
        Closure::once(move |_: JsValue| dispatch.dispatch(ShareAction::Refused(what, text)))
    };
    let _ = clipboard.write_text(&text).then2(&copied, &refused);
    copied.forget();
    refused.forget();
}

/// Selects the text of the focused box, so Ctrl+C copies it at once.
pub(super) fn select_on_focus() -> Callback<FocusEvent> {
    Callback::from(|event: FocusEvent| {
        if let Some(input) = event.target_dyn_into::<web_sys::HtmlInputElement>() {
            input.select();
        } else if let Some(area) = event.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
            area.select();
        }
    })
}

/// While the builder is open, takes each height its previews report (the one on screen and the
/// measuring ones, each at the width its `data-width` names): only from a preview's own window,
/// on this page's origin.
#[hook]
fn use_preview_height(open: bool, dispatch: UseReducerDispatcher<ShareState>) {
    use_effect_with(open, move |open| {
        let listener = open.then(|| {
            EventListener::new(&gloo::utils::window(), "message", move |event| {
                let Some(event) = event.dyn_ref::<web_sys::MessageEvent>() else {
                    return;
                };
                let own_origin = gloo::utils::window().location().origin().ok();
                if own_origin.as_deref() != Some(event.origin().as_str()) {
                    return;
                }
                let Some(height) = reported_height(&event.data()) else {
                    return;
                };
                let source = event.source().map(JsValue::from);
                let Ok(previews) = gloo::utils::document()
                    .query_selector_all(&format!("#{PANEL_ID} iframe[data-width]"))
                else {
                    return;
                };
                for i in 0..previews.length() {
                    let Some(frame) = previews
                        .item(i)
                        .and_then(|node| node.dyn_into::<web_sys::HtmlIFrameElement>().ok())
                    else {
                        continue;
                    };
                    let from_it =
                        source.is_some() && frame.content_window().map(JsValue::from) == source;
                    let width = frame
                        .get_attribute("data-width")
                        .and_then(|w| w.parse::<u32>().ok());
                    if let (true, Some(width)) = (from_it, width) {
                        dispatch.dispatch(ShareAction::Choose(ChoiceAction::Measured {
                            width,
                            height,
                        }));
                    }
                }
            })
        });
        move || drop(listener)
    });
}

/// "Copy link" and "Embed" for a view or a widget. Renders nothing inside an embed, whose own
/// link opens the full view.
#[function_component(ShareBar)]
pub fn share_bar(props: &ShareBarProps) -> Html {
    let widget = props.widget;
    let share = use_reducer(move || ShareState::new(widget));
    use_preview_height(share.embed_open, share.dispatcher());
    let pictures = use_pictures(share.embed_open, site_url("pictures.json"));
    let route = use_route::<Route>();
    if route.is_some_and(Route::is_embed) {
        return html! {};
    }
    let query = query_string(&props.query);
    let view = props.view;
    let page_url = site_url(view.page_from_here());
    let on_screen = widget.map_or_else(|| view.full_route().to_path(), |w| w.path(false));
    let link = format!("{page_url}{}", hash_address(&on_screen, &query));
    let name = share.choice.name(view);
    let picture = pictures
        .as_deref()
        .and_then(|list| list.iter().find(|p| p.name == name));
    let snippet = share
        .choice
        .snippet(view, &page_url, &site_url("embed.js"), &query, picture);
    let copier = |text: String, what: Copied| {
        let dispatch = share.dispatcher();
        Callback::from(move |_: MouseEvent| copy(text.clone(), what, dispatch.clone()))
    };
    let on_link = copier(link, Copied::Link);
    let on_copy = copier(snippet.clone(), Copied::Snippet(share.choice.form));
    let on_embed = {
        let dispatch = share.dispatcher();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(ShareAction::ToggleEmbed))
    };
    let on_choose = {
        let dispatch = share.dispatcher();
        Callback::from(move |action| dispatch.dispatch(ShareAction::Choose(action)))
    };
    html! {
        <div class="share-bar" role="group" aria-label="Share this view">
            <div class="share-buttons">
                <button type="button" class="share-link" onclick={on_link}>{ "Copy link" }</button>
                <button type="button" class="share-embed-toggle" aria-expanded={share.embed_open.to_string()}
                    aria-controls={PANEL_ID} onclick={on_embed}>{ "Embed" }</button>
                <span class="share-status" role="status" aria-live="polite">
                    { share.status.clone().unwrap_or_default() }
                </span>
            </div>
            if let Some(text) = share.fallback_link.clone() {
                <label class="share-fallback">
                    { "Link to this state" }
                    <input type="text" readonly=true value={text} onfocus={select_on_focus()} />
                </label>
            }
            if share.embed_open {
                { embed_builder(Builder { view, choice: share.choice, state: &query, snippet,
                    on_choose, on_copy }) }
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::RingWidget;

    #[test]
    fn a_refused_copy_keeps_the_text_on_screen() {
        let state = Rc::new(ShareState::new(None));
        let state = state.reduce(ShareAction::Refused(Copied::Link, "L".into()));
        assert_eq!(state.fallback_link.as_deref(), Some("L"));
        assert!(state
            .status
            .as_deref()
            .is_some_and(|s| s.contains("Ctrl+C")));
        let state = state.reduce(ShareAction::Copied(Copied::Link));
        assert_eq!(state.fallback_link, None);
        let state = state.reduce(ShareAction::Refused(
            Copied::Snippet(SnippetForm::Iframe),
            "I".into(),
        ));
        assert!(state.embed_open);
    }

    #[test]
    fn the_builder_opens_on_the_widget_on_screen_and_a_copy_is_announced() {
        let grow = Widget::Ring(RingWidget::Grow);
        let state = Rc::new(ShareState::new(Some(grow)));
        assert_eq!(state.choice.widget, Some(grow));
        let open = state.reduce(ShareAction::ToggleEmbed);
        assert!(open.embed_open);
        let report = ChoiceAction::Measured {
            width: open.choice.width,
            height: 480,
        };
        let measured = open.reduce(ShareAction::Choose(report));
        assert_eq!(measured.choice.height(), Some(480));
        // A report of the same height changes nothing, so nothing re-renders.
        let again = Rc::clone(&measured).reduce(ShareAction::Choose(report));
        assert!(Rc::ptr_eq(&again, &measured));
        let copied = again.reduce(ShareAction::Copied(Copied::Snippet(SnippetForm::Script)));
        assert_eq!(
            copied.status.as_deref(),
            Some("Copied the embed.js snippet to the clipboard.")
        );
    }
}
