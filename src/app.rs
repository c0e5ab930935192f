//! The app shell: skip link, header, the routed page, footer.

use yew::prelude::*;
use yew_router::prelude::*;

use crate::pages::{link_problems, switch};
use crate::route::Route;
use crate::shell::embed_host::LinkProblems;
use crate::shell::{embed_frame::EmbedFrame, footer::footer, header::Header};

/// The root component.
#[function_component(App)]
pub fn app() -> Html {
    // Tells the e2e tests (and anything else waiting) that the app has mounted, unless this page
    // is handing over to another one (see `shell::other_page`).
    use_effect_with((), |_| {
        if let Some(body) = gloo::utils::document().body() {
            if !body.has_attribute("data-redirecting") {
                let _ = body.set_attribute("data-app-ready", "true");
            }
        }
    });
    html! {
        <HashRouter>
            <Switch<Route> render={framed} />
        </HashRouter>
    }
}

/// A route's page inside its frame: the site's chrome, or none for an embed.
fn framed(route: Route) -> Html {
    if let (true, Some(view)) = (route.is_embed(), route.view()) {
        return html! {
            <EmbedFrame {view} label={route.label()} link_problems={LinkProblems(link_problems)}>{ switch(route) }</EmbedFrame>
        };
    }
    html! {
        <>
            <a class="skip-link" href="#main" onclick={skip_to_main()}>{ "Skip to content" }</a>
            <Header />
            if !crate::browser::storage::available() {
                <p class="storage-note" role="status" data-testid="storage-note">
                    { crate::browser::storage::BLOCKED_NOTE }
                </p>
            }
            <main id="main" tabindex="-1">
                { switch(route) }
            </main>
            { footer() }
        </>
    }
}

/// With a hash router, `href="#main"` would be read as a route; move focus by hand instead.
fn skip_to_main() -> Callback<MouseEvent> {
    Callback::from(|event: MouseEvent| {
        event.prevent_default();
        crate::shell::page_focus::focus_main();
    })
}

#[cfg(all(test, target_arch = "wasm32"))]
#[allow(clippy::unwrap_used)]
mod tests {
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::App;
    use crate::route::Route;
    use crate::test_support::{find, mount, texts};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    async fn an_embed_route_has_no_chrome_and_takes_the_host_theme() {
        let location = gloo::utils::window().location();
        location
            .set_hash("#/embed/ring?v=1&scheme=jump&theme=dark")
            .unwrap();
        let root = mount::<App>().await;
        let found = |selector: &str| root.query_selector(selector).unwrap().is_some();
        assert!(!found("header") && !found("footer") && !found(".skip-link"));
        assert!(found("main.embed-main .ring-view"));
        assert!(!found(".share-bar"), "an embed has no share bar");
        let open = find(&root, ".embed-bar a");
        // The view writes its whole state back under the embed route, keeping the host's theme;
        // the "open" link carries that state to the full view, without the theme.
        let hash = location.hash().unwrap();
        assert!(hash.starts_with("#/embed/ring?v=1&scheme=jump&"), "{hash}");
        assert!(hash.ends_with("&theme=dark"), "{hash}");
        let href = open.get_attribute("href").unwrap_or_default();
        assert!(
            href.starts_with("index.html#/ring?v=1&scheme=jump&"),
            "{href}"
        );
        assert!(!href.contains("theme"), "{href}");
        assert_eq!(open.get_attribute("target").as_deref(), Some("_blank"));
        let html = gloo::utils::document().document_element().unwrap();
        assert_eq!(html.get_attribute("data-theme").as_deref(), Some("dark"));
        root.remove();
        let _ = html.remove_attribute("data-theme");
        let _ = html.remove_attribute("data-embed");
        location.set_hash("#/").unwrap();
    }

    #[wasm_bindgen_test]
    async fn shell_renders_navigation_and_footer() {
        let root = mount::<App>().await;
        let expected: Vec<String> = Route::NAVIGATION
            .iter()
            .map(|r| r.label().to_string())
            .collect();
        let shown = texts(&root, "header nav a");
        // The Learn link carries the finished-chapter count ("Learn 0/15").
        assert!(
            shown.first().is_some_and(|t| t.starts_with("Learn ")
                && t.ends_with(&format!("/{}", crate::course::CHAPTER_COUNT))),
            "{shown:?}"
        );
        assert_eq!(shown.get(1..), expected.get(1..));
        find(&root, "main#main h1");
        assert!(
            !texts(&root, "footer .sources a").is_empty(),
            "the footer names its sources"
        );
        assert_eq!(
            gloo::utils::document()
                .body()
                .unwrap()
                .get_attribute("data-app-ready")
                .as_deref(),
            Some("true")
        );
    }
}
