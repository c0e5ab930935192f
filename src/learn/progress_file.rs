//! The reader's progress as a small JSON file they can keep or carry to another browser: what
//! "Export progress" writes and "Import progress" reads back. An import is all or nothing: a file
//! that is not progress changes nothing, and says why.

use serde_json::Value;
use shardlab_core::input_text::{check_json_depth, strip_bom, JsonTooDeep};
use shardlab_core::text::{quote, thousands};

use super::progress::ReaderProgress;
use crate::browser::json::Json;

/// The `format` every progress file names.
pub const FORMAT: &str = "shardlab-learn-progress";
/// The file version this build writes and reads.
pub const VERSION: u64 = 1;
/// The name an export is offered under.
pub const FILE_NAME: &str = "shardlab-learn-progress.json";

pub use shardlab_core::course::MAX_PROGRESS_FILE_BYTES;

/// Why a file was not imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// The text nests deeper than the core's limit, so it was not parsed.
    TooDeep(JsonTooDeep),
    /// The text is not a JSON object.
    NotJson,
    /// A JSON object, but not one of our progress files.
    NotProgress,
    /// A progress file from a newer build.
    NewerVersion(u64),
}

impl ImportError {
    /// The message shown beside the import button, naming the file.
    pub fn message(&self, file: &str) -> String {
        let file = quote(file);
        match self {
            ImportError::TooDeep(too_deep) => {
                format!("{file} {too_deep}. Your progress is unchanged.")
            }
            ImportError::NotJson => format!("{file} is not a progress file: it is not JSON. Your progress is unchanged."),
            ImportError::NotProgress => format!(
                "{file} is JSON but not shardlab Learn progress (it lacks \"format\": \"{FORMAT}\"). Your progress is unchanged."
            ),
            ImportError::NewerVersion(v) => format!(
                "{file} was saved by a newer shardlab (version {v}); this one reads version {VERSION}. Your progress is unchanged."
            ),
        }
    }
}

/// The message for a file over [`MAX_PROGRESS_FILE_BYTES`].
pub fn too_large_message(file: &str, bytes: u64) -> String {
    format!(
        "{} is {} bytes; a progress file is at most {} bytes. Your progress is unchanged.",
        quote(file),
        thousands(bytes),
        thousands(MAX_PROGRESS_FILE_BYTES)
    )
}

/// The progress as the exported file's text: the stored text with the file's `format` and
/// `version` first (spliced in by hand: a JSON value tree would cost the page more than the file).
pub fn to_file_text(progress: &ReaderProgress) -> String {
    let stored = progress.to_text();
    let fields = stored
        .strip_prefix('{')
        .and_then(|rest| rest.strip_suffix('}'))
        .unwrap_or_default();
    let comma = if fields.is_empty() { "" } else { "," };
    format!("{{\"format\":\"{FORMAT}\",\"version\":{VERSION}{comma}{fields}}}\n")
}

/// Reads an exported file back. Its fields are read the way stored progress is (one bad value
/// drops only itself); the file must name our format and a version this build reads. A leading
/// byte-order mark is dropped, and a file nested past the core's limit is refused unparsed.
pub fn from_file_text(text: &str) -> Result<ReaderProgress, ImportError> {
    let text = strip_bom(text);
    check_json_depth(text).map_err(ImportError::TooDeep)?;
    let value: Value = Json::parse(text)
        .and_then(|json| json.read())
        .map_err(|_| ImportError::NotJson)?;
    let object = value.as_object().ok_or(ImportError::NotJson)?;
    if object.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(ImportError::NotProgress);
    }
    match object.get("version").and_then(Value::as_u64) {
        Some(VERSION) => {}
        Some(newer) if newer > VERSION => return Err(ImportError::NewerVersion(newer)),
        _ => return Err(ImportError::NotProgress),
    }
    ReaderProgress::parse(text).ok_or(ImportError::NotJson)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::progress::guess_key;

    fn some_progress() -> ReaderProgress {
        let mut p = ReaderProgress::default();
        p.mark("mod-n", "read-moved", &["read-moved", "why-eighty"]);
        p.mark("ring", "grow", &["grow"]);
        p.last = Some("ring".into());
        p.seed = Some(12_345);
        p.guesses.insert(guess_key("ring", "predict-ring"), 200);
        p
    }

    /// The stored progress and its file nest far below the readers' JSON limit
    /// (`shardlab_core::input_text::MAX_JSON_DEPTH`): 3 deep at most.
    #[test]
    fn the_progress_nests_far_below_the_json_limit() {
        use shardlab_core::input_text::{json_depth, MAX_JSON_DEPTH};

        let p = some_progress();
        let written = [p.to_text(), to_file_text(&p)];
        let deepest = written
            .iter()
            .map(|text| json_depth(text.as_bytes()).deepest)
            .max();
        assert_eq!(deepest, Some(3), "{written:?}");
        assert!(deepest.unwrap_or(usize::MAX) * 16 <= MAX_JSON_DEPTH);
    }

    #[test]
    fn an_export_imports_back_to_the_same_progress() {
        let p = some_progress();
        let text = to_file_text(&p);
        assert!(
            text.contains("\"format\":\"shardlab-learn-progress\""),
            "{text}"
        );
        assert!(text.len() < 1_000, "{} bytes", text.len());
        assert_eq!(from_file_text(&text), Ok(p));
        assert_eq!(
            from_file_text(&to_file_text(&ReaderProgress::default())),
            Ok(ReaderProgress::default())
        );
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        assert_eq!(from_file_text("not json"), Err(ImportError::NotJson));
        assert_eq!(from_file_text("[1, 2]"), Err(ImportError::NotJson));
        // Stored progress without the file's header is not a file; nor is another tool's JSON.
        let bare = some_progress().to_text();
        assert_eq!(from_file_text(&bare), Err(ImportError::NotProgress));
        assert_eq!(
            from_file_text(r#"{"format":"shardlab-design","version":1}"#),
            Err(ImportError::NotProgress)
        );
        assert_eq!(
            from_file_text(r#"{"format":"shardlab-learn-progress","version":"1"}"#),
            Err(ImportError::NotProgress)
        );
        assert_eq!(
            from_file_text(r#"{"format":"shardlab-learn-progress","version":9}"#),
            Err(ImportError::NewerVersion(9))
        );
        let message = ImportError::NewerVersion(9).message("p.json");
        assert!(
            message.contains("version 9") && message.contains("unchanged"),
            "{message}"
        );
        assert!(too_large_message("big.json", 70_000).contains("70,000 bytes"));
        // The issue's 10 kB file of 5,000 nested arrays in a field this build does not know.
        let deep = format!(
            r#"{{"format":"shardlab-learn-progress","version":1,"future":{}{}}}"#,
            "[".repeat(5_000),
            "]".repeat(5_000)
        );
        let refused = from_file_text(&deep).unwrap_err();
        assert!(matches!(refused, ImportError::TooDeep(t) if t.depth == 5_001));
        assert_eq!(
            refused.message("p.json"),
            "\"p.json\" nests 5,001 levels deep; shardlab reads at most 64. Your progress is \
             unchanged."
        );
        // Excel and Notepad may start a file with a byte-order mark.
        let with_bom = format!("\u{FEFF}{}", to_file_text(&some_progress()));
        assert_eq!(from_file_text(&with_bom), Ok(some_progress()));
        // Fields a file gets wrong drop alone; the rest imports.
        let text = r#"{"format":"shardlab-learn-progress","version":1,"done":{"ring":["grow"],"nope":["x"]},"seed":"x"}"#;
        let p = from_file_text(text).unwrap();
        assert!(p.is_done("ring", "grow"));
        assert_eq!((p.done.len(), p.seed), (1, None));
    }
}
