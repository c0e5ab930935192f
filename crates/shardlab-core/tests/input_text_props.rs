//! Property tests of the JSON depth rule (`input_text`): nesting built up to 1,000,000 levels of
//! arrays and objects, with strings between them that hold brackets, escaped quotes and escaped
//! backslashes, is measured exactly, refused exactly past the limit, and agrees with serde_json
//! wherever serde_json can parse it (up to its own limit of 128).

// Native only: proptest needs getrandom, which wasm32 would need wired to JS.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use serde_json::Value;
use shardlab_core::input_text::{check_json_depth, json_depth, strip_bom, MAX_JSON_DEPTH};

/// One level of nesting as text: what opens it (ready for a value) and what closes it.
const LEVELS: [(&str, &str); 5] = [
    ("[", "]"),
    (r#"{"k":"#, "}"),
    // A string of brackets and an escaped quote before the nested value.
    (r#"["[{\"]]}",  "#, "]"),
    // A key that ends in an escaped backslash, so the quote after it does close it.
    (r#"{"\\":"#, "}"),
    // A key with brackets, and a sibling string after the nested value.
    (r#"{"]}[{": "#, r#", "x": "]}"}"#),
];

/// `depth` levels around a `1`, the level kinds taken in turn from `pattern`.
fn nested(depth: usize, pattern: &[usize]) -> String {
    let level = |i: usize| {
        let kind = pattern.get(i % pattern.len().max(1)).copied().unwrap_or(0);
        LEVELS[kind % LEVELS.len()]
    };
    let mut text = String::with_capacity(depth * 12 + 1);
    for i in 0..depth {
        text.push_str(level(i).0);
    }
    text.push('1');
    for i in (0..depth).rev() {
        text.push_str(level(i).1);
    }
    text
}

/// The depth of a parsed value, measured without recursion.
fn value_depth(value: &Value) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 0usize)];
    while let Some((value, depth)) = stack.pop() {
        let children: Vec<&Value> = match value {
            Value::Array(items) => items.iter().collect(),
            Value::Object(members) => members.values().collect(),
            _ => continue,
        };
        deepest = deepest.max(depth + 1);
        stack.extend(children.into_iter().map(|child| (child, depth + 1)));
    }
    deepest
}

fn depths() -> impl Strategy<Value = usize> {
    prop_oneof![
        0..=200usize,
        (MAX_JSON_DEPTH - 2)..=(MAX_JSON_DEPTH + 2),
        0..=1_000_000usize,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn nesting_is_measured_exactly_and_refused_past_the_limit(
        depth in depths(),
        pattern in prop::collection::vec(0..LEVELS.len(), 1..6),
    ) {
        let text = nested(depth, &pattern);
        prop_assert_eq!(json_depth(text.as_bytes()).deepest, depth);
        match check_json_depth(&text) {
            Ok(found) => {
                prop_assert!(depth <= MAX_JSON_DEPTH);
                prop_assert_eq!(found, depth);
            }
            Err(too_deep) => {
                prop_assert!(depth > MAX_JSON_DEPTH);
                prop_assert_eq!((too_deep.depth, too_deep.limit), (depth, MAX_JSON_DEPTH));
                // It points at the bracket that opened level limit + 1.
                let before = text.get(..too_deep.at).unwrap_or_default();
                prop_assert_eq!(json_depth(before.as_bytes()).deepest, MAX_JSON_DEPTH);
                let opener = text.as_bytes().get(too_deep.at).copied();
                prop_assert!(opener == Some(b'[') || opener == Some(b'{'), "{:?}", opener);
            }
        }
        // Where serde_json reads it, it agrees, and so does a text with a byte-order mark.
        if depth <= 100 {
            let value: Value = serde_json::from_str(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(value_depth(&value), depth);
            let marked = format!("\u{FEFF}{text}");
            prop_assert_eq!(strip_bom(&marked), text.as_str());
        }
    }
}

#[test]
fn a_million_levels_are_measured_in_one_pass() {
    let text = nested(1_000_000, &[0, 1, 2, 3, 4]);
    let refused = check_json_depth(&text).err();
    assert_eq!(refused.map(|r| r.depth), Some(1_000_000));
}
