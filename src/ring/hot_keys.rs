//! The hot-key comparison of a state: the core's [`compare_cures`] over the state's ring, with
//! the key count as the catalogue and [`HOT_KEY_REQUESTS`] requests, kept for the last inputs.
//!
//! The hot-key widget works it out in a task of its own before the render that shows it
//! ([`warm`], one of the drawn state's preparing steps), and the snapshot reads only what is
//! kept ([`kept`]), so a route that does not show the comparison never pays for it.

use std::cell::RefCell;
use std::rc::Rc;

use shardlab_core::placement::{
    compare_cures, more_vnodes, CureComparison, CureSettings, Popularity, Server, Workload,
};
use shardlab_core::view_limits::ring::HOT_KEY_REQUESTS;

use super::state::{ring_fits, ring_of, RingState};

/// What a comparison is worked out from.
#[derive(Debug, Clone, PartialEq)]
struct Inputs {
    servers: Vec<Server>,
    vnodes: u32,
    catalogue: u64,
    seed: u64,
    popularity: Popularity,
    settings: CureSettings,
}

impl Inputs {
    fn of(state: &RingState) -> Self {
        Self {
            servers: state.servers.clone(),
            vnodes: state.vnodes,
            catalogue: state.keys,
            seed: state.seed,
            popularity: state.hot.popularity,
            settings: state.hot.settings,
        }
    }
}

/// The comparison, or the core's reason it could not be made.
pub type Compared = Result<Rc<CureComparison>, String>;

thread_local! {
    /// The last comparison and its inputs: the widget, the snapshot and the next render all read it.
    static KEPT: RefCell<Option<(Inputs, Compared)>> = const { RefCell::new(None) };
}

fn work_out(inputs: &Inputs) -> Compared {
    let ring = ring_of(&inputs.servers, inputs.vnodes).map_err(|e| e.to_string())?;
    let more_per_weight = more_vnodes(inputs.vnodes);
    // Ten times the points may pass the ring's limit; the row is then left out, and said so.
    let more = ring_fits(&inputs.servers, more_per_weight)
        .then(|| ring_of(&inputs.servers, more_per_weight).ok())
        .flatten();
    let workload = Workload {
        catalogue: u32::try_from(inputs.catalogue).unwrap_or(u32::MAX),
        requests: HOT_KEY_REQUESTS,
        popularity: inputs.popularity,
        seed: inputs.seed,
    };
    compare_cures(&ring, more.as_deref(), &workload, inputs.settings)
        .map(Rc::new)
        .map_err(|e| e.to_string())
}

/// The comparison of `state`: kept, or worked out now and kept.
pub fn comparison(state: &RingState) -> Compared {
    let inputs = Inputs::of(state);
    if let Some(kept) = kept_for(&inputs) {
        return kept;
    }
    let compared = work_out(&inputs);
    KEPT.with(|kept| *kept.borrow_mut() = Some((inputs, compared.clone())));
    compared
}

fn kept_for(inputs: &Inputs) -> Option<Compared> {
    KEPT.with(|kept| {
        kept.borrow()
            .as_ref()
            .filter(|(of, _)| of == inputs)
            .map(|(_, compared)| compared.clone())
    })
}

/// The comparison of `state` if it was worked out already.
pub fn kept(state: &RingState) -> Option<Rc<CureComparison>> {
    kept_for(&Inputs::of(state)).and_then(Result::ok)
}

/// Works out the comparison of `state` so the render that shows it finds it kept.
pub fn warm(state: &RingState) {
    // A refusal is shown by the render that reads it.
    let _ = comparison(state);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::RingWidget;
    use crate::ring::state::Action;
    use shardlab_core::placement::Cure;

    #[test]
    fn the_widget_opens_on_one_hot_server_and_the_comparison_is_kept() {
        let state = RingState::opening(Some(RingWidget::HotKeys));
        assert_eq!(kept(&state), None);
        let Ok(compared) = comparison(&state) else {
            unreachable!()
        };
        let peak = |cure| compared.row(cure).map(|r| r.result.loads.max_over_mean);
        assert!(peak(Cure::None).is_some_and(|p| p > 2.0), "{compared:?}");
        assert!(peak(Cure::BoundedLoads).is_some_and(|p| p <= 1.25));
        assert_eq!(kept(&state).as_deref(), Some(&*compared));
        // Another cure on show reads the same comparison; another exponent is a new one.
        let mut next = state.clone();
        next.apply(Action::SetCure(Cure::TwoChoices));
        assert!(kept(&next).is_some());
        next.apply(Action::Type(
            crate::ring::state::Field::Exponent,
            "0".to_owned(),
        ));
        assert_eq!(next.hot.popularity, Popularity::Uniform);
        assert_eq!(kept(&next), None);
    }
}
