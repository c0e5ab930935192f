//! The simulator against queueing theory: an App Server tier alone, checked against Erlang C.
//!
//! With only the App Server tier (one copy, `c` cores, exponential service, Poisson arrivals, no
//! queue bound and no timeout) the simulation is an M/M/c queue, whose mean and p99 response times
//! have closed forms ([`super::queueing`]). [`erlang_c_check`] runs that design and returns both
//! sides; the core's tests hold the simulator to them and `cargo xtask bench` prints them as the
//! "DES p99 ÷ Erlang C p99" table (issue 7, "Limits").

use serde::Serialize;

use super::des::Simulation;
use super::model::{Model, NodeIds, StationModel};
use super::queueing::{mmc_mean_response, mmc_response_quantile};
use super::validate::{SimError, MAX_DURATION_S, MAX_SIM_REQUESTS};
use crate::stepped::Stepped;

/// The utilisations of the bench table: ρ = 0.5, 0.8 and 0.9.
pub const ERLANG_C_TABLE_RHOS: [f64; 3] = [0.5, 0.8, 0.9];
/// Cores of the App Server in the bench table (a large instance).
pub const ERLANG_C_TABLE_SERVERS: u32 = 8;
/// Mean service time in the bench table and the core's tests, in seconds.
pub const ERLANG_C_SERVICE_S: f64 = 0.000_5;
/// Requests per row of the bench table (the issue asks for at least 1 M).
pub const ERLANG_C_TABLE_REQUESTS: f64 = 1_050_000.0;
/// Seed of the bench table.
pub const ERLANG_C_TABLE_SEED: u64 = 42;
/// The most cores the reference tier accepts (the board's largest instance has 16; Erlang C's
/// recurrence is exact far beyond that).
pub const MAX_REFERENCE_SERVERS: u32 = 1_024;

/// A design that is only an App Server tier: one copy, `servers` cores, exponential service with
/// mean `service_s` seconds, Poisson arrivals at utilisation `rho`, no queue bound, no timeout, no
/// load balancer, no cache and no database. Refuses inputs that would not make a stable M/M/c
/// queue: `servers` must be 1 … [`MAX_REFERENCE_SERVERS`], `service_s` positive and finite, and
/// `rho` strictly between 0 and 1.
pub fn app_tier_only(servers: u32, service_s: f64, rho: f64) -> Result<Model, SimError> {
    if servers == 0 || servers > MAX_REFERENCE_SERVERS {
        return Err(SimError::Reference(format!(
            "servers is {servers}; accepted 1 … {MAX_REFERENCE_SERVERS}"
        )));
    }
    if !(service_s.is_finite() && service_s > 0.0) {
        return Err(SimError::Reference(format!(
            "service time is {service_s} s; it must be a positive number"
        )));
    }
    if !(rho > 0.0 && rho < 1.0) {
        return Err(SimError::Reference(format!(
            "utilisation ρ is {rho}; accepted strictly between 0 and 1"
        )));
    }
    let name = |s: &str| s.to_owned();
    Ok(Model {
        users: 1,
        arrival_rate: rho * f64::from(servers) / service_s,
        read_fraction: 1.0,
        zipf_exponent: 0.0,
        catalogue_objects: 1,
        user_skew: 0.0,
        // Apdex needs a threshold; ten mean service times keeps it out of the comparison.
        apdex_t_s: 10.0 * service_s,
        timeout_s: f64::INFINITY,
        hop_s: 0.0,
        load_balancer: false,
        app: StationModel {
            servers,
            mean_service_s: service_s,
            queue_bound: u32::MAX,
        },
        app_copies: 1,
        cache: None,
        db: None,
        faults: Vec::new(),
        burn_per_s: 0.0,
        shard_host_per_s: 0.0,
        node_ids: NodeIds {
            users: name("users"),
            load_balancer: None,
            app: name("app"),
            cache: None,
            database: name("none"),
        },
    })
}

impl Simulation {
    /// A run of [`app_tier_only`] from `seed` for `duration_s` seconds of arrivals.
    pub fn app_tier_only(
        servers: u32,
        service_s: f64,
        rho: f64,
        seed: u64,
        duration_s: f64,
    ) -> Result<Simulation, SimError> {
        Simulation::from_model(app_tier_only(servers, service_s, rho)?, seed, duration_s)
    }
}

/// One simulated M/M/c queue beside its Erlang C figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ErlangCheck {
    /// Cores of the App Server.
    pub servers: u32,
    /// Utilisation λ / (c μ).
    pub rho: f64,
    /// Requests the simulation generated.
    pub requests: u64,
    /// Simulated mean response time, in ms.
    pub des_mean_ms: f64,
    /// Erlang C mean response time, in ms.
    pub erlang_mean_ms: f64,
    /// Simulated p99 response time, in ms.
    pub des_p99_ms: f64,
    /// Erlang C p99 response time, in ms.
    pub erlang_p99_ms: f64,
}

impl ErlangCheck {
    /// Simulated ÷ Erlang C mean.
    pub fn mean_ratio(&self) -> f64 {
        self.des_mean_ms / self.erlang_mean_ms
    }

    /// Simulated ÷ Erlang C p99.
    pub fn p99_ratio(&self) -> f64 {
        self.des_p99_ms / self.erlang_p99_ms
    }
}

/// Simulates [`app_tier_only`] with mean service [`ERLANG_C_SERVICE_S`] for about `requests`
/// requests from `seed`, and returns its mean and p99 beside Erlang C's. The arrival window is
/// `requests / λ` seconds, which must fit the simulator's 1 … 3,600 s and 20 M request limits.
pub fn erlang_c_check(
    servers: u32,
    rho: f64,
    requests: f64,
    seed: u64,
) -> Result<ErlangCheck, SimError> {
    let model = app_tier_only(servers, ERLANG_C_SERVICE_S, rho)?;
    let lambda = model.arrival_rate;
    if !(requests.is_finite() && requests > 0.0 && requests <= MAX_SIM_REQUESTS) {
        return Err(SimError::Reference(format!(
            "requests is {requests}; accepted 1 … 20,000,000"
        )));
    }
    let duration_s = requests / lambda;
    if duration_s > MAX_DURATION_S {
        return Err(SimError::Duration { duration_s });
    }
    let mut sim = Simulation::from_model(model, seed, duration_s)?;
    while !sim.step(1 << 20).is_done() {}
    let report = sim.report();
    let mu = 1.0 / ERLANG_C_SERVICE_S;
    Ok(ErlangCheck {
        servers,
        rho,
        requests: report.requests,
        des_mean_ms: report.outcome.mean_ms,
        erlang_mean_ms: mmc_mean_response(servers, lambda, mu) * 1_000.0,
        des_p99_ms: report.outcome.p99_ms,
        erlang_p99_ms: mmc_response_quantile(servers, lambda, mu, 0.99) * 1_000.0,
    })
}

/// The bench table: [`erlang_c_check`] at each of [`ERLANG_C_TABLE_RHOS`], with
/// [`ERLANG_C_TABLE_SERVERS`] cores, [`ERLANG_C_TABLE_REQUESTS`] requests and
/// [`ERLANG_C_TABLE_SEED`].
pub fn erlang_c_table() -> Result<Vec<ErlangCheck>, SimError> {
    ERLANG_C_TABLE_RHOS
        .iter()
        .map(|&rho| {
            erlang_c_check(
                ERLANG_C_TABLE_SERVERS,
                rho,
                ERLANG_C_TABLE_REQUESTS,
                ERLANG_C_TABLE_SEED,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_unstable_or_empty_queues() {
        for (servers, service_s, rho) in [
            (0, 0.001, 0.5),
            (MAX_REFERENCE_SERVERS + 1, 0.001, 0.5),
            (4, 0.0, 0.5),
            (4, f64::NAN, 0.5),
            (4, 0.001, 1.0),
            (4, 0.001, 0.0),
            (4, 0.001, f64::NAN),
        ] {
            assert!(
                matches!(
                    app_tier_only(servers, service_s, rho),
                    Err(SimError::Reference(_))
                ),
                "{servers} {service_s} {rho}"
            );
        }
        assert!(matches!(
            erlang_c_check(8, 0.5, 1e9, 1),
            Err(SimError::Reference(_))
        ));
        // 8 requests at 8,000/s is a millisecond of arrivals, under the 1 s minimum.
        assert!(matches!(
            erlang_c_check(8, 0.5, 8.0, 1),
            Err(SimError::Duration { .. })
        ));
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "3 M requests; run with --release")]
    fn the_bench_table_is_within_3_percent_up_to_rho_0_8() {
        let table = erlang_c_table().expect("runs");
        assert_eq!(table.len(), ERLANG_C_TABLE_RHOS.len());
        for row in table.iter().filter(|r| r.rho <= 0.8) {
            assert!(row.requests >= 1_000_000, "{row:?}");
            assert!((row.p99_ratio() - 1.0).abs() < 0.03, "{row:?}");
            assert!((row.mean_ratio() - 1.0).abs() < 0.03, "{row:?}");
        }
    }

    #[test]
    fn the_arrival_rate_gives_the_utilisation() {
        let model = app_tier_only(8, 0.000_5, 0.8).expect("valid");
        // λ / (c μ) = 12,800 / (8 × 2,000).
        assert!(
            (model.arrival_rate - 12_800.0).abs() < 1e-6,
            "{}",
            model.arrival_rate
        );
        assert!(model.db.is_none() && model.cache.is_none());
    }
}
