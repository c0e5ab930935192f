//! Replicas: which servers hold a key's R copies under a scheme, and how many distinct owners a
//! set of keys is guaranteed. The rule is the scheme's ([`SchemeKind::replicas`](super::SchemeKind::replicas)); a view only
//! narrates the [`ReplicaChoice`] it gets back.

use super::kind::ReplicaRule;
use super::server::{sorted_ids, ServerId};
use super::Placement;

/// Why a lookup names fewer owners than were asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplicaShortfall {
    /// The walk ran out of distinct servers: only `servers` exist.
    FewerServers {
        /// Servers the scheme places onto.
        servers: usize,
    },
    /// The scheme names one owner per key, and more than one was asked for.
    OneOwnerOnly,
}

/// The owners of one key, owner first, when `asked` copies were asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplicaChoice {
    /// The owner and its replicas, distinct, owner first.
    pub owners: Vec<ServerId>,
    /// How many copies were asked for.
    pub asked: u32,
    /// Why there are fewer owners than asked, if there are and the reader should be told.
    pub shortfall: Option<ReplicaShortfall>,
}

/// The owners of `key_hash` when asking `placement` for `asked` copies.
///
/// ```
/// use shardlab_core::placement::{choose_replicas, ReplicaShortfall, Ring, ServerList};
/// let ring = Ring::new(ServerList::uniform(2)?, 10)?;
/// let choice = choose_replicas(&ring, 42, 3);
/// assert_eq!(choice.owners.len(), 2);
/// assert_eq!(choice.shortfall, Some(ReplicaShortfall::FewerServers { servers: 2 }));
/// # Ok::<(), shardlab_core::placement::PlacementError>(())
/// ```
pub fn choose_replicas<P: Placement + ?Sized>(
    placement: &P,
    key_hash: u64,
    asked: u32,
) -> ReplicaChoice {
    let owners = placement.owners(key_hash, asked);
    let found = u32::try_from(owners.len()).unwrap_or(u32::MAX);
    let shortfall = match placement.kind().replicas() {
        ReplicaRule::DistinctWalk => (found < asked).then(|| ReplicaShortfall::FewerServers {
            servers: placement.servers().len(),
        }),
        // Every server is ranked and the ranking is shown whole, so a short list explains itself.
        ReplicaRule::Ranked => None,
        ReplicaRule::OneOwner => (asked > 1).then_some(ReplicaShortfall::OneOwnerOnly),
    };
    ReplicaChoice {
        owners,
        asked,
        shortfall,
    }
}

/// The fewest distinct owners any of `keys` gets when `asked` copies are asked for: the
/// guarantee a reader checks after killing a server. `None` when a walk has no keys to look at.
///
/// A walk looks at every key (the ring's replicas depend on where its vnodes fall); rendezvous
/// ranks every server for every key, so it names `min(asked, servers)` for all of them; a scheme
/// with one owner per key names one.
pub fn min_distinct_owners<P: Placement + ?Sized>(
    placement: &P,
    keys: impl IntoIterator<Item = u64>,
    asked: u32,
) -> Option<u32> {
    match placement.kind().replicas() {
        ReplicaRule::DistinctWalk => keys
            .into_iter()
            .map(|key| {
                let mut ids = sorted_ids(placement.owners(key, asked));
                ids.dedup();
                u32::try_from(ids.len()).unwrap_or(u32::MAX)
            })
            .min(),
        ReplicaRule::Ranked => {
            let servers = u32::try_from(placement.servers().len()).unwrap_or(u32::MAX);
            Some(asked.min(servers))
        }
        ReplicaRule::OneOwner => Some(1),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{
        KeyStream, Mod, Rendezvous, Ring, SchemeKind, SchemeSpec, Server, ServerList,
    };
    use super::*;

    fn servers(n: u32) -> ServerList {
        ServerList::new((0..n).map(Server::new).collect()).unwrap_or_else(|_| unreachable!())
    }

    #[test]
    fn the_ring_walks_to_distinct_servers_and_says_when_it_runs_out() {
        let ring = Ring::new(servers(5), 100).unwrap_or_else(|_| unreachable!());
        for key in KeyStream::new(3).take_keys(200) {
            let choice = choose_replicas(&ring, key, 3);
            let mut distinct = choice.owners.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), 3);
            assert_eq!(choice.owners.first().copied(), Some(ring.locate(key)));
            assert_eq!(choice.shortfall, None);
        }
        let choice = choose_replicas(&ring, 7, 5);
        assert_eq!((choice.owners.len(), choice.shortfall), (5, None));
        let small = Ring::new(servers(2), 100).unwrap_or_else(|_| unreachable!());
        assert_eq!(
            choose_replicas(&small, 7, 3).shortfall,
            Some(ReplicaShortfall::FewerServers { servers: 2 })
        );
    }

    #[test]
    fn rendezvous_takes_the_top_scores() {
        let scheme = Rendezvous::new(servers(6));
        let choice = choose_replicas(&scheme, 99, 3);
        let top: Vec<ServerId> = scheme.scores(99).iter().take(3).map(|s| s.server).collect();
        assert_eq!(choice.owners, top);
        assert_eq!(choice.shortfall, None);
        assert_eq!(choose_replicas(&scheme, 99, 9).owners.len(), 6);
    }

    #[test]
    fn single_owner_schemes_name_one_and_say_so() {
        let scheme = Mod::new(servers(4));
        let choice = choose_replicas(&scheme, 10, 3);
        assert_eq!(choice.owners, vec![scheme.locate(10)]);
        assert_eq!(choice.shortfall, Some(ReplicaShortfall::OneOwnerOnly));
        assert_eq!(choose_replicas(&scheme, 10, 1).shortfall, None);
    }

    #[test]
    fn coverage_follows_each_rule() {
        for kind in SchemeKind::ALL {
            let Ok(scheme) = SchemeSpec::from_kind(kind, 50).build(servers(4)) else {
                unreachable!("{kind}")
            };
            let keys = KeyStream::new(1).take_keys(300);
            let expected = match kind.replicas() {
                ReplicaRule::DistinctWalk | ReplicaRule::Ranked => Some(3),
                ReplicaRule::OneOwner => Some(1),
            };
            assert_eq!(min_distinct_owners(&scheme, keys, 3), expected, "{kind}");
            assert_eq!(
                min_distinct_owners(&scheme, KeyStream::new(1).take_keys(300), 9),
                match kind.replicas() {
                    ReplicaRule::DistinctWalk | ReplicaRule::Ranked => Some(4),
                    ReplicaRule::OneOwner => Some(1),
                },
                "{kind}"
            );
        }
        // After a kill the ring still finds three distinct owners among the four left.
        let ring = Ring::new(servers(4), 100).unwrap_or_else(|_| unreachable!());
        assert_eq!(min_distinct_owners(&ring, std::iter::empty(), 3), None);
    }
}
