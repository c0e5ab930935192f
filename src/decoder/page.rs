//! The Decoder page itself: its state, its address-bar sync and its layout.

use super::parts::{
    arithmetic, bit_strip, field_editor, generator, id_input, layout_editor, placement_panel,
};
use super::*;
use crate::shell::share_bar::ShareBar;
use crate::url::url_state_hook::{use_url_state, UrlCodec};
use shardlab_core::layout::{FieldRole, Preset};
use yew::prelude::*;

use crate::route::View;
use state::Action;

/// The Decoder page.
#[function_component(DecoderView)]
pub fn decoder_view() -> Html {
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
    let on_id = dispatch.reform(Action::TypeId);
    let on_toggle = dispatch.reform(Action::ToggleBit);
    let on_move = dispatch.reform(|(position, bits)| Action::MoveBoundary { position, bits });
    let on_field = dispatch.reform(|(position, text)| Action::SetField { position, text });

    let layout = &state.layout;
    let has_shard = layout.position_of_role(FieldRole::Shard).is_some();
    let placement = match (&state.table, has_shard) {
        (Some(table), true) => html! {
            <placement_panel::PlacementPanel layout={layout.clone()} id={state.id} table={table.clone()}
                table_changed={state.table != state.default_table()}
                split={state.split.clone()} host_error={state.errors.host.clone()}
                split_error={state.errors.split.clone()}
                source={placement_panel::table_source(state.base, table)}
                dispatch={dispatch.clone()} />
        },
        _ => html! {
            <section class="panel placement-panel" aria-labelledby="placement-title">
                <h2 id="placement-title">{ "Where the row lives" }</h2>
                <p>{ "This layout has no shard field, so the ID alone does not say which machine holds the row. \
                      Give a field the role shard to see the config table." }</p>
            </section>
        },
    };
    html! {
        <div class="page decoder" data-shardlab-snapshot={snapshot::attr(&state)}>
            <h1>{ "Decoder" }</h1>
            <p class="lead">
                { "An ID can carry its own address. Pinterest's 64 bits hold a shard, a type and a local row \
                   number, so finding an object is a shift, a mask and one lookup in a small table. \
                   Flip a bit and watch the shard change; split a host and watch the ID stay put." }
            </p>
            <ShareBar view={View::Decoder} query={url.encoded.clone()} />
            { for state.notes.iter().map(|n| html! { <p class="note" role="status">{ n.clone() }</p> }) }
            <div class="decoder-grid">
                <id_input::IdInput text={state.id_text.clone()} id={state.id}
                    error={state.errors.id.clone()} on_input={on_id} />
                <bit_strip::BitStrip layout={layout.clone()} id={state.id} {on_toggle} {on_move} />
                <field_editor::FieldEditors layout={layout.clone()} id={state.id}
                    pinterest={Preset::of_layout(layout) == Some(Preset::Pinterest)}
                    refused={state.errors.field.clone()} on_edit={on_field.clone()} />
                { placement }
                <to_ring::ToRing id={state.id} />
                <generator::Generator counted={state.allocator.is_some()}
                    timed={layout.position_of_role(FieldRole::Timestamp).is_some()}
                    has_shards={has_shard && state.table.is_some()}
                    last_shard={state.table.as_ref().map_or(0, |t| t.last_shard())}
                    generated={state.generated.clone()} error={state.errors.generate.clone()}
                    dispatch={dispatch.clone()} />
                <layout_editor::LayoutEditor base={state.base} layout={layout.clone()}
                    edited={state.layout_edited()} error={state.errors.layout.clone()}
                    id={state.id} time_refused={state.errors.time.clone()} dispatch={dispatch.clone()} />
                <layout_io::LayoutIo base={state.base} layout={layout.clone()} table={state.table.clone()}
                    error={state.errors.import.clone()} dispatch={dispatch.clone()} />
                <arithmetic::Arithmetic layout={layout.clone()} id={state.id} {on_field} />
            </div>
        </div>
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::DecoderView;
    use crate::test_support::{find, mount, texts};

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
}
