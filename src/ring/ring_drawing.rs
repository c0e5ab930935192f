//! The ring itself: in SVG the owner band, each server's vnodes as ticks and the lookup's current
//! step; under it, on a canvas ([`super::key_dots`]), the sample of keys as dots in their owner's
//! colour. Keys that changed owner in the last change slide inwards to a second orbit, take their
//! new owner's colour and get a red outline.

use std::rc::Rc;

use yew::prelude::*;

use super::key_dots::KeyDots;
use crate::widgets::palette::server_class;

/// The centre of the drawing and the radii of its parts, in viewBox units (400 × 400).
pub const CENTRE: f64 = 200.0;
const BAND_OUTER: f64 = 186.0;
const BAND_INNER: f64 = 178.0;
const TICK_OUTER: f64 = 176.0;
const TICK_INNER: f64 = 164.0;
/// The orbit of the drawn keys.
pub const KEY_ORBIT: f64 = 150.0;
/// The orbit keys that changed owner fly to.
pub const MOVED_ORBIT: f64 = 128.0;
pub use shardlab_core::view_limits::ring::{MAX_BANDS, MAX_TICKS};

/// The fraction of a turn a point of the `u64` hash space sits at (0 at the top, clockwise).
pub fn turn_of(point: u64) -> f64 {
    point as f64 / 18_446_744_073_709_551_616.0
}

/// Where a point of the hash space sits on a circle of radius `r` around the centre.
pub fn on_circle(point: u64, r: f64) -> (f64, f64) {
    at_turn(turn_of(point), r)
}

fn at_turn(turn: f64, r: f64) -> (f64, f64) {
    let angle = turn * std::f64::consts::TAU;
    (CENTRE + r * angle.sin(), CENTRE - r * angle.cos())
}

/// The SVG path of a band between radii `inner` and `outer` from turn `a` clockwise to turn `b`
/// (`b` may be past 1 for an arc that wraps; a whole turn draws as two halves).
pub fn band_path(a: f64, b: f64, inner: f64, outer: f64) -> String {
    let span = b - a;
    if span >= 0.999_999 {
        return format!(
            "{} {}",
            band_path(a, a + 0.5, inner, outer),
            band_path(a + 0.5, a + 1.0, inner, outer)
        );
    }
    let large = u8::from(span > 0.5);
    let (x1, y1) = at_turn(a, outer);
    let (x2, y2) = at_turn(b, outer);
    let (x3, y3) = at_turn(b, inner);
    let (x4, y4) = at_turn(a, inner);
    format!(
        "M{x1:.2} {y1:.2}A{outer} {outer} 0 {large} 1 {x2:.2} {y2:.2}L{x3:.2} {y3:.2}A{inner} {inner} 0 {large} 0 {x4:.2} {y4:.2}Z"
    )
}

/// One owner span of the hash space, `start` to `end` clockwise (end exclusive, may wrap).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Span {
    pub start: u64,
    pub end: u64,
    pub server: u32,
}

/// One drawn key.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dot {
    pub key: u64,
    pub owner: u32,
    /// The owner before the last change (the same as `owner` when there was none).
    pub was: u32,
    pub moved: bool,
}

/// What the ring shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Scene {
    /// Vnode points and their servers (empty for schemes without a ring).
    pub ticks: Vec<(u64, u32)>,
    /// Owner spans for the band (empty when ownership is not contiguous in hash order).
    pub spans: Vec<Span>,
    pub dots: Vec<Dot>,
}

/// What [`ring_drawing`] draws.
#[derive(PartialEq)]
pub struct RingDrawingProps {
    pub scene: Rc<Scene>,
    /// The looked-up key's point, if it is shown.
    pub key_point: Option<u64>,
    /// Vnode points the lookup has reached so far, and whether each was chosen or skipped.
    pub walked: Vec<(u64, bool)>,
    /// A sentence describing the picture for screen readers.
    pub summary: String,
}

/// Merges consecutive spans with the same owner.
pub fn merged(spans: &[Span]) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::with_capacity(spans.len());
    for span in spans {
        match out.last_mut() {
            Some(last) if last.server == span.server && last.end == span.start => {
                last.end = span.end;
            }
            _ => out.push(*span),
        }
    }
    out
}

/// The spans the band draws: the merged spans when there are at most `max`, else `max` equal
/// arcs of the hash space, each given to the server that owns most of it, neighbours of one owner
/// merged. `spans` cover the circle once in hash order, the last one wrapping past zero; a lone
/// span whose start is its end is the whole circle.
pub fn drawn_bands(spans: &[Span], max: usize) -> Vec<Span> {
    if spans.len() <= max || max == 0 {
        return merged(spans);
    }
    let mut sorted;
    let spans = if spans.is_sorted_by_key(|span| span.start) {
        spans
    } else {
        sorted = spans.to_vec();
        sorted.sort_unstable_by_key(|span| span.start);
        &sorted
    };
    let mut bins = Bins::new(max);
    // One pass in hash order: the part of the wrapping span past zero, the others, then the
    // wrapping span's part before the turn.
    let wrapping = spans.iter().find(|span| span.end < span.start);
    if let Some(span) = wrapping {
        bins.add(0, u128::from(span.end), span.server);
    }
    for span in spans.iter().filter(|span| span.end > span.start) {
        bins.add(u128::from(span.start), u128::from(span.end), span.server);
    }
    if let Some(span) = wrapping {
        bins.add(u128::from(span.start), TURN, span.server);
    }
    merged(&bins.finish())
}

/// The hash space as a number, one past the last point.
const TURN: u128 = 1 << 64;

/// Equal arcs of the hash space, filled in hash order with the owners' lengths inside each.
struct Bins {
    count: u128,
    arc: u128,
    lo: u128,
    hi: u128,
    shares: Vec<(u32, u128)>,
    out: Vec<Span>,
}

impl Bins {
    fn new(count: usize) -> Bins {
        let count = count as u128;
        Bins {
            count,
            arc: 0,
            lo: 0,
            hi: Bins::bound(1, count),
            shares: Vec::new(),
            out: Vec::with_capacity(count as usize),
        }
    }

    /// Where arc `k` of `count` starts. At most a few thousand arcs of a 2^64 turn: every product
    /// fits a u128 many times over.
    fn bound(k: u128, count: u128) -> u128 {
        k.saturating_mul(TURN).checked_div(count).unwrap_or(TURN)
    }

    /// Adds `server`'s ownership of `start .. end`, which starts at or after everything added so far.
    fn add(&mut self, start: u128, end: u128, server: u32) {
        let mut from = start;
        while from < end && self.arc < self.count {
            if from >= self.hi {
                self.close();
                continue;
            }
            let to = end.min(self.hi);
            let length = to.saturating_sub(from);
            match self.shares.iter_mut().find(|(s, _)| *s == server) {
                Some((_, total)) => *total = total.saturating_add(length),
                None => self.shares.push((server, length)),
            }
            from = to;
        }
    }

    /// Gives the current arc to its largest owner (the lower id on a tie) and moves to the next.
    fn close(&mut self) {
        let owner = self
            .shares
            .iter()
            .max_by_key(|(server, total)| (*total, std::cmp::Reverse(*server)));
        if let Some(&(server, _)) = owner {
            // The last arc ends at a whole turn, which is 0 as a point.
            let end = if self.hi >= TURN { 0 } else { self.hi as u64 };
            self.out.push(Span {
                start: self.lo as u64,
                end,
                server,
            });
        }
        self.shares.clear();
        self.arc = self.arc.saturating_add(1);
        self.lo = self.hi;
        self.hi = Bins::bound(self.arc.saturating_add(1), self.count);
    }

    fn finish(mut self) -> Vec<Span> {
        while self.arc < self.count {
            self.close();
        }
        self.out
    }
}

/// The ring drawing.
pub fn ring_drawing(props: &RingDrawingProps) -> Html {
    let scene = &props.scene;
    let stride = scene.ticks.len().div_ceil(MAX_TICKS).max(1);
    let ticks = scene.ticks.iter().step_by(stride).map(|&(point, server)| {
        let (x1, y1) = on_circle(point, TICK_INNER);
        let (x2, y2) = on_circle(point, TICK_OUTER);
        html! { <line class={classes!("rv-tick", server_class(server as usize))}
            x1={format!("{x1:.1}")} y1={format!("{y1:.1}")} x2={format!("{x2:.1}")} y2={format!("{y2:.1}")} /> }
    });
    // The scene's spans are bounded already (`drawn_bands`); this only merges neighbours.
    let band = merged(&scene.spans).into_iter().map(|span| {
        let a = turn_of(span.start);
        let mut b = turn_of(span.end);
        if span.end <= span.start {
            b += 1.0;
        }
        html! { <path class={classes!("rv-band", server_class(span.server as usize))}
        d={band_path(a, b, BAND_INNER, BAND_OUTER)} /> }
    });
    let walked = props.walked.iter().map(|&(point, chosen)| {
        let (x1, y1) = on_circle(point, TICK_INNER - 10.0);
        let (x2, y2) = on_circle(point, BAND_OUTER + 8.0);
        html! { <line class={classes!("rv-walk", chosen.then_some("chosen"))}
            x1={format!("{x1:.1}")} y1={format!("{y1:.1}")} x2={format!("{x2:.1}")} y2={format!("{y2:.1}")} /> }
    });
    let key_mark = props.key_point.map(|point| {
        let (x, y) = on_circle(point, KEY_ORBIT);
        let (lx, ly) = on_circle(point, 100.0);
        html! {
            <g class="rv-lookup" data-testid="lookup-mark">
                <line class="rv-lookup-ray" x1={CENTRE.to_string()} y1={CENTRE.to_string()}
                    x2={format!("{x:.1}")} y2={format!("{y:.1}")} />
                <circle class="rv-lookup-key" cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="6" />
                <circle class="rv-lookup-hub" cx={format!("{lx:.1}")} cy={format!("{ly:.1}")} r="0" />
            </g>
        }
    });
    html! {
        <div class="rv-ring-wrap">
            // The keys' canvas comes first so that the SVG, positioned too, paints over it.
            <KeyDots scene={Rc::clone(scene)} />
            <svg class="rv-ring" viewBox="0 0 400 400" role="img" aria-labelledby="rv-ring-title">
                <title id="rv-ring-title">{ props.summary.clone() }</title>
                <g class="rv-bands">{ for band }</g>
                <g class="rv-ticks">{ for ticks }</g>
                <g class="rv-walked">{ for walked }</g>
                { for key_mark }
                <text class="rv-zero" x="200" y="8" text-anchor="middle">{ "0" }</text>
            </svg>
        </div>
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_at_the_top_and_a_quarter_is_to_the_right() {
        let (x, y) = on_circle(0, 50.0);
        assert!((x - CENTRE).abs() < 1e-9 && (y - (CENTRE - 50.0)).abs() < 1e-9);
        let (x, y) = on_circle(1 << 62, 50.0);
        assert!((x - (CENTRE + 50.0)).abs() < 1e-9 && (y - CENTRE).abs() < 1e-9);
    }

    #[test]
    fn bands_use_the_large_arc_flag_past_half_a_turn() {
        assert!(band_path(0.0, 0.25, 10.0, 20.0).contains(" 0 0 1 "));
        assert!(band_path(0.0, 0.75, 10.0, 20.0).contains(" 0 1 1 "));
        assert_eq!(band_path(0.0, 1.0, 10.0, 20.0).matches('M').count(), 2);
    }

    #[test]
    fn neighbouring_spans_of_one_owner_merge() {
        let spans = [
            Span {
                start: 0,
                end: 5,
                server: 1,
            },
            Span {
                start: 5,
                end: 9,
                server: 1,
            },
            Span {
                start: 9,
                end: 0,
                server: 2,
            },
        ];
        assert_eq!(merged(&spans).len(), 2);
    }

    /// `n` spans of equal length with scattered owners among `servers`, the last wrapping to 0.
    fn striped(n: u64, servers: u32) -> Vec<Span> {
        let width = u64::MAX / n;
        (0..n)
            .map(|i| Span {
                start: i * width,
                end: if i + 1 == n { 0 } else { (i + 1) * width },
                server: (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as u32 % servers,
            })
            .collect()
    }

    #[test]
    fn few_spans_are_drawn_as_they_are() {
        let spans = striped(10, 3);
        assert_eq!(drawn_bands(&spans, MAX_BANDS), merged(&spans));
    }

    #[test]
    fn many_spans_become_at_most_max_arcs_that_cover_the_circle() {
        let spans = striped(640_000, 64);
        let bands = drawn_bands(&spans, MAX_BANDS);
        assert!(bands.len() <= MAX_BANDS, "{}", bands.len());
        assert!(bands.len() > MAX_BANDS / 2, "{}", bands.len());
        assert_eq!(bands.first().map(|b| b.start), Some(0));
        assert_eq!(bands.last().map(|b| b.end), Some(0));
        for pair in bands.windows(2) {
            assert_eq!(pair[0].end, pair[1].start, "the arcs leave no gap");
        }
    }

    #[test]
    fn an_arc_goes_to_the_server_that_owns_most_of_it() {
        // The first 90 % of the circle is 10,000 small spans, two of every three server 7's and
        // the third server 3's; one span of server 1 is the rest.
        let step = 9 * (u64::MAX / 10) / 10_000;
        let mut spans: Vec<Span> = (0..10_000u64)
            .map(|i| Span {
                start: i * step,
                end: (i + 1) * step,
                server: if i % 3 == 2 { 3 } else { 7 },
            })
            .collect();
        spans.push(Span {
            start: 10_000 * step,
            end: 0,
            server: 1,
        });
        let bands = drawn_bands(&spans, 10);
        let owners: Vec<u32> = bands.iter().map(|b| b.server).collect();
        assert_eq!(owners, vec![7, 1], "{bands:?}");
    }
}
