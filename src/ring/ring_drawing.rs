//! The ring itself: in SVG the owner band (each wide arc labelled with its server), each server's
//! vnodes as ticks and the lookup's current step; under it, on a canvas ([`super::key_dots`]), the
//! sample of keys as dots in their owner's colour. After a change the arcs that changed owner are
//! marked outside the band ([`super::ring_change`]: solid in the colour of the server that took
//! them, hatched in a killed server's colour) and named in a legend; the change plays in two
//! stages ([`super::animation`]): the arcs change colour, then the moved keys slide inwards to a
//! second orbit with a red outline. Replay plays it again.

use std::rc::Rc;

use yew::prelude::*;

use super::key_dots::KeyDots;
use super::ring_change::Change;
use crate::browser::math::sin_cos;
use crate::widgets::palette::server_class;

/// The centre of the drawing and the radii of its parts, in viewBox units (400 × 400).
pub const CENTRE: f64 = 200.0;
/// The marks of the arcs that changed owner, outside the band.
const MARK_OUTER: f64 = 198.0;
const MARK_INNER: f64 = 189.0;
/// The owner band, thick enough to carry its servers' names at a few vnodes.
const BAND_OUTER: f64 = 186.0;
const BAND_INNER: f64 = 168.0;
const LABEL_RADIUS: f64 = 177.0;
const TICK_OUTER: f64 = 166.0;
const TICK_INNER: f64 = 152.0;
/// The orbit of the drawn keys.
pub const KEY_ORBIT: f64 = 138.0;
/// The orbit keys that changed owner fly to.
pub const MOVED_ORBIT: f64 = 116.0;
/// The narrowest band arc that carries its server's name, in turns (about 13°).
const LABEL_MIN_TURN: f64 = 0.035;
pub use shardlab_core::view_limits::ring::{MAX_BANDS, MAX_BAND_LABELS, MAX_TICKS};

/// The fraction of a turn a point of the `u64` hash space sits at (0 at the top, clockwise).
pub fn turn_of(point: u64) -> f64 {
    point as f64 / 18_446_744_073_709_551_616.0
}

/// How far round the circle a point (or an arc of that length) is, as the pictures' text says it:
/// "12.34 %".
pub fn percent_of_circle(point: u64) -> String {
    format!("{:.2} %", turn_of(point) * 100.0)
}

/// Where a point of the hash space sits on a circle of radius `r` around the centre.
pub fn on_circle(point: u64, r: f64) -> (f64, f64) {
    at_turn(turn_of(point), r)
}

fn at_turn(turn: f64, r: f64) -> (f64, f64) {
    let angle = turn * std::f64::consts::TAU;
    let (sin, cos) = sin_cos(angle);
    (CENTRE + r * sin, CENTRE - r * cos)
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

/// A vnode's point and its server, as the ticks show it.
type Tick = (u64, u32);

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
    /// What the last change did to the ring (ring scheme only).
    pub change: Option<Rc<Change>>,
}

/// What [`ring_drawing`] draws.
#[derive(Properties, PartialEq, Clone)]
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
    let sorted;
    // A ring's spans come in point order but start with the one that wraps past zero (from the
    // last point to the first), so only the others need be in order. Sorting 640,000 spans
    // because of that one took 20 ms of the click that builds the largest ring's picture.
    let ordered = spans
        .iter()
        .filter(|span| span.end > span.start)
        .is_sorted_by_key(|span| span.start);
    let spans = if ordered {
        spans
    } else {
        // Start | index in one u128, sorted by the sort the core's rings use: a page compiles
        // one sort per element type, 2–4 kB each.
        let mut order: Vec<u128> = spans
            .iter()
            .zip(0u64..)
            .map(|(span, index)| u128::from(span.start) << 64 | u128::from(index))
            .collect();
        order.sort_unstable();
        sorted = order
            .into_iter()
            .filter_map(|packed| spans.get(packed as u64 as usize).copied())
            .collect::<Vec<Span>>();
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
///
/// At the limits 640,000 spans fall into 1,000 arcs of up to 64 owners each. Each owner's length
/// sits in a slot of its own (`totals`, found through `Slots`), so adding a span is a few
/// operations instead of a search through the arc's owners (33 ms of a 37 ms scene, natively).
struct Bins {
    count: u128,
    arc: u128,
    lo: u128,
    hi: u128,
    slots: Slots,
    /// Each slot's length inside the current arc.
    totals: Vec<u128>,
    /// The slots the current arc has met (a slot met only by empty spans may repeat).
    touched: Vec<usize>,
    out: Vec<Span>,
}

/// Server ids to dense slot numbers, in the order first seen. A direct-mapped cache answers the
/// usual case (a few dozen ids) at once; a miss searches the ids seen so far.
struct Slots {
    ids: Vec<u32>,
    /// `slot + 1` of the id last seen with these low bits, or 0.
    cache: [u32; 256],
}

impl Slots {
    fn of(&mut self, server: u32) -> usize {
        let line = (server & 0xff) as usize;
        let cached = self.cache.get(line).copied().unwrap_or(0);
        if let Some(slot) = cached.checked_sub(1).map(|s| s as usize) {
            if self.ids.get(slot) == Some(&server) {
                return slot;
            }
        }
        let slot = match self.ids.iter().position(|&id| id == server) {
            Some(slot) => slot,
            None => {
                self.ids.push(server);
                self.ids.len().saturating_sub(1)
            }
        };
        if let Some(entry) = self.cache.get_mut(line) {
            *entry = u32::try_from(slot).map_or(0, |s| s.saturating_add(1));
        }
        slot
    }
}

impl Bins {
    fn new(count: usize) -> Bins {
        let count = count as u128;
        Bins {
            count,
            arc: 0,
            lo: 0,
            hi: Bins::bound(1, count),
            slots: Slots {
                ids: Vec::new(),
                cache: [0; 256],
            },
            totals: Vec::new(),
            touched: Vec::new(),
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
        let slot = self.slots.of(server);
        if slot >= self.totals.len() {
            self.totals.resize(slot.saturating_add(1), 0);
        }
        let mut from = start;
        while from < end && self.arc < self.count {
            if from >= self.hi {
                self.close();
                continue;
            }
            let to = end.min(self.hi);
            let length = to.saturating_sub(from);
            if let Some(total) = self.totals.get_mut(slot) {
                // A slot's total is 0 from `close` until the arc first meets it.
                if *total == 0 {
                    self.touched.push(slot);
                }
                *total = total.saturating_add(length);
            }
            from = to;
        }
    }

    /// Gives the current arc to its largest owner (the lower id on a tie) and moves to the next.
    fn close(&mut self) {
        let owner = self
            .touched
            .iter()
            .filter_map(|&slot| Some((*self.slots.ids.get(slot)?, *self.totals.get(slot)?)))
            .max_by_key(|&(server, total)| (total, std::cmp::Reverse(server)));
        if let Some((server, _)) = owner {
            // The last arc ends at a whole turn, which is 0 as a point.
            let end = if self.hi >= TURN { 0 } else { self.hi as u64 };
            self.out.push(Span {
                start: self.lo as u64,
                end,
                server,
            });
        }
        for &slot in &self.touched {
            if let Some(total) = self.totals.get_mut(slot) {
                *total = 0;
            }
        }
        self.touched.clear();
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

/// The middle of each band arc wide enough to carry a name, in turns, with its server.
pub fn band_labels(spans: &[Span]) -> Vec<(f64, u32)> {
    let labels: Vec<(f64, u32)> = spans
        .iter()
        .filter_map(|span| {
            let (a, b) = span_turns(span);
            (b - a >= LABEL_MIN_TURN).then_some(((a + b) / 2.0, span.server))
        })
        .collect();
    if labels.len() > MAX_BAND_LABELS {
        Vec::new()
    } else {
        labels
    }
}

/// A span's start and end in turns; the end passes 1 when the span wraps past zero.
fn span_turns(span: &Span) -> (f64, f64) {
    let a = turn_of(span.start);
    let b = turn_of(span.end);
    if span.end <= span.start {
        (a, b + 1.0)
    } else {
        (a, b)
    }
}

fn line(class: Classes, point: u64, inner: f64, outer: f64) -> Html {
    let (x1, y1) = on_circle(point, inner);
    let (x2, y2) = on_circle(point, outer);
    html! { <line class={class} x1={format!("{x1:.1}")} y1={format!("{y1:.1}")}
    x2={format!("{x2:.1}")} y2={format!("{y2:.1}")} /> }
}

/// The change's marks, in three groups whose opacity the animation sets as the arcs change
/// ([`super::key_dots::change_opacities`]): the old owners' colours over the band, fading out;
/// the marks outside the band with the new servers' ticks (`fresh`), fading in; the killed
/// servers' old vnodes, fading to faint. With the hatch patterns the given-up marks use.
fn change_marks(change: &Change, fresh: Html) -> Html {
    let marks = change.marks();
    let hatches = change.removed.iter().map(|&id| {
        html! {
            <pattern id={format!("rv-hatch-{id}")} class={classes!("rv-hatch", server_class(id as usize))}
                width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="5" height="5" class="rv-hatch-ground" />
                <line x1="1.5" y1="0" x2="1.5" y2="5" />
            </pattern>
        }
    });
    // Past the band's limit the old colours are not drawn (the marks still are).
    let arcs = &change.diff.arcs;
    let old = arcs
        .iter()
        .take(if arcs.len() > MAX_BANDS {
            0
        } else {
            arcs.len()
        })
        .map(|arc| {
            let a = turn_of(arc.start);
            html! { <path class={classes!("rv-change-old", server_class(arc.from.0 as usize))}
            d={band_path(a, a + arc.fraction(), BAND_INNER, BAND_OUTER)} /> }
        });
    let shown = marks.iter().map(|m| {
        let fill = m.gave.then(|| format!("url(#rv-hatch-{})", m.server));
        html! { <path class={classes!("rv-mark", if m.gave { "gave" } else { "took" }, server_class(m.server as usize))}
            fill={fill} d={band_path(m.a, m.b, MARK_INNER, MARK_OUTER)} /> }
    });
    let gone = change.gone_ticks.iter().map(|&(point, server)| {
        line(
            classes!("rv-tick", "gone", server_class(server as usize)),
            point,
            TICK_INNER,
            TICK_OUTER,
        )
    });
    html! {
        <g class="rv-change" data-testid="change-marks" data-marks={marks.len().to_string()}>
            <defs>{ for hatches }</defs>
            <g class="rv-change-olds">{ for old }</g>
            <g class="rv-change-new">
                <g class="rv-marks">{ for shown }</g>
                <g class="rv-fresh">{ fresh }</g>
            </g>
            <g class="rv-gone">{ for gone }</g>
        </g>
    }
}

/// The ring drawing (a component for its Replay count).
#[function_component(RingDrawing)]
pub fn ring_drawing_view(props: &RingDrawingProps) -> Html {
    let replay = use_state(|| 0u32);
    let scene = &props.scene;
    let fresh = scene
        .change
        .as_ref()
        .map(|c| c.added.clone())
        .unwrap_or_default();
    let stride = scene.ticks.len().div_ceil(MAX_TICKS).max(1);
    let tick = |&(point, server): &Tick| {
        let class = classes!(
            "rv-tick",
            server_class(server as usize),
            fresh.contains(&server).then_some("fresh")
        );
        line(class, point, TICK_INNER, TICK_OUTER)
    };
    // A new server's ticks fade in with the change's marks, so they are drawn in its group.
    let (new_ticks, ticks): (Vec<&Tick>, Vec<&Tick>) = scene
        .ticks
        .iter()
        .step_by(stride)
        .partition(|(_, server)| fresh.contains(server));
    let new_ticks: Html = new_ticks.into_iter().map(tick).collect();
    let ticks = ticks.into_iter().map(tick);
    // The scene's spans are bounded already (`drawn_bands`); this only merges neighbours.
    let spans = merged(&scene.spans);
    let band = spans.iter().map(|span| {
        let (a, b) = span_turns(span);
        html! { <path class={classes!("rv-band", server_class(span.server as usize))}
        d={band_path(a, b, BAND_INNER, BAND_OUTER)} /> }
    });
    let labels = band_labels(&spans).into_iter().map(|(turn, server)| {
        let (x, y) = at_turn(turn, LABEL_RADIUS);
        html! { <text class="rv-band-label" x={format!("{x:.1}")} y={format!("{y:.1}")}
        text-anchor="middle" dominant-baseline="central">{ format!("S{server}") }</text> }
    });
    let walked = props.walked.iter().map(|&(point, chosen)| {
        line(
            classes!("rv-walk", chosen.then_some("chosen")),
            point,
            TICK_INNER - 10.0,
            MARK_OUTER,
        )
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
    let legend = scene
        .change
        .as_ref()
        .map(|c| c.legend())
        .unwrap_or_default();
    let legend = legend.iter().map(|l| {
        html! { <li class={classes!(server_class(l.server as usize), l.gave.then_some("gave"))}>
        <span class="rv-mark-swatch" aria-hidden="true"></span>{ l.text() }</li> }
    });
    let replayable = scene.change.is_some() || scene.dots.iter().any(|d| d.moved);
    let on_replay = {
        let replay = replay.clone();
        Callback::from(move |_: MouseEvent| replay.set(replay.wrapping_add(1)))
    };
    html! {
        <>
            <div class="rv-ring-wrap" data-stage="done">
                // The keys' canvas comes first so that the SVG, positioned too, paints over it.
                <KeyDots scene={Rc::clone(scene)} replay={*replay} />
                <svg class="rv-ring" viewBox="0 0 400 400" role="img" aria-labelledby="rv-ring-title">
                    <title id="rv-ring-title">{ props.summary.clone() }</title>
                    <g class="rv-bands">{ for band }</g>
                    { for scene.change.as_deref().map(|c| change_marks(c, new_ticks)) }
                    <g class="rv-band-labels" aria-hidden="true">{ for labels }</g>
                    <g class="rv-ticks">{ for ticks }</g>
                    <g class="rv-walked">{ for walked }</g>
                    { for key_mark }
                    <text class="rv-zero" x="200" y="106" text-anchor="middle">{ "0 · clockwise" }</text>
                </svg>
            </div>
            if replayable {
                <div class="rv-change-legend">
                    <ul data-testid="change-legend" aria-live="polite">{ for legend }</ul>
                    <button type="button" data-testid="replay" onclick={on_replay}
                        aria-label="Replay the last change">{ "↻ Replay" }</button>
                </div>
            }
        </>
    }
}

/// The ring drawing, from the page's render code.
pub fn ring_drawing(props: &RingDrawingProps) -> Html {
    html! { <RingDrawing ..props.clone() /> }
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
    fn wide_arcs_carry_their_servers_name_and_a_barcode_none() {
        // Twelve arcs (4 servers at 3 vnodes): each a twelfth of the turn, so each is named.
        let labels = band_labels(&striped(12, 4));
        assert_eq!(labels.len(), 12);
        let (middle, _) = labels[0];
        assert!((middle - 1.0 / 24.0).abs() < 1e-6, "{middle}");
        // The last span wraps to zero: its name sits before the top, not across the circle.
        assert!(labels[11].0 > 0.9 && labels[11].0 < 1.0, "{labels:?}");
        assert!(band_labels(&striped(400, 4)).is_empty());
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
    fn a_ring_order_with_the_wrapping_span_first_draws_as_any_order_does() {
        // A ring's spans start with the one from its last point round to its first; the bands
        // must not depend on where it sits, nor on the others' order, nor on the owners' ids.
        let mut spans = striped(50_000, 37);
        for (i, span) in spans.iter_mut().enumerate() {
            span.server = span.server * 1_000 + (i as u32 % 2) * 256;
        }
        let wrapping = spans.pop().unwrap();
        let ring_order: Vec<Span> = std::iter::once(wrapping)
            .chain(spans.iter().copied())
            .collect();
        let mut shuffled = ring_order.clone();
        shuffled.reverse();
        shuffled.swap(3, 40_000);
        let bands = drawn_bands(&ring_order, 100);
        assert_eq!(bands.len(), drawn_bands(&shuffled, 100).len());
        assert_eq!(bands, drawn_bands(&shuffled, 100));
        assert!(bands.len() > 10, "{}", bands.len());
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
