//! The course: eleven chapters, each with our own prose (facts from the source texts and the
//! product spec), one or more live views in a chosen state, its "try it" tasks, and its sources.

use super::live_view::LiveView;
use super::tasks::{self, Check, Task};

/// A live view in a chapter.
pub struct Frame {
    /// Which view.
    pub view: LiveView,
    /// The state it opens in, in the view's own link format.
    pub query: &'static str,
    /// The iframe's title (read out by screen readers, shown under the frame).
    pub title: &'static str,
}

/// A source the chapter's facts come from.
pub struct Source {
    /// How it is cited.
    pub citation: &'static str,
    /// Where it lives.
    pub url: &'static str,
}

/// One chapter of the course.
pub struct Chapter {
    /// The `<slug>` of `#/learn/<slug>`.
    pub slug: &'static str,
    /// The chapter's title.
    pub title: &'static str,
    /// What the reader does in it, in one line.
    pub task: &'static str,
    /// The paragraphs before the live views.
    pub intro: &'static [&'static str],
    /// The live views.
    pub frames: &'static [Frame],
    /// The "try it" tasks.
    pub tasks: &'static [Task],
    /// The paragraphs after the tasks: what the reader just saw, and what it costs.
    pub after: &'static [&'static str],
    /// Where the facts come from.
    pub sources: &'static [Source],
}

const PINTEREST: Source = Source {
    citation: "Pinterest Engineering, “Sharding Pinterest: How we scaled our MySQL fleet”, August 2015",
    url: "https://medium.com/pinterest-engineering/sharding-pinterest-how-we-scaled-our-mysql-fleet-3f341e96ca6f",
};
const KARGER: Source = Source {
    citation: "Karger et al., “Consistent hashing and random trees”, STOC 1997",
    url: "https://doi.org/10.1145/258533.258660",
};
const DYNAMO: Source = Source {
    citation: "DeCandia et al., “Dynamo: Amazon’s Highly Available Key-value Store”, SOSP 2007",
    url: "https://doi.org/10.1145/1294261.1294281",
};
const APDEX: Source = Source {
    citation: "The Apdex Alliance, “Application Performance Index” (the Apdex score)",
    url: "https://www.apdex.org/",
};
const BOARD_PINTEREST: &str = "v=1&preset=pinterest&users=4000&seed=1";

/// The course, in order.
pub const CHAPTERS: [Chapter; 11] = [
    Chapter {
        slug: "shard-later",
        title: "Shard later",
        task: "Find the users count at which one big box drops below Apdex 0.85.",
        intro: &[
            "Sharding splits your rows across machines. It works, and it costs you: joins across \
             shards get hard, resharding moves data while you serve traffic, and every backup and \
             schema change happens once per shard. So first ask whether you need it at all.",
            "Before you shard, try the simple things. Buy a bigger machine. Add read replicas. Put a \
             cache in front. The board below is that design: one xlarge database behind a Redis \
             cache and two large app servers, at 2,000 users sending two requests a second each.",
        ],
        frames: &[Frame {
            view: LiveView::Board,
            query: "v=1&preset=one-big-box&users=2000&seed=1",
            title: "Board: one big box behind a cache",
        }],
        tasks: &[Task {
            id: "knee",
            prompt: "Raise the users on the board's slider until the finished simulation (not the \
                     estimate) solves one big box to an Apdex under 0.85. Find the knee: the task \
                     counts up to 8,000 users, not a slider slammed to a million.",
            frame: 0,
            check: Check::State(tasks::one_big_box_knee),
        }],
        after: &[
            "Up to about 4,000 users the box answers almost everything within the Apdex target of \
             250 ms. A little past that it tips over: the queues stop draining, timeouts start, and \
             Apdex falls off a cliff rather than a slope. That knee is what capacity planning is \
             about. A bigger box moves it; it does not remove it.",
            "Now the arithmetic that says when one box cannot be enough. A link shortener with 30 \
             billion links stores about 15 TB. If one machine comfortably holds about 1 TB, you need \
             roughly 15 shards, whatever the cache does. Its 20,000 reads a second then spread to \
             about 1,300 per shard, which any one machine handles easily. Shard when the data or the \
             write rate truly outgrows a machine, not before.",
        ],
        sources: &[APDEX, PINTEREST],
    },
    Chapter {
        slug: "shard-key",
        title: "Choosing a shard key",
        task: "Key on the user and make a hot shard appear.",
        intro: &[
            "The shard key is the field the placement rule reads. It is the most consequential choice \
             in a sharded design, because you live with it for as long as the data lives.",
            "A good key has three properties. High cardinality: many distinct values, so the data can \
             be cut finely. Even distribution: no value is far more common than the rest. And it \
             matches the access pattern: the common queries name the key, so each goes to one shard.",
            "The board is Pinterest's fleet at board scale: eight shards, keyed by the shard bits in \
             each object's ID. Its users are not alike: a few are far more active than the rest \
             (user skew 1.0).",
        ],
        frames: &[Frame {
            view: LiveView::Board,
            query: BOARD_PINTEREST,
            title: "Board: the Pinterest fleet, eight shards",
        }],
        tasks: &[
            Task {
                id: "hot-user",
                prompt: "Select the Database on the board and set its shard key to hash of user. \
                         Wait for the simulation, then look at the per-shard load: one shard should \
                         stand out at least 1.5 × the mean.",
                frame: 0,
                check: Check::State(tasks::user_key_hot_shard),
            },
            Task {
                id: "which-property",
                prompt: "Which property of a good key did the user key break here?",
                frame: 0,
                check: Check::Choice {
                    options: &[
                        ("High cardinality", "There are thousands of users, so the key has plenty of distinct values. That is not what went wrong."),
                        ("Even distribution", "Yes. A few users send most of the requests, and all of a user's rows sit on one shard, so that shard gets their traffic."),
                        ("Matching the access pattern", "Reads by user do go to one shard, which is what this property asks for. The trouble is how uneven the users are."),
                    ],
                    correct: 1,
                    needs: Some(tasks::user_key_hot_shard),
                },
            },
        ],
        after: &[
            "Keying on the user looks natural: most screens show one user's things, so each query \
             touches one shard. But users are not alike. A prolific user puts all their rows and all \
             their traffic on one machine, and a hash cannot spread what the key lumps together.",
            "Keying on the object's ID spreads the same requests evenly, because each Pin is its own \
             key. Even then a single viral object is a hot key on whatever shard holds it. The usual \
             answer is to cache that one key, or copy it to several shards.",
        ],
        sources: &[PINTEREST],
    },
    Chapter {
        slug: "range-hash-directory",
        title: "Range, hash and directory rules",
        task: "Make the last range shard hot with time-ordered keys.",
        intro: &[
            "A placement rule maps a row to a shard. Three rules cover most systems.",
            "Range: each shard holds a contiguous stretch of keys, A to F, G to M, and so on. \
             Neighbours live together, so range queries are cheap. Hash: hash the key and let the \
             hash pick the shard. Keys spread evenly, but a range query must ask every shard. \
             Directory: a lookup table says where each key lives. You can move anything anywhere, \
             but every read pays one more hop, and the table is a single point of failure that must \
             itself be replicated and cached.",
        ],
        frames: &[
            Frame {
                view: LiveView::Board,
                query: BOARD_PINTEREST,
                title: "Board: the Pinterest fleet, eight shards",
            },
            Frame {
                view: LiveView::Ring,
                query: "v=1&scheme=range&r=1",
                title: "Ring: range placement over four servers",
            },
        ],
        tasks: &[
            Task {
                id: "last-range-hot",
                prompt: "On the board, set the Database's shard key to range by time. When the \
                         simulation finishes, the busiest shard should be the last one.",
                frame: 0,
                check: Check::State(tasks::last_range_hot),
            },
            Task {
                id: "directory-cost",
                prompt: "A directory lets you move any key anywhere. What do you pay for that?",
                frame: 0,
                check: Check::Choice {
                    options: &[
                        ("Range queries must ask every shard", "That is the price of hashing. A directory can keep neighbours together if you want it to."),
                        ("An extra hop on every read, and a table that must never go down", "Yes. Every lookup reads the directory first, so it has to be replicated and cached, or it becomes the single point of failure."),
                        ("New keys all land on the last shard", "That is the range rule with time-ordered keys, which you just made happen."),
                    ],
                    correct: 1,
                    needs: None,
                },
            },
        ],
        after: &[
            "Time-ordered keys are a trap for ranges. Every new row has the newest timestamp, so \
             every write lands on the last shard while the others sit idle. The ring view shows the \
             same rule over hashed keys: its split points cut the hash space into even stretches, \
             which is why hashing is the usual default.",
        ],
        sources: &[KARGER, PINTEREST],
    },
    Chapter {
        slug: "mod-n",
        title: "Hash mod N and the 80 % problem",
        task: "Grow from 4 to 5 shards and read how many keys moved.",
        intro: &[
            "The simplest hash rule is shard = hash(key) mod N. It spreads keys evenly, needs no \
             table, and any client can compute it. It works until N changes.",
            "The view below places 100,000 keys on four servers with hash mod N.",
        ],
        frames: &[Frame {
            view: LiveView::Ring,
            query: "v=1&scheme=mod&r=1",
            title: "Ring: hash mod N over four servers",
        }],
        tasks: &[
            Task {
                id: "read-moved",
                prompt: "Add a fifth server. When the counter finishes, type the moved percentage \
                         it shows.",
                frame: 0,
                check: Check::Reading {
                    label: "Moved (%)",
                    test: tasks::mod_four_to_five,
                },
            },
            Task {
                id: "why-eighty",
                prompt: "Why do about four keys in five move?",
                frame: 0,
                check: Check::Choice {
                    options: &[
                        ("The new server takes a fifth of the keys from each old one", "That would move only 20 %, the least any rule can move. Hash mod N moves far more."),
                        ("A key stays only where h mod 4 equals h mod 5", "Yes. Over any 20 consecutive hash values that holds for just 4, so about 16 in 20, 80 %, change shard."),
                        ("The hash function changes when N changes", "The hash stays the same; only the divisor changes, and that alone reshuffles most keys."),
                    ],
                    correct: 1,
                    needs: None,
                },
            },
        ],
        after: &[
            "Growing from four shards to five under mod N moves about 80 % of the keys. For the link \
             shortener's 15 TB that is 12 TB of copying while you serve traffic, with caches gone \
             cold and databases slammed. The least any rule must move is the new server's fair \
             share, one key in five. The next chapter gets close to that.",
        ],
        sources: &[KARGER],
    },
    Chapter {
        slug: "ring",
        title: "The ring",
        task: "Add a server and see about 1/(N+1) of the keys move.",
        intro: &[
            "Consistent hashing bends the hash space into a circle. Each server hashes to points on \
             it. To find a key's owner, hash the key to a point and walk clockwise to the first \
             server you meet.",
            "When a server joins, it takes over only the keys between its points and the points \
             before them. Every other key stays where it was.",
        ],
        frames: &[Frame {
            view: LiveView::Ring,
            query: "v=1&scheme=ring&r=1",
            title: "Ring: consistent hashing over four servers",
        }],
        tasks: &[Task {
            id: "grow",
            prompt: "Add a server and wait for the counter. The moved share should come within half \
                     of the ideal 1/(N+1) either way.",
            frame: 0,
            check: Check::State(tasks::ring_grew_near_ideal),
        }],
        after: &[
            "Going from four servers to five moves about 20 % of the keys, not 80 %. Only the keys \
             that now belong to the new server move, and they are exactly the ones it must take for \
             the load to even out. The red dots in the drawing are those keys; nothing else moved.",
            "Removing a server is the mirror image: its keys go to the next server clockwise, and \
             nobody else is touched. The next chapter shows why \"the next server\" should really be \
             many servers.",
        ],
        sources: &[KARGER, DYNAMO],
    },
    Chapter {
        slug: "virtual-nodes",
        title: "Virtual nodes and weights",
        task: "Bring the busiest server under 1.10 × the mean load.",
        intro: &[
            "With few points on the ring, they land unevenly: one server owns a long arc and another \
             a sliver. The fix is to hash each server to many points, its virtual nodes. The load \
             then evens out by the law of large numbers: the spread of the load falls like one over \
             the square root of the vnodes per server.",
            "The ring below has five servers with 10 vnodes each. Look at the load per server.",
        ],
        frames: &[Frame {
            view: LiveView::Ring,
            query: "v=1&scheme=ring&servers=0.1.2.3.4&w=1.1.1.1.1&vnodes=10&r=1",
            title: "Ring: five servers, ten vnodes each",
        }],
        tasks: &[Task {
            id: "balance",
            prompt: "Raise the vnodes per server until the busiest server carries less than 1.10 × \
                     the mean load, with all five servers on the ring.",
            frame: 0,
            check: Check::State(tasks::ring_balanced),
        }],
        after: &[
            "Real systems use 100 to 200 vnodes per server. At 10 the busiest server carries well over \
             its share; by a few hundred it is within a few percent of the mean.",
            "Vnodes buy two more things. A stronger machine gets more points, so weight becomes a \
             number of vnodes. And when a server dies, its many small arcs fall to many different \
             neighbours, so its load spreads across the cluster instead of doubling one machine's.",
        ],
        sources: &[KARGER, DYNAMO],
    },
    Chapter {
        slug: "replication",
        title: "Replication on the ring",
        task: "With three replicas, kill a server and check every key still has three owners.",
        intro: &[
            "The ring gives replication almost for free. Store each key on its owner and on the next \
             distinct servers clockwise: three in total is common. The walk skips vnodes of servers \
             already chosen, so the copies always land on different machines. Dynamo and Cassandra \
             are built on this idea.",
        ],
        frames: &[Frame {
            view: LiveView::Ring,
            query: "v=1&scheme=ring&servers=0.1.2.3.4&w=1.1.1.1.1&vnodes=100&r=1",
            title: "Ring: five servers, one replica",
        }],
        tasks: &[Task {
            id: "three-owners",
            prompt: "Set the replicas to 3 and kill one server. The task checks every drawn key: \
                     each must still have three distinct owners.",
            frame: 0,
            check: Check::State(tasks::three_owners_after_kill),
        }],
        after: &[
            "With a server gone, each key it held still has two live copies, and the walk now reaches \
             one server further to find a third. The step-by-step lookup shows the walk skipping \
             vnodes of servers it already chose.",
            "Replicas cost disk and write traffic: every write goes three times. In return a dead \
             machine loses no data, and reads can go to whichever copy answers first.",
        ],
        sources: &[DYNAMO, KARGER],
    },
    Chapter {
        slug: "shard-in-the-id",
        title: "Put the shard in the ID",
        task: "Decode a Pin, then compose an ID for shard 5000, type 2.",
        intro: &[
            "Pinterest took another road. Every object's 64-bit ID carries its own address: bits 63 \
             and 62 are reserved, the next 16 bits are the shard, 10 bits the type (1 is a Pin, 2 a \
             board, 3 a user), and the low 36 bits the row within the shard. Finding an object is a \
             shift, a mask and one look in a small config table. No lookup service, no ring.",
            "The Decoder below shows a user's ID. Paste a Pin instead.",
        ],
        frames: &[Frame {
            view: LiveView::Decoder,
            query: "v=1&layout=pinterest&id=1196474809451538",
            title: "Decoder: a Pinterest user ID",
        }],
        tasks: &[
            Task {
                id: "decode-pin",
                prompt: "Paste the Pin 241294492511762325 into the Decoder's ID box, then type the \
                         shard it names.",
                frame: 0,
                check: Check::Reading {
                    label: "Shard",
                    test: tasks::pin_decoded,
                },
            },
            Task {
                id: "compose",
                prompt: "Now make the Decoder show an ID for shard 5000 and type 2 (a board): edit \
                         the fields and watch the ID recompose.",
                frame: 0,
                check: Check::State(tasks::composed_board_id),
            },
        ],
        after: &[
            "The Pin lives in shard 3429, so under the 2015 config table it is on MySQL007A, in \
             database db03429, table pins, at local ID 7075733. The ID is (shard << 46) | (type << \
             36) | local, and the Decoder's arithmetic panel writes that code for you.",
            "Making an ID is the same stroke: pick a shard, insert the row, take the auto-increment \
             local ID, and compose. The ID is unique everywhere and says where it lives. The price is \
             in the next chapters: that address can never change.",
        ],
        sources: &[PINTEREST],
    },
    Chapter {
        slug: "grow-by-shards",
        title: "Grow by moving whole shards",
        task: "Split a host and confirm that no ID changed.",
        intro: &[
            "If the ID names the shard, an object can never leave its shard: every stored reference \
             would dangle. So Pinterest grows by moving whole shards between machines. It started \
             with 4,096 shards on 8 master and standby pairs, 512 shards to a pair. When a pair gets \
             busy, half its range moves to a new pair, and only the config table changes.",
        ],
        frames: &[Frame {
            view: LiveView::Decoder,
            query: "v=1&layout=pinterest&id=241294492511762325",
            title: "Decoder: the example Pin and its config table",
        }],
        tasks: &[
            Task {
                id: "split",
                prompt: "In the placement panel, split the host that serves this Pin. Keep the same \
                         ID on screen.",
                frame: 0,
                check: Check::State(tasks::split_kept_id),
            },
            Task {
                id: "new-master",
                prompt: "The ID did not change. Which master serves it now?",
                frame: 0,
                check: Check::Reading {
                    label: "New master",
                    test: tasks::named_new_master,
                },
            },
        ],
        after: &[
            "The split moved shards 3328 to 3583 from MySQL007A to a new pair, MySQL009A. Shard 3429 \
             went with them. The Pin's ID is byte for byte the same; only the row of the config table \
             that names its host changed. Copying those databases is real work, but it is whole \
             databases, planned, not millions of rows rehashed.",
            "The limit is the other side of the same fact. A single hot Pin can never move off its \
             shard. You can only relieve its whole shard, with a split or a bigger machine.",
        ],
        sources: &[PINTEREST],
    },
    Chapter {
        slug: "pinterest-board",
        title: "The Pinterest board",
        task: "Kill a master with no auto-failover and explain the errors.",
        intro: &[
            "Here is the fleet under load: three large app servers, a memcached tier, and eight \
             MySQL shards standing for the 4,096, each a master with a standby, at 4,000 users. \
             Production reads and writes only the master, so a lagging standby never serves a stale \
             row. And there is no auto-failover: promoting a standby is a person's decision.",
        ],
        frames: &[Frame {
            view: LiveView::Board,
            query: BOARD_PINTEREST,
            title: "Board: the Pinterest fleet under load",
        }],
        tasks: &[
            Task {
                id: "kill-master",
                prompt: "In \"Break it\", kill a master. Leave auto-failover off, and wait for the \
                         simulation to show the errors.",
                frame: 0,
                check: Check::State(tasks::master_killed_without_failover),
            },
            Task {
                id: "explain",
                prompt: "Why do the errors start, and why do they not stop?",
                frame: 0,
                check: Check::Choice {
                    options: &[
                        ("The cache went cold and the other shards are overloaded", "The other shards carry the same load as before; nothing was moved onto them."),
                        ("The dead master's shards have no one serving them until someone fails over", "Yes. Reads and writes go only to the master, and nothing promotes the standby by itself, so every request for those shards fails until a person acts."),
                        ("The objects' IDs changed when the master died", "IDs never change; that is the point of the scheme. The ID still names the shard, and that shard's master is gone."),
                    ],
                    correct: 1,
                    needs: Some(tasks::master_killed_without_failover),
                },
            },
        ],
        after: &[
            "Only the requests for the dead master's shards fail; the rest of the fleet is untouched. \
             That is the blast radius sharding buys you. Turn auto-failover on in the Database's \
             settings and run it again: the errors stop after a short gap, at the price of trusting a \
             machine to decide that a master is really dead.",
        ],
        sources: &[PINTEREST],
    },
    Chapter {
        slug: "trade-offs",
        title: "Trade-offs",
        task: "ID-encoded against hash placement, side by side, then a short quiz.",
        intro: &[
            "Two views of the same four servers. The first uses ID-encoded placement: the key is \
             read as a Pinterest ID, and runs of its shards map to servers. The second is a \
             consistent-hash ring. Grow both and compare what moves.",
        ],
        frames: &[
            Frame {
                view: LiveView::Ring,
                query: "v=1&scheme=id&r=1",
                title: "Ring: ID-encoded placement over four servers",
            },
            Frame {
                view: LiveView::Ring,
                query: "v=1&scheme=ring&r=1",
                title: "Ring: a consistent-hash ring over four servers",
            },
        ],
        tasks: &[
            Task {
                id: "grow-id",
                prompt: "Add a server to the ID-encoded view and read what moved. (Try the ring \
                         beside it too.)",
                frame: 0,
                check: Check::State(tasks::id_encoded_grew),
            },
            Task {
                id: "hot-pin",
                prompt: "One Pin goes viral. With ID-encoded placement, what can you do about it?",
                frame: 0,
                check: Check::Choice {
                    options: &[
                        ("Move that Pin to a quieter shard", "Its ID names its shard, and every reference holds the ID. Moving it would break them all."),
                        ("Relieve its whole shard: split the range or give the host more hardware, and cache the Pin", "Yes. Placement is permanent, so you act on the shard, and a cache takes the hot reads."),
                        ("Rehash it onto the ring", "There is no hash on the read path to change: that is what ID-encoded placement removed."),
                    ],
                    correct: 1,
                    needs: None,
                },
            },
            Task {
                id: "email",
                prompt: "You must find a user by email address. What does ID-encoded placement give \
                         you?",
                frame: 0,
                check: Check::Choice {
                    options: &[
                        ("Nothing by itself: a separate hashed \"mod shard\" maps md5(email) mod 4096 to a shard", "Yes. Keys that are not IDs need a parallel hashed system, and it does not have the ID's properties."),
                        ("The email's shard bits", "An email has no shard bits; only IDs the system composed carry them."),
                        ("A directory lookup for free", "There is no directory in the scheme; that is what it saves you."),
                    ],
                    correct: 0,
                    needs: None,
                },
            },
        ],
        after: &[
            "Hash placement can recompute any key's home when the servers change, at the cost of a \
             hash between every lookup and its data. ID-encoded placement removes the function and \
             freezes the answer: reads are arithmetic any client can do, IDs come with their address \
             for free, and growth happens by moving whole shards. In exchange, the shard count and \
             the bit layout are frozen into every ID ever issued, a hot object can never move, and \
             anything addressed by something other than the ID needs a second, hashed system.",
            "Neither is better. Pick the one whose costs you can live with for the life of the data.",
        ],
        sources: &[PINTEREST, KARGER, DYNAMO],
    },
];

/// The chapter with this slug.
pub fn by_slug(slug: &str) -> Option<(usize, &'static Chapter)> {
    CHAPTERS.iter().enumerate().find(|(_, c)| c.slug == slug)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::progress::CHAPTER_SLUGS;
    use crate::learn::tasks::Check;

    #[test]
    fn chapters_match_the_slugs_the_router_knows() {
        let slugs: Vec<&str> = CHAPTERS.iter().map(|c| c.slug).collect();
        assert_eq!(slugs, CHAPTER_SLUGS);
    }

    #[test]
    fn every_chapter_is_complete_and_its_tasks_point_at_its_views() {
        for chapter in &CHAPTERS {
            assert!(!chapter.frames.is_empty(), "{}", chapter.slug);
            assert!((1..=3).contains(&chapter.tasks.len()), "{}", chapter.slug);
            assert!(!chapter.sources.is_empty(), "{}", chapter.slug);
            let mut ids: Vec<&str> = chapter.tasks.iter().map(|t| t.id).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(
                ids.len(),
                chapter.tasks.len(),
                "{}: task ids repeat",
                chapter.slug
            );
            for task in chapter.tasks {
                assert!(
                    task.frame < chapter.frames.len(),
                    "{}/{}",
                    chapter.slug,
                    task.id
                );
                if let Check::Choice {
                    options, correct, ..
                } = task.check
                {
                    assert!(correct < options.len(), "{}/{}", chapter.slug, task.id);
                }
            }
        }
    }
}
