//! The job in the worker's hand: one of the core's [`Stepped`] simulations, advanced a slice at a
//! time. Pure, so its stepping and results are tested natively against the core run in one go.

use shardlab_core::sim::capacity::CapacitySearch;
use shardlab_core::sim::spread::SeedSweep;
use shardlab_core::sim::Simulation;
use shardlab_core::stepped::Stepped;

#[cfg(test)]
use crate::protocol::DesignText;
use crate::protocol::{Finished, JobProgress, Report, Work};

/// A started job.
pub enum Job {
    /// One run.
    Simulate(Simulation),
    /// A seed sweep.
    Sweep(SeedSweep),
    /// A capacity search.
    Capacity(CapacitySearch),
}

impl Job {
    /// Sets the job up; the core's refusal (a design it cannot run, a count out of range) comes
    /// back in its own words.
    pub fn start(work: &Work) -> Result<Job, String> {
        let design = match work {
            Work::Simulate { design, .. }
            | Work::Sweep { design, .. }
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
            Work::Sweep {
                users,
                first_seed,
                seeds,
                duration_s,
                ..
            } => SeedSweep::new(design, *users, *first_seed, *seeds, *duration_s)
                .map(Job::Sweep)
                .map_err(|err| err.to_string()),
            Work::Capacity { options, .. } => CapacitySearch::new(design, options)
                .map(Job::Capacity)
                .map_err(|err| err.to_string()),
        }
    }

    /// Does at most `budget` units (simulated events) and says where the job stands.
    pub fn step(&mut self, budget: u64) -> JobProgress {
        match self {
            Job::Simulate(run) => run.step(budget),
            Job::Sweep(sweep) => sweep.step(budget),
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
            Job::Sweep(sweep) => {
                let done = u32::try_from(sweep.finished().len()).unwrap_or(u32::MAX);
                JobProgress {
                    fraction: sweep.progress().fraction(),
                    seeds_done: done,
                    seeds: sweep.seeds(),
                    runs: done,
                }
            }
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
            Job::Sweep(sweep) => sweep.is_done(),
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
            Job::Capacity(search) => Ok(Finished::Capacity(Box::new(search.finish()))),
        }
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
        let work = Work::Sweep {
            design: DesignText::of(&design),
            users: 1_000,
            first_seed: 3,
            seeds: 3,
            duration_s: 2.0,
        };
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
    fn a_refused_job_says_why_in_the_cores_words() {
        let design = pinterest();
        let too_many = Work::Sweep {
            design: DesignText::of(&design),
            users: 1_000,
            first_seed: 0,
            seeds: 0,
            duration_s: 2.0,
        };
        let refused = Job::start(&too_many).err().unwrap_or_default();
        assert!(refused.contains("seed"), "{refused}");
    }
}
