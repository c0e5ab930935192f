//! Every core error that quotes a reader's text quotes it through `text::quote`: a megabyte of it
//! gives a short message with its length, and a bidi override is named, not echoed.

use shardlab_core::layout::{
    parse_iso_utc, BitLayout, Field, FieldRole, HostPair, Preset, ShardMap, ShardRange,
};
use shardlab_core::placement::SchemeSpec;
use shardlab_core::sim::{preset, validate, Edge};

/// A megabyte of `x`.
fn megabyte() -> String {
    "x".repeat(1_048_576)
}

/// The messages each error gives for `value`.
fn messages(value: &str) -> Vec<String> {
    let mut messages = Vec::new();
    if let Err(err) = BitLayout::new(vec![Field::new(value, 8, FieldRole::Other)]) {
        messages.push(err.to_string());
    }
    if let Err(err) = Preset::from_name(value) {
        messages.push(err.to_string());
    }
    if let Err(err) = SchemeSpec::from_name(value, 100) {
        messages.push(err.to_string());
    }
    if let Err(err) = parse_iso_utc(value) {
        messages.push(err.to_string());
    }
    if let Err(err) = ShardMap::new(vec![ShardRange::new(0, 7, HostPair::new(value, value))]) {
        messages.push(err.to_string());
    }
    if let Err(err) = Preset::Pinterest.layout().compose_named([(value, 1)]) {
        messages.push(err.to_string());
    }
    if let Some(found) = preset("pinterest") {
        let mut design = found.design;
        design.edges.push(Edge {
            from: value.to_owned(),
            to: "db".to_owned(),
        });
        messages.extend(validate(&design).iter().map(ToString::to_string));
    }
    messages
}

#[test]
fn a_megabyte_value_gives_short_messages_with_its_length() {
    let messages = messages(&megabyte());
    assert_eq!(messages.len(), 7, "{messages:?}");
    for message in messages {
        let start: String = message.chars().take(300).collect();
        assert!(message.chars().count() < 300, "{start}");
        assert!(message.contains("(1,048,576 characters)"), "{message}");
    }
}

#[test]
fn a_bidi_override_is_named_by_code_point() {
    let messages = messages("invoice\u{202E}nosj");
    assert_eq!(messages.len(), 7, "{messages:?}");
    for message in messages {
        assert!(message.contains("invoiceU+202Enosj"), "{message}");
        assert!(!message.contains('\u{202E}'), "{message}");
    }
}
