//! The light/dark toggle. Until the reader picks, the page follows `prefers-color-scheme`.

use yew::prelude::*;

use crate::theme::{self, Theme};

/// A button that switches between the light and the dark theme and remembers the choice.
#[function_component(ThemeToggle)]
pub fn theme_toggle() -> Html {
    let current = use_state(theme::effective);
    let onclick = {
        let current = current.clone();
        Callback::from(move |_| {
            let next = current.other();
            theme::save(next);
            theme::apply(Some(next));
            current.set(next);
        })
    };
    let dark = *current == Theme::Dark;
    html! {
        <button type="button" class="theme-toggle" {onclick} aria-pressed={dark.to_string()}
            title="Switch between the light and the dark theme">
            <span aria-hidden="true">{ if dark { "☾" } else { "☀" } }</span>
            { " Dark theme" }
        </button>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::ThemeToggle;
    use crate::theme::{self, Theme};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    async fn toggle_switches_and_remembers_the_theme() {
        let document = gloo::utils::document();
        let root = document.create_element("div").unwrap();
        gloo::utils::body().append_child(&root).unwrap();
        let before = theme::effective();
        yew::Renderer::<ThemeToggle>::with_root(root.clone()).render();
        yew::scheduler::flush().await;

        let button: web_sys::HtmlElement = root
            .query_selector("button")
            .unwrap()
            .unwrap()
            .dyn_into()
            .unwrap();
        assert_eq!(
            button.get_attribute("aria-pressed").as_deref(),
            Some((before == Theme::Dark).to_string().as_str())
        );
        button.click();
        yew::scheduler::flush().await;

        let after = before.other();
        assert_eq!(theme::saved(), Some(after));
        let html = document.document_element().unwrap();
        assert_eq!(
            html.get_attribute("data-theme").as_deref(),
            Some(after.as_str())
        );
        assert_eq!(
            button.get_attribute("aria-pressed").as_deref(),
            Some((after == Theme::Dark).to_string().as_str())
        );
    }
}
