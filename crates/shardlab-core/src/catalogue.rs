//! The widget catalogue's names and titles, and the state each Ring widget opens on.
//!
//! The app (`src/catalogue.rs` re-exports these enums, and adds the routes and pages) and the
//! build-time pictures (`crates/shardlab-pictures`) both match on them, so a widget is listed
//! once and a new one is a compile error wherever it lacks a case.
//!
//! [`RingOpening`] is the part of a Ring widget's opening state that its numbers depend on: the
//! scheme, the servers, the vnodes, Maglev's table, the probes, the load factor, the keys and the
//! seed. The app's `RingState::opening` and the pictures both read it, so a widget's picture
//! counts what the widget counts.

use crate::placement::{
    LoadFactor, Popularity, SchemeKind, SchemeSettings, SchemeSpec, Server, DEFAULT_LOAD_FACTOR,
    DEFAULT_PROBES, DEFAULT_TABLE_SIZE,
};

/// Defines a view's widget enum with its `ALL`, `name` and `title`, from one table, so a widget
/// is listed once.
macro_rules! widget_enum {
    ($(#[$doc:meta])* $enum:ident { $($(#[$vdoc:meta])* $variant:ident = $name:literal, $title:literal;)+ }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
        pub enum $enum {
            $($(#[$vdoc])* $variant,)+
        }

        impl $enum {
            /// Every widget of the view, in the order the full view shows them.
            pub const ALL: &'static [$enum] = &[$($enum::$variant,)+];

            /// The name in addresses and in `data-shardlab`: `[a-z-]+`.
            pub fn name(self) -> &'static str {
                match self {
                    $($enum::$variant => $name,)+
                }
            }

            /// The widget's title, as the catalogue and a lesson list it.
            pub fn title(self) -> &'static str {
                match self {
                    $($enum::$variant => $title,)+
                }
            }

            /// The widget named `name`, if the view has one.
            pub fn from_name(name: &str) -> Option<$enum> {
                $enum::ALL.iter().copied().find(|widget| widget.name() == name)
            }
        }
    };
}

widget_enum! {
    /// The Decoder's widgets.
    DecoderWidget {
        /// Type or paste an ID: the 64-bit strip, its fields, the host and database it lives on,
        /// and the query that reads it.
        Paste = "paste", "Paste an ID";
        /// Paste any ID (a snowflake, a UUID, a ULID, a KSUID, an ObjectId): every layout that
        /// reads it, ranked by whether its time and fields fit, and the picked one's bits.
        Detect = "detect", "Whose ID is this?";
        /// Set each field and watch the ID they make.
        Compose = "compose", "Compose an ID";
        /// Change the fields' widths, roles and the time base.
        Layout = "layout", "Edit the layout";
        /// The config table of shard ranges and hosts, and splitting a host.
        Config = "config", "Config table and split";
        /// Insert an object and watch its ID being made.
        Generate = "generate", "Generate IDs";
        /// Up to 100,000 IDs at once: time span, IDs per shard or worker, duplicates, order,
        /// sequence gaps, and a CSV export.
        Batch = "batch", "A pile of IDs";
        /// Generators under a fault (the clock stepping back, a burst past the sequence, a
        /// shared or random worker ID): the naive run's duplicates beside its fix, the birthday
        /// odds, the layout's rollover dates and what `Number()` rounds.
        Lab = "lab", "When generators fail";
        /// What goes wrong: `Number(id)` in JavaScript and the 32-bit mask.
        Pitfalls = "pitfalls", "Pitfalls";
        /// The shifts and masks as code.
        Code = "code", "The arithmetic as code";
    }
}

widget_enum! {
    /// The Ring's widgets.
    RingWidget {
        /// The ring, Add and Kill, the moved counter and the per-server bars.
        Grow = "grow", "Grow the ring";
        /// Hash mod N and the ring, side by side, on the same keys.
        ModVsRing = "mod-vs-ring", "mod N against the ring";
        /// How many points per server it takes to balance the load.
        Vnodes = "vnodes", "Vnodes and balance";
        /// One key's lookup, step by step, with a zoomed view that follows the walk.
        Lookup = "lookup", "The lookup walk";
        /// Where a key's R copies go.
        Replicas = "replicas", "Replicas";
        /// Every scheme measured on the same keys.
        Compare = "compare", "Compare schemes";
        /// Every scheme on the page by the literature's measures: balance, resize balance,
        /// needless moves, state per server and lookup time in this browser.
        Metrics = "metrics", "Every scheme, measured";
        /// Maglev's lookup table filling slot by slot, and what a change moves.
        Maglev = "maglev", "Maglev's table";
        /// A Zipf-popular key overloads its server; the cures compared on the same requests.
        HotKeys = "hot-keys", "When one key is hot";
        /// Multi-probe: one point per server and a key's k probes; the nearest names the owner,
        /// and more probes even the load.
        Probes = "probes", "k probes per key";
        /// Bounded loads: every server capped at c times its share, and a key walking past full
        /// servers to the first with room.
        Bounded = "bounded", "Bounded loads";
    }
}

widget_enum! {
    /// The Board's widgets.
    BoardWidget {
        /// The board, the users slider and the one-sentence verdict.
        Solve = "solve", "Solve a design";
        /// Inject a fault and watch each second of it.
        Break = "break", "Break it";
        /// The same board over K seeds: each figure's median and its band.
        Spread = "spread", "Seeds and spread";
        /// How many users the design serves before it fails its target.
        Capacity = "capacity", "Capacity";
        /// How the load spreads over the database's shards.
        ShardLoad = "shard-load", "Load per shard";
        /// A master dies: the failover's knobs, the read replicas, and what the gap cost.
        Failover = "failover", "Failover and replicas";
        /// A shard's range splits onto a new host: the copy's bill and what it does to p99.
        Reshard = "reshard", "A live reshard";
        /// The board at any second of its run: each box's load and queue, and what it dropped.
        Scrub = "scrub", "Where it hurts";
    }
}

/// The Ring's scheme on opening.
pub const DEFAULT_SCHEME: SchemeKind = SchemeKind::Ring;
/// Servers on opening: adding a fifth moves about a fifth of the keys.
pub const DEFAULT_SERVERS: u32 = 4;
/// Vnodes per weight of the full view and the statistics widgets.
pub const DEFAULT_VNODES: u32 = 100;
/// Replicas a lookup shows on opening.
pub const DEFAULT_REPLICAS: u32 = 3;
/// Keys the statistics count on opening.
pub const DEFAULT_KEYS: u64 = 100_000;
/// Keys drawn as dots on opening.
pub const DEFAULT_SAMPLE: u64 = 1_000;
/// The keys' seed on opening.
pub const DEFAULT_SEED: u64 = 2015;
/// The looked-up key on opening.
pub const DEFAULT_KEY: &str = "user:42";
/// Vnodes per weight a picture widget opens with: few enough that each server's arcs can be told
/// apart (at 100 the ring is a barcode), enough that one added server takes arcs from several.
pub const PICTURE_VNODES: u32 = 4;
/// The table Maglev's widget opens with: 13 slots, so each server's claims can be followed one
/// by one and four servers cannot share them evenly (3 or 4 slots each).
pub const PICTURE_TABLE_SIZE: u32 = 13;
/// The load factor bounded loads' widget opens with.
pub const BOUNDED_WIDGET_C: LoadFactor = match LoadFactor::from_millionths(1_100_000) {
    Some(c) => c,
    None => DEFAULT_LOAD_FACTOR,
};
/// The key popularity every route opens with: Zipf with exponent 1.2, under which the hottest of
/// 100,000 keys draws about 18 % of the requests (a web cache's measured exponents run 0.6 … 1.2).
pub const DEFAULT_POPULARITY: Popularity = Popularity::Zipf(1.2);
/// The servers the hot-key widget opens with: with eight, a fair share is 12.5 % of the requests,
/// so the hot key's 18 % alone makes its server stand out.
pub const HOT_KEY_SERVERS: u32 = 8;

/// What a Ring widget (or the full view, `None`) opens on, as far as its numbers go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RingOpening {
    /// The scheme shown.
    pub scheme: SchemeKind,
    /// How many servers, `S0 … S(n-1)`, each of weight 1.
    pub servers: u32,
    /// Ring vnodes per unit of weight.
    pub vnodes: u32,
    /// Maglev's table size.
    pub table_size: u32,
    /// Multi-probe's probes per key.
    pub probes: u32,
    /// Bounded loads' load factor.
    pub load_factor: LoadFactor,
    /// Keys the statistics count.
    pub keys: u64,
    /// The keys' seed.
    pub seed: u64,
}

impl RingOpening {
    /// The opening of `widget` (`None` is the full view): the picture widgets draw a ring of
    /// [`PICTURE_VNODES`] per server, the statistics keep the full view's 100; Maglev's opens on
    /// a table small enough to watch fill, multi-probe's and bounded loads' on their schemes (a
    /// few vnodes leave the ring uneven, about 1.2 × the mean at its busiest, and c = 1.1 caps
    /// it), and the hot-key widget on enough servers for one to stand out.
    pub fn of(widget: Option<RingWidget>) -> RingOpening {
        let full = RingOpening {
            scheme: DEFAULT_SCHEME,
            servers: DEFAULT_SERVERS,
            vnodes: DEFAULT_VNODES,
            table_size: DEFAULT_TABLE_SIZE,
            probes: DEFAULT_PROBES,
            load_factor: DEFAULT_LOAD_FACTOR,
            keys: DEFAULT_KEYS,
            seed: DEFAULT_SEED,
        };
        let Some(widget) = widget else {
            return full;
        };
        match widget {
            RingWidget::Grow
            | RingWidget::ModVsRing
            | RingWidget::Lookup
            | RingWidget::Replicas => RingOpening {
                vnodes: PICTURE_VNODES,
                ..full
            },
            RingWidget::Bounded => RingOpening {
                scheme: SchemeKind::BoundedLoad,
                vnodes: PICTURE_VNODES,
                load_factor: BOUNDED_WIDGET_C,
                ..full
            },
            RingWidget::Maglev => RingOpening {
                scheme: SchemeKind::Maglev,
                table_size: PICTURE_TABLE_SIZE,
                ..full
            },
            RingWidget::Probes => RingOpening {
                scheme: SchemeKind::MultiProbe,
                ..full
            },
            RingWidget::HotKeys => RingOpening {
                servers: HOT_KEY_SERVERS,
                ..full
            },
            RingWidget::Vnodes | RingWidget::Compare | RingWidget::Metrics => full,
        }
    }

    /// The servers on opening, `S0 … S(n-1)`, each of weight 1.
    pub fn server_list(&self) -> Vec<Server> {
        (0..self.servers).map(Server::new).collect()
    }

    /// Every scheme's setting on opening.
    pub fn settings(&self) -> SchemeSettings {
        SchemeSettings {
            vnodes: Some(self.vnodes),
            table_size: Some(self.table_size),
            probes: Some(self.probes),
            load_factor: Some(self.load_factor),
        }
    }

    /// The scheme on opening, with its settings.
    pub fn spec(&self) -> SchemeSpec {
        SchemeSpec::with_settings(self.scheme, self.settings())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ring_widget_opens_on_servers_the_scheme_accepts() {
        for widget in RingWidget::ALL.iter().copied().map(Some).chain([None]) {
            let opening = RingOpening::of(widget);
            let servers = crate::placement::ServerList::new(opening.server_list());
            assert!(servers.is_ok(), "{widget:?}");
            if let Ok(servers) = servers {
                assert!(opening.spec().build(servers).is_ok(), "{widget:?}");
            }
        }
    }

    #[test]
    fn names_are_lowercase_words_and_parse_back() {
        for widget in RingWidget::ALL {
            assert_eq!(RingWidget::from_name(widget.name()), Some(*widget));
        }
        assert_eq!(
            DecoderWidget::ALL.len() + RingWidget::ALL.len() + BoardWidget::ALL.len(),
            29
        );
    }
}
