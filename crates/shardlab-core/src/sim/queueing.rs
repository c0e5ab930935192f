//! Queueing formulas: Erlang C, the M/M/c response-time distribution, and the Gamma helpers the
//! estimate uses to approximate sums of stations.
//!
//! Everything is computed with recurrences and `libm`, never with factorials, so 64 servers at
//! high load neither overflow nor differ between platforms.

/// Probability that an arrival must wait in an M/M/c queue (Erlang C), for `servers` servers and
/// offered load `offered` = λ/μ in Erlangs. Returns 1 when the queue is unstable (offered ≥
/// servers) and 0 when there are no servers' worth of work.
///
/// Uses the Erlang B recurrence B(k) = a·B(k−1) / (k + a·B(k−1)), which stays in [0, 1], then
/// C = c·B / (c − a·(1 − B)).
pub fn erlang_c(servers: u32, offered: f64) -> f64 {
    if servers == 0 || offered.is_nan() || offered < 0.0 {
        return 1.0;
    }
    let c = f64::from(servers);
    if offered >= c {
        return 1.0;
    }
    if offered == 0.0 {
        return 0.0;
    }
    let mut b = 1.0;
    for k in 1..=servers {
        b = offered * b / (f64::from(k) + offered * b);
    }
    let denom = c - offered * (1.0 - b);
    if denom <= 0.0 {
        1.0
    } else {
        (c * b / denom).clamp(0.0, 1.0)
    }
}

/// Whether arrivals at `lambda` meet or exceed `capacity` (or the inputs are not numbers).
fn unstable(lambda: f64, capacity: f64, mu: f64) -> bool {
    lambda.is_nan() || capacity.is_nan() || lambda >= capacity || mu.is_nan() || mu <= 0.0
}

/// Mean waiting time in queue of M/M/c, in the same time unit as `1/mu`; infinite if unstable.
pub fn mmc_mean_wait(servers: u32, lambda: f64, mu: f64) -> f64 {
    let capacity = f64::from(servers) * mu;
    if unstable(lambda, capacity, mu) {
        return f64::INFINITY;
    }
    erlang_c(servers, lambda / mu) / (capacity - lambda)
}

/// Mean response time (wait plus service) of M/M/c; infinite if unstable.
pub fn mmc_mean_response(servers: u32, lambda: f64, mu: f64) -> f64 {
    mmc_mean_wait(servers, lambda, mu) + 1.0 / mu
}

/// P(R > t) for the M/M/c response time R = Wq + S, where Wq is 0 with probability 1 − C and
/// Exp(cμ − λ) otherwise, and S ~ Exp(μ). Returns 1 if the queue is unstable.
pub fn mmc_response_tail(servers: u32, lambda: f64, mu: f64, t: f64) -> f64 {
    if t <= 0.0 {
        return 1.0;
    }
    let capacity = f64::from(servers) * mu;
    if unstable(lambda, capacity, mu) {
        return 1.0;
    }
    let wait_prob = erlang_c(servers, lambda / mu);
    let alpha = capacity - lambda;
    let service_tail = libm::exp(-mu * t);
    // Tail of the sum of Exp(alpha) and Exp(mu) (hypoexponential); equal rates make an Erlang-2.
    let sum_tail = if libm::fabs(alpha - mu) < 1e-12 * mu {
        (1.0 + mu * t) * libm::exp(-mu * t)
    } else {
        (alpha * libm::exp(-mu * t) - mu * libm::exp(-alpha * t)) / (alpha - mu)
    };
    ((1.0 - wait_prob) * service_tail + wait_prob * sum_tail).clamp(0.0, 1.0)
}

/// The q-quantile of the M/M/c response time, by bisection on [`mmc_response_tail`]; infinite if
/// the queue is unstable or q is not in (0, 1).
pub fn mmc_response_quantile(servers: u32, lambda: f64, mu: f64, q: f64) -> f64 {
    if !(q > 0.0 && q < 1.0) || unstable(lambda, f64::from(servers) * mu, mu) {
        return f64::INFINITY;
    }
    let target = 1.0 - q;
    let mut hi = 1.0 / mu;
    while mmc_response_tail(servers, lambda, mu, hi) > target {
        hi *= 2.0;
        if hi > 1e12 / mu {
            return f64::INFINITY;
        }
    }
    let mut lo = 0.0;
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mmc_response_tail(servers, lambda, mu, mid) > target {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= 1e-12 * hi {
            break;
        }
    }
    0.5 * (lo + hi)
}

/// Regularised lower incomplete gamma P(a, x): the CDF at x of a Gamma(shape a, scale 1).
/// A power series below a + 1, a continued fraction (modified Lentz) above.
pub fn gamma_p(a: f64, x: f64) -> f64 {
    gamma_p_with(a, x, libm::lgamma(a))
}

/// [`gamma_p`] with ln Γ(a) supplied, for callers that evaluate one shape many times.
fn gamma_p_with(a: f64, x: f64, ln_gamma_a: f64) -> f64 {
    if a.is_nan() || a <= 0.0 || x.is_nan() || x <= 0.0 {
        return 0.0;
    }
    if !x.is_finite() {
        return 1.0;
    }
    let log_prefix = -x + a * libm::log(x) - ln_gamma_a;
    if x < a + 1.0 {
        let mut term = 1.0 / a;
        let mut sum = term;
        let mut denom = a;
        for _ in 0..500 {
            denom += 1.0;
            term *= x / denom;
            sum += term;
            if libm::fabs(term) < libm::fabs(sum) * 1e-13 {
                break;
            }
        }
        (sum * libm::exp(log_prefix)).clamp(0.0, 1.0)
    } else {
        const TINY: f64 = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / TINY;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..500 {
            let an = -f64::from(i) * (f64::from(i) - a);
            b += 2.0;
            d = an * d + b;
            if libm::fabs(d) < TINY {
                d = TINY;
            }
            c = b + an / c;
            if libm::fabs(c) < TINY {
                c = TINY;
            }
            d = 1.0 / d;
            let step = d * c;
            h *= step;
            if libm::fabs(step - 1.0) < 1e-13 {
                break;
            }
        }
        (1.0 - libm::exp(log_prefix) * h).clamp(0.0, 1.0)
    }
}

/// A Gamma distribution fitted to a mean and a variance, shifted by a constant; the estimate's
/// stand-in for the sum of several stations' response times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShiftedGamma {
    /// Constant part (network hops), in seconds.
    pub shift: f64,
    /// Gamma shape k = mean² / variance.
    pub shape: f64,
    /// Gamma scale θ = variance / mean.
    pub scale: f64,
    /// ln Γ(shape), cached because the CDF is evaluated many times per fit.
    pub ln_gamma_shape: f64,
}

impl ShiftedGamma {
    /// Fits a Gamma with this mean and variance (both of the random part), plus `shift`.
    pub fn fit(shift: f64, mean: f64, variance: f64) -> ShiftedGamma {
        let mean = mean.max(1e-12);
        let variance = variance.max(mean * mean * 1e-6);
        let shape = mean * mean / variance;
        ShiftedGamma {
            shift,
            shape,
            scale: variance / mean,
            ln_gamma_shape: libm::lgamma(shape),
        }
    }

    /// P(X ≤ t).
    pub fn cdf(&self, t: f64) -> f64 {
        let x = t - self.shift;
        if x <= 0.0 {
            0.0
        } else {
            gamma_p_with(self.shape, x / self.scale, self.ln_gamma_shape)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erlang_c_known_values() {
        // One server: C = ρ.
        assert!((erlang_c(1, 0.5) - 0.5).abs() < 1e-12);
        // Two servers, a = 1: C = 1/3.
        assert!((erlang_c(2, 1.0) - 1.0 / 3.0).abs() < 1e-12);
        // Large systems stay finite and in range.
        let c = erlang_c(64, 60.0);
        assert!(c > 0.0 && c < 1.0);
        assert_eq!(erlang_c(4, 4.0), 1.0);
    }

    #[test]
    fn mm1_quantile_is_closed_form() {
        // M/M/1 response time is Exp(μ − λ).
        let (lambda, mu) = (0.8, 1.0);
        let q99 = mmc_response_quantile(1, lambda, mu, 0.99);
        let exact = -libm::log(0.01) / (mu - lambda);
        assert!((q99 - exact).abs() / exact < 1e-9, "{q99} vs {exact}");
    }

    #[test]
    fn gamma_p_matches_exponential_and_erlang() {
        for x in [0.1, 1.0, 3.0, 10.0] {
            assert!((gamma_p(1.0, x) - (1.0 - (-x).exp())).abs() < 1e-12);
            let erlang2 = 1.0 - (1.0 + x) * (-x).exp();
            assert!((gamma_p(2.0, x) - erlang2).abs() < 1e-12);
        }
    }
}
