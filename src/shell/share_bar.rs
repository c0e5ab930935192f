//! The share bar on every view: "Copy link" copies the full view's address for the current state,
//! and "Embed" shows (and copies) the two ways to put this state in another page: the one-line
//! `data-shardlab` div with `embed.js`, and a plain iframe.
//!
//! The clipboard can be refused (permissions, an insecure origin, an old browser); the text is
//! then shown selected, with a note saying to copy it by hand.

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::route::{Route, View};
use crate::url::url_query::query_string;

/// Which text a copy was of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Copied {
    /// The full view's link.
    Link,
    /// Both embed forms together.
    BothForms,
    /// The div + script form.
    ScriptForm,
    /// The iframe form.
    IframeForm,
}

impl Copied {
    fn what(self) -> &'static str {
        match self {
            Copied::Link => "the link",
            Copied::BothForms => "both embed forms",
            Copied::ScriptForm => "the script embed",
            Copied::IframeForm => "the iframe embed",
        }
    }
}

/// The share bar's view state.
#[derive(Clone, PartialEq, Default, Debug)]
pub struct ShareState {
    /// Whether the embed snippets are shown.
    pub embed_open: bool,
    /// The last copy's outcome, announced in a live region.
    pub status: Option<String>,
    /// The link to copy by hand, shown when the clipboard refused it.
    pub fallback_link: Option<String>,
}

/// What the share bar can be told.
pub enum ShareAction {
    /// Show or hide the embed snippets.
    ToggleEmbed,
    /// The clipboard took the text.
    Copied(Copied),
    /// The clipboard refused the text; keep it on screen, selectable.
    Refused(Copied, String),
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
                    // The embed forms are already on screen in their text boxes.
                    _ => next.embed_open = true,
                }
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

/// `#/ring` or `#/embed/ring`, with `?query` when the state is not the opening one.
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

/// The one-line embed: a placeholder div that `embed.js` (at `script_url`) turns into an iframe.
/// `data-shardlab-embed` lets the script find itself where `document.currentScript` is null.
pub fn script_snippet(view: View, query: &str, script_url: &str) -> String {
    let state = if query.is_empty() {
        String::new()
    } else {
        format!(" data-state=\"{}\"", attribute(query))
    };
    format!(
        "<div data-shardlab=\"{}\"{state}></div>\n<script src=\"{}\" async data-shardlab-embed></script>",
        view.name(),
        attribute(script_url)
    )
}

/// The plain iframe embed; it works without the script, at a fixed height.
pub fn iframe_snippet(view: View, frame_url: &str, label: &str) -> String {
    // Each view's height at about 1000 px wide (measured); narrower frames need more, which
    // the script form handles and this form leaves to the author.
    let height = match view {
        View::Decoder => 3100,
        View::Ring => 4300,
        View::Board => 2400,
    };
    format!(
        "<iframe src=\"{}\" title=\"shardlab: {} (interactive)\" width=\"100%\" height=\"{height}\" style=\"border:0\" loading=\"lazy\"></iframe>",
        attribute(frame_url),
        attribute(label)
    )
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
fn select_on_focus() -> Callback<FocusEvent> {
    Callback::from(|event: FocusEvent| {
        if let Some(input) = event.target_dyn_into::<web_sys::HtmlInputElement>() {
            input.select();
        } else if let Some(area) = event.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
            area.select();
        }
    })
}

/// "Copy link" and "Embed" for a view. Renders nothing inside an embed, whose own link opens
/// the full view.
#[function_component(ShareBar)]
pub fn share_bar(props: &ShareBarProps) -> Html {
    let share = use_reducer(ShareState::default);
    let route = use_route::<Route>();
    if route.is_some_and(Route::is_embed) {
        return html! {};
    }
    let query = query_string(&props.query);
    let view = props.view;
    let link = format!(
        "{}{}",
        site_url(view.page_from_here()),
        hash_address(&view.full_route().to_path(), &query)
    );
    let frame_url = format!(
        "{}{}",
        site_url(view.page_from_here()),
        hash_address(&view.embed_route().to_path(), &query)
    );
    let script = script_snippet(view, &query, &site_url("embed.js"));
    let iframe = iframe_snippet(view, &frame_url, view.full_route().label());
    let copier = |text: String, what: Copied| {
        let dispatch = share.dispatcher();
        Callback::from(move |_: MouseEvent| copy(text.clone(), what, dispatch.clone()))
    };
    let on_link = copier(link, Copied::Link);
    let on_embed = {
        let dispatch = share.dispatcher();
        let both = format!("{script}\n\n{iframe}");
        let open = share.embed_open;
        Callback::from(move |_: MouseEvent| {
            dispatch.dispatch(ShareAction::ToggleEmbed);
            // Opening the panel copies both forms; closing it copies nothing.
            if !open {
                copy(both.clone(), Copied::BothForms, dispatch.clone());
            }
        })
    };
    let on_script = copier(script.clone(), Copied::ScriptForm);
    let on_iframe = copier(iframe.clone(), Copied::IframeForm);
    let panel_id = format!("share-embed-{}", view.name());
    html! {
        <div class="share-bar" role="group" aria-label="Share this view">
            <div class="share-buttons">
                <button type="button" class="share-link" onclick={on_link}>{ "Copy link" }</button>
                <button type="button" class="share-embed-toggle" aria-expanded={share.embed_open.to_string()}
                    aria-controls={panel_id.clone()} onclick={on_embed}>{ "Embed" }</button>
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
                <div class="share-embed" id={panel_id}>
                    <p>{ "Paste either form into your page's HTML. The first sizes itself to fit; the second needs no script." }</p>
                    <label for={format!("{}-script", view.name())}>{ "With embed.js (fits its height)" }</label>
                    <textarea id={format!("{}-script", view.name())} class="mono share-snippet" data-testid="embed-script"
                        readonly=true rows="5" value={script} onfocus={select_on_focus()} />
                    <button type="button" onclick={on_script}>{ "Copy this form" }</button>
                    <label for={format!("{}-iframe", view.name())}>{ "A plain iframe" }</label>
                    <textarea id={format!("{}-iframe", view.name())} class="mono share-snippet" data-testid="embed-iframe"
                        readonly=true rows="5" value={iframe} onfocus={select_on_focus()} />
                    <button type="button" onclick={on_iframe}>{ "Copy this form" }</button>
                </div>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippets_carry_the_state_and_escape_it_for_html() {
        let script = script_snippet(View::Ring, "v=1&scheme=mod", "https://a.example/s/embed.js");
        assert_eq!(
            script,
            "<div data-shardlab=\"ring\" data-state=\"v=1&amp;scheme=mod\"></div>\n<script src=\"https://a.example/s/embed.js\" async data-shardlab-embed></script>"
        );
        let iframe = iframe_snippet(
            View::Board,
            "https://a.example/s/board.html#/embed/board?v=1&users=5",
            "Board",
        );
        assert!(iframe.starts_with(
            "<iframe src=\"https://a.example/s/board.html#/embed/board?v=1&amp;users=5\" title=\"shardlab: Board (interactive)\""
        ));
        assert_eq!(attribute("\"<x>\""), "&quot;&lt;x&gt;&quot;");
        assert!(script_snippet(View::Decoder, "", "e.js")
            .starts_with("<div data-shardlab=\"decoder\"></div>"));
    }

    #[test]
    fn addresses_leave_out_an_empty_query() {
        assert_eq!(hash_address("/ring", ""), "#/ring");
        assert_eq!(hash_address("/embed/ring", "v=1"), "#/embed/ring?v=1");
    }

    #[test]
    fn a_refused_copy_keeps_the_text_on_screen() {
        let state = Rc::new(ShareState::default());
        let state = state.reduce(ShareAction::Refused(Copied::Link, "L".into()));
        assert_eq!(state.fallback_link.as_deref(), Some("L"));
        assert!(state
            .status
            .as_deref()
            .is_some_and(|s| s.contains("Ctrl+C")));
        let state = state.reduce(ShareAction::Copied(Copied::Link));
        assert_eq!(state.fallback_link, None);
        let state = state.reduce(ShareAction::Refused(Copied::IframeForm, "I".into()));
        assert!(state.embed_open);
    }
}
