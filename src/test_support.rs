//! Helpers for the app's component tests, which run in headless Chromium via wasm-bindgen-test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use yew::{function_component, BaseComponent, Html, Properties};

/// Mounts `C` with default props into a fresh `<div>` in the test page and finishes rendering.
pub async fn mount<C>() -> web_sys::Element
where
    C: BaseComponent,
    C::Properties: Default,
{
    let root = gloo::utils::document()
        .create_element("div")
        .expect("a div");
    gloo::utils::document()
        .body()
        .unwrap()
        .append_child(&root)
        .expect("append to body");
    yew::Renderer::<C>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    root
}

/// The trimmed text of every element matching `selector` under `root`.
pub fn texts(root: &web_sys::Element, selector: &str) -> Vec<String> {
    let nodes = root.query_selector_all(selector).expect("a valid selector");
    (0..nodes.length())
        .filter_map(|i| nodes.item(i))
        .filter_map(|node| node.text_content())
        .map(|text| text.trim().to_string())
        .collect()
}

/// The first element matching `selector` under `root`; panics (failing the test) when there is none.
pub fn find(root: &web_sys::Element, selector: &str) -> web_sys::Element {
    root.query_selector(selector)
        .expect("a valid selector")
        .unwrap_or_else(|| panic!("no element matches {selector}"))
}

/// Mounts `C` with `props` into a fresh `<div>` in the test page and finishes rendering.
// Only the decoder's and the board's tests mount with props; a ring-only build has none.
#[cfg_attr(not(any(feature = "decoder", feature = "board")), allow(dead_code))]
pub async fn mount_with<C>(props: C::Properties) -> web_sys::Element
where
    C: BaseComponent,
{
    let root = gloo::utils::document()
        .create_element("div")
        .expect("a div");
    gloo::utils::document()
        .body()
        .unwrap()
        .append_child(&root)
        .expect("append to body");
    yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    root
}

/// Props for [`Part`]: a hook-less part (a plain `fn(&P) -> Html`) and its props.
#[derive(Properties)]
pub struct PartProps<P: PartialEq + 'static> {
    pub part: fn(&P) -> Html,
    pub props: P,
}

// Only the props decide a re-render: a test mounts one part and keeps it.
impl<P: PartialEq + 'static> PartialEq for PartProps<P> {
    fn eq(&self, other: &Self) -> bool {
        self.props == other.props
    }
}

/// A component that renders one plain part, so a test can mount it and update its props.
#[function_component(Part)]
pub fn part<P: PartialEq + 'static>(props: &PartProps<P>) -> Html {
    (props.part)(&props.props)
}

/// Mounts the plain part `part` with `props`, as [`mount_with`] mounts a component.
#[cfg_attr(not(feature = "decoder"), allow(dead_code))]
pub async fn mount_part<P: PartialEq + 'static>(
    part: fn(&P) -> Html,
    props: P,
) -> web_sys::Element {
    mount_with::<Part<P>>(PartProps { part, props }).await
}

/// Waits (a frame or a few, at most 10 s) until `what` holds of `root`; whether it did. For what
/// a sliced job shows once it has run.
// The ring's and the decoder's tests wait for their jobs; a board-only build has none that do.
#[cfg_attr(not(any(feature = "decoder", feature = "ring")), allow(dead_code))]
pub async fn eventually(root: &web_sys::Element, what: impl Fn(&web_sys::Element) -> bool) -> bool {
    for _ in 0..500 {
        if what(root) {
            return true;
        }
        yew::platform::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    what(root)
}
