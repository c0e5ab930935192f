//! `str::parse::<f64>` without the standard float parser in the page.
//!
//! The standard parser carries a 10 kB table of powers of five and its slow decimal path, about
//! 15 kB of wasm that compresses badly. In the browser, JavaScript's `parseFloat` gives the same
//! correctly rounded double for the same decimal text, so [`parse_f64`] checks Rust's grammar
//! itself and lets the browser do the arithmetic. Natively (tests, CLI builds of this crate) it
//! is `str::parse` itself.

/// What `text.parse::<f64>().ok()` gives: the same grammar (an optional sign, then digits with an
/// optional point and exponent, or `inf`, `infinity`, `nan` in any case) and the same value.
pub fn parse_f64(text: &str) -> Option<f64> {
    #[cfg(target_arch = "wasm32")]
    {
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let magnitude = if is_decimal(body) {
            js_sys::Number::parse_float(body)
        } else if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
            f64::INFINITY
        } else if body.eq_ignore_ascii_case("nan") {
            f64::NAN
        } else {
            return None;
        };
        Some(if negative { -magnitude } else { magnitude })
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        text.parse().ok()
    }
}

/// Whether `text` is an unsigned decimal as Rust's float grammar has it: digits with at most one
/// point (`1`, `1.`, `.5`, `1.5`, not `.`), then optionally `e` or `E`, a sign and digits.
pub fn is_decimal(text: &str) -> bool {
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['+', '-']).unwrap_or(e))),
        None => (text, None),
    };
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => {
            digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty())
        }
        None => !mantissa.is_empty() && digits(mantissa),
    };
    let exponent_ok = exponent.is_none_or(|e| !e.is_empty() && digits(e));
    mantissa_ok && exponent_ok
}

#[cfg(test)]
mod tests {
    use super::{is_decimal, parse_f64};

    /// Texts on both sides of the grammar's edges.
    const SAMPLES: &[&str] = &[
        "",
        "0",
        "-0",
        "+0",
        "1",
        "1.",
        ".5",
        ".",
        "-.",
        "+",
        "-",
        "1.5",
        "01.50",
        "1e3",
        "1E3",
        "1e+3",
        "1e-3",
        "1e",
        "1e+",
        "e3",
        ".e3",
        "1.e3",
        ".5e-2",
        "1e3.5",
        "1e3e3",
        "1..2",
        "1.2.3",
        " 1",
        "1 ",
        "1,5",
        "1_0",
        "0x10",
        "inf",
        "-inf",
        "+Infinity",
        "INF",
        "infinity",
        "infinit",
        "nan",
        "NaN",
        "-nan",
        "nan1",
        "1e400",
        "-1e400",
        "1e-400",
        "4.9e-324",
        "2.2250738585072014e-308",
        "9007199254740993",
        "0.1",
        "0.30000000000000004",
        "123456789012345678901234567890",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "++1",
        "-+1",
        "١",
        "1\u{0}",
    ];

    // In the browser this compares `parseFloat` behind the grammar check with `str::parse`.
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn agrees_with_str_parse() {
        for text in SAMPLES {
            let ours = parse_f64(text).map(f64::to_bits);
            let std = text.parse::<f64>().ok().map(f64::to_bits);
            assert_eq!(ours, std, "{text:?}");
        }
    }

    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    fn the_grammar_check_agrees_with_str_parse_on_plain_decimals() {
        let mut accepted: usize = 0;
        for text in SAMPLES {
            let body = text.strip_prefix(['+', '-']).unwrap_or(text);
            let lower = body.to_ascii_lowercase();
            if ["inf", "infinity", "nan"].contains(&lower.as_str()) {
                continue;
            }
            // `str::parse` takes one sign, which `body` may still have ("++1"); `is_decimal` none.
            let expected = !body.starts_with(['+', '-']) && body.parse::<f64>().is_ok();
            assert_eq!(is_decimal(body), expected, "{text:?}");
            accepted = accepted.saturating_add(usize::from(is_decimal(body)));
        }
        assert!(accepted > 20, "{accepted}");
    }
}
