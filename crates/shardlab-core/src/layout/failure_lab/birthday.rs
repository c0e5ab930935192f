//! The birthday problem of random worker IDs: K generators each draw one of N = 2^w IDs; how
//! likely is it that two draw the same? Computed as 1 − ∏ (1 − i/N) for i below K, and measured
//! by drawing K IDs over and over from a seeded stream.

use crate::layout::generate::SplitMix64;

use super::first_seen::FirstSeen;

use super::{in_range, LabError, MAX_GENERATORS};

/// The trials a view measures with: the measured chance is within about 1.6 points of the
/// computed one at 2σ, at its widest (p = 1/2).
pub const BIRTHDAY_TRIALS: u64 = 4_000;
/// The most trials one measurement runs.
pub const MAX_BIRTHDAY_TRIALS: u64 = 1_000_000;

/// The chance of a collision among random worker IDs, both ways.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Birthday {
    /// K, the generators.
    pub generators: u32,
    /// w: each draws one of 2^w worker IDs.
    pub bits: u32,
    /// 1 − ∏ (1 − i/2^w), i = 0 … K − 1.
    pub computed: f64,
    /// How many times K IDs were drawn.
    pub trials: u64,
    /// In how many of those two or more were equal.
    pub collided: u64,
}

impl Birthday {
    /// The measured chance: `collided / trials`.
    // One IEEE division of two integers below 2^53: exact-rounded and the same on every target.
    #[allow(clippy::float_arithmetic)]
    pub fn measured(&self) -> f64 {
        if self.trials == 0 {
            return 0.0;
        }
        self.collided as f64 / self.trials as f64
    }
}

/// `generators` IDs drawn from 2^`bits`: the collision chance computed, and measured over
/// `trials` seeded draws. Refuses K outside 1 ..= [`MAX_GENERATORS`] and trials outside
/// 1 ..= [`MAX_BIRTHDAY_TRIALS`].
pub fn birthday(generators: u32, bits: u32, trials: u64, seed: u64) -> Result<Birthday, LabError> {
    in_range(
        "the number of generators",
        u64::from(generators),
        1,
        u64::from(MAX_GENERATORS),
    )?;
    in_range("the number of trials", trials, 1, MAX_BIRTHDAY_TRIALS)?;
    in_range("the worker bits", u64::from(bits), 0, 64)?;
    let mask = 1u64
        .checked_shl(bits)
        .map_or(u64::MAX, |n| n.saturating_sub(1));
    let mut rng = SplitMix64::new(seed);
    let mut seen = FirstSeen::for_count(usize::try_from(generators).unwrap_or(0));
    let mut collided = 0u64;
    for _ in 0..trials {
        seen.clear();
        if (0..generators).any(|i| seen.first_or_note(rng.next_u64() & mask, i).is_some()) {
            collided = collided.saturating_add(1);
        }
    }
    Ok(Birthday {
        generators,
        bits,
        computed: computed(generators, bits),
        trials,
        collided,
    })
}

/// 1 − ∏ (1 − i/N), N = 2^bits, in a loop of IEEE operations (each exactly rounded, so the same
/// natively and in wasm). N is a power of two, so i/N is exact and only the products round.
#[allow(clippy::float_arithmetic)]
fn computed(generators: u32, bits: u32) -> f64 {
    // 2^bits is exact as a double for every bits ≤ 64.
    let n = libm::ldexp(1.0, i32::try_from(bits).unwrap_or(64));
    let mut none = 1.0f64;
    for i in 0..generators {
        none *= 1.0 - f64::from(i) / n;
    }
    1.0 - none.max(0.0)
}
