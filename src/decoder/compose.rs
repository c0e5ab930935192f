//! The Decoder's full view and each of its widgets, as compositions of the same parts
//! ([`parts`](super::parts)) fed from the one state. A widget shows one idea; the full view shows
//! every part, so nothing a widget shows is missing from it.

use shardlab_core::id_family::rank;
use shardlab_core::layout::{FieldRole, Preset};
use yew::prelude::*;

use super::layout_io::LayoutIo;
use super::parts::{
    batch, bit_strip, code_panel, detect_panel, failure_lab, field_editor, field_values, generator,
    id_input, id_readout, layout_editor, location, mask_pitfall, number_pitfall, placement_panel,
};
use super::state::{Action, DecoderState};
use super::to_ring;
use crate::catalogue::DecoderWidget;

/// The state and the reducer's dispatcher, from which every part is drawn.
pub struct Shown<'a> {
    /// What the Decoder shows.
    pub state: &'a DecoderState,
    /// Sends an action to the reducer.
    pub dispatch: Callback<Action>,
    /// Whether the page has painted once ([`use_painted`](crate::jobs::hook::use_painted)): the
    /// full view's parts below the first screen wait for it.
    pub painted: bool,
}

/// The browser's time in Unix ms, at which "Whose ID is this?" ranks (the core has no clock).
pub(super) fn now_ms() -> i64 {
    // `as` saturates: a clock before 1970 judges at 0.
    js_sys::Date::now().max(0.0) as i64
}

impl Shown<'_> {
    fn on_field(&self) -> Callback<(usize, String)> {
        self.dispatch
            .reform(|(position, text)| Action::SetField { position, text })
    }

    fn has_shard(&self) -> bool {
        self.state
            .layout
            .position_of_role(FieldRole::Shard)
            .is_some()
    }

    /// The notes about what the view did on its own (a bad link, a reset table).
    pub fn notes(&self) -> Html {
        html! {
            { for self.state.notes.iter().map(|n| html! { <p class="note" role="status">{ n.clone() }</p> }) }
        }
    }

    /// The ID input, with or without the ID in three bases.
    pub fn id_input(&self, bases: bool) -> Html {
        let state = self.state;
        id_input::id_input(&id_input::IdInputProps {
            text: state.id_text.clone(),
            id: state.id,
            error: state.errors.id.clone(),
            on_input: self.dispatch.reform(Action::TypeId),
            bases,
        })
    }

    /// The 64-bit strip.
    pub fn strip(&self) -> Html {
        let on_move = self
            .dispatch
            .reform(|(position, bits)| Action::MoveBoundary { position, bits });
        html! {
            <bit_strip::BitStrip layout={self.state.layout.clone()} id={self.state.id}
                on_toggle={self.dispatch.reform(Action::ToggleBit)} {on_move} />
        }
    }

    fn pinterest(&self) -> bool {
        Preset::of_layout(&self.state.layout) == Some(Preset::Pinterest)
    }

    /// One editor per field.
    pub fn field_editors(&self) -> Html {
        let state = self.state;
        field_editor::field_editors(&field_editor::FieldEditorsProps {
            layout: state.layout.clone(),
            pinterest: self.pinterest(),
            id: state.id,
            refused: state.errors.field.clone(),
            on_edit: self.on_field(),
        })
    }

    /// Where the row lives, with the split and the config table (or why the ID names no host).
    pub fn placement(&self) -> Html {
        let state = self.state;
        match (&state.table, self.has_shard()) {
            (Some(table), true) => {
                placement_panel::placement_panel(&placement_panel::PlacementPanelProps {
                    layout: state.layout.clone(),
                    id: state.id,
                    table: table.clone(),
                    table_changed: state.table != state.default_table(),
                    split: state.split.clone(),
                    host_error: state.errors.host.clone(),
                    split_error: state.errors.split.clone(),
                    source: placement_panel::table_source(state.base, table),
                    dispatch: self.dispatch.clone(),
                })
            }
            _ => location::no_shard_panel(),
        }
    }

    /// Where the row lives, alone: the host pair, the database and the query.
    fn location(&self) -> Html {
        let state = self.state;
        match (&state.table, self.has_shard()) {
            (Some(table), true) => html! {
                <section class="panel placement-panel" aria-labelledby="placement-title">
                    <h2 id="placement-title">{ "Where the row lives" }</h2>
                    { location::location_summary(&table.locate(&state.layout, state.id)) }
                </section>
            },
            _ => location::no_shard_panel(),
        }
    }

    /// "Insert a new object" and the player of its steps.
    pub fn generator(&self) -> Html {
        let state = self.state;
        let layout = &state.layout;
        html! {
            <generator::Generator counted={state.allocator.is_some()}
                timed={layout.position_of_role(FieldRole::Timestamp).is_some()}
                has_shards={self.has_shard() && state.table.is_some()}
                last_shard={state.table.as_ref().map_or(0, |t| t.last_shard())}
                generated={state.generated.clone()} error={state.errors.generate.clone()}
                dispatch={self.dispatch.clone()} />
        }
    }

    /// A pile of IDs, read under the layout.
    fn batch(&self) -> Html {
        html! { <batch::Batch layout={self.state.layout.clone()} /> }
    }

    /// "When generators fail": a fault's naive run beside its fix.
    fn lab(&self, heading: bool) -> Html {
        failure_lab::failure_lab(&self.state.lab, heading, &self.dispatch)
    }

    /// The layout editor and each timestamp's time base.
    pub fn layout_editor(&self) -> Html {
        let state = self.state;
        layout_editor::layout_editor(&layout_editor::LayoutEditorProps {
            base: state.base,
            layout: state.layout.clone(),
            edited: state.layout_edited(),
            error: state.errors.layout.clone(),
            id: state.id,
            time_refused: state.errors.time.clone(),
            dispatch: self.dispatch.clone(),
        })
    }

    /// `Number(id)` and the 32-bit mask, each under a heading of level `tag`: `h3` under the
    /// full view's "The arithmetic", `h2` under the widget's `h1`.
    fn pitfalls(&self, tag: &'static str) -> Html {
        let (layout, id) = (&self.state.layout, self.state.id);
        html! {
            <div class="pitfalls">
                { number_pitfall::number_pitfall(layout, id, tag) }
                { mask_pitfall::mask_pitfall(layout, id, &self.on_field(), tag) }
            </div>
        }
    }

    fn code(&self) -> Html {
        code_panel::code_panel(&code_panel::CodePanelProps {
            layout: self.state.layout.clone(),
            id: self.state.id,
            lang: self.state.lang,
            on_lang: self.dispatch.reform(Action::PickLang),
        })
    }

    /// "Whose ID is this?", ranked at the browser's time (the core has no clock).
    fn detect(&self, heading: bool) -> Html {
        let now_ms = now_ms();
        let detect = &self.state.detect;
        let candidates = rank(&detect.shown, now_ms);
        detect_panel::detect_panel(heading, detect, &candidates, now_ms, &self.dispatch)
    }

    /// The full view's body (its frame is [`crate::shell::view_page`]): the notes, then every
    /// part in the full view's grid.
    pub fn full_view(&self) -> Html {
        let state = self.state;
        html! {
            <>
            { self.notes() }
            <div class="decoder-grid">
                { self.id_input(true) }
                { self.strip() }
                { self.detect(true) }
                { self.field_editors() }
                { self.placement() }
                // The parts below the first screen follow the first paint.
                if self.painted {
                    { to_ring::to_ring(&to_ring::ToRingProps { id: state.id }) }
                    { self.generator() }
                    { self.batch() }
                    { self.lab(true) }
                    { self.layout_editor() }
                    <LayoutIo base={state.base} layout={state.layout.clone()} table={state.table.clone()}
                        error={state.errors.import.clone()} dispatch={self.dispatch.clone()} />
                    <section class="panel arithmetic" aria-labelledby="arith-title">
                        <h2 id="arith-title">{ "The arithmetic" }</h2>
                        <div class="arith-grid">{ self.code() }{ self.pitfalls("h3") }</div>
                    </section>
                }
            </div>
            </>
        }
    }

    /// One widget's parts.
    pub fn widget(&self, widget: DecoderWidget) -> Html {
        let (id, layout) = (self.state.id, &self.state.layout);
        let parts = match widget {
            DecoderWidget::Paste => html! {
                <>
                    { self.id_input(true) }
                    { self.strip() }
                    { field_values::field_values(layout, id, self.pinterest()) }
                    { self.location() }
                </>
            },
            // Where the composed ID lives too: a shard past the table's says "No host" here
            // (Learn chapter 8 asks for one, and says that is expected).
            DecoderWidget::Detect => self.detect(false),
            DecoderWidget::Compose => html! {
                <>
                    { self.field_editors() }
                    { id_readout::id_readout(id) }
                    { self.strip() }
                    { self.location() }
                </>
            },
            DecoderWidget::Layout => html! { <>{ self.strip() }{ self.layout_editor() }</> },
            DecoderWidget::Config => self.placement(),
            DecoderWidget::Generate => {
                html! { <>{ id_readout::id_readout(id) }{ self.generator() }</> }
            }
            DecoderWidget::Pitfalls => html! {
                <>
                    { self.id_input(false) }
                    <section class="panel arithmetic" aria-label="Pitfalls">{ self.pitfalls("h2") }</section>
                </>
            },
            DecoderWidget::Batch => self.batch(),
            DecoderWidget::Lab => self.lab(false),
            DecoderWidget::Code => html! {
                <section class="panel arithmetic" aria-label="The arithmetic as code">{ self.code() }</section>
            },
        };
        html! {
            <div class={classes!("decoder-widget", format!("decoder-widget-{}", widget.name()))}>
                { self.notes() }
                { parts }
            </div>
        }
    }
}
