//! Knowing when the theme on screen changes, and reading the colours it resolves to. Canvas
//! drawings (the plotters charts, the Ring's key dots) paint with colours read from the CSS, so
//! they must paint again when the theme changes: the toggle sets `<html data-theme>`, and with no
//! choice saved the page follows the system's colour scheme.

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// A number that changes whenever the theme on screen changes (0 until the first change). Use it
/// as an effect's dependency to repaint on a theme change.
#[hook]
pub fn use_theme_change() -> u32 {
    let epoch = use_state(|| 0u32);
    {
        let epoch = epoch.clone();
        use_effect_with((), move |_| {
            let bump = Rc::new(move || epoch.set((*epoch).wrapping_add(1)));
            let on_scheme = gloo::utils::window()
                .match_media("(prefers-color-scheme: dark)")
                .ok()
                .flatten()
                .map(|query| {
                    let bump = Rc::clone(&bump);
                    gloo::events::EventListener::new(&query, "change", move |_| bump())
                });
            let on_attribute = {
                let bump = Rc::clone(&bump);
                Closure::<dyn FnMut(js_sys::Array)>::new(move |_: js_sys::Array| bump())
            };
            let observer =
                web_sys::MutationObserver::new(on_attribute.as_ref().unchecked_ref()).ok();
            if let (Some(observer), Some(html)) =
                (&observer, gloo::utils::document().document_element())
            {
                let options = web_sys::MutationObserverInit::new();
                options.set_attributes(true);
                options.set_attribute_filter(&js_sys::Array::of1(&"data-theme".into()));
                let _ = observer.observe_with_options(&html, &options);
            }
            move || {
                if let Some(observer) = observer {
                    observer.disconnect();
                }
                drop(on_attribute);
                drop(on_scheme);
            }
        });
    }
    *epoch
}

/// A computed CSS colour, `rgb(r, g, b)` or `rgba(r, g, b, a)` in the comma or the space syntax
/// (as `getComputedStyle` writes colours), as its red, green and blue bytes. Anything else, or
/// a channel outside 0 … 255, is `None`.
pub fn parse_rgb(text: &str) -> Option<[u8; 3]> {
    let text = text.trim();
    let inner = text
        .strip_prefix("rgba(")
        .or_else(|| text.strip_prefix("rgb("))?
        .strip_suffix(')')?;
    let mut channels = inner
        .split([',', ' ', '/'])
        .filter(|part| !part.is_empty())
        .map(|part| {
            // The browser's own number parser (`number::parse_f64`), which keeps the standard
            // float parser out of the pages.
            super::number::parse_f64(part)
                .filter(|v| (0.0..=255.0).contains(v))
                // In range, so the cast neither saturates nor wraps.
                .map(|v| v.round() as u8)
        });
    Some([channels.next()??, channels.next()??, channels.next()??])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computed_colours_parse_in_both_syntaxes() {
        assert_eq!(parse_rgb("rgb(230, 159, 0)"), Some([230, 159, 0]));
        assert_eq!(parse_rgb(" rgba(1, 2, 3, 0.5)"), Some([1, 2, 3]));
        assert_eq!(parse_rgb("rgb(1 2 3 / 50%)"), Some([1, 2, 3]));
        assert_eq!(parse_rgb("rgb(0.4, 254.6, 9)"), Some([0, 255, 9]));
    }

    #[test]
    fn other_colours_and_broken_text_are_refused() {
        assert_eq!(parse_rgb("light-dark(#fff, #000)"), None);
        assert_eq!(parse_rgb("#ffffff"), None);
        assert_eq!(parse_rgb("rgb(1, 2)"), None);
        assert_eq!(parse_rgb("rgb(1, 2, 900)"), None);
        assert_eq!(parse_rgb("rgb(-1, 2, 3)"), None);
        assert_eq!(parse_rgb("rgb(a, 2, 3)"), None);
        assert_eq!(parse_rgb("rgb(1, 2, 3"), None);
    }
}
