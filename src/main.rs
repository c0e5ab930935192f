//! The shardlab web app's entry point; everything else lives in the library crate.

fn main() {
    shardlab::start();
}
