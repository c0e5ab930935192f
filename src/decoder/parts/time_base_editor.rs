//! The time base of each timestamp field: how long one tick lasts and which instant tick 0 stands
//! for. The epoch can be typed as Unix milliseconds or as an ISO-8601 UTC date; both inputs show
//! the same value. A refused value stays in its input with the reason beside it, and the layout
//! keeps its last good time base.

use shardlab_core::layout::{format_unix_ms, BitLayout, FieldRole, MAX_UNIT_MS};
use yew::prelude::*;

use crate::decoder::state::{Action, Refused, TimePart};
use crate::widgets::draft_input::DraftInput;

/// Props for [`time_base_editor`].
#[derive(PartialEq)]
pub struct TimeBaseEditorProps {
    /// The layout.
    pub layout: BitLayout,
    /// The ID on screen, whose timestamp is shown decoded.
    pub id: u64,
    /// The last refused time base edit.
    pub refused: Option<Refused<(usize, TimePart)>>,
    /// Sends an action to the reducer.
    pub dispatch: Callback<Action>,
}

/// One fieldset per timestamp field (none when the layout has no timestamp).
pub fn time_base_editor(props: &TimeBaseEditorProps) -> Html {
    let decoded = props.layout.decode(props.id);
    let editors = props
        .layout
        .fields()
        .iter()
        .enumerate()
        .filter(|(_, field)| field.role == FieldRole::Timestamp)
        .filter_map(|(position, field)| field.time.map(|time| (position, field, time)))
        .map(|(position, field, time)| {
            let refused = props.refused.as_ref().filter(|r| r.key.0 == position);
            let value = |part: TimePart, current: String| {
                refused
                    .filter(|r| r.key.1 == part)
                    .map_or(current, |r| r.text.clone())
            };
            let input = |part: TimePart, label: &str, current: String, class: &str| {
                let dispatch = props.dispatch.clone();
                let on_commit = Callback::from(move |text: String| {
                    dispatch.emit(Action::SetTimeBase {
                        position,
                        part,
                        text,
                    });
                });
                let id = format!("time-{position}-{part:?}").to_lowercase();
                let invalid = refused.is_some_and(|r| r.key.1 == part);
                html! {
                    <label for={id.clone()}>
                        { label.to_owned() }
                        <DraftInput {id} class={classes!("mono", class.to_owned())} kind="text" spellcheck={false}
                            value={value(part, current)} {on_commit} {invalid}
                            describedby={format!("time-error-{position}")} />
                    </label>
                }
            };
            let ticks = decoded
                .fields
                .get(position)
                .map_or(0, |f| f.value);
            let now = match time.unix_ms(ticks) {
                Some(ms) => format!(
                    "This ID's {}: {ticks} ticks × {} ms after the epoch = Unix ms {ms} = {}.",
                    field.name,
                    time.unit_ms,
                    format_unix_ms(ms)
                ),
                None => format!(
                    "This ID's {}: {ticks} ticks × {} ms runs past the largest time this page can show.",
                    field.name, time.unit_ms
                ),
            };
            html! {
                <fieldset class="time-base" data-field={field.name.clone()}>
                    <legend>{ format!("Time base of {}", field.name) }</legend>
                    <div class="time-base-inputs">
                        { input(TimePart::Unit, "Tick (ms)", time.unit_ms.to_string(), "time-unit") }
                        { input(TimePart::EpochMs, "Epoch (Unix ms)", time.epoch_ms.to_string(), "time-epoch-ms") }
                        { input(TimePart::EpochIso, "Epoch (ISO-8601 UTC)", format_unix_ms(time.epoch_ms), "time-epoch-iso") }
                    </div>
                    <p class="help">{ format!("A tick lasts 1 … {MAX_UNIT_MS} ms. Dates read as UTC: 2015-06-01 or 2015-06-01T12:30:00.000Z.") }</p>
                    <p class="time-now mono-nums" data-testid="time-now">{ now }</p>
                    <p id={format!("time-error-{position}")} class="error" role="alert" data-testid="time-error">
                        { refused.map(|r| r.message.clone()).unwrap_or_default() }
                    </p>
                </fieldset>
            }
        });
    html! { <>{ for editors }</> }
}

#[cfg(all(test, target_arch = "wasm32"))]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod browser_tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use shardlab_core::layout::Preset;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use web_sys::HtmlInputElement;

    use super::*;
    use crate::test_support::{find, mount_part, texts, Part, PartProps};

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    async fn shows_the_epoch_both_ways_and_sends_what_was_typed() {
        let sent = Rc::new(RefCell::new(Vec::new()));
        let layout = Preset::Sonyflake.layout();
        let props = TimeBaseEditorProps {
            layout: layout.clone(),
            id: 1u64 << 24,
            refused: None,
            dispatch: {
                let sent = sent.clone();
                Callback::from(move |action| sent.borrow_mut().push(action))
            },
        };
        let root = mount_part(time_base_editor, props).await;
        let input = |class: &str| {
            find(&root, &format!("input.{class}")).unchecked_into::<HtmlInputElement>()
        };
        assert_eq!(input("time-unit").value(), "10");
        assert_eq!(input("time-epoch-ms").value(), "1409529600000");
        assert_eq!(input("time-epoch-iso").value(), "2014-09-01T00:00:00.000Z");
        // Tick 1 of Sonyflake's 10 ms ticks (the time field sits above 24 bits).
        let now = texts(&root, "[data-testid=time-now]");
        assert!(now[0].contains("Unix ms 1409529600010"), "{now:?}");

        let iso = input("time-epoch-iso");
        iso.set_value("2015-01-01");
        iso.dispatch_event(&web_sys::Event::new("change").unwrap())
            .unwrap();
        let position = layout.position_of("time").unwrap();
        assert_eq!(
            sent.borrow().as_slice(),
            [Action::SetTimeBase {
                position,
                part: TimePart::EpochIso,
                text: "2015-01-01".into()
            }]
        );
    }

    #[wasm_bindgen_test]
    async fn a_refused_value_stays_in_its_input_with_the_reason() {
        let layout = Preset::Snowflake.layout();
        let position = layout.position_of("timestamp").unwrap();
        let props = TimeBaseEditorProps {
            layout,
            id: 0,
            refused: Some(Refused {
                key: (position, TimePart::EpochIso),
                text: "<img src=x onerror=alert(1)>".into(),
                message: "Not applied: <b>no</b>.".into(),
            }),
            dispatch: Callback::noop(),
        };
        let root = mount_part(time_base_editor, props).await;
        let iso = find(&root, "input.time-epoch-iso").unchecked_into::<HtmlInputElement>();
        assert_eq!(iso.value(), "<img src=x onerror=alert(1)>");
        assert_eq!(iso.get_attribute("aria-invalid").as_deref(), Some("true"));
        assert_eq!(
            texts(&root, "[data-testid=time-error]"),
            ["Not applied: <b>no</b>."]
        );
        assert!(root.query_selector("img, b").unwrap().is_none());
        // The other inputs still show the good values.
        let ms = find(&root, "input.time-epoch-ms").unchecked_into::<HtmlInputElement>();
        assert_eq!(ms.value(), "1288834974657");
    }

    #[wasm_bindgen_test]
    async fn text_typed_but_not_yet_committed_survives_a_re_render() {
        let layout = Preset::Snowflake.layout();
        let props = |id: u64| PartProps {
            part: time_base_editor,
            props: TimeBaseEditorProps {
                layout: layout.clone(),
                id,
                refused: None,
                dispatch: Callback::noop(),
            },
        };
        let root = gloo::utils::document().create_element("div").unwrap();
        gloo::utils::document()
            .body()
            .unwrap()
            .append_child(&root)
            .unwrap();
        let mut app =
            yew::Renderer::<Part<TimeBaseEditorProps>>::with_root_and_props(root.clone(), props(0))
                .render();
        yew::scheduler::flush().await;
        let iso = find(&root, "input.time-epoch-iso").unchecked_into::<HtmlInputElement>();
        iso.set_value("2015-02-30");
        iso.dispatch_event(&web_sys::Event::new("input").unwrap())
            .unwrap();
        // Anything that re-renders the editor before Enter (here a new ID) must not put the
        // committed epoch back over the reader's text.
        app.update(props(1 << 22));
        yew::scheduler::flush().await;
        assert!(texts(&root, "[data-testid=time-now]")[0].contains("1 ticks"));
        assert_eq!(iso.value(), "2015-02-30");
        root.remove();
    }
}
