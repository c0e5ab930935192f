//! The job in the worker's hand: one of the core's [`Stepped`] simulations, advanced a slice at a
//! time. Pure, so its stepping and results are tested natively against the core run in one go.

use shardlab_core::sim::capacity::CapacitySearch;
use shardlab_core::sim::spread::SeedSweep;
use shardlab_core::sim::{Design, Simulation};
use shardlab_core::stepped::Stepped;

#[cfg(test)]
use crate::protocol::DesignText;
use shardlab_core::sim::spread::SpreadReport;
use shardlab_core::sim::SimReport;

use crate::protocol::{Finished, JobProgress, Reply, Report, Seeds, Work};

/// A started job.
pub enum Job {
    /// One run.
    Simulate(Simulation),
    /// A seed sweep.
    Sweep(SeedSweep),
    /// A sweep's first seeds, the rest in a helper worker ([`Split`]).
    Split(Split),
    /// A helper's runs for a split sweep.
    Runs(SeedSweep),
    /// A capacity search.
    Capacity(CapacitySearch),
}

impl Seeds {
    /// The core's sweep of these seeds over `design`, read from their text already.
    fn sweep(&self, design: &Design) -> Result<SeedSweep, String> {
        SeedSweep::new(
            design,
            self.users,
            self.first_seed,
            self.seeds,
            self.duration_s,
        )
        .map_err(|err| err.to_string())
    }
}

impl Job {
    /// Sets the job up; the core's refusal (a design it cannot run, a count out of range) comes
    /// back in its own words.
    pub fn start(work: &Work) -> Result<Job, String> {
        let design = match work {
            Work::Simulate { design, .. }
            | Work::Sweep(Seeds { design, .. })
            | Work::Runs(Seeds { design, .. })
            | Work::Capacity { design, .. } => design.read()?,
        };
        let design = &design;
        match work {
            Work::Simulate {
                users,
                seed,
                duration_s,
                ..
            } => Simulation::new(design, *users, *seed, *duration_s)
                .map(Job::Simulate)
                .map_err(|err| err.to_string()),
            Work::Sweep(seeds) => seeds.sweep(design).map(Job::Sweep),
            Work::Runs(seeds) => seeds.sweep(design).map(Job::Runs),
            Work::Capacity { options, .. } => CapacitySearch::new(design, options)
                .map(Job::Capacity)
                .map_err(|err| err.to_string()),
        }
    }

    /// Does at most `budget` units (simulated events) and says where the job stands.
    pub fn step(&mut self, budget: u64) -> JobProgress {
        match self {
            Job::Simulate(run) => run.step(budget),
            Job::Sweep(sweep) | Job::Runs(sweep) => sweep.step(budget),
            Job::Split(split) => split.own.step(budget),
            Job::Capacity(search) => search.step(budget),
        };
        self.progress()
    }

    /// Where the job stands.
    pub fn progress(&self) -> JobProgress {
        match self {
            Job::Simulate(run) => JobProgress {
                fraction: run.progress().fraction(),
                seeds_done: 0,
                seeds: 1,
                runs: 0,
            },
            Job::Sweep(sweep) | Job::Runs(sweep) => sweep_progress(sweep),
            Job::Split(split) => split.progress(),
            Job::Capacity(search) => JobProgress {
                fraction: search.progress().fraction(),
                seeds_done: search.seeds_done(),
                seeds: search.seeds(),
                runs: search.simulations(),
            },
        }
    }

    /// Whether the next [`Job::finish`] is cheap: all the work is done.
    pub fn is_done(&self) -> bool {
        match self {
            Job::Simulate(run) => run.is_done(),
            Job::Sweep(sweep) | Job::Runs(sweep) => sweep.is_done(),
            Job::Split(split) => split.own.is_done() && split.helper.is_some(),
            Job::Capacity(search) => search.is_done(),
        }
    }

    /// The result, doing whatever work is left.
    pub fn finish(self) -> Result<Finished, String> {
        match self {
            Job::Simulate(run) => Ok(Finished::Simulated(Box::new(Report(run.finish())))),
            Job::Sweep(sweep) => sweep
                .finish()
                .map(|spread| Finished::Swept(Box::new(spread)))
                .map_err(|err| err.to_string()),
            Job::Runs(sweep) => sweep
                .reports()
                .map(|reports| Finished::Runs(reports.into_iter().map(Report).collect()))
                .map_err(|err| err.to_string()),
            Job::Split(split) => split.finish(),
            Job::Capacity(search) => Ok(Finished::Capacity(Box::new(search.finish()))),
        }
    }

    /// Whether the job has done its own part and waits for a helper's reply.
    pub fn waiting(&self) -> bool {
        match self {
            Job::Split(split) => split.own.is_done() && split.helper.is_none(),
            Job::Simulate(_) | Job::Sweep(_) | Job::Runs(_) | Job::Capacity(_) => false,
        }
    }
}

fn sweep_progress(sweep: &SeedSweep) -> JobProgress {
    let done = u32::try_from(sweep.finished().len()).unwrap_or(u32::MAX);
    JobProgress {
        fraction: sweep.progress().fraction(),
        seeds_done: done,
        seeds: sweep.seeds(),
        runs: done,
    }
}

/// A sweep of two seeds or more split over two workers: the first half run here, the rest as
/// [`Work::Runs`] in a helper worker, and the reports put together in seed order, so the result
/// is the one-worker sweep's. On a phone's several cores ten seeds take about half the time.
pub struct Split {
    own: SeedSweep,
    /// The helper's job, kept to run here if the helper cannot.
    rest: Work,
    rest_seeds: u32,
    /// The helper's latest progress; `None` until it first speaks.
    heard: Option<JobProgress>,
    /// The helper's reports, once in.
    helper: Option<Vec<SimReport>>,
}

impl Split {
    /// Splits `work` if it is a sweep of two seeds or more: the half kept here and the
    /// helper's [`Work::Runs`].
    pub fn of(work: &Work) -> Result<Option<(Split, Work)>, String> {
        let Work::Sweep(Seeds {
            design,
            users,
            first_seed,
            seeds,
            duration_s,
        }) = work
        else {
            return Ok(None);
        };
        if *seeds < 2 {
            return Ok(None);
        }
        let own_seeds = seeds.div_ceil(2);
        let rest_seeds = seeds.saturating_sub(own_seeds);
        let own = SeedSweep::new(&design.read()?, *users, *first_seed, own_seeds, *duration_s)
            .map_err(|err| err.to_string())?;
        let rest = Work::Runs(Seeds {
            design: design.clone(),
            users: *users,
            first_seed: first_seed.wrapping_add(u64::from(own_seeds)),
            seeds: rest_seeds,
            duration_s: *duration_s,
        });
        let split = Split {
            own,
            rest: rest.clone(),
            rest_seeds,
            heard: None,
            helper: None,
        };
        Ok(Some((split, rest)))
    }

    /// Takes in the helper's reply about its runs. A refusal, or reports of the wrong count,
    /// is `Err` with the helper's job, for the caller to run here.
    pub fn helped(&mut self, reply: Reply) -> Result<(), Work> {
        match reply {
            Reply::Progress { progress, .. } => self.heard = Some(progress),
            Reply::Done {
                result: Finished::Runs(reports),
                ..
            } if reports.len() == self.rest_seeds as usize => {
                self.helper = Some(reports.into_iter().map(|r| r.0).collect());
            }
            Reply::Done { .. } | Reply::Refused { .. } => return Err(self.rest.clone()),
        }
        Ok(())
    }

    /// Whether the helper has said anything yet: one that has not by the time this half is
    /// done has not loaded, and its half is better run here.
    pub fn helper_heard(&self) -> bool {
        self.heard.is_some() || self.helper.is_some()
    }

    /// The helper's job, to run here instead.
    pub fn rest(&self) -> &Work {
        &self.rest
    }

    fn progress(&self) -> JobProgress {
        let own = sweep_progress(&self.own);
        let (helper_done, helper_fraction) = match (&self.helper, &self.heard) {
            (Some(_), _) => (self.rest_seeds, 1.0),
            (None, Some(p)) => (p.seeds_done, p.fraction),
            (None, None) => (0, 0.0),
        };
        let seeds = own.seeds.saturating_add(self.rest_seeds);
        let seeds_done = own.seeds_done.saturating_add(helper_done);
        let weighted =
            own.fraction * f64::from(own.seeds) + helper_fraction * f64::from(self.rest_seeds);
        JobProgress {
            fraction: weighted / f64::from(seeds.max(1)),
            seeds_done,
            seeds,
            runs: seeds_done,
        }
    }

    fn finish(self) -> Result<Finished, String> {
        let mut reports = self.own.reports().map_err(|err| err.to_string())?;
        reports.extend(self.helper.unwrap_or_default());
        SpreadReport::of(&reports)
            .map(|spread| Finished::Swept(Box::new(spread)))
            .ok_or_else(|| "a sweep of no seeds".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::sim::capacity::{capacity, searched_design, CapacityOptions};
    use shardlab_core::sim::spread::spread;
    use shardlab_core::sim::{preset, simulate, DEFAULT_PRESET};

    fn pinterest() -> shardlab_core::sim::Design {
        preset(DEFAULT_PRESET)
            .map(|p| p.design)
            .unwrap_or_else(|| panic!("the default preset exists"))
    }

    fn sliced(work: &Work, budget: u64) -> (Vec<JobProgress>, Result<Finished, String>) {
        let mut job = Job::start(work)
            .map_err(|e| format!("refused: {e}"))
            .unwrap_or_else(|e| panic!("{e}"));
        let mut seen = vec![job.progress()];
        while !job.is_done() {
            seen.push(job.step(budget));
        }
        let result = job.finish();
        // What the page gets is what bincode gives back.
        if let Ok(finished) = &result {
            let bytes = bincode::serialize(finished).unwrap_or_default();
            let back: Result<Finished, _> = bincode::deserialize(&bytes);
            assert_eq!(
                back.as_ref().ok(),
                Some(finished),
                "{:?}",
                back.as_ref().err()
            );
        }
        (seen, result)
    }

    #[test]
    fn a_sliced_run_gives_the_report_of_a_run_in_one_go() {
        let design = pinterest();
        let work = Work::Simulate {
            design: DesignText::of(&design),
            users: 2_000,
            seed: 7,
            duration_s: 5.0,
        };
        let (seen, result) = sliced(&work, 5_000);
        assert!(seen.len() > 3, "a 5 s run takes several 5,000-event slices");
        assert!(seen.windows(2).all(|w| w[0].fraction <= w[1].fraction));
        let whole = simulate(&design, 2_000, 7, 5.0).expect("the preset runs");
        assert_eq!(result, Ok(Finished::Simulated(Box::new(Report(whole)))));
    }

    #[test]
    fn a_sliced_sweep_counts_its_seeds_and_gives_the_spread() {
        let design = pinterest();
        let work = Work::Sweep(Seeds {
            design: DesignText::of(&design),
            users: 1_000,
            first_seed: 3,
            seeds: 3,
            duration_s: 2.0,
        });
        let (seen, result) = sliced(&work, 20_000);
        let last = seen.last().copied().expect("at least one");
        assert_eq!((last.seeds_done, last.seeds), (3, 3));
        let whole = spread(&design, 1_000, 3, 3, 2.0).expect("the preset runs");
        assert_eq!(result, Ok(Finished::Swept(Box::new(whole))));
    }

    #[test]
    fn a_sliced_capacity_search_finds_what_the_core_finds() {
        // The smallest preset: a capacity search is dozens of runs.
        let design = preset("one-big-box")
            .map(|p| searched_design(&p.design))
            .unwrap_or_else(|| panic!("the preset exists"));
        // One short seed: the slicing is what is tested, not the search.
        let options = CapacityOptions {
            seeds: 1,
            duration_s: 2.0,
            ..CapacityOptions::default()
        };
        let work = Work::Capacity {
            design: DesignText::of(&design),
            options,
        };
        let (seen, result) = sliced(&work, 50_000);
        assert!(seen.iter().any(|p| p.runs > 0));
        let whole = capacity(&design, &options).expect("the preset searches");
        assert_eq!(result, Ok(Finished::Capacity(Box::new(whole))));
    }

    #[test]
    fn a_sweep_split_over_two_workers_gives_the_one_workers_spread() {
        let design = pinterest();
        let work = Work::Sweep(Seeds {
            design: DesignText::of(&design),
            users: 1_000,
            first_seed: 11,
            seeds: 5,
            duration_s: 2.0,
        });
        let Ok(Some((mut split, rest))) = Split::of(&work) else {
            panic!("a five-seed sweep splits");
        };
        // The helper's half: seeds 14 and 15, as a helper worker would run them.
        let Work::Runs(Seeds {
            first_seed, seeds, ..
        }) = &rest
        else {
            panic!("the helper gets runs: {rest:?}");
        };
        assert_eq!((*first_seed, *seeds), (14, 2));
        let (_, helped) = sliced(&rest, 20_000);
        let mut job = Job::Split(
            Split::of(&work)
                .ok()
                .flatten()
                .map(|(s, _)| s)
                .unwrap_or_else(|| panic!("splits")),
        );
        while !job.waiting() {
            job.step(20_000);
        }
        assert!(
            !job.is_done(),
            "its own half is done; the helper's is not in"
        );
        assert_eq!(job.progress().seeds_done, 3);
        let Job::Split(mut waiting) = job else {
            panic!("still a split");
        };
        assert!(!waiting.helper_heard());
        let reply = Reply::Done {
            job: 1,
            result: helped.unwrap_or_else(|e| panic!("{e}")),
        };
        assert_eq!(waiting.helped(reply), Ok(()));
        let job = Job::Split(waiting);
        assert!(job.is_done());
        assert_eq!(job.progress().seeds_done, 5);
        let whole = spread(&design, 1_000, 11, 5, 2.0).expect("the preset runs");
        assert_eq!(job.finish(), Ok(Finished::Swept(Box::new(whole))));
        // A helper that refuses hands its half back, to be run here.
        assert_eq!(
            split.helped(Reply::Refused {
                job: 1,
                reason: "no".into()
            }),
            Err(rest)
        );
    }

    #[test]
    fn one_seed_is_not_split() {
        let work = Work::Sweep(Seeds {
            design: DesignText::of(&pinterest()),
            users: 1_000,
            first_seed: 1,
            seeds: 1,
            duration_s: 2.0,
        });
        assert!(matches!(Split::of(&work), Ok(None)));
    }

    #[test]
    fn a_refused_job_says_why_in_the_cores_words() {
        let design = pinterest();
        let too_many = Work::Sweep(Seeds {
            design: DesignText::of(&design),
            users: 1_000,
            first_seed: 0,
            seeds: 0,
            duration_s: 2.0,
        });
        let refused = Job::start(&too_many).err().unwrap_or_default();
        assert!(refused.contains("seed"), "{refused}");
    }
}
