//! Lookup time per scheme, measured in this browser: the literature's "lookup ns" beside the
//! Ring's metric table (issue 21 §3). The core reads no clock, so the app times the core's
//! [`Placement::locate`] over one batch of pre-hashed keys, again and again for a window of a few
//! milliseconds, each window in a task of its own; a scheme's figure is the median of its windows.
//! The benches race the same lookups against peer crates (BENCHMARKS.md); this is the reader's own
//! device, under whatever else it is doing.

use shardlab_core::placement::{
    BoxedPlacement, KeyStream, Maglev, MaglevFill, Placement, SchemeSpec, ServerList,
};
use shardlab_core::stepped::Stepped;

use crate::jobs::pacing::{SLICE_MS, UNITS_PER_LOOK};
use crate::jobs::slicer::{clock, next_task, Ticket};

/// How long one window locates keys for, in milliseconds: thirty times Chromium's coarsest
/// timer step (100 µs), so a window's rounding is a few per cent at most.
pub const WINDOW_MS: f64 = 3.0;
/// Windows per scheme; the median is shown, so one window that a garbage collection or another
/// tab interrupts does not decide the figure.
pub const WINDOWS: usize = 3;
/// Keys per batch: the clock is read once per batch.
const BATCH: u64 = 1_024;

/// Nanoseconds per lookup of `placement` over one window: the batch located again and again until
/// [`WINDOW_MS`] has passed on `now`'s clock (milliseconds).
pub fn time_window(placement: &dyn Placement, keys: &[u64], now: &dyn Fn() -> f64) -> f64 {
    let start = now();
    let mut lookups: u64 = 0;
    let mut owners: u32 = 0;
    loop {
        for &key in keys {
            owners = owners.wrapping_add(placement.locate(key).0);
        }
        lookups = lookups.saturating_add(keys.len() as u64);
        let elapsed = now() - start;
        if elapsed >= WINDOW_MS || keys.is_empty() {
            // The owners are used, so the lookups cannot be optimised away.
            std::hint::black_box(owners);
            return elapsed * 1e6 / lookups.max(1) as f64;
        }
    }
}

/// The median of some windows' figures (the upper one of an even count): the figure with fewer
/// than half of the others above it and at most half below. Found by counting, not sorting, as
/// there are only a few windows (a sort instance would cost the page more than this).
pub fn median(samples: &[f64]) -> Option<f64> {
    let half = samples.len() / 2;
    samples.iter().copied().find(|&x| {
        let below = samples.iter().filter(|&&y| y < x).count();
        let equal = samples.iter().filter(|&&y| y == x).count();
        below <= half && below.saturating_add(equal) > half
    })
}

/// Times each of `specs` over `servers`, one window per task, and calls `show` after each scheme
/// with every scheme's figure so far (in nanoseconds; `None` while not timed, or when the scheme
/// refuses the servers) and whether that was the last. Stops when `ticket` is no longer current.
pub fn time_schemes(
    specs: Vec<SchemeSpec>,
    servers: ServerList,
    ticket: Ticket,
    show: impl Fn(Vec<Option<f64>>, bool) + 'static,
) {
    let keys: Vec<u64> = KeyStream::new(1).take_keys(BATCH).collect();
    let timing = Timing {
        figures: vec![None; specs.len()],
        specs,
        servers,
        keys,
        scheme: 0,
        built: None,
        filling: None,
        samples: Vec::new(),
    };
    next_task(move || timing.window(ticket, Box::new(show)));
}

struct Timing {
    specs: Vec<SchemeSpec>,
    servers: ServerList,
    keys: Vec<u64>,
    figures: Vec<Option<f64>>,
    /// The scheme being timed, its placement once built, and its windows so far.
    scheme: usize,
    built: Option<BoxedPlacement>,
    /// Maglev's table while it fills, a slice per task: at a million slots it is hundreds of
    /// milliseconds of work.
    filling: Option<MaglevFill>,
    samples: Vec<f64>,
}

impl Timing {
    fn window(mut self, ticket: Ticket, show: Box<dyn Fn(Vec<Option<f64>>, bool)>) {
        if !ticket.is_current() {
            return;
        }
        let Some(&spec) = self.specs.get(self.scheme) else {
            return;
        };
        if self.built.is_none() && self.samples.is_empty() {
            match self.build(&spec) {
                Built::Placement(placement) => self.built = Some(placement),
                Built::Filling => {
                    next_task(move || self.window(ticket, show));
                    return;
                }
                // A scheme that refuses the servers has no lookup to time.
                Built::Refused => self.samples = vec![f64::NAN; WINDOWS],
            }
        }
        if let Some(placement) = &self.built {
            self.samples
                .push(time_window(placement.as_ref(), &self.keys, &clock));
        }
        if self.samples.len() >= WINDOWS {
            let figure = median(&std::mem::take(&mut self.samples)).filter(|ns| ns.is_finite());
            if let Some(slot) = self.figures.get_mut(self.scheme) {
                *slot = figure;
            }
            self.scheme = self.scheme.saturating_add(1);
            show(self.figures.clone(), self.scheme >= self.specs.len());
            self.built = None;
        }
        next_task(move || self.window(ticket, show));
    }

    /// The scheme's placement; Maglev's after its table has filled over as many tasks as it
    /// takes, a slice each.
    fn build(&mut self, spec: &SchemeSpec) -> Built {
        let SchemeSpec::Maglev { table_size } = *spec else {
            return spec
                .build(self.servers.clone())
                .map_or(Built::Refused, Built::Placement);
        };
        let fill = match self.filling.take() {
            Some(fill) => Ok(fill),
            None => MaglevFill::new(&self.servers, table_size),
        };
        let Ok(mut fill) = fill else {
            return Built::Refused;
        };
        let start = clock();
        while !fill.step(UNITS_PER_LOOK).is_done() {
            if clock() - start >= SLICE_MS {
                self.filling = Some(fill);
                return Built::Filling;
            }
        }
        Maglev::from_table(self.servers.clone(), fill.finish())
            .map_or(Built::Refused, |maglev| Built::Placement(Box::new(maglev)))
    }
}

/// A scheme's placement for timing, or why there is none yet.
enum Built {
    Placement(BoxedPlacement),
    /// Maglev's table is still filling.
    Filling,
    Refused,
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use shardlab_core::placement::{Mod, ServerList};

    use super::*;

    /// A clock that moves 1 ms per reading: the window reads it once at its start and once per
    /// batch, so it ends after three batches, and 3 ms over 3 × 1,024 lookups is 976.5625 ns.
    #[test]
    fn a_window_divides_its_time_by_its_lookups() {
        let placement = Mod::new(ServerList::uniform(4).unwrap_or_else(|_| unreachable!()));
        let keys: Vec<u64> = (0..BATCH).collect();
        let ticks = Cell::new(0.0);
        let clock = || {
            ticks.set(ticks.get() + 1.0);
            ticks.get()
        };
        let ns = time_window(&placement, &keys, &clock);
        assert_eq!(ns, 3.0 * 1e6 / (3.0 * 1_024.0));
    }

    #[test]
    fn the_median_ignores_one_slow_window() {
        assert_eq!(median(&[12.0, 400.0, 11.0]), Some(12.0));
        assert_eq!(median(&[5.0, 5.0, 1.0]), Some(5.0));
        assert_eq!(median(&[2.0, 1.0, 4.0, 3.0]), Some(3.0));
        assert_eq!(median(&[]), None);
    }
}
