//! The worker's entry point: registers [`SimWorker`] with the page's codec.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;
    shardlab_sim_worker::SimWorker::registrar()
        .encoding::<shardlab_sim_worker::codec::Wire>()
        .register();
}

/// Natively there is no worker to register; the binary exists for the browser only.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
