//! The benchmark kernels of issue 7, defined once: [`table`] lists every kernel with its id, its
//! setup and the work to time, the peer it races and the goal its ratio is held to.
//!
//! Three consumers iterate the same table, so a benchmark is added by adding its kernel (and its
//! peer's) and its report row in `table.rs`, and nowhere else:
//!
//! - `crates/shardlab-core/benches/core.rs` (criterion) times every kernel that runs natively,
//!   under its id (criterion's `full_id`, `group/contender/variant[/case]`), and prints the
//!   table's report layout ([`Table::layout_json`]) on a `shardlab-bench\tlayout\t…` line;
//! - `crates/shardlab-wasm-bench` builds the same kernels in wasm, by the same ids, for the bench
//!   page (`bench/wasm/`), which asks it for the ids to time ([`Table::kernels`]);
//! - `cargo xtask bench` renders BENCHMARKS.md from that layout line: the sections, their rows, the
//!   peers and the goals. The xtask depends on no project crate (it must build before any of them
//!   and never recompile with them), so it reads the table as the data the bench emits rather than
//!   linking this crate; the layout is only ever written by the same table that the timed ids come
//!   from, so the two cannot drift.
//!
//! A kernel's setup runs before it is timed and may fail (a peer that disagrees with ours, a
//! core error); one run of the work is one criterion iteration, natively and in wasm alike, and
//! returns a checksum so that nothing is optimised away.
//!
//! Every call into the core's APIs sits in `table.rs`, so a change to them is fixed there once.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use serde::Serialize;

mod table;

pub use table::{keys, table, BATCH, PLACE_SERVERS, PLACE_VNODES};

/// Where a kernel runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Targets {
    /// Natively (criterion) and in wasm (the bench page).
    Both,
    /// Criterion only: not part of the wasm comparison.
    Native,
    /// The bench page only: a figure that only the browser needs.
    Wasm,
}

impl Targets {
    /// Whether criterion times it.
    pub fn native(self) -> bool {
        matches!(self, Targets::Both | Targets::Native)
    }

    /// Whether the wasm bench page times it.
    pub fn wasm(self) -> bool {
        matches!(self, Targets::Both | Targets::Wasm)
    }
}

/// One benchmark: an id, where it runs, and how to build the work to time.
pub struct Kernel {
    /// Criterion's full id, `group/contender/variant[/case]`: the key of every figure.
    pub id: String,
    /// Criterion's benchmark group.
    pub group: &'static str,
    /// Criterion's function id within the group: `contender/variant`.
    pub function: String,
    /// Criterion's parameter (`N10-V100`), if the kernel has one.
    pub case: Option<String>,
    /// Where it runs.
    pub targets: Targets,
    /// Runs of milliseconds: criterion's flat sampling, fewer iterations per sample.
    pub flat: bool,
    /// Whether the bench page also times it one key per call from JS (our own lookups).
    pub per_call: bool,
    /// Its row in the "our wasm ÷ our native" table, if it has one.
    pub wasm_row: Option<WasmRow>,
    setup: Box<dyn Fn() -> Result<Timed, String>>,
}

impl Kernel {
    /// A kernel that runs natively and in wasm, with criterion's default sampling.
    fn new(
        group: &'static str,
        function: String,
        case: Option<String>,
        setup: impl Fn() -> Result<Timed, String> + 'static,
    ) -> Kernel {
        let id = match &case {
            Some(case) => format!("{group}/{function}/{case}"),
            None => format!("{group}/{function}"),
        };
        Kernel {
            id,
            group,
            function,
            case,
            targets: Targets::Both,
            flat: false,
            per_call: false,
            wasm_row: None,
            setup: Box::new(setup),
        }
    }

    fn targets(mut self, targets: Targets) -> Kernel {
        self.targets = targets;
        self
    }

    fn flat(mut self) -> Kernel {
        self.flat = true;
        self
    }

    fn per_call(mut self, per_call: bool) -> Kernel {
        self.per_call = per_call;
        self
    }

    fn in_wasm_table(mut self, label: String, goal: Option<WasmGoal>) -> Kernel {
        self.wasm_row = Some(WasmRow {
            id: self.id.clone(),
            label,
            goal: goal.map(WasmGoal::ratio),
            class: goal,
        });
        self
    }

    /// Builds the work to time (keys, rings, peers) and checks peers against ours where both
    /// compute the same function.
    pub fn set_up(&self) -> Result<Timed, String> {
        (self.setup)().map_err(|e| format!("{}: {e}", self.id))
    }
}

/// The work of one kernel, built and ready to time.
pub struct Timed {
    /// Elements of one run: keys for lookups and placement, events for the DES, points for a
    /// ring build, 1 for `estimate`. Per-element time is one run's time divided by this.
    pub elements: u64,
    work: Box<dyn Work>,
}

impl Timed {
    /// One timed iteration; returns a checksum of the answers.
    pub fn run(&self) -> u64 {
        self.work.run()
    }

    /// The answer for one key, for kernels that answer single keys (lookups).
    pub fn one(&self, key: u64) -> Option<u32> {
        self.work.one(key)
    }
}

trait Work {
    fn run(&self) -> u64;
    fn one(&self, _key: u64) -> Option<u32> {
        None
    }
}

/// A lookup over the batch keys, monomorphised so that the loop inlines the lookup.
struct Lookup<F> {
    keys: Vec<u64>,
    locate: F,
}

impl<F: Fn(u64) -> u32> Work for Lookup<F> {
    fn run(&self) -> u64 {
        let mut sum = 0u32;
        for &key in &self.keys {
            sum = sum.wrapping_add((self.locate)(std::hint::black_box(key)));
        }
        u64::from(sum)
    }

    fn one(&self, key: u64) -> Option<u32> {
        Some((self.locate)(key))
    }
}

/// Any other run: a closure.
struct Batch<F>(F);

impl<F: Fn() -> u64> Work for Batch<F> {
    fn run(&self) -> u64 {
        (self.0)()
    }
}

/// A lookup kernel over `keys`: one run looks every key up.
fn lookup<F: Fn(u64) -> u32 + 'static>(keys: Vec<u64>, locate: F) -> Timed {
    Timed {
        elements: keys.len() as u64,
        work: Box::new(Lookup { keys, locate }),
    }
}

/// A kernel whose run is `run`, counted as `elements`.
fn batch<F: Fn() -> u64 + 'static>(elements: u64, run: F) -> Timed {
    Timed {
        elements,
        work: Box::new(Batch(run)),
    }
}

/// A table of BENCHMARKS.md's native part: its title, what it measures, and its rows in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Section {
    Ring,
    Jump,
    Rendezvous,
    MaglevAndMultiProbe,
    ModAndLayouts,
    Placement,
}

impl Section {
    /// The sections in the order the report prints them.
    pub const ALL: [Section; 6] = [
        Section::Ring,
        Section::Jump,
        Section::Rendezvous,
        Section::MaglevAndMultiProbe,
        Section::ModAndLayouts,
        Section::Placement,
    ];

    /// The table's heading.
    pub fn title(self) -> &'static str {
        match self {
            Section::Ring => "Ring lookup",
            Section::Jump => "Jump lookup",
            Section::Rendezvous => "Rendezvous lookup",
            Section::MaglevAndMultiProbe => "Maglev and multi-probe lookup",
            Section::ModAndLayouts => "Mod lookup and ID layouts",
            Section::Placement => "Placement experiments",
        }
    }

    /// What its kernels measure and how the peers are made to race on the same hash.
    pub fn note(self) -> &'static str {
        match self {
            Section::Ring => {
                "Three races per size, so that the hash does not decide them. **pre-hashed**: \
                 `u64` key hashes; `hashring` 0.3 is given a pass-through hasher and one node per \
                 vnode of *our* ring, so both binary-search the same sorted points (their answers \
                 are checked equal). **SipHash**: both hash the key with SipHash-2-4 (hashring's \
                 default) before the lookup, each ring with N × V points. **MD5**: both hash the \
                 key's 8 bytes with MD5 (conhash's hasher, which returns a `Vec`); `conhash` 0.5 \
                 keeps its N × V points in a `BTreeMap`. Goal: ours ÷ peer ≤ 0.5."
            }
            Section::Jump => {
                "`jumphash` 0.1. **pre-hashed**: the peer's `CustomJumpHasher` with a pass-through \
                 hasher; **SipHash-1-3**: the peer's `JumpHasher` with fixed keys, ours hashing \
                 with the same SipHash-1-3 first. Both variants are asserted to give our \
                 `jump_bucket` result for every key (also in `tests/peers.rs`). Issue 7 sets no \
                 goal here."
            }
            Section::Rendezvous => {
                "`rendezvous_hash` 0.3 (`calc_candidates(key).next()`, which scores and sorts \
                 every node). **xxh3**: the peer is given a node hasher computing our score hash \
                 (xxh3-64 of key and server id with our seed), and its winner is asserted equal to \
                 ours for every key; **peer's SipHash-1-3**: its default `DefaultNodeHasher`, \
                 against the same figure of ours. Ours is the weighted `−w / ln u` score over the \
                 same hash. Issue 7 sets no goal here."
            }
            Section::MaglevAndMultiProbe => {
                "Issue 21's peers. **Maglev**: `maglev` 0.2, both with a table of M = 65,537 slots \
                 (our default; the peer rounds its capacity up to a prime, here the same one), \
                 both looking a key up at slot `key mod M`. The peer is given our backends' \
                 preference lists (offset and skip, through a hasher that hands them over) in our \
                 order, and the keys through a pass-through hasher, so it fills the same table: \
                 the tables are asserted equal slot by slot, and natively the peer's answer is \
                 asserted equal to ours for every key. In wasm the peer reduces only the key's \
                 low 32 bits (its hash is a `usize`), so there its answers differ from ours on \
                 equal tables. **Multi-probe**: `mpchash` 2.0 with its fixed 23 probes and its own \
                 probe hash (xxh3 double hashing, which it does not let a user replace), its one \
                 node per server inserted at *our* circle's points; ours with 23 probes too. The \
                 probes differ, so the answers are not compared. The peer keeps its points in a \
                 concurrent skip list, ours in the ring's sorted array. No goal is set here. \
                 `anchorhash` and `jump-back-hash` are not raced: the core has neither \
                 AnchorHash nor JumpBackHash (which is not the jump above). **Maglev's fill** at \
                 the core's largest table (M = 1,000,003, the Ring view's 64 servers; issue 44), \
                 which the view runs as a sliced job: its cost per slot tried, the unit of a \
                 step (a whole fill, set-up and hand-over included, over the slots it tried), and \
                 what a task still does in one go around it (a fill's start, and the churn \
                 between the tables before and after a change)."
            }
            Section::ModAndLayouts => {
                "No peer crate: ours alone. Layouts use the Pinterest preset; `parse_id` reads a \
                 mix of decimal, `0x` hex and quoted decimal IDs; `decompose` returns a `Vec`."
            }
            Section::Placement => {
                "Per key. Placing 1 M pre-generated keys on a ring of 100 servers × 256 vnodes and \
                 counting them per server, ours against `hashring` over the same points \
                 (pass-through hasher). `movement` (100 → 101 servers) and `balance` generate \
                 their 100,000 keys with the core's seeded `KeyStream`, which is part of the time."
            }
        }
    }
}

/// One row of a native table: ours alone, or ours against a peer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The table it belongs to.
    pub section: Section,
    /// Its `case` cell.
    pub label: String,
    /// Our kernel's id.
    pub ours: String,
    /// The peer kernel's id and the peer's name, for a race.
    pub peer: Option<Peer>,
    /// The most ours ÷ peer may be; `None`: no goal.
    pub goal: Option<f64>,
    /// Its label in the wasm race table, if the race is run there too.
    pub wasm_label: Option<String>,
}

impl Row {
    fn solo(section: Section, label: String, ours: &str) -> Row {
        Row {
            section,
            label,
            ours: ours.to_owned(),
            peer: None,
            goal: None,
            wasm_label: None,
        }
    }

    fn race(section: Section, label: String, ours: &str, peer: &str, name: &'static str) -> Row {
        Row {
            peer: Some(Peer {
                id: peer.to_owned(),
                name,
            }),
            ..Row::solo(section, label, ours)
        }
    }

    fn goal(mut self, goal: f64) -> Row {
        self.goal = Some(goal);
        self
    }

    /// Also raced in wasm, under `prefix` and this row's label.
    fn in_wasm(mut self, prefix: &str) -> Row {
        self.wasm_label = Some(format!("{prefix}{}", self.label));
        self
    }
}

/// The peer of a race.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Peer {
    /// The peer kernel's id.
    pub id: String,
    /// The peer crate, as the table names it.
    pub name: &'static str,
}

/// A row of the "our wasm ÷ our native" table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WasmRow {
    /// The kernel's id.
    pub id: String,
    /// Its `case` cell.
    pub label: String,
    /// The most wasm ÷ native may be; `None`: no goal.
    pub goal: Option<f64>,
    /// Which goal that is, for the report's note on a missed one.
    pub class: Option<WasmGoal>,
}

/// The goals for our wasm ÷ our native (issue 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WasmGoal {
    /// Lookups: ≤ 1.3.
    Lookup,
    /// The simulator: ≤ 1.5.
    Simulator,
}

impl WasmGoal {
    /// The most wasm ÷ native may be.
    pub fn ratio(self) -> f64 {
        match self {
            WasmGoal::Lookup => 1.3,
            WasmGoal::Simulator => 1.5,
        }
    }
}

/// The simulator kernels, whose tables hold absolute goals (events per second, a time limit)
/// rather than a ratio to a peer, so the report names them.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Simulator {
    /// The DES run of the native table (its elements are its events).
    pub des: String,
    /// The pinterest preset as the board opens it (wasm only).
    pub long_run: String,
    /// `estimate` on the same design.
    pub estimate: String,
}

/// Every kernel, and the rows of the report that compare them.
#[derive(Default)]
pub struct Table {
    kernels: Vec<Kernel>,
    rows: Vec<Row>,
    simulator: Simulator,
}

impl Table {
    /// Every kernel, in the order they are timed.
    pub fn kernels(&self) -> &[Kernel] {
        &self.kernels
    }

    /// The kernel with criterion id `id`.
    pub fn kernel(&self, id: &str) -> Option<&Kernel> {
        self.kernels.iter().find(|kernel| kernel.id == id)
    }

    /// The native tables' rows, in order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The report layout for `cargo xtask bench`, as one line of JSON: `sections` (key, title,
    /// note), `rows` ([`Row`]), `wasm_rows` ([`WasmRow`], our kernels in wasm against native) and
    /// `simulator` ([`Simulator`]).
    pub fn layout_json(&self) -> String {
        #[derive(Serialize)]
        struct SectionInfo {
            key: Section,
            title: &'static str,
            note: &'static str,
        }
        #[derive(Serialize)]
        struct Layout<'a> {
            sections: Vec<SectionInfo>,
            rows: &'a [Row],
            wasm_rows: Vec<&'a WasmRow>,
            simulator: &'a Simulator,
        }
        let layout = Layout {
            sections: Section::ALL
                .iter()
                .map(|&key| SectionInfo {
                    key,
                    title: key.title(),
                    note: key.note(),
                })
                .collect(),
            rows: &self.rows,
            wasm_rows: self
                .kernels
                .iter()
                .filter(|kernel| kernel.targets.wasm())
                .filter_map(|kernel| kernel.wasm_row.as_ref())
                .collect(),
            simulator: &self.simulator,
        };
        serde_json::to_string(&layout).unwrap_or_default()
    }

    /// Adds a kernel and returns its id, for the rows that name it.
    fn add(&mut self, kernel: Kernel) -> String {
        let id = kernel.id.clone();
        self.kernels.push(kernel);
        id
    }

    fn row(&mut self, row: Row) {
        self.rows.push(row);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::{table, Section, Targets};

    #[test]
    fn ids_are_unique_and_say_group_and_function() {
        let table = table();
        let mut seen = BTreeSet::new();
        for kernel in table.kernels() {
            assert!(seen.insert(kernel.id.as_str()), "{} twice", kernel.id);
            let prefix = format!("{}/{}", kernel.group, kernel.function);
            assert!(kernel.id.starts_with(&prefix), "{}", kernel.id);
        }
        // Criterion opens one group per run of kernels of the same group.
        let mut groups: Vec<&str> = table.kernels().iter().map(|k| k.group).collect();
        groups.dedup();
        let distinct: BTreeSet<&str> = groups.iter().copied().collect();
        assert_eq!(
            groups.len(),
            distinct.len(),
            "a group's kernels are not together"
        );
    }

    #[test]
    fn rows_name_kernels_that_run_where_they_are_shown() {
        let table = table();
        let runs = |id: &str, on: fn(Targets) -> bool| {
            table.kernel(id).is_some_and(|kernel| on(kernel.targets))
        };
        for row in table.rows() {
            assert!(runs(&row.ours, Targets::native), "{}", row.ours);
            if let Some(peer) = &row.peer {
                assert!(runs(&peer.id, Targets::native), "{}", peer.id);
            }
            if row.wasm_label.is_some() {
                assert!(runs(&row.ours, Targets::wasm), "{}", row.ours);
                let peer = row.peer.as_ref().map_or(row.ours.as_str(), |p| &p.id);
                assert!(runs(peer, Targets::wasm), "{peer}");
            }
        }
        for section in Section::ALL {
            assert!(
                table.rows().iter().any(|row| row.section == section),
                "{section:?} has no rows"
            );
        }
        for id in [
            &table.simulator.des,
            &table.simulator.long_run,
            &table.simulator.estimate,
        ] {
            assert!(table.kernel(id).is_some(), "{id}");
        }
    }

    #[test]
    fn the_layout_is_one_line_of_json_with_every_row() {
        let table = table();
        let json = table.layout_json();
        assert!(!json.contains('\n') && !json.contains('\t'));
        let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        let count = |key: &str| value[key].as_array().map_or(0, Vec::len);
        assert_eq!(count("sections"), Section::ALL.len());
        assert_eq!(count("rows"), table.rows().len());
        let wasm_rows = table.kernels().iter().filter(|k| k.wasm_row.is_some());
        assert_eq!(count("wasm_rows"), wasm_rows.count());
        assert_eq!(value["rows"][0]["section"], "ring");
        assert_eq!(value["rows"][0]["peer"]["name"], "hashring");
        assert_eq!(value["rows"][0]["goal"], 0.5);
        assert_eq!(value["wasm_rows"][0]["class"], "lookup");
    }

    /// `xtask bench` turns this kernel's time into the IDs-per-second line (its `PILE_KERNEL`),
    /// and the pile it reads is clean: every line an ID, none repeated or out of order.
    #[test]
    fn the_pile_kernel_is_where_xtask_looks_for_it() {
        let table = table();
        let kernel = table
            .kernel("id_batch/ours/100k-snowflake")
            .expect("the pile kernel");
        assert!(kernel.targets.wasm() && kernel.wasm_row.is_some());
        let layout = shardlab_core::layout::BitLayout::preset("snowflake").expect("a preset");
        let text = crate::table::snowflake_pile(&layout).expect("a pile");
        let run = shardlab_core::id_batch::BatchRun::new(
            &text,
            &shardlab_core::id_batch::BatchLayout::Bits(layout),
            &shardlab_core::id_batch::IdSource::Lines,
        )
        .expect("within the limits");
        let report = shardlab_core::stepped::Stepped::finish(run);
        assert_eq!(report.parsed, 100_000);
        assert_eq!(
            (
                report.duplicates.count,
                report.out_of_order.map(|o| o.count),
                report.refused.count
            ),
            (0, Some(0), 0)
        );
    }

    /// Every lookup and layout kernel builds (so each peer agrees with ours where it must) and
    /// answers the same on every run; the slow ones (1 M keys, the DES, a million-slot Maglev
    /// fill) are left to the benches.
    #[test]
    fn kernels_build_and_run_the_same_twice() {
        let table = table();
        let quick = table
            .kernels()
            .iter()
            .filter(|k| !matches!(k.group, "place" | "experiment" | "sim" | "maglev-fill"));
        for kernel in quick {
            let timed = kernel.set_up().expect("set up");
            assert!(timed.elements > 0, "{}", kernel.id);
            assert_eq!(timed.run(), timed.run(), "{}", kernel.id);
            if kernel.per_call {
                assert!(timed.one(7).is_some(), "{}", kernel.id);
            }
        }
    }

    #[test]
    fn all_lists_every_section_once() {
        shardlab_core::assert_lists_every_variant!(
            Section,
            Section::ALL,
            [
                Ring,
                Jump,
                Rendezvous,
                MaglevAndMultiProbe,
                ModAndLayouts,
                Placement
            ]
        );
    }
}
