//! Sine, cosine, arctangent and log10 through the browser's `Math`. Rust's own (libm's argument
//! reduction and its tables) cost the Ring page and the home page about 8 kB of code; the
//! browser has them built in, and a call into an import costs about what libm's reduction does.
//! Native builds (the app's unit tests) use Rust's.

/// `(sin θ, cos θ)`.
pub fn sin_cos(angle: f64) -> (f64, f64) {
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Math::sin(angle), js_sys::Math::cos(angle))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        angle.sin_cos()
    }
}

/// The angle of `(x, y)` from the x axis, in −π … π.
pub fn atan2(y: f64, x: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Math::atan2(y, x)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        y.atan2(x)
    }
}

/// The base-10 logarithm.
pub fn log10(x: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Math::log10(x)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        x.log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn they_agree_with_rusts_own() {
        let (s, c) = sin_cos(std::f64::consts::FRAC_PI_6);
        assert!((s - 0.5).abs() < 1e-12 && (c - 3f64.sqrt() / 2.0).abs() < 1e-12);
        assert!((atan2(1.0, -1.0) - 3.0 * std::f64::consts::FRAC_PI_4).abs() < 1e-12);
        assert!((log10(1000.0) - 3.0).abs() < 1e-12);
    }
}
