//! The light/dark toggle. Until the reader picks, the page follows `prefers-color-scheme`.
//!
//! The button names what it does ("Switch to dark theme", with the moon; "Switch to light theme",
//! with the sun) in both themes. Its name is the state's equivalent, so it carries no
//! `aria-pressed`: a toggle's pressed state beside a name that changes would read twice.

use yew::prelude::*;

use crate::browser::theme::{self, Theme};

/// A button that switches between the light and the dark theme and remembers the choice. `current`
/// is the header's `use_state(theme::effective)`: a plain function in the header, not a component
/// of its own (each component costs every page about 0.4 kB of brotli).
pub fn theme_toggle(current: &UseStateHandle<Theme>) -> Html {
    let onclick = {
        let current = current.clone();
        Callback::from(move |_| {
            let next = current.other();
            theme::save(next);
            theme::apply(Some(next));
            current.set(next);
        })
    };
    let (icon, action) = match **current {
        Theme::Light => ("☾", "Switch to dark theme"),
        Theme::Dark => ("☀", "Switch to light theme"),
    };
    html! {
        <button type="button" class="theme-toggle" {onclick} title={action}>
            <span aria-hidden="true">{ icon }</span>
            <span class="theme-toggle-label">{ " " }{ action }</span>
        </button>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use yew::prelude::*;

    use super::theme_toggle;
    use crate::browser::theme::{self, Theme};
    use crate::test_support::{find, mount};

    wasm_bindgen_test_configure!(run_in_browser);

    /// The toggle with its state, as the header holds it.
    #[function_component(ThemeToggle)]
    fn toggle() -> Html {
        let current = use_state(theme::effective);
        theme_toggle(&current)
    }

    fn action(theme: Theme) -> Option<String> {
        let other = theme.other().as_str();
        Some(format!("Switch to {other} theme"))
    }

    #[wasm_bindgen_test]
    async fn toggle_switches_and_remembers_the_theme() {
        let before = theme::effective();
        let root = mount::<ThemeToggle>().await;
        let button = find(&root, "button");
        assert_eq!(button.get_attribute("title"), action(before));

        button.unchecked_ref::<web_sys::HtmlElement>().click();
        yew::scheduler::flush().await;

        let after = before.other();
        assert_eq!(theme::saved(), Some(after));
        let html = gloo::utils::document().document_element();
        assert_eq!(
            html.and_then(|h| h.get_attribute("data-theme")).as_deref(),
            Some(after.as_str())
        );
        assert_eq!(button.get_attribute("title"), action(after));
    }
}
