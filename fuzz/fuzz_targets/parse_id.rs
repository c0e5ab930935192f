#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| shardlab_fuzz::parse_id(data));
