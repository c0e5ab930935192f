//! One seed's search for the largest user count that meets a target, as pure arithmetic over
//! probe results: [`Bracket::next`] names the next user count to simulate, [`Bracket::record`]
//! takes its verdict. It knows nothing of simulations, so its invariants are tested with any
//! verdict function (`tests` below).
//!
//! From a guess it steps away geometrically until one probe meets the target and one misses
//! (each step's ratio the square of the last, at most [`MAX_STEP_RATIO`]), then bisects between
//! the two until they are at most [`step`] apart. Every probe lies strictly between the largest
//! count known to meet and the smallest known to miss, so the one always stays below the other.

/// The largest ratio between two probes while the bracket is still open on one side.
pub const MAX_STEP_RATIO: f64 = 2.0;

/// How far apart the last meeting and the first missing count may be when the search stops, as
/// a share of the meeting one: two percent, finer than the spread over seeds.
pub const TOLERANCE: f64 = 0.02;

/// Probes one seed makes at most: from 1 user to a million at [`MAX_STEP_RATIO`] is 20, and
/// bisecting a ratio of two down to [`TOLERANCE`] 6 more. A guard: the rule stops well before.
pub const MAX_PROBES_PER_SEED: u32 = 40;

/// The gap at which bisection near `users` stops: [`TOLERANCE`] of it, at least one user.
pub fn step(users: u32) -> u32 {
    // Non-negative and at most `users`, so the cast neither wraps nor saturates.
    (libm::floor(f64::from(users) * TOLERANCE) as u32).max(1)
}

/// Where one seed's search stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Bracket {
    /// The largest count the simulator may be asked for.
    ceiling: u32,
    /// The first probe.
    guess: u32,
    /// The ratio of the next step away from the one known side.
    ratio: f64,
    /// The largest count probed that met the target.
    met: Option<u32>,
    /// The smallest count probed that missed it.
    missed: Option<u32>,
    /// Probes recorded.
    probes: u32,
}

impl Bracket {
    /// A search that starts at `guess` (clamped to 1 … `ceiling`) and first steps by `ratio`
    /// (clamped to just over 1 … [`MAX_STEP_RATIO`]).
    pub fn new(guess: u32, ratio: f64, ceiling: u32) -> Bracket {
        let ceiling = ceiling.max(1);
        Bracket {
            ceiling,
            guess: guess.clamp(1, ceiling),
            ratio: if ratio.is_nan() {
                MAX_STEP_RATIO
            } else {
                ratio.clamp(1.0 + TOLERANCE, MAX_STEP_RATIO)
            },
            met: None,
            missed: None,
            probes: 0,
        }
    }

    /// The next count to simulate, or `None` when the search is over.
    pub fn next(&self) -> Option<u32> {
        if self.probes >= MAX_PROBES_PER_SEED {
            return None;
        }
        let scaled = |users: u32, by: f64| f64::from(users) * by;
        match (self.met, self.missed) {
            (None, None) => Some(self.guess),
            (Some(met), None) => (met < self.ceiling).then(|| {
                // At most `ceiling` ≤ u32::MAX after the `min`, so the cast is exact.
                let up = libm::ceil(scaled(met, self.ratio)).min(f64::from(self.ceiling)) as u32;
                up.max(met.saturating_add(1)).min(self.ceiling)
            }),
            (None, Some(missed)) => (missed > 1).then(|| {
                // Between 0 and `missed`, so the cast is exact.
                let down = libm::floor(scaled(missed, 1.0 / self.ratio)) as u32;
                down.min(missed.saturating_sub(1)).max(1)
            }),
            (Some(met), Some(missed)) => {
                let gap = missed.saturating_sub(met);
                (gap > step(met)).then(|| met.saturating_add(gap / 2))
            }
        }
    }

    /// Takes the verdict on a probe of `users` that [`Self::next`] named.
    pub fn record(&mut self, users: u32, meets: bool) {
        self.probes = self.probes.saturating_add(1);
        if meets {
            self.met = Some(self.met.map_or(users, |met| met.max(users)));
        } else {
            self.missed = Some(self.missed.map_or(users, |missed| missed.min(users)));
        }
        // The guess is no step; each step after the first is wider than the last.
        if self.probes > 1 {
            self.ratio = (self.ratio * self.ratio).min(MAX_STEP_RATIO);
        }
    }

    /// The largest count probed that met the target.
    pub fn met(&self) -> Option<u32> {
        self.met
    }

    /// The smallest count probed that missed it.
    pub fn missed(&self) -> Option<u32> {
        self.missed
    }

    /// Probes recorded so far.
    pub fn probes(&self) -> u32 {
        self.probes
    }

    /// About how many probes are left: the bisection's halvings once both sides are known, one
    /// step away and the halvings of a ratio of [`MAX_STEP_RATIO`] before. Only for progress.
    pub fn probes_left(&self) -> u32 {
        if self.next().is_none() {
            return 0;
        }
        // Halvings of `gap` until it is within the step near `near`, at least one. Counted by
        // doubling (at most 32 times), which spares the page a logarithm.
        let halvings = |gap: u32, near: u32| {
            let (mut width, mut count) = (step(near), 1_u32);
            while width < gap && count < 32 {
                width = width.saturating_mul(2);
                count = count.saturating_add(1);
            }
            count
        };
        match (self.met, self.missed) {
            (Some(met), Some(missed)) => halvings(missed.saturating_sub(met), met),
            // A step away, then the halvings of the widest step.
            (Some(near), None) | (None, Some(near)) => halvings(near, near).saturating_add(1),
            (None, None) => halvings(self.guess, self.guess).saturating_add(2),
        }
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // test arithmetic on counts far below u32::MAX
mod tests {
    use super::*;

    /// Runs a search against a threshold: counts up to `threshold` meet, above it miss.
    fn search(guess: u32, ratio: f64, ceiling: u32, threshold: u32) -> Bracket {
        let mut bracket = Bracket::new(guess, ratio, ceiling);
        while let Some(users) = bracket.next() {
            // Every probe lies strictly inside what is known.
            assert!(
                users >= 1 && users <= ceiling,
                "{users} outside 1 … {ceiling}"
            );
            assert!(bracket.met().is_none_or(|met| users > met), "{bracket:?}");
            assert!(bracket.missed().is_none_or(|m| users < m), "{bracket:?}");
            bracket.record(users, users <= threshold);
            if let (Some(met), Some(missed)) = (bracket.met(), bracket.missed()) {
                assert!(met < missed, "{bracket:?}");
            }
        }
        bracket
    }

    #[test]
    fn it_finds_a_threshold_within_its_tolerance() {
        for (guess, threshold) in [(5_000, 4_137), (1, 900_000), (1_000_000, 3), (4_000, 4_000)] {
            let found = search(guess, MAX_STEP_RATIO, 1_000_000, threshold);
            let (Some(met), Some(missed)) = (found.met(), found.missed()) else {
                panic!("{found:?}");
            };
            assert!(met <= threshold && threshold < missed, "{found:?}");
            assert!(missed - met <= step(met), "{found:?}");
            assert!(found.probes() <= 30, "{found:?}");
        }
    }

    #[test]
    fn a_close_guess_costs_few_probes() {
        let found = search(4_100, 1.04, 1_000_000, 4_137);
        assert!(found.probes() <= 4, "{found:?}");
    }

    #[test]
    fn it_stops_at_the_ends() {
        let all = search(10, 2.0, 5_000, u32::MAX);
        assert_eq!((all.met(), all.missed()), (Some(5_000), None));
        let none = search(10, 2.0, 5_000, 0);
        assert_eq!((none.met(), none.missed()), (None, Some(1)));
        assert_eq!(none.next(), None);
        assert_eq!(none.probes_left(), 0);
    }

    #[test]
    fn odd_arguments_are_clamped() {
        let bracket = Bracket::new(0, f64::NAN, 0);
        assert_eq!(bracket.next(), Some(1));
        let wide = Bracket::new(u32::MAX, 1e9, 100);
        assert_eq!(wide.next(), Some(100));
    }

    #[test]
    fn the_probes_left_count_down() {
        let mut bracket = Bracket::new(5_000, 2.0, 1_000_000);
        let mut left = Vec::new();
        while let Some(users) = bracket.next() {
            left.push(bracket.probes_left());
            bracket.record(users, users <= 4_137);
        }
        assert!(left.iter().all(|&n| n >= 1), "{left:?}");
        assert!(left.last().is_some_and(|&n| n <= 2), "{left:?}");
    }

    /// proptest is a native-only dev-dependency; the plain tests above also run in wasm.
    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn any_threshold_is_found(
                guess in 1u32..2_000_000,
                threshold in 0u32..1_100_000,
                ceiling in 1u32..1_000_001,
            ) {
                let found = search(guess, MAX_STEP_RATIO, ceiling, threshold);
                prop_assert!(found.probes() < MAX_PROBES_PER_SEED);
                match (found.met(), found.missed()) {
                    (Some(met), Some(missed)) => {
                        prop_assert!(met <= threshold && threshold < missed);
                        prop_assert!(missed - met <= step(met));
                    }
                    (Some(met), None) => prop_assert!(met == ceiling && threshold >= ceiling),
                    (None, Some(missed)) => prop_assert!(missed == 1 && threshold == 0),
                    (None, None) => prop_assert!(false, "no probe"),
                }
            }
        }
    }
}
