//! The simulated cache: LRU eviction plus a TTL counted from when an entry was stored.
//!
//! Objects are ranks 1 ..= n, so the recency list is intrusive: one array of slots indexed by
//! rank, with slot 0 as the sentinel of a circular doubly linked list. Every operation is O(1) and
//! allocation-free; only `new` touches the whole catalogue. A slot keeps its links and its time
//! together (16 bytes), so a lookup in a catalogue far larger than the CPU cache costs one memory
//! miss per slot touched rather than one per array.
//!
//! Whether an object is cached is kept apart, one bit per object (62.5 kB for 500,000 objects,
//! small enough to stay in the CPU cache), so a lookup that misses, which is most lookups of
//! unpopular objects, is answered without reading the object's slot at all. A slot's contents
//! mean something only while its bit is set.

/// One object's place in the recency list.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// When the object was stored, in simulated seconds.
    stored_at: f64,
    /// The more recent neighbour (0 = the sentinel).
    prev: u32,
    /// The less recent neighbour (0 = the sentinel).
    next: u32,
}

impl Slot {
    /// The sentinel of an empty list points at itself; other slots start the same, unused.
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
    /// Bit k (word k / 64, bit k % 64) is set while object k is cached.
    cached: Vec<u64>,
}

impl Lru {
    /// An empty cache for objects 1 ..= `objects`, holding at most `capacity` of them.
    pub(crate) fn new(objects: u32, capacity: u32, ttl_s: f64) -> Lru {
        let slot_count = (objects as usize).saturating_add(1);
        Lru {
            capacity,
            ttl_s,
            len: 0,
            slots: vec![Slot::SENTINEL; slot_count],
            cached: vec![0; slot_count.div_ceil(64)],
        }
    }

    /// Entries currently held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> u32 {
        self.len
    }

    /// Whether `k` (not the sentinel) is cached.
    fn is_cached(&self, k: u32) -> bool {
        k != 0
            && self
                .cached
                .get((k / 64) as usize)
                .is_some_and(|word| (word >> (k % 64)) & 1 == 1)
    }

    /// Sets or clears `k`'s cached bit.
    fn mark(&mut self, k: u32, cached: bool) {
        if let Some(word) = self.cached.get_mut((k / 64) as usize) {
            let bit = 1u64 << (k % 64);
            if cached {
                *word |= bit;
            } else {
                *word &= !bit;
            }
        }
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
        self.mark(k, false);
        self.len = self.len.saturating_sub(1);
    }

    /// Looks `k` up at time `now`: a fresh entry is a hit and becomes most recent; an expired one
    /// is dropped and counts as a miss.
    // Inlined into the event loop: once per cache read, and the call showed in the profile.
    #[inline(always)]
    pub(crate) fn get(&mut self, k: u32, now: f64) -> bool {
        if !self.is_cached(k) {
            return false;
        }
        let Some(stored) = self.slots.get(k as usize).map(|s| s.stored_at) else {
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
        if self.is_cached(k) {
            self.unlink(k);
        } else {
            if self.len >= self.capacity {
                let oldest = self.slots.first().map_or(0, |s| s.prev);
                if oldest != 0 {
                    self.drop_entry(oldest);
                }
            }
            self.len = self.len.saturating_add(1);
            self.mark(k, true);
        }
        self.push_front(k, now);
    }

    /// Deletes `k` if present (cache-aside invalidation on write).
    pub(crate) fn remove(&mut self, k: u32) {
        if self.is_cached(k) {
            self.drop_entry(k);
        }
    }

    /// Drops every entry (a flush).
    pub(crate) fn clear(&mut self) {
        self.cached.fill(0);
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

    /// The same rules, written plainly: entries in recency order, most recent first.
    struct ReferenceLru {
        capacity: usize,
        ttl_s: f64,
        entries: Vec<(u32, f64)>,
    }

    impl ReferenceLru {
        fn get(&mut self, k: u32, now: f64) -> bool {
            let Some(i) = self.entries.iter().position(|e| e.0 == k) else {
                return false;
            };
            let entry = self.entries.remove(i);
            if now - entry.1 > self.ttl_s {
                return false;
            }
            self.entries.insert(0, entry);
            true
        }

        fn put(&mut self, k: u32, now: f64) {
            if let Some(i) = self.entries.iter().position(|e| e.0 == k) {
                self.entries.remove(i);
            } else if self.entries.len() >= self.capacity {
                self.entries.pop();
            }
            self.entries.insert(0, (k, now));
        }

        fn remove(&mut self, k: u32) {
            self.entries.retain(|e| e.0 != k);
        }
    }

    #[test]
    fn matches_a_plain_lru_under_random_operations() {
        use crate::sim::zipf::unit;
        use rand::rngs::Xoshiro256PlusPlus;
        use rand::SeedableRng;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        // Objects straddle several 64-bit words of the cached bits; capacity forces evictions.
        let objects = 300;
        let mut lru = Lru::new(objects, 40, 0.3);
        let mut reference = ReferenceLru {
            capacity: 40,
            ttl_s: 0.3,
            entries: Vec::new(),
        };
        let mut now = 0.0;
        for step in 0..200_000 {
            now += unit(&mut rng) * 0.01;
            let k = 1 + (unit(&mut rng) * f64::from(objects)) as u32;
            match (unit(&mut rng) * 100.0) as u32 {
                0..=49 => assert_eq!(lru.get(k, now), reference.get(k, now), "step {step}"),
                50..=89 => {
                    lru.put(k, now);
                    reference.put(k, now);
                }
                90..=98 => {
                    lru.remove(k);
                    reference.remove(k);
                }
                _ if step % 50 == 0 => {
                    lru.clear();
                    reference.entries.clear();
                }
                _ => {}
            }
            assert_eq!(lru.len() as usize, reference.entries.len(), "step {step}");
        }
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
