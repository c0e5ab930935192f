//! One of our own widget pages framed in another of our pages (the full Ring frames its
//! comparisons, which are a page of their own): an iframe the framed page sizes through the
//! embed's height message, in the theme on screen now.

use web_sys::HtmlIFrameElement;
use yew::prelude::*;

use super::embed_frame::FramedBy;
use super::embed_height::use_framed_height;
use crate::browser::theme;
use crate::browser::theme_change::use_theme_change;

/// Props for [`WidgetFrame`].
#[derive(Properties, PartialEq)]
pub struct WidgetFrameProps {
    /// The framed address without its theme: `compare.html#/embed/ring/compare?…`.
    pub src: AttrValue,
    /// The frame's accessible name.
    pub title: AttrValue,
}

/// See the module doc. The frame loads when it comes near the screen (`loading="lazy"`).
#[function_component(WidgetFrame)]
pub fn widget_frame(props: &WidgetFrameProps) -> Html {
    let frame = use_node_ref();
    let height = use_framed_height(&frame);
    // A theme change renders this again, and the framed page gets the new theme in its hash.
    let _ = use_theme_change();
    let separator = if props.src.contains('?') { '&' } else { '?' };
    let wanted = format!(
        "{}{separator}theme={}&within={}",
        props.src,
        theme::effective().as_str(),
        FramedBy::RingPage.as_str()
    );
    // The frame loads once; a new address that differs in its fragment alone (a new state for
    // the same page) is set as the framed page's own hash, which its router follows, so the page
    // keeps what it has measured. Chromium does not navigate a frame whose `src` attribute
    // changes in its fragment only.
    let loaded = use_state(|| wanted.clone());
    let mounted = use_mut_ref(|| false);
    {
        let (frame, loaded) = (frame.clone(), loaded.clone());
        use_effect_with(wanted.clone(), move |wanted| {
            // On the first render the frame was just given this address: nothing to do, and
            // asking for the frame's window here would make the browser set up its blank
            // document in the page's start task (about 6 ms a frame on this machine).
            if !std::mem::replace(&mut *mounted.borrow_mut(), true) {
                return;
            }
            let page = wanted.split('#').next().unwrap_or_default();
            let same_page = loaded.split('#').next() == Some(page);
            // The framed page's address, once it has loaded: a lazy frame not yet near the
            // screen holds `about:blank`, and setting its hash would replace the load.
            let framed = frame
                .cast::<HtmlIFrameElement>()
                .and_then(|iframe| iframe.content_window())
                .map(|window| window.location())
                .and_then(|location| Some((location.href().ok()?, location)))
                .filter(|(href, _)| href.split('#').next().is_some_and(|at| at.ends_with(page)));
            match (same_page, framed, wanted.split_once('#')) {
                // The framed page's own address with the new hash, not a relative `#…`, which its
                // `<base>` would resolve against the site's root (another page); replaced, so the
                // reader's Back button does not step through the frame's states.
                (true, Some((href, location)), Some((_, hash))) => {
                    let at = href.split('#').next().unwrap_or_default();
                    let _ = location.replace(&format!("{at}#{hash}"));
                }
                _ => loaded.set(wanted.clone()),
            }
        });
    }
    let src = (*loaded).clone();
    // Until the framed page reports, a height near the comparisons' own, so the page does not jump.
    let style = format!("height: {}px", height.unwrap_or(1400));
    html! {
        <iframe ref={frame} class="widget-frame" {src}
            title={props.title.clone()} loading="lazy" {style} />
    }
}
