//! The messages between the page and the worker.
//!
//! The worker holds one job at a time: a [`Request::Start`] replaces the job in hand, so a page
//! whose reader moved a slider never waits for a run nobody wants. Every reply names the job it
//! is for, and the page drops a reply for any job but its latest.

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shardlab_core::input_text::check_json_depth;
use shardlab_core::sim::capacity::{Capacity, CapacityOptions};
use shardlab_core::sim::reshard::ReshardReport;
use shardlab_core::sim::spread::SpreadReport;
use shardlab_core::sim::{
    CdfPoint, Design, ErrorCounts, Outcome, SecondLoads, SecondStats, SimReport,
};

/// What the page asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Drop the job in hand, if any, and start this one.
    Start {
        /// The page's number for the job, echoed in every reply about it.
        job: u32,
        /// What to run.
        work: Work,
    },
    /// Drop the job in hand.
    Cancel,
}

/// A job: one of the core's stepped simulations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Work {
    /// One run of a design ([`shardlab_core::sim::Simulation`]).
    Simulate {
        /// The design.
        design: DesignText,
        /// Users.
        users: u32,
        /// Seed.
        seed: u64,
        /// Simulated seconds.
        duration_s: f64,
    },
    /// The same run over several seeds ([`shardlab_core::sim::spread::SeedSweep`]).
    Sweep(Seeds),
    /// The same runs as a sweep, each seed's report handed back as it is: the half of a sweep
    /// that a sweeping worker gives a helper worker of its own (the page never asks for it).
    Runs(Seeds),
    /// The most users the design serves at its target
    /// ([`shardlab_core::sim::capacity::CapacitySearch`]).
    Capacity {
        /// The design, already reduced by `searched_design`.
        design: DesignText,
        /// The target, seeds and run length.
        options: CapacityOptions,
    },
}

/// One design run over `seeds` seeds from `first_seed`: what a sweep and a helper's runs ask.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seeds {
    /// The design.
    pub design: DesignText,
    /// Users.
    pub users: u32,
    /// The first seed.
    pub first_seed: u64,
    /// How many seeds.
    pub seeds: u32,
    /// Simulated seconds per run.
    pub duration_s: f64,
}

/// A design as JSON text, the form the page already writes for links and files. Sent as a
/// value, a design would bring a second writer of its many types into the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DesignText(String);

impl DesignText {
    /// The design's text.
    pub fn of(design: &Design) -> DesignText {
        DesignText(serde_json::to_string(design).unwrap_or_default())
    }

    /// The design back, in the worker (serde_json reads doubles exactly, as written). Text
    /// nested past the core's limit is refused before serde_json descends into it, as on the
    /// page (a message is the page's, but the worker trusts no input).
    pub fn read(&self) -> Result<Design, String> {
        check_json_depth(&self.0).map_err(|too_deep| format!("the design {too_deep}"))?;
        serde_json::from_str(&self.0).map_err(|err| err.to_string())
    }
}

/// What the worker says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// How far a job has got.
    Progress {
        /// The job.
        job: u32,
        /// Where it stands.
        progress: JobProgress,
    },
    /// A finished job's result.
    Done {
        /// The job.
        job: u32,
        /// Its result.
        result: Finished,
    },
    /// The core refused the job (a design it cannot run, a seed count out of range), in its
    /// own words.
    Refused {
        /// The job.
        job: u32,
        /// Why.
        reason: String,
    },
}

impl Reply {
    /// The job this reply is about.
    pub fn job(&self) -> u32 {
        match self {
            Reply::Progress { job, .. } | Reply::Done { job, .. } | Reply::Refused { job, .. } => {
                *job
            }
        }
    }
}

/// Where a running job stands.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobProgress {
    /// Share done, 0 … 1.
    pub fraction: f64,
    /// Seeds finished (a sweep or a capacity search; 0 for one run).
    pub seeds_done: u32,
    /// Seeds asked for (1 for one run).
    pub seeds: u32,
    /// Simulations finished (a capacity search's runs; a sweep's seeds).
    pub runs: u32,
}

/// A finished job's result, by the kind of job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Finished {
    /// [`Work::Simulate`]'s report.
    Simulated(Box<Report>),
    /// [`Work::Sweep`]'s figures with their spread.
    Swept(Box<SpreadReport>),
    /// [`Work::Runs`]' reports, in seed order.
    Runs(Vec<Report>),
    /// [`Work::Capacity`]'s answer.
    Capacity(Box<Capacity>),
}

/// A [`SimReport`] on the wire: the same fields, without the flattening and the skipped empty
/// fields that its JSON form has and bincode cannot read. serde's `remote` derive builds the
/// report field by field, so a field added to the report fails to compile here until it is
/// added below.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report(#[serde(with = "ReportFields")] pub SimReport);

#[derive(Serialize, Deserialize)]
#[serde(remote = "SimReport")]
struct ReportFields {
    outcome: Outcome,
    seed: u64,
    duration_s: f64,
    errors: ErrorCounts,
    stale_reads: u64,
    reshards: Vec<ReshardReport>,
    requests: u64,
    completed: u64,
    series: Vec<SecondStats>,
    loads: Vec<SecondLoads>,
    latency_cdf: Vec<CdfPoint>,
    events: u64,
}

/// This build's stamp: a hash of the sources the messages are made of (see `build.rs`).
pub const STAMP: u64 = parse_stamp(env!("SHARDLAB_WIRE_STAMP"));

const fn parse_stamp(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut value: u64 = 0;
    let mut i = 0;
    while i < bytes.len() {
        value = value
            .wrapping_mul(10)
            .wrapping_add((bytes[i] - b'0') as u64);
        i += 1;
    }
    value
}

/// A message with its build's [`STAMP`], as the other side reads it: `None` when the stamps
/// differ, which happens only when a page and a worker of two builds meet (a cached
/// `shardlab-sim-worker.js`, whose name trunk does not hash). A message whose shape changed but
/// still reads would otherwise be misread; the stamp turns that into a message the page can say.
#[derive(Clone, Debug, PartialEq)]
pub struct Envelope<T>(pub Option<T>);

impl<T> Envelope<T> {
    /// A message to send.
    pub fn of(message: T) -> Self {
        Envelope(Some(message))
    }
}

impl<T: Serialize> Serialize for Envelope<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (STAMP, &self.0).serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Envelope<T> {
    /// Reads the stamp, and the message only if the stamp is this build's. Never fails: the
    /// envelope is the last part of gloo-worker's message, so what is left unread is only
    /// trailing bytes, which bincode allows.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Stamped<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Stamped<T> {
            type Value = Envelope<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a stamped message")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                if seq.next_element::<u64>().ok().flatten() != Some(STAMP) {
                    return Ok(Envelope(None));
                }
                Ok(Envelope(
                    seq.next_element::<Option<T>>().ok().flatten().flatten(),
                ))
            }
        }
        deserializer.deserialize_tuple(2, Stamped(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design() -> Design {
        shardlab_core::sim::preset(shardlab_core::sim::DEFAULT_PRESET)
            .map(|p| p.design)
            .unwrap_or_else(|| panic!("the default preset exists"))
    }

    fn round_trip<T: Serialize + for<'de> Deserialize<'de>>(sent: &T) -> Result<T, String> {
        let bytes = bincode::serialize(sent).map_err(|e| e.to_string())?;
        bincode::deserialize(&bytes).map_err(|e| e.to_string())
    }

    #[test]
    fn a_report_goes_through_bincode_whole() {
        let report = shardlab_core::sim::simulate(&design(), 2_000, 3, 3.0)
            .unwrap_or_else(|e| panic!("the preset runs: {e}"));
        assert!(!report.series.is_empty() && report.reshards.is_empty());
        let sent = Envelope::of(Reply::Done {
            job: 4,
            result: Finished::Simulated(Box::new(Report(report))),
        });
        assert_eq!(round_trip(&sent), Ok(sent));
    }

    #[test]
    fn a_request_goes_through_bincode_whole() {
        let sent = Envelope::of(Request::Start {
            job: u32::MAX,
            work: Work::Sweep(Seeds {
                design: DesignText::of(&design()),
                users: 12,
                first_seed: u64::MAX,
                seeds: 3,
                duration_s: 2.5,
            }),
        });
        assert_eq!(round_trip(&sent), Ok(sent));
    }

    #[test]
    fn a_message_of_another_build_reads_as_empty() {
        let mut bytes = bincode::serialize(&Envelope::of(Request::Cancel)).unwrap_or_default();
        // The stamp is the first eight bytes.
        bytes[0] ^= 1;
        let read: Result<Envelope<Request>, _> = bincode::deserialize(&bytes);
        assert_eq!(read.ok(), Some(Envelope(None)));
        let short: Result<Envelope<Request>, _> = bincode::deserialize(&[1, 2, 3]);
        assert_eq!(short.ok(), Some(Envelope(None)));
    }

    #[test]
    fn a_design_survives_its_text() {
        let mut design = design();
        design.nodes[0].x = 0.1 + 0.2; // a double with no short decimal form
        assert_eq!(DesignText::of(&design).read(), Ok(design));
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(
            DesignText(deep).read(),
            Err("the design nests 100,000 levels deep; shardlab reads at most 64".to_owned())
        );
    }
}
