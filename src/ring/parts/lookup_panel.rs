//! The lookup panel as a component: the key box, the step controls and the steps of
//! `lookup_steps.rs` (whose play state is a hook, so it lives in a component of its own).

use std::rc::Rc;

use yew::prelude::*;

use crate::ring::lookup::LookedUp;
use crate::ring::lookup_steps::{use_lookup_steps, LookupStepsProps};
use crate::ring::state::Action;

/// Props for [`LookupPanel`].
#[derive(Properties, PartialEq)]
pub struct LookupPanelProps {
    pub key_text: String,
    /// The typed key's length when it was cut to the kept key (`RingState::key_cut`).
    pub key_cut: Option<usize>,
    pub key_hash: u64,
    pub looked_up: Rc<LookedUp>,
    /// The step shown (already within the steps).
    pub step: usize,
    pub dispatch: Callback<Action>,
}

/// The lookup panel.
#[function_component(LookupPanel)]
pub fn lookup_panel(props: &LookupPanelProps) -> Html {
    let (steps, replicas, replicas_note) = (*props.looked_up).clone();
    use_lookup_steps(&LookupStepsProps {
        key_text: props.key_text.clone(),
        key_cut: props.key_cut,
        key_hash: props.key_hash,
        steps,
        step: props.step,
        replicas,
        replicas_note,
        dispatch: props.dispatch.clone(),
    })
}
