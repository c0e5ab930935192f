//! JSON text into the app's types: the one way a view reads a design file, a link's design or an
//! autosave, and Learn reads a view's snapshot or the reader's progress.
//!
//! In the page, the browser's `JSON.parse` reads the text and serde-wasm-bindgen turns the value
//! into the type. ECMAScript requires `JSON.parse` to round every number correctly, so a position
//! or a setting survives a link, a save or a file bit for bit, as serde_json's `float_roundtrip`
//! makes it natively (the `board_url` fuzzer once found a position that drifted by one ulp through
//! a link; see FUZZING.md). serde_json's parser and its correctly rounding tables then stay out of
//! the page: 15.4 kB brotli on the Board's (measured with wasm-opt -Oz and brotli 11), which its
//! size budget did not have. Natively (the CLI's
//! crate is not this one; here: tests and the fuzz replay) serde_json reads it.
//!
//! Neither reader may see text nested deeper than the core's limit
//! ([`shardlab_core::input_text::MAX_JSON_DEPTH`]): serde-wasm-bindgen descends one call per
//! level with no limit of its own, and 10,000 nested arrays overflowed the page's stack. So
//! [`Json::parse`] measures the depth first and refuses such text in words, whoever calls it;
//! readers that say more about it (the design's, progress's) check it themselves before.
//!
//! JSON numbers are doubles in the browser, so an integer above 2^53 would lose digits; no field
//! of a design or of progress is a 64-bit integer, the autosave keeps its numbers in strings, and
//! a snapshot's 64-bit numbers are read as the browser rounds them (`snapshot::browser_u64`). A
//! layout file (64-bit epochs) is read by serde_json for that reason.

use serde::de::DeserializeOwned;
use shardlab_core::input_text::check_json_depth;

/// A parsed JSON document, to be read as one or more types.
pub struct Json(
    #[cfg(target_arch = "wasm32")] wasm_bindgen::JsValue,
    #[cfg(not(target_arch = "wasm32"))] serde_json::Value,
);

impl Json {
    /// Parses `text`; the error is the parser's message when the text is not JSON, or says how
    /// deep it nests when that is past the limit (then it is not parsed at all).
    pub fn parse(text: &str) -> Result<Json, String> {
        if let Err(too_deep) = check_json_depth(text) {
            return Err(format!("it {too_deep}"));
        }
        #[cfg(target_arch = "wasm32")]
        {
            js_sys::JSON::parse(text).map(Json).map_err(|e| {
                e.dyn_ref::<js_sys::Error>().map_or_else(
                    || "not JSON".to_owned(),
                    |e| plain_words(&String::from(e.message())),
                )
            })
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            serde_json::from_str(text)
                .map(Json)
                .map_err(|e| e.to_string())
        }
    }

    /// The document read as a `T`; the error says what did not fit.
    pub fn read<T: DeserializeOwned>(&self) -> Result<T, String> {
        #[cfg(target_arch = "wasm32")]
        {
            // Its error is a JS `Error` ("Error: invalid type: JsValue(…)"): in plain words.
            serde_wasm_bindgen::from_value(self.0.clone()).map_err(|e| plain_words(&e.to_string()))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            T::deserialize(&self.0).map_err(|e| e.to_string())
        }
    }
}

/// The core's design reader ([`shardlab_core::sim::Design::from_json`]) parses with this one.
impl shardlab_core::sim::JsonParser for Json {
    type Text = str;
    type Document = Json;

    fn parse(text: &str) -> Result<Json, String> {
        Json::parse(text)
    }

    fn read<T: DeserializeOwned>(document: &Json) -> Result<T, String> {
        document.read()
    }
}

/// Parses `text` and reads it as a `T` in one step; the error is the parser's or the reader's.
pub fn from_text<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    Json::parse(text)?.read()
}

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::JsCast;

#[cfg(target_arch = "wasm32")]
use super::js_words::plain_words;

#[cfg(all(test, target_arch = "wasm32"))]
#[allow(clippy::unwrap_used)]
mod browser_tests {
    use super::*;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    wasm_bindgen_test_configure!(run_in_browser);

    #[derive(serde::Deserialize, Debug, PartialEq)]
    #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
    enum Shape {
        Dot { x: f64, n: u32 },
    }

    #[wasm_bindgen_test]
    fn the_browser_reads_long_decimals_correctly_rounded_and_tagged_enums() {
        for text in [
            format!("5{}.0", "2022202222".repeat(13)),
            "0.1000000000000000055511151231257827021181583404541015625".to_owned(),
            "2.2250738585072011e-308".to_owned(),
            "9007199254740993".to_owned(),
        ] {
            let expected: f64 = text.parse().unwrap();
            let read: Shape =
                from_text(&format!(r#"{{"kind": "dot", "x": {text}, "n": 3}}"#)).unwrap();
            let Shape::Dot { x, n } = read;
            assert_eq!((x.to_bits(), n), (expected.to_bits(), 3), "{text}");
        }
        assert!(from_text::<Shape>(r#"{"kind": "dot", "x": 1, "n": 2.5}"#).is_err());
        assert!(from_text::<Shape>(r#"{"kind": "square"}"#)
            .unwrap_err()
            .contains("square"));
        assert!(Json::parse("{nope").is_err());
    }

    /// 10,000 nested arrays overflowed serde-wasm-bindgen's descent; now they are refused first.
    #[wasm_bindgen_test]
    fn the_browser_refuses_deep_nesting_before_reading_it() {
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert!(from_text::<serde_json::Value>(&deep)
            .unwrap_err()
            .contains("10,000 levels"));
        let at_limit = format!("{}1{}", "[".repeat(64), "]".repeat(64));
        assert!(from_text::<serde_json::Value>(&at_limit).is_ok());
    }

    /// A node's settings are read by the core's own reader (not serde's derive); through
    /// serde-wasm-bindgen its messages are still serde's words.
    #[wasm_bindgen_test]
    fn node_settings_read_through_the_browser_in_serdes_words() {
        use shardlab_core::sim::design::{Node, NodeSettings, UsersSettings};
        let read = |settings: &str| {
            from_text::<Node>(&format!(r#"{{"id": "a", "settings": {settings}}}"#))
                .map(|node| node.settings)
        };
        assert_eq!(
            read(r#"{"count": 5, "kind": "users"}"#),
            Ok(NodeSettings::Users(UsersSettings {
                count: 5,
                ..UsersSettings::default()
            }))
        );
        assert_eq!(
            read(r#"{"kind": "load_balancer", "more": [1, {"a": null}]}"#),
            Ok(NodeSettings::LoadBalancer)
        );
        for (settings, message) in [
            (
                r#"{"kind": "users", "count": 1.5}"#,
                "invalid type: floating point `1.5`, expected u32",
            ),
            (
                r#"{"kind": "users", "count": -1}"#,
                "invalid value: integer `-1`, expected u32",
            ),
            (r#"{"count": 5}"#, "missing field `kind`"),
            (
                r#"{"kind": "robot"}"#,
                "unknown variant `robot`, expected one of `users`, `load_balancer`, \
                 `app_server`, `cache`, `database`",
            ),
            (
                r#"{"kind": "cache", "x": 1}"#,
                "unknown field `x`, expected one of `engine`, `strategy`, `ttl_s`, `size`",
            ),
            (
                r#"{"kind": "cache", "engine": "mysql"}"#,
                "unknown variant `mysql`, expected `memcached` or `redis`",
            ),
        ] {
            let error = read(settings).unwrap_err();
            assert!(error.ends_with(message), "{settings}: {error}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Point {
        x: f64,
        n: u32,
    }

    #[test]
    fn a_document_reads_as_its_type_and_says_what_does_not_fit() {
        let json = Json::parse(r#"{"x": 0.1, "n": 7}"#).unwrap();
        assert_eq!(json.read::<Point>(), Ok(Point { x: 0.1, n: 7 }));
        assert!(json.read::<Vec<u32>>().is_err());
        assert!(Json::parse("{nope").is_err());
        assert!(from_text::<Point>(r#"{"x": 1}"#).unwrap_err().contains('n'));
    }

    #[test]
    fn text_nested_past_the_limit_is_refused_in_words_before_it_is_parsed() {
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(
            Json::parse(&deep).err().as_deref(),
            Some("it nests 10,000 levels deep; shardlab reads at most 64")
        );
        let at_limit = format!("{}{}", "[".repeat(64), "]".repeat(64));
        assert!(Json::parse(&at_limit).is_ok());
        // One past it: serde_json alone (its limit is 128) would read it; the rule is one.
        let over = format!("[{at_limit}]");
        assert_eq!(
            Json::parse(&over).err().as_deref(),
            Some("it nests 65 levels deep; shardlab reads at most 64")
        );
    }

    #[test]
    fn long_decimals_are_read_correctly_rounded() {
        let text = format!("5{}.0", "2022202222".repeat(13));
        let expected: f64 = text.parse().unwrap();
        let read: Point = from_text(&format!(r#"{{"x": {text}, "n": 1}}"#)).unwrap();
        assert_eq!(read.x.to_bits(), expected.to_bits());
    }
}
