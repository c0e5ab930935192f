//! The Board page itself: its one reducer, its address-bar sync and autosave, the estimate and
//! the simulation, and what it shows: the full view, or one widget alone in the shared widget frame
//! ([`crate::shell::widget_page`]). Both are compositions of the same parts ([`super::compose`]).
//!
//! A widget's address opens its own link, or the preset's default when the link is bare, and
//! never reads or writes the reader's autosave: like an embed, it is someone's post showing one
//! idea, and the reader's own board stays theirs (see `autosave.rs`).

use super::*;
use crate::catalogue::{BoardWidget, Widget};
use crate::shell::view_page::{view_or_widget, ViewPage};
use crate::jobs::hook::use_painted;
use crate::url::url_state_hook::{use_link_pairs, use_url_state_with, UrlCodec};
use std::rc::Rc;

use shardlab_core::sim::{estimate, validate};
use yew::prelude::*;

use crate::route::View;
use compose::{Shown, ShownSave};
use runner::{use_simulation, RunKey, RunStatus};
use state::{Action, DEFAULT_DURATION_S};

use autosave::{use_autosave, SAVE_DELAY_MS};

/// Properties of [`BoardView`].
#[derive(Properties, PartialEq, Default)]
pub struct BoardViewProps {
    /// The one widget to show alone ([`crate::catalogue`]); `None` shows the full view.
    #[prop_or_default]
    pub widget: Option<BoardWidget>,
}

/// The Board page, or one of its widgets.
#[function_component(BoardView)]
pub fn board_view(props: &BoardViewProps) -> Html {
    let link = use_link_pairs();
    // Apart from the reader's autosave: an embed, and any widget (see the module doc).
    let apart = link.embedded || props.widget.is_some();
    let codec = UrlCodec::new(
        View::Board,
        url_state::encode,
        |pairs| url_state::decode(pairs).0,
        |s| Action::Restore(Box::new(s)),
    );
    // What the page opened on, and since then what the last link from outside opened on: a link
    // pasted into the address bar, Back and Forward, or a link inside the site opens as a loaded
    // link does, and the save stays the reader's until they edit (issue 38 §7).
    let opened = use_mut_ref(|| None::<Rc<autosave::Opening>>);
    let url = use_url_state_with(codec.settling(SAVE_DELAY_MS), {
        let opened = opened.clone();
        move |pairs, _| {
            let opening = autosave::opening(pairs, apart);
            let state = opening.state.clone();
            *opened.borrow_mut() = Some(Rc::new(opening));
            state
        }
    });
    // The hook opened the link on its first render, so this is always there.
    let opening = opened
        .borrow()
        .clone()
        .unwrap_or_else(|| Rc::new(autosave::opening(&link.own, apart)));
    let state = url.state.clone();
    let (saved, dismiss_other_tab) = use_autosave(&state, &url.encoded, apart, url.arrivals);

    // How many times a whole new design came onto the board: the canvas is keyed by it, so each
    // new design (a preset, an import, a restored board) opens at its own fit.
    let designs_loaded = use_mut_ref(|| 0u32);
    let dispatch = {
        let (state, designs_loaded) = (state.clone(), designs_loaded.clone());
        Callback::from(move |action: Action| {
            if action.replaces_design() {
                let mut loaded = designs_loaded.borrow_mut();
                *loaded = loaded.wrapping_add(1);
            }
            state.dispatch(action)
        })
    };

    // A progress update re-renders the page while the board is unchanged; validating and
    // estimating again each time would only lengthen those renders.
    let checked = use_memo((state.design.clone(), state.users), |(design, users)| {
        (validate(design), estimate(design, *users))
    });
    let key = Rc::new(RunKey::new(
        &state.design,
        state.users,
        state.seed,
        DEFAULT_DURATION_S,
    ));
    let status = use_simulation(key, state.cancelled);
    let report = match &status {
        RunStatus::Done(report) => Some(report.clone()),
        _ => None,
    };
    let canvas_key = format!(
        "{}:{}",
        state.preset.as_deref().unwrap_or_default(),
        designs_loaded.borrow()
    );
    let painted = use_painted();
    let shown = Shown {
        state: &state,
        errors: &checked.0,
        estimated: &checked.1,
        status: &status,
        report,
        dispatch: &dispatch,
        canvas_key,
        save: ShownSave {
            opening: &opening,
            status: &saved,
            dismiss_other_tab: &dismiss_other_tab,
        },
        painted,
    };
    let page = ViewPage {
        view: View::Board,
        snapshot: snapshot::attr(&state, &checked.1, &status),
        query: &url.encoded,
        lead: compose::LEAD,
    };
    let body = match props.widget {
        Some(widget) => shown.widget(widget),
        None => shown.full_view(),
    };
    view_or_widget(page, props.widget.map(Widget::Board), body)
}
