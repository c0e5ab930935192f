//! The simulator's event queue: a 4-ary min-heap keyed by (time, sequence).
//!
//! Four children per node halve the depth of a binary heap, and one `u128` comparison replaces a
//! float comparison plus a tie-break, which together make push and pop noticeably cheaper than
//! `std::collections::BinaryHeap` for the simulator's small, busy queue.
//!
//! A pop leaves the root's slot vacant instead of refilling it at once: handling an event usually
//! schedules the next one (a request's service at its next station), and that push then fills the
//! root and sinks from there, which saves the refill's move and the push's climb. Any other call
//! refills the root first, so every observable result is that of an ordinary heap.

use super::Event;

/// Children per node.
const ARITY: usize = 4;

/// A min-heap of events; the earliest event (lowest sequence number on ties) comes out first.
#[derive(Clone, Debug, Default)]
pub(super) struct EventQueue {
    items: Vec<Event>,
    /// Whether `items[0]` is a popped event whose slot still awaits a refill.
    vacant_root: bool,
}

/// The total order of events: time first (the bits of a non-negative f64 order like its value),
/// then the unique sequence number.
fn key(event: &Event) -> u128 {
    (u128::from(event.time_bits) << 64) | u128::from(event.order)
}

impl EventQueue {
    /// An empty queue with room for `capacity` events.
    pub(super) fn with_capacity(capacity: usize) -> EventQueue {
        EventQueue {
            items: Vec::with_capacity(capacity),
            vacant_root: false,
        }
    }

    /// Whether no event is scheduled.
    pub(super) fn is_empty(&mut self) -> bool {
        self.refill_root();
        self.items.is_empty()
    }

    /// The earliest event, without removing it.
    pub(super) fn peek(&mut self) -> Option<&Event> {
        self.refill_root();
        self.items.first()
    }

    /// Completes a pop: the last event fills the vacant root and sinks.
    fn refill_root(&mut self) {
        if !self.vacant_root {
            return;
        }
        self.vacant_root = false;
        let Some(last) = self.items.pop() else {
            return;
        };
        if !self.items.is_empty() {
            self.sink_from_root(last);
        }
    }

    /// Schedules an event.
    // Heap positions are below the Vec's length, itself at most isize::MAX / 24 for 24-byte
    // events, so parent and child arithmetic cannot overflow.
    #[allow(clippy::arithmetic_side_effects)]
    pub(super) fn push(&mut self, event: Event) {
        if self.vacant_root {
            // The popped root's slot takes the new event, which sinks to its place.
            self.vacant_root = false;
            self.sink_from_root(event);
            return;
        }
        let mut hole = self.items.len();
        self.items.push(event);
        let k = key(&event);
        while hole > 0 {
            let parent = (hole - 1) / ARITY;
            let Some(above) = self.items.get(parent).copied() else {
                break;
            };
            if key(&above) <= k {
                break;
            }
            if let Some(slot) = self.items.get_mut(hole) {
                *slot = above;
            }
            hole = parent;
        }
        if let Some(slot) = self.items.get_mut(hole) {
            *slot = event;
        }
    }

    /// Removes and returns the earliest event. Its slot is refilled by the next call.
    pub(super) fn pop(&mut self) -> Option<Event> {
        self.refill_root();
        let top = self.items.first().copied()?;
        self.vacant_root = true;
        Some(top)
    }

    /// Puts `event` in the root's slot (which must exist and be free) and sinks it to its place.
    ///
    /// Where a node has all four children (almost always, above the bottom row) their minimum is
    /// found without a loop or bounds checks, which is most of the simulator's time spent in the
    /// queue.
    // Heap positions are below the Vec's length, itself at most isize::MAX / 24 for 24-byte
    // events, so ×4 + 4 on them cannot overflow.
    #[allow(clippy::arithmetic_side_effects)]
    fn sink_from_root(&mut self, event: Event) {
        let k = key(&event);
        let len = self.items.len();
        let mut hole = 0;
        loop {
            let first = hole * ARITY + 1;
            let (best, best_key) = if let Some(group) = self
                .items
                .get(first..first + ARITY)
                .and_then(|g| <&[Event; ARITY]>::try_from(g).ok())
            {
                let keys = group.map(|e| key(&e));
                let [a, b, c, d] = keys;
                // Two rounds of pairwise minima, each choosing an index by arithmetic: which child
                // is least is a coin toss, and as a branch the second round was mispredicted
                // about half the time. The indices are at most 3, so `at` never misses.
                let at = |i: usize| keys.get(i).copied().unwrap_or(u128::MAX);
                let low_ab = usize::from(b < a);
                let low_cd = 2 + usize::from(d < c);
                let pick = low_ab + usize::from(at(low_cd) < at(low_ab)) * (low_cd - low_ab);
                (first + pick, at(pick))
            } else {
                let Some(children) = self.items.get(first..len) else {
                    break;
                };
                let mut best = first;
                let mut best_key = u128::MAX;
                for (offset, child) in children.iter().enumerate() {
                    let child_key = key(child);
                    if child_key < best_key {
                        best_key = child_key;
                        best = first + offset;
                    }
                }
                (best, best_key)
            };
            if best_key >= k {
                break;
            }
            let Some(moved) = self.items.get(best).copied() else {
                break;
            };
            if let Some(slot) = self.items.get_mut(hole) {
                *slot = moved;
            }
            hole = best;
        }
        if let Some(slot) = self.items.get_mut(hole) {
            *slot = event;
        }
    }
}
