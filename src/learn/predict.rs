//! "Predict, then observe": the reader commits a guess before acting, then the widget measures
//! it. This file holds what such a task is about (a growth on the Ring), how the measurement and
//! its spread over seeds are read, and the words that set the guess against them; the spread and
//! the comparison are the core's (`shardlab_core::course`), so they are the Ring's own numbers.

use shardlab_core::course::{compare, growth_spread, Closeness, SPREAD_SEEDS};
use shardlab_core::placement::{Mod, Ring, SchemeKind, SweepPoint};
use shardlab_core::text::percent;

use super::progress::GUESS_TENTHS_TOP;
use super::tasks::{grew, parse_number, ring, Snapshot};

/// A guess about one growth of the Ring: `from` servers to `from + 1` under `scheme`.
#[derive(Debug, PartialEq)]
pub struct Prediction {
    /// The guess input's label.
    pub label: &'static str,
    /// The scheme the widget must be showing.
    pub scheme: SchemeKind,
    /// Servers before the growth.
    pub from: usize,
    /// What the spread sentence calls the scheme ("hash mod N").
    pub scheme_words: &'static str,
}

impl Prediction {
    /// The share that moved, once the view shows this growth with its count finished.
    pub fn measured(&self, snapshot: &Snapshot) -> Option<f64> {
        ring(snapshot)
            .filter(|r| grew(r, self.scheme, Some(self.from)))
            .and_then(|r| r.moved_fraction)
    }

    /// The spread over seeds of the same growth at the view's vnodes; `None` before the view
    /// shows the growth, or when the core cannot build it.
    pub fn spread(&self, snapshot: &Snapshot) -> Option<SweepPoint> {
        self.measured(snapshot)?;
        self.spread_at(ring(snapshot)?.vnodes)
    }

    /// The spread over seeds of this growth at `vnodes` per server.
    pub fn spread_at(&self, vnodes: u32) -> Option<SweepPoint> {
        let from = u32::try_from(self.from).ok()?;
        match self.scheme {
            SchemeKind::Mod => growth_spread(from, |s, _| Ok(Mod::new(s))).ok(),
            SchemeKind::Ring => {
                growth_spread(from, |s, salt| Ring::with_salt(s, vnodes, salt)).ok()
            }
            // No lesson predicts the others' growth; each would be one more scheme on this page
            // (a directory is pinned key by key and ID-encoded placement follows its table, so
            // those two do not even grow by being rebuilt).
            SchemeKind::Jump
            | SchemeKind::Rendezvous
            | SchemeKind::Range
            | SchemeKind::Directory
            | SchemeKind::IdEncoded
            | SchemeKind::Maglev
            | SchemeKind::MultiProbe
            | SchemeKind::BoundedLoad => None,
        }
    }

    /// The view's vnodes once it shows the growth: what the spread depends on.
    pub fn measured_at(&self, snapshot: &Snapshot) -> Option<u32> {
        self.measured(snapshot)?;
        ring(snapshot).map(|r| r.vnodes)
    }
}

/// A typed guess, in tenths of a percent; the error says what to type.
pub fn parse_guess(text: &str) -> Result<u32, String> {
    let value =
        parse_number(text).ok_or_else(|| "Type your guess as a number, like 35.".to_owned())?;
    let tenths = (value * 10.0).round();
    if !(0.0..=f64::from(GUESS_TENTHS_TOP)).contains(&tenths) {
        return Err("A share of the keys is between 0 and 100 %.".to_owned());
    }
    Ok(tenths as u32)
}

/// A guess in tenths of a percent, as a share (0 … 1).
pub fn guess_share(tenths: u32) -> f64 {
    f64::from(tenths) / 1_000.0
}

/// What the card says once the measurement is in: the guess, the measurement, the spread, and
/// how close the guess came.
#[derive(Clone, Debug, PartialEq)]
pub struct PredictReport {
    /// "You guessed 25.0 %."
    pub guess: String,
    /// "The widget measured 80.0 %."
    pub measured: String,
    /// "Over 8 seeds, hash mod N moves 79.6 % to 80.3 % (mean 80.0 %)." when known.
    pub spread: Option<String>,
    /// How close the guess came, in words.
    pub verdict: String,
}

/// Sets a committed guess against what the view measured and the spread over seeds.
pub fn report(
    prediction: &Prediction,
    guess_tenths: u32,
    measured: f64,
    spread: Option<&SweepPoint>,
) -> PredictReport {
    let guess = guess_share(guess_tenths);
    let comparison = compare(guess, measured, spread.map(|s| (s.min, s.max)));
    let points = (comparison.off_by.abs() * 100.0).round();
    let direction = if comparison.off_by > 0.0 {
        "low"
    } else {
        "high"
    };
    let verdict = match comparison.closeness {
        Closeness::InSpread => {
            "Your guess is inside the range the seeds give: as good as a guess can be.".to_owned()
        }
        Closeness::Close => format!("Close: {points:.0} points {direction}."),
        Closeness::Far => format!("{points:.0} points too {direction}. Read on for why."),
    };
    PredictReport {
        guess: format!("You guessed {}.", percent(guess)),
        measured: format!("The widget measured {}.", percent(measured)),
        spread: spread.map(|s| {
            format!(
                "Over {SPREAD_SEEDS} seeds, {} moves {} to {} (mean {}).",
                prediction.scheme_words,
                percent(s.min),
                percent(s.max),
                percent(s.mean)
            )
        }),
        verdict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::RingSnapshot;

    const MOD: Prediction = Prediction {
        label: "Your guess",
        scheme: SchemeKind::Mod,
        from: 4,
        scheme_words: "hash mod N",
    };

    fn grown(scheme: SchemeKind, from: u32, moved: f64) -> Snapshot {
        Snapshot::Ring(RingSnapshot {
            scheme,
            servers: (0..=from).collect(),
            before: Some((0..from).collect()),
            added: vec![from],
            measured: true,
            moved_fraction: Some(moved),
            vnodes: 100,
            keys: 100_000,
            ..RingSnapshot::default()
        })
    }

    #[test]
    fn guesses_parse_as_tenths_of_a_percent() {
        assert_eq!(parse_guess("25"), Ok(250));
        assert_eq!(parse_guess(" 19,5 % "), Ok(195));
        assert_eq!(parse_guess("100"), Ok(1_000));
        assert!(parse_guess("101").is_err());
        assert!(parse_guess("-3").is_err());
        assert!(parse_guess("a fifth").is_err());
    }

    #[test]
    fn the_measurement_is_read_only_from_the_growth_asked_about() {
        assert_eq!(MOD.measured(&grown(SchemeKind::Mod, 4, 0.8)), Some(0.8));
        assert_eq!(MOD.measured(&grown(SchemeKind::Ring, 4, 0.2)), None);
        assert_eq!(MOD.measured(&grown(SchemeKind::Mod, 5, 0.83)), None);
        assert!(MOD.spread(&grown(SchemeKind::Ring, 4, 0.2)).is_none());
    }

    #[test]
    fn a_guess_is_shown_against_the_measurement_and_the_core_spread() {
        let snapshot = grown(SchemeKind::Mod, 4, 0.8003);
        let spread = MOD.spread(&snapshot).unwrap();
        assert_eq!(spread.samples, 8);
        let low = report(&MOD, 250, 0.8003, Some(&spread));
        assert_eq!(low.guess, "You guessed 25.0 %.");
        assert_eq!(low.measured, "The widget measured 80.0 %.");
        let said = low.spread.clone().unwrap();
        assert!(
            said.starts_with("Over 8 seeds, hash mod N moves 7"),
            "{said}"
        );
        assert_eq!(low.verdict, "55 points too low. Read on for why.");
        assert_eq!(
            report(&MOD, 770, 0.8003, Some(&spread)).verdict,
            "Close: 3 points low."
        );
        let right = report(&MOD, 800, 0.8003, Some(&spread));
        assert!(
            right.verdict.starts_with("Your guess is inside"),
            "{right:?}"
        );
        let high = report(&MOD, 950, 0.8003, None);
        assert_eq!(
            (high.spread, high.verdict.as_str()),
            (None, "15 points too high. Read on for why.")
        );
    }
}
