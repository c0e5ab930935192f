//! The simulated cache: LRU eviction plus a TTL counted from when an entry was stored.
//!
//! Objects are ranks 1 ..= n, so the recency list is intrusive arrays indexed by rank, with slot 0
//! as the sentinel of a circular doubly linked list. Every operation is O(1) and allocation-free;
//! only `new` and `clear` touch the whole catalogue.

/// An LRU cache of object ranks with a TTL.
#[derive(Clone, Debug)]
pub(crate) struct Lru {
    capacity: u32,
    ttl_s: f64,
    len: u32,
    stored_at: Vec<f64>,
    prev: Vec<u32>,
    next: Vec<u32>,
    present: Vec<bool>,
}

impl Lru {
    /// An empty cache for objects 1 ..= `objects`, holding at most `capacity` of them.
    pub(crate) fn new(objects: u32, capacity: u32, ttl_s: f64) -> Lru {
        let slots = objects as usize + 1;
        Lru {
            capacity,
            ttl_s,
            len: 0,
            stored_at: vec![0.0; slots],
            prev: vec![0; slots],
            next: vec![0; slots],
            present: vec![false; slots],
        }
    }

    /// Entries currently held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> u32 {
        self.len
    }

    fn unlink(&mut self, k: u32) {
        let (Some(&p), Some(&n)) = (self.prev.get(k as usize), self.next.get(k as usize)) else {
            return;
        };
        if let Some(slot) = self.next.get_mut(p as usize) {
            *slot = n;
        }
        if let Some(slot) = self.prev.get_mut(n as usize) {
            *slot = p;
        }
    }

    fn push_front(&mut self, k: u32) {
        let first = self.next.first().copied().unwrap_or(0);
        if let Some(slot) = self.next.get_mut(k as usize) {
            *slot = first;
        }
        if let Some(slot) = self.prev.get_mut(k as usize) {
            *slot = 0;
        }
        if let Some(slot) = self.prev.get_mut(first as usize) {
            *slot = k;
        }
        if let Some(slot) = self.next.first_mut() {
            *slot = k;
        }
    }

    fn drop_entry(&mut self, k: u32) {
        self.unlink(k);
        if let Some(flag) = self.present.get_mut(k as usize) {
            *flag = false;
        }
        self.len = self.len.saturating_sub(1);
    }

    /// Looks `k` up at time `now`: a fresh entry is a hit and becomes most recent; an expired one
    /// is dropped and counts as a miss.
    pub(crate) fn get(&mut self, k: u32, now: f64) -> bool {
        if k == 0 || !self.present.get(k as usize).copied().unwrap_or(false) {
            return false;
        }
        let stored = self
            .stored_at
            .get(k as usize)
            .copied()
            .unwrap_or(f64::NEG_INFINITY);
        if now - stored > self.ttl_s {
            self.drop_entry(k);
            return false;
        }
        self.unlink(k);
        self.push_front(k);
        true
    }

    /// Stores (or refreshes) `k` at time `now`, evicting the least recently used entry if full.
    pub(crate) fn put(&mut self, k: u32, now: f64) {
        if k == 0 || k as usize >= self.present.len() || self.capacity == 0 {
            return;
        }
        if self.present.get(k as usize).copied().unwrap_or(false) {
            self.unlink(k);
        } else {
            if self.len >= self.capacity {
                let oldest = self.prev.first().copied().unwrap_or(0);
                if oldest != 0 {
                    self.drop_entry(oldest);
                }
            }
            if let Some(flag) = self.present.get_mut(k as usize) {
                *flag = true;
            }
            self.len += 1;
        }
        if let Some(slot) = self.stored_at.get_mut(k as usize) {
            *slot = now;
        }
        self.push_front(k);
    }

    /// Deletes `k` if present (cache-aside invalidation on write).
    pub(crate) fn remove(&mut self, k: u32) {
        if k != 0 && self.present.get(k as usize).copied().unwrap_or(false) {
            self.drop_entry(k);
        }
    }

    /// Drops every entry (a flush).
    pub(crate) fn clear(&mut self) {
        self.present.iter_mut().for_each(|p| *p = false);
        self.prev.iter_mut().for_each(|p| *p = 0);
        self.next.iter_mut().for_each(|n| *n = 0);
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
