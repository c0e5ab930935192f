//! Determinism, natively: every seeded output of the core, rendered with each `f64` as its bits,
//! must equal the committed fixture, which `tests/wasm.rs` checks in Chromium too (issues 5 and 8).
//!
//! After an intended change of the numbers, regenerate the fixture with
//! `SHARDLAB_BLESS=1 cargo test -p shardlab-core --test determinism` and review the diff.

#[path = "common/determinism.rs"]
mod determinism;

#[test]
fn every_seeded_output_matches_the_fixture_bit_for_bit() {
    let actual = determinism::canonical();
    if std::env::var_os("SHARDLAB_BLESS").is_some() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/determinism.txt"
        );
        if let Err(e) = std::fs::write(path, &actual) {
            panic!("could not write {path}: {e}");
        }
        return;
    }
    if let Some(difference) = determinism::first_difference(determinism::FIXTURE, &actual) {
        panic!(
            "the core's seeded outputs changed ({difference}); if that was intended, regenerate \
             with SHARDLAB_BLESS=1 cargo test -p shardlab-core --test determinism"
        );
    }
}

#[test]
fn the_rendering_tells_one_bit_apart() {
    // 0.1 and the next f64 up print alike at low precision; the canonical text must not.
    let mut a = String::new();
    let mut b = String::new();
    determinism::render_for_test(&mut a, "x", &0.1f64);
    determinism::render_for_test(&mut b, "x", &f64::from_bits(0.1f64.to_bits() + 1));
    assert_ne!(a, b);
    assert!(determinism::first_difference(&a, &b).is_some());
}
