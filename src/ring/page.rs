//! The Ring page itself: its state, its address-bar sync, the statistics and pictures it works
//! out, and which composition it shows (the full view or one widget, `compose.rs`). The controls
//! show the reader's state at once; everything worked out from it follows one paint later
//! ([`super::drawn`]), so a click is seen in the next frame even where building its result is slow.

use std::rc::Rc;

use shardlab_core::placement::SchemeKind;
use yew::prelude::*;

use super::compose::{Contrast, Shown, LEAD};
use super::drawn::{use_drawn, Drawn, Prepare};
use super::kept_tables::{fill_tables, stand_in};
use super::lookup::use_looked_up;
use super::measure::use_measurement;
use super::scene::{self, use_scene};
use super::state::RingState;
use super::{hot_keys, snapshot, url_state};
use crate::catalogue::{RingWidget, Widget};
use crate::jobs::hook::use_painted;
use crate::route::View;
use crate::shell::view_page::{view_or_widget, ViewPage};

/// Properties of [`RingView`].
#[derive(Properties, PartialEq, Default)]
pub struct RingViewProps {
    /// The one widget to show alone ([`crate::catalogue`]); `None` shows the full view.
    #[prop_or_default]
    pub widget: Option<RingWidget>,
}

/// The scheme "mod N against the ring" sets beside the state's own: hash mod N, unless the state
/// is mod N already, when it is the ring.
pub fn contrast_of(scheme: SchemeKind) -> SchemeKind {
    // A comparison with mod N, not a decision per scheme: a new scheme needs nothing here.
    if scheme == SchemeKind::Mod {
        SchemeKind::Ring
    } else {
        SchemeKind::Mod
    }
}

/// The Ring page, or one of its widgets.
#[function_component(RingView)]
pub fn ring_view(props: &RingViewProps) -> Html {
    let url_state::RingUrl {
        url,
        state,
        dispatch,
    } = url_state::use_ring_url(props.widget);
    // What the costly parts show: the state a paint ago (see `drawn.rs`).
    // The hot-key widget works its comparison out in a task of its own, before the render.
    // Maglev's table is filled in slices before all of them (see `kept_tables.rs`).
    let prepare: &'static [Prepare<RingState>] = match props.widget {
        Some(RingWidget::HotKeys) => &[
            Prepare::Sliced(fill_tables),
            Prepare::Task(RingState::warm),
            Prepare::Task(scene::warm),
            Prepare::Task(hot_keys::warm),
        ],
        Some(
            RingWidget::Grow
            | RingWidget::ModVsRing
            | RingWidget::Vnodes
            | RingWidget::Lookup
            | RingWidget::Replicas
            | RingWidget::Compare
            | RingWidget::Metrics
            | RingWidget::Maglev
            | RingWidget::Probes
            | RingWidget::Bounded,
        )
        | None => &[
            Prepare::Sliced(fill_tables),
            Prepare::Task(RingState::warm),
            Prepare::Task(scene::warm),
        ],
    };
    let Drawn {
        value: drawn,
        preparing,
    } = use_drawn(Rc::clone(&state), prepare, stand_in);
    let measurement = use_measurement(Some((*drawn).clone()));
    // Only "mod N against the ring" measures a second scheme, on the same servers and keys.
    let contrast_state = (props.widget == Some(RingWidget::ModVsRing)).then(|| RingState {
        scheme: contrast_of(drawn.scheme),
        ..(*drawn).clone()
    });
    let contrast_measurement = use_measurement(contrast_state.clone());

    // The first render shows the page without its costly parts (the drawn keys and ticks, the
    // comparison plots), so it paints at once; they follow in a task of their own after it.
    let painted = use_painted();
    let scene = use_scene(Some(&drawn), painted);
    // The mod side of the pair shows buckets, not a ring: only a ring contrast is drawn.
    let contrast_scene = use_scene(
        contrast_state
            .as_ref()
            .filter(|c| c.scheme != SchemeKind::Mod),
        painted,
    );
    let looked_up = use_looked_up(&drawn);
    let snapshot_attr = snapshot::use_attr(&drawn, measurement.measured.as_deref());
    let shown = Shown {
        state,
        drawn,
        dispatch,
        measurement,
        contrast: contrast_state.map(|c| Contrast {
            scheme: c.scheme,
            measurement: contrast_measurement,
            scene: contrast_scene,
        }),
        scene,
        looked_up,
        filling: preparing,
        painted,
    };
    let page = ViewPage {
        view: View::Ring,
        snapshot: snapshot_attr,
        query: &url.encoded,
        lead: LEAD,
    };
    let body = match props.widget {
        Some(widget) => shown.widget(widget),
        None => shown.full_view(),
    };
    view_or_widget(page, props.widget.map(Widget::Ring), body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pair_always_sets_mod_n_beside_another_scheme() {
        for kind in SchemeKind::ALL {
            let other = contrast_of(kind);
            assert_ne!(other, kind);
            assert!(kind == SchemeKind::Mod || other == SchemeKind::Mod);
        }
    }
}

#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::RingView;
    use crate::snapshot::ATTRIBUTE;
    use crate::test_support::{eventually, find, mount, texts};

    wasm_bindgen_test_configure!(run_in_browser);

    fn snapshot(root: &web_sys::Element) -> String {
        find(root, &format!("[{ATTRIBUTE}]"))
            .get_attribute(ATTRIBUTE)
            .unwrap_or_default()
    }

    #[wasm_bindgen_test]
    async fn a_click_shows_in_the_controls_at_once_and_in_the_drawing_after_a_paint() {
        let root = mount::<RingView>().await;
        let four = r#""servers":[0,1,2,3],"#;
        let five = r#""servers":[0,1,2,3,4],"#;
        assert!(eventually(&root, |r| snapshot(r).contains(four)).await);
        find(&root, "[data-testid=add-server]")
            .unchecked_into::<web_sys::HtmlElement>()
            .click();
        yew::scheduler::flush().await;
        // The task of the click renders the server list only: the placement, the scene and the
        // snapshot's walk over the drawn keys are built after the next paint.
        assert_eq!(texts(&root, "#rv-servers-title"), ["Servers (5)"]);
        assert!(snapshot(&root).contains(four), "{}", snapshot(&root));
        assert!(root
            .query_selector("[data-testid=moved-drawn]")
            .ok()
            .flatten()
            .is_none());
        // Then everything shows the new server, and the drawing the keys it took.
        assert!(eventually(&root, |r| snapshot(r).contains(five)).await);
        assert!(
            eventually(&root, |r| texts(r, "[data-testid=moved-drawn]")
                .concat()
                .contains("of them moved"))
            .await
        );
        // The snapshot is counted for the servers on screen, as Learn's checks read it.
        assert!(
            eventually(&root, |r| snapshot(r).contains(r#""measured":true"#)
                && snapshot(r).contains(five))
            .await,
            "{}",
            snapshot(&root)
        );
    }
}
