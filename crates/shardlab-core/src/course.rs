//! The Learn course's own rules: how a reader's "predict, then observe" guess compares with what a
//! widget measured and with that measurement's spread over seeds, and the largest progress file an
//! import reads. The spread is measured the way the Ring's movement sweep measures it (a test
//! holds the two equal), so the range a lesson quotes is the range the Ring draws.

use crate::placement::{
    ideal_fraction, movement, Placement, PlacementError, ServerList, SweepPoint,
};

/// How many seeds a spread is measured over (seeds 1 ..= this; each gives other keys and, for a
/// ring, another vnode salt).
pub const SPREAD_SEEDS: u64 = 8;

/// Keys placed per seed when measuring a spread: enough that the spread is the scheme's, not the
/// sample's, and few enough that eight seeds take a few milliseconds in a browser.
pub const SPREAD_KEYS: u64 = 10_000;

/// The largest progress file an import reads, in bytes (a real one is well under a kilobyte).
pub const MAX_PROGRESS_FILE_BYTES: u64 = 64 * 1024;

/// A guess counts as close when it is within this much of the measurement (a share, 0 … 1: five
/// percentage points).
pub const CLOSE_GUESS: f64 = 0.05;

/// The share of keys that move when `from` equal servers grow by one, measured over
/// [`SPREAD_SEEDS`] seeds of [`SPREAD_KEYS`] keys: its least, mean and largest value. `build`
/// makes the scheme for a server list and a seed (a ring takes the seed as its vnode salt), so
/// each seed gives other keys and another ring, exactly as `sweep_moved_fraction` draws them.
/// It takes the scheme's builder rather than a `SchemeSpec` so that a page measuring one scheme
/// does not carry every scheme.
pub fn growth_spread<P, B>(from: u32, build: B) -> Result<SweepPoint, PlacementError>
where
    P: Placement,
    B: Fn(ServerList, u64) -> Result<P, PlacementError>,
{
    let before = ServerList::uniform(from)?;
    let after = before.grown(1)?;
    let mut values = Vec::new();
    for seed in 1..=SPREAD_SEEDS {
        let (b, a) = (build(before.clone(), seed)?, build(after.clone(), seed)?);
        values.push(movement(&b, &a, SPREAD_KEYS, seed)?.moved_fraction);
    }
    let sum: f64 = values.iter().sum();
    Ok(SweepPoint {
        x: from,
        samples: u32::try_from(values.len()).unwrap_or(u32::MAX),
        min: values.iter().copied().fold(f64::INFINITY, f64::min),
        max: values.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        mean: sum / values.len().max(1) as f64,
        ideal: ideal_fraction(&before, &after, false),
    })
}

/// How close a guess came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closeness {
    /// Inside the range the seeds give.
    InSpread,
    /// Outside that range, but within [`CLOSE_GUESS`] of the measurement.
    Close,
    /// Further off.
    Far,
}

/// A guess set against the measurement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// The guess, a share (0 … 1).
    pub guess: f64,
    /// What the widget measured, a share.
    pub measured: f64,
    /// `measured − guess`: positive when the guess was too low.
    pub off_by: f64,
    /// How close that is.
    pub closeness: Closeness,
}

/// Sets `guess` against `measured` and, when known, the `(least, largest)` the seeds gave (the
/// range always takes in the measurement itself).
pub fn compare(guess: f64, measured: f64, spread: Option<(f64, f64)>) -> Comparison {
    let off_by = measured - guess;
    let in_spread =
        spread.is_some_and(|(low, high)| guess >= low.min(measured) && guess <= high.max(measured));
    let closeness = if in_spread {
        Closeness::InSpread
    } else if off_by.abs() <= CLOSE_GUESS {
        Closeness::Close
    } else {
        Closeness::Far
    };
    Comparison {
        guess,
        measured,
        off_by,
        closeness,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::placement::{sweep_moved_fraction, Mod, Ring, SchemeSpec};

    fn ring(vnodes: u32) -> impl Fn(ServerList, u64) -> Result<Ring, PlacementError> {
        move |servers, salt| Ring::with_salt(servers, vnodes, salt)
    }

    #[test]
    fn a_guess_inside_the_seeds_range_is_in_spread() {
        let c = compare(0.21, 0.207, Some((0.18, 0.23)));
        assert_eq!(c.closeness, Closeness::InSpread);
        assert!((c.off_by + 0.003).abs() < 1e-12);
        let close = compare(0.24, 0.207, Some((0.18, 0.23)));
        assert_eq!(close.closeness, Closeness::Close);
        let far = compare(0.5, 0.207, Some((0.18, 0.23)));
        assert_eq!(far.closeness, Closeness::Far);
        // Without a spread only the distance counts; the measurement itself is always in range.
        assert_eq!(compare(0.22, 0.2, None).closeness, Closeness::Close);
        let exact = compare(0.2, 0.2, Some((0.3, 0.4)));
        assert_eq!(exact.closeness, Closeness::InSpread);
    }

    #[test]
    fn mod_n_moves_four_in_five_on_every_seed_and_the_ring_about_a_fifth() {
        let by_mod = growth_spread(4, |servers, _| Ok(Mod::new(servers))).unwrap();
        assert_eq!(by_mod.samples, 8);
        assert!(by_mod.min > 0.78 && by_mod.max < 0.82, "{by_mod:?}");
        assert!((by_mod.ideal - 0.2).abs() < 1e-12);
        let sparse = growth_spread(4, ring(10)).unwrap();
        assert!(
            sparse.min < sparse.mean && sparse.mean < sparse.max,
            "{sparse:?}"
        );
        assert!(sparse.min > 0.05 && sparse.max < 0.45, "{sparse:?}");
        // More points per server, a narrower spread.
        let dense = growth_spread(4, ring(200)).unwrap();
        assert!(
            dense.max - dense.min < sparse.max - sparse.min,
            "{dense:?} {sparse:?}"
        );
        assert!(growth_spread(0, |servers, _| Ok(Mod::new(servers))).is_err());
    }

    #[test]
    fn the_spread_is_the_one_the_rings_movement_sweep_measures() {
        let seeds: Vec<u64> = (1..=SPREAD_SEEDS).collect();
        let by_mod = growth_spread(4, |s, _| Ok(Mod::new(s))).unwrap();
        let by_ring = growth_spread(4, ring(10)).unwrap();
        for (spec, ours) in [
            (SchemeSpec::Mod, by_mod),
            (
                SchemeSpec::Ring {
                    vnodes: 10,
                    salt: 0,
                },
                by_ring,
            ),
        ] {
            let sweep = sweep_moved_fraction(vec![spec], vec![4], seeds.clone(), SPREAD_KEYS);
            assert_eq!(sweep.unwrap()[0].points, [ours], "{spec:?}");
        }
    }
}
