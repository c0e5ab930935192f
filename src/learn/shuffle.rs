//! The order a reader sees a quiz's options in: a permutation drawn from the reader's seed and the
//! question's own name, so it is the same on every visit and differs from reader to reader and
//! from question to question (the right answer is never in a fixed place).

/// FNV-1a of `text`: folds a question's name into the seed.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// SplitMix64: a small, well-mixed generator, enough to shuffle three options.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The display order of `len` options for the reader with `seed`, for the question `name`: a
/// permutation of `0..len` (Fisher–Yates).
pub fn option_order(len: usize, seed: u32, name: &str) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    let mut rng = SplitMix(u64::from(seed) ^ fnv1a(name));
    for i in (1..len).rev() {
        let span = u64::try_from(i).unwrap_or(u64::MAX).saturating_add(1);
        let j = usize::try_from(rng.next().checked_rem(span).unwrap_or(0)).unwrap_or(0);
        order.swap(i, j.min(i));
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_keeps_every_option_once() {
        for len in 0..6 {
            for seed in 0..50 {
                let mut order = option_order(len, seed, "mod-n/why-eighty");
                order.sort_unstable();
                assert_eq!(order, (0..len).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn a_seed_gives_the_same_order_every_time_and_seeds_differ() {
        let a = option_order(3, 42, "trade-offs/hot-pin");
        assert_eq!(a, option_order(3, 42, "trade-offs/hot-pin"));
        let orders: std::collections::BTreeSet<Vec<usize>> = (0..200)
            .map(|seed| option_order(3, seed, "trade-offs/hot-pin"))
            .collect();
        // All six orders of three options turn up across readers.
        assert_eq!(orders.len(), 6);
        // Two questions of one reader are ordered independently.
        let differs = (0..20).any(|seed| {
            option_order(3, seed, "shard-key/which-property")
                != option_order(3, seed, "mod-n/why-eighty")
        });
        assert!(differs);
    }

    #[test]
    fn the_first_option_lands_in_each_place_about_equally() {
        let mut places = [0u32; 3];
        for seed in 0..3_000 {
            let order = option_order(3, seed, "replication/q");
            let place = order.iter().position(|&o| o == 0).unwrap();
            places[place] += 1;
        }
        for count in places {
            assert!((850..=1_150).contains(&count), "{places:?}");
        }
    }
}
