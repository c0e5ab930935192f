//! Rendezvous hashing (highest random weight), weighted.

use serde::Serialize;

use super::key_hash::hash_u64_u32;
use super::server::{ServerId, ServerList};
use super::{Placement, SchemeKind};

/// 2^-52: maps a 52-bit integer onto the unit interval.
const TWO_POW_MINUS_52: f64 = 1.0 / 4_503_599_627_370_496.0;

/// One server's score for one key.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RendezvousScore {
    /// The server.
    pub server: ServerId,
    /// Its score `−weight / ln(u)`; the highest score owns the key.
    pub score: f64,
}

/// Highest random weight: every server scores the key, and the top score owns it.
///
/// The score is `−weight / ln(u)` with `u = hash(key, server)` mapped into the open interval
/// (0, 1). That makes a server's chance of winning exactly `weight / Σ weights`, and removing a
/// server moves only the keys it won. `ln` is `libm::log`, so native and wasm scores agree bit
/// for bit. Ties (practically impossible) go to the smaller id. A lookup costs O(N).
///
/// When every server has the same weight, [`locate`](Placement::locate) ranks the servers by `u`
/// and takes no logarithm ([`clear_winner`]), with the same answers: the score is then a
/// strictly increasing function of `u`, and a winner whose `u` is ahead by more than
/// [`NEAR`] cannot be overtaken by rounding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendezvous {
    servers: ServerList,
    /// Whether every server has the same weight.
    equal_weights: bool,
}

impl Rendezvous {
    /// Rendezvous over these servers, weighted by their weights.
    pub fn new(servers: ServerList) -> Self {
        let equal_weights = servers
            .as_slice()
            .windows(2)
            .all(|pair| matches!(pair, [a, b] if a.weight == b.weight));
        Self {
            servers,
            equal_weights,
        }
    }

    /// The owner by the scores themselves: what `locate` means, for any weights.
    fn locate_by_score(&self, key_hash: u64) -> ServerId {
        let mut best_server = self.servers.id_at(0);
        let mut best_score = f64::NEG_INFINITY;
        for server in self.servers.as_slice() {
            let candidate = score(key_hash, server.id, server.weight);
            let wins =
                candidate > best_score || (candidate == best_score && server.id < best_server);
            if wins {
                best_server = server.id;
                best_score = candidate;
            }
        }
        best_server
    }

    /// Every server's score for a key, highest first (ties: smaller id first).
    ///
    /// The first entry is the owner; the first r entries are the natural r replicas.
    pub fn scores(&self, key_hash: u64) -> Vec<RendezvousScore> {
        // Sorted packed, by the sort the ring's vnodes use: a page compiles one sort per element
        // type and comparator, 2–4 kB each. Ids are distinct, so no two entries tie.
        let mut packed: Vec<u128> = self
            .servers
            .as_slice()
            .iter()
            .map(|server| {
                pack(RendezvousScore {
                    server: server.id,
                    score: score(key_hash, server.id, server.weight),
                })
            })
            .collect();
        packed.sort_unstable();
        packed.into_iter().map(unpack).collect()
    }
}

/// A score as one `u128` whose ascending order is the scores' order: highest score first (as
/// `f64::total_cmp` orders them), then smaller id. The score's bits are mapped to a `u64` in
/// that order and inverted, above the id.
fn pack(entry: RendezvousScore) -> u128 {
    let bits = entry.score.to_bits();
    // A negative float's bits order backwards: flip them all; a positive one's: set the sign.
    let ascending = if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    };
    u128::from(!ascending) << 64 | u128::from(entry.server.0)
}

/// The score [`pack`] packed.
fn unpack(packed: u128) -> RendezvousScore {
    let ascending = !((packed >> 64) as u64);
    let bits = if ascending >> 63 == 1 {
        ascending & !(1 << 63)
    } else {
        !ascending
    };
    RendezvousScore {
        server: ServerId(packed as u32),
        score: f64::from_bits(bits),
    }
}

/// The 52 bits of `hash(key, server)` that make a server's `u`.
fn unit_bits(key_hash: u64, server: ServerId) -> u64 {
    hash_u64_u32(key_hash, server.0, 0) >> 12
}

/// `−weight / ln(u)` with `u ∈ (0, 1)` from the top 52 bits of `hash(key, server)`.
fn score(key_hash: u64, server: ServerId, weight: u32) -> f64 {
    // (bits + ½) / 2^52 lies in [2^-53, 1 − 2^-53]: never 0 and never 1, so ln(u) is finite and
    // negative. Both steps are exact in f64.
    let unit = (unit_bits(key_hash, server) as f64 + 0.5) * TWO_POW_MINUS_52;
    -f64::from(weight) / libm::log(unit)
}

/// How far ahead, in units of 2^-52 of `u`, the top server must be for [`clear_winner`] to name it.
///
/// Two values of `u` that far apart give true scores `−w / ln u` a relative distance of at least
/// 2^-40 / 37 > 2^-46 (|ln u| ≤ 37 on the grid), while a computed score is off by less than
/// 2^-51 (`libm::log` is within one ulp, the division rounds once): the computed scores keep
/// their order.
const NEAR: u64 = 1 << 12;

/// The server with the largest `bits` when it leads every other by more than [`NEAR`]; `None`
/// when two are that close (or tie), and only the scores can decide.
fn clear_winner(candidates: impl IntoIterator<Item = (u64, ServerId)>) -> Option<ServerId> {
    let mut best: Option<(u64, ServerId)> = None;
    let mut contested = false;
    for (bits, server) in candidates {
        match best {
            None => best = Some((bits, server)),
            Some((top, _)) if bits > top.saturating_add(NEAR) => {
                // Every earlier server is at or below `top`, more than NEAR behind this one.
                best = Some((bits, server));
                contested = false;
            }
            Some((top, _)) if bits.saturating_add(NEAR) >= top => {
                contested = true;
                if bits > top {
                    best = Some((bits, server));
                }
            }
            Some(_) => {}
        }
    }
    match (best, contested) {
        (Some((_, server)), false) => Some(server),
        _ => None,
    }
}

impl Placement for Rendezvous {
    fn kind(&self) -> SchemeKind {
        SchemeKind::Rendezvous
    }

    fn owners(&self, key_hash: u64, count: u32) -> Vec<ServerId> {
        self.scores(key_hash)
            .iter()
            .take(usize::try_from(count).unwrap_or(usize::MAX))
            .map(|score| score.server)
            .collect()
    }

    fn servers(&self) -> &ServerList {
        &self.servers
    }

    fn locate(&self, key_hash: u64) -> ServerId {
        if self.equal_weights {
            let bits = self
                .servers
                .as_slice()
                .iter()
                .map(|server| (unit_bits(key_hash, server.id), server.id));
            if let Some(winner) = clear_winner(bits) {
                return winner;
            }
        }
        self.locate_by_score(key_hash)
    }

    /// Nothing beyond the server list: every server is scored afresh for each key.
    fn state_bytes(&self) -> u64 {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::placement::{KeyStream, Server};

    #[test]
    fn a_clear_leader_wins_and_a_close_race_is_left_to_the_scores() {
        let (a, b, c) = (ServerId(0), ServerId(1), ServerId(2));
        assert_eq!(clear_winner([(10, a), (10 + NEAR + 1, b), (5, c)]), Some(b));
        assert_eq!(clear_winner([(10 + NEAR + 1, b), (10, a)]), Some(b));
        // Within NEAR, either side, or equal: contested.
        assert_eq!(clear_winner([(10, a), (10 + NEAR, b)]), None);
        assert_eq!(clear_winner([(10 + NEAR, b), (10, a)]), None);
        assert_eq!(clear_winner([(7, a), (7, b)]), None);
        // A later clear leader settles an earlier close race.
        assert_eq!(
            clear_winner([(10, a), (11, b), (12 + 2 * NEAR, c)]),
            Some(c)
        );
        assert_eq!(clear_winner(std::iter::empty()), None);
    }

    #[test]
    fn equal_weights_locate_as_the_scores_do() {
        for weight in [1, 7] {
            for count in [1, 2, 5, 17, 64] {
                let servers = (0..count)
                    .map(|id| Server::weighted(id * 3, weight))
                    .collect();
                let rendezvous = Rendezvous::new(ServerList::new(servers).unwrap());
                assert!(rendezvous.equal_weights);
                for key in KeyStream::new(u64::from(count)).take_keys(5_000) {
                    assert_eq!(
                        rendezvous.locate(key),
                        rendezvous.locate_by_score(key),
                        "key {key}, {count} servers of weight {weight}"
                    );
                    assert_eq!(rendezvous.locate(key), rendezvous.scores(key)[0].server);
                }
            }
        }
    }

    #[test]
    fn mixed_weights_are_ranked_by_score() {
        let servers = vec![Server::weighted(0, 1), Server::weighted(1, 3)];
        let rendezvous = Rendezvous::new(ServerList::new(servers).unwrap());
        assert!(!rendezvous.equal_weights);
        for key in KeyStream::new(9).take_keys(2_000) {
            assert_eq!(rendezvous.locate(key), rendezvous.scores(key)[0].server);
        }
    }

    #[test]
    fn packed_scores_sort_as_total_cmp_then_id_and_unpack_bit_for_bit() {
        let scores = [
            0.5,
            2.0,
            -0.0,
            0.0,
            -3.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -f64::NAN,
            f64::MIN_POSITIVE,
            2.0,
        ];
        let entries: Vec<RendezvousScore> = scores
            .iter()
            .zip(0u32..)
            .map(|(&score, id)| RendezvousScore {
                server: ServerId(10 - id),
                score,
            })
            .collect();
        let mut expected = entries.clone();
        expected.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.server.cmp(&b.server)));
        let mut packed: Vec<u128> = entries.iter().copied().map(pack).collect();
        packed.sort_unstable();
        let sorted: Vec<(ServerId, u64)> = packed
            .into_iter()
            .map(unpack)
            .map(|e| (e.server, e.score.to_bits()))
            .collect();
        let expected: Vec<(ServerId, u64)> = expected
            .iter()
            .map(|e| (e.server, e.score.to_bits()))
            .collect();
        assert_eq!(sorted, expected);
    }

    #[test]
    fn scores_come_highest_first() {
        let servers = ServerList::uniform(50).unwrap_or_else(|_| unreachable!());
        let scheme = Rendezvous::new(servers);
        for key in 0..20 {
            let scores = scheme.scores(key);
            assert_eq!(scores.len(), 50);
            assert!(scores.windows(2).all(|pair| match pair {
                [a, b] => a.score > b.score || (a.score == b.score && a.server < b.server),
                _ => false,
            }));
        }
    }
}
