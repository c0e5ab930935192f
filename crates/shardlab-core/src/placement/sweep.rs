//! Sweeps: moved fraction against N for several schemes, and ring balance against vnodes, each
//! repeated over several seeds and reported with its spread.

use serde::Serialize;

use super::error::PlacementError;
use super::experiment::{ideal_fraction, BalanceRun, MovementRun};
use super::kind::SchemeKind;
use super::ring::{Ring, MAX_RING_POINTS, MAX_VNODES, MIN_VNODES};
use super::scheme::SchemeSpec;
use super::server::{ServerList, MAX_SERVERS};
use super::BoxedPlacement;

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

/// Moved fraction when growing N → N+1 equal servers, for several schemes and several N, each
/// over several seeds. Advance it with [`MovementSweep::step`]. Each seed gives other keys and,
/// for the ring, another ring (the seed becomes the vnode salt).
pub struct MovementSweep {
    specs: Vec<SchemeSpec>,
    server_counts: Vec<u32>,
    n_keys: u64,
    jobs: Vec<MovementJob>,
    next_job: usize,
    current: Option<MovementRun<BoxedPlacement, BoxedPlacement>>,
    /// Moved fractions per (scheme, server count), `scheme * server_counts.len() + count`.
    samples: Vec<Vec<f64>>,
    keys_done: u64,
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
            n_keys,
            jobs,
            next_job: 0,
            current: None,
            samples: vec![Vec::new(); groups],
            keys_done: 0,
        })
    }

    /// Processes up to `max_keys` keys (across measurements); returns how many it processed.
    pub fn step(&mut self, max_keys: u64) -> Result<u64, PlacementError> {
        let mut processed = 0;
        while processed < max_keys && !self.is_done() {
            let job = match self.jobs.get(self.next_job) {
                Some(&job) => job,
                None => break,
            };
            if self.current.is_none() {
                self.current = Some(self.start(job)?);
            }
            let Some(run) = self.current.as_mut() else {
                break;
            };
            processed = processed.saturating_add(run.step(max_keys.saturating_sub(processed)));
            if run.is_done() {
                let fraction = run.result().moved_fraction;
                let group = job
                    .scheme
                    .saturating_mul(self.server_counts.len())
                    .saturating_add(job.count);
                if let Some(samples) = self.samples.get_mut(group) {
                    samples.push(fraction);
                }
                self.current = None;
                self.next_job = self.next_job.saturating_add(1);
            }
        }
        self.keys_done = self.keys_done.saturating_add(processed);
        Ok(processed)
    }

    /// Builds the N → N+1 pair of one job.
    fn start(
        &self,
        job: MovementJob,
    ) -> Result<MovementRun<BoxedPlacement, BoxedPlacement>, PlacementError> {
        let spec = self
            .specs
            .get(job.scheme)
            .copied()
            .ok_or(PlacementError::NothingToSweep("scheme"))?
            .with_salt(job.seed);
        let before = ServerList::uniform(job.servers)?;
        let after = before.grown(1)?;
        let (scheme_before, scheme_after) =
            spec.build_change(before, after, self.n_keys, job.seed)?;
        MovementRun::new(scheme_before, scheme_after, self.n_keys, job.seed)
    }

    /// Whether every measurement is complete.
    pub fn is_done(&self) -> bool {
        self.next_job >= self.jobs.len()
    }

    /// Keys processed so far, out of all measurements' keys.
    pub fn progress(&self) -> super::Progress {
        super::Progress {
            done: self.keys_done,
            total: (self.jobs.len() as u64).saturating_mul(self.n_keys),
        }
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
    while !sweep.is_done() {
        sweep.step(u64::MAX)?;
    }
    Ok(sweep.series())
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
    /// σ/mean load against V; the reference is the 1/√V rule of thumb.
    pub stddev_over_mean: Vec<SweepPoint>,
}

/// max/mean and σ/mean of ring load for several vnode counts, each over several seeds (each seed
/// is both the key seed and the ring salt, so every measurement draws a fresh ring). Advance it
/// with [`VnodeSweep::step`].
#[derive(Debug)]
pub struct VnodeSweep {
    servers: u32,
    vnodes: Vec<u32>,
    n_keys: u64,
    /// (vnode position, seed) of each measurement.
    jobs: Vec<(usize, u64)>,
    next_job: usize,
    current: Option<BalanceRun<Ring>>,
    /// (max/mean, σ/mean) per vnode count.
    samples: Vec<(Vec<f64>, Vec<f64>)>,
    keys_done: u64,
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
            n_keys,
            jobs,
            next_job: 0,
            current: None,
            samples,
            keys_done: 0,
        })
    }

    /// Processes up to `max_keys` keys (across measurements); returns how many it processed.
    pub fn step(&mut self, max_keys: u64) -> Result<u64, PlacementError> {
        let mut processed = 0;
        while processed < max_keys && !self.is_done() {
            let Some(&(position, seed)) = self.jobs.get(self.next_job) else {
                break;
            };
            let run = match &mut self.current {
                Some(run) => run,
                slot @ None => {
                    let vnodes = self.vnodes.get(position).copied().unwrap_or(MIN_VNODES);
                    let ring = Ring::with_salt(ServerList::uniform(self.servers)?, vnodes, seed)?;
                    slot.insert(BalanceRun::new(ring, self.n_keys, seed)?)
                }
            };
            processed = processed.saturating_add(run.step(max_keys.saturating_sub(processed)));
            if run.is_done() {
                let stats = run.stats();
                if let Some((max_over_mean, stddev_over_mean)) = self.samples.get_mut(position) {
                    max_over_mean.push(stats.max_over_mean);
                    stddev_over_mean.push(stats.stddev_over_mean);
                }
                self.current = None;
                self.next_job = self.next_job.saturating_add(1);
            }
        }
        self.keys_done = self.keys_done.saturating_add(processed);
        Ok(processed)
    }

    /// Whether every measurement is complete.
    pub fn is_done(&self) -> bool {
        self.next_job >= self.jobs.len()
    }

    /// Keys processed so far, out of all measurements' keys.
    pub fn progress(&self) -> super::Progress {
        super::Progress {
            done: self.keys_done,
            total: (self.jobs.len() as u64).saturating_mul(self.n_keys),
        }
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
            keys: self.n_keys,
            max_over_mean,
            stddev_over_mean,
        }
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
    while !sweep.is_done() {
        sweep.step(u64::MAX)?;
    }
    Ok(sweep.result())
}
