//! The discrete-event simulation of a design.
//!
//! Requests arrive as a Poisson process. Each visits stations (App Server copy, cache, one shard's
//! master) that are multi-server FIFO queues with exponential service, a queue bound and the
//! App Server's end-to-end timeout. Keys and users are drawn from Zipf distributions, so the cache
//! hit rate and the per-shard load emerge from the actual keys. Events sit in a 4-ary heap
//! ordered by (time, sequence number), which makes ties deterministic.
//!
//! [`Simulation::step`] advances a bounded number of events, so the browser can run a long
//! simulation in slices without blocking; [`simulate`] runs it to the end.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use hdrhistogram::Histogram;
use rand::rngs::Xoshiro256PlusPlus;
use rand::SeedableRng;

use super::cache::Lru;
use super::design::{CacheStrategy, Design, NodeKind, ShardKey};
use super::faults::FaultKind;
use super::model::{
    compile, host_name, initial_table, DbModel, Model, MAX_COPY_SHARE, REPLICATION_LAG_S,
};
use super::prices;
use super::report::{
    hottest, CdfPoint, ErrorCounts, ErrorRates, NodeLoad, Outcome, SecondLoads, SecondStats,
    ShardLoad, SimReport,
};
use super::reshard::{bill_on_table, ReshardBill, ReshardPhase, ReshardReport};
use super::validate::{SimError, MAX_DURATION_S, MAX_SIM_REQUESTS};
use super::zipf::{unit, ExpZiggurat, Harmonic, Zipf};
use crate::layout::moved_half;
use crate::stepped::{Progress, Stepped};

mod heap;
mod loads;
use heap::EventQueue;
use loads::StationSecond;

/// Highest latency the histograms record exactly, in microseconds (one hour).
const HISTOGRAM_MAX_US: u64 = 3_600_000_000;

/// Quantiles at which the report samples the latency CDF.
const CDF_QUANTILES: [f64; 21] = [
    0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99,
    0.995, 0.999, 0.9999, 1.0,
];

/// Adds one to a counter. Counters are bounded by the run's events (at most a few times
/// `MAX_SIM_REQUESTS`), far below `u64::MAX`: a counter bumped once per event at 10^10 events a
/// second would take 58 years to wrap. So the add wraps rather than saturates, which is one
/// instruction instead of three on a path taken several times per event.
#[inline]
fn bump(counter: &mut u64) {
    *counter = counter.wrapping_add(1);
}

/// The larger of `a` and `b`, or `a` when they are equal or `b` is NaN: `f64::max` for the clock
/// and latencies, which are never NaN. `f64::max` ignores a NaN on either side, which wasm's
/// `f64.max` does not do, so on wasm32 it is a call to a `fmax` helper, several times per event;
/// this compare and select is inlined on every target and returns the same values here.
#[inline]
fn larger(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// Events processed per slice by [`simulate`].
const SLICE_EVENTS: u64 = 1 << 16;

/// What an event does. The next arrival is not an event in the heap: it is kept aside in
/// `Simulation::next_arrival`, which saves a heap push and pop per request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EventKind {
    /// Request `b` finished service at station `a`; stale if the station's epoch moved on since
    /// the request started (its master died).
    Done = 0,
    /// Fault `a` from the timeline starts.
    FaultStart = 1,
    /// Windowed fault `a` ends: a hot key or a spike, or a reshard's copy (its cutover).
    FaultEnd = 2,
    /// A standby takes over the dead master of station `a`.
    Failover = 3,
}

/// A scheduled event, packed into 24 bytes so the heap moves little memory.
#[derive(Clone, Copy, Debug)]
struct Event {
    /// `f64::to_bits` of the time; times are never negative, so the bits order like the values.
    time_bits: u64,
    /// Sequence number << 2 | kind: unique, and ordered by scheduling order.
    order: u64,
    a: u32,
    b: u32,
}

impl Event {
    fn time(&self) -> f64 {
        f64::from_bits(self.time_bits)
    }

    fn kind(&self) -> EventKind {
        match self.order & 3 {
            0 => EventKind::Done,
            1 => EventKind::FaultStart,
            2 => EventKind::FaultEnd,
            _ => EventKind::Failover,
        }
    }
}

/// Where a request is on its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    App,
    CacheRead,
    DbRead,
    DbWrite,
    CacheInvalidate,
    CacheWrite,
}

#[derive(Clone, Copy, Debug)]
struct Request {
    /// Arrival time.
    start: f64,
    /// Network hop latency accumulated so far.
    hops: f64,
    object: u32,
    user: u32,
    stage: Stage,
    write: bool,
    /// The epoch of the station serving this request when its service started.
    epoch: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    QueueFull,
    Timeout,
    ShardDown,
}

#[derive(Clone, Debug)]
struct Station {
    servers: u32,
    busy: u32,
    queue: VecDeque<u32>,
    bound: u32,
    up: bool,
    epoch: u32,
    /// Integral of busy servers over time.
    busy_area: f64,
    last_change: f64,
    opened_at: f64,
    visits: u64,
    mean_s: f64,
    mean_write_s: f64,
    /// `busy_area` and `visits` when the open second began, for its loads.
    second_mark: (f64, u64),
    /// Requests this station turned away or lost in the open second.
    second_dropped: ErrorCounts,
}

impl Station {
    fn new(servers: u32, bound: u32, mean_s: f64, mean_write_s: f64, now: f64) -> Station {
        Station {
            servers,
            busy: 0,
            // Room for the bound up front (capped), so steady state never reallocates.
            queue: VecDeque::with_capacity(bound.min(4_096) as usize),
            bound,
            up: true,
            epoch: 0,
            busy_area: 0.0,
            last_change: now,
            opened_at: now,
            visits: 0,
            mean_s,
            mean_write_s,
            // A station opened mid-run (a split's new host) starts its first second empty.
            second_mark: (0.0, 0),
            second_dropped: ErrorCounts::default(),
        }
    }

    fn settle(&mut self, now: f64) {
        self.busy_area += f64::from(self.busy) * (now - self.last_change);
        self.last_change = now;
    }

    /// The integral of busy servers from the start up to `now`, without settling.
    fn area_at(&self, now: f64) -> f64 {
        self.busy_area + f64::from(self.busy) * (now - self.last_change)
    }

    fn utilisation(&self, end: f64) -> f64 {
        let span = (end - self.opened_at) * f64::from(self.servers);
        let area = self.busy_area + f64::from(self.busy) * (end - self.last_change);
        if span > 0.0 {
            (area / span).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}

/// One shard host's stations: its master, then its read replicas, which follow it.
#[derive(Clone, Copy, Debug)]
struct Host {
    master: usize,
    replicas: u32,
    /// Whose turn the host's next read is: 0 the master, k its k-th replica.
    next_read: u32,
}

impl Host {
    /// Adds a host's stations at the end of `stations`.
    fn open(stations: &mut Vec<Station>, db: &DbModel, now: f64) -> Host {
        let master = stations.len();
        for _ in 0..=db.read_replicas {
            stations.push(Station::new(
                db.servers,
                db.queue_bound,
                db.read_s,
                db.write_s,
                now,
            ));
        }
        Host {
            master,
            replicas: db.read_replicas,
            next_read: 0,
        }
    }

    /// The stations of the host's replicas.
    fn replica_stations(&self) -> std::ops::Range<usize> {
        let first = self.master.saturating_add(1);
        first..first.saturating_add(self.replicas as usize)
    }

    /// The station whose turn it is to serve a read: round robin over the master and its
    /// replicas, so each serves an equal share and a seed gives the same turns.
    fn next_reader(&mut self) -> usize {
        let turn = self.next_read;
        self.next_read = if turn >= self.replicas {
            0
        } else {
            turn.saturating_add(1)
        };
        self.master.saturating_add(turn as usize)
    }
}

/// A reshard's copy while it runs: the two masters it slows, and by how much.
#[derive(Clone, Copy, Debug)]
struct RunningCopy {
    /// The reshard's fault index.
    fault: u32,
    /// The source master's station.
    source: usize,
    /// The new host's master station.
    target: usize,
    /// Share of each source core the copy takes.
    source_share: f64,
    /// Share of each new-host core the copy takes.
    target_share: f64,
}

/// What a reshard's report counts in one phase (before, during, after), and where the two
/// masters stood when the phase began.
#[derive(Clone, Debug)]
struct PhaseTally {
    from_s: f64,
    arrivals: u64,
    completed: u64,
    errors: u64,
    latency: Histogram<u64>,
    /// The source master's busy area and visits at `from_s`.
    source_mark: (f64, u64),
    /// The new host's master's, once it exists.
    target_mark: (f64, u64),
}

/// One reshard on the timeline, followed through the run: its phase, and once its copy has
/// started, its bill and stations.
#[derive(Clone, Debug)]
struct ReshardTrack {
    fault: u32,
    bill: Option<ReshardBill>,
    source: usize,
    target: Option<usize>,
    copy_start_s: f64,
    cutover_s: f64,
    outlasts: bool,
    /// 0 before the copy, 1 during it, 2 after the cutover: the index into `phases`.
    phase: usize,
    phases: [PhaseTally; 3],
}

impl ReshardTrack {
    fn current(&mut self) -> Option<&mut PhaseTally> {
        self.phases.get_mut(self.phase)
    }
}

/// The per-second bucket being filled.
#[derive(Clone, Debug)]
struct OpenSecond {
    index: u64,
    arrivals: u64,
    completed: u64,
    errors: u64,
    /// The second's latencies in microseconds, in completion order. Only their p99 is reported,
    /// so they are kept raw and ranked once when the second closes ([`second_p99_us`]) instead of
    /// being recorded into a histogram one by one, which cost more than a push per completion.
    /// At most [`SECOND_RAW_CAP`] values: a busier second spills them into `histogram`.
    latency_us: Vec<u64>,
    /// A two-significant-figure histogram: empty, and used only to round the p99 exactly as a
    /// histogram of the whole second would, unless the second spilled its raw values into it.
    histogram: Histogram<u64>,
}

/// Raw latencies a second keeps (512 kB) before it spills them into its histogram, so a run's
/// memory stays bounded however many requests complete in one second; the p99 is the same either
/// way.
const SECOND_RAW_CAP: usize = 1 << 16;

/// The p99 of `values` exactly as `Histogram::value_at_quantile(0.99)` reports it for a histogram
/// into which every value was `saturating_record`ed, `rounding` being an empty histogram of the
/// same configuration (it is reset afterwards). May clamp `values` as recording would.
///
/// The histogram finds the first bucket at which the running count reaches
/// k = max(1, ⌈0.99·n⌉) and returns that bucket's highest equivalent value. That bucket is the one
/// holding the k-th smallest value once the values are clamped as recording would clamp them, and
/// recording that one value alone in `rounding` lands in the same bucket.
fn second_p99_us(values: &mut [u64], rounding: &mut Histogram<u64>) -> u64 {
    if values.is_empty() {
        return 0;
    }
    let high = rounding.high();
    let (mut kth, mut largest) = kth_smallest_for_p99(values);
    // Recording clamps a value its counts cannot hold to the highest trackable value, which is
    // below some values they can hold, so clamping does not keep the order. Any value past
    // `high` makes the largest one pass it, so only then are the values clamped and re-ranked.
    if largest > high {
        clamp_as_recorded(values, rounding);
        (kth, largest) = kth_smallest_for_p99(values);
    }
    debug_assert!(largest >= kth);
    rounding.saturating_record(kth);
    let p99 = rounding.value_at_quantile(0.99);
    rounding.reset();
    p99
}

/// The k-th smallest of `values` (not empty) for k = max(1, ⌈0.99·n⌉), and the largest value.
fn kth_smallest_for_p99(values: &[u64]) -> (u64, u64) {
    // The same f64 arithmetic as the histogram's, so the same k.
    let k = ((0.99 * values.len() as f64).ceil() as usize).max(1);
    // The k-th smallest is the least of the m = n − k + 1 largest, and m is about 1 % of n, so
    // one pass keeping the m largest in a min-heap mostly just compares with its least.
    let m = values.len().saturating_sub(k).saturating_add(1);
    let (first, rest) = values.split_at(m.min(values.len()));
    let mut top: BinaryHeap<Reverse<u64>> = first.iter().copied().map(Reverse).collect();
    let mut least = top.peek().map_or(0, |r| r.0);
    for &v in rest {
        if v > least {
            if let Some(mut slot) = top.peek_mut() {
                *slot = Reverse(v);
            }
            least = top.peek().map_or(0, |r| r.0);
        }
    }
    // The largest value is among the m largest.
    let largest = top.iter().map(|r| r.0).max().unwrap_or(0);
    (least, largest)
}

/// Replaces each value that `rounding` (empty) cannot hold by its highest trackable value, as
/// `saturating_record` would. Out of line: latencies past the histogram's hour are rare.
#[cold]
fn clamp_as_recorded(values: &mut [u64], rounding: &mut Histogram<u64>) {
    let high = rounding.high();
    for v in values.iter_mut().filter(|v| **v > high) {
        if rounding.record(*v).is_err() {
            *v = high;
        }
        rounding.reset();
    }
}

impl OpenSecond {
    /// Notes a completed request's latency.
    #[inline]
    fn record(&mut self, micros: u64) {
        if self.latency_us.len() >= SECOND_RAW_CAP {
            self.spill();
        }
        self.latency_us.push(micros);
    }

    /// Records the raw latencies into the histogram and empties their list.
    #[cold]
    fn spill(&mut self) {
        for v in self.latency_us.drain(..) {
            self.histogram.saturating_record(v);
        }
    }

    /// The second's statistics; its latencies and histogram are left empty.
    fn close(&mut self) -> SecondStats {
        let empty = self.latency_us.is_empty() && self.histogram.is_empty();
        let p99_us = if self.histogram.is_empty() {
            second_p99_us(&mut self.latency_us, &mut self.histogram)
        } else {
            self.spill();
            let p99 = self.histogram.value_at_quantile(0.99);
            self.histogram.reset();
            p99
        };
        self.latency_us.clear();
        SecondStats {
            t_s: u32::try_from(self.index).unwrap_or(u32::MAX),
            arrivals: self.arrivals,
            completed: self.completed,
            errors: self.errors,
            p99_ms: if empty { 0.0 } else { p99_us as f64 / 1_000.0 },
        }
    }
}

/// A simulation in progress: a [`Stepped`] job. Create it with [`Simulation::new`], call
/// [`Stepped::step`] (whose budget is events) until it is done, then [`Stepped::finish`] it for the
/// report. Its [`Progress`] is simulated time in microseconds out of the arrival window, held
/// one short of the end while the requests still in flight drain.
#[derive(Clone, Debug)]
pub struct Simulation {
    model: Model,
    seed: u64,
    duration_s: f64,
    rng: Xoshiro256PlusPlus,
    exp: ExpZiggurat,
    objects: Zipf,
    users: Option<Zipf>,
    now: f64,
    heap: EventQueue,
    next_seq: u64,
    /// Time of the next external arrival; infinite once the arrival window has closed.
    next_arrival: f64,
    arrivals_open: bool,
    requests: Vec<Request>,
    free: Vec<u32>,
    stations: Vec<Station>,
    app_count: usize,
    cache_station: Option<usize>,
    /// The first database station: the hosts' stations run from here to the end.
    db_first: usize,
    hosts: Vec<Host>,
    /// Per host, the writes its master applied within the last [`REPLICATION_LAG_S`], as
    /// (time, object): what its copies do not have yet. Kept only when writes are async and a
    /// copy could serve them, so empty otherwise.
    recent_writes: Vec<VecDeque<(f64, u32)>>,
    /// (host, object) of each write a dead master took with it, sorted: until the row is written
    /// again, a read of it is stale.
    lost_writes: Vec<(usize, u32)>,
    stale_reads: u64,
    cache: Option<Lru>,
    cache_strategy: Option<CacheStrategy>,
    table: Vec<u16>,
    active_spikes: Vec<(u32, f64)>,
    hot_share: f64,
    split_cost: f64,
    /// Reshard copies running now.
    copies: Vec<RunningCopy>,
    /// Every reshard on the timeline that starts within the run; empty for most runs, so the
    /// per-request tallies cost one check.
    reshards: Vec<ReshardTrack>,
    arrivals: u64,
    completed: u64,
    errors: ErrorCounts,
    satisfied: u64,
    tolerating: u64,
    cache_lookups: u64,
    cache_hits: u64,
    latency: Histogram<u64>,
    second: OpenSecond,
    /// End of the open second, so most events skip the roll with one comparison.
    second_end: f64,
    series: Vec<SecondStats>,
    /// Where the load was in each closed second, aligned with `series`, unless not tracked.
    loads: Vec<SecondLoads>,
    track_loads: bool,
    events: u64,
    done: bool,
}

/// How close a prewarm draw may come to its approximate probability before the exact one is
/// computed: far above [`PowerWalk`]'s error (below 1e-12, see its tests), far below the spacing
/// that would make the exact path common (a draw lands in the band once in 5e8 ranks).
const PREWARM_BAND: f64 = 1e-9;

/// k^-s as the model defines it.
fn exact_power(k: u32, s: f64) -> f64 {
    libm::exp(-s * libm::log(f64::from(k)))
}

/// Walks k^-s down from k = `last` to 1, one rank per call, cheaply and within 1e-12 relative.
///
/// From k + 1 to k the power grows by (1 + 1/k)^s, whose binomial series in x = 1/k ≤ 1/256
/// converges fast: eight terms leave a remainder below C(s, 9)·256^-9. Rounding adds a few ulps
/// per step, so the walk restarts from the exact value every [`PowerWalk::RESYNC`] ranks, and
/// below [`PowerWalk::EXACT_BELOW`] (where x is large) every value is exact.
struct PowerWalk {
    s: f64,
    last: u32,
    /// C(s, 1) … C(s, 8).
    binomial: [f64; 8],
    power: f64,
}

impl PowerWalk {
    /// Ranks below this are computed exactly.
    const EXACT_BELOW: u32 = 256;
    /// Ranks between exact restarts.
    const RESYNC: u32 = 4_096;

    fn new(s: f64, last: u32) -> PowerWalk {
        let mut binomial = [0.0; 8];
        let mut c = 1.0;
        for (k, slot) in (1u32..).zip(binomial.iter_mut()) {
            c *= (s - f64::from(k) + 1.0) / f64::from(k);
            *slot = c;
        }
        PowerWalk {
            s,
            last,
            binomial,
            power: 0.0,
        }
    }

    /// k^-s for `rank`, and whether it is the exact value. Calls must go down one rank at a time
    /// from `last`.
    fn next(&mut self, rank: u32) -> (f64, bool) {
        let from_top = self.last.saturating_sub(rank);
        if rank < Self::EXACT_BELOW || from_top.is_multiple_of(Self::RESYNC) {
            self.power = exact_power(rank, self.s);
            return (self.power, true);
        }
        let x = 1.0 / f64::from(rank);
        let [c1, c2, c3, c4, c5, c6, c7, c8] = self.binomial;
        let series = 1.0
            + x * (c1 + x * (c2 + x * (c3 + x * (c4 + x * (c5 + x * (c6 + x * (c7 + x * c8)))))));
        self.power *= series;
        (self.power, false)
    }
}

/// Whether a death can lose writes: they are async and a copy (the standby, or a replica) could
/// serve the rows afterwards.
fn lags(db: &DbModel) -> bool {
    !db.sync_writes && (db.standby || db.read_replicas > 0)
}

/// Simulates `design` with `users` users for `duration_s` seconds of arrivals, from `seed`.
/// In-flight requests are drained after the window, so every request is counted once.
pub fn simulate(
    design: &Design,
    users: u32,
    seed: u64,
    duration_s: f64,
) -> Result<SimReport, SimError> {
    let mut sim = Simulation::new(design, users, seed, duration_s)?;
    while !sim.step(SLICE_EVENTS).is_done() {}
    Ok(sim.finish())
}

impl Simulation {
    /// Validates the design and sets up a run; nothing is simulated until [`Self::step`].
    pub fn new(
        design: &Design,
        users: u32,
        seed: u64,
        duration_s: f64,
    ) -> Result<Simulation, SimError> {
        let model = compile(design, users)?;
        Simulation::from_model(model, seed, duration_s)
    }

    /// The same run without the per-second loads of its nodes and shards: for runs made only for
    /// their headline figures (a seed sweep's, a capacity search's), whose reports would otherwise
    /// carry a table per second that nothing reads.
    #[must_use]
    pub fn without_loads(mut self) -> Simulation {
        self.track_loads = false;
        self
    }

    /// Sets up a run of an already compiled model (tests use this to run one station alone).
    pub(crate) fn from_model(
        model: Model,
        seed: u64,
        duration_s: f64,
    ) -> Result<Simulation, SimError> {
        if !(1.0..=MAX_DURATION_S).contains(&duration_s) {
            return Err(SimError::Duration { duration_s });
        }
        let worst_spike: f64 = model
            .faults
            .iter()
            .map(|f| match f.kind {
                FaultKind::TrafficSpike { factor, .. } => factor.max(1.0),
                _ => 1.0,
            })
            .product();
        let worst_requests = model.arrival_rate * worst_spike * duration_s;
        if worst_requests.is_nan() || worst_requests > MAX_SIM_REQUESTS {
            return Err(SimError::TooMuchWork {
                requests: worst_requests,
            });
        }

        let histogram = |sigfig| {
            Histogram::<u64>::new_with_bounds(1, HISTOGRAM_MAX_US, sigfig)
                .map_err(|e| SimError::Internal(format!("histogram: {e:?}")))
        };

        let mut stations = Vec::new();
        for _ in 0..model.app_copies {
            stations.push(Station::new(
                model.app.servers,
                model.app.queue_bound,
                model.app.mean_service_s,
                model.app.mean_service_s,
                0.0,
            ));
        }
        let app_count = stations.len();
        let cache_station = model.cache.as_ref().map(|c| {
            stations.push(Station::new(
                c.station.servers,
                c.station.queue_bound,
                c.station.mean_service_s,
                c.station.mean_service_s,
                0.0,
            ));
            stations.len().saturating_sub(1)
        });
        let db_first = stations.len();
        let mut table = Vec::new();
        let mut hosts = Vec::new();
        let mut recent_writes = Vec::new();
        if let Some(db) = &model.db {
            for _ in 0..db.shards {
                hosts.push(Host::open(&mut stations, db, 0.0));
            }
            table = initial_table(db.shards);
            if lags(db) {
                recent_writes = vec![VecDeque::new(); hosts.len()];
            }
        }
        let cache = model
            .cache
            .as_ref()
            .map(|c| Lru::new(model.catalogue_objects, c.capacity_objects, c.ttl_s));
        let users_sampler = match model.db.as_ref().map(|d| d.shard_key) {
            Some(ShardKey::HashUser) => Some(Zipf::new(model.users, model.user_skew)),
            _ => None,
        };

        let mut sim = Simulation {
            objects: Zipf::new(model.catalogue_objects, model.zipf_exponent),
            users: users_sampler,
            cache_strategy: model.cache.as_ref().map(|c| c.strategy),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            exp: ExpZiggurat::new(),
            seed,
            duration_s,
            now: 0.0,
            heap: EventQueue::with_capacity(1_024),
            next_seq: 0,
            next_arrival: f64::INFINITY,
            arrivals_open: true,
            requests: Vec::with_capacity(1_024),
            free: Vec::with_capacity(1_024),
            stations,
            app_count,
            cache_station,
            db_first,
            hosts,
            recent_writes,
            lost_writes: Vec::new(),
            stale_reads: 0,
            cache,
            table,
            active_spikes: Vec::new(),
            hot_share: 0.0,
            split_cost: 0.0,
            copies: Vec::new(),
            reshards: Vec::new(),
            arrivals: 0,
            completed: 0,
            errors: ErrorCounts::default(),
            satisfied: 0,
            tolerating: 0,
            cache_lookups: 0,
            cache_hits: 0,
            latency: histogram(3)?,
            second: OpenSecond {
                index: 0,
                arrivals: 0,
                completed: 0,
                errors: 0,
                latency_us: Vec::with_capacity(1_024),
                histogram: histogram(2)?,
            },
            second_end: 1.0,
            series: Vec::new(),
            loads: Vec::new(),
            track_loads: true,
            events: 0,
            done: false,
            model,
        };
        sim.prewarm_cache();
        for (index, fault) in sim.model.faults.iter().enumerate() {
            if matches!(fault.kind, FaultKind::Reshard { .. }) && fault.at_s < duration_s {
                let tally = || -> Result<PhaseTally, SimError> {
                    Ok(PhaseTally {
                        from_s: 0.0,
                        arrivals: 0,
                        completed: 0,
                        errors: 0,
                        latency: histogram(3)?,
                        source_mark: (0.0, 0),
                        target_mark: (0.0, 0),
                    })
                };
                let source = match fault.kind {
                    FaultKind::Reshard { shard } => sim
                        .hosts
                        .get(shard as usize)
                        .map_or(usize::MAX, |h| h.master),
                    _ => usize::MAX,
                };
                sim.reshards.push(ReshardTrack {
                    fault: u32::try_from(index).unwrap_or(u32::MAX),
                    bill: None,
                    source,
                    target: None,
                    copy_start_s: fault.at_s,
                    cutover_s: f64::INFINITY,
                    outlasts: false,
                    phase: 0,
                    phases: [tally()?, tally()?, tally()?],
                });
            }
        }
        for index in 0..sim.model.faults.len() {
            let at = sim
                .model
                .faults
                .get(index)
                .map_or(f64::INFINITY, |f| f.at_s);
            if at < duration_s {
                let index = u32::try_from(index).unwrap_or(u32::MAX);
                sim.push(at, EventKind::FaultStart, index, 0);
            }
        }
        sim.schedule_arrival();
        Ok(sim)
    }

    /// Starts the cache in steady state, as if the system had been running: each object among
    /// the `capacity` most popular is present with the probability a TTL cache would hold it,
    /// r·TTL / (1 + r·TTL) for its read rate r, stored at a random time within the last TTL.
    /// Without this every run would open with a miss storm that no running system sees; a
    /// `cache_flush` fault at 0 s shows that cold start on purpose.
    ///
    /// Each rank's share k^-s is defined by `libm::exp(-s · ln k)`, but that costs two
    /// transcendental calls per rank, which for a 100,000-object cache was most of a run's setup.
    /// [`PowerWalk`] tracks k^-s to within 1e-12 relative with a few multiplies per rank, and a
    /// draw is decided by it unless it falls within [`PREWARM_BAND`] of the approximate
    /// probability; only then is the exact share computed. The decisions, and so the cache and
    /// the random stream, are the same as computing every share exactly.
    fn prewarm_cache(&mut self) {
        let Some(params) = self.model.cache.clone() else {
            return;
        };
        let n = self.model.catalogue_objects;
        let s = self.model.zipf_exponent;
        let total = Harmonic::new(s).at(u64::from(n));
        let reads = self.model.arrival_rate * self.model.read_fraction;
        let last = n.min(params.capacity_objects);
        let present_of = |power: f64| {
            let share = power / total;
            let per_ttl = reads * share * params.ttl_s;
            per_ttl / (1.0 + per_ttl)
        };
        // The guess is r·TTL / (1 + r·TTL) too, with the constant factors of r·TTL taken
        // together and the division by 1 + r·TTL moved to the other side of each comparison:
        // within a few ulps of `present_of`, far inside the band, and without the two divisions
        // per rank that were most of this loop's time.
        let per_ttl_per_power = reads * params.ttl_s / total;
        let mut walk = PowerWalk::new(s, last);
        // Least popular first, so the most popular ends up most recently used.
        for rank in (1..=last).rev() {
            let (power, exact) = walk.next(rank);
            let draw = unit(&mut self.rng);
            let age = unit(&mut self.rng) * params.ttl_s;
            let present = if exact {
                draw < present_of(power)
            } else {
                // (draw − q / (1 + q))·(1 + q) for q = r·TTL; 1 + q is positive, or NaN.
                let per_ttl = power * per_ttl_per_power;
                let scale = 1.0 + per_ttl;
                let gap = draw * scale - per_ttl;
                // A NaN gap fails the `>` test, so it too takes the exact path.
                if gap.abs() > PREWARM_BAND * scale {
                    gap < 0.0
                } else {
                    draw < present_of(exact_power(rank, s))
                }
            };
            if present {
                if let Some(c) = self.cache.as_mut() {
                    c.put(rank, -age);
                }
            }
        }
    }

    // Inlined: once or twice per event, and wasm kept it as a call (1.7 % of a run).
    #[inline(always)]
    fn push(&mut self, time: f64, kind: EventKind, a: u32, b: u32) {
        self.heap.push(Event {
            // Clamping at +0.0 also turns -0.0 (and NaN) into +0.0, keeping the bit order
            // monotone; written as a compare rather than `max(0.0)`, see [`larger`].
            time_bits: (if time > 0.0 { time } else { 0.0 }).to_bits(),
            order: (self.next_seq << 2) | kind as u64,
            a,
            b,
        });
        bump(&mut self.next_seq);
    }

    /// An exponential variate with this mean (ziggurat; identical on every platform).
    #[inline]
    fn exponential(&mut self, mean: f64) -> f64 {
        mean * self.exp.sample(&mut self.rng)
    }

    fn arrival_rate(&self) -> f64 {
        self.active_spikes
            .iter()
            .fold(self.model.arrival_rate, |rate, (_, f)| rate * f)
    }

    /// Schedules the next arrival from now at the current rate (memorylessness makes redrawing
    /// after a rate change exact).
    // Inlined: once per arrival, and its call cost more than its body's arithmetic.
    #[inline(always)]
    fn schedule_arrival(&mut self) {
        if !self.arrivals_open {
            return;
        }
        let rate = self.arrival_rate();
        let gap = if rate > 0.0 {
            self.exponential(1.0 / rate)
        } else {
            f64::INFINITY
        };
        let at = self.now + gap;
        if at < self.duration_s {
            self.next_arrival = at;
        } else {
            self.next_arrival = f64::INFINITY;
            self.arrivals_open = false;
        }
    }

    /// Advances at most `max_events` events; see [`Stepped::step`].
    fn run_events(&mut self, max_events: u64) {
        // The slice ends when the run's event count reaches this, which spares a second counter.
        let stop_at = self.events.saturating_add(max_events);
        while self.events < stop_at && !self.done {
            let heap_next = self.heap.peek().map_or(f64::INFINITY, Event::time);
            if self.arrivals_open && self.next_arrival <= heap_next {
                // Arrivals win ties with heap events; either order would be deterministic.
                bump(&mut self.events);
                self.now = larger(self.now, self.next_arrival);
                self.roll_seconds();
                self.on_arrival();
                continue;
            }
            let Some(event) = self.heap.pop() else {
                self.done = true;
                break;
            };
            bump(&mut self.events);
            self.now = larger(self.now, event.time());
            self.roll_seconds();
            match event.kind() {
                EventKind::Done => self.on_done(event.a as usize, event.b),
                EventKind::FaultStart => self.on_fault_start(event.a),
                EventKind::FaultEnd => self.on_fault_end(event.a),
                EventKind::Failover => self.on_failover(event.a as usize),
            }
        }
        if self.heap.is_empty() && !self.arrivals_open {
            self.done = true;
        }
    }

    /// Closes finished per-second buckets up to the current clock. Every event calls this, and
    /// once in thousands of events a second has ended, so only the check is inlined.
    #[inline]
    fn roll_seconds(&mut self) {
        if self.now >= self.second_end {
            self.close_seconds();
        }
    }

    #[cold]
    fn close_seconds(&mut self) {
        // Truncation is floor for the clock, which is never negative.
        let current = self.now as u64;
        self.second_end = current.saturating_add(1) as f64;
        while self.second.index < current {
            self.series.push(self.second.close());
            if self.track_loads {
                let index = self.second.index;
                // Nothing has happened since the last event, which was before this second's
                // end, so every station's state at the boundary is its state now.
                let boundary = index.saturating_add(1) as f64;
                let loads = self.second_loads(index, boundary);
                self.loads.push(loads);
                for station in &mut self.stations {
                    station.second_mark = (station.area_at(boundary), station.visits);
                    station.second_dropped = ErrorCounts::default();
                }
            }
            bump(&mut self.second.index);
            self.second.arrivals = 0;
            self.second.completed = 0;
            self.second.errors = 0;
        }
    }

    /// The loads of the second starting at `t_s`, up to `until` (its end, or the clock in a
    /// second still open).
    fn second_loads(&self, t_s: u64, until: f64) -> SecondLoads {
        let from = t_s as f64;
        let stations: Vec<StationSecond> = self
            .stations
            .iter()
            .map(|station| StationSecond::of(station, from, until))
            .collect();
        let nodes: Vec<Option<std::ops::Range<usize>>> = self
            .node_stations()
            .into_iter()
            .map(|(_, _, range)| range)
            .collect();
        loads::second(
            t_s,
            self.second.arrivals,
            &stations,
            &nodes,
            &self.hosts,
            self.db_first,
        )
    }

    /// The board's nodes in the report's order, each with its id and the stations it is made
    /// of (`None` for a node that does not queue: the users, the load balancer).
    fn node_stations(&self) -> Vec<(NodeKind, &String, Option<std::ops::Range<usize>>)> {
        let ids = &self.model.node_ids;
        let mut nodes = vec![(NodeKind::Users, &ids.users, None)];
        if let Some(lb) = &ids.load_balancer {
            nodes.push((NodeKind::LoadBalancer, lb, None));
        }
        nodes.push((NodeKind::AppServer, &ids.app, Some(0..self.app_count)));
        if let Some(cache) = &ids.cache {
            // A cache node the model gave no station to is an empty one.
            let range = self.cache_station.map_or(0..0, |i| i..i.saturating_add(1));
            nodes.push((NodeKind::Cache, cache, Some(range)));
        }
        if self.model.db.is_some() {
            nodes.push((
                NodeKind::Database,
                &ids.database,
                Some(self.db_first..self.stations.len()),
            ));
        }
        nodes
    }

    fn on_arrival(&mut self) {
        let write = unit(&mut self.rng) >= self.model.read_fraction;
        let object = if self.hot_share > 0.0 && unit(&mut self.rng) < self.hot_share {
            self.model.catalogue_objects
        } else {
            self.objects.sample(&mut self.rng)
        };
        let user = match &self.users {
            Some(z) => z.sample(&mut self.rng),
            None => 0,
        };
        let mut request = Request {
            start: self.now,
            hops: 0.0,
            object,
            user,
            stage: Stage::App,
            write,
            epoch: 0,
        };
        let copy = if self.model.load_balancer {
            request.hops += self.model.hop_s;
            // Least busy copy (in service plus waiting); the lowest index wins ties.
            let mut best = 0;
            let mut best_load = u64::MAX;
            for (i, s) in self.stations.iter().take(self.app_count).enumerate() {
                let load = u64::from(s.busy).saturating_add(s.queue.len() as u64);
                if load < best_load {
                    best = i;
                    best_load = load;
                }
            }
            best
        } else if self.app_count > 1 {
            let pick = (unit(&mut self.rng) * self.app_count as f64) as usize;
            pick.min(self.app_count.saturating_sub(1))
        } else {
            0
        };
        let id = self.allocate(request);
        bump(&mut self.arrivals);
        bump(&mut self.second.arrivals);
        if !self.reshards.is_empty() {
            for phase in self.reshards.iter_mut().filter_map(ReshardTrack::current) {
                bump(&mut phase.arrivals);
            }
        }
        self.enqueue(copy, id);
        self.schedule_arrival();
    }

    fn allocate(&mut self, request: Request) -> u32 {
        if let Some(id) = self.free.pop() {
            if let Some(slot) = self.requests.get_mut(id as usize) {
                *slot = request;
                return id;
            }
        }
        self.requests.push(request);
        u32::try_from(self.requests.len().saturating_sub(1)).unwrap_or(u32::MAX)
    }

    fn elapsed(&self, request: &Request) -> f64 {
        self.now - request.start + request.hops
    }

    /// A request joins a station: served at once, queued, or turned away.
    // See `start_service` on the inlining.
    #[inline(always)]
    fn enqueue(&mut self, station: usize, id: u32) {
        let Some(st) = self.stations.get_mut(station) else {
            self.fail(id, Cause::ShardDown, None);
            return;
        };
        if !st.up {
            self.fail(id, Cause::ShardDown, Some(station));
            return;
        }
        bump(&mut st.visits);
        if st.busy < st.servers {
            self.start_service(station, id);
        } else if st.queue.len() < st.bound as usize {
            st.queue.push_back(id);
        } else {
            self.fail(id, Cause::QueueFull, Some(station));
        }
    }

    /// Starts serving `id` on a free server, unless it has already timed out. Returns whether a
    /// server was taken.
    // Inlined into its two callers (and `enqueue` into its two): both run once or twice per event,
    // and left out of line the calls cost about 4 % of a run's instructions.
    #[inline(always)]
    fn start_service(&mut self, station: usize, id: u32) -> bool {
        let now = self.now;
        // The request is updated in place (fields of `self` borrowed apart), not copied out and
        // back: this runs for every service started.
        let Some(request) = self.requests.get_mut(id as usize) else {
            return false;
        };
        // Skipping an expired request at the head takes no time, so the others' waits are the
        // same as if it had left the queue exactly at its deadline. (Same arithmetic as
        // `elapsed`.)
        if now - request.start + request.hops > self.model.timeout_s {
            self.fail(id, Cause::Timeout, Some(station));
            return false;
        }
        let Some(st) = self.stations.get_mut(station) else {
            return false;
        };
        st.settle(now);
        st.busy = st.busy.saturating_add(1);
        let mean = if request.stage == Stage::DbWrite {
            st.mean_write_s
        } else {
            st.mean_s
        };
        request.epoch = st.epoch;
        let service = mean * self.exp.sample(&mut self.rng);
        let station = u32::try_from(station).unwrap_or(u32::MAX);
        self.push(now + service, EventKind::Done, station, id);
        true
    }

    fn on_done(&mut self, station: usize, id: u32) {
        let now = self.now;
        let epoch = self.requests.get(id as usize).map_or(0, |r| r.epoch);
        let Some(st) = self.stations.get_mut(station) else {
            return;
        };
        if st.epoch != epoch {
            // The master died while this request was on it.
            self.fail(id, Cause::ShardDown, Some(station));
            return;
        }
        st.settle(now);
        st.busy = st.busy.saturating_sub(1);
        // Hand the free server to the first waiting request that has not timed out.
        while let Some(next) = self
            .stations
            .get_mut(station)
            .and_then(|s| s.queue.pop_front())
        {
            if self.start_service(station, next) {
                break;
            }
        }
        self.advance(id, station);
    }

    /// The host holding the row a request touches.
    fn host_of(&self, request: &Request) -> usize {
        let logical = self.model.logical_shard(request.object, request.user);
        usize::from(self.table.get(logical as usize).copied().unwrap_or(0))
    }

    /// The station a request visits at the database: its host's master for a write, and for a
    /// read whichever of the master and its replicas has the turn.
    fn db_station_for(&mut self, request: &Request, read: bool) -> usize {
        let host = self.host_of(request);
        match self.hosts.get_mut(host) {
            // No such host: `enqueue` fails the request as "shard down".
            None => usize::MAX,
            Some(h) if read => h.next_reader(),
            Some(h) => h.master,
        }
    }

    /// What follows a write's apply on its master: under sync replication the request waits for
    /// a copy to apply it too (a hop and an exponential apply time with the write's mean, which
    /// does not queue); under async the write joins its host's recent writes, which a death
    /// would lose. Either way the row is fresh again if a death had lost it.
    fn write_applied(&mut self, id: u32, request: &mut Request) {
        let Some(db) = self.model.db.as_ref() else {
            return;
        };
        if db.sync_writes {
            let wait = self.model.hop_s + self.exponential(db.write_s);
            request.hops += wait;
            if let Some(slot) = self.requests.get_mut(id as usize) {
                slot.hops = request.hops;
            }
        }
        if self.recent_writes.is_empty() && self.lost_writes.is_empty() {
            return;
        }
        let host = self.host_of(request);
        let now = self.now;
        if let Some(recent) = self.recent_writes.get_mut(host) {
            while recent
                .front()
                .is_some_and(|(at, _)| *at < now - REPLICATION_LAG_S)
            {
                recent.pop_front();
            }
            recent.push_back((now, request.object));
        }
        if let Ok(index) = self.lost_writes.binary_search(&(host, request.object)) {
            self.lost_writes.remove(index);
        }
    }

    /// Counts a read the database answered from a row a dead master's newest write never
    /// reached.
    fn check_stale(&mut self, request: &Request) {
        if self.lost_writes.is_empty() {
            return;
        }
        let host = self.host_of(request);
        if self
            .lost_writes
            .binary_search(&(host, request.object))
            .is_ok()
        {
            bump(&mut self.stale_reads);
        }
    }

    /// Moves request `id` on from `from`, the station that has just served it, to its next
    /// station, or finishes it.
    fn advance(&mut self, id: u32, from: usize) {
        let Some(mut request) = self.requests.get(id as usize).copied() else {
            return;
        };
        if request.stage == Stage::DbWrite {
            self.write_applied(id, &mut request);
        }
        if self.elapsed(&request) > self.model.timeout_s {
            self.fail(id, Cause::Timeout, Some(from));
            return;
        }
        let has_db = self.model.db.is_some();
        let next: Option<(Stage, usize)> = match request.stage {
            Stage::App if !has_db => None,
            Stage::App => match (request.write, self.cache_strategy, self.cache_station) {
                (false, Some(_), Some(cache)) => Some((Stage::CacheRead, cache)),
                (true, Some(CacheStrategy::Through), Some(cache)) => {
                    Some((Stage::CacheWrite, cache))
                }
                (true, _, _) => Some((Stage::DbWrite, self.db_station_for(&request, false))),
                (false, _, _) => Some((Stage::DbRead, self.db_station_for(&request, true))),
            },
            Stage::CacheRead => {
                bump(&mut self.cache_lookups);
                let now = self.now;
                let hit = self
                    .cache
                    .as_mut()
                    .is_some_and(|c| c.get(request.object, now));
                if hit {
                    bump(&mut self.cache_hits);
                    None
                } else {
                    Some((Stage::DbRead, self.db_station_for(&request, true)))
                }
            }
            Stage::DbRead => {
                self.check_stale(&request);
                // Aside: the app fills the cache; through: the cache fills itself. Either way the
                // object is stored when the shard answers.
                let now = self.now;
                if let Some(c) = self.cache.as_mut() {
                    c.put(request.object, now);
                }
                None
            }
            Stage::DbWrite => match (self.cache_strategy, self.cache_station) {
                (Some(CacheStrategy::Aside), Some(cache)) => Some((Stage::CacheInvalidate, cache)),
                (Some(CacheStrategy::Through), _) => {
                    let now = self.now;
                    if let Some(c) = self.cache.as_mut() {
                        c.put(request.object, now);
                    }
                    None
                }
                _ => None,
            },
            Stage::CacheInvalidate => {
                if let Some(c) = self.cache.as_mut() {
                    c.remove(request.object);
                }
                None
            }
            Stage::CacheWrite => Some((Stage::DbWrite, self.db_station_for(&request, false))),
        };
        match next {
            None => self.finish(id, request),
            Some((stage, station)) => {
                let hop_s = self.model.hop_s;
                if let Some(slot) = self.requests.get_mut(id as usize) {
                    slot.stage = stage;
                    slot.hops += hop_s;
                }
                self.enqueue(station, id);
            }
        }
    }

    fn finish(&mut self, id: u32, request: Request) {
        let latency = self.elapsed(&request);
        let micros = larger(1.0, latency * 1e6) as u64;
        self.latency.saturating_record(micros);
        self.second.record(micros);
        if latency <= self.model.apdex_t_s {
            bump(&mut self.satisfied);
        } else if latency <= 4.0 * self.model.apdex_t_s {
            bump(&mut self.tolerating);
        }
        bump(&mut self.completed);
        bump(&mut self.second.completed);
        if !self.reshards.is_empty() {
            for phase in self.reshards.iter_mut().filter_map(ReshardTrack::current) {
                bump(&mut phase.completed);
                phase.latency.saturating_record(micros);
            }
        }
        self.free.push(id);
    }

    /// Counts `id` as failed for `cause`, at `station` when one turned it away or lost it.
    fn fail(&mut self, id: u32, cause: Cause, station: Option<usize>) {
        let dropped = station
            .and_then(|i| self.stations.get_mut(i))
            .map(|st| &mut st.second_dropped);
        for errors in std::iter::once(&mut self.errors).chain(dropped) {
            match cause {
                Cause::QueueFull => bump(&mut errors.queue_full),
                Cause::Timeout => bump(&mut errors.timeout),
                Cause::ShardDown => bump(&mut errors.shard_down),
            }
        }
        bump(&mut self.second.errors);
        if !self.reshards.is_empty() {
            for phase in self.reshards.iter_mut().filter_map(ReshardTrack::current) {
                bump(&mut phase.errors);
            }
        }
        self.free.push(id);
    }

    fn on_fault_start(&mut self, index: u32) {
        let Some(fault) = self.model.faults.get(index as usize).cloned() else {
            return;
        };
        match fault.kind {
            FaultKind::MasterDown { shard } => self.master_down(shard as usize),
            FaultKind::CacheFlush => {
                if let Some(c) = self.cache.as_mut() {
                    c.clear();
                }
            }
            FaultKind::HotKey { share, duration_s } => {
                self.hot_share = share.clamp(0.0, 1.0);
                self.push(self.now + duration_s, EventKind::FaultEnd, index, 0);
            }
            FaultKind::TrafficSpike { factor, duration_s } => {
                self.active_spikes.push((index, factor));
                self.reschedule_arrivals();
                self.push(self.now + duration_s, EventKind::FaultEnd, index, 0);
            }
            FaultKind::ShardSplit { shard } => self.split(shard),
            FaultKind::Reshard { shard } => self.start_copy(index, shard),
        }
    }

    fn on_fault_end(&mut self, index: u32) {
        let Some(fault) = self.model.faults.get(index as usize) else {
            return;
        };
        match fault.kind {
            FaultKind::HotKey { .. } => self.hot_share = 0.0,
            FaultKind::TrafficSpike { .. } => {
                self.active_spikes.retain(|(i, _)| *i != index);
                self.reschedule_arrivals();
            }
            FaultKind::Reshard { .. } => self.cut_over(index),
            _ => {}
        }
    }

    fn reschedule_arrivals(&mut self) {
        if self.arrivals_open {
            self.schedule_arrival();
        }
    }

    fn master_down(&mut self, host: usize) {
        let now = self.now;
        let failover = self
            .model
            .db
            .as_ref()
            .filter(|d| d.standby && d.auto_failover)
            .map(|d| d.failover_gap_s);
        let Some(station) = self.hosts.get(host).map(|h| h.master) else {
            return;
        };
        let Some(st) = self.stations.get_mut(station) else {
            return;
        };
        if !st.up {
            return;
        }
        st.settle(now);
        st.up = false;
        st.busy = 0;
        // Requests in service learn of the death when their stale completion pops.
        st.epoch = st.epoch.wrapping_add(1);
        let waiting: Vec<u32> = st.queue.drain(..).collect();
        for id in waiting {
            self.fail(id, Cause::ShardDown, Some(station));
        }
        // The writes its copies had not received yet are gone with it.
        if let Some(recent) = self.recent_writes.get_mut(host) {
            // A second's writes of one shard: few enough to insert in order one by one (which
            // also keeps a sort out of the board's page).
            for (at, object) in recent.drain(..) {
                if at < now - REPLICATION_LAG_S {
                    continue;
                }
                if let Err(index) = self.lost_writes.binary_search(&(host, object)) {
                    self.lost_writes.insert(index, (host, object));
                }
            }
        }
        if let Some(gap_s) = failover {
            let station = u32::try_from(station).unwrap_or(u32::MAX);
            self.push(now + gap_s, EventKind::Failover, station, 0);
        }
    }

    fn on_failover(&mut self, station: usize) {
        let now = self.now;
        if let Some(st) = self.stations.get_mut(station) {
            st.settle(now);
            st.up = true;
            st.busy = 0;
            st.epoch = st.epoch.wrapping_add(1);
        }
    }

    /// The logical shards that move when `host` splits now: the upper half of its run in the
    /// config table ([`moved_half`], the Decoder's rule), or `None` for fewer than two.
    fn moved_range(&self, host: u16) -> Option<(usize, usize)> {
        let first = self.table.iter().position(|h| *h == host)?;
        let last = self.table.iter().rposition(|h| *h == host)?;
        let (start, end) = moved_half(first as u64, last as u64)?;
        // Both are table indices.
        Some((usize::try_from(start).ok()?, usize::try_from(end).ok()?))
    }

    /// Points the logical shards `start ..= end` at `host`.
    fn repoint(&mut self, (start, end): (usize, usize), host: u16) {
        for slot in self
            .table
            .iter_mut()
            .take(end.saturating_add(1))
            .skip(start)
        {
            *slot = host;
        }
    }

    /// Opens a new shard host, billed from now to the run's end; returns its index.
    fn open_host(&mut self, db: &DbModel) -> Option<u16> {
        let index = u16::try_from(self.hosts.len()).ok()?;
        self.hosts
            .push(Host::open(&mut self.stations, db, self.now));
        if !self.recent_writes.is_empty() {
            self.recent_writes.push(VecDeque::new());
        }
        self.split_cost += self.model.shard_host_per_s * (self.duration_s - self.now).max(0.0);
        Some(index)
    }

    /// Moves the upper half of a host's logical shards to a new host at once.
    fn split(&mut self, shard: u32) {
        let Some(db) = self.model.db.clone() else {
            return;
        };
        let Ok(host) = u16::try_from(shard) else {
            return;
        };
        let Some(moved) = self.moved_range(host) else {
            return;
        };
        if let Some(new_host) = self.open_host(&db) {
            self.repoint(moved, new_host);
        }
    }

    /// Starts reshard `index`'s copy of `shard`'s upper half onto a new host: the host opens
    /// (serving nothing yet), the copy slows both masters, and the cutover is scheduled when the
    /// bill's seconds are up, unless that is past the run's arrivals.
    fn start_copy(&mut self, index: u32, shard: u32) {
        let Some(db) = self.model.db.clone() else {
            return;
        };
        let Some(bill) = bill_on_table(
            &db,
            self.model.catalogue_objects,
            &self.table,
            shard,
            self.hosts.len(),
        ) else {
            return;
        };
        let Some(source) = self.hosts.get(shard as usize).map(|h| h.master) else {
            return;
        };
        if self.open_host(&db).is_none() {
            return;
        }
        let Some(target) = self.hosts.last().map(|h| h.master) else {
            return;
        };
        self.copies.push(RunningCopy {
            fault: index,
            source,
            target,
            source_share: bill.source_share,
            target_share: bill.target_share,
        });
        self.pace_copies(source);
        self.pace_copies(target);
        let now = self.now;
        let cutover = now + bill.seconds;
        // A NaN cutover (never, as seconds come from finite sizes) would count as outlasting.
        let outlasts = cutover.partial_cmp(&self.duration_s) != Some(std::cmp::Ordering::Less);
        if !outlasts {
            self.push(cutover, EventKind::FaultEnd, index, 0);
        }
        let marks = self.marks(source, Some(target));
        if let Some(track) = self.reshards.iter_mut().find(|t| t.fault == index) {
            track.bill = Some(bill);
            track.source = source;
            track.target = Some(target);
            track.copy_start_s = now;
            track.cutover_s = cutover;
            track.outlasts = outlasts;
            track.phase = 1;
            if let Some(phase) = track.current() {
                (phase.from_s, phase.source_mark, phase.target_mark) = (now, marks.0, marks.1);
            }
        }
    }

    /// Reshard `index`'s copy is done: its range now points at the new host, and both masters
    /// serve at full speed again.
    fn cut_over(&mut self, index: u32) {
        let Some(position) = self.copies.iter().position(|c| c.fault == index) else {
            return;
        };
        let copy = self.copies.remove(position);
        self.pace_copies(copy.source);
        self.pace_copies(copy.target);
        let moved = self
            .reshards
            .iter()
            .find(|t| t.fault == index)
            .and_then(|t| t.bill.as_ref())
            .map(|b| (b.moved_start as usize, b.moved_end as usize));
        let new_host = self
            .hosts
            .iter()
            .position(|h| h.master == copy.target)
            .and_then(|i| u16::try_from(i).ok());
        if let (Some(moved), Some(new_host)) = (moved, new_host) {
            self.repoint(moved, new_host);
        }
        let now = self.now;
        let marks = self.marks(copy.source, Some(copy.target));
        if let Some(track) = self.reshards.iter_mut().find(|t| t.fault == index) {
            track.phase = 2;
            if let Some(phase) = track.current() {
                (phase.from_s, phase.source_mark, phase.target_mark) = (now, marks.0, marks.1);
            }
        }
    }

    /// Sets `station`'s service times from the copies running on it: each takes its share of
    /// every core, so a request is served 1 / (1 − their sum) slower (the sum at most
    /// [`MAX_COPY_SHARE`]); with no copy, the database's own times.
    fn pace_copies(&mut self, station: usize) {
        let Some(db) = self.model.db.as_ref() else {
            return;
        };
        let taken = self.copies.iter().fold(0.0, |sum, c| {
            let mut sum = sum;
            if c.source == station {
                sum += c.source_share;
            }
            if c.target == station {
                sum += c.target_share;
            }
            sum
        });
        let left = 1.0 - taken.clamp(0.0, MAX_COPY_SHARE);
        let (read_s, write_s) = (db.read_s / left, db.write_s / left);
        if let Some(st) = self.stations.get_mut(station) {
            st.mean_s = read_s;
            st.mean_write_s = write_s;
        }
    }

    /// The busy area and visits of the source and (if any) target stations now.
    fn marks(&self, source: usize, target: Option<usize>) -> ((f64, u64), (f64, u64)) {
        let now = self.now;
        let mark = |station: Option<usize>| {
            station
                .and_then(|i| self.stations.get(i))
                .map_or((0.0, 0), |st| (st.area_at(now), st.visits))
        };
        (mark(Some(source)), mark(target))
    }

    /// The reshards' reports, with each phase's figures up to `end`.
    fn reshard_reports(&self, end: f64) -> Vec<ReshardReport> {
        let mut reports = Vec::new();
        for track in &self.reshards {
            let Some(bill) = track.bill.clone() else {
                continue;
            };
            let phase = |k: usize| -> Option<ReshardPhase> {
                let tally = track.phases.get(k)?;
                if k > track.phase {
                    return None;
                }
                let next = track
                    .phases
                    .get(k.saturating_add(1))
                    .filter(|_| k < track.phase);
                let to_s = next.map_or(end, |n| n.from_s);
                let (source_end, target_end) = match next {
                    Some(n) => (n.source_mark, n.target_mark),
                    None => self.marks(track.source, track.target),
                };
                let span = to_s - tally.from_s;
                let per_s = |count: u64| if span > 0.0 { count as f64 / span } else { 0.0 };
                let servers = self
                    .stations
                    .get(track.source)
                    .map_or(1.0, |st| f64::from(st.servers.max(1)));
                let source_area = source_end.0 - tally.source_mark.0;
                // Before the copy the new host does not exist: no target visits to count.
                let target_visits = if k == 0 {
                    0
                } else {
                    target_end.1.saturating_sub(tally.target_mark.1)
                };
                Some(ReshardPhase {
                    from_s: tally.from_s,
                    to_s,
                    arrivals: tally.arrivals,
                    completed: tally.completed,
                    errors: tally.errors,
                    error_rate: if tally.arrivals > 0 {
                        tally.errors as f64 / tally.arrivals as f64
                    } else {
                        0.0
                    },
                    p99_ms: if tally.latency.is_empty() {
                        0.0
                    } else {
                        tally.latency.value_at_quantile(0.99) as f64 / 1_000.0
                    },
                    source_utilisation: if span > 0.0 {
                        (source_area / (span * servers)).clamp(0.0, 1.0)
                    } else {
                        0.0
                    },
                    source_requests_per_s: per_s(source_end.1.saturating_sub(tally.source_mark.1)),
                    target_requests_per_s: per_s(target_visits),
                })
            };
            let (Some(before), Some(during)) = (phase(0), phase(1)) else {
                continue;
            };
            reports.push(ReshardReport {
                bill,
                copy_start_s: track.copy_start_s,
                cutover_s: track.cutover_s,
                outlasts_run: track.outlasts,
                before,
                during,
                after: phase(2),
            });
        }
        reports
    }

    /// Events processed so far: what a step's budget counts.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// The report so far; final once the run is done.
    pub fn report(&self) -> SimReport {
        let end = self.now.max(self.duration_s);
        let requests = self.arrivals.max(1) as f64;
        let errors_total = self.errors.total();
        let apdex = if self.arrivals == 0 {
            1.0
        } else {
            (self.satisfied as f64 + self.tolerating as f64 / 2.0) / requests
        };
        let ms = |q: f64| {
            if self.latency.is_empty() {
                0.0
            } else {
                self.latency.value_at_quantile(q) as f64 / 1_000.0
            }
        };
        let per_s = |count: f64| count / self.duration_s;

        let mut shards = Vec::new();
        if let Some(db) = &self.model.db {
            let total: u64 = self
                .stations
                .iter()
                .skip(self.db_first)
                .map(|s| s.visits)
                .sum();
            for (i, host) in self.hosts.iter().enumerate() {
                let Some(st) = self.stations.get(host.master) else {
                    continue;
                };
                // The host's share counts its replicas' reads too; the rest is the master's.
                let visits: u64 = self
                    .stations
                    .get(host.replica_stations())
                    .into_iter()
                    .flatten()
                    .fold(st.visits, |sum, replica| sum.saturating_add(replica.visits));
                shards.push(ShardLoad {
                    shard: u32::try_from(i).unwrap_or(u32::MAX),
                    host: host_name(db.engine, i),
                    requests_per_s: per_s(st.visits as f64),
                    share: visits as f64 / total.max(1) as f64,
                    utilisation: st.utilisation(end),
                    up: st.up,
                });
            }
        }

        let mean_util = |range: std::ops::Range<usize>| {
            let list: Vec<&Station> = self.stations.get(range).into_iter().flatten().collect();
            let visits: u64 = list.iter().map(|s| s.visits).sum();
            let util =
                list.iter().map(|s| s.utilisation(end)).sum::<f64>() / list.len().max(1) as f64;
            (util, per_s(visits as f64))
        };
        let nodes = self
            .node_stations()
            .into_iter()
            .map(|(kind, id, range)| {
                let (utilisation, requests_per_s) = match range {
                    Some(range) => {
                        let (util, rps) = mean_util(range);
                        (Some(util), rps)
                    }
                    None => (None, per_s(self.arrivals as f64)),
                };
                NodeLoad {
                    id: id.clone(),
                    kind,
                    utilisation,
                    requests_per_s,
                }
            })
            .collect();

        let mut series = self.series.clone();
        let second_total = self
            .second
            .arrivals
            .saturating_add(self.second.completed)
            .saturating_add(self.second.errors);
        let mut loads = self.loads.clone();
        if !self.done || second_total > 0 {
            series.push(self.second.clone().close());
            if self.track_loads {
                let until = self.now.max(self.second.index as f64);
                loads.push(self.second_loads(self.second.index, until));
            }
        }
        let latency_cdf = if self.latency.is_empty() {
            Vec::new()
        } else {
            CDF_QUANTILES
                .iter()
                .map(|q| CdfPoint {
                    ms: self.latency.value_at_quantile(*q) as f64 / 1_000.0,
                    fraction: *q,
                })
                .collect()
        };
        let burn_per_s = self.model.burn_per_s + self.split_cost / self.duration_s;
        let hottest_shard = hottest(&shards);
        SimReport {
            outcome: Outcome {
                users: self.model.users,
                apdex,
                apdex_t_ms: self.model.apdex_t_s * 1_000.0,
                p50_ms: ms(0.5),
                p95_ms: ms(0.95),
                p99_ms: ms(0.99),
                mean_ms: if self.latency.is_empty() {
                    0.0
                } else {
                    self.latency.mean() / 1_000.0
                },
                error_rate: errors_total as f64 / requests,
                errors_by_cause: ErrorRates {
                    queue_full: self.errors.queue_full as f64 / requests,
                    timeout: self.errors.timeout as f64 / requests,
                    shard_down: self.errors.shard_down as f64 / requests,
                },
                throughput_rps: per_s(self.completed as f64),
                offered_rps: per_s(self.arrivals as f64),
                cache_hit_rate: self
                    .cache
                    .as_ref()
                    .map(|_| self.cache_hits as f64 / self.cache_lookups.max(1) as f64),
                burn_per_s,
                burn_per_month: prices::per_month(burn_per_s),
                nodes,
                shards,
                hottest_shard,
            },
            seed: self.seed,
            duration_s: self.duration_s,
            errors: self.errors.clone(),
            stale_reads: self.stale_reads,
            reshards: self.reshard_reports(end),
            requests: self.arrivals,
            completed: self.completed,
            series,
            loads,
            latency_cdf,
            events: self.events,
        }
    }
}

impl Stepped for Simulation {
    type Output = SimReport;

    /// Advances at most `max_events` events.
    fn step(&mut self, max_events: u64) -> Progress {
        self.run_events(max_events);
        self.progress()
    }

    /// Simulated microseconds out of the arrival window's; the last one only once every request
    /// has completed or failed.
    fn progress(&self) -> Progress {
        // The window is 1 s … MAX_DURATION_S, so both casts stay far inside u64.
        let total = (self.duration_s * 1e6) as u64;
        let done = if self.done {
            total
        } else {
            ((self.now * 1e6) as u64).min(total.saturating_sub(1))
        };
        Progress { done, total }
    }

    fn finish(mut self) -> SimReport {
        self.run_events(u64::MAX);
        self.report()
    }
}

#[cfg(test)]
mod tests;
