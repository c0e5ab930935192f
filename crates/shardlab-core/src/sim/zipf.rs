//! Zipf popularity: an O(1) sampler and the generalised harmonic sums the estimate needs.
//!
//! Rank k of n is drawn with probability k^-s / H(n, s). The sampler is rejection-inversion
//! (Hörmann and Derflinger, 1996): invert the integral of the continuous density x^-s, then accept
//! or reject the rounded rank, so no table over the catalogue is needed. All maths goes through
//! `libm`, so a seed draws the same ranks on every platform.

use rand::Rng;

/// A uniform f64 in [0, 1) from the top 53 bits of one draw.
pub(crate) fn unit<R: Rng>(rng: &mut R) -> f64 {
    const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
    (rng.next_u64() >> 11) as f64 * SCALE
}

/// Layers of the exponential ziggurat.
const ZIGGURAT_LAYERS: usize = 256;
/// Where the base layer's tail starts (Marsaglia and Tsang's value for 256 layers).
const ZIGGURAT_R: f64 = 7.697_117_470_131_05;
/// Area of every layer, tail included.
const ZIGGURAT_AREA: f64 = 0.003_949_659_822_581_557;

/// An Exp(1) sampler by the ziggurat method (Marsaglia and Tsang, 2000): about 99 % of draws
/// cost one random word and one multiply, with no logarithm. The layer tables are built with
/// `libm`, so draws are identical on every platform.
#[derive(Clone, Debug)]
pub(crate) struct ExpZiggurat {
    /// Layer edges: `x[0]` is the base layer's pseudo-width, `x[1] = r`, decreasing to `x[256] = 0`.
    /// Fixed-size arrays, so that a layer index taken from 8 bits needs no bounds check.
    x: [f64; ZIGGURAT_LAYERS + 1],
    /// e^-x at each edge.
    f: [f64; ZIGGURAT_LAYERS + 1],
}

impl ExpZiggurat {
    /// Builds the tables.
    pub(crate) fn new() -> ExpZiggurat {
        let mut x = [0.0; ZIGGURAT_LAYERS + 1];
        let mut f = [0.0; ZIGGURAT_LAYERS + 1];
        let tail_density = libm::exp(-ZIGGURAT_R);
        let mut edge = ZIGGURAT_R;
        for (i, slot) in x.iter_mut().enumerate() {
            *slot = match i {
                0 => ZIGGURAT_AREA / tail_density,
                1 => ZIGGURAT_R,
                ZIGGURAT_LAYERS => 0.0,
                _ => {
                    // The next edge up: the layer above has the same area.
                    edge = -libm::log(ZIGGURAT_AREA / edge + libm::exp(-edge));
                    edge
                }
            };
        }
        for (slot, xi) in f.iter_mut().zip(&x) {
            *slot = libm::exp(-xi);
        }
        ExpZiggurat { x, f }
    }

    /// One Exp(1) draw.
    ///
    /// The fast path reads only the two edges of its layer; the densities are read in the rare
    /// wedge test. The arithmetic is unchanged from the textbook form, so draws are bit-identical
    /// to it.
    #[inline]
    pub(crate) fn sample<R: Rng>(&self, rng: &mut R) -> f64 {
        const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
        loop {
            let bits = rng.next_u64();
            // The low 8 bits pick the layer, so `layer + 1` ≤ 256 indexes the 257-entry tables and
            // the compiler drops the bounds checks below.
            let layer = (bits & 0xff) as usize;
            let u = (bits >> 11) as f64 * SCALE;
            let (Some(&width), Some(&inner)) =
                (self.x.get(layer), self.x.get(layer.saturating_add(1)))
            else {
                return -libm::log(1.0 - u);
            };
            let candidate = u * width;
            if candidate < inner {
                return candidate;
            }
            if layer == 0 {
                // The tail beyond r is r plus another Exp(1), because the exponential is
                // memoryless.
                return ZIGGURAT_R - libm::log(1.0 - unit(rng));
            }
            let (Some(&f_low), Some(&f_high)) =
                (self.f.get(layer), self.f.get(layer.saturating_add(1)))
            else {
                return -libm::log(1.0 - u);
            };
            if f_low + (f_high - f_low) * unit(rng) < libm::exp(-candidate) {
                return candidate;
            }
        }
    }
}

/// expm1(y) / y, which tends to 1 as y → 0.
fn expm1_over(y: f64) -> f64 {
    if libm::fabs(y) < 1e-8 {
        1.0 + y / 2.0
    } else {
        libm::expm1(y) / y
    }
}

/// log1p(y) / y, which tends to 1 as y → 0.
fn log1p_over(y: f64) -> f64 {
    if libm::fabs(y) < 1e-8 {
        1.0 - y / 2.0
    } else {
        libm::log1p(y) / y
    }
}

/// Draws ranks 1 ..= n with probability proportional to k^-s.
#[derive(Clone, Debug)]
pub(crate) struct Zipf {
    n: u32,
    exponent: f64,
    integral_x1: f64,
    integral_n: f64,
    squeeze: f64,
}

impl Zipf {
    /// A sampler over 1 ..= max(n, 1) with exponent `s` (clamped to ≥ 0).
    pub(crate) fn new(n: u32, s: f64) -> Zipf {
        let n = n.max(1);
        let exponent = if s.is_finite() { s.max(0.0) } else { 0.0 };
        let mut z = Zipf {
            n,
            exponent,
            integral_x1: 0.0,
            integral_n: 0.0,
            squeeze: 0.0,
        };
        z.integral_x1 = z.big_h(1.5) - 1.0;
        z.integral_n = z.big_h(f64::from(n) + 0.5);
        z.squeeze = 2.0 - z.big_h_inv(z.big_h(2.5) - z.small_h(2.0));
        z
    }

    /// The density x^-s.
    fn small_h(&self, x: f64) -> f64 {
        libm::exp(-self.exponent * libm::log(x))
    }

    /// The integral of x^-s from 1 to x.
    fn big_h(&self, x: f64) -> f64 {
        let log_x = libm::log(x);
        expm1_over((1.0 - self.exponent) * log_x) * log_x
    }

    /// The inverse of [`Self::big_h`].
    fn big_h_inv(&self, u: f64) -> f64 {
        let t = u * (1.0 - self.exponent);
        // Guard the log1p domain against rounding at the edges.
        let t = t.max(-1.0 + 1e-15);
        libm::exp(log1p_over(t) * u)
    }

    /// One rank in 1 ..= n.
    pub(crate) fn sample<R: Rng>(&self, rng: &mut R) -> u32 {
        if self.n == 1 {
            return 1;
        }
        if self.exponent == 0.0 {
            // Uniform: skip the rejection loop.
            let k = (unit(rng) * f64::from(self.n)) as u32;
            return k.min(self.n.saturating_sub(1)).saturating_add(1);
        }
        // The acceptance rate is above 90 % for every exponent, so this loop ends quickly; the cap
        // only guards against a pathological float state.
        let mut k = 1;
        for _ in 0..64 {
            let u = self.integral_n + unit(rng) * (self.integral_x1 - self.integral_n);
            let x = self.big_h_inv(u);
            let rounded = libm::floor(x + 0.5);
            k = if rounded < 1.0 {
                1
            } else if rounded > f64::from(self.n) {
                self.n
            } else {
                rounded as u32
            };
            let kf = f64::from(k);
            if kf - x <= self.squeeze || u >= self.big_h(kf + 0.5) - self.small_h(kf) {
                return k;
            }
        }
        k
    }
}

/// k^-s.
fn power(k: f64, s: f64) -> f64 {
    libm::exp(-s * libm::log(k))
}

/// Generalised harmonic numbers H(n, s) = Σ_{k=1..n} k^-s for one exponent: exact up to 64
/// terms (kept as a prefix table), then Euler–Maclaurin with two correction terms (relative error
/// far below 1e-9).
#[derive(Clone, Debug)]
pub(crate) struct Harmonic {
    exponent: f64,
    /// `prefix[k]` = H(k, s) for k = 0 ..= 64.
    prefix: Vec<f64>,
    /// The constant part of the tail formula at a = 64.
    tail_at_head: f64,
}

/// Terms summed exactly before switching to Euler–Maclaurin.
const EXACT_TERMS: u64 = 64;

impl Harmonic {
    /// Prepares sums for exponent `s`.
    pub(crate) fn new(s: f64) -> Harmonic {
        let mut prefix = Vec::with_capacity((EXACT_TERMS as usize).saturating_add(1));
        let mut sum = 0.0;
        prefix.push(sum);
        for k in 1..=EXACT_TERMS {
            sum += power(k as f64, s);
            prefix.push(sum);
        }
        let mut h = Harmonic {
            exponent: s,
            prefix,
            tail_at_head: 0.0,
        };
        h.tail_at_head = h.tail_terms(EXACT_TERMS as f64);
        h
    }

    /// ∫_1^x t^-s dt + f(x)/2 + f'(x)/12, so that the tail from a to b is the difference.
    fn tail_terms(&self, x: f64) -> f64 {
        let s = self.exponent;
        let log_x = libm::log(x);
        // ∫_1^x t^-s dt, written to stay accurate at s = 1.
        let integral = expm1_over((1.0 - s) * log_x) * log_x;
        let f = libm::exp(-s * log_x);
        integral + f / 2.0 - s * f / x / 12.0
    }

    /// H(n, s).
    pub(crate) fn at(&self, n: u64) -> f64 {
        match self.prefix.get(n as usize) {
            Some(exact) if n <= EXACT_TERMS => *exact,
            _ => {
                let head = self.prefix.last().copied().unwrap_or(0.0);
                head + self.tail_terms(n as f64) - self.tail_at_head
            }
        }
    }
}

/// H(n, s) for a single call.
#[cfg(test)]
pub(crate) fn harmonic(n: u64, s: f64) -> f64 {
    Harmonic::new(s).at(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::SeedableRng;

    #[test]
    fn ziggurat_tables_close_and_draws_are_exponential() {
        let z = ExpZiggurat::new();
        // The recurrence must land near 0 at the top layer, or the constants are wrong.
        assert!(z.x[ZIGGURAT_LAYERS - 1] > 0.0 && z.x[ZIGGURAT_LAYERS - 1] < 0.1);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let n = 1_000_000;
        let draws: Vec<f64> = (0..n).map(|_| z.sample(&mut rng)).collect();
        let mean = draws.iter().sum::<f64>() / n as f64;
        let second = draws.iter().map(|d| d * d).sum::<f64>() / n as f64;
        assert!((mean - 1.0).abs() < 0.005, "mean {mean}");
        assert!((second - 2.0).abs() < 0.02, "E[X^2] {second}");
        for t in [0.1, 1.0, 3.0, 8.0] {
            let tail = draws.iter().filter(|d| **d > t).count() as f64 / n as f64;
            let expected = (-t).exp();
            assert!(
                (tail - expected).abs() < 5.0 * (expected / n as f64).sqrt() + 1e-6,
                "t={t}"
            );
        }
    }

    #[test]
    fn harmonic_matches_direct_sum() {
        for s in [0.0, 0.5, 0.99, 1.0, 1.3, 2.0] {
            for n in [1u64, 10, 64, 65, 1000, 12345] {
                let direct: f64 = (1..=n).map(|k| power(k as f64, s)).sum();
                let approx = harmonic(n, s);
                assert!((direct - approx).abs() / direct < 1e-9, "s={s} n={n}");
            }
        }
    }

    #[test]
    fn sampler_follows_zipf() {
        let n = 1000;
        for s in [0.0, 0.8, 1.0, 1.5] {
            let z = Zipf::new(n, s);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
            let mut counts = vec![0u32; n as usize + 1];
            let draws = 400_000;
            for _ in 0..draws {
                counts[z.sample(&mut rng) as usize] += 1;
            }
            let total = harmonic(u64::from(n), s);
            for k in [1usize, 2, 10] {
                let expected = power(k as f64, s) / total * f64::from(draws);
                let got = f64::from(counts[k]);
                assert!(
                    (got - expected).abs() < 5.0 * expected.sqrt() + 1.0,
                    "s={s} k={k} got {got} expected {expected}"
                );
            }
            assert_eq!(counts[0], 0);
        }
    }
}
