//! The Ring's compositions: each widget of the catalogue, and the full view, built from the
//! components in `parts/` over what the page worked out ([`Shown`]). The full view shows every
//! widget's parts, so nothing a widget shows is missing from it. The controls (server list, scheme
//! switch, number boxes, key boxes, buttons) read the reader's state; everything worked out from it
//! reads the drawn state (`drawn.rs`), a paint behind.

use std::rc::Rc;

use shardlab_core::placement::{key_hash, SchemeKind};
use shardlab_core::stepped::Progress;
use yew::prelude::*;

use super::kept_tables::table_shown_instead;
use super::lookup::LookedUp;
use super::measure::Measurement;
use super::parts::buckets::{buckets, BucketRule, BucketsProps};
use super::parts::grow_buttons::{grow_buttons, GrowButtonsProps};
use super::parts::hot_keys::{hot_keys, HotKeysProps};
use super::parts::lookup_panel::LookupPanel;
use super::parts::notes::{notes, NotesProps};
use super::parts::replica_owners::{replica_owners, ReplicaOwnersProps};
use super::parts::ring_figure::RingFigure;
use super::parts::scheme_picker::{scheme_picker, SchemePickerProps};
use super::parts::scheme_picture::{scheme_picture, SchemePictureProps};
use super::parts::server_list::ServerList;
use super::parts::settings::{self, settings, SettingsProps};
use super::parts::side_count::{side_count, SideCountProps};
use super::parts::stats::{stats, StatsProps};
use super::parts::to_decoder::{to_decoder, ToDecoderProps};
use super::ring_drawing::Scene;
use super::state::{Action, Field, RingState};
use super::url_state;
use crate::catalogue::{RingWidget, Widget};
use crate::shell::widget_frame::WidgetFrame;
use crate::url::url_query::query_string;
use crate::widgets::in_view::InView;

/// What stands in for the hot-key comparison until it comes near the screen.
const HOT_WAITING: &str = "The hot-key comparison is worked out when you scroll to it.";

/// The second scheme of "mod N against the ring", measured on the same servers and keys.
pub struct Contrast {
    pub scheme: SchemeKind,
    pub measurement: Measurement,
    /// Its drawing, when it is drawn (the mod side shows buckets).
    pub scene: Rc<Scene>,
}

/// What the page worked out for the state, as every composition reads it.
pub struct Shown {
    /// The reader's state, as the controls show it.
    pub state: Rc<RingState>,
    /// The state the rest shows (the measurement, the scene and the lookup are its): the reader's
    /// state from one paint ago.
    pub drawn: Rc<RingState>,
    pub dispatch: Callback<Action>,
    pub measurement: Measurement,
    pub contrast: Option<Contrast>,
    pub scene: Rc<Scene>,
    pub looked_up: Rc<LookedUp>,
    /// How far Maglev's table for the reader's state has been filled, while it is being filled
    /// (everything above still shows the state before).
    pub filling: Option<Progress>,
    /// Whether the first paint is done (the hot keys and the plots' frames wait for it).
    pub painted: bool,
}

impl Shown {
    /// The hash of the key in the key box.
    fn hash(&self) -> u64 {
        key_hash(&self.state.key)
    }

    /// The hash of the key the lookup and the pictures show.
    fn drawn_hash(&self) -> u64 {
        key_hash(&self.drawn.key)
    }

    /// The lookup step shown, within the steps: the controls' step, or the drawing's.
    fn step_of(&self, state: &RingState) -> usize {
        state.step.min(self.looked_up.0.len().saturating_sub(1))
    }

    /// The lookup step the controls show.
    fn step(&self) -> usize {
        self.step_of(&self.state)
    }

    /// The lookup step the drawing shows.
    fn drawn_step(&self) -> usize {
        self.step_of(&self.drawn)
    }

    /// The ring figure; with the lookup's walk up to `step` when it is `Some`.
    fn figure(&self, scene: &Rc<Scene>, scheme: SchemeKind, step: Option<usize>) -> Html {
        let walked: Vec<(u64, bool)> = step.map_or_else(Vec::new, |step| {
            let upto = step.saturating_add(1);
            self.looked_up
                .0
                .iter()
                .take(upto)
                .filter_map(|s| s.vnode)
                .collect()
        });
        html! {
            <RingFigure scene={Rc::clone(scene)} key_point={step.filter(|&s| s >= 1).map(|_| self.drawn_hash())}
                {walked} label={scheme.label()} servers={self.drawn.servers.len()}
                changed={self.drawn.previous.is_some()} />
        }
    }

    fn notes(&self) -> Html {
        notes(&NotesProps {
            notes: self.state.notes.clone(),
            dispatch: self.dispatch.clone(),
        })
    }

    fn stats(&self, moved: bool) -> Html {
        let m = &self.measurement;
        stats(&StatsProps {
            measured: m.measured.clone(),
            pinning: m.pinning,
            filling: self.filling,
            error: m.error.clone(),
            moved,
            table_shown: table_shown_instead(&self.state, &self.drawn),
        })
    }

    fn server_list(&self) -> Html {
        let s = &self.state;
        html! {
            <ServerList servers={s.servers.clone()} vnodes={s.scheme.uses_vnodes().then_some(s.vnodes)}
                weighted={s.scheme.uses_weights()} changed={s.previous.is_some()}
                error={s.field_error.clone()} dispatch={self.dispatch.clone()} />
        }
    }

    fn lookup_panel(&self) -> Html {
        html! {
            <LookupPanel key_text={self.state.key.clone()} key_cut={self.state.key_cut} key_hash={self.hash()}
                looked_up={Rc::clone(&self.looked_up)} step={self.step()} dispatch={self.dispatch.clone()} />
        }
    }

    fn hot_keys(&self, titled: bool) -> Html {
        hot_keys(&HotKeysProps {
            state: Rc::clone(&self.state),
            drawn: Rc::clone(&self.drawn),
            dispatch: self.dispatch.clone(),
            titled,
        })
    }

    /// A widget of the comparisons' own page (`widget`: the plots or the metric table), framed,
    /// over the drawn servers and settings: only what they read goes in its address, so a key
    /// typed or a step taken does not reload it.
    fn compare_frame(&self, widget: RingWidget) -> Html {
        let d = &self.drawn;
        let compared = RingState {
            servers: d.servers.clone(),
            vnodes: d.vnodes,
            table_size: d.table_size,
            seed: d.seed,
            ..RingState::default()
        };
        self.plot_frame(widget, &url_state::encode(&compared))
    }

    /// A widget of the plots' own page, framed in the state `pairs` give.
    fn plot_frame(&self, widget: RingWidget, pairs: &[(&'static str, String)]) -> Html {
        let widget = Widget::Ring(widget);
        let query = query_string(pairs);
        let mark = if query.is_empty() { "" } else { "?" };
        let src = format!(
            "{}#/embed/{}{mark}{query}",
            widget.page_from_here(),
            widget.address()
        );
        html! { <WidgetFrame {src} title={widget.title()} /> }
    }
}

/// Keys per server over the statistics keys, in server order (empty until measured).
fn loads(measurement: &Measurement) -> Vec<u64> {
    measurement
        .measured
        .as_ref()
        .map(|m| {
            m.result
                .load_after
                .per_server
                .iter()
                .map(|s| s.keys)
                .collect()
        })
        .unwrap_or_default()
}

impl Shown {
    /// One widget's body, inside its frame (`shell::widget_page`).
    pub fn widget(&self, widget: RingWidget) -> Html {
        let body = match widget {
            RingWidget::Grow => html! {
                <div class="rv-widget-cols rv-grow">
                    { self.figure(&self.scene, self.drawn.scheme, None) }
                    <div class="rv-side">{ self.server_list() }{ self.stats(true) }</div>
                </div>
            },
            RingWidget::ModVsRing => mod_vs_ring(self),
            // On the plots' own page (`compare_page.rs`), framed here as the comparisons are.
            RingWidget::Vnodes => {
                self.plot_frame(RingWidget::Vnodes, &url_state::encode(&self.state))
            }
            RingWidget::Lookup => html! {
                <div class="rv-widget-cols">
                    { self.figure(&self.scene, self.drawn.scheme, Some(self.drawn_step())) }
                    { self.lookup_panel() }
                </div>
            },
            RingWidget::Replicas => {
                let s = &self.state;
                let (steps, owners, note) = (*self.looked_up).clone();
                html! {
                    <div class="rv-widget-cols">
                        { self.figure(&self.scene, self.drawn.scheme, Some(steps.len().saturating_sub(1))) }
                        { replica_owners(&ReplicaOwnersProps { key_text: s.key.clone(), key_cut: s.key_cut, replicas: s.replicas, owners, note,
                            error: s.field_error.clone(), servers: s.servers.len(), dispatch: self.dispatch.clone() }) }
                    </div>
                }
            }
            RingWidget::Maglev => scheme_widget(self, None),
            RingWidget::Probes => scheme_widget(self, Some(Field::Probes)),
            RingWidget::Bounded => scheme_widget(self, Some(Field::LoadFactor)),
            RingWidget::HotKeys => self.hot_keys(false),
            // Its own page (`compare_page.rs`); the route hands this address over to it, and a
            // build with every page frames it here as the full view does.
            RingWidget::Compare | RingWidget::Metrics => self.compare_frame(widget),
        };
        html! { <>{ self.notes() }{ body }</> }
    }
}

/// "mod N against the ring": the same servers and keys under both, one Add, two counts.
fn mod_vs_ring(shown: &Shown) -> Html {
    let Some(contrast) = &shown.contrast else {
        return html! {};
    };
    let (state, drawn) = (&shown.state, &shown.drawn);
    let own = (drawn.scheme, &shown.measurement, &shown.scene);
    let other = (contrast.scheme, &contrast.measurement, &contrast.scene);
    let (modulo, ring) = if drawn.scheme == SchemeKind::Mod {
        (own, other)
    } else {
        (other, own)
    };
    html! {
        <>
            <div class="rv-pair">
                <section class="panel rv-pair-side">
                    { side_count(&SideCountProps { scheme: modulo.0, measured: modulo.1.measured.clone() }) }
                    { buckets(&BucketsProps { rule: BucketRule::Modulo, servers: drawn.servers.clone(),
                        loads: loads(modulo.1), key_hash: shown.drawn_hash() }) }
                    <p class="help">{ "Each bar is one server's keys: a key goes to server h mod N." }</p>
                </section>
                <section class="panel rv-pair-side">
                    { side_count(&SideCountProps { scheme: ring.0, measured: ring.1.measured.clone() }) }
                    { shown.figure(ring.2, ring.0, None) }
                </section>
            </div>
            { grow_buttons(&GrowButtonsProps { servers: state.servers.len(), changed: state.previous.is_some(),
                kill: state.servers.last().copied(), dispatch: shown.dispatch.clone() }) }
        </>
    }
}

/// A scheme's own widget ("Maglev's table", "k probes per key", "Bounded loads"): its picture,
/// the one setting it adds (Maglev's picture holds its own size buttons), and Add and Kill; a
/// blog column's height, so the other settings are the full view's.
fn scheme_widget(shown: &Shown, setting: Option<Field>) -> Html {
    let s = &shown.state;
    html! {
        <div class="rv-scheme-widget">
            { scheme_picture(&SchemePictureProps { state: Rc::clone(&shown.drawn), loads: loads(&shown.measurement),
                key_hash: shown.drawn_hash(), dispatch: shown.dispatch.clone() }) }
            <div class="rv-row">
                { for setting.map(|field| settings::setting(s, field, &shown.dispatch)) }
                { grow_buttons(&GrowButtonsProps { servers: s.servers.len(), changed: s.previous.is_some(),
                    kill: s.servers.last().copied(), dispatch: shown.dispatch.clone() }) }
            </div>
        </div>
    }
}

/// What the full view says under its heading.
pub const LEAD: &str =
    "Hash each key to a point on a circle and walk clockwise to the first server. \
    Add a server: on the ring about one key in five moves, under hash mod N four in five. The red \
    keys are the ones that moved.";

impl Shown {
    /// The full view's body (its frame is [`crate::shell::view_page`]): every widget's parts, with
    /// the scheme switch, the settings and the link to the Decoder.
    pub fn full_view(&self) -> Html {
        let (s, drawn) = (&self.state, &self.drawn);
        html! {
            <>
                { self.notes() }
                { scheme_picker(&SchemePickerProps { scheme: s.scheme, dispatch: self.dispatch.clone() }) }
                <div class="rv-grid">
                    { self.figure(&self.scene, drawn.scheme, Some(self.drawn_step())) }
                    <div class="rv-side">{ self.stats(true) }{ self.server_list() }</div>
                    { scheme_picture(&SchemePictureProps { state: Rc::clone(drawn), loads: loads(&self.measurement),
                        key_hash: self.drawn_hash(), dispatch: self.dispatch.clone() }) }
                    { self.lookup_panel() }
                    { to_decoder(&ToDecoderProps { key_hash: self.hash() }) }
                    { settings(&SettingsProps { state: s, dispatch: self.dispatch.clone() }) }
                    if self.painted {
                        <InView waiting={HOT_WAITING}>{ self.hot_keys(true) }</InView>
                    }
                    <section class="panel rv-comparisons" aria-labelledby="rv-comparisons-title">
                        <h2 id="rv-comparisons-title">{ "Comparisons" }</h2>
                        // After the first paint: a frame costs the start task its browsing
                        // context, lazy or not.
                        if self.painted {
                            { self.compare_frame(RingWidget::Compare) }
                            { self.compare_frame(RingWidget::Metrics) }
                        }
                    </section>
                </div>
            </>
        }
    }
}
