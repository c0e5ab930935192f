//! Sweeps: moved fraction against N for several schemes, and ring balance against vnodes, each
//! repeated over several seeds and reported with its spread. Both are [`Stepped`] jobs of one unit
//! per key, across their measurements.

use serde::Serialize;

use super::error::PlacementError;
use super::experiment::{ideal_fraction, BalanceRun, MovementRun};
use super::kind::SchemeKind;
use super::ring::{Ring, MAX_RING_POINTS, MAX_VNODES, MIN_VNODES};
use super::scheme::SchemeSpec;
use super::server::{ServerList, MAX_SERVERS};
use super::BoxedPlacement;
use crate::stepped::{Progress, Stepped};

/// One x value of a sweep: the spread of a measurement over the seeds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SweepPoint {
    /// The swept value (servers before growing, or vnodes per server).
    pub x: u32,
    /// How many seeds were measured.
    pub samples: u32,
    /// Smallest measurement.
    pub min: f64,
    /// Largest measurement.
    pub max: f64,
    /// Mean measurement.
    pub mean: f64,
    /// The reference value to draw next to it (the ideal, or the 1/√V rule of thumb).
    pub ideal: f64,
}

impl SweepPoint {
    /// The spread of `values`; `None` when there are none yet.
    fn from_samples(x: u32, values: &[f64], ideal: f64) -> Option<Self> {
        if values.is_empty() {
            return None;
        }
        let sum: f64 = values.iter().sum();
        Some(Self {
            x,
            samples: u32::try_from(values.len()).unwrap_or(u32::MAX),
            min: values.iter().copied().fold(f64::INFINITY, f64::min),
            max: values.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            mean: sum / values.len() as f64,
            ideal,
        })
    }
}

/// One line of a plot: a scheme's points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepSeries {
    /// The scheme (serialised as its name).
    pub scheme: SchemeKind,
    /// Points in the order of the swept values; values not measured yet are absent.
    pub points: Vec<SweepPoint>,
}

/// One N → N+1 measurement waiting in a [`MovementSweep`].
#[derive(Debug, Clone, Copy)]
struct MovementJob {
    scheme: usize,
    count: usize,
    servers: u32,
    seed: u64,
}

/// What a run of [`Measurements`] measures: it builds each job's run when its turn comes and
/// takes each finished one. The failure rule is the caller's: an error from `start` ends the
/// whole run (a sweep), while `Ok(None)` skips that job alone, its keys counted done (a metric
/// run drops the rest of a scheme that failed to build).
pub(super) trait Jobs<J, R> {
    /// The run for `job`, none to skip it, or the error that ends every measurement.
    fn start(&mut self, job: J) -> Result<Option<R>, PlacementError>;
    /// Takes `job`'s finished run.
    fn record(&mut self, job: J, run: &R);
}

/// [`Jobs`] from two closures, for a run whose every failure ends it.
struct Closures<S, C>(S, C);

impl<J, R, S, C> Jobs<J, R> for Closures<S, C>
where
    S: FnMut(J) -> Result<R, PlacementError>,
    C: FnMut(J, &R),
{
    fn start(&mut self, job: J) -> Result<Option<R>, PlacementError> {
        (self.0)(job).map(Some)
    }

    fn record(&mut self, job: J, run: &R) {
        (self.1)(job, run);
    }
}

/// Measurements run one after another, each a stepped run of the same number of keys: what both
/// sweeps and the metric run share. The owner is one [`Stepped`] job whose units are all the
/// runs' keys.
#[derive(Debug)]
pub(super) struct Measurements<J, R> {
    jobs: Vec<J>,
    next_job: usize,
    current: Option<R>,
    pub(super) n_keys: u64,
    keys_done: u64,
    /// Why a measurement could not be built, when that ends the run.
    pub(super) failure: Option<PlacementError>,
}

impl<J: Copy, R: Stepped> Measurements<J, R> {
    pub(super) fn new(jobs: Vec<J>, n_keys: u64) -> Self {
        Self {
            jobs,
            next_job: 0,
            current: None,
            n_keys,
            keys_done: 0,
            failure: None,
        }
    }

    /// The jobs not finished yet, the one in hand first.
    pub(super) fn pending(&self) -> &[J] {
        self.jobs.get(self.next_job..).unwrap_or_default()
    }

    /// Processes up to `max_keys` keys across the measurements.
    pub(super) fn step(&mut self, max_keys: u64, jobs: &mut impl Jobs<J, R>) -> Progress {
        let mut processed: u64 = 0;
        while processed < max_keys && self.failure.is_none() {
            let Some(&job) = self.jobs.get(self.next_job) else {
                break;
            };
            if self.current.is_none() {
                match jobs.start(job) {
                    Ok(Some(run)) => self.current = Some(run),
                    Ok(None) => {
                        self.keys_done = self.keys_done.saturating_add(self.n_keys);
                        self.next_job = self.next_job.saturating_add(1);
                        continue;
                    }
                    Err(failure) => self.failure = Some(failure),
                }
            }
            let Some(run) = self.current.as_mut() else {
                break;
            };
            let before = run.progress().done;
            let progress = run.step(max_keys.saturating_sub(processed));
            processed = processed.saturating_add(progress.done.saturating_sub(before));
            if progress.is_done() {
                jobs.record(job, run);
                self.current = None;
                self.next_job = self.next_job.saturating_add(1);
            } else if progress.done == before {
                // A step that placed no key spent the budget getting ready (Maglev's tables
                // filling, in `metrics`): this step is over.
                break;
            }
        }
        self.keys_done = self.keys_done.saturating_add(processed);
        self.progress()
    }

    /// Keys processed so far, out of all measurements' keys; complete once a measurement failed.
    pub(super) fn progress(&self) -> Progress {
        let total = (self.jobs.len() as u64).saturating_mul(self.n_keys);
        Progress {
            done: if self.failure.is_some() {
                total
            } else {
                self.keys_done.min(total)
            },
            total,
        }
    }
}

/// Moved fraction when growing N → N+1 equal servers, for several schemes and several N, each
/// over several seeds. Advance it with [`Stepped::step`]. Each seed gives other keys and, for the
/// ring, another ring (the seed becomes the vnode salt).
pub struct MovementSweep {
    specs: Vec<SchemeSpec>,
    server_counts: Vec<u32>,
    measurements: Measurements<MovementJob, MovementRun<BoxedPlacement, BoxedPlacement>>,
    /// Moved fractions per (scheme, server count), `scheme * server_counts.len() + count`.
    samples: Vec<Vec<f64>>,
}

impl MovementSweep {
    /// Prepares the sweep. Each N must be 1 ..= 9,999 (N + 1 servers must fit in the limit).
    pub fn new(
        specs: Vec<SchemeSpec>,
        server_counts: Vec<u32>,
        seeds: Vec<u64>,
        n_keys: u64,
    ) -> Result<Self, PlacementError> {
        if specs.is_empty() {
            return Err(PlacementError::NothingToSweep("scheme"));
        }
        if server_counts.is_empty() {
            return Err(PlacementError::NothingToSweep("server count"));
        }
        if seeds.is_empty() {
            return Err(PlacementError::NothingToSweep("seed"));
        }
        if n_keys == 0 {
            return Err(PlacementError::NoKeys);
        }
        let largest = server_counts.iter().copied().max().unwrap_or(0);
        if server_counts.contains(&0) {
            return Err(PlacementError::NoServers);
        }
        let grown = u64::from(largest) + 1;
        if grown > MAX_SERVERS as u64 {
            return Err(PlacementError::TooManyServers {
                count: grown as usize,
            });
        }
        for spec in &specs {
            if let SchemeSpec::Ring { vnodes, .. } = *spec {
                check_vnodes(vnodes, grown)?;
            }
        }
        let mut jobs = Vec::new();
        for scheme in 0..specs.len() {
            for (count, &servers) in server_counts.iter().enumerate() {
                for &seed in &seeds {
                    jobs.push(MovementJob {
                        scheme,
                        count,
                        servers,
                        seed,
                    });
                }
            }
        }
        let groups = specs.len().saturating_mul(server_counts.len());
        Ok(Self {
            specs,
            server_counts,
            measurements: Measurements::new(jobs, n_keys),
            samples: vec![Vec::new(); groups],
        })
    }

    /// Why a measurement could not be built, if one could not: the sweep then ended early, with
    /// the measurements before it.
    pub fn failure(&self) -> Option<&PlacementError> {
        self.measurements.failure.as_ref()
    }

    /// One series per scheme, with the completed measurements so far.
    pub fn series(&self) -> Vec<SweepSeries> {
        self.specs
            .iter()
            .enumerate()
            .map(|(scheme, spec)| SweepSeries {
                scheme: spec.kind(),
                points: self
                    .server_counts
                    .iter()
                    .enumerate()
                    .filter_map(|(count, &servers)| {
                        let group = scheme
                            .saturating_mul(self.server_counts.len())
                            .saturating_add(count);
                        let samples = self.samples.get(group)?;
                        SweepPoint::from_samples(servers, samples, grow_ideal(servers))
                    })
                    .collect(),
            })
            .collect()
    }
}

/// Builds the N → N+1 pair of one measurement.
fn movement_run(
    specs: &[SchemeSpec],
    job: MovementJob,
    n_keys: u64,
) -> Result<MovementRun<BoxedPlacement, BoxedPlacement>, PlacementError> {
    let spec = specs
        .get(job.scheme)
        .copied()
        .ok_or(PlacementError::NothingToSweep("scheme"))?
        .with_salt(job.seed);
    let before = ServerList::uniform(job.servers)?;
    let after = before.grown(1)?;
    let (scheme_before, scheme_after) = spec.build_change(before, after, n_keys, job.seed)?;
    MovementRun::new(scheme_before, scheme_after, n_keys, job.seed)
}

impl Stepped for MovementSweep {
    type Output = Vec<SweepSeries>;

    /// Processes up to `max_keys` keys, across measurements.
    fn step(&mut self, max_keys: u64) -> Progress {
        let (specs, counts, samples) = (&self.specs, self.server_counts.len(), &mut self.samples);
        let n_keys = self.measurements.n_keys;
        let start = |job| movement_run(specs, job, n_keys);
        let record = |job: MovementJob, run: &MovementRun<BoxedPlacement, BoxedPlacement>| {
            let group = job.scheme.saturating_mul(counts).saturating_add(job.count);
            if let Some(samples) = samples.get_mut(group) {
                samples.push(run.result().moved_fraction);
            }
        };
        self.measurements
            .step(max_keys, &mut Closures(start, record))
    }

    /// Keys processed so far, out of all measurements' keys; complete once a measurement failed.
    fn progress(&self) -> Progress {
        self.measurements.progress()
    }

    /// One series per scheme.
    fn finish(mut self) -> Vec<SweepSeries> {
        self.step(u64::MAX);
        self.series()
    }
}

/// The ideal fraction of N → N+1 equal servers: 1/(N+1).
fn grow_ideal(servers: u32) -> f64 {
    match ServerList::uniform(servers).and_then(|before| Ok((before.grown(1)?, before))) {
        Ok((after, before)) => ideal_fraction(&before, &after, false),
        Err(_) => 0.0,
    }
}

/// Checks that `vnodes` is in range and that `servers × vnodes` fits on a ring.
fn check_vnodes(vnodes: u32, servers: u64) -> Result<(), PlacementError> {
    if !(MIN_VNODES..=MAX_VNODES).contains(&vnodes) {
        return Err(PlacementError::VnodesOutOfRange(vnodes));
    }
    let points = servers.saturating_mul(u64::from(vnodes));
    if points > MAX_RING_POINTS {
        return Err(PlacementError::TooManyRingPoints(points));
    }
    Ok(())
}

/// Moved fraction against N in one call; see [`MovementSweep`].
pub fn sweep_moved_fraction(
    specs: Vec<SchemeSpec>,
    server_counts: Vec<u32>,
    seeds: Vec<u64>,
    n_keys: u64,
) -> Result<Vec<SweepSeries>, PlacementError> {
    let mut sweep = MovementSweep::new(specs, server_counts, seeds, n_keys)?;
    sweep.step(u64::MAX);
    match sweep.measurements.failure.take() {
        Some(failure) => Err(failure),
        None => Ok(sweep.finish()),
    }
}

/// The σ/mean of ring load to expect for `servers` servers of `vnodes` points each and `keys`
/// keys: `√((N − 1) · (1/(N·V + 1) + 1/K))`.
///
/// One server's share of the circle is the sum of V of the N·V gaps between random points, a
/// Beta(V, (N − 1)·V) variable, whose σ/mean is `√((N − 1)/(N·V + 1))`; counting K keys adds
/// multinomial noise of relative variance `(N − 1)/K`. The familiar 1/√V is this for large N and
/// infinitely many keys; at N = 5 it overstates the spread by about 10 %, and at small V a few
/// servers make it much smaller (at N = 2, `√(1/(2V + 1))`).
pub fn expected_stddev_over_mean(servers: u32, vnodes: u32, keys: u64) -> f64 {
    let n = f64::from(servers.max(1));
    let points = n * f64::from(vnodes.max(1));
    let key_noise = if keys == 0 { 0.0 } else { 1.0 / keys as f64 };
    ((n - 1.0) * (1.0 / (points + 1.0) + key_noise)).sqrt()
}

/// Ring balance against vnodes per server, with the spread over seeds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VnodeSweepResult {
    /// Servers on every ring.
    pub servers: u32,
    /// Keys placed per measurement.
    pub keys: u64,
    /// max/mean load against V; the ideal is 1.
    pub max_over_mean: Vec<SweepPoint>,
    /// σ/mean load against V; `ideal` is the 1/√V rule of thumb (kept for the determinism
    /// fixture), and [`expected_stddev_over_mean`] the curve to draw beside the data.
    pub stddev_over_mean: Vec<SweepPoint>,
}

/// max/mean and σ/mean of ring load for several vnode counts, each over several seeds (each seed
/// is both the key seed and the ring salt, so every measurement draws a fresh ring). Advance it
/// with [`Stepped::step`].
#[derive(Debug)]
pub struct VnodeSweep {
    servers: u32,
    vnodes: Vec<u32>,
    /// Each measurement's (vnode position, seed).
    measurements: Measurements<(usize, u64), BalanceRun<Ring>>,
    /// (max/mean, σ/mean) per vnode count.
    samples: Vec<(Vec<f64>, Vec<f64>)>,
}

impl VnodeSweep {
    /// Prepares the sweep over `servers` equal servers.
    pub fn new(
        servers: u32,
        vnodes: Vec<u32>,
        seeds: Vec<u64>,
        n_keys: u64,
    ) -> Result<Self, PlacementError> {
        if vnodes.is_empty() {
            return Err(PlacementError::NothingToSweep("vnode count"));
        }
        if seeds.is_empty() {
            return Err(PlacementError::NothingToSweep("seed"));
        }
        if n_keys == 0 {
            return Err(PlacementError::NoKeys);
        }
        // Validates the server count.
        ServerList::uniform(servers)?;
        for &count in &vnodes {
            check_vnodes(count, u64::from(servers))?;
        }
        let jobs = (0..vnodes.len())
            .flat_map(|position| seeds.iter().map(move |&seed| (position, seed)))
            .collect();
        let samples = vec![(Vec::new(), Vec::new()); vnodes.len()];
        Ok(Self {
            servers,
            vnodes,
            measurements: Measurements::new(jobs, n_keys),
            samples,
        })
    }

    /// Why a measurement could not be built, if one could not: the sweep then ended early, with
    /// the measurements before it.
    pub fn failure(&self) -> Option<&PlacementError> {
        self.measurements.failure.as_ref()
    }

    /// The completed measurements so far.
    pub fn result(&self) -> VnodeSweepResult {
        let mut max_over_mean = Vec::new();
        let mut stddev_over_mean = Vec::new();
        for (&vnodes, (max_samples, stddev_samples)) in self.vnodes.iter().zip(&self.samples) {
            max_over_mean.extend(SweepPoint::from_samples(vnodes, max_samples, 1.0));
            let rule_of_thumb = 1.0 / f64::from(vnodes).sqrt();
            stddev_over_mean.extend(SweepPoint::from_samples(
                vnodes,
                stddev_samples,
                rule_of_thumb,
            ));
        }
        VnodeSweepResult {
            servers: self.servers,
            keys: self.measurements.n_keys,
            max_over_mean,
            stddev_over_mean,
        }
    }
}

impl Stepped for VnodeSweep {
    type Output = VnodeSweepResult;

    /// Processes up to `max_keys` keys, across measurements.
    fn step(&mut self, max_keys: u64) -> Progress {
        let (servers, vnodes, samples) = (self.servers, &self.vnodes, &mut self.samples);
        let n_keys = self.measurements.n_keys;
        let start = |(position, seed): (usize, u64)| {
            let vnodes = vnodes.get(position).copied().unwrap_or(MIN_VNODES);
            let ring = Ring::with_salt(ServerList::uniform(servers)?, vnodes, seed)?;
            BalanceRun::new(ring, n_keys, seed)
        };
        let record = |(position, _): (usize, u64), run: &BalanceRun<Ring>| {
            let stats = run.stats();
            if let Some((max_over_mean, stddev_over_mean)) = samples.get_mut(position) {
                max_over_mean.push(stats.max_over_mean);
                stddev_over_mean.push(stats.stddev_over_mean);
            }
        };
        self.measurements
            .step(max_keys, &mut Closures(start, record))
    }

    /// Keys processed so far, out of all measurements' keys; complete once a measurement failed.
    fn progress(&self) -> Progress {
        self.measurements.progress()
    }

    /// The measurements.
    fn finish(mut self) -> VnodeSweepResult {
        self.step(u64::MAX);
        self.result()
    }
}

/// Ring balance against vnodes in one call; see [`VnodeSweep`].
pub fn sweep_vnodes(
    servers: u32,
    vnodes: Vec<u32>,
    seeds: Vec<u64>,
    n_keys: u64,
) -> Result<VnodeSweepResult, PlacementError> {
    let mut sweep = VnodeSweep::new(servers, vnodes, seeds, n_keys)?;
    sweep.step(u64::MAX);
    match sweep.measurements.failure.take() {
        Some(failure) => Err(failure),
        None => Ok(sweep.finish()),
    }
}
