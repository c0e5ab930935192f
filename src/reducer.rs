//! The one shape of a view reducer: change a copy, and keep the same `Rc` when nothing changed, so
//! an action that changes nothing re-renders nothing.

use std::rc::Rc;

/// `state` changed by `change`, or `state` itself when the change left it equal.
pub fn changed<S: Clone + PartialEq>(state: Rc<S>, change: impl FnOnce(&mut S)) -> Rc<S> {
    let mut next = (*state).clone();
    change(&mut next);
    if next == *state {
        state
    } else {
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unchanged_state_keeps_its_rc_and_a_changed_one_is_new() {
        let state = Rc::new(3);
        let same = changed(state.clone(), |n| *n = 3);
        assert!(Rc::ptr_eq(&state, &same));
        let other = changed(state.clone(), |n| *n = 4);
        assert!(!Rc::ptr_eq(&state, &other));
        assert_eq!(*other, 4);
    }
}
