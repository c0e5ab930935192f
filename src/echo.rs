//! Telling a view's own writes, heard back late, from an edit made outside it: one pure rule for
//! the address bar ([`crate::url::url_state_hook`]).
//!
//! A view writes its state to the address and hears it back later, when the router re-renders
//! with the address it was given. On a slow page the view may write again before the first write
//! comes back, so what it hears can be older than what it last wrote. Comparing only against the last write takes that late echo for
//! an outside edit, restores the older value, writes it again, and the two values then chase
//! each other (issue 38 §1). [`OwnWrites`] keeps every write not yet heard back, in order: a value
//! among them is the view's own echo, and anything else is an edit from outside.

use std::collections::VecDeque;

use shardlab_core::view_limits::echo::KEPT_OWN_WRITES;

/// What a value heard back is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heard {
    /// One of the view's own writes, come back (perhaps behind a newer one): nothing to do.
    Own,
    /// A value the view did not write: someone else's edit, which the view should take.
    Outside,
}

/// The writes a view made and has not heard back yet, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct OwnWrites<T> {
    unheard: VecDeque<T>,
}

impl<T> Default for OwnWrites<T> {
    fn default() -> Self {
        OwnWrites {
            unheard: VecDeque::new(),
        }
    }
}

impl<T: PartialEq> OwnWrites<T> {
    /// Remembers a write, to be heard back later.
    pub fn wrote(&mut self, value: T) {
        if self.unheard.back() == Some(&value) {
            return;
        }
        if self.unheard.len() >= KEPT_OWN_WRITES {
            self.unheard.pop_front();
        }
        self.unheard.push_back(value);
    }

    /// Says what `value` is. An own write is heard together with every write before it, which
    /// can no longer come back after it (echoes arrive in the order of their writes, and a busy
    /// router may skip some); the writes after it are still on their way. An outside edit
    /// forgets every write: they were all before it.
    pub fn heard(&mut self, value: &T) -> Heard {
        match self.unheard.iter().position(|w| w == value) {
            Some(at) => {
                self.unheard.drain(..=at);
                Heard::Own
            }
            None => {
                self.unheard.clear();
                Heard::Outside
            }
        }
    }

    /// Whether `value` is a write not heard back yet, without hearing it.
    pub fn is_own(&self, value: &T) -> bool {
        self.unheard.contains(value)
    }

    /// The latest write not heard back yet.
    pub fn latest(&self) -> Option<&T> {
        self.unheard.back()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_late_echo_of_an_older_write_is_the_views_own() {
        let mut writes = OwnWrites::default();
        for text in ["1", "17", "175"] {
            writes.wrote(text.to_string());
        }
        // The router re-renders with the first address while the view has written two more.
        assert_eq!(writes.heard(&"1".to_string()), Heard::Own);
        assert_eq!(writes.heard(&"17".to_string()), Heard::Own);
        assert_eq!(writes.heard(&"175".to_string()), Heard::Own);
        // All heard: the same value again is someone else's (the reader pasted the same link).
        assert_eq!(writes.heard(&"175".to_string()), Heard::Outside);
    }

    #[test]
    fn a_skipped_echo_is_heard_with_the_one_after_it() {
        let mut writes = OwnWrites::default();
        for text in ["a", "ab", "abc"] {
            writes.wrote(text.to_string());
        }
        // A busy router showed only the last address.
        assert_eq!(writes.heard(&"abc".to_string()), Heard::Own);
        assert!(!writes.is_own(&"a".to_string()));
        assert_eq!(writes.latest(), None);
    }

    #[test]
    fn an_outside_edit_is_taken_and_forgets_the_writes_before_it() {
        let mut writes = OwnWrites::default();
        writes.wrote(1);
        writes.wrote(2);
        assert_eq!(writes.heard(&9), Heard::Outside);
        assert_eq!(writes.heard(&2), Heard::Outside);
    }

    #[test]
    fn a_value_written_twice_is_heard_twice_in_order() {
        let mut writes = OwnWrites::default();
        for n in [1, 2, 1] {
            writes.wrote(n);
        }
        assert_eq!(writes.heard(&1), Heard::Own);
        assert_eq!(writes.heard(&2), Heard::Own);
        assert_eq!(writes.heard(&1), Heard::Own);
        assert_eq!(writes.heard(&1), Heard::Outside);
    }

    #[test]
    fn the_same_write_twice_in_a_row_is_kept_once() {
        let mut writes = OwnWrites::default();
        writes.wrote(5);
        writes.wrote(5);
        assert_eq!(writes.heard(&5), Heard::Own);
        assert_eq!(writes.heard(&5), Heard::Outside);
    }

    #[test]
    fn writes_never_heard_back_are_bounded_and_the_oldest_go_first() {
        let mut writes = OwnWrites::default();
        let count = KEPT_OWN_WRITES.saturating_add(5);
        for n in 0..count {
            writes.wrote(n);
        }
        assert!(!writes.is_own(&0));
        assert!(writes.is_own(&5));
        assert_eq!(writes.latest(), Some(&count.saturating_sub(1)));
    }
}
