//! The Board's simulator in a Web Worker, so a run, a seed sweep or a capacity search never
//! blocks the page (issue 23 §5).
//!
//! - [`protocol`]: the messages, shared by the page and the worker.
//! - [`codec`]: their form on the wire.
//! - [`job`]: the core job in the worker's hand, stepped a slice at a time (pure, tested natively).
//! - [`pace`]: how long a slice is and how often progress is reported (pure).
//! - [`worker`]: the gloo-worker itself; `main.rs` registers it.
//!
//! The page links this library for the messages and [`SimWorker`]'s spawner only, so the core's
//! simulator is in the worker's wasm and not in the page's.

pub mod codec;
pub mod job;
pub mod pace;
pub mod protocol;
pub mod worker;

pub use worker::SimWorker;

/// The loader trunk writes for the worker (`data-loader-shim`), relative to the page, which is
/// how gloo-worker resolves it: under a subpath an absolute path would miss. The loader is a
/// file of our own origin, as the page's `worker-src 'self'` requires (gloo-worker's plain
/// `spawn` makes a `blob:` URL, which that policy refuses).
pub const LOADER: &str = "shardlab-sim-worker_loader.js";
