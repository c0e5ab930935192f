//! What the last change did to the ring, as the drawing marks it: the arcs a new server took or a
//! killed one gave up (from the core's [`ring_diff`]), the killed servers' old vnodes, and the
//! legend that names who took what. Pure, so the marks and the words are tested natively.

use std::rc::Rc;

use shardlab_core::placement::{ring_diff, RingDiff, Server};
use shardlab_core::text::percent;

use super::ring_drawing::turn_of;
use super::state::ring_of;
pub use shardlab_core::view_limits::ring::{MAX_BANDS, MAX_TICKS};

/// The narrowest a marked arc is drawn, in turns (about 1.4°): at 100 vnodes most arcs a server
/// takes are thinner than a pixel, and a mark nobody can see explains nothing.
pub const MIN_MARK_TURN: f64 = 0.004;

/// The last change of a ring.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Change {
    /// The arcs that changed owner.
    pub diff: RingDiff,
    /// Servers the change added.
    pub added: Vec<u32>,
    /// Servers the change removed.
    pub removed: Vec<u32>,
    /// The removed servers' vnodes before the change (point, server), thinned to [`MAX_TICKS`].
    pub gone_ticks: Vec<(u64, u32)>,
}

/// The change from `previous` to `servers` on rings of `vnodes`; `None` without a previous list
/// or when either ring cannot be built.
pub fn change_of(
    servers: &[Server],
    previous: Option<&[Server]>,
    vnodes: u32,
) -> Option<Rc<Change>> {
    let previous = previous?;
    let before = ring_of(previous, vnodes).ok()?;
    let after = ring_of(servers, vnodes).ok()?;
    let ids = |list: &[Server]| list.iter().map(|s| s.id.0).collect::<Vec<u32>>();
    let (was, now) = (ids(previous), ids(servers));
    let removed: Vec<u32> = was.iter().copied().filter(|id| !now.contains(id)).collect();
    // From the points directly, and only when a server went: up to 640,000 of them.
    let gone: Vec<(u64, u32)> = if removed.is_empty() {
        Vec::new()
    } else {
        before
            .points()
            .iter()
            .zip(before.owners())
            .filter(|(_, owner)| removed.contains(&owner.0))
            .map(|(&point, owner)| (point, owner.0))
            .collect()
    };
    let stride = gone.len().div_ceil(MAX_TICKS).max(1);
    Some(Rc::new(Change {
        diff: ring_diff(&before, &after),
        added: now.iter().copied().filter(|id| !was.contains(id)).collect(),
        gone_ticks: gone.into_iter().step_by(stride).collect(),
        removed,
    }))
}

/// One marked arc, in turns from the top (`b` may pass 1 for an arc that wraps past zero).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mark {
    pub a: f64,
    pub b: f64,
    /// The server whose colour marks it: the killed server for an arc given up, else the taker.
    pub server: u32,
    /// Given up by a removed server (drawn hatched) rather than taken.
    pub gave: bool,
}

impl Change {
    /// The server that marks an arc going `from` → `to`, and whether it was given up.
    fn marker(&self, from: u32, to: u32) -> (u32, bool) {
        if self.removed.contains(&from) {
            (from, true)
        } else {
            (to, false)
        }
    }

    /// The arcs as drawn: each at least [`MIN_MARK_TURN`] wide, overlapping neighbours with one
    /// marker merged, at most [`MAX_BANDS`] of them.
    pub fn marks(&self) -> Vec<Mark> {
        let mut out: Vec<Mark> = Vec::new();
        // In turn order: the arc that wraps past zero (its start after its end) goes last.
        let arcs = &self.diff.arcs;
        let in_order = arcs
            .iter()
            .filter(|arc| arc.start < arc.end)
            .chain(arcs.iter().filter(|arc| arc.start >= arc.end));
        for arc in in_order {
            let (server, gave) = self.marker(arc.from.0, arc.to.0);
            let a = turn_of(arc.start);
            let b = a + arc.fraction();
            let widen = ((MIN_MARK_TURN - (b - a)) / 2.0).max(0.0);
            let (a, b) = (a - widen, b + widen);
            let full = out.len() >= MAX_BANDS;
            match out.last_mut() {
                Some(last) if last.server == server && last.gave == gave && a <= last.b => {
                    last.b = last.b.max(b);
                }
                _ if full => break,
                _ => out.push(Mark { a, b, server, gave }),
            }
        }
        out
    }

    /// The legend: one line per marking server, largest share first, each line's partners
    /// largest first.
    pub fn legend(&self) -> Vec<LegendLine> {
        let mut lines: Vec<LegendLine> = Vec::new();
        for flow in &self.diff.flows {
            let (server, gave) = self.marker(flow.from.0, flow.to.0);
            let partner = if gave { flow.to.0 } else { flow.from.0 };
            let at = match lines
                .iter()
                .position(|l| l.server == server && l.gave == gave)
            {
                Some(at) => at,
                None => {
                    lines.push(LegendLine {
                        server,
                        gave,
                        fraction: 0.0,
                        partners: Vec::new(),
                    });
                    lines.len().saturating_sub(1)
                }
            };
            if let Some(line) = lines.get_mut(at) {
                line.fraction += flow.fraction;
                insert_largest_first(&mut line.partners, (partner, flow.fraction), |p| p.1);
            }
        }
        // A few lines: re-inserted in order, with no sort to ship to the browser.
        let mut ordered = Vec::with_capacity(lines.len());
        for line in lines {
            insert_largest_first(&mut ordered, line, |l| l.fraction);
        }
        ordered
    }
}

/// Inserts `item` into `list` (largest `key` first) after every item with a key at least as large.
fn insert_largest_first<T>(list: &mut Vec<T>, item: T, key: impl Fn(&T) -> f64) {
    let k = key(&item);
    let at = list.partition_point(|x| key(x) >= k);
    list.insert(at, item);
}

/// One line of the change's legend.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendLine {
    pub server: u32,
    pub gave: bool,
    /// The share of the ring the line's arcs cover.
    pub fraction: f64,
    /// Who the arcs came from (taken) or went to (given up), with each one's share, largest first.
    pub partners: Vec<(u32, f64)>,
}

impl LegendLine {
    /// The line in words: "S4 took these arcs: 19.8 % of the ring, from S0 (7.1 %) and S2 (…)".
    pub fn text(&self) -> String {
        let partners: Vec<String> = self
            .partners
            .iter()
            .map(|(id, share)| format!("S{id} ({})", percent(*share)))
            .collect();
        let list = match partners.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => partners.join(""),
        };
        if self.gave {
            format!(
                "S{} gave up these arcs (hatched): {} of the ring, to {list}.",
                self.server,
                percent(self.fraction)
            )
        } else {
            format!(
                "S{} took these arcs: {} of the ring, from {list}.",
                self.server,
                percent(self.fraction)
            )
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn servers(ids: &[u32]) -> Vec<Server> {
        ids.iter().map(|&id| Server::new(id)).collect()
    }

    #[test]
    fn no_previous_list_is_no_change() {
        assert_eq!(change_of(&servers(&[0, 1]), None, 3), None);
    }

    #[test]
    fn adding_a_server_marks_what_it_took_in_its_colour() {
        let change =
            change_of(&servers(&[0, 1, 2, 3, 4]), Some(&servers(&[0, 1, 2, 3])), 3).unwrap();
        assert_eq!(
            (change.added.clone(), change.removed.clone()),
            (vec![4], vec![])
        );
        assert!(change.gone_ticks.is_empty());
        let marks = change.marks();
        assert!(!marks.is_empty() && marks.len() <= 3, "{marks:?}");
        assert!(marks
            .iter()
            .all(|m| m.server == 4 && !m.gave && m.b - m.a >= MIN_MARK_TURN - 1e-12));
        let legend = change.legend();
        assert_eq!(legend.len(), 1);
        let text = legend[0].text();
        assert!(text.starts_with("S4 took these arcs: "), "{text}");
        assert!(text.contains(" of the ring, from S"), "{text}");
    }

    #[test]
    fn killing_a_server_marks_what_it_gave_up_and_to_whom() {
        let change = change_of(&servers(&[0, 2, 3]), Some(&servers(&[0, 1, 2, 3])), 4).unwrap();
        assert_eq!(change.removed, vec![1]);
        assert_eq!(change.gone_ticks.len(), 4);
        assert!(change.marks().iter().all(|m| m.server == 1 && m.gave));
        let legend = change.legend();
        assert_eq!(legend.len(), 1);
        let line = &legend[0];
        assert!(line.partners.windows(2).all(|w| w[0].1 >= w[1].1));
        let shares: f64 = line.partners.iter().map(|p| p.1).sum();
        assert!((shares - line.fraction).abs() < 1e-12);
        assert!(
            line.text().starts_with("S1 gave up these arcs (hatched): "),
            "{}",
            line.text()
        );
        assert!(line.text().contains(" to S"));
    }

    #[test]
    fn thin_arcs_are_widened_and_merged_and_never_more_than_the_band_limit() {
        // 100 vnodes: the new server's arcs average a fifth of a percent of the turn.
        let change = change_of(
            &servers(&[0, 1, 2, 3, 4]),
            Some(&servers(&[0, 1, 2, 3])),
            100,
        )
        .unwrap();
        let marks = change.marks();
        assert!(marks.len() <= change.diff.arcs.len() && marks.len() <= MAX_BANDS);
        assert!(marks.iter().all(|m| m.b - m.a >= MIN_MARK_TURN - 1e-12));
        assert!(
            marks.windows(2).all(|w| w[0].b < w[1].a),
            "merged marks do not overlap"
        );
    }

    #[test]
    fn partners_read_as_a_list() {
        let line = LegendLine {
            server: 4,
            gave: false,
            fraction: 0.3,
            partners: vec![(0, 0.1), (1, 0.1), (2, 0.1)],
        };
        assert_eq!(
            line.text(),
            "S4 took these arcs: 30.0 % of the ring, from S0 (10.0 %), S1 (10.0 %) and S2 (10.0 %)."
        );
    }
}
