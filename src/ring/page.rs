//! The Ring page itself: its state, its address-bar sync, the statistics and pictures it works
//! out, and which composition it shows (the full view or one widget, `compose.rs`).

use std::rc::Rc;

use shardlab_core::placement::SchemeKind;
use yew::prelude::*;

use super::compose::{Contrast, Shown, LEAD};
use super::lookup::use_looked_up;
use super::measure::use_measurement;
use super::scene::use_scene;
use super::state::{Action, RingState};
use super::{snapshot, url_state};
use crate::catalogue::{RingWidget, Widget};
use crate::jobs::slicer;
use crate::route::View;
use crate::shell::view_page::{view_or_widget, ViewPage};
use crate::url::url_state_hook::{use_url_state, UrlCodec};

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
    let (encode, decode) = url_state::codec_for(props.widget);
    let url = use_url_state(UrlCodec::new(View::Ring, encode, decode, |s| {
        Action::Restore(Box::new(s))
    }));
    let state = Rc::new((*url.state).clone());
    let dispatch = {
        let handle = url.state.clone();
        Callback::from(move |action: Action| handle.dispatch(action))
    };
    let measurement = use_measurement(Some((*state).clone()));
    // Only "mod N against the ring" measures a second scheme, on the same servers and keys.
    let contrast_state = (props.widget == Some(RingWidget::ModVsRing)).then(|| RingState {
        scheme: contrast_of(state.scheme),
        ..(*state).clone()
    });
    let contrast_measurement = use_measurement(contrast_state.clone());

    // The first render shows the page without its costly parts (the drawn keys and ticks, the
    // comparison plots), so it paints at once; they follow in a task of their own after it.
    let painted = use_state(|| false);
    {
        let painted = painted.setter();
        use_effect_with((), move |_| slicer::after_paint(move || painted.set(true)));
    }
    let scene = use_scene(Some(&state), *painted);
    // The mod side of the pair shows buckets, not a ring: only a ring contrast is drawn.
    let contrast_scene = use_scene(
        contrast_state
            .as_ref()
            .filter(|c| c.scheme != SchemeKind::Mod),
        *painted,
    );
    let looked_up = use_looked_up(&state);
    let snapshot_attr = snapshot::use_attr(&state, measurement.measured.as_deref());
    let shown = Shown {
        state,
        dispatch,
        measurement,
        contrast: contrast_state.map(|c| Contrast {
            scheme: c.scheme,
            measurement: contrast_measurement,
            scene: contrast_scene,
        }),
        scene,
        looked_up,
        painted: *painted,
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
