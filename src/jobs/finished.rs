//! The last few finished results of a kind of job, by the inputs that produced them, so coming
//! back to a parameter set (vnodes back to 100, a server killed after one was added) shows its
//! plot at once instead of running the sweep again. Pure and natively tested; each plot keeps one
//! in a `thread_local!`.

/// At most [`Finished::CAPACITY`] results, the most recently used first.
#[derive(Debug)]
pub struct Finished<K, V> {
    entries: Vec<(K, V)>,
}

impl<K: PartialEq, V: Clone> Finished<K, V> {
    /// How many parameter sets are kept: a reader going back and forth over a few settings is
    /// served, and a sweep's plot is small (tens of points), so eight cost nothing to keep.
    pub const CAPACITY: usize = 8;

    /// Nothing kept yet.
    pub const fn new() -> Self {
        Self {
            entries: Vec::new(),
        }
    }

    /// The result for `key`, if kept; it becomes the most recently used.
    pub fn get(&mut self, key: &K) -> Option<V> {
        let at = self.entries.iter().position(|(k, _)| k == key)?;
        let entry = self.entries.remove(at);
        let value = entry.1.clone();
        self.entries.insert(0, entry);
        Some(value)
    }

    /// Keeps `value` for `key`, dropping the least recently used past the capacity.
    pub fn put(&mut self, key: K, value: V) {
        self.entries.retain(|(k, _)| *k != key);
        self.entries.insert(0, (key, value));
        self.entries.truncate(Self::CAPACITY);
    }
}

impl<K: PartialEq, V: Clone> Default for Finished<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_result_comes_back_and_the_oldest_goes() {
        let mut finished: Finished<u32, &str> = Finished::new();
        assert_eq!(finished.get(&1), None);
        finished.put(1, "one");
        finished.put(2, "two");
        assert_eq!(finished.get(&1), Some("one"));
        // 1 was used last, so filling up drops 2 first.
        for k in 3..=9 {
            finished.put(k, "more");
        }
        assert_eq!(finished.get(&2), None);
        assert_eq!(finished.get(&1), Some("one"));
        assert_eq!(finished.entries.len(), Finished::<u32, &str>::CAPACITY);
    }

    #[test]
    fn a_second_put_replaces_the_first() {
        let mut finished = Finished::new();
        finished.put("k", 1);
        finished.put("k", 2);
        assert_eq!(finished.get(&"k"), Some(2));
        assert_eq!(finished.entries.len(), 1);
    }
}
