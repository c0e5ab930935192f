//! Reader-supplied text before any parser sees it: the byte-order mark an editor may put first,
//! and how deep JSON may nest.
//!
//! **The byte-order mark.** Excel's "CSV UTF-8", Notepad and some other editors start a file
//! with U+FEFF. It is not part of the text: read as such, a CSV header `id` became `U+FEFFid`
//! and the first ID of a plain list did not parse. Every place that reads text a reader pasted
//! or chose (a pile of IDs, a CSV, a layout, a design, a progress file) drops one leading mark
//! with [`strip_bom`] first. Only the first character: a mark anywhere else is the reader's
//! text, and the parsers name it.
//!
//! **JSON nesting.** The parsers behind a design, an autosave, Learn's progress and a layout
//! descend one call per level of arrays and objects, and the browser build's reader (the
//! browser's `JSON.parse`, then serde-wasm-bindgen) has no limit of its own: 10,000 nested
//! arrays in a 20 kB design overflowed the WebAssembly stack, and a page that read such a file
//! from storage never started. So every reader of untrusted JSON first measures its depth with
//! [`check_json_depth`], a loop over the bytes that keeps one counter (no recursion, no
//! allocation, linear time), and refuses anything deeper than [`MAX_JSON_DEPTH`] before any
//! recursive parser runs.
//!
//! Depth counts open arrays and objects: `1` is 0 deep, `[]` and `{}` 1, `{"a": [1]}` 2.
//! Brackets inside strings do not count; a string's escapes (`\"`, `\\`) are skipped so an
//! escaped quote does not end it. The scan does not check that the text is JSON (the parser
//! that follows does), so a stray closing bracket only lowers the count, never below 0, and an
//! unterminated string hides the rest of the text, which the parser then refuses.

use std::fmt;

use crate::text::thousands;

/// The byte-order mark: U+FEFF as the first character of a text.
pub const BOM: char = '\u{FEFF}';

/// `text` without a leading byte-order mark ([`BOM`]); any other text as it is.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// [`strip_bom`] for text still in bytes: a leading UTF-8 mark (`EF BB BF`) dropped.
pub fn strip_bom_bytes(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix("\u{FEFF}".as_bytes()).unwrap_or(bytes)
}

/// The deepest nesting of arrays and objects a reader of JSON accepts.
///
/// The deepest documents shardlab writes are a design (4 levels: the design, its node list, a
/// node, its settings) and a layout (4: the layout, its fields, a field, its time base); the
/// Learn snapshots, progress and the autosave are 2 to 3 (measured by `input_text::tests::what_shardlab_writes_nests_at_most_four_deep` and the app's
/// own tests): 64 leaves sixteen times that for files other tools or newer versions write. It
/// is half of serde_json's own limit (128), so the command line and the browser refuse the same
/// texts, and far below what overflowed the browser's stack (thousands of levels).
pub const MAX_JSON_DEPTH: usize = 64;

/// How deep a JSON text nests, as [`json_depth`] measures it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonDepth {
    /// The deepest nesting found: 0 for a lone value, 1 for `[]`.
    pub deepest: usize,
    /// The byte offset of the first bracket that went past [`MAX_JSON_DEPTH`], if any.
    pub first_over: Option<usize>,
}

/// Why a JSON text was refused before it was parsed: it nests deeper than [`MAX_JSON_DEPTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonTooDeep {
    /// How deep the text nests.
    pub depth: usize,
    /// The most a reader accepts ([`MAX_JSON_DEPTH`]).
    pub limit: usize,
    /// The byte offset of the first bracket past the limit.
    pub at: usize,
}

impl fmt::Display for JsonTooDeep {
    /// The refusal after its subject: "nests 10,000 levels deep; shardlab reads at most 64".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "nests {} levels deep; shardlab reads at most {}",
            thousands(u64::try_from(self.depth).unwrap_or(u64::MAX)),
            self.limit
        )
    }
}

/// Measures how deep `text` (JSON, as text or bytes) nests, in one pass with one counter.
///
/// Works on bytes: every byte the scan looks for (`"`, `\`, brackets) is ASCII, and no byte of a
/// multi-byte UTF-8 character is ASCII, so text and bytes measure alike.
pub fn json_depth(text: &[u8]) -> JsonDepth {
    let mut depth = 0usize;
    let mut measured = JsonDepth {
        deepest: 0,
        first_over: None,
    };
    let (mut in_string, mut escaped) = (false, false);
    for (at, &byte) in text.iter().enumerate() {
        if in_string {
            (in_string, escaped) = match (escaped, byte) {
                (true, _) => (true, false),
                (false, b'\\') => (true, true),
                (false, byte) => (byte != b'"', false),
            };
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                // At most one level per byte, so it cannot overflow; saturating says so.
                depth = depth.saturating_add(1);
                if depth > measured.deepest {
                    measured.deepest = depth;
                    if depth > MAX_JSON_DEPTH && measured.first_over.is_none() {
                        measured.first_over = Some(at);
                    }
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    measured
}

/// Refuses JSON that nests deeper than [`MAX_JSON_DEPTH`]; otherwise its depth. Every reader of
/// untrusted JSON calls this before it parses.
pub fn check_json_depth(text: impl AsRef<[u8]>) -> Result<usize, JsonTooDeep> {
    let measured = json_depth(text.as_ref());
    match measured.first_over {
        None => Ok(measured.deepest),
        Some(at) => Err(JsonTooDeep {
            depth: measured.deepest,
            limit: MAX_JSON_DEPTH,
            at,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(text: &str) -> usize {
        json_depth(text.as_bytes()).deepest
    }

    #[test]
    fn depth_counts_open_arrays_and_objects() {
        for (text, expected) in [
            ("", 0),
            ("1", 0),
            ("\"[[[\"", 0),
            ("[]", 1),
            ("{}", 1),
            (r#"{"a": [1]}"#, 2),
            (r#"[[1], [[2]], 3]"#, 3),
            (r#"{"a": {"b": {"c": []}}, "d": [[]]}"#, 4),
        ] {
            assert_eq!(depth(text), expected, "{text}");
        }
    }

    #[test]
    fn brackets_in_strings_and_escaped_quotes_do_not_count() {
        assert_eq!(depth(r#"["[[[{{{", "]]]"]"#), 1);
        // An escaped quote does not end the string; an escaped backslash before a quote does.
        assert_eq!(depth(r#"["a\"[[[", "b"]"#), 1);
        assert_eq!(depth(r#"["a\\", [[1]]]"#), 3);
        assert_eq!(depth(r#"["\\\"[", []]"#), 2);
        // Keys are strings too.
        assert_eq!(depth(r#"{"{[": {"]}": 1}}"#), 2);
        // Multi-byte characters (whose bytes are never ASCII) pass through.
        assert_eq!(depth("[\"é日本\", [\"\u{FEFF}[\"]]"), 2);
    }

    #[test]
    fn stray_closers_never_go_below_zero_and_unterminated_strings_hide_the_rest() {
        assert_eq!(depth("]]]]["), 1);
        assert_eq!(depth("}[[]"), 2);
        assert_eq!(depth(r#"["open [[[[[["#), 1);
    }

    #[test]
    fn the_limit_is_inclusive_and_the_refusal_says_where_and_how_deep() {
        let nested = |levels: usize| format!("{}{}", "[".repeat(levels), "]".repeat(levels));
        assert_eq!(check_json_depth(nested(MAX_JSON_DEPTH)), Ok(MAX_JSON_DEPTH));
        let over = format!(r#"{{"a": {}}}"#, nested(MAX_JSON_DEPTH + 10));
        let refused = check_json_depth(&over);
        assert_eq!(
            refused,
            Err(JsonTooDeep {
                depth: MAX_JSON_DEPTH + 11,
                limit: MAX_JSON_DEPTH,
                // `{"a": ` is 6 bytes, then the 64th array is at depth 65.
                at: 6 + MAX_JSON_DEPTH - 1,
            })
        );
        assert_eq!(over.as_bytes().get(6 + MAX_JSON_DEPTH - 1), Some(&b'['));
        let message = check_json_depth(nested(10_000))
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            message.as_deref(),
            Some("nests 10,000 levels deep; shardlab reads at most 64")
        );
    }

    #[test]
    fn a_leading_byte_order_mark_is_dropped_and_no_other() {
        assert_eq!(strip_bom("\u{FEFF}id,name"), "id,name");
        assert_eq!(strip_bom("\u{FEFF}\u{FEFF}1"), "\u{FEFF}1");
        assert_eq!(strip_bom("1\u{FEFF}"), "1\u{FEFF}");
        assert_eq!(strip_bom(""), "");
        assert_eq!(strip_bom("plain"), "plain");
        assert_eq!(strip_bom_bytes(b"\xEF\xBB\xBF{}"), b"{}");
        assert_eq!(strip_bom_bytes(b"\xEF\xBB{}"), b"\xEF\xBB{}");
    }

    /// The documents shardlab writes, measured: the designs and the layouts of every preset
    /// (the deepest, at 4). The app's own tests measure the autosave,
    /// progress and snapshots against the same limit.
    #[test]
    fn what_shardlab_writes_nests_at_most_four_deep() {
        let mut deepest = 0;
        for name in crate::sim::PRESET_NAMES {
            let design = crate::sim::preset(name).map(|p| p.design);
            let text = serde_json::to_string(&design).unwrap_or_default();
            deepest = deepest.max(depth(&text));
        }
        for preset in crate::layout::Preset::ALL {
            let text = serde_json::to_string(&preset.layout()).unwrap_or_default();
            deepest = deepest.max(depth(&text));
        }
        assert_eq!(deepest, 4);
        assert!(deepest * 16 <= MAX_JSON_DEPTH);
    }
}
