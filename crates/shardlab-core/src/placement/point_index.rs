//! A bucket index over a ring's sorted points, so a lookup reads a couple of cache lines instead
//! of binary-searching the whole array.
//!
//! The ring is all of `u64`. The index cuts it into 2^k equal buckets on the hash's top k bits and
//! stores, for each bucket, the position of the first point at or after the bucket's start. A
//! lookup reads two neighbouring entries, which bound the few points that can hold the answer,
//! and searches only those. The points come from a hash, so they spread evenly: with at least as
//! many buckets as points, a bucket holds about one point, and the search is one or two
//! comparisons. Clustered or repeated points still give the right answer; they only make their
//! buckets longer to search (binary search, so never worse than without the index).

/// The fewest bucket bits: one, so the shift below stays under 64.
const MIN_BITS: u32 = 1;
/// The most bucket bits: 2^20 buckets (4 MiB) already cover the largest ring allowed
/// ([`super::ring::MAX_RING_POINTS`]), one point per bucket.
const MAX_BITS: u32 = 20;

/// The first-point-at-or-after table for one sorted array of ring points.
///
/// Memory is at most 4 bytes × (2 × points + 1): the bucket count is the next power of two at or
/// above the point count. Building it is one pass over the points and the buckets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointIndex {
    /// `64 − k`: shifting a hash right by this gives its bucket.
    shift: u32,
    /// `first[b]` is the position of the first point `>= b << shift`; one extra entry at the end
    /// holds the point count, so `first[b + 1]` always exists for a bucket `b`.
    first: Vec<u32>,
}

impl PointIndex {
    /// Builds the index of `points`, which must be sorted ascending (a ring's points are).
    ///
    /// Unsorted input does not panic; lookups on it are merely meaningless, as a binary search
    /// over it would be.
    pub fn new(points: &[u64]) -> PointIndex {
        // ceil(log2(len)), so 2^bits >= len; clamped to 1 ..= 20.
        let bits = usize::BITS
            .saturating_sub(points.len().saturating_sub(1).leading_zeros())
            .clamp(MIN_BITS, MAX_BITS);
        let shift = u64::BITS.saturating_sub(bits);
        let buckets = 1usize << bits;
        let mut first = Vec::with_capacity(buckets.saturating_add(1));
        for (position, &point) in points.iter().enumerate() {
            // `shift` is at least 44, so the bucket is below 2^20 and fits any usize.
            let bucket = (point >> shift) as usize;
            // The buckets not yet filled, up to this point's own, start here: every point before
            // it lies below their start, and it does not.
            while first.len() <= bucket {
                first.push(Self::entry(position));
            }
        }
        // The buckets after the last point, and the closing entry, all hold the point count.
        first.resize(buckets.saturating_add(1), Self::entry(points.len()));
        PointIndex { shift, first }
    }

    /// A position as a table entry. Rings hold at most a million points, far below `u32::MAX`.
    fn entry(position: usize) -> u32 {
        u32::try_from(position).unwrap_or(u32::MAX)
    }

    /// The position in `points` of the first point `>= key`, or `points.len()` when every point is
    /// below the key — exactly `points.partition_point(|&p| p < key)`.
    ///
    /// `points` must be the array the index was built from.
    #[inline]
    pub fn first_at_or_after(&self, points: &[u64], key: u64) -> usize {
        // `shift` is at least 44, so the bucket is below 2^20 and fits any usize.
        let bucket = (key >> self.shift) as usize;
        let (Some(&low), Some(&high)) = (
            self.first.get(bucket),
            self.first.get(bucket.saturating_add(1)),
        ) else {
            return points.partition_point(|&point| point < key);
        };
        let (low, high) = (low as usize, high as usize);
        match points.get(low..high) {
            // Every point before `low` is below this bucket's start, hence below the key, and
            // every point from `high` on is at or after the next bucket's start, hence above it.
            Some(candidates) => {
                low.saturating_add(candidates.partition_point(|&point| point < key))
            }
            None => points.partition_point(|&point| point < key),
        }
    }

    /// Bytes the table takes on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.first.len().saturating_mul(std::mem::size_of::<u32>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain binary search that the index must agree with.
    fn reference(points: &[u64], key: u64) -> usize {
        points.partition_point(|&point| point < key)
    }

    fn check(points: &[u64], key: u64) {
        let index = PointIndex::new(points);
        assert_eq!(
            index.first_at_or_after(points, key),
            reference(points, key),
            "key {key:#x} over {} points",
            points.len()
        );
    }

    #[test]
    fn edges_of_the_ring() {
        let points = [0, 1, 5, u64::MAX / 2, u64::MAX / 2, u64::MAX - 1, u64::MAX];
        for key in [
            0,
            1,
            2,
            5,
            6,
            u64::MAX / 2 - 1,
            u64::MAX / 2,
            u64::MAX - 1,
            u64::MAX,
        ] {
            check(&points, key);
        }
        check(&[], 0);
        check(&[], u64::MAX);
        check(&[42], 41);
        check(&[42], 42);
        check(&[42], 43);
        check(&[7; 9], 7);
        check(&[7; 9], 8);
    }

    #[test]
    fn memory_stays_within_eight_bytes_a_point() {
        for len in [1usize, 2, 3, 100, 1_000, 1_024, 1_025, 25_600, 256_000] {
            let points: Vec<u64> = (0..len as u64)
                .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                .collect();
            let index = PointIndex::new(&points);
            assert!(
                index.heap_bytes() <= 8 * len + 8,
                "{len} points take {} bytes",
                index.heap_bytes()
            );
        }
    }

    /// proptest is a native-only dev-dependency; the plain tests above also run in wasm.
    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
                #![proptest_config(ProptestConfig::with_cases(256))]

                #[test]
                fn agrees_with_binary_search_on_random_points(
                    mut points in prop::collection::vec(any::<u64>(), 0..300),
                    keys in prop::collection::vec(any::<u64>(), 1..40),
                ) {
                    points.sort_unstable();
                    let index = PointIndex::new(&points);
                    for key in keys.iter().copied().chain(points.iter().copied()) {
                        prop_assert_eq!(index.first_at_or_after(&points, key), reference(&points, key));
                    }
                }

                #[test]
                fn agrees_on_clustered_and_repeated_points(
                    base in any::<u64>(),
                    offsets in prop::collection::vec(0u64..64, 1..200),
                    keys in prop::collection::vec(0u64..80, 1..40),
                ) {
                    let mut points: Vec<u64> = offsets.iter().map(|o| base.wrapping_add(*o)).collect();
                    points.sort_unstable();
                    let index = PointIndex::new(&points);
                    for key in keys {
                        let key = base.wrapping_add(key);
                        prop_assert_eq!(index.first_at_or_after(&points, key), reference(&points, key));
                    }
                }

        }
    }
}
