//! Sliced jobs: the one way the app runs a core [`Stepped`](shardlab_core::stepped::Stepped) job
//! (the Ring's statistics, directory pinning and comparison sweeps, the Board's simulation) on the
//! main thread without blocking it.
//!
//! - [`pacing`]: the rule, pure and natively tested: how long a slice works, when a running job
//!   shows its progress, how much a job does between two looks at the clock.
//! - [`slicer`]: the web half: the clock, the timers, [`slicer::run`] and the [`slicer::Ticket`]
//!   that stops a superseded job.
//! - [`hook`]: [`hook::use_stepped_job`], which starts a job when its inputs change and stops it
//!   when they change again or the component goes.
//! - [`worker`]: [`worker::use_worker_job`], the same for a job in the simulator's Web Worker
//!   (the Board's runs and capacity search), which never runs on the main thread at all.
//! - [`finished`]: the last few finished results by their inputs, so a parameter set seen before
//!   is shown at once rather than run again.

pub mod finished;
pub mod hook;
pub mod pacing;
pub mod slicer;
pub mod worker;
