//! A message the browser or a JavaScript bridge wrote, in the page's plain words (issue 44 §4).
//!
//! In the page, a reader's text is parsed by `JSON.parse` and read by serde-wasm-bindgen
//! ([`super::json`]), and their messages reach the reader inside the app's own sentences ("This
//! JSON is not a shardlab design: …"). Both speak JavaScript: serde-wasm-bindgen's error is a JS
//! `Error` whose string form starts `Error: `, and a value of the wrong kind is named by its
//! `Debug` form, `JsValue(Object({"a":1}))` or `JsValue([1, 2])`; Firefox's parser starts
//! `JSON.parse: ` and WebKit's `JSON Parse error: `. [`plain_words`] keeps what the message says
//! and drops how JavaScript says it. It is plain text processing, so it is tested natively.

/// The names of JavaScript's error classes a message may start with (`SyntaxError: …`).
const ERROR_CLASSES: [&str; 7] = [
    "Error: ",
    "SyntaxError: ",
    "TypeError: ",
    "RangeError: ",
    "ReferenceError: ",
    "InternalError: ",
    "EvalError: ",
];

/// What parsers put before their own message (Firefox's and WebKit's `JSON.parse`).
const PARSER_PREFIXES: [&str; 2] = ["JSON.parse: ", "JSON Parse error: "];

/// `message` without JavaScript's wording: no error class in front, no parser name, and each
/// `JsValue(…)` replaced by what kind of value it is ("an object", "a list").
pub fn plain_words(message: &str) -> String {
    let mut rest = message.trim_start();
    // A wrapped error may carry its class twice ("Error: SyntaxError: …").
    while let Some(stripped) = ERROR_CLASSES
        .iter()
        .chain(PARSER_PREFIXES.iter())
        .find_map(|prefix| rest.strip_prefix(prefix))
    {
        rest = stripped.trim_start();
    }
    let mut out = String::with_capacity(rest.len());
    while let Some(start) = rest.find("JsValue(") {
        let (before, from) = rest.split_at(start);
        out.push_str(before);
        let inner = from.strip_prefix("JsValue(").unwrap_or_default();
        let (shown, after) = js_value_debug(inner);
        out.push_str(kind_of(shown));
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Splits the text after `JsValue(` into the value's `Debug` form and what follows its closing
/// parenthesis (everything, when the message was cut before it). Parentheses inside a JSON
/// string (`Object({"a":"(")`) do not count.
fn js_value_debug(inner: &str) -> (&str, &str) {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (at, c) in inner.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth = depth.saturating_add(1),
            ')' if depth == 0 => {
                let (shown, closing) = inner.split_at(at);
                return (shown, closing.strip_prefix(')').unwrap_or_default());
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    (inner, "")
}

/// The kind of value wasm-bindgen's `Debug` form `shown` names, in words.
fn kind_of(shown: &str) -> &'static str {
    let shown = shown.trim_start();
    if shown.starts_with('[') {
        "a list"
    } else if shown.starts_with("Object") || shown.starts_with('{') {
        "an object"
    } else if shown.starts_with("Function") {
        "a function"
    } else {
        "a value of another kind"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nothing of JavaScript's wording is left.
    fn assert_plain(words: &str) {
        for js in ["JsValue", "Error:", "JSON.parse", "JSON Parse error"] {
            assert!(!words.contains(js), "{words:?} still says {js:?}");
        }
    }

    #[test]
    fn serde_wasm_bindgens_wrong_kinds_are_named_in_words() {
        for (message, plain) in [
            (
                r#"Error: invalid type: JsValue(Object({"a":1})), expected a string"#,
                "invalid type: an object, expected a string",
            ),
            (
                "Error: invalid type: JsValue([1, [2, 3]]), expected u32",
                "invalid type: a list, expected u32",
            ),
            (
                r#"Error: invalid type: JsValue(Object({"a":")("})), expected a string"#,
                "invalid type: an object, expected a string",
            ),
            (
                "Error: invalid type: JsValue(Function(f)), expected a map",
                "invalid type: a function, expected a map",
            ),
            (
                "Error: invalid type: JsValue(Symbol(x)), expected a map",
                "invalid type: a value of another kind, expected a map",
            ),
            // Cut before its end (a long value): the rest is dropped, not shown half.
            (
                r#"Error: invalid type: JsValue(Object({"a":[1,2"#,
                "invalid type: an object",
            ),
        ] {
            let words = plain_words(message);
            assert_eq!(words, plain, "{message}");
            assert_plain(&words);
        }
    }

    #[test]
    fn the_browsers_parser_messages_lose_their_javascript_names() {
        for (message, plain) in [
            // Chromium
            (
                r#"SyntaxError: Unexpected token 'n', "{nope" is not valid JSON"#,
                r#"Unexpected token 'n', "{nope" is not valid JSON"#,
            ),
            // Firefox
            (
                "JSON.parse: unexpected character at line 1 column 2 of the JSON data",
                "unexpected character at line 1 column 2 of the JSON data",
            ),
            // WebKit
            (
                r#"JSON Parse error: Unexpected identifier "nope""#,
                r#"Unexpected identifier "nope""#,
            ),
            ("Error: SyntaxError: JSON.parse: x", "x"),
        ] {
            let words = plain_words(message);
            assert_eq!(words, plain, "{message}");
            assert_plain(&words);
        }
    }

    #[test]
    fn plain_messages_are_kept_as_they_are() {
        for message in [
            "missing field `kind`",
            "unknown variant `robot`, expected one of `users`, `cache`",
            "unknown variant `TypeError`, expected `users`",
            "",
        ] {
            assert_eq!(plain_words(message), message);
        }
    }
}
