//! The lookup walk, zoomed: at 100 vnodes a whole walk spans well under 1 % of the circle, too
//! little to see on the ring, so beside the step buttons a strip unrolls the stretch of ring from
//! the key's point to the vnode the walk has reached, scaled to fit. The key, each vnode the walk
//! visited (its server, chosen or skipped) and the owner are drawn and labelled, and the strip
//! follows the walk step by step. Its scale is said in words ("this strip is 0.031 % of the
//! ring"). The layout is a pure function, tested natively.

use yew::prelude::*;

use super::lookup_steps::Step;
use super::ring_drawing::turn_of;
use crate::browser::math::log10;
use crate::widgets::palette::server_class;
use shardlab_core::text::percent;

/// The strip's width in viewBox units (its height grows with the rows of labels).
const WIDTH: f64 = 360.0;
/// The room left of the key and right of the last vnode.
const MARGIN: f64 = 44.0;
/// The band's top and height.
const BAND_Y: f64 = 48.0;
const BAND_H: f64 = 14.0;
/// A label's width, gap included, in viewBox units ("S12 replica 3" at 10 px).
const LABEL_W: f64 = 84.0;
/// The height of a row of labels.
const ROW_H: f64 = 18.0;

/// One vnode in the strip.
#[derive(Debug, Clone, PartialEq)]
pub struct InsetVnode {
    pub x: f64,
    /// Where its label is centred: under it, kept inside the strip.
    pub label_x: f64,
    pub server: u32,
    /// Chosen (a new replica), or skipped (its server was chosen already).
    pub chosen: bool,
    /// The label's row, 0 nearest the band.
    pub row: usize,
    /// "owner", "replica 2", "skip".
    pub role: String,
    /// The step this vnode is the current one of.
    pub current: bool,
}

/// The strip's layout for the steps reached so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Inset {
    /// The key's x (the strip's zero, in hash order).
    pub key_x: f64,
    pub vnodes: Vec<InsetVnode>,
    /// The band's pieces: `(x0, x1, server)`, left to right.
    pub band: Vec<(f64, f64, u32)>,
    /// Where the strip starts and ends, in turns of the ring.
    pub from_turn: f64,
    pub to_turn: f64,
}

/// Lays out the strip for `key_hash` and `steps` up to `step` (the walk's steps are those with a
/// vnode). Before the key is placed (step 0) there is nothing to show.
pub fn layout(key_hash: u64, steps: &[Step], step: usize) -> Option<Inset> {
    let walk: Vec<(u64, bool, u32, bool)> = steps
        .iter()
        .enumerate()
        .take(step.saturating_add(1))
        .filter_map(|(i, s)| {
            let (point, chosen) = s.vnode?;
            Some((point, chosen, s.server?, i == step))
        })
        .collect();
    // Until the walk reaches its first vnode the strip shows the next one, so the key has a
    // neighbour and a scale. A scheme without a ring has no vnode to show.
    let next = steps.iter().find_map(|s| Some((s.vnode?.0, s.server?)))?;
    if step == 0 {
        return None;
    }
    let next = Some(next);
    let far = walk
        .iter()
        .map(|&(point, ..)| point.wrapping_sub(key_hash))
        .chain(next.map(|(point, _)| point.wrapping_sub(key_hash)))
        .max()
        .unwrap_or(0)
        .max(1);
    let scale = (WIDTH - 2.0 * MARGIN) / far as f64;
    let x_of = |point: u64| MARGIN + point.wrapping_sub(key_hash) as f64 * scale;
    let mut rows_end: Vec<f64> = Vec::new();
    let mut chosen_count = 0usize;
    let vnodes = walk
        .iter()
        .map(|&(point, chosen, server, current)| {
            let x = x_of(point);
            let label_x = x.clamp(LABEL_W / 2.0, WIDTH - LABEL_W / 2.0);
            let role = if chosen {
                chosen_count = chosen_count.saturating_add(1);
                if chosen_count == 1 {
                    "owner".to_owned()
                } else {
                    format!("replica {chosen_count}")
                }
            } else {
                "skip".to_owned()
            };
            // The first row whose last label ends left of this one.
            let row = rows_end
                .iter()
                .position(|&end| end <= label_x - LABEL_W / 2.0)
                .unwrap_or(rows_end.len());
            match rows_end.get_mut(row) {
                Some(end) => *end = label_x + LABEL_W / 2.0,
                None => rows_end.push(label_x + LABEL_W / 2.0),
            }
            InsetVnode {
                x,
                label_x,
                server,
                chosen,
                row,
                role,
                current,
            }
        })
        .collect::<Vec<_>>();
    // Each vnode owns the stretch up to it from the one before; left of the key, the first
    // vnode's arc goes on (the key lies inside it).
    let mut band = Vec::new();
    let mut left = 0.0;
    let owners = walk
        .iter()
        .map(|&(point, _, server, _)| (point, server))
        .chain(next.filter(|_| walk.is_empty()));
    for (point, server) in owners {
        let x = x_of(point);
        band.push((left, x, server));
        left = x;
    }
    let span = far as f64 / (WIDTH - 2.0 * MARGIN) * WIDTH;
    let from = turn_of(key_hash) - MARGIN / WIDTH * span / 18_446_744_073_709_551_616.0;
    Some(Inset {
        key_x: MARGIN,
        vnodes,
        band,
        from_turn: from.rem_euclid(1.0),
        to_turn: (from + span / 18_446_744_073_709_551_616.0).rem_euclid(1.0),
    })
}

/// What [`lookup_inset`] draws.
pub struct LookupInsetProps<'a> {
    pub key_hash: u64,
    pub steps: &'a [Step],
    pub step: usize,
}

/// A point of the ring in percent, with enough decimals to tell the strip's two ends apart.
fn at_text(turn: f64, span: f64) -> String {
    let decimals = (1.0 - log10((span * 100.0).max(1e-9)))
        .ceil()
        .clamp(1.0, 9.0) as usize;
    format!("{:.*} %", decimals, turn * 100.0)
}

/// The zoomed strip of the walk; nothing for a scheme without a ring.
pub fn lookup_inset(props: &LookupInsetProps) -> Html {
    if props.steps.iter().all(|s| s.vnode.is_none()) {
        return Html::default();
    }
    let Some(inset) = layout(props.key_hash, props.steps, props.step) else {
        return html! {
            <figure class="rv-inset" data-testid="lookup-inset" data-vnodes="0">
                <p class="help">{ "Step on to place the key on the ring: a zoomed strip will follow the walk here." }</p>
            </figure>
        };
    };
    let band = inset.band.iter().map(|&(x0, x1, server)| {
        html! { <rect class={classes!("rv-inset-band", server_class(server as usize))}
        x={format!("{x0:.1}")} y={BAND_Y.to_string()} width={format!("{:.1}", (x1 - x0).max(0.5))}
        height={BAND_H.to_string()} /> }
    });
    let vnodes = inset.vnodes.iter().map(|v| {
        let y = BAND_Y + BAND_H + 14.0 + ROW_H * v.row as f64;
        html! {
            <g class={classes!("rv-inset-vnode", server_class(v.server as usize), v.chosen.then_some("chosen"), v.current.then_some("current"))}
                data-testid="inset-vnode">
                <line x1={format!("{:.1}", v.x)} x2={format!("{:.1}", v.x)} y1={(BAND_Y - 8.0).to_string()} y2={format!("{:.1}", y - 9.0)} />
                <text x={format!("{:.1}", v.label_x)} y={format!("{y:.1}")} text-anchor="middle">
                    { format!("S{} {}", v.server, v.role) }
                </text>
            </g>
        }
    });
    let found = inset.vnodes.len();
    let rows = inset
        .vnodes
        .iter()
        .map(|v| v.row.saturating_add(1))
        .max()
        .unwrap_or(1);
    let height = BAND_Y + BAND_H + 8.0 + ROW_H * rows as f64;
    let span = span_turns(&inset);
    html! {
        <figure class="rv-inset" data-testid="lookup-inset" data-vnodes={found.to_string()}>
            <svg viewBox={format!("0 0 {WIDTH} {height}")} role="img"
                aria-label={format!("Zoomed walk: the key and {found} vnodes visited.")}>
                <text class="rv-inset-edge" x="2" y="12">{ at_text(inset.from_turn, span) }</text>
                <text class="rv-inset-edge" x={(WIDTH - 2.0).to_string()} y="12" text-anchor="end">
                    { format!("{} →", at_text(inset.to_turn, span)) }</text>
                <g>{ for band }</g>
                { for vnodes }
                <g class="rv-inset-key" data-testid="inset-key">
                    <line x1={inset.key_x.to_string()} x2={inset.key_x.to_string()} y1="20" y2={(BAND_Y + BAND_H).to_string()} />
                    <circle cx={inset.key_x.to_string()} cy={(BAND_Y + BAND_H / 2.0).to_string()} r="5" />
                    <text x={inset.key_x.to_string()} y="30" text-anchor="middle">{ "key" }</text>
                </g>
            </svg>
            <figcaption class="help">
                { format!("Zoomed in: this strip is {} of the ring, clockwise from {} to {}.",
                    percent(span), at_text(inset.from_turn, span), at_text(inset.to_turn, span)) }
            </figcaption>
        </figure>
    }
}

/// How much of the ring the strip shows, in turns.
fn span_turns(inset: &Inset) -> f64 {
    (inset.to_turn - inset.from_turn).rem_euclid(1.0)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::unwrap_used)]
mod tests {
    use super::*;

    fn step(vnode: Option<(u64, bool)>, server: Option<u32>) -> Step {
        Step {
            text: String::new(),
            vnode,
            server,
        }
    }

    /// Hash, place, then a walk of four vnodes: S2 owner, S2 skipped, S0 and S3 replicas.
    fn walk(key: u64) -> Vec<Step> {
        let at = |d: u64| key.wrapping_add(d);
        vec![
            step(None, None),
            step(None, None),
            step(Some((at(1_000), true)), Some(2)),
            step(Some((at(1_100), false)), Some(2)),
            step(Some((at(5_000), true)), Some(0)),
            step(Some((at(9_000), true)), Some(3)),
        ]
    }

    #[test]
    fn nothing_is_drawn_before_the_key_is_placed_or_without_a_ring() {
        assert_eq!(layout(7, &walk(7), 0), None);
        let no_ring = [step(None, None), step(None, Some(1))];
        assert_eq!(layout(7, &no_ring, 1), None);
    }

    #[test]
    fn the_ends_get_enough_decimals_to_differ() {
        assert_eq!(at_text(0.385, 0.0003), "38.500 %");
        assert_eq!(at_text(0.3853, 0.2), "38.5 %");
    }

    #[test]
    fn placing_the_key_shows_it_and_the_next_vnode() {
        let inset = layout(7, &walk(7), 1).unwrap();
        assert!(inset.vnodes.is_empty());
        assert_eq!(inset.band.len(), 1);
        assert_eq!(inset.band[0].2, 2);
        assert!((inset.band[0].1 - (WIDTH - MARGIN)).abs() < 1e-9);
    }

    #[test]
    fn the_strip_follows_the_walk_and_fits_every_vnode_visited() {
        let key = u64::MAX - 3_000; // The walk wraps past zero.
        let steps = walk(key);
        for current in 2..steps.len() {
            let inset = layout(key, &steps, current).unwrap();
            assert_eq!(inset.vnodes.len(), current - 1);
            for v in &inset.vnodes {
                assert!(
                    v.x >= MARGIN - 1e-9 && v.x <= WIDTH - MARGIN + 1e-9,
                    "{v:?}"
                );
            }
            let last = inset.vnodes.last().unwrap();
            assert!(last.current);
            assert!(
                (last.x - (WIDTH - MARGIN)).abs() < 1e-9,
                "the newest vnode sits at the right"
            );
            assert!(inset.key_x < inset.vnodes[0].x);
        }
        let roles: Vec<String> = layout(key, &steps, 5)
            .unwrap()
            .vnodes
            .iter()
            .map(|v| format!("S{} {}", v.server, v.role))
            .collect();
        assert_eq!(
            roles,
            ["S2 owner", "S2 skip", "S0 replica 2", "S3 replica 3"]
        );
    }

    #[test]
    fn labels_that_would_overlap_go_on_another_row() {
        let inset = layout(7, &walk(7), 5).unwrap();
        let rows: Vec<usize> = inset.vnodes.iter().map(|v| v.row).collect();
        // S2 owner and S2 skip are 100 apart in 9,000: on top of each other, so two rows.
        assert_eq!(rows[0], 0);
        assert_eq!(rows[1], 1);
        assert_eq!(rows[3], 0);
        assert!(inset
            .vnodes
            .iter()
            .all(|v| v.label_x - LABEL_W / 2.0 >= 0.0 && v.label_x + LABEL_W / 2.0 <= WIDTH));
    }

    #[test]
    fn the_band_is_each_vnodes_arc_and_the_edges_name_where_the_strip_lies() {
        let key = 1u64 << 62; // A quarter of the way round.
        let inset = layout(key, &walk(key), 5).unwrap();
        let owners: Vec<u32> = inset.band.iter().map(|b| b.2).collect();
        assert_eq!(owners, [2, 2, 0, 3]);
        assert!(inset.band.windows(2).all(|w| w[0].1 == w[1].0));
        assert!(inset.from_turn < 0.25 && inset.to_turn > 0.25);
        assert!(span_turns(&inset) < 1e-12);
    }
}
