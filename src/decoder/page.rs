//! The Decoder page itself: its one state, its address-bar sync, and either the full view
//! or one widget, in their frame ([`view_or_widget`]), both drawn by [`Shown`].

use super::compose::Shown;
use super::*;
use crate::catalogue::{DecoderWidget, Widget};
use crate::jobs::hook::use_painted;
use crate::shell::view_page::{view_or_widget, ViewPage};
use crate::url::url_state_hook::{use_url_state, UrlCodec};
use yew::prelude::*;

use crate::route::View;
use state::Action;

/// Properties of [`DecoderView`].
#[derive(Properties, PartialEq, Default)]
pub struct DecoderViewProps {
    /// The one widget to show alone ([`crate::catalogue`]); `None` shows the full view.
    #[prop_or_default]
    pub widget: Option<DecoderWidget>,
}

/// What the full view says under its heading.
const LEAD: &str = "An ID can carry its own address. Pinterest's 64 bits hold a shard, a type and a \
    local row number, so finding an object is a shift, a mask and one lookup in a small table. Flip a \
    bit and watch the shard change; split a host and watch the ID stay put.";

/// The Decoder page, or one of its widgets.
#[function_component(DecoderView)]
pub fn decoder_view(props: &DecoderViewProps) -> Html {
    let url = use_url_state(UrlCodec::new(
        View::Decoder,
        url_state::encode,
        url_state::decode,
        |s| Action::Restore(Box::new(s)),
    ));
    let state = url.state.clone();
    let dispatch = {
        let state = state.clone();
        Callback::from(move |action: Action| state.dispatch(action))
    };
    let painted = use_painted();
    let shown = Shown {
        state: &state,
        dispatch,
        painted,
    };
    let page = ViewPage {
        view: View::Decoder,
        snapshot: snapshot::attr(&state, super::compose::now_ms()),
        query: &url.encoded,
        lead: LEAD,
    };
    let body = match props.widget {
        Some(widget) => shown.widget(widget),
        None => shown.full_view(),
    };
    view_or_widget(page, props.widget.map(Widget::Decoder), body)
}

#[cfg(all(test, target_arch = "wasm32"))]
#[allow(clippy::expect_used)]
mod tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::{DecoderView, DecoderViewProps};
    use crate::catalogue::DecoderWidget;
    use crate::snapshot::ATTRIBUTE;
    use crate::test_support::{eventually, find, mount, mount_with, texts};

    wasm_bindgen_test_configure!(run_in_browser);

    fn value(root: &web_sys::Element, selector: &str) -> String {
        find(root, selector)
            .unchecked_into::<web_sys::HtmlInputElement>()
            .value()
    }

    #[wasm_bindgen_test]
    async fn flipping_bit_46_and_splitting_change_what_the_page_shows() {
        // Without a router the page still works; it just does not write the address bar.
        let root = mount::<DecoderView>().await;
        let shard = r#".field-editor[data-field="shard"] input"#;
        assert_eq!(value(&root, shard), "3429");
        assert_eq!(texts(&root, "[data-testid=loc-master]"), ["MySQL007A"]);

        find(&root, "#bit-46")
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
        yew::scheduler::flush().await;
        assert_eq!(value(&root, shard), "3428");

        find(&root, "#bit-46")
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
        yew::scheduler::flush().await;
        find(&root, ".placement-panel button.primary")
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
        yew::scheduler::flush().await;
        assert_eq!(texts(&root, "[data-testid=loc-master]"), ["MySQL009A"]);
        assert_eq!(
            texts(&root, "[data-testid=id-decimal]"),
            ["241294492511762325"]
        );
    }

    #[wasm_bindgen_test]
    async fn each_widget_renders_alone_in_its_frame_with_the_snapshot() {
        for &widget in DecoderWidget::ALL {
            let props = DecoderViewProps {
                widget: Some(widget),
            };
            let root = mount_with::<DecoderView>(props).await;
            let frame = find(&root, "[data-widget]");
            assert_eq!(
                frame.get_attribute("data-widget"),
                Some(format!("decoder/{}", widget.name()))
            );
            let snapshot = frame.get_attribute(ATTRIBUTE).unwrap_or_default();
            assert!(snapshot.contains("241294492511762325"), "{snapshot}");
            // Alone means alone: no other widget's part, and never the full view's heading (the
            // one h1 is the widget's own title).
            assert_eq!(texts(&root, "h1:not(.widget-title)").len(), 0);
            assert_eq!(texts(&root, "h1.widget-title").len(), 1);
            assert_eq!(texts(&root, ".decoder-grid").len(), 0);
        }
    }

    #[wasm_bindgen_test]
    async fn the_pitfalls_widget_shows_the_core_numbers_and_its_button_reveals_the_mask() {
        let props = DecoderViewProps {
            widget: Some(DecoderWidget::Pitfalls),
        };
        let root = mount_with::<DecoderView>(props).await;
        let rounded = texts(&root, "[data-testid=number-rounded]").concat();
        assert!(rounded.contains("241294492511762336"), "{rounded:?}");
        assert!(rounded.contains("off by +11"), "{rounded:?}");
        assert!(texts(&root, "[data-testid=mask-result]")
            .concat()
            .contains("matches the real local 7075733"));
        find(&root, "[data-testid=mask-try]")
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
        yew::scheduler::flush().await;
        let mask = texts(&root, "[data-testid=mask-result]").concat();
        assert!(
            mask.contains("instead of the real local 4302043029"),
            "{mask:?}"
        );
    }

    /// Types `text` into "Whose ID is this?" as a reader would.
    async fn type_detect(root: &web_sys::Element, text: &str) {
        let input = find(root, "#detect-input").unchecked_into::<web_sys::HtmlInputElement>();
        input.set_value(text);
        let event = web_sys::Event::new("input").expect("an input event");
        input.dispatch_event(&event).expect("dispatched");
        yew::scheduler::flush().await;
    }

    fn first_reading(root: &web_sys::Element) -> Option<String> {
        find(root, ".detect-reading").get_attribute("data-reading")
    }

    #[wasm_bindgen_test]
    async fn whose_id_ranks_a_uuidv7_and_discord_s_example_and_shows_their_times() {
        let props = DecoderViewProps {
            widget: Some(DecoderWidget::Detect),
        };
        let root = mount_with::<DecoderView>(props).await;
        type_detect(&root, "{017F22E2-79B0-7CC3-98C4-DC0C0C07398F}").await;
        assert_eq!(first_reading(&root).as_deref(), Some("uuid"));
        // Its bits show once the reading is picked.
        assert_eq!(texts(&root, ".detect-detail").len(), 0);
        find(&root, "[data-reading=uuid] button")
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
        yew::scheduler::flush().await;
        assert_eq!(
            texts(&root, "[data-testid=detect-time]"),
            ["2022-02-22T19:22:22.000Z"]
        );
        let detail = texts(&root, "[data-testid=detect-detail-time]").concat();
        assert!(detail.contains("2022-02-22T19:22:22.000Z"), "{detail}");
        assert_eq!(
            root.query_selector_all(".wide-bit")
                .map(|l| l.length())
                .ok(),
            Some(128)
        );
        let version = texts(&root, ".wide-fields tr[data-field=ver] td.wide-value");
        assert_eq!(version, ["7"]);

        type_detect(&root, "175928847299117063").await;
        assert_eq!(first_reading(&root).as_deref(), Some("discord"));
        let times = texts(&root, "[data-testid=detect-time]");
        assert_eq!(
            times.first().map(String::as_str),
            Some("2016-04-30T11:18:25.796Z")
        );
        let summary = texts(&root, "[data-testid=detect-summary]").concat();
        assert!(summary.contains("A tie: Discord"), "{summary}");

        // A bad ULID: the character and its position, and the Discord list stays.
        type_detect(&root, "01ARZ3NDEKTSV4RRFFQ69G5FAU").await;
        let error = texts(&root, "[data-testid=detect-error]").concat();
        assert!(error.contains("'U' at position 26"), "{error}");
        assert_eq!(first_reading(&root).as_deref(), Some("discord"));

        // Picking Twitter's reading shows its fields.
        find(&root, "[data-reading=snowflake] button")
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
        yew::scheduler::flush().await;
        // The heading is an h2 in the widget and an h3 in the whole view: read it by its id.
        let title = texts(&root, "#detect-detail-title").concat();
        assert!(title.starts_with("Snowflake (Twitter)"), "{title}");
        assert_eq!(
            find(&root, "[data-reading=snowflake] button").get_attribute("aria-pressed"),
            Some("true".to_owned())
        );
    }

    #[wasm_bindgen_test]
    async fn a_pasted_pile_is_counted_with_its_duplicate_and_refused_line() {
        let props = DecoderViewProps {
            widget: Some(DecoderWidget::Batch),
        };
        let root = mount_with::<DecoderView>(props).await;
        let area = find(&root, "#batch-text").unchecked_into::<web_sys::HtmlTextAreaElement>();
        area.set_value("241294492511762325\n241294492511762325\n\n1\nx7\n");
        let input = web_sys::Event::new("input").expect("an input event");
        area.dispatch_event(&input).expect("dispatched");
        let done =
            |r: &web_sys::Element| !texts(r, "[data-testid=batch-status]").concat().is_empty();
        assert!(eventually(&root, done).await, "the run never finished");
        assert_eq!(
            texts(&root, "[data-testid=batch-read]"),
            ["3 IDs read on 6 lines; 1 refused."]
        );
        assert_eq!(texts(&root, "[data-testid=batch-duplicates]"), ["1"]);
        assert_eq!(texts(&root, "[data-testid=batch-refused]"), ["1"]);
        let refused = texts(&root, ".batch-finding.found .batch-examples li").concat();
        assert!(
            refused.contains("line 2: 241294492511762325, first on line 1"),
            "{refused}"
        );
        assert!(refused.contains("line 5: \"x7\""), "{refused}");
        // Pinterest counts by shard: 3429 twice, 0 once; it has no time.
        assert_eq!(
            texts(&root, "[data-testid=batch-histogram] tbody th"),
            ["shard 0", "shard 3429"]
        );
        assert_eq!(
            texts(&root, "[data-testid=batch-histogram] tbody td.num"),
            ["1", "2"]
        );
        assert!(texts(&root, "[data-testid=batch-status]")
            .concat()
            .starts_with("Read 3 IDs: 1 duplicate, 1 refused line."));
        // The text stays in the box, and the pile is in no link.
        assert!(area.value().starts_with("241294492511762325"));
        assert!(texts(&root, ".small-print")
            .concat()
            .contains("a link does not carry it"));
    }
}
