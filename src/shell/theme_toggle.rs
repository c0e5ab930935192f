//! The light/dark toggle. Until the reader picks, the page follows `prefers-color-scheme`.

use yew::prelude::*;

use crate::browser::theme::{self, Theme};

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
            <span class="theme-toggle-label">{ " Dark theme" }</span>
        </button>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::ThemeToggle;
    use crate::browser::theme::{self, Theme};
    use crate::test_support::{find, mount};

    wasm_bindgen_test_configure!(run_in_browser);

    fn pressed(theme: Theme) -> Option<String> {
        Some((theme == Theme::Dark).to_string())
    }

    #[wasm_bindgen_test]
    async fn toggle_switches_and_remembers_the_theme() {
        let before = theme::effective();
        let root = mount::<ThemeToggle>().await;
        let button = find(&root, "button");
        assert_eq!(button.get_attribute("aria-pressed"), pressed(before));

        button.unchecked_ref::<web_sys::HtmlElement>().click();
        yew::scheduler::flush().await;

        let after = before.other();
        assert_eq!(theme::saved(), Some(after));
        let html = gloo::utils::document().document_element();
        assert_eq!(
            html.and_then(|h| h.get_attribute("data-theme")).as_deref(),
            Some(after.as_str())
        );
        assert_eq!(button.get_attribute("aria-pressed"), pressed(after));
    }
}
