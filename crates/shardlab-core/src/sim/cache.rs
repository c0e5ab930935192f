//! The simulated cache: LRU eviction plus a TTL counted from when an entry was stored.
//!
//! Objects are ranks 1 ..= n, so the recency list is intrusive: one array of slots indexed by
//! rank, with slot 0 as the sentinel of a circular doubly linked list. Every operation is O(1) and
//! allocation-free; only `new` and `clear` touch the whole catalogue. A slot keeps its links and
//! its time together (16 bytes), so a lookup in a catalogue far larger than the CPU cache costs
//! one memory miss per slot touched rather than one per array.

/// `prev` of a slot whose object is not cached.
const ABSENT: u32 = u32::MAX;

/// One object's place in the recency list.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// When the object was stored, in simulated seconds.
    stored_at: f64,
    /// The more recent neighbour (0 = the sentinel), or [`ABSENT`].
    prev: u32,
    /// The less recent neighbour (0 = the sentinel).
    next: u32,
}

impl Slot {
    const EMPTY: Slot = Slot {
        stored_at: 0.0,
        prev: ABSENT,
        next: 0,
    };
    /// The sentinel of an empty list points at itself.
    const SENTINEL: Slot = Slot {
        stored_at: 0.0,
        prev: 0,
        next: 0,
    };
}

/// An LRU cache of object ranks with a TTL.
#[derive(Clone, Debug)]
pub(crate) struct Lru {
    capacity: u32,
    ttl_s: f64,
    len: u32,
    slots: Vec<Slot>,
}

impl Lru {
    /// An empty cache for objects 1 ..= `objects`, holding at most `capacity` of them.
    pub(crate) fn new(objects: u32, capacity: u32, ttl_s: f64) -> Lru {
        let mut slots = vec![Slot::EMPTY; (objects as usize).saturating_add(1)];
        if let Some(sentinel) = slots.first_mut() {
            *sentinel = Slot::SENTINEL;
        }
        Lru {
            capacity,
            ttl_s,
            len: 0,
            slots,
        }
    }

    /// Entries currently held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> u32 {
        self.len
    }

    /// The slot of a cached object, if `k` is one.
    fn cached(&self, k: u32) -> Option<&Slot> {
        if k == 0 {
            return None;
        }
        self.slots.get(k as usize).filter(|s| s.prev != ABSENT)
    }

    fn unlink(&mut self, k: u32) {
        let Some(&Slot { prev, next, .. }) = self.slots.get(k as usize) else {
            return;
        };
        if let Some(slot) = self.slots.get_mut(prev as usize) {
            slot.next = next;
        }
        if let Some(slot) = self.slots.get_mut(next as usize) {
            slot.prev = prev;
        }
    }

    /// Links `k` in as the most recent entry, stored at `stored_at`.
    fn push_front(&mut self, k: u32, stored_at: f64) {
        let first = self.slots.first().map_or(0, |s| s.next);
        if let Some(slot) = self.slots.get_mut(k as usize) {
            *slot = Slot {
                stored_at,
                prev: 0,
                next: first,
            };
        }
        if let Some(slot) = self.slots.get_mut(first as usize) {
            slot.prev = k;
        }
        if let Some(slot) = self.slots.first_mut() {
            slot.next = k;
        }
    }

    fn drop_entry(&mut self, k: u32) {
        self.unlink(k);
        if let Some(slot) = self.slots.get_mut(k as usize) {
            slot.prev = ABSENT;
        }
        self.len = self.len.saturating_sub(1);
    }

    /// Looks `k` up at time `now`: a fresh entry is a hit and becomes most recent; an expired one
    /// is dropped and counts as a miss.
    // Inlined into the event loop: once per cache read, and the call showed in the profile.
    #[inline(always)]
    pub(crate) fn get(&mut self, k: u32, now: f64) -> bool {
        let Some(stored) = self.cached(k).map(|s| s.stored_at) else {
            return false;
        };
        if now - stored > self.ttl_s {
            self.drop_entry(k);
            return false;
        }
        self.unlink(k);
        self.push_front(k, stored);
        true
    }

    /// Stores (or refreshes) `k` at time `now`, evicting the least recently used entry if full.
    pub(crate) fn put(&mut self, k: u32, now: f64) {
        if k == 0 || k as usize >= self.slots.len() || self.capacity == 0 {
            return;
        }
        if self.cached(k).is_some() {
            self.unlink(k);
        } else {
            if self.len >= self.capacity {
                let oldest = self.slots.first().map_or(0, |s| s.prev);
                if oldest != 0 {
                    self.drop_entry(oldest);
                }
            }
            self.len = self.len.saturating_add(1);
        }
        self.push_front(k, now);
    }

    /// Deletes `k` if present (cache-aside invalidation on write).
    pub(crate) fn remove(&mut self, k: u32) {
        if self.cached(k).is_some() {
            self.drop_entry(k);
        }
    }

    /// Drops every entry (a flush).
    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::EMPTY);
        if let Some(sentinel) = self.slots.first_mut() {
            *sentinel = Slot::SENTINEL;
        }
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evicts_least_recently_used() {
        let mut c = Lru::new(10, 2, 100.0);
        c.put(1, 0.0);
        c.put(2, 0.0);
        assert!(c.get(1, 1.0)); // 1 is now most recent
        c.put(3, 1.0); // evicts 2
        assert!(!c.get(2, 1.0));
        assert!(c.get(1, 1.0));
        assert!(c.get(3, 1.0));
        assert_eq!(c.len(), 2);
    }

    #[test]
    fn expires_after_ttl_and_clears() {
        let mut c = Lru::new(10, 5, 60.0);
        c.put(4, 0.0);
        assert!(c.get(4, 60.0));
        assert!(!c.get(4, 60.5));
        assert_eq!(c.len(), 0);
        c.put(5, 0.0);
        c.remove(5);
        assert!(!c.get(5, 0.0));
        c.put(6, 0.0);
        c.clear();
        assert!(!c.get(6, 0.0));
        assert_eq!(c.len(), 0);
        c.put(7, 1.0);
        assert!(c.get(7, 1.0));
    }
}
