#![no_main]

// The checks use the app crate, so they are included here rather than in the `shardlab_fuzz` library.
#[path = "../src/url_state.rs"]
mod url_state;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| url_state::decoder_url(data));
