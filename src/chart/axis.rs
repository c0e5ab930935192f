//! A chart's axes: a range in data units, how values map onto the drawn axis (linear, or the
//! log10 of the value on a log axis), where the ticks go and how they are written. Pure maths,
//! tested natively.

/// How an axis writes its ticks (and, for [`Ticks::Log`], how it maps values).
#[derive(Debug, Clone, PartialEq)]
pub enum Ticks {
    /// Plain numbers, shortened from a thousand up ("2k", "1.5M").
    Number,
    /// Shares drawn as percentages ("40 %").
    Percent,
    /// One decimal ("0.8").
    Tenths,
    /// A log10 axis: the value's log is drawn, ticks at each decade.
    Log,
    /// Names for the whole numbers 0, 1, 2 … (shards, servers); nothing between them.
    Names(Vec<String>),
}

/// One axis: its description, its range in data units, and how it writes its ticks.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    /// The description beside the axis, with its unit.
    pub label: String,
    lo: f64,
    hi: f64,
    ticks: Ticks,
    /// About how many ticks a linear axis gets; 0 leaves it to the renderer.
    count: usize,
}

/// A number as an axis writes it: whole below a thousand where possible, then "k" and "M".
pub fn short_number(v: f64) -> String {
    let round2 = |x: f64| libm::round(x * 100.0) / 100.0;
    if v.abs() >= 1_000_000.0 {
        format!("{}M", round2(v / 1_000_000.0))
    } else if v.abs() >= 1_000.0 {
        format!("{}k", round2(v / 1_000.0))
    } else if v.abs() >= 1.0 || v == 0.0 {
        format!("{}", round2(v))
    } else {
        format!("{}", libm::round(v * 1_000.0) / 1_000.0)
    }
}

/// About `count` round tick values covering `lo … hi` (1, 2 or 5 times a power of ten apart).
pub fn ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    if !(lo.is_finite() && hi.is_finite()) || hi <= lo || count == 0 {
        return vec![lo];
    }
    let raw = (hi - lo) / count as f64;
    let power = libm::pow(10.0, libm::floor(libm::log10(raw)));
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power);
    let first = libm::ceil(lo / step) * step;
    (0..=count.saturating_mul(3))
        .map(|i| first + step * i as f64)
        .take_while(|v| *v <= hi + step * 1e-9)
        .collect()
}

impl Axis {
    /// A linear axis from `lo` to `hi` (swapped if given the wrong way round; widened if empty).
    pub fn linear(label: &str, lo: f64, hi: f64, ticks: Ticks) -> Self {
        let (lo, hi) = ordered(lo, hi, 1.0);
        Axis {
            label: label.to_owned(),
            lo,
            hi,
            ticks,
            count: 0,
        }
    }

    /// A log10 axis covering `lo` … `hi`, widened to whole decades so its ticks are 1, 10, 100 ….
    pub fn log(label: &str, lo: f64, hi: f64) -> Self {
        let positive = |v: f64| if v.is_finite() && v > 0.0 { v } else { 1.0 };
        let (lo, hi) = ordered(positive(lo), positive(hi), 10.0);
        let lo = libm::pow(10.0, libm::floor(libm::log10(lo)));
        let hi = libm::pow(10.0, libm::ceil(libm::log10(hi)));
        Axis {
            label: label.to_owned(),
            lo,
            hi: if hi > lo { hi } else { lo * 10.0 },
            ticks: Ticks::Log,
            count: 0,
        }
    }

    /// The same axis with about `count` ticks when it is linear.
    pub fn with_ticks(mut self, count: usize) -> Self {
        self.count = count;
        self
    }

    /// Where a value sits on the drawn axis: its log10 on a log axis, itself otherwise.
    pub fn at(&self, v: f64) -> f64 {
        match self.ticks {
            Ticks::Log => libm::log10(v.max(self.lo * 1e-3)),
            _ => v,
        }
    }

    /// The drawn range.
    pub fn range(&self) -> (f64, f64) {
        (self.at(self.lo), self.at(self.hi))
    }

    /// A tick label for a position on the drawn axis (also how a table writes an x value).
    pub fn tick(&self, at: f64) -> String {
        match &self.ticks {
            Ticks::Number => short_number(at),
            Ticks::Percent => format!("{:.0} %", at * 100.0),
            Ticks::Tenths => format!("{at:.1}"),
            Ticks::Log => short_number(libm::pow(10.0, libm::round(at))),
            Ticks::Names(names) => {
                let whole = libm::round(at);
                if (at - whole).abs() > 1e-6 || whole < 0.0 {
                    return String::new();
                }
                names.get(whole as usize).cloned().unwrap_or_default()
            }
        }
    }

    /// Where the ticks go, on the drawn axis: each decade on a log axis; every name, or every
    /// n-th when they would not fit side by side in `room_px` pixels (or past 16 names); else
    /// about the axis's own count of round steps, or `count`.
    pub fn tick_positions(&self, count: usize, room_px: f64) -> Vec<f64> {
        let (lo, hi) = self.range();
        match &self.ticks {
            Ticks::Log => {
                let first = libm::ceil(lo - 1e-9) as i32;
                let last = libm::floor(hi + 1e-9) as i32;
                (first..=last).map(f64::from).collect()
            }
            Ticks::Names(names) => {
                // A name takes about 7 px a character, and a gap of 12 px to the next.
                let widest = names.iter().map(|n| n.chars().count()).max().unwrap_or(1);
                let fit = (room_px / (widest as f64 * 7.0 + 12.0)) as usize;
                let step = names.len().div_ceil(fit.clamp(1, 16)).max(1);
                (0..names.len()).step_by(step).map(|i| i as f64).collect()
            }
            _ => ticks(lo, hi, if self.count > 0 { self.count } else { count }),
        }
    }
}

/// (lo, hi) in order, `pad` apart at least, finite.
fn ordered(a: f64, b: f64, pad: f64) -> (f64, f64) {
    let a = if a.is_finite() { a } else { 0.0 };
    let b = if b.is_finite() { b } else { a + pad };
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if hi > lo {
        (lo, hi)
    } else {
        (lo, lo + pad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(
            ticks(0.0, 1.0, 5),
            vec![0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]
        );
        assert_eq!(ticks(0.0, 100.0, 4), vec![0.0, 50.0, 100.0]);
        assert_eq!(ticks(5.0, 5.0, 4), vec![5.0]);
        assert_eq!(ticks(f64::NAN, 1.0, 4).len(), 1);
    }

    #[test]
    fn an_axis_can_ask_for_its_own_tick_count() {
        let x = Axis::linear("N", 0.5, 16.5, Ticks::Number);
        assert_eq!(x.tick_positions(6, f64::INFINITY), vec![5.0, 10.0, 15.0]);
        let x = x.with_ticks(8);
        assert_eq!(
            x.tick_positions(6, f64::INFINITY),
            vec![2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0]
        );
    }

    #[test]
    fn a_log_axis_spans_whole_decades_and_ticks_on_them() {
        let axis = Axis::log("ms", 3.2, 420.0);
        assert_eq!(axis.range(), (0.0, 3.0));
        assert_eq!(
            axis.tick_positions(6, f64::INFINITY),
            vec![0.0, 1.0, 2.0, 3.0]
        );
        assert_eq!(axis.tick(2.0), "100");
        assert_eq!(axis.tick(3.0), "1k");
        assert_eq!(Axis::log("users", 10.0, 1_000_000.0).tick(6.0), "1M");
        // Nonsense in, a usable axis out.
        let bad = Axis::log("ms", f64::NAN, -5.0);
        let (lo, hi) = bad.range();
        assert!(hi > lo, "{lo} {hi}");
    }

    #[test]
    fn names_label_only_whole_positions() {
        let axis = Axis::linear(
            "shard",
            -0.5,
            2.5,
            Ticks::Names(vec!["a".into(), "b".into(), "c".into()]),
        );
        assert_eq!(axis.tick(1.0), "b");
        assert_eq!(axis.tick(1.5), "");
        assert_eq!(axis.tick(7.0), "");
        assert_eq!(axis.tick(-1.0), "");
        let many: Vec<String> = (0..40).map(|i| format!("S{i}")).collect();
        let crowded = Axis::linear("server", -0.5, 39.5, Ticks::Names(many));
        assert_eq!(
            crowded.tick_positions(6, f64::INFINITY).len(),
            14,
            "every third of 40 names"
        );
        // Ten vnode counts up to "1000" on a phone's 230 px: every other one.
        let vnodes = ["1", "2", "5", "10", "20", "50", "100", "200", "500", "1000"];
        let names = vnodes.iter().map(|v| v.to_string()).collect();
        let axis = Axis::linear("V", -0.5, 9.5, Ticks::Names(names));
        assert_eq!(axis.tick_positions(6, 230.0), vec![0.0, 2.0, 4.0, 6.0, 8.0]);
        assert_eq!(axis.tick_positions(6, 420.0).len(), 10);
        // Eight one-digit shards fit in a phone's plot.
        let shards = (0..8).map(|i| i.to_string()).collect();
        let axis = Axis::linear("shard", -0.5, 7.5, Ticks::Names(shards));
        assert_eq!(axis.tick_positions(6, 200.0).len(), 8);
    }

    #[test]
    fn an_empty_or_reversed_range_is_made_usable() {
        assert_eq!(
            Axis::linear("y", 2.0, 2.0, Ticks::Number).range(),
            (2.0, 3.0)
        );
        assert_eq!(
            Axis::linear("y", 5.0, 1.0, Ticks::Number).range(),
            (1.0, 5.0)
        );
    }

    #[test]
    fn numbers_shorten_from_a_thousand() {
        assert_eq!(short_number(0.0), "0");
        assert_eq!(short_number(250.0), "250");
        assert_eq!(short_number(4_000.0), "4k");
        assert_eq!(short_number(1_500_000.0), "1.5M");
        assert_eq!(short_number(0.25), "0.25");
        assert_eq!(short_number(0.6000000000000001), "0.6");
    }
}
