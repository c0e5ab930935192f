//! What a change of servers does to a ring: the stretches of the hash space whose owner changed,
//! who held each before and who holds it after. The Ring view marks them ("S4 took these arcs");
//! a key moves exactly when it falls in one of them, so they are the cause the moved count counts.

use serde::Serialize;

use super::ring::Ring;
use super::server::ServerId;

/// 2^64 as an `f64`, to turn arc lengths into shares of the ring.
const RING_SIZE: f64 = 18_446_744_073_709_551_616.0;

/// One stretch of the ring that changed owner: keys in `(start, end]` (wrapping past `u64::MAX`)
/// were `from`'s and are now `to`'s. Neighbouring stretches with the same pair are one arc.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ArcHandover {
    /// Where the arc starts (exclusive).
    pub start: u64,
    /// Where it ends (inclusive).
    pub end: u64,
    /// Its owner before the change.
    pub from: ServerId,
    /// Its owner after the change.
    pub to: ServerId,
}

impl ArcHandover {
    /// The arc's length in points; `start == end` is the whole ring (only when every vnode of both
    /// rings sits at one point).
    pub fn length(&self) -> u128 {
        if self.start == self.end {
            1u128 << 64
        } else {
            u128::from(self.end.wrapping_sub(self.start))
        }
    }

    /// The arc's length as a share of the ring (0 ..= 1).
    pub fn fraction(&self) -> f64 {
        self.length() as f64 / RING_SIZE
    }

    /// Whether the key hash falls in the arc.
    pub fn contains(&self, key_hash: u64) -> bool {
        key_hash.wrapping_sub(self.start).wrapping_sub(1) < self.end.wrapping_sub(self.start)
            || self.start == self.end
    }
}

/// All that went from one server to another in a change.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Handover {
    /// The owner before.
    pub from: ServerId,
    /// The owner after.
    pub to: ServerId,
    /// How many arcs went.
    pub arcs: usize,
    /// Their total length as a share of the ring: the expected share of keys that moved this way.
    pub fraction: f64,
}

/// The arcs that changed owner between two rings, clockwise from the top, and their totals by
/// (from, to) pair.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct RingDiff {
    /// The arcs, in hash order of their ends (the one wrapping past zero, if any, first).
    pub arcs: Vec<ArcHandover>,
    /// One entry per (from, to) pair, ordered by `from`, then `to`.
    pub flows: Vec<Handover>,
}

impl RingDiff {
    /// The share of the ring in the flows `pick` keeps.
    fn total(&self, pick: impl Fn(&Handover) -> bool) -> f64 {
        self.flows
            .iter()
            .filter(|f| pick(f))
            .map(|f| f.fraction)
            .sum()
    }

    /// The share of the ring `server` gained.
    pub fn gained(&self, server: ServerId) -> f64 {
        self.total(|f| f.to == server)
    }

    /// The share of the ring `server` gave up.
    pub fn lost(&self, server: ServerId) -> f64 {
        self.total(|f| f.from == server)
    }

    /// The share of the ring that changed owner.
    pub fn fraction(&self) -> f64 {
        self.total(|_| true)
    }
}

/// The arcs whose owner differs between `before` and `after`, in one pass over both rings'
/// points (`O(n + m)`). Between two neighbouring points of either ring both owners are constant:
/// each is the owner of that ring's first point at or after the stretch's end.
pub fn ring_diff(before: &Ring, after: &Ring) -> RingDiff {
    let (bp, bo) = (before.points(), before.owners());
    let (ap, ao) = (after.points(), after.owners());
    let (Some(&b_first), Some(&a_first)) = (bo.first(), ao.first()) else {
        return RingDiff::default();
    };
    let last = bp
        .last()
        .copied()
        .unwrap_or(0)
        .max(ap.last().copied().unwrap_or(0));
    let mut arcs: Vec<ArcHandover> = Vec::new();
    let (mut i, mut j, mut previous) = (0usize, 0usize, last);
    loop {
        let end = match (bp.get(i), ap.get(j)) {
            (Some(&b), Some(&a)) => b.min(a),
            (Some(&b), None) => b,
            (None, Some(&a)) => a,
            (None, None) => break,
        };
        // Past a ring's last point its keys wrap to its first.
        let from = bo.get(i).copied().unwrap_or(b_first);
        let to = ao.get(j).copied().unwrap_or(a_first);
        if from != to {
            match arcs.last_mut() {
                Some(arc) if arc.end == previous && arc.from == from && arc.to == to => {
                    arc.end = end;
                }
                _ => arcs.push(ArcHandover {
                    start: previous,
                    end,
                    from,
                    to,
                }),
            }
        }
        // Several vnodes at one point: the first owns the keys, the rest own empty arcs.
        while bp.get(i) == Some(&end) {
            i = i.saturating_add(1);
        }
        while ap.get(j) == Some(&end) {
            j = j.saturating_add(1);
        }
        previous = end;
    }
    // The first arc starts where the last one ends (at the last point): one arc if they match.
    if arcs.len() >= 2 {
        if let (Some(&first), Some(&tail)) = (arcs.first(), arcs.last()) {
            if tail.end == first.start && tail.from == first.from && tail.to == first.to {
                arcs.pop();
                if let Some(head) = arcs.first_mut() {
                    head.start = tail.start;
                }
            }
        }
    }
    RingDiff {
        flows: flows(&arcs),
        arcs,
    }
}

/// The arcs' totals by (from, to) pair.
fn flows(arcs: &[ArcHandover]) -> Vec<Handover> {
    // Kept in (from, to) order as they are found: a handful of pairs, and no sort to ship to
    // the browser.
    let mut totals: Vec<(ServerId, ServerId, usize, u128)> = Vec::new();
    for arc in arcs {
        let pair = (arc.from.0, arc.to.0);
        let at = totals.partition_point(|&(from, to, _, _)| (from.0, to.0) < pair);
        match totals.get_mut(at) {
            Some((from, to, count, length)) if (from.0, to.0) == pair => {
                *count = count.saturating_add(1);
                *length = length.saturating_add(arc.length());
            }
            _ => totals.insert(at, (arc.from, arc.to, 1, arc.length())),
        }
    }
    totals
        .into_iter()
        .map(|(from, to, arcs, length)| Handover {
            from,
            to,
            arcs,
            fraction: length as f64 / RING_SIZE,
        })
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::arithmetic_side_effects)]
mod tests {
    use super::*;
    use crate::placement::{Placement, Server, ServerList};

    fn ring(ids: &[u32], vnodes: u32) -> Ring {
        let servers = ids.iter().map(|&id| Server::new(id)).collect();
        Ring::new(ServerList::new(servers).unwrap(), vnodes).unwrap()
    }

    /// Keys spread over the ring, plus each arc's edges (its end is in it, its start is not).
    fn probes(diff: &RingDiff) -> Vec<u64> {
        let mut keys: Vec<u64> = (0..20_000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for arc in &diff.arcs {
            keys.extend([
                arc.start,
                arc.start.wrapping_add(1),
                arc.end,
                arc.end.wrapping_add(1),
            ]);
        }
        keys
    }

    /// A key moves exactly when it falls in a changed arc, from that arc's `from` to its `to`.
    fn assert_explains_every_move(before: &Ring, after: &Ring, diff: &RingDiff) {
        for key in probes(diff) {
            let (was, now) = (before.locate(key), after.locate(key));
            let arc = diff.arcs.iter().find(|arc| arc.contains(key));
            match arc {
                Some(arc) => assert_eq!((arc.from, arc.to), (was, now), "key {key}"),
                None => assert_eq!(was, now, "key {key} moved outside every arc"),
            }
        }
    }

    fn share(ring: &Ring, id: u32) -> f64 {
        ring.shares()
            .iter()
            .find(|s| s.server == ServerId(id))
            .unwrap()
            .share
    }

    #[test]
    fn the_same_ring_changes_nothing() {
        let r = ring(&[0, 1, 2], 5);
        assert_eq!(ring_diff(&r, &r), RingDiff::default());
    }

    #[test]
    fn an_added_server_takes_its_share_from_the_others() {
        let (before, after) = (ring(&[0, 1, 2, 3], 3), ring(&[0, 1, 2, 3, 4], 3));
        let diff = ring_diff(&before, &after);
        assert!(!diff.arcs.is_empty());
        assert!(diff.arcs.iter().all(|arc| arc.to == ServerId(4)));
        // One arc per new vnode at most (two of its vnodes may be neighbours).
        assert!(diff.arcs.len() <= 3, "{:?}", diff.arcs);
        assert!((diff.gained(ServerId(4)) - share(&after, 4)).abs() < 1e-12);
        assert!((diff.fraction() - share(&after, 4)).abs() < 1e-12);
        assert_explains_every_move(&before, &after, &diff);
    }

    #[test]
    fn a_killed_server_gives_its_arcs_to_the_next_vnodes() {
        let (before, after) = (ring(&[0, 1, 2, 3], 4), ring(&[0, 2, 3], 4));
        let diff = ring_diff(&before, &after);
        assert!(diff.arcs.iter().all(|arc| arc.from == ServerId(1)));
        assert!((diff.lost(ServerId(1)) - share(&before, 1)).abs() < 1e-12);
        let flows: f64 = diff.flows.iter().map(|f| f.fraction).sum();
        assert!((flows - share(&before, 1)).abs() < 1e-12);
        assert!(diff.flows.windows(2).all(|w| w[0].to.0 < w[1].to.0));
        assert_explains_every_move(&before, &after, &diff);
    }

    #[test]
    fn many_vnodes_and_a_reweight_are_explained_too() {
        let before = ring(&[0, 1, 2, 3, 4], 100);
        let mut servers: Vec<Server> = (0..5).map(Server::new).collect();
        servers[2].weight = 3;
        let after = Ring::new(ServerList::new(servers).unwrap(), 100).unwrap();
        let diff = ring_diff(&before, &after);
        assert!(diff.arcs.iter().all(|arc| arc.to == ServerId(2)));
        assert!(diff.arcs.len() > 50, "{}", diff.arcs.len());
        assert_explains_every_move(&before, &after, &diff);
        let grown = ring(&[0, 1, 2, 3, 4, 5], 100);
        assert_explains_every_move(&before, &grown, &ring_diff(&before, &grown));
    }

    #[test]
    fn one_vnode_each_wraps_and_joins_the_arc_past_zero() {
        // With one vnode per server the arc that crosses zero is often the one that changes.
        for extra in 1..40u32 {
            let (before, after) = (ring(&[0], 1), ring(&[0, extra], 1));
            let diff = ring_diff(&before, &after);
            assert_eq!(diff.arcs.len(), 1, "{extra}: {:?}", diff.arcs);
            assert!((diff.fraction() - share(&after, extra)).abs() < 1e-12);
            assert_explains_every_move(&before, &after, &diff);
            let back = ring_diff(&after, &before);
            assert_eq!(back.arcs.len(), 1);
            assert_explains_every_move(&after, &before, &back);
        }
    }

    #[test]
    fn arcs_contain_their_end_but_not_their_start() {
        let arc = ArcHandover {
            start: u64::MAX - 1,
            end: 3,
            from: ServerId(0),
            to: ServerId(1),
        };
        assert!(!arc.contains(u64::MAX - 1));
        assert!(arc.contains(u64::MAX) && arc.contains(0) && arc.contains(3));
        assert!(!arc.contains(4));
        assert_eq!(arc.length(), 5);
        let whole = ArcHandover {
            start: 9,
            end: 9,
            ..arc
        };
        assert!(whole.contains(9) && whole.contains(0));
        assert_eq!(whole.fraction(), 1.0);
    }
}
